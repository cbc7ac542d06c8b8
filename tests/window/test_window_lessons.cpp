// Lessons in the window without a window: every lesson file loads and every step opens (kernel,
// trace step, panels, comparison, view); a broken file is a message naming file:line and the
// others stay; the wrong-result note, RACE sentences, mat2 labels, the app kernels' arrays, and
// where the lesson box and the wrong-result strip go.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app_state.h"
#include "engine/kernel_file.h"
#include "layout.h"
#include "model.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

bool has_error_toast(const AppState& s) {
  return std::any_of(s.toasts.begin(), s.toasts.end(), [](const Toast& t) { return t.error; });
}

std::string temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("scanscope_lessons_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

}  // namespace

TEST(Lessons, EveryStepOfEveryLessonOpens) {
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s);
  ASSERT_TRUE(s.lesson.errors.empty()) << s.lesson.errors.front();
  ASSERT_GE(s.lesson.lessons.size(), 11u);
  for (int li = 0; li < static_cast<int>(s.lesson.lessons.size()); ++li) {
    const Lesson& les = s.lesson.lessons[li];
    for (int k = 0; k < static_cast<int>(les.steps.size()); ++k) {
      s.toasts.clear();
      ASSERT_TRUE(open_lesson_step(s, li, k)) << les.name << " " << k;
      const LessonStep& st = les.steps[k];
      const std::string where = les.name + " step " + std::to_string(k);
      EXPECT_FALSE(has_error_toast(s)) << where << ": " << s.toasts.front().text;
      ASSERT_EQ(current_lesson_step(s), &st) << where;
      EXPECT_EQ(lesson_progress(s), "step " + std::to_string(k + 1) + " of " + std::to_string(les.steps.size()));
      EXPECT_FALSE(s.panels.empty()) << where;
      if (!st.view.empty()) {
        EXPECT_EQ(s.panels, std::vector<std::string>{st.view}) << where;
        if (st.view == "timing") {
          EXPECT_TRUE(s.have_bench) << where;
          if (!st.timing_view.empty()) {
            EXPECT_EQ(timing_view_name(s.timing.view), st.timing_view) << where;
          }
        }
        if (st.view == "histeq") {
          EXPECT_TRUE(s.histeq.ready) << where;
        }
        if (st.view == "float-order") {
          EXPECT_FALSE(s.float_order.report.sums.empty()) << where;
        }
        continue;
      }
      if (!st.panels.empty()) {
        EXPECT_EQ(s.panels, parse_panels(st.panels)) << where;
      }
      ASSERT_TRUE(st.has_request) << where;
      EXPECT_EQ(s.trace.kernel, st.request.kernel) << where;
      // a grid trace: `at` counts the whole grid's steps, the panels show that step's block
      const int last = static_cast<int>((s.have_grid ? s.grid.steps : s.trace.steps).size()) - 1;
      EXPECT_EQ(s.have_grid ? current_grid_step(s) : s.step, st.at < 0 ? last : st.at) << where;
      if (!st.compare_pad.empty() || !st.compare_kernel.empty()) {
        EXPECT_TRUE(s.have_compare) << where;
      }
      // Only the deliberately wrong steps say so.
      const KernelFile* kf = find_kernel_file(st.request.kernel);
      const bool broken = !wrong_by_design(*kf, st.request).empty();
      if (kf->family == KernelFamily::Listings)  // a listing as printed: its erratum may or may not change the output
        EXPECT_TRUE(s.output_ok || broken) << where << ": " << s.output_note;
      else
        EXPECT_EQ(s.output_ok, !broken) << where << ": " << s.output_note;
      EXPECT_EQ(s.trace.defines, st.request.defines) << where;
    }
  }
}

TEST(Lessons, NavigationAnswerAndLeavingRestoreThePanels) {
  AppState s;
  s.options.device = Device::Cpu;
  s.panels = {"tree", "warps"};
  load_lesson_list(s);
  const int li = find_lesson_index(s, "padding");
  ASSERT_GE(li, 0);
  EXPECT_EQ(find_lesson_index(s, "06-padding"), li);
  EXPECT_EQ(find_lesson_index(s, "no-such-lesson"), -1);
  ASSERT_TRUE(open_lesson_step(s, li, 0));
  EXPECT_FALSE(s.lesson.answer_shown);
  EXPECT_FALSE(open_lesson_step(s, li, 99));  // out of range: a toast, the step stays
  EXPECT_TRUE(has_error_toast(s));
  EXPECT_EQ(s.lesson.step, 0);
  ASSERT_TRUE(open_lesson_step(s, li, 1));
  EXPECT_EQ(s.request.pad, Pad::Harris);
  leave_lesson(s);
  EXPECT_EQ(current_lesson_step(s), nullptr);
  EXPECT_EQ(s.panels, (std::vector<std::string>{"tree", "warps"}));
}

TEST(Lessons, ABrokenFileIsAMessageWithFileAndLineAndTheOthersLoad) {
  const std::string dir = temp_dir("broken");
  std::ofstream(dir + "/01-good.lesson") << "lesson: good\ntitle: Good\nstep: one\nkernel: reduce-sequential\nn: 8\ntext: fine\n";
  std::ofstream(dir + "/02-bad.lesson") << "lesson: bad\ntitle: Bad\nstep: one\nkernel: no-such-kernel\nbogus-key: 3\n";
  AppState s;
  load_lesson_list(s, dir);
  ASSERT_EQ(s.lesson.lessons.size(), 1u);
  EXPECT_EQ(s.lesson.lessons[0].name, "good");
  ASSERT_EQ(s.lesson.errors.size(), 1u);
  EXPECT_NE(s.lesson.errors[0].find("02-bad.lesson:"), std::string::npos) << s.lesson.errors[0];
  EXPECT_TRUE(has_error_toast(s));
  AppState missing;
  load_lesson_list(missing, dir + "/nonexistent");
  EXPECT_TRUE(missing.lesson.lessons.empty());
  EXPECT_FALSE(missing.lesson.errors.empty());
  std::filesystem::remove_all(dir);
}

// The lesson box shows the step's numbers from its trace; a step whose `at` is past its trace's
// last step is refused with file:line and the step count, never shown at the last step.
TEST(Lessons, TheBoxFillsPlaceholdersAndAnAtPastTheTraceIsRefused) {
  const std::string dir = temp_dir("numbers");
  std::ofstream(dir + "/01-x.lesson") << "lesson: x\ntitle: X\n"
                                         "step: one\nkernel: reduce-sequential\ninput: 2,4,6,8,1,3,5,7\nat: 1\npanels: smem\n"
                                         "text: {label}: {smem[0..3]}\nquestion: next?\nanswer: {next.smem[0..1]}\n"
                                         "step: far\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: 99999\ntext: t\n"
                                         "step: three\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: last\ntext: sum {output}\n";
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s, dir);
  ASSERT_TRUE(s.lesson.errors.empty()) << s.lesson.errors.front();
  ASSERT_TRUE(open_lesson_step(s, 0, 0));
  EXPECT_EQ(s.lesson.shown.text, "stride 4: 3 7 11 15");
  EXPECT_EQ(s.lesson.shown.answer, "14 22");
  EXPECT_EQ(s.step, 1);
  s.toasts.clear();
  EXPECT_FALSE(open_lesson_step(s, 0, 1));
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_NE(s.toasts.back().text.find("01-x.lesson:14: at: 99999 is past the last step: reduce-sequential n=4 sum/int has 4 steps, 0 to 3"),
            std::string::npos)
      << s.toasts.back().text;
  EXPECT_TRUE(s.toasts.back().error);
  EXPECT_EQ(s.lesson.step, 0);  // still on the step before, its text and trace step
  EXPECT_EQ(s.lesson.shown.text, "stride 4: 3 7 11 15");
  EXPECT_EQ(s.step, 1);
  ASSERT_TRUE(open_lesson_step(s, 0, 2));
  EXPECT_EQ(s.lesson.shown.text, "sum 20");
  std::filesystem::remove_all(dir);
}

TEST(Lessons, WrongResultNotesSayWhy) {
  AppState s;
  TraceRequest r;
  r.kernel = "reduce-missing-barrier";
  r.n = 256;
  ASSERT_TRUE(run_request(s, r, Device::Cpu));
  EXPECT_FALSE(s.output_ok);
  EXPECT_NE(s.output_note.find("__syncthreads()"), std::string::npos) << s.output_note;
  EXPECT_NE(s.output_note.find("RACE"), std::string::npos) << s.output_note;
  r.kernel = "reduce-sequential";
  r.op = Operator::Mat2;
  r.n = 16;
  ASSERT_TRUE(run_request(s, r, Device::Cpu));
  EXPECT_FALSE(s.output_ok);
  EXPECT_NE(s.output_note.find("not commutative"), std::string::npos) << s.output_note;
  r.kernel = "reduce-interleaved";
  ASSERT_TRUE(run_request(s, r, Device::Cpu));
  EXPECT_TRUE(s.output_ok) << s.output_note;
  EXPECT_TRUE(s.output_note.empty());
}

TEST(Lessons, RacedWordsAreMarkedAndNamedInTheStepSentence) {
  TraceRequest r;
  r.kernel = "reduce-missing-barrier";
  r.n = 256;
  Trace t = run_emulator(r);
  int raced_step = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (!t.steps[k].hazards.empty()) raced_step = k;
  ASSERT_GE(raced_step, 0);
  const Step& st = t.steps[raced_step];
  const auto words = hazard_words(st, static_cast<int>(st.smem.size()));
  EXPECT_TRUE(words[st.hazards[0].word]);
  EXPECT_NE(describe_step(t, raced_step).find("RACE"), std::string::npos) << describe_step(t, raced_step);
  r.kernel = "reduce-sequential";
  Trace good = run_emulator(r);
  for (int k = 0; k < static_cast<int>(good.steps.size()); ++k) EXPECT_EQ(describe_step(good, k).find("RACE"), std::string::npos);
}

TEST(Lessons, Mat2ValuesAreMatricesAndOtherOperatorsStayPlain) {
  EXPECT_EQ(format_value(1 + (2 << 8) + (3 << 16) + (4 << 24), Operator::Mat2, ValueStyle::Cell), "[1 2;3 4]");
  EXPECT_EQ(format_value(42, Operator::Sum, ValueStyle::Cell), "42");
  EXPECT_EQ(format_value(NAN, Operator::Mat2, ValueStyle::Cell), "");  // never written: no label
  EXPECT_EQ(parse_panels("histeq,float-order"), (std::vector<std::string>{"histeq", "float-order"}));
}

TEST(Lessons, TheRadixSortArraysCoverSharedMemoryInOrder) {
  TraceRequest r;
  r.kernel = "app-radix-sort";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  Trace t = run_emulator(r);
  auto arrays = shared_arrays(t);
  ASSERT_EQ(arrays.size(), 4u);
  int next = 0;
  for (const auto& a : arrays) {
    EXPECT_EQ(a.first, next) << a.name;
    next = a.first + a.words;
  }
  EXPECT_EQ(next, t.smem_words);
  r.kernel = "app-compact";
  Trace c = run_emulator(r);
  ASSERT_EQ(shared_arrays(c).size(), 1u);
  EXPECT_EQ(shared_arrays(c)[0].words, c.smem_words);
  r.kernel = "scan-blelloch";  // one extern array, named by the kernel
  Trace b = run_emulator(r);
  ASSERT_EQ(shared_arrays(b).size(), 1u);
  EXPECT_EQ(shared_arrays(b)[0].name, "temp");
}

TEST(Lessons, FloatOrderAndHistogramViews) {
  AppState s;
  s.options.device = Device::Cpu;
  for (int kind = 0; kind < static_cast<int>(float_order_kinds().size()); ++kind) {
    s.float_order.kind = kind;
    update_float_order(s);
    ASSERT_GE(s.float_order.report.sums.size(), 3u) << float_order_kinds()[kind];
    for (const auto& f : s.float_order.report.sums) EXPECT_GE(f.ulps, 0) << f.method;
  }
  ASSERT_TRUE(load_histeq(s, ""));
  EXPECT_EQ(s.histeq.eq.cdf.size(), 256u);
  EXPECT_FALSE(load_histeq(s, "/nonexistent/picture.png"));  // a toast; the picture stays
  EXPECT_TRUE(has_error_toast(s));
  EXPECT_TRUE(s.histeq.ready);
  show_histeq_scan(s);
  ASSERT_TRUE(s.have_trace);
  EXPECT_EQ(s.trace.n, 256);
  EXPECT_EQ(s.step, static_cast<int>(s.trace.steps.size()) - 1);
  EXPECT_TRUE(s.output_ok) << s.output_note;
}

TEST(Layout, TheLessonBoxAndTheNoticeTakeTheirRowsWithoutOverlap) {
  const std::vector<std::string> panels = {"tree", "smem", "code"};
  WindowLayout plain = layout_window(panels, 1600, 900, 1.0f);
  EXPECT_EQ(plain.lesson.h, 0);
  EXPECT_EQ(plain.notice.h, 0);
  LayoutExtras e;
  e.lesson = true;
  e.notice_h = 40;
  WindowLayout l = layout_window(panels, 1600, 900, 1.0f, e);
  EXPECT_FLOAT_EQ(l.lesson.bottom(), 900);
  EXPECT_GE(l.lesson.h, 170);
  EXPECT_LE(l.lesson.h, 900 * 0.45f);
  EXPECT_FLOAT_EQ(l.lesson.x, l.transport.x);
  EXPECT_FLOAT_EQ(l.notice.y, l.transport.bottom());
  EXPECT_FLOAT_EQ(l.notice.h, 40);
  for (const auto& p : l.panels) {
    EXPECT_GE(p.rect.y, l.notice.bottom() - 0.01f) << p.name;
    EXPECT_LE(p.rect.bottom(), l.lesson.y + 0.01f) << p.name;
  }
  // A small window: the box never takes more than 45 % of it.
  WindowLayout small = layout_window(panels, 640, 360, 1.0f, e);
  EXPECT_LE(small.lesson.h, 360 * 0.45f + 0.01f);
  EXPECT_GT(small.panels[0].rect.h, 0);
}
