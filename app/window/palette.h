// The colours of the window, in one place: what a bank, a conflict degree, a read, a write, an
// active lane look like. Okabe-Ito hues and a viridis ramp, both safe for colour-blind viewers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  // Same packing as ImGui's IM_COL32.
  uint32_t u32() const { return static_cast<uint32_t>(r) | (static_cast<uint32_t>(g) << 8) | (static_cast<uint32_t>(b) << 16) | (static_cast<uint32_t>(a) << 24); }
  Rgba with_alpha(uint8_t alpha) const { return {r, g, b, alpha}; }
  bool operator==(const Rgba& o) const { return r == o.r && g == o.g && b == o.b && a == o.a; }
};

namespace okabe_ito {
constexpr Rgba black{0, 0, 0}, orange{230, 159, 0}, sky_blue{86, 180, 233}, bluish_green{0, 158, 115},
    yellow{240, 228, 66}, blue{0, 114, 178}, vermillion{213, 94, 0}, reddish_purple{204, 121, 167};
}

// Viridis, t in [0, 1].
Rgba viridis(float t);
Rgba mix(Rgba a, Rgba b, float t);
// Relative luminance in [0, 1]; text on a colour is black above 0.45, white below.
float luminance(Rgba c);
Rgba text_on(Rgba background);

// A bank's tint: viridis over the banks, lightened so black numbers stay legible on it.
Rgba bank_color(int bank, int banks);

// Conflict degree classes: 0 (no instruction), 1 (none), 2, 4, 8, 16, 32-way (degrees between two
// classes take the lower). One colour per class, one legend.
int degree_class(int degree);           // 0..6
Rgba degree_color(int degree);
std::string degree_class_label(int cls);  // "idle", "none", "2-way", ...
constexpr int kDegreeClasses = 7;
int degree_class_min(int cls);
// One more class for the heatmap and the scrub bar: a warp that only shuffled values between lanes
// (registers, no shared memory, so no bank conflict). Its colour and label follow the degree classes.
constexpr int kShuffleClass = 7;
constexpr int kHeatClasses = 8;
Rgba heat_class_color(int cls);
std::string heat_class_label(int cls);

// Meanings.
constexpr Rgba kReadColor = okabe_ito::blue;
constexpr Rgba kWriteColor = okabe_ito::vermillion;
constexpr Rgba kChangedColor = okabe_ito::orange;
constexpr Rgba kActiveLane = okabe_ito::bluish_green;
constexpr Rgba kIdleLane{85, 85, 85};
// Text: the main colour, and the dim one of labels, axis numbers, bank and warp names and ImGui's
// disabled text (one colour, written once: it was 170,170,180, 150,150,160, 160,160,170,
// 185,185,195 and 158,158,166 in five places); the rows of a tree not yet computed (readable on
// black from the back row, not 110,110,110).
constexpr Rgba kText{230, 230, 235};
constexpr Rgba kDimText{170, 170, 180};
constexpr Rgba kFutureText{140, 140, 145};
// The panels' titles and headings, and the lines a lesson cites in the code (amber: ImGui's 0.95,
// 0.75, 0.30 as bytes; it was written out in fifteen places, the code panel's one unit bluer).
constexpr Rgba kTitleText{242, 191, 77};
constexpr Rgba kCopyEdge = okabe_ito::reddish_purple;
constexpr Rgba kPaddingColor{60, 60, 60};
constexpr Rgba kRaceColor{255, 30, 50};  // raced words (Step::hazards): a red outline
constexpr Rgba kErrorColor{255, 90, 70};  // an error in a kernel's text: the editor's marks and status line
constexpr Rgba kCheckColor = okabe_ito::reddish_purple;  // a failed check of an exercise: its line in the editor, its sentence

}  // namespace scanscope
