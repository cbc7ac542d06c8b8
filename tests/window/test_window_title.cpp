// The window's title says what is open: the kernel and its size, unsaved edits of it, a lesson and
// its step, a trace file loaded from disk.
#include <gtest/gtest.h>

#include "app_state.h"
#include "editor.h"
#include "engine/runner.h"
#include "window_title.h"

using namespace scanscope;

TEST(WindowTitle, NamesTheKernelAndItsSize) {
  AppState s;
  EXPECT_EQ(window_title(s), "scanscope");  // nothing open yet
  TraceRequest r;
  r.kernel = "reduce-sequential";
  r.n = 64;
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  EXPECT_EQ(window_title(s), "reduce-sequential, n = 64 - scanscope");
  r.kernel = "scan-blelloch";
  r.n = 16;
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  EXPECT_EQ(window_title(s), "scan-blelloch, n = 16 - scanscope");
}

TEST(WindowTitle, SaysWhenTheKernelHasUnsavedEdits) {
  AppState s;
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.n = 16;
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  ASSERT_TRUE(s.editor.loaded);
  s.editor.text += "\n// a student's note\n";
  EXPECT_EQ(window_title(s), "scan-blelloch (unsaved edits), n = 16 - scanscope");
}

TEST(WindowTitle, NamesTheLessonAndItsStep) {
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s);
  ASSERT_FALSE(s.lesson.lessons.empty());
  ASSERT_TRUE(open_lesson_step(s, 0, 1));
  const Lesson& l = s.lesson.lessons[0];
  EXPECT_EQ(window_title(s), "lesson: " + l.title + " (step 2 of " + std::to_string(l.steps.size()) + ") - scanscope");
  leave_lesson(s);
  EXPECT_EQ(window_title(s).find("lesson:"), std::string::npos) << window_title(s);
}

TEST(WindowTitle, NamesALoadedTraceFile) {
  AppState s;
  TraceRequest r;
  r.kernel = "reduce-sequential";
  r.n = 8;
  Trace t = run_emulator(r);
  show_trace(s, std::move(t), "loaded from /home/student/traces/mine.json");
  EXPECT_EQ(window_title(s), "mine.json - scanscope");
}
