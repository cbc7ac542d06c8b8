// Log-log line plots (see plot.h).
#include "plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui_common.h"

namespace scanscope {

int draw_log_plot(ImDrawList* dl, const Rect& r, const std::vector<PlotSeries>& series, const char* y_label, const char* unit) {
  double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
  for (const auto& s : series)
    for (auto [x, y] : s.points)
      if (x > 0 && y > 0) {
        xmin = std::min(xmin, x), xmax = std::max(xmax, x);
        ymin = std::min(ymin, y), ymax = std::max(ymax, y);
      }
  const ImU32 axis = IM_COL32(170, 170, 180, 255), grid = IM_COL32(70, 70, 78, 255);
  const float fh = ImGui::GetFontSize();
  const float left = text_width("0.0001") + 8, right = text_width("2^22") * 0.6f;
  const Rect p{r.x + left, r.y + fh + 4, r.w - left - right, r.h - 2.8f * fh - 8};
  dl->AddText(ImVec2(r.x, r.y), axis, y_label);
  if (xmax <= 0 || p.w < 40 || p.h < 40) {
    dl->AddText(ImVec2(p.x, p.y + p.h / 2), axis, "no points");
    return -1;
  }
  LogAxis ax = log_axis(xmin, xmax, 2), ay = log_axis(ymin, ymax, 10);
  auto X = [&](double v) { return p.x + ax.pos(v) * p.w; };
  auto Y = [&](double v) { return p.bottom() - ay.pos(v) * p.h; };
  char buf[64];
  for (double v : log_ticks(ax, 2, std::max(2, static_cast<int>(p.w / (3.5f * fh))))) {
    dl->AddLine(ImVec2(X(v), p.y), ImVec2(X(v), p.bottom()), grid);
    std::snprintf(buf, sizeof buf, "2^%d", static_cast<int>(std::lround(std::log2(v))));
    text_centered(dl, ImVec2(X(v), p.bottom() + fh * 0.75f), axis, buf);
  }
  for (double v : log_ticks(ay, 10, std::max(2, static_cast<int>(p.h / (1.5f * fh))))) {
    dl->AddLine(ImVec2(p.x, Y(v)), ImVec2(p.right(), Y(v)), grid);
    std::snprintf(buf, sizeof buf, "%g", v);
    dl->AddText(ImVec2(r.x, Y(v) - fh / 2), axis, buf);
  }
  text_centered(dl, ImVec2(p.x + p.w / 2, p.bottom() + fh * 1.9f), axis, "n (elements)");
  dl->AddRect(ImVec2(p.x, p.y), ImVec2(p.right(), p.bottom()), axis);
  for (const auto& s : series) {
    for (size_t i = 1; i < s.points.size(); ++i) {
      ImVec2 a(X(s.points[i - 1].first), Y(s.points[i - 1].second)), b(X(s.points[i].first), Y(s.points[i].second));
      if (s.dashed) {
        for (float t = 0; t < 1; t += 0.2f) {
          ImVec2 q0(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), q1(a.x + (b.x - a.x) * (t + 0.1f), a.y + (b.y - a.y) * (t + 0.1f));
          dl->AddLine(q0, q1, col(s.color), 2.0f);
        }
      } else {
        dl->AddLine(a, b, col(s.color), 2.5f);
      }
    }
    for (auto [x, y] : s.points) dl->AddCircleFilled(ImVec2(X(x), Y(y)), 3.0f, col(s.color));
  }
  // Read-out of the nearest point.
  ImVec2 m = ImGui::GetIO().MousePos;
  int best_s = -1;
  size_t best_i = 0;
  float best_d = 15.0f * 15.0f;
  if (r.contains(m.x, m.y))
    for (size_t si = 0; si < series.size(); ++si)
      for (size_t i = 0; i < series[si].points.size(); ++i) {
        float dx = X(series[si].points[i].first) - m.x, dy = Y(series[si].points[i].second) - m.y;
        if (dx * dx + dy * dy < best_d) best_d = dx * dx + dy * dy, best_s = static_cast<int>(si), best_i = i;
      }
  if (best_s >= 0) {
    const auto& pt = series[best_s].points[best_i];
    dl->AddCircle(ImVec2(X(pt.first), Y(pt.second)), 6.0f, IM_COL32(255, 255, 255, 255), 0, 2.0f);
    ImGui::SetTooltip("%s\nn = %.0f\n%.4g %s", series[best_s].name.c_str(), pt.first, pt.second, unit);
  }
  return best_s;
}

}  // namespace scanscope
