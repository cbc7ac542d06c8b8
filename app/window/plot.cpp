// Line plots for the timing panel (see plot.h).
#include "plot.h"
#include "formats/shown_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui_common.h"

namespace scanscope {

namespace {

constexpr float kPi = 3.14159265f;

// A polyline in screen space, dashed: `on` pixels drawn, `off` left out, continuing across points.
void dashed_polyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 c, float thick, float on, float off) {
  float phase = 0;  // distance into the current on+off period
  for (size_t i = 1; i < pts.size(); ++i) {
    ImVec2 a = pts[i - 1], b = pts[i];
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    float t = 0;
    while (t < len) {
      const bool drawing = phase < on;
      const float step = std::min(len - t, drawing ? on - phase : on + off - phase);
      if (drawing) {
        const ImVec2 p0(a.x + (b.x - a.x) * t / len, a.y + (b.y - a.y) * t / len), p1(a.x + (b.x - a.x) * (t + step) / len, a.y + (b.y - a.y) * (t + step) / len);
        dl->AddLine(p0, p1, c, thick);
      }
      t += step;
      phase = std::fmod(phase + step, on + off);
    }
  }
}

void stroke(ImDrawList* dl, const std::vector<ImVec2>& pts, const SeriesStyle& st, float fh) {
  const float thick = std::max(2.0f, 0.15f * fh);
  if (st.dashed) dashed_polyline(dl, pts, col(st.color), thick, 0.7f * fh, 0.4f * fh);
  else if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col(st.color), 0, thick);
}

}  // namespace

void draw_marker(ImDrawList* dl, ImVec2 c, float r, Marker m, ImU32 fill, ImU32 outline) {
  auto poly = [&](std::vector<ImVec2> v) {
    dl->AddConvexPolyFilled(v.data(), static_cast<int>(v.size()), fill);
    dl->AddPolyline(v.data(), static_cast<int>(v.size()), outline, ImDrawFlags_Closed, 1.5f);
  };
  switch (m) {
    case Marker::Circle:
      dl->AddCircleFilled(c, r, fill);
      dl->AddCircle(c, r, outline, 0, 1.5f);
      break;
    case Marker::Square: {
      const float h = r * 0.85f;
      poly({{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}});
      break;
    }
    case Marker::TriangleUp:
      poly({{c.x, c.y - 1.15f * r}, {c.x + r, c.y + 0.75f * r}, {c.x - r, c.y + 0.75f * r}});
      break;
    case Marker::TriangleDown:
      poly({{c.x - r, c.y - 0.75f * r}, {c.x + r, c.y - 0.75f * r}, {c.x, c.y + 1.15f * r}});
      break;
    case Marker::Diamond:
      poly({{c.x, c.y - 1.2f * r}, {c.x + r, c.y}, {c.x, c.y + 1.2f * r}, {c.x - r, c.y}});
      break;
    case Marker::Cross:
    case Marker::Plus: {
      // A thick cross: the outline under a narrower stroke of the colour.
      const float a = m == Marker::Cross ? 0.8f * r : 1.05f * r, w = std::max(2.5f, 0.55f * r);
      ImVec2 p[4];
      if (m == Marker::Cross) p[0] = {c.x - a, c.y - a}, p[1] = {c.x + a, c.y + a}, p[2] = {c.x - a, c.y + a}, p[3] = {c.x + a, c.y - a};
      else p[0] = {c.x - a, c.y}, p[1] = {c.x + a, c.y}, p[2] = {c.x, c.y - a}, p[3] = {c.x, c.y + a};
      dl->AddLine(p[0], p[1], outline, w + 3);
      dl->AddLine(p[2], p[3], outline, w + 3);
      dl->AddLine(p[0], p[1], fill, w);
      dl->AddLine(p[2], p[3], fill, w);
      break;
    }
    case Marker::Star: {
      std::vector<ImVec2> v;
      for (int i = 0; i < 10; ++i) {
        const float a = -kPi / 2 + i * kPi / 5, rr = i % 2 ? 0.5f * r : 1.25f * r;
        v.push_back({c.x + rr * std::cos(a), c.y + rr * std::sin(a)});
      }
      for (int i = 0; i < 10; ++i) dl->AddTriangleFilled(c, v[i], v[(i + 1) % 10], fill);  // concave: a fan from the centre
      dl->AddPolyline(v.data(), 10, outline, ImDrawFlags_Closed, 1.5f);
      break;
    }
    case Marker::Dash: {
      const float w = 1.1f * r, h = 0.4f * r;
      poly({{c.x - w, c.y - h}, {c.x + w, c.y - h}, {c.x + w, c.y + h}, {c.x - w, c.y + h}});
      break;
    }
  }
}

int draw_plot(ImDrawList* dl, const Rect& r, const PlotSpec& p, const PlotAxis& ax) {
  const ImU32 axis = IM_COL32(200, 200, 210, 255), grid = IM_COL32(62, 62, 70, 255), outline = IM_COL32(10, 10, 14, 255);
  const float fh = ImGui::GetFontSize();
  const PlotAxis ay = value_axis(p);
  const std::vector<double> yt = axis_ticks(ay, 10, std::max(2, static_cast<int>(r.h / (2.2f * fh))));
  float label_w = 0;
  for (double v : yt) label_w = std::max(label_w, text_width(value_label(v)));
  const float left = label_w + 0.6f * fh;
  const float right = std::max(text_width("2^22") * 0.6f, p.reference > 0 ? text_width(p.reference_label) + 0.5f * fh : 0.0f);
  const bool short_plot = r.h < 12 * fh;  // no "n (elements)" line under the ticks: the height goes to the data
  const Rect pr{r.x + left, r.y + 1.5f * fh, r.w - left - right, r.h - (short_plot ? 2.8f : 3.9f) * fh};
  dl->AddText(ImVec2(r.x, r.y), axis, fit_text(p.title, r.w).c_str());
  if (p.lines.empty() || pr.w < 40 || pr.h < 40) {
    dl->AddText(ImVec2(pr.x, pr.y + pr.h / 2), axis, p.lines.empty() ? "no points of the shown series" : "too small");
    return -1;
  }
  auto X = [&](double v) { return pr.x + ax.pos(v) * pr.w; };
  auto Y = [&](double v) { return pr.bottom() - ay.pos(v) * pr.h; };
  const std::vector<double> xt = axis_ticks(ax, 2, std::max(2, static_cast<int>(pr.w / (3.6f * fh))));
  for (double v : xt) {
    dl->AddLine(ImVec2(X(v), pr.y), ImVec2(X(v), pr.bottom()), grid);
    text_centered(dl, ImVec2(X(v), pr.bottom() + fh * 0.75f), axis, n_label(v));
  }
  // The axis's right end labelled too (2^28 beside the ticks 2^10 ... 2^25: where a sweep's curves
  // end, which a text may quote) where the ticks skip it: under its tick, or as far right of the
  // last tick's label as half a line clears it, into the plot's right margin but not past it.
  if (!xt.empty() && ax.hi > xt.back() * (1 + 1e-9)) {
    const std::string end = n_label(ax.hi);
    const float end_w = text_width(end);
    const float at = std::max(X(ax.hi), X(xt.back()) + (text_width(n_label(xt.back())) + end_w) / 2 + 0.5f * fh);
    if (at + end_w / 2 <= r.right()) {
      dl->AddLine(ImVec2(X(ax.hi), pr.bottom()), ImVec2(X(ax.hi), pr.bottom() + 0.25f * fh), axis);
      text_centered(dl, ImVec2(at, pr.bottom() + fh * 0.75f), axis, end);
    }
  }
  for (double v : yt) {
    dl->AddLine(ImVec2(pr.x, Y(v)), ImVec2(pr.right(), Y(v)), grid);
    const std::string l = value_label(v);
    dl->AddText(ImVec2(pr.x - 0.3f * fh - text_width(l), Y(v) - fh / 2), axis, l.c_str());
  }
  if (!short_plot) text_centered(dl, ImVec2(pr.x + pr.w / 2, pr.bottom() + fh * 2.0f), axis, "n (elements)");
  dl->AddRect(ImVec2(pr.x, pr.y), ImVec2(pr.right(), pr.bottom()), axis);
  if (p.reference > 0) {
    const float y = Y(p.reference);
    dashed_polyline(dl, {ImVec2(pr.x, y), ImVec2(pr.right(), y)}, IM_COL32(235, 235, 235, 200), 1.5f, 0.3f * fh, 0.3f * fh);
    dl->AddText(ImVec2(pr.right() + 0.3f * fh, y - fh / 2), IM_COL32(235, 235, 235, 255), p.reference_label.c_str());  // in the margin, off the data
  }
  dl->PushClipRect(ImVec2(pr.x - fh, pr.y - fh), ImVec2(pr.right() + fh, pr.bottom() + fh), true);
  const float mr = std::max(4.0f, 0.33f * fh);
  for (size_t li = 0; li < p.lines.size(); ++li) {
    const PlotLine& l = p.lines[li];
    std::vector<ImVec2> pts;
    for (auto [n, v] : l.points) pts.push_back(ImVec2(X(n), Y(v)));
    stroke(dl, pts, l.style, fh);
    // Markers at least three radii apart: in a narrow plot every k-th point, each line starting at
    // another one so lines that lie on each other still show their markers side by side.
    const float spacing = pts.size() > 1 ? (pts.back().x - pts.front().x) / (pts.size() - 1) : 1e9f;
    const size_t every = spacing >= 3 * mr ? 1 : static_cast<size_t>(std::ceil(3 * mr / std::max(spacing, 0.5f)));
    for (size_t i = 0; i < pts.size(); ++i)
      if ((i + li) % every == 0) draw_marker(dl, pts[i], mr, l.style.marker, col(l.style.color), outline);
  }
  dl->PopClipRect();
  // Read-out of the nearest point.
  const ImVec2 m = ImGui::GetIO().MousePos;
  int best_l = -1;
  size_t best_i = 0;
  float best_d = (1.2f * fh) * (1.2f * fh);
  if (r.contains(m.x, m.y))
    for (size_t li = 0; li < p.lines.size(); ++li)
      for (size_t i = 0; i < p.lines[li].points.size(); ++i) {
        const float dx = X(p.lines[li].points[i].first) - m.x, dy = Y(p.lines[li].points[i].second) - m.y;
        if (dx * dx + dy * dy < best_d) best_d = dx * dx + dy * dy, best_l = static_cast<int>(li), best_i = i;
      }
  if (best_l >= 0) {
    const auto& pt = p.lines[best_l].points[best_i];
    dl->AddCircle(ImVec2(X(pt.first), Y(pt.second)), mr + 4, IM_COL32(255, 255, 255, 255), 0, 2.0f);
    ImGui::SetTooltip("%s\nn = %.0f\n%.4g %s", shown_text(p.lines[best_l].name).c_str(), pt.first, pt.second, p.unit.c_str());
  }
  return best_l;
}

float draw_series_legend(ImDrawList* dl, float x, float first_x, float y, float max_x, const std::vector<std::pair<std::string, SeriesStyle>>& items,
                         ImFont* font, ImU32 text_color) {
  if (!font) font = ImGui::GetFont();
  const float fh = font->FontSize, sample = 2.2f * fh, gap = 1.0f * fh;
  const ImU32 outline = IM_COL32(10, 10, 14, 255);
  float cx = first_x, row_h = fh * 1.25f;
  for (const auto& [name, st] : items) {
    const float w = sample + 0.35f * fh + font->CalcTextSizeA(fh, 1e9f, 0, name.c_str()).x;
    if (cx > x && cx + w > max_x) {  // the next row (also from a first row that starts further right)
      cx = x;
      y += row_h;
    }
    const float my = y + fh * 0.55f;
    if (!dl) {  // measuring only
      cx += w + gap;
      continue;
    }
    stroke(dl, {ImVec2(cx, my), ImVec2(cx + sample, my)}, st, fh * 0.8f);
    draw_marker(dl, ImVec2(cx + sample / 2, my), std::max(4.0f, 0.3f * fh), st.marker, col(st.color), outline);
    dl->AddText(font, fh, ImVec2(cx + sample + 0.35f * fh, y), text_color, name.c_str());
    cx += w + gap;
  }
  return y + row_h;
}

}  // namespace scanscope
