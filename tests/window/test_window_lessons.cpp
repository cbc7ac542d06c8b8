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
#include <set>

#include "app_state.h"
#include "engine/kernel_file.h"
#include "layout.h"
#include "model.h"
#include "engine/runner.h"
#include "formats/lesson.h"

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

// Lesson steps resolve lazily (formats/lesson.h LessonResolve::OnDemand, lesson_step_resolution):
// the list resolves no step's kernel; a step is resolved when it is first opened, in any order,
// and never again; a step opened out of order shows what it shows opened in order; opened again it
// resolves no kernel (the kept one runs), only its comparison partner runs anew.
TEST(Lessons, AStepIsResolvedWhenFirstOpenedAndNeverAgain) {
  const long long steps_before = lesson_step_resolutions(), kernels_before = resolve_count();
  AppState ref;  // opened in order
  ref.options.device = Device::Cpu;
  load_lesson_list(ref);
  ASSERT_TRUE(ref.lesson.errors.empty()) << ref.lesson.errors.front();
  EXPECT_EQ(lesson_step_resolutions(), steps_before);
  EXPECT_EQ(resolve_count(), kernels_before);
  EXPECT_EQ(ref.lesson.resolutions, 0);
  EXPECT_TRUE(ref.lesson.resolved.empty());
  const int li = find_lesson_index(ref, "padding");  // kernels, comparison partners, an exercise
  ASSERT_GE(li, 0);
  const int n = static_cast<int>(ref.lesson.lessons[li].steps.size());
  ASSERT_GE(n, 5);
  auto shown = [](const AppState& a) {
    std::string p;
    for (const auto& x : a.panels) p += x + ",";
    return a.lesson.shown.text + "|" + a.lesson.shown.question + "|" + a.lesson.shown.answer + "|" + a.trace.kernel + "|" +
           std::to_string(a.trace.n) + "|" + pad_name(a.trace.pad) + "|" + std::to_string(a.step) + "|" + p + "|" +
           std::to_string(a.have_compare) + "|" + (a.have_compare ? pad_name(a.compare.pad) : "-");
  };
  std::vector<std::string> in_order;
  for (int k = 0; k < n; ++k) {
    ASSERT_TRUE(open_lesson_step(ref, li, k)) << k;
    in_order.push_back(shown(ref));
    EXPECT_EQ(ref.lesson.resolutions, k + 1);
  }
  EXPECT_EQ(lesson_step_resolutions(), steps_before + n);

  AppState s;  // out of order: the last, every other step backwards, then the rest backwards
  s.options.device = Device::Cpu;
  load_lesson_list(s);
  std::vector<int> order;
  for (int k = n - 1; k >= 0; k -= 2) order.push_back(k);
  for (int k = n - 2; k >= 0; k -= 2) order.push_back(k);
  std::set<int> seen;
  for (int k : order) {
    ASSERT_TRUE(open_lesson_step(s, li, k)) << k;
    seen.insert(k);
    EXPECT_EQ(s.lesson.resolutions, static_cast<long long>(seen.size())) << k;
    EXPECT_EQ(shown(s), in_order[k]) << "step " << k << " opened out of order";
  }
  EXPECT_EQ(lesson_step_resolutions(), steps_before + 2 * n);
  // Again, forwards and backwards (Next, Prev): nothing resolved, no step's kernel either.
  const long long kernels = resolve_count();
  long long partners = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < n; ++i) {
      const int k = pass == 0 ? i : n - 1 - i;
      ASSERT_TRUE(open_lesson_step(s, li, k)) << k;
      const LessonStep& st = s.lesson.lessons[li].steps[k];
      partners += !st.compare_pad.empty() || !st.compare_kernel.empty();
      EXPECT_EQ(shown(s), in_order[k]) << "step " << k << " opened again";
    }
  EXPECT_GT(partners, 0);
  EXPECT_EQ(s.lesson.resolutions, n);
  EXPECT_EQ(lesson_step_resolutions(), steps_before + 2 * n);
  EXPECT_EQ(resolve_count(), kernels + partners);  // the comparison partners, shown anew; no step's own kernel
}

// A step whose kernel does not resolve no longer keeps its lesson from loading (its kernel is
// resolved when the step opens): the lesson's other steps open, that step is refused with a toast
// naming its file and `kernel` line, every time, and it is resolved once.
TEST(Lessons, AStepWhoseKernelDoesNotResolveIsRefusedAtItsLine) {
  const std::string dir = temp_dir("unresolved");
  std::ofstream(dir + "/01-x.lesson") << "lesson: x\ntitle: X\n"
                                         "step: one\nkernel: reduce-sequential\nn: 8\ntext: fine\n"
                                         "step: two\nn: 8\nkernel: no-such-kernel\ntext: t\n"
                                         "step: three\nkernel: scan-blelloch\nn: 9999\ntext: t\n";
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s, dir);
  ASSERT_TRUE(s.lesson.errors.empty()) << s.lesson.errors.front();
  ASSERT_EQ(s.lesson.lessons.size(), 1u);
  EXPECT_EQ(s.lesson.resolutions, 0);
  ASSERT_TRUE(open_lesson_step(s, 0, 0));
  for (int again = 0; again < 2; ++again) {
    s.toasts.clear();
    EXPECT_FALSE(open_lesson_step(s, 0, 1));
    ASSERT_FALSE(s.toasts.empty());
    EXPECT_NE(s.toasts.back().text.find("01-x.lesson:9: unknown kernel 'no-such-kernel'"), std::string::npos) << s.toasts.back().text;
    EXPECT_EQ(s.lesson.step, 0);  // still on the step before
    s.toasts.clear();
    EXPECT_FALSE(open_lesson_step(s, 0, 2));
    ASSERT_FALSE(s.toasts.empty());
    EXPECT_NE(s.toasts.back().text.find("01-x.lesson:12: scan-blelloch takes --n from 1 to 2048"), std::string::npos) << s.toasts.back().text;
    EXPECT_EQ(s.lesson.resolutions, 3);
  }
  EXPECT_NE(lesson_step_resolution(s, 0, 1).error.find("01-x.lesson:9:"), std::string::npos);
  EXPECT_EQ(s.lesson.resolutions, 3);
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
