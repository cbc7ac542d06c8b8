// The text a frame put on the screen, read back from what ImGui was told to draw: every glyph quad
// of the last frame's draw lists that lands whole inside its clip rectangle and on the display, and
// is not under a later window, turned back into characters by its place in the font atlas and
// joined into runs (a line of text in one window at one size). So a test can ask whether a number
// is on the screen, and at what size, from what the panels drew rather than from what they meant
// to draw (or from OCR). --screen-text prints it.
#pragma once

#include <string>
#include <vector>

#include "layout.h"

namespace scanscope {

struct ScreenText {
  std::string window;  // the ImGui window's name: "##tree", "##lesson", ...
  Rect box;            // the run's glyphs' bounds, in pixels
  float px = 0;        // the font size drawn at
  std::string text;    // blanks between glyphs where the pen skipped a space's width or more
};

// The runs of the last ImGui::Render() (call after it, before the next NewFrame).
std::vector<ScreenText> screen_text();

}  // namespace scanscope
