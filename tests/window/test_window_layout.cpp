// Layout logic of the window, without a window.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>

#include "layout.h"
#include "panel_table.h"
#include "palette.h"

using namespace scanscope;

TEST(Layout, PanelsTileTheAreaRightOfTheSidebarWithoutOverlap) {
  for (int n = 1; n <= 6; ++n) {
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) names.push_back("p" + std::to_string(i));
    WindowLayout l = layout_window(names, 1600, 900, 1.0f);
    ASSERT_EQ(static_cast<int>(l.panels.size()), n);
    float area = 0;
    for (size_t i = 0; i < l.panels.size(); ++i) {
      const Rect& a = l.panels[i].rect;
      EXPECT_GE(a.x, l.sidebar.right() - 0.01f);
      EXPECT_GE(a.y, l.transport.bottom() - 0.01f);
      EXPECT_LE(a.right(), 1600.01f);
      EXPECT_LE(a.bottom(), 900.01f);
      area += a.w * a.h;
      for (size_t j = i + 1; j < l.panels.size(); ++j) {
        const Rect& b = l.panels[j].rect;
        bool overlap = a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f && b.y < a.bottom() - 0.5f;
        EXPECT_FALSE(overlap) << n << " panels: " << i << " and " << j;
      }
    }
    EXPECT_NEAR(area, (1600 - l.sidebar.w) * (900 - l.transport.h), 1.0f);  // no gaps
  }
}

TEST(Layout, TreeColumnsFillTheAreaAndZoomPans) {
  Rect area{100, 50, 800, 400};
  TreeGeometry g = tree_geometry(8, 9, area, 1.0f, 0.0f);
  EXPECT_FLOAT_EQ(g.col_w, 100.0f);
  EXPECT_FLOAT_EQ(g.word_x(0), 150.0f);
  EXPECT_FLOAT_EQ(g.word_x(7), 850.0f);
  EXPECT_LT(g.node_h, g.row_h);
  // 2048 words at 4x zoom, panned to the far right: the last word is visible, the first is not.
  TreeGeometry z = tree_geometry(2048, 24, area, 4.0f, -1e9f);
  EXPECT_FLOAT_EQ(z.pan_x, 800.0f - 3200.0f);
  EXPECT_EQ(z.last_visible(2048), 2047);
  EXPECT_GT(z.first_visible(2048), 1000);
  EXPECT_LE(z.word_x(2047), area.right());
}

// Conflict cells at least min_cell_px: all where they fit, else a window that holds the focus.
TEST(Layout, CellWindowsKeepTheirCellsAtTheMinimumAndHoldTheFocus) {
  EXPECT_EQ(min_cell_px(1.0f, true), 12.0f);
  const CellWindow all = cell_window(8, 200.0f, 12.0f, 3);
  EXPECT_TRUE(all.all());
  EXPECT_EQ(all.first, 0);
  EXPECT_FLOAT_EQ(all.cell, 25.0f);
  // 32 warps in 170 px: 14 at 12 px or more, from warp 0 while the focus is among them.
  const CellWindow w0 = cell_window(32, 170.0f, 12.0f, 5);
  EXPECT_FALSE(w0.all());
  EXPECT_EQ(w0.shown, 14);
  EXPECT_EQ(w0.first, 0);
  EXPECT_GE(w0.cell, 12.0f);
  EXPECT_EQ(w0.rule("warps"), "warps 0-13 of 32");
  // A focus beyond the first window: centred on it, never past the end.
  const CellWindow w20 = cell_window(32, 170.0f, 12.0f, 20);
  EXPECT_LE(w20.first, 20);
  EXPECT_GT(w20.first + w20.shown, 20);
  const CellWindow w31 = cell_window(32, 170.0f, 12.0f, 31);
  EXPECT_EQ(w31.first + w31.shown, 32);
  // Too short for even one cell: one, never none.
  EXPECT_EQ(cell_window(32, 5.0f, 12.0f, 0).shown, 1);
  EXPECT_EQ(cell_window(0, 100.0f, 12.0f, 0).shown, 0);
}

TEST(Layout, LabelsThatDoNotFitAreDropped) {
  EXPECT_TRUE(label_fits(30, 20));
  EXPECT_FALSE(label_fits(20, 20));
  // At n = 2048 in an 800-pixel tree a column is under half a pixel: no value fits.
  TreeGeometry g = tree_geometry(2048, 24, Rect{0, 0, 800, 400}, 1.0f, 0);
  EXPECT_FALSE(label_fits(g.node_w, 7.0f));
}

// A value keeps a gap of a quarter of its font (at least 4 px) from its neighbours' (issue 24: the
// transpose's tile at 1280 px, 14 px cells and 11 px digits at 19 px, read as one long number).
TEST(Layout, ValuesInARowOfCellsKeepAGapBetweenThem) {
  EXPECT_TRUE(label_fits(14, 11));            // the old rule: 2 px in all, digits touch
  EXPECT_FALSE(value_keeps_gap(14, 11, 19.2f));  // needs 11 + 4.8
  EXPECT_TRUE(value_keeps_gap(16, 11, 19.2f));
  EXPECT_FALSE(value_keeps_gap(14.9f, 11, 8));  // at least 4 px at a small font
  EXPECT_TRUE(value_keeps_gap(15, 11, 8));
  EXPECT_FALSE(value_keeps_gap(40, 31, 40));  // a quarter of a large font: 10 px
  EXPECT_TRUE(value_keeps_gap(41, 31, 40));
}

TEST(Layout, ScrubLabelsNeverOverlapOrLeaveTheBar) {
  std::vector<float> w(30, 90.0f);
  auto shown = scrub_label_steps(w, 1000, 8);
  ASSERT_FALSE(shown.empty());
  const float slot = 1000.0f / 30;
  for (size_t i = 1; i < shown.size(); ++i) {
    float prev_right = (shown[i - 1] + 0.5f) * slot + 45, left = (shown[i] + 0.5f) * slot - 45;
    EXPECT_GE(left, prev_right + 8);
  }
  for (int i : shown) {
    EXPECT_GE((i + 0.5f) * slot - 45, 0);
    EXPECT_LE((i + 0.5f) * slot + 45, 1000);
  }
  // Short labels on a wide bar: every step is labelled.
  EXPECT_EQ(scrub_label_steps(std::vector<float>(9, 40.0f), 1200, 8).size(), 9u);
}

TEST(Layout, SharedMemoryColumnsAreBanks) {
  SmemGrid g = smem_grid(67, 16, Rect{0, 0, 640, 400}, 40);
  EXPECT_EQ(g.columns, 16);
  EXPECT_EQ(g.rows, 5);
  EXPECT_FLOAT_EQ(g.cell(16).x, g.cell(0).x);  // word 16 is in bank 0
  EXPECT_GT(g.cell(16).y, g.cell(0).y);
}

TEST(Layout, EasingStartsAndEndsAtRest) {
  EXPECT_FLOAT_EQ(ease_in_out(0), 0);
  EXPECT_FLOAT_EQ(ease_in_out(1), 1);
  EXPECT_FLOAT_EQ(ease_in_out(2), 1);
  EXPECT_LT(ease_in_out(0.25f), 0.25f);
}

TEST(Palette, DegreeClassesAreDistinctAndOrdered) {
  EXPECT_EQ(degree_class(0), 0);
  EXPECT_EQ(degree_class(1), 1);
  EXPECT_EQ(degree_class(2), 2);
  EXPECT_EQ(degree_class(3), 2);
  EXPECT_EQ(degree_class(16), 5);
  EXPECT_EQ(degree_class(32), 6);
  for (int a = 0; a < kDegreeClasses; ++a)
    for (int b = a + 1; b < kDegreeClasses; ++b) EXPECT_FALSE(degree_color(degree_class_min(a)) == degree_color(degree_class_min(b)));
  EXPECT_EQ(degree_class_label(1), "none");
  EXPECT_EQ(degree_class_label(3), "4-way");
}

TEST(Palette, BankTintsKeepBlackTextLegible) {
  for (int b = 0; b < 32; ++b) {
    EXPECT_EQ(text_on(bank_color(b, 32)), (Rgba{0, 0, 0})) << "bank " << b;
  }
  EXPECT_FALSE(bank_color(0, 32) == bank_color(31, 32));
  EXPECT_TRUE(bank_color(3, 16) == bank_color(19, 16));
}

// The text colours of the one table (palette.h) on the panels' black: WCAG contrast at least 4.5
// for the not-yet-computed tree rows (110,110,110 was 4.1) and 7 for dim labels, dimmer than the
// text; the titles' amber at least as readable as the dim labels.
TEST(Palette, TextColoursAreReadableOnBlackAndOrdered) {
  auto lum = [](Rgba c) {
    auto ch = [](uint8_t v) {
      const double x = v / 255.0;
      return x <= 0.03928 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  auto contrast_on_black = [&](Rgba c) { return (lum(c) + 0.05) / 0.05; };
  EXPECT_GE(contrast_on_black(kFutureText), 4.5);
  EXPECT_GE(contrast_on_black(kDimText), 7.0);
  EXPECT_LT(lum(kFutureText), lum(kDimText));  // still dimmer than computed rows' labels
  EXPECT_LT(lum(kDimText), lum(kText));
  EXPECT_GE(contrast_on_black(kTitleText), 7.0);
}

TEST(Layout, LogAxesSpanWholeDecadesAndPlaceValues) {
  LogAxis x = log_axis(1000, 5000000, 2);
  EXPECT_DOUBLE_EQ(x.lo, 512);
  EXPECT_DOUBLE_EQ(x.hi, 8388608);
  EXPECT_FLOAT_EQ(x.pos(512), 0.0f);
  EXPECT_FLOAT_EQ(x.pos(8388608), 1.0f);
  LogAxis y = log_axis(0.0003, 2.5, 10);
  EXPECT_DOUBLE_EQ(y.lo, 0.0001);
  EXPECT_DOUBLE_EQ(y.hi, 10);
  EXPECT_NEAR(y.pos(0.01), 0.4f, 1e-5);
  auto ticks = log_ticks(x, 2, 6);
  EXPECT_LE(ticks.size(), 6u);
  EXPECT_DOUBLE_EQ(ticks.front(), 512);
}

TEST(Layout, TheSidebarTakesAtMostAFifthAndCanBeHidden) {
  const std::vector<std::string> four = {"tree", "smem", "warps", "code"};
  for (float w : {1280.0f, 1600.0f, 1920.0f}) {
    const float h = w * 9 / 16;
    for (float scale : {1.0f, 1.25f}) {  // normal, presenter
      WindowLayout l = layout_window(four, w, h, scale);
      EXPECT_LE(l.sidebar.w, w * 0.22f + 0.01f) << w;
      EXPECT_LE(l.transport.h, h * 0.14f + 0.01f) << w;
      LayoutExtras hidden;
      hidden.sidebar_hidden = true;
      WindowLayout m = layout_window(four, w, h, scale, hidden);
      EXPECT_EQ(m.sidebar.w, 0.0f);
      EXPECT_FLOAT_EQ(m.transport.x, 0.0f);
      float area = 0;
      for (const auto& p : m.panels) area += p.rect.w * p.rect.h;
      EXPECT_NEAR(area, w * (h - m.transport.h), 1.0f);  // the whole width below the transport bar
    }
  }
}

TEST(Layout, TheFocusedPanelFillsTheMainArea) {
  LayoutExtras e;
  e.focus = "warps";
  e.lesson = true;
  WindowLayout l = layout_window({"tree", "smem", "warps", "code"}, 1280, 720, 1.25f, e);
  ASSERT_EQ(l.panels.size(), 1u);
  EXPECT_EQ(l.panels[0].name, "warps");
  EXPECT_FLOAT_EQ(l.panels[0].rect.x, l.sidebar.right());
  EXPECT_FLOAT_EQ(l.panels[0].rect.y, l.transport.bottom());
  EXPECT_FLOAT_EQ(l.panels[0].rect.bottom(), l.lesson.y);  // the lesson box stays
  e.focus = "timing";  // not shown: the tiling as before
  EXPECT_EQ(layout_window({"tree", "smem"}, 1280, 720, 1.25f, e).panels.size(), 2u);
}

TEST(Layout, TextSizesFitTheirBoxDownToTheMinimum) {
  // A 20-pixel-wide text at 16 px in a 40 x 40 box: up to the maximum.
  EXPECT_FLOAT_EQ(fit_text_px(20, 16, 40, 40, 11, 24), 24.0f);
  // Narrower box: shrinks with the width; lower box: with the height.
  EXPECT_NEAR(fit_text_px(20, 16, 22, 40, 11, 24), 16.0f, 0.25f);
  EXPECT_FLOAT_EQ(fit_text_px(20, 16, 40, 13, 11, 24), 13.0f);
  // Never under the minimum: 0 says it does not fit.
  EXPECT_EQ(fit_text_px(20, 16, 12, 40, 11, 24), 0.0f);
  EXPECT_EQ(fit_text_px(20, 16, 40, 10, 11, 24), 0.0f);
  EXPECT_GT(min_text_px(1.0f, true), min_text_px(1.0f, false));
}

TEST(Layout, ValuesThinOutByARuleInsteadOfVanishing) {
  // Wide nodes: every value, as large as the node allows.
  ValueFit all = fit_values(30, 16, 60, 50, 24, 12, 24);
  EXPECT_EQ(all.every, 1);
  EXPECT_GE(all.px, 16.0f);
  // 2048 words in 800 pixels at presenter sizes: no value fits one column; every k-th value
  // across k columns, still at least the minimum.
  ValueFit thin = fit_values(30, 19, 800.0f / 64, 800.0f / 64 * 0.86f, 20, 14, 24);
  EXPECT_GT(thin.every, 1);
  EXPECT_GE(thin.px, 14.0f);
  EXPECT_GE(thin.every * 800.0f / 64 - 4, 30 * thin.px / 19 + 2 - 0.01f);  // it fits its k columns
  // Nodes lower than the minimum: left out, and said so (every 0).
  EXPECT_EQ(fit_values(30, 16, 60, 50, 9, 12, 24).every, 0);
}

TEST(Layout, LabelsAreShortenedInRealWordsNeverToInitials) {
  auto w = [](const std::string& t) { return static_cast<float>(t.size()) * 10; };  // 10 px a character
  EXPECT_EQ(shorten_words("down-sweep d=2", 200, w), "down-sweep d=2");
  EXPECT_EQ(shorten_words("down-sweep d=2", 130, w), "down-sweep..");
  // The asides in parentheses go first, the last first; then trailing words, for "..".
  EXPECT_EQ(shorten_words("output (global): 3 kept", 150, w), "output: 3 kept");
  EXPECT_EQ(shorten_words("flags: 1 = keep (odd value)", 160, w), "flags: 1 = keep");
  EXPECT_EQ(shorten_words("a (b) c (d) e", 90, w), "a (b) c e");
  EXPECT_EQ(shorten_words("warp totals to shared memory", 160, w), "warp totals to..");
  EXPECT_EQ(shorten_words("warp totals to shared memory", 130, w), "warp totals..");
  EXPECT_EQ(shorten_words("flags: 1 = keep (odd value)", 90, w), "flags..");  // no "flags:.."
  EXPECT_EQ(shorten_words("clear last element", 30, w), "");
  // Never a word cut to its initial: every word of a result is a whole word of the label.
  for (const char* label : {"down-sweep d=2", "output (global): 3 kept", "warp totals to shared memory", "each thread's CHUNK elements folded in order"})
    for (float max_w = 0; max_w < 500; max_w += 10) {
      const std::string r = shorten_words(label, max_w, w);
      EXPECT_LE(w(r), max_w) << label << " in " << max_w;
      std::string word;
      for (size_t i = 0; i <= r.size(); ++i) {
        if (i < r.size() && r[i] != ' ') {
          word += r[i];
          continue;
        }
        if (word.size() >= 2 && word.substr(word.size() - 2) == "..") word.resize(word.size() - 2);
        while (!word.empty() && word.back() == ':') word.pop_back();  // "output:" of "output (global):"
        if (!word.empty()) {
          EXPECT_NE(std::string(label).find(word), std::string::npos) << label << " -> " << r;
        }
        EXPECT_FALSE(word.size() == 1 && std::isalpha(static_cast<unsigned char>(word[0])) && r.find(word + ".") != std::string::npos) << r;
        word.clear();
      }
    }
}

TEST(Layout, TheReportSaysWhatWasShownAndHow) {
  LayoutReport r;
  r.add({"tree", "values", 8, 8, 15.5f, ""});
  r.add({"tree", "row labels", 4, 8, 14.0f, "every 2 rows"});
  ASSERT_NE(r.find("tree", "values"), nullptr);
  EXPECT_EQ(r.find("tree", "values")->shown, 8);
  EXPECT_EQ(r.find("warps", "values"), nullptr);
  EXPECT_EQ(r.text(), "tree values: 8/8 at 15.5 px\ntree row labels: 4/8 at 14.0 px, every 2 rows\n");
}

TEST(Layout, AWideLowAreaPutsThreePanelsInOneRow) {
  // 1280x720 presenter with a lesson and the red strip: the main area is about 1000 x 270; the
  // grid would leave 121-pixel-high panels, one row leaves 333 x 270 each.
  LayoutExtras e;
  e.lesson = true;
  e.notice_h = 108;
  WindowLayout low = layout_window({"smem", "warps", "code"}, 1280, 720, 1.25f, e);
  ASSERT_EQ(low.panels.size(), 3u);
  for (const auto& p : low.panels) {
    EXPECT_FLOAT_EQ(p.rect.y, low.panels[0].rect.y) << p.name;
    EXPECT_NEAR(p.rect.w, low.panels[0].rect.w, 0.01f) << p.name;
    EXPECT_FLOAT_EQ(p.rect.bottom(), low.lesson.y) << p.name;
  }
  // Without the strip and the lesson the usual grid: the first panel spans the top.
  WindowLayout tall = layout_window({"tree", "smem", "code"}, 1280, 720, 1.25f);
  EXPECT_FLOAT_EQ(tall.panels[0].rect.w, tall.panels[1].rect.w + tall.panels[2].rect.w);
  WindowLayout four = layout_window({"tree", "smem", "warps", "code"}, 1280, 720, 1.25f);
  EXPECT_FLOAT_EQ(four.panels[0].rect.y, four.panels[1].rect.y);
  EXPECT_GT(four.panels[2].rect.y, four.panels[0].rect.y);  // two rows
}

// The code panel is never a sliver (issue 24): a code cell lower than code_min_h becomes the whole
// right column (the other panels stacked on the left); where even the main area is too low, or
// three others need the room, it is left out and the layout says so.
TEST(Layout, TheCodePanelGetsTheRoomForFiveRowsOrIsLeftOut) {
  LayoutExtras e;
  e.lesson = true;
  e.code_min_h = 280;  // about what code_panel_min_height gives in presenter mode
  LayoutExtras lesson_only;
  lesson_only.lesson = true;
  const WindowLayout grid = layout_window({"tree", "smem", "code"}, 1280, 720, 1.25f, lesson_only);
  ASSERT_LT(find_panel(grid, "code")->rect.h, e.code_min_h);  // the grid's cell: the sliver of issue 24
  const WindowLayout l = layout_window({"tree", "smem", "code"}, 1280, 720, 1.25f, e);
  ASSERT_EQ(l.panels.size(), 3u);
  const Rect code = find_panel(l, "code")->rect, tree = find_panel(l, "tree")->rect, smem = find_panel(l, "smem")->rect;
  EXPECT_GE(code.h, e.code_min_h);
  EXPECT_FLOAT_EQ(code.y, l.transport.bottom());
  EXPECT_FLOAT_EQ(code.bottom(), l.lesson.y);
  EXPECT_FLOAT_EQ(tree.right(), code.x);  // the others on the left, one above the other
  EXPECT_FLOAT_EQ(smem.y, tree.bottom());
  EXPECT_TRUE(l.left_out.empty());
  // Four panels: the code goes, said so; the others tile the area.
  const WindowLayout four = layout_window({"tree", "smem", "warps", "code"}, 1280, 720, 1.25f, e);
  EXPECT_EQ(find_panel(four, "code"), nullptr);
  EXPECT_EQ(four.panels.size(), 3u);
  ASSERT_EQ(four.left_out.size(), 1u);
  EXPECT_EQ(four.left_out[0].first, "code");
  // Room enough: nothing changes.
  LayoutExtras roomy;
  roomy.code_min_h = 280;
  EXPECT_TRUE(layout_window({"tree", "smem", "warps", "code"}, 1920, 1080, 1.0f, roomy).left_out.empty());
}

// Where no panel shown steps the trace (a lesson's timing step), the transport bar is left out
// and the panels take its height.
TEST(Layout, NoTransportBarWhereNoPanelStepsTheTrace) {
  EXPECT_FALSE(panels_show_steps({"timing"}));
  EXPECT_FALSE(panels_show_steps({"float-order", "histeq"}));
  EXPECT_TRUE(panels_show_steps({"timing", "tree"}));
  EXPECT_TRUE(panels_show_steps({"grid"}));
  LayoutExtras none;
  none.transport = false;
  const WindowLayout l = layout_window({"timing"}, 1280, 720, 1.0f, none);
  EXPECT_EQ(l.transport.h, 0.0f);
  ASSERT_EQ(l.panels.size(), 1u);
  EXPECT_EQ(l.panels[0].rect.y, 0.0f);
  EXPECT_NEAR(l.panels[0].rect.h, 720.0f, 0.01f);
  EXPECT_GT(layout_window({"timing"}, 1280, 720, 1.0f).transport.h, 0.0f);
}
