// The key table and the queue of key presses (keys.h), without a window.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "app_state.h"
#include "keys.h"

using namespace scanscope;

namespace {

AppState with_trace() {
  AppState s;
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  EXPECT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  return s;
}

void press(AppState& s, const std::string& key, int times = 1) {
  for (int i = 0; i < times; ++i) s.key_queue.push_back({key});
}

}  // namespace

// A clicker's six quick taps arrive between two frames, or while a step animates: each one is a step.
TEST(Keys, QuickTapsAreQueuedAndEveryOneIsAStep) {
  AppState s = with_trace();
  ASSERT_GE(step_count(s), 8);
  press(s, "right", 6);
  EXPECT_EQ(handle_queued_keys(s, false), 6);
  EXPECT_EQ(s.step, 6);
  EXPECT_TRUE(s.key_queue.empty());
  // Taps while the step still animates count as well, one frame's worth at a time.
  ASSERT_TRUE(animating(s));
  advance(s, 0.05);
  press(s, "pageup", 2);
  handle_queued_keys(s, false);
  advance(s, 0.05);
  press(s, "left");
  handle_queued_keys(s, false);
  EXPECT_EQ(s.step, 3);
  // Beyond the last step the taps stop there.
  press(s, "right", 50);
  handle_queued_keys(s, false);
  EXPECT_EQ(s.step, step_count(s) - 1);
}

TEST(Keys, ATextBoxTakesThePressesWithoutAnAction) {
  AppState s = with_trace();
  press(s, "right", 3);
  EXPECT_EQ(handle_queued_keys(s, true), 0);
  EXPECT_EQ(s.step, 0);
  EXPECT_TRUE(s.key_queue.empty());  // they were the text's: not kept for later
}

TEST(Keys, SidebarFocusAndHelp) {
  AppState s = with_trace();
  s.panels = {"tree", "smem", "warps", "code"};
  press(s, "tab");
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.sidebar_hidden);
  s.hovered_panel = "warps";
  press(s, "f");
  handle_queued_keys(s, false);
  EXPECT_EQ(s.focus_panel, "warps");
  press(s, "f1");
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.help_open);
  // Esc closes the help first, then the focus view; F (again) also goes back.
  press(s, "escape");
  handle_queued_keys(s, false);
  EXPECT_FALSE(s.help_open);
  EXPECT_EQ(s.focus_panel, "warps");
  press(s, "escape");
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.focus_panel.empty());
  s.hovered_panel.clear();  // no panel under the mouse: the first one
  press(s, "f");
  handle_queued_keys(s, false);
  EXPECT_EQ(s.focus_panel, "tree");
  press(s, "f");
  press(s, "?");
  press(s, "tab");
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.focus_panel.empty());
  EXPECT_TRUE(s.help_open);
  EXPECT_FALSE(s.sidebar_hidden);
  // A held key repeats a step, not a toggle.
  s.key_queue.push_back({"tab", false, false, false, true});
  s.key_queue.push_back({"right", false, false, false, true});
  handle_queued_keys(s, false);
  EXPECT_FALSE(s.sidebar_hidden);
  EXPECT_EQ(s.step, 1);
  set_step(s, 0);
  // Ctrl+Right is not a step (the editor's and ImGui's).
  s.key_queue.push_back({"right", true});
  EXPECT_EQ(handle_queued_keys(s, false), 0);
  EXPECT_EQ(s.step, 0);
}

TEST(Keys, PageDownIsALessonStepInALessonAndATraceStepOutside) {
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s);
  const int padding = find_lesson_index(s, "padding");
  ASSERT_GE(padding, 0);
  ASSERT_TRUE(open_lesson_step(s, padding, 0));
  const int trace_step = s.step;
  press(s, "pagedown", 2);
  handle_queued_keys(s, false);
  EXPECT_EQ(s.lesson.step, 2);
  press(s, "a");
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.lesson.answer_shown);
  press(s, "escape");
  handle_queued_keys(s, false);
  EXPECT_EQ(s.lesson.active, -1);
  const int before = s.step;
  press(s, "pagedown");
  handle_queued_keys(s, false);
  EXPECT_EQ(s.step, std::min(before + 1, step_count(s) - 1));
  (void)trace_step;
}

// The help overlay is the table: every binding once, with its keys and what it does.
TEST(Keys, TheHelpListsEveryBindingOfTheTable) {
  const auto lines = key_help_lines();
  ASSERT_EQ(lines.size(), key_bindings().size());
  std::multiset<std::string> shown, listed;
  for (const KeyBinding& b : key_bindings()) {
    shown.insert(std::string(b.shown) + " " + b.what);
    EXPECT_NE(std::string(b.what), "");
    for (const std::string& k : b.keys) EXPECT_FALSE(k.empty());
  }
  for (const KeyHelpLine& l : lines) listed.insert(l.keys + " " + l.what);
  EXPECT_EQ(shown, listed);
  // Every key the table dispatches names a binding that a press of it finds (a lesson's keys: in a lesson).
  AppState plain, lesson;
  lesson.lesson.active = 0;
  for (const KeyBinding& b : key_bindings())
    for (const std::string& k : b.keys) {
      const KeyBinding* found = binding_for(std::string(b.where) == "lesson" ? lesson : plain, {k});
      ASSERT_NE(found, nullptr) << k;
      EXPECT_NE(std::find(found->keys.begin(), found->keys.end(), k), found->keys.end());
    }
}
