// Shared UI pieces (see ui_common.h).
#include "ui_common.h"
#include "formats/shown_text.h"

#include "model.h"

#include <algorithm>

#include <sys/stat.h>

#include <cmath>

namespace scanscope {

namespace {
bool file_exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0;
}
}  // namespace

Fonts build_fonts(float ui_scale, bool presenter) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts f;
  const float base = (presenter ? 24.0f : 16.0f) * ui_scale;
  const char* sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const char* mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
  if (file_exists(sans) && file_exists(mono)) {
    f.ui = io.Fonts->AddFontFromFileTTF(sans, base);
    f.mono = io.Fonts->AddFontFromFileTTF(mono, base * 0.95f);
    f.small = io.Fonts->AddFontFromFileTTF(sans, base * 0.8f);
    const char* bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
    f.large = io.Fonts->AddFontFromFileTTF(sans, base * 1.3f);
    f.title = io.Fonts->AddFontFromFileTTF(file_exists(bold) ? bold : sans, base * 1.55f);
    f.dejavu = f.ui && f.mono && f.small && f.large && f.title;
  }
  if (!f.dejavu) {
    io.Fonts->Clear();
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * ui_scale * (presenter ? 1.6f : 1.0f);
    f.ui = io.Fonts->AddFontDefault(&cfg);
    f.mono = f.ui;
    f.small = f.ui;
    f.large = f.ui;
    f.title = f.ui;
  }
  io.FontDefault = f.ui;
  return f;
}

void apply_style(float ui_scale, bool presenter) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0;
  style.FrameRounding = 3;
  style.WindowBorderSize = 1;
  style.FrameBorderSize = presenter ? 1.0f : 0.0f;
  style.ItemSpacing = ImVec2(8, 5);
  style.FramePadding = ImVec2(6, 4);
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.07f, 0.07f, 0.08f, 1.0f);
  c[ImGuiCol_Border] = ImVec4(0.35f, 0.35f, 0.40f, 1.0f);
  c[ImGuiCol_Text] = ImVec4(0.96f, 0.96f, 0.96f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImGui::ColorConvertU32ToFloat4(col(kDimText));
  if (presenter) {
    c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_Border] = ImVec4(0.7f, 0.7f, 0.7f, 1.0f);
  }
  style.ScaleAllSizes(ui_scale * (presenter ? 1.3f : 1.0f));
  ImGui::GetStyle() = style;
}

Rect begin_panel(const char* id, const std::string& title, const Rect& r) {
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoSavedSettings);
  if (!title.empty()) {
    const float room = ImGui::GetContentRegionAvail().x;
    std::string shown = title;
    if (text_width(shown) > room && shown.find("  (") != std::string::npos) shown = shown.substr(0, shown.find("  ("));
    shown = fit_words(shown, room);
    ImGui::PushStyleColor(ImGuiCol_Text, vec4(kTitleText));
    ImGui::TextUnformatted(shown.c_str());
    if (shown != title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
    ImGui::PopStyleColor();
  }
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  return {p.x, p.y, avail.x, avail.y};
}

void end_panel() { ImGui::End(); }

float draw_legend(ImDrawList* dl, float x, float y, const std::vector<std::pair<Rgba, std::string>>& items, ImU32 text_color, float max_x,
                  float* y_out) {
  const float h = ImGui::GetFontSize();
  const float x0 = x;
  for (const auto& [c, label] : items) {
    const float item_w = h + 4 + ImGui::CalcTextSize(label.c_str()).x;
    if (max_x > 0 && x > x0 && x + item_w > max_x) {
      x = x0;
      y += h + 4;
    }
    dl->AddRectFilled(ImVec2(x, y + 2), ImVec2(x + h, y + h - 1), col(c), 2);
    dl->AddRect(ImVec2(x, y + 2), ImVec2(x + h, y + h - 1), IM_COL32(200, 200, 200, 160), 2);
    x += h + 4;
    dl->AddText(ImVec2(x, y), text_color, label.c_str());
    x += ImGui::CalcTextSize(label.c_str()).x + h * 0.8f;
  }
  if (y_out) *y_out = y + h + 4;
  return x;
}

void flow_item(float w, bool first) {
  if (first) return;
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
}

bool flow_button(const char* label, bool first, bool enabled, bool small) {
  flow_item(ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x * (small ? 0.0f : 1.0f), first);
  ImGui::BeginDisabled(!enabled);
  const bool pressed = small ? ImGui::SmallButton(label) : ImGui::Button(label);
  ImGui::EndDisabled();
  return pressed;
}

float text_width(const std::string& text, ImFont* font) {
  if (!font) return ImGui::CalcTextSize(text.c_str()).x;
  return font->CalcTextSizeA(font->FontSize, 1e9f, 0, text.c_str()).x;
}

std::string fit_text(const std::string& text_in, float max_width, ImFont* font) {
  const std::string text = shown_text(text_in);
  if (!font) font = ImGui::GetFont();
  if (text_width(text, font) <= max_width) return text;
  const float room = max_width - text_width("..", font);
  if (room <= 0) return "";
  const char* end = nullptr;  // where the text passes `room`
  font->CalcTextSizeA(font->FontSize, room, 0, text.c_str(), text.c_str() + text.size(), &end);
  size_t keep = end ? static_cast<size_t>(end - text.c_str()) : 0;
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;  // a character's start
  return text.substr(0, keep) + "..";
}

std::string fit_words(const std::string& text_in, float max_width, ImFont* font) {
  const std::string text = shown_text(text_in);
  if (text_width(text, font) <= max_width) return text;
  // A whole clause first ("active lanes: a row per warp, a cell per lane" -> "active lanes: a row
  // per warp"), the longest that fits.
  for (size_t at = text.size(); at != std::string::npos && at > 0;) {
    const size_t comma = text.rfind(", ", at - 1), colon = text.rfind(": ", at - 1);
    at = comma == std::string::npos ? colon : colon == std::string::npos ? comma : std::max(comma, colon);
    if (at != std::string::npos && at > 0 && text_width(text.substr(0, at), font) <= max_width) return text.substr(0, at);
  }
  std::string t = text;
  while (t.find(' ') != std::string::npos) {
    t = t.substr(0, t.rfind(' '));
    while (!t.empty() && (t.back() == ',' || t.back() == ':' || t.back() == ';')) t.pop_back();
    if (text_width(t + "..", font) <= max_width) return t + "..";
  }
  // One word ("reduce-missing-barrier"): cut after a hyphen, else anywhere.
  for (size_t at = t.rfind('-'); at != std::string::npos && at > 0; at = t.rfind('-', at - 1))
    if (text_width(t.substr(0, at + 1) + "..", font) <= max_width) return t.substr(0, at + 1) + "..";
  return fit_text(text, max_width, font);
}

void text_centered(ImDrawList* dl, ImVec2 center, ImU32 color, const std::string& text_in, ImFont* font) {
  const std::string text = shown_text(text_in);
  if (!font) font = ImGui::GetFont();
  ImVec2 sz = font->CalcTextSizeA(font->FontSize, 1e9f, 0, text.c_str());
  dl->AddText(font, font->FontSize, ImVec2(center.x - sz.x / 2, center.y - sz.y / 2), color, text.c_str());
}

ImFont* font_for_px(const Fonts& fonts, float px) {
  ImFont* best = nullptr;
  for (ImFont* f : {fonts.small, fonts.ui, fonts.large, fonts.title})
    if (f && f->FontSize >= px - 0.01f && (!best || f->FontSize < best->FontSize)) best = f;
  if (best) return best;
  for (ImFont* f : {fonts.small, fonts.ui, fonts.large, fonts.title})
    if (f && (!best || f->FontSize > best->FontSize)) best = f;
  return best ? best : ImGui::GetFont();
}

float text_width_px(const std::string& text, ImFont* font, float px) { return font->CalcTextSizeA(px, 1e9f, 0, text.c_str()).x; }

void text_centered_px(ImDrawList* dl, const Fonts& fonts, ImVec2 center, ImU32 color, const std::string& text_in, float px) {
  const std::string text = shown_text(text_in);
  ImFont* font = font_for_px(fonts, px);
  ImVec2 sz = font->CalcTextSizeA(px, 1e9f, 0, text.c_str());
  dl->AddText(font, px, ImVec2(std::floor(center.x - sz.x / 2 + 0.5f), std::floor(center.y - sz.y / 2 + 0.5f)), color, text.c_str());
}

namespace {
// A mat2 value "[a b;c d]" as its two lines "a b" and "c d"; false for any other text.
bool matrix_lines(const std::string& text, std::string* top, std::string* bottom) {
  const auto semi = text.find(';');
  if (text.empty() || text.front() != '[' || semi == std::string::npos || text.back() != ']') return false;
  *top = text.substr(1, semi - 1);
  *bottom = text.substr(semi + 1, text.size() - semi - 2);
  return true;
}
}  // namespace

float value_box_px(float box_w, float box_h, const std::string& text, ImFont* font) {
  std::string top, bottom;
  const bool matrix = matrix_lines(text, &top, &bottom);
  return value_font_size(box_w, box_h, font->FontSize, text_width(text, font), matrix ? std::max(text_width(top, font), text_width(bottom, font)) : 0);
}

float draw_value_in_box(ImDrawList* dl, ImVec2 center, float box_w, float box_h, const std::string& text, ImU32 color, ImFont* font, float min_px) {
  if (text.empty()) return 0.0f;
  // A plain value too wide at the font's size: one line at the size that fits, down to min_px.
  const float one_w = text_width(text, font);
  if (min_px > 0 && text.front() != '[' && !label_fits(box_w, one_w) && one_w > 0) {
    const float px = std::min(font->FontSize * (box_w - 4.0f) / one_w, box_h);
    if (px >= min_px) {
      const ImVec2 sz = font->CalcTextSizeA(px, 1e9f, 0, text.c_str());
      dl->AddText(font, px, ImVec2(std::floor(center.x - sz.x / 2 + 0.5f), std::floor(center.y - sz.y / 2 + 0.5f)), color, text.c_str());
      return px;
    }
  }
  // One line at the font's size; else a mat2 value "[a b;c d]" as "a b" over "c d", smaller where
  // that is what fits (value_font_size: down to half the font, never under 7 pixels).
  const float size = value_box_px(box_w, box_h, text, font);
  if (size <= 0) return 0.0f;
  if (label_fits(box_w, text_width(text, font)) && box_h >= font->FontSize) {
    text_centered(dl, center, color, text, font);
    return font->FontSize;
  }
  std::string top, bottom;
  matrix_lines(text, &top, &bottom);
  for (int line = 0; line < 2; ++line) {
    const std::string& part = line == 0 ? top : bottom;
    const ImVec2 sz = font->CalcTextSizeA(size, 1e9f, 0, part.c_str());
    dl->AddText(font, size, ImVec2(center.x - sz.x / 2, center.y + (line == 0 ? -size : 0.0f)), color, part.c_str());
  }
  return size;
}

}  // namespace scanscope
