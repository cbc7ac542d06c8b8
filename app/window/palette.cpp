// The window's colours (see palette.h).
#include "palette.h"

#include <algorithm>
#include <cmath>

namespace scanscope {

Rgba mix(Rgba a, Rgba b, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  auto m = [&](uint8_t x, uint8_t y) { return static_cast<uint8_t>(std::lround(x + (y - x) * t)); };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

Rgba viridis(float t) {
  static const Rgba stops[] = {{68, 1, 84}, {72, 40, 120}, {62, 74, 137}, {49, 104, 142}, {38, 130, 142},
                               {31, 158, 137}, {53, 183, 121}, {109, 205, 89}, {180, 222, 44}, {253, 231, 37}};
  t = std::clamp(t, 0.0f, 1.0f) * 9.0f;
  int i = std::min(8, static_cast<int>(t));
  return mix(stops[i], stops[i + 1], t - static_cast<float>(i));
}

float luminance(Rgba c) {
  auto lin = [](uint8_t v) {
    float s = v / 255.0f;
    return s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);
  };
  return 0.2126f * lin(c.r) + 0.7152f * lin(c.g) + 0.0722f * lin(c.b);
}

Rgba text_on(Rgba background) { return luminance(background) > 0.18f ? Rgba{0, 0, 0} : Rgba{255, 255, 255}; }

Rgba bank_color(int bank, int banks) {
  banks = std::max(1, banks);
  bank = ((bank % banks) + banks) % banks;
  float t = banks == 1 ? 0.0f : static_cast<float>(bank) / static_cast<float>(banks - 1);
  return mix(viridis(t), Rgba{255, 255, 255}, 0.45f);
}

int degree_class(int degree) {
  if (degree <= 0) return 0;
  int cls = 1;
  while (cls < 6 && degree >= (1 << cls)) ++cls;
  return cls;
}

int degree_class_min(int cls) { return cls <= 0 ? 0 : 1 << (cls - 1); }

Rgba degree_color(int degree) {
  static const Rgba colors[kDegreeClasses] = {
      {45, 45, 48},         // no instruction
      {0, 158, 115},        // none: bluish green
      {240, 228, 66},       // 2-way: yellow
      {230, 159, 0},        // 4-way: orange
      {213, 94, 0},         // 8-way: vermillion
      {204, 121, 167},      // 16-way: reddish purple
      {120, 28, 129},       // 32-way: deep purple
  };
  return colors[degree_class(degree)];
}

std::string degree_class_label(int cls) {
  if (cls <= 0) return "idle";
  if (cls == 1) return "none";
  return std::to_string(degree_class_min(cls)) + (cls == 6 ? "+-way" : "-way");
}

Rgba heat_class_color(int cls) {
  if (cls == kShuffleClass) return okabe_ito::sky_blue;
  return degree_color(degree_class_min(cls));
}

std::string heat_class_label(int cls) { return cls == kShuffleClass ? "shuffle (registers)" : degree_class_label(cls); }

}  // namespace scanscope
