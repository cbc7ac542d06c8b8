// The histogram-equalization view (a view without a kernel trace): the histogram, its scanned
// CDF, the histogram after remapping, the picture before and after as OpenGL textures.
#include <glad/gl.h>

#include <algorithm>
#include <cstdint>

#include "engine/format.h"
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

void HistEqPanel::release() {
  if (tex_[0]) glDeleteTextures(2, tex_);
  tex_[0] = tex_[1] = 0;
  uploaded_ = -1;
}

void HistEqPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  HistEqView& h = s.histeq;
  Rect c = begin_panel("##histeq", "Histogram equalization: histogram, its scan (the CDF), and the new gray levels", r);
  if (!h.ready) load_histeq(s, "");
  ImGui::SetNextItemWidth(std::min(360.0f * ui.scale, c.w * 0.3f));
  ImGui::InputTextWithHint("##histeq_path", "a PNG or JPEG file", h.path_buf, sizeof h.path_buf);
  ImGui::SameLine();
  if (ImGui::Button("Open image")) load_histeq(s, h.path_buf);
  ImGui::SameLine();
  if (ImGui::Button("Test picture")) load_histeq(s, "");
  ImGui::SameLine();
  if (ImGui::Button("Show the scan (tree, memory, code)") && h.ready) {
    guard_replace(s, request_of(h.eq.cdf_trace), "show the histogram's scan", show_histeq_scan);
    end_panel();
    return;
  }
  if (!h.ready) {
    end_panel();
    return;
  }
  ImGui::TextDisabled("%s, %dx%d; scan: %s", shown_text(h.source).c_str(), h.image.width, h.image.height, shown_text(h.eq.where).c_str());
  if (uploaded_ != h.generation && !ui.gl) {  // a frame without GL: the histograms, no pictures
    after_hist_.assign(256, 0);
    for (uint8_t p : h.eq.equalized.pixels) after_hist_[p] += 1;
    uploaded_ = h.generation;
  } else if (uploaded_ != h.generation) {
    if (!tex_[0]) glGenTextures(2, tex_);
    const GrayImage* im[2] = {&h.image, &h.eq.equalized};
    for (int i = 0; i < 2; ++i) {
      glBindTexture(GL_TEXTURE_2D, tex_[i]);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, im[i]->width, im[i]->height, 0, GL_RED, GL_UNSIGNED_BYTE, im[i]->pixels.data());
      const GLint swizzle[4] = {GL_RED, GL_RED, GL_RED, GL_ONE};
      glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    after_hist_.assign(256, 0);
    for (uint8_t p : h.eq.equalized.pixels) after_hist_[p] += 1;
    uploaded_ = h.generation;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = col(kDimText);
  ImFont* small = ui.fonts.small;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float fh = ImGui::GetFontSize();
  const Rect area{c.x, p0.y + 4, c.w, c.bottom() - p0.y - 6};
  // Left: the two histograms with the CDF over the first; right: the pictures.
  const Rect charts{area.x, area.y, area.w * 0.5f - 8, area.h};
  const Rect pics{area.x + area.w * 0.5f + 8, area.y, area.w * 0.5f - 8, area.h};
  auto histogram = [&](const Rect& box, const std::vector<double>& bins, const std::vector<double>* cdf, const std::string& label) {
    const float lx = box.x + 34, ly = box.bottom() - small->FontSize - 4;
    const Rect plot{lx, box.y + fh + 4, box.right() - lx - (cdf ? 40 : 6), ly - box.y - fh - 6};
    // the label within the chart's half: in the small font where the panel's is too wide, then cut
    ImFont* lf = text_width(label) <= box.w ? ImGui::GetFont() : small;
    dl->AddText(lf, lf->FontSize, ImVec2(box.x, box.y), text_col, fit_text(label, box.w, lf).c_str());
    double top = 1;
    for (double b : bins) top = std::max(top, b);
    dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), IM_COL32(25, 25, 30, 255));
    const float bw = plot.w / 256.0f;
    for (int i = 0; i < 256 && i < static_cast<int>(bins.size()); ++i) {
      if (bins[i] <= 0) continue;
      const float bh = static_cast<float>(bins[i] / top) * plot.h;
      dl->AddRectFilled(ImVec2(plot.x + i * bw, plot.bottom() - bh), ImVec2(plot.x + (i + 1) * bw + (bw < 2 ? 0.5f : -0.5f), plot.bottom()), col(okabe_ito::sky_blue));
    }
    for (int g : {0, 64, 128, 192, 255})
      text_centered(dl, ImVec2(plot.x + (g + 0.5f) * bw, ly + small->FontSize / 2 + 2), dim_col, std::to_string(g), small);
    dl->AddText(small, small->FontSize, ImVec2(box.x, plot.y), dim_col, "count");
    if (cdf && !cdf->empty()) {
      const double total = std::max(1.0, cdf->back());
      std::vector<ImVec2> pts;
      for (int i = 0; i < 256 && i < static_cast<int>(cdf->size()); ++i)
        pts.push_back(ImVec2(plot.x + (i + 0.5f) * bw, plot.bottom() - static_cast<float>((*cdf)[i] / total) * plot.h));
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col(okabe_ito::orange), 0, std::max(2.0f, 2.5f * ui.scale));
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.y), col(okabe_ito::orange), "CDF");
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.y + small->FontSize), col(okabe_ito::orange), format_value(total, Operator::Sum).c_str());
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.bottom() - small->FontSize), col(okabe_ito::orange), "0");
    }
  };
  const float hist_h = charts.h * 0.58f;
  histogram(Rect{charts.x, charts.y, charts.w, hist_h}, h.eq.histogram, &h.eq.cdf,
            "Before: histogram (bars), its scan = CDF (line)");
  histogram(Rect{charts.x, charts.y + hist_h + 6, charts.w, charts.h - hist_h - 6}, after_hist_, nullptr,
            "After: the equalized picture's histogram, 256 bins");
  // The pictures, side by side, aspect kept.
  const float gap = 12;
  const float slot_w = (pics.w - gap) / 2, slot_h = pics.h - fh - 8;
  const float aspect = h.image.height > 0 ? static_cast<float>(h.image.width) / h.image.height : 1.0f;
  float iw = slot_w, ih = slot_w / aspect;
  if (ih > slot_h) {
    ih = slot_h;
    iw = slot_h * aspect;
  }
  const char* labels[2] = {"before", "after equalization"};
  for (int i = 0; i < 2; ++i) {
    const float x = pics.x + i * (slot_w + gap);
    dl->AddText(ImVec2(x, pics.y), text_col, labels[i]);
    const ImVec2 q0(x, pics.y + fh + 6), q1(x + iw, pics.y + fh + 6 + ih);
    if (tex_[i]) dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex_[i])), q0, q1);
    dl->AddRect(q0, q1, IM_COL32(120, 120, 130, 255));
  }
  end_panel();
}

}  // namespace scanscope
