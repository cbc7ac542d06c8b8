// The float-order view (a view without a kernel trace): the same floats summed in different
// orders, each order's error in ulps on a log scale.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "panels.h"

namespace scanscope {

namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

Rgba ulp_color(double ulps) {
  if (ulps <= 1.0) return okabe_ito::bluish_green;
  if (ulps <= 100.0) return okabe_ito::orange;
  return okabe_ito::vermillion;
}

}  // namespace

void FloatOrderPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  FloatOrderView& v = s.float_order;
  Rect c = begin_panel("##floatorder", "Float order: the same " + std::to_string(v.n) + " floats, summed in different orders", r);
  const auto& kinds = float_order_kinds();
  ImGui::SetNextItemWidth(160 * ui.scale);
  if (ImGui::BeginCombo("data", kinds[std::clamp(v.kind, 0, static_cast<int>(kinds.size()) - 1)].c_str())) {
    for (int i = 0; i < static_cast<int>(kinds.size()); ++i)
      if (ImGui::Selectable(kinds[i].c_str(), i == v.kind)) v.kind = i;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("uniform: values in [0,1)\nmixed: a few large values among many small ones\ncancel: large values that cancel, small ones between");
  ImGui::SameLine();
  int seed = static_cast<int>(v.seed);
  ImGui::SetNextItemWidth(120 * ui.scale);
  if (ImGui::InputInt("seed", &seed) && seed >= 0) v.seed = static_cast<unsigned>(seed);
  update_float_order(s);
  const FloatOrderReport& rep = v.report;
  ImGui::SameLine();
  ImGui::Text("   accurate sum (compensated, double): %.10g", rep.accurate);
  if (!v.error.empty() || rep.sums.empty()) {
    ImGui::TextColored(ImVec4(1, 0.45f, 0.35f, 1), "%s", v.error.empty() ? "no sums" : v.error.c_str());
    end_panel();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = col(kDimText);
  ImFont* large = ui.fonts.large ? ui.fonts.large : ImGui::GetFont();
  ImFont* small = ui.fonts.small;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float top = p0.y + 6, bottom = c.bottom() - small->FontSize - 10;
  // Log scale: bar length = log10(1 + ulps) / log10(1 + ceiling), ceiling a power of ten.
  double worst = 1;
  for (const auto& f : rep.sums) worst = std::max(worst, f.ulps);
  const double ceiling = std::pow(10.0, std::ceil(std::log10(worst * 1.0001)));
  auto frac = [&](double u) { return static_cast<float>(std::log10(1 + u) / std::log10(1 + ceiling)); };
  float name_w = 0;
  for (const auto& f : rep.sums) name_w = std::max(name_w, text_width(f.method, large));
  name_w = std::min(name_w + 16, c.w * 0.32f);
  const float bar_x0 = c.x + name_w, bar_x1 = c.right() - 10;
  const int rows = static_cast<int>(rep.sums.size());
  const float row_h = (bottom - top) / std::max(1, rows);
  for (int i = 0; i < rows; ++i) {
    const FloatSum& f = rep.sums[i];
    const float y = top + i * row_h;
    const float bar_h = std::min(row_h * 0.42f, large->FontSize * 1.6f);
    // The name in the column left of the bars: the small font where the large one is too wide.
    const float name_room = name_w - 12;
    ImFont* nf = text_width(f.method, large) <= name_room ? large : small;
    dl->AddText(nf, nf->FontSize, ImVec2(c.x, y + (bar_h - nf->FontSize) / 2), text_col, fit_text(f.method, name_room, nf).c_str());
    const float len = std::max(2.0f, (bar_x1 - bar_x0) * frac(f.ulps));
    dl->AddRectFilled(ImVec2(bar_x0, y), ImVec2(bar_x0 + len, y + bar_h), col(ulp_color(f.ulps)), 3);
    // The value right of the bar, else inside it; the sum and error only where they fit too.
    const std::string ulps = (f.ulps < 10 ? fmt("%.2f", f.ulps) : fmt("%.0f", f.ulps)) + " ulps";
    const std::string detail = "   (sum " + fmt("%.9g", f.value) + ", error " + fmt("%.3g", f.abs_error) + ")";
    auto place = [&](const std::string& v, ImFont* font) {
      const float vw = text_width(v, font), ty = y + (bar_h - font->FontSize) / 2;
      if (bar_x0 + len + 8 + vw < bar_x1) {
        dl->AddText(font, font->FontSize, ImVec2(bar_x0 + len + 8, ty), text_col, v.c_str());
        return true;
      }
      if (vw + 16 < len) {
        dl->AddText(font, font->FontSize, ImVec2(bar_x0 + len - vw - 8, ty), col(text_on(ulp_color(f.ulps))), v.c_str());
        return true;
      }
      return false;
    };
    if (!place(ulps + detail, large) && !place(ulps + detail, small) && !place(ulps, large)) place(ulps, small);
    // What the order does, on the row's second line, across the panel.
    dl->AddText(small, small->FontSize, ImVec2(c.x, y + bar_h + 4), dim_col, fit_text(f.explanation, c.right() - 10 - c.x, small).c_str());
  }
  // The axis: 0, 1, 10, 100, ... ulps.
  const float ay = bottom + 4;
  dl->AddLine(ImVec2(bar_x0, ay), ImVec2(bar_x1, ay), dim_col);
  for (double t = 0; t <= ceiling; t = t == 0 ? 1 : t * 10) {
    const float x = bar_x0 + (bar_x1 - bar_x0) * frac(t);
    dl->AddLine(ImVec2(x, ay), ImVec2(x, ay + 4), dim_col);
    text_centered(dl, ImVec2(x, ay + 4 + small->FontSize / 2), dim_col, fmt("%.0f", t), small);
  }
  dl->AddText(small, small->FontSize, ImVec2(c.x, ay), dim_col, "error in ulps (log scale)");
  end_panel();
}

}  // namespace scanscope
