// What the panels share: fonts, style, the fixed panel frame, legends, centred text.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "layout.h"
#include "palette.h"

namespace scanscope {

struct Fonts {
  ImFont* ui = nullptr;
  ImFont* mono = nullptr;
  ImFont* small = nullptr;
  ImFont* large = nullptr;  // the lesson box's text (presenter-friendly)
  ImFont* title = nullptr;  // the lesson box's heading
  bool dejavu = false;  // false: ImGui's own font (fonts-dejavu-core missing)
};

// Rebuilds the font atlas for a scale (presenter mode doubles it). Call outside a frame.
Fonts build_fonts(float ui_scale, bool presenter);
// Dark, high-contrast style; presenter mode thickens borders and spacing.
void apply_style(float ui_scale, bool presenter);

inline ImU32 col(Rgba c) { return c.u32(); }
inline ImVec4 vec4(Rgba c) { return ImGui::ColorConvertU32ToFloat4(c.u32()); }  // for ImGui::TextColored
inline ImVec2 vec(float x, float y) { return ImVec2(x, y); }

// A fixed, untitled ImGui window covering `r`, headed by a title line (what does not fit of it is
// left out: a trailing "  (...)" first, then as fit_words cuts; the whole title is the tooltip).
// Returns the content rect.
Rect begin_panel(const char* id, const std::string& title, const Rect& r);
void end_panel();

// Draws swatches + labels left to right from (x, y); returns the x after the last item. With
// max_x, items wrap onto new lines instead of passing it (*y_out: the y below the last line).
float draw_legend(ImDrawList* dl, float x, float y, const std::vector<std::pair<Rgba, std::string>>& items, ImU32 text_color,
                  float max_x = 0, float* y_out = nullptr);

// A row of items that wraps: call before each item `w` wide (its label's width plus frame padding
// for a button); after the first it goes on the same line when it fits in the window's content
// region, else on a new line.
void flow_item(float w, bool first);
// A button of such a row (a small one: SmallButton), disabled when !enabled.
bool flow_button(const char* label, bool first, bool enabled = true, bool small = false);

void text_centered(ImDrawList* dl, ImVec2 center, ImU32 color, const std::string& text, ImFont* font = nullptr);
// The same at any size px: drawn with the smallest of the fonts at least that large (scaled down,
// so the glyphs stay sharp), or the largest one.
void text_centered_px(ImDrawList* dl, const Fonts& fonts, ImVec2 center, ImU32 color, const std::string& text, float px);
ImFont* font_for_px(const Fonts& fonts, float px);
// A width measure at size px for a font (fit_text_px, shorten_words).
float text_width_px(const std::string& text, ImFont* font, float px);
float text_width(const std::string& text, ImFont* font = nullptr);
// The text cut to fit max_width with ".." at its end (unchanged when it fits): one pass over the
// text, however long, and never mid-way through a UTF-8 character.
std::string fit_text(const std::string& text, float max_width, ImFont* font = nullptr);

// The text cut to fit max_width: to its longest leading clause that fits (ending before ", " or
// ": "), else to whole words with ".." marking the cut; the first word alone is cut after a hyphen
// ("reduce-missing-.."), else as fit_text does.
std::string fit_words(const std::string& text, float max_width, ImFont* font = nullptr);

// A value inside a box (tree node, memory cell): on one line when it fits; a mat2 value
// "[a b;c d]" on two lines "a b" / "c d" when only that fits; else nothing. Returns the size drawn
// at (pixels; 0: not drawn), for the layout report.
// With min_px > 0, a plain number too wide at the font's size is drawn smaller, down to min_px.
float draw_value_in_box(ImDrawList* dl, ImVec2 center, float box_w, float box_h, const std::string& text, ImU32 color, ImFont* font, float min_px = 0);
// The size draw_value_in_box (without min_px) draws `text` at in such a box; 0: it does not fit.
float value_box_px(float box_w, float box_h, const std::string& text, ImFont* font);

}  // namespace scanscope
