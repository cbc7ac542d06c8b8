// Applications and lessons beyond the kernels: histogram equalization, floating-point order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include <sys/stat.h>

#include "demos/float_order.h"
#include "demos/histeq.h"
#include "engine/kernel_file.h"
#include "formats/lesson.h"

#include <map>
#include <set>

using namespace scanscope;

TEST(HistogramEqualization, StretchesALowContrastImage) {
  GrayImage img = synthetic_image(64, 48);
  auto [lo, hi] = std::minmax_element(img.pixels.begin(), img.pixels.end());
  EXPECT_GE(*lo, 80);
  EXPECT_LE(*hi, 150);
  Equalization e = equalize(img, Device::Cpu);
  std::string why;
  EXPECT_TRUE(check_output(e.cdf_trace, &why)) << why;  // the traced scan is the CDF
  EXPECT_EQ(e.cdf.back(), 64 * 48);
  auto [lo2, hi2] = std::minmax_element(e.equalized.pixels.begin(), e.equalized.pixels.end());
  EXPECT_EQ(*lo2, 0);
  EXPECT_EQ(*hi2, 255);
  // The mapping is monotone: brighter stays brighter.
  for (int v = 1; v < 256; ++v) EXPECT_GE(e.lut[v], e.lut[v - 1]);
}

TEST(HistogramEqualization, PngRoundTripAndBadFiles) {
  std::string path = ::testing::TempDir() + "/scanscope_eq.png";
  GrayImage img = synthetic_image(40, 30);
  save_gray_png(path, img);
  GrayImage back = load_gray_image(path);
  EXPECT_EQ(back.width, 40);
  EXPECT_EQ(back.height, 30);
  EXPECT_EQ(back.pixels, img.pixels);
  std::string junk = ::testing::TempDir() + "/scanscope_junk.png";
  std::ofstream(junk) << "not an image";
  try {
    load_gray_image(junk);
    FAIL() << "junk loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("scanscope_junk.png: cannot read as an image"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_gray_image(::testing::TempDir() + "/no_such.png"), std::runtime_error);
  std::remove(path.c_str());
  std::remove(junk.c_str());
}

// The primitives tutorial: "The parallel tree reduction computes a different value than the sequential sum
// because the grouping of additions differs ... Use compensated summation (Kahan)".
TEST(FloatOrder, TreeBeatsSequentialAndKahanBeatsBoth) {
  FloatOrderReport r = compare_float_orders(float_order_data("uniform", 65536, 1));
  ASSERT_EQ(r.sums.size(), 4u);
  const FloatSum& seq = r.sums[0];
  const FloatSum& tree = r.sums[1];
  const FloatSum& kahan = r.sums[3];
  EXPECT_GT(seq.abs_error, 10 * tree.abs_error);
  EXPECT_LE(kahan.abs_error, tree.abs_error);
  EXPECT_LE(kahan.ulps, 1.0);
  EXPECT_NE(seq.value, tree.value);  // same data, different order, different float
}

TEST(FloatOrder, BadArguments) {
  EXPECT_THROW(float_order_data("gaussian", 10, 1), UsageError);
  EXPECT_THROW(float_order_data("uniform", 0, 1), UsageError);
  EXPECT_THROW(float_order_data("uniform", 100000, 1), UsageError);
}

namespace {
std::string lesson_error(const std::string& text) {
  try {
    parse_lesson(text, "bad.lesson");
  } catch (const LessonError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

std::string lesson_file_error(const std::string& path) {
  try {
    load_lesson_file(path);
  } catch (const LessonError& e) {
    return e.what();
  }
  return "";
}

TEST(Lessons, MalformedFilesNameFileAndLine) {
  const std::string head = "lesson: x\ntitle: X\n";
  EXPECT_EQ(lesson_error("title: X\nstep: a\nview: timing\ntext: t\n"), "bad.lesson:1: missing 'lesson: NAME' at the top");
  EXPECT_EQ(lesson_error(head), "bad.lesson:2: the lesson has no steps");
  EXPECT_NE(lesson_error(head + "step: a\nkernal: scan-blelloch\ntext: t\n").find("bad.lesson:4: unknown key 'kernal'"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\nn: lots\ntext: t\n").find("bad.lesson:5: n: 'lots' is not a whole number"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\nn: 9999\ntext: t\n").find("bad.lesson:4: scan-blelloch takes --n from 1 to 2048"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\n").find("bad.lesson:3: step 'a' has no text"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\ntext: t\nquestion: why?\n").find("bad.lesson:5: a question needs an answer"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nview: movie\ntext: t\n").find("bad.lesson:4: view: 'movie'"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nview: timing\ntiming-view: log\ntext: t\n").find("bad.lesson:5: timing-view: 'log' is not time or ratio"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nview: histeq\ntiming-view: ratio\ntext: t\n").find("bad.lesson:5: timing-view: needs view: timing"),
            std::string::npos);
  EXPECT_EQ(parse_lesson(head + "step: a\nview: timing\ntiming-view: ratio\ntext: t\n", "ok.lesson").steps[0].timing_view, "ratio");
  EXPECT_NE(lesson_error(head + "step: a\nview: timing\ntiming-preset: fastest\ntext: t\n").find("bad.lesson:5: timing-preset: 'fastest' is not one of reduce-vs-cub, scan-vs-cub"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nview: histeq\ntiming-preset: scan-vs-cub\ntext: t\n").find("bad.lesson:5: timing-preset: needs view: timing"),
            std::string::npos);
  EXPECT_EQ(parse_lesson(head + "step: a\nview: timing\ntiming-preset: seeds\ntext: t\n", "ok.lesson").steps[0].timing_preset, "sources");  // a former id
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\npanels: tree,sound\ntext: t\n").find("bad.lesson:5: panels: 'sound'"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nn: 8\ntext: t\n").find("bad.lesson:4: n needs a kernel"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\ninput: 1,x\ntext: t\n").find("bad.lesson:5: --input item 2"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\nop: mul\ntext: t\n").find("bad.lesson:5: op: must be sum, min, max, or"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "just words\n").find("bad.lesson:3: expected 'key: value'"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\ntext: t\ntext: u\n").find("bad.lesson:5: 'text' given twice"), std::string::npos);
  // A good one, with a continuation line.
  Lesson l = parse_lesson(head + "step: a\nkernel: scan-blelloch\ninput: 1,2,3,4\nat: last\ntext: one\n  two\n", "ok.lesson");
  ASSERT_EQ(l.steps.size(), 1u);
  EXPECT_EQ(l.steps[0].text, "one two");
  EXPECT_EQ(l.steps[0].at, -1);
  EXPECT_EQ(l.steps[0].request.n, 4);
  EXPECT_THROW(load_lesson_file("/no/such.lesson"), LessonError);
}

// LessonResolve::OnDemand (the window's way): the file's syntax and the request's values are
// checked, no step's kernel is resolved; a step's kernel errors come when the step is resolved or
// run, at its `kernel` line, as AtLoad gives them when the file loads.
TEST(Lessons, OnDemandResolvesAStepsKernelWhenItIsRun) {
  const std::string text = "lesson: x\ntitle: X\nstep: a\nkernel: scan-blelloch\nn: 9999\ntext: t\n"
                           "step: b\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: last\ntext: sum {output}\n";
  const long long steps = lesson_step_resolutions(), kernels = resolve_count();
  const Lesson l = parse_lesson(text, "lazy.lesson", LessonResolve::OnDemand);
  EXPECT_EQ(lesson_step_resolutions(), steps);
  EXPECT_EQ(resolve_count(), kernels);
  ASSERT_EQ(l.steps.size(), 2u);
  EXPECT_EQ(l.steps[0].kernel_line, 4);
  const std::string at_load = lesson_error(text);  // AtLoad: "bad.lesson:4: ..."
  EXPECT_EQ(at_load.rfind("bad.lesson:4: scan-blelloch takes --n from 1 to 2048", 0), 0u) << at_load;
  try {
    resolve_lesson_step(l, l.steps[0]);
    ADD_FAILURE() << "resolved";
  } catch (const LessonError& e) {
    EXPECT_EQ(std::string(e.what()), "lazy.lesson" + at_load.substr(std::string("bad.lesson").size()));
  }
  EXPECT_THROW(run_lesson_step(l, l.steps[0], nullptr), LessonError);
  EXPECT_EQ(run_lesson_step(l, l.steps[1], nullptr).text, "sum 20");
  EXPECT_EQ(lesson_step_resolutions(), steps + 4);  // AtLoad's of step a (it threw), then a, a and b here
  const ResolvedKernel k = resolve_lesson_step(l, l.steps[1]);  // given, run_lesson_step runs it
  const long long before = resolve_count();
  EXPECT_EQ(run_lesson_step(l, l.steps[1], nullptr, nullptr, &k).text, "sum 20");
  EXPECT_EQ(resolve_count(), before);
  // A value wrong without a kernel file is still an error when the file loads.
  try {
    parse_lesson("lesson: x\ntitle: X\nstep: a\nkernel: scan-blelloch\nthreads: 5000\ntext: t\n", "lazy.lesson", LessonResolve::OnDemand);
    ADD_FAILURE() << "parsed";
  } catch (const LessonError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("lazy.lesson:4: --threads must be from 1 to 1024", 0), 0u) << e.what();
  }
}

// Work budgets of a whole lesson (issue 28): a lesson of 1,500 traced steps, or of steps whose
// placeholders fill in gigabytes, once hung `lesson list`, `lesson show` and the window. Refused
// while the lesson is read (traces) or as the placeholders are filled (characters).
TEST(Lessons, ALessonHasOneBudgetOfTracesAndFilledText) {
  const std::string head = "lesson: x\ntitle: X\n";
  std::string many = head;
  for (int i = 0; i < 1500; ++i) many += "step: s\nkernel: app-radix-sort\nn: 2048\ntext: t\n";
  const int line = 3 + 4 * kMaxLessonTraces;  // the step that is one too many
  EXPECT_EQ(lesson_error(many), "bad.lesson:" + std::to_string(line) + ": more than " + std::to_string(kMaxLessonTraces) +
                                    " traces in one lesson (each step's kernel and its comparison count one)");
  // a step with a comparison counts two
  std::string pairs = head;
  for (int i = 0; i < kMaxLessonTraces / 2 + 1; ++i) pairs += "step: s\nkernel: scan-blelloch\nn: 16\ncompare-pad: harris\ntext: t\n";
  EXPECT_NE(lesson_error(pairs).find("traces in one lesson"), std::string::npos);
  // 20 steps of 690 placeholders of 65536 numbers each: stopped at the budget, while filling.
  std::string text;
  for (int i = 0; i < 690; ++i) text += "{input[0..65535]}";
  std::string fat = head;
  for (int i = 0; i < 20; ++i) fat += "step: s\nkernel: reduce-first-add\nn: 65536\ntext: " + text.substr(0, 3990 / 17 * 17) + "\n";
  const Lesson l = parse_lesson(fat, "fat.lesson");
  try {
    check_lesson_runs(l);
    ADD_FAILURE() << "filled";
  } catch (const LessonError& e) {
    EXPECT_NE(std::string(e.what()).find(": {input[0..65535]}: the lesson's placeholders fill in more than 1048576 characters (all steps together)"),
              std::string::npos)
        << e.what();
  }
}

// A lesson's traces share one budget of interpreter instructions: 64 traces of a grid radix sort
// at n = 8192 were each within their own budget and the trace count, and took over a minute in
// `lesson list` on a busy machine. The lesson is refused at the step whose trace goes over.
TEST(Lessons, ALessonsTracesShareOneInstructionBudget) {
  TraceRequest small;
  small.kernel = "reduce-sequential";
  small.n = 8;
  const Trace t = run_emulator(small);
  EXPECT_GT(t.work, 0);
  EXPECT_LT(t.work, 100000);  // 8 elements: a few hundred instructions
  std::string heavy = "lesson: x\ntitle: X\n";
  for (int i = 0; i < kMaxLessonTraces; ++i) heavy += "step: s\nkernel: app-radix-sort-blocks\nn: 8192\ntext: t\n";
  // (OnDemand: the kernel is resolved where a step runs; resolving the 64 like steps of each lesson
  // as it loads, AtLoad, was a third of this test's time and nothing it asserts)
  const Lesson l = parse_lesson(heavy, "heavy.lesson", LessonResolve::OnDemand);  // within the trace count
  TraceRequest one = l.steps[0].request;
  const long long each = run_emulator(one).work;
  ASSERT_GT(each, 0);
  // The shipped budget would refuse such a lesson before its trace count's end ...
  EXPECT_EQ(LessonBudget{}.instructions, kMaxLessonInstructions);
  EXPECT_LT(kMaxLessonInstructions / each, kMaxLessonTraces);
  // ... which a budget of 3.5 traces shows at the fourth step (running the shipped one to its end
  // took half a minute under the sanitizers), on the same kernel at a size 16 times smaller, whose
  // traces cost what the rule needs to show and a sixteenth of the time.
  std::string light = "lesson: x\ntitle: X\n";
  for (int i = 0; i < kMaxLessonTraces; ++i) light += "step: s\nkernel: app-radix-sort-blocks\nn: 512\ntext: t\n";
  const Lesson small_steps = parse_lesson(light, "heavy.lesson", LessonResolve::OnDemand);
  const long long each_small = run_emulator(small_steps.steps[0].request).work;
  ASSERT_GT(each_small, 0);
  ASSERT_LT(each_small, each);
  LessonBudget budget;
  budget.instructions = budget.instruction_limit = 3 * each_small + each_small / 2;
  const long long refused_at = budget.instructions / each_small;  // the first step over the budget (from 0)
  try {
    check_lesson_runs(small_steps, budget);
    ADD_FAILURE() << "ran";
  } catch (const LessonError& e) {
    EXPECT_EQ(std::string(e.what()), "heavy.lesson:" + std::to_string(3 + 4 * refused_at) + ": the lesson's traces run more than " +
                                         std::to_string(budget.instruction_limit) +
                                         " interpreter instructions together (all steps; smaller n or fewer steps)");
  }
}

// Hostile lesson files: each one clear FILE:LINE error, read without blocking or reading forever.
TEST(Lessons, HostileFilesAreRefusedClearly) {
  const std::string head = "lesson: x\ntitle: X\n";
  // A byte-order mark and Windows line ends are an editor's habits, not errors.
  Lesson bom = parse_lesson("\xEF\xBB\xBF" + head + "step: a\r\nview: timing\r\ntext: t\r\n", "bom.lesson");
  EXPECT_EQ(bom.name, "x");
  EXPECT_EQ(bom.steps[0].text, "t");
  EXPECT_EQ(lesson_error(head + "step: a\ntext: " + std::string(25000, 'z') + "\n"), "bad.lesson:4: 'text' is longer than 4000 characters");
  EXPECT_EQ(lesson_error(head + "step: a\ntext: \x1b[2J clears the screen\n"), "bad.lesson:4: contains a control character (code 27)");
  const std::string dir = ::testing::TempDir() + "/scanscope_hostile_lessons";
  std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "/folder.lesson'").c_str());
  ASSERT_EQ(::mkfifo((dir + "/z.lesson").c_str(), 0600), 0);
  EXPECT_NE(lesson_file_error(dir + "/z.lesson").find("z.lesson:0: not a regular file"), std::string::npos);
  EXPECT_NE(lesson_file_error(dir + "/folder.lesson").find("folder.lesson:0: a folder, not a lesson"), std::string::npos);
  EXPECT_NE(lesson_file_error("/dev/zero").find("/dev/zero:0: not a regular file"), std::string::npos);
}

// define: passes -D NAME=VALUE to the kernel file, as the command line does.
TEST(Lessons, DefineSetsTheKernelFilesMacros) {
  const std::string head = "lesson: x\ntitle: X\n";
  Lesson l = parse_lesson(head + "step: a\nkernel: scan-paper-listing3\ntype: float\nn: 64\ndefine: ZERO_BANK_CONFLICTS=1\ntext: t\n" +
                              "step: b\nkernel: scan-paper-listing3\ntype: float\nn: 64\ndefine: NUM_BANKS=32, LOG_NUM_BANKS=5 ZERO_BANK_CONFLICTS\ntext: t\n",
                          "ok.lesson");
  ASSERT_EQ(l.steps.size(), 2u);
  using Defines = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(l.steps[0].request.defines, (Defines{{"ZERO_BANK_CONFLICTS", "1"}}));
  EXPECT_EQ(l.steps[1].request.defines, (Defines{{"NUM_BANKS", "32"}, {"LOG_NUM_BANKS", "5"}, {"ZERO_BANK_CONFLICTS", ""}}));
  Trace t = run_emulator(l.steps[0].request);
  EXPECT_EQ(t.defines, l.steps[0].request.defines);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\ndefine: 9X=1\ntext: t\n").find("bad.lesson:5: define: '9X' is not a macro name"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\ndefine: PAD=\ntext: t\n").find("bad.lesson:5: define: PAD= needs a value"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\ndefine: ,\ntext: t\n").find("bad.lesson:5: define: expected NAME=VALUE"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\ndefine: X=1\ntext: t\nview: timing\n").find("bad.lesson:4: define needs a kernel"), std::string::npos);
}

// The numbers the lesson texts quote, from the traces of the steps that quote them (each step's
// own request, read from its lesson file).
namespace {

const LessonStep& lesson_step(const std::string& name, int k) {
  // (their kernels resolved as each step runs; Lessons.EveryLessonLoadsAndEveryStepTracesAndQuotesItsTraces loads them AtLoad)
  static std::vector<Lesson> lessons = load_lessons(std::string(SCANSCOPE_SOURCE_DIR) + "/assets/lessons", LessonResolve::OnDemand);
  for (const auto& l : lessons)
    if (l.name == name) return l.steps.at(k);
  throw std::runtime_error("no lesson " + name);
}

// What the step says on screen: its text, question and answer with the placeholders filled from
// its traces.
bool says(const LessonStep& s, const std::string& what) {
  Lesson one;
  one.file = "assets/lessons";
  one.steps = {s};
  const FilledStep f = run_lesson_step(one, s, nullptr);
  return (f.text + " " + f.question + " " + f.answer).find(what) != std::string::npos;
}

std::vector<double> words(const Trace& t, int step, int count) {
  return std::vector<double>(t.steps.at(step).smem.begin(), t.steps.at(step).smem.begin() + count);
}

int at_of(const LessonStep& s, const Trace& t) { return s.at < 0 ? static_cast<int>(t.steps.size()) - 1 : s.at; }

// Threads that load two words in a step: the ones that combine.
int combining_threads(const Step& st) {
  std::map<int, int> loads;
  for (const auto& a : st.accesses) loads[a.tid] += a.op == kLoad;
  int n = 0;
  for (const auto& [tid, count] : loads) n += count >= 2;
  return n;
}

}  // namespace

TEST(LessonNumbers, ReductionDivergenceBanksShuffle) {
  const LessonStep& level1 = lesson_step("reduction-tree", 1);
  Trace t = run_emulator(level1.request);
  EXPECT_EQ(words(t, level1.at, 4), (std::vector<double>{3, 7, 11, 15}));
  EXPECT_EQ(words(t, level1.at + 1, 2), (std::vector<double>{14, 22}));
  EXPECT_TRUE(says(level1, "3 + 11 = 14") && says(level1, "7 + 15 = 22") && says(level1, "line 37 of"));
  EXPECT_EQ(t.sites[t.steps[level1.at].accesses.front().site].line, 37);

  const LessonStep& grid = lesson_step("reduction-tree", 3);
  Trace g = run_emulator(grid.request);
  EXPECT_EQ(words(g, 0, 4), (std::vector<double>{12, 5, 17, 5}));
  EXPECT_EQ(words(g, 1, 2), (std::vector<double>{29, 10}));
  EXPECT_EQ(g.output, (std::vector<double>{39}));

  const LessonStep& packed = lesson_step("divergence", 1);
  EXPECT_EQ(run_emulator(packed.request).steps.at(packed.at).max_degree, 4);
  EXPECT_TRUE(says(packed, "4-way at stride 2"));

  const LessonStep& grows = lesson_step("bank-conflicts", 1);
  Trace b = run_emulator(grows.request);
  EXPECT_EQ(b.steps.at(grows.at).max_degree, 32);
  EXPECT_EQ(b.totals.ld, (OpTotals{73, 383, 310}));
  EXPECT_TRUE(says(grows, "73 load") && says(grows, "383 wavefronts") && says(grows, "310 of them"));
  const LessonStep& seq = lesson_step("bank-conflicts", 2);
  EXPECT_EQ(run_emulator(seq.request).totals.ld, (OpTotals{73, 73, 0}));

  const LessonStep& shared = lesson_step("warp-shuffle", 1);
  Trace w = run_emulator(shared.request);
  EXPECT_EQ(w.totals.ld.inst, 1);
  EXPECT_EQ(w.totals.st.inst, 8);
  EXPECT_TRUE(says(shared, "9 shared-memory instructions in total: 8 stores and 1 load"));
}

TEST(LessonNumbers, ScansAndWork) {
  const LessonStep& down = lesson_step("hillis-steele-vs-blelloch", 2);
  Trace b = run_emulator(down.request);
  EXPECT_EQ(b.steps.at(down.at).label, "down-sweep d=4");  // the last level: the tree shows all three down-sweep rows
  EXPECT_EQ(words(b, down.at - 2, 8), (std::vector<double>{3, 4, 7, 0, 4, 5, 6, 11}));
  EXPECT_EQ(words(b, down.at - 1, 8), (std::vector<double>{3, 0, 7, 4, 4, 11, 6, 16}));
  EXPECT_EQ(words(b, down.at, 8), (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_TRUE(says(down, "[0 3 4 11 11 15 16 22], the exclusive scan, after d=4 (this step)"));

  const LessonStep& work = lesson_step("hillis-steele-vs-blelloch", 3);
  Trace hs = run_emulator(work.request);
  int adds = 0, levels = 0;
  for (const auto& st : hs.steps)
    if (st.phase == Phase::Scan) adds += combining_threads(st), ++levels;
  EXPECT_EQ(adds, 9217);
  EXPECT_EQ(levels, 10);
  TraceRequest r = work.request;
  r.kernel = work.compare_kernel;
  r.scan.clear();
  Trace bl = run_emulator(r);
  int badds = 0, blevels = 0;
  for (const auto& st : bl.steps)
    if (st.phase == Phase::Up || st.phase == Phase::Down) badds += combining_threads(st), ++blevels;
  EXPECT_EQ(badds, 2046);
  EXPECT_EQ(blevels, 20);
  EXPECT_TRUE(says(work, "9217 additions") && says(work, "2046 in 20"));
}

TEST(LessonNumbers, PaddingAndTheListingsAsPrinted) {
  const LessonStep& g80 = lesson_step("padding", 0);
  Trace none = run_emulator(g80.request);
  const Step& d32 = none.steps.at(g80.at);
  EXPECT_EQ(d32.label, "up-sweep d=32");
  EXPECT_EQ(d32.max_degree, 16);
  for (const auto& a : d32.accesses) {  // ai = 16*t + 7, bi = 16*t + 15
    if (a.op == kLoad) {
      EXPECT_TRUE(a.word == 16 * a.tid + 7 || a.word == 16 * a.tid + 15) << a.tid << " " << a.word;
    }
  }
  EXPECT_EQ(none.steps.at(0).max_degree, 2);  // the question: the load step
  EXPECT_EQ(none.totals.ld.conflicts, 652);
  EXPECT_EQ(none.totals.st.conflicts, 404);

  const LessonStep& harris = lesson_step("padding", 1);
  Trace h = run_emulator(harris.request);
  EXPECT_EQ(h.steps.at(harris.at).max_degree, 1);
  EXPECT_EQ(h.totals.ld.conflicts, 20);
  EXPECT_EQ(h.totals.st.conflicts, 12);
  EXPECT_TRUE(says(harris, "from 652 to 20") && says(harris, "from 404 to 12") && says(harris, "17*t + 7"));

  const LessonStep& left = lesson_step("padding", 2);
  Trace hl = run_emulator(left.request);
  EXPECT_EQ(hl.steps.at(left.at).max_degree, 2);
  int first_2way = -1;
  for (int k = 0; k < static_cast<int>(hl.steps.size()) && first_2way < 0; ++k)
    if (hl.steps[k].max_degree == 2 && hl.steps[k].phase == Phase::Up) first_2way = k;
  ASSERT_GE(first_2way, 0);
  EXPECT_EQ(hl.steps[first_2way].label, "up-sweep d=16");
  TraceRequest z = left.request;
  z.pad = Pad::Zero;
  Trace zr = run_emulator(z);
  EXPECT_EQ(zr.totals.ld.conflicts + zr.totals.st.conflicts, 0);

  // The printed ZERO_BANK_CONFLICTS macro pads nothing: the unpadded tree, a right output.
  const LessonStep& printed = lesson_step("padding", 3);
  EXPECT_EQ(printed.request.defines, (std::vector<std::pair<std::string, std::string>>{{"ZERO_BANK_CONFLICTS", "1"}}));
  Trace p = run_emulator(printed.request);
  std::string why;
  EXPECT_TRUE(check_output(p, &why)) << why;
  EXPECT_EQ(p.steps.at(printed.at).max_degree, 16);
  EXPECT_EQ(p.sites[p.steps.at(printed.at).instructions.front().site].line, 74);
  std::vector<int> up;
  for (int k = 1; k <= 8; ++k) up.push_back(p.steps.at(k).max_degree);
  EXPECT_EQ(up, (std::vector<int>{2, 4, 8, 16, 16, 8, 4, 2}));
  EXPECT_EQ(p.totals.ld.conflicts, 620);
  EXPECT_EQ(p.totals.st.conflicts, 372);
  TraceRequest unpadded = printed.request;
  unpadded.kernel = "scan-blelloch";
  unpadded.defines.clear();
  Trace u = run_emulator(unpadded);
  EXPECT_EQ(u.totals.ld.conflicts, 652);
  EXPECT_EQ(u.totals.st.conflicts, 404);
  EXPECT_LT(p.totals.ld.conflicts, u.totals.ld.conflicts);  // the question asks where scan-blelloch's extra ones come from
  EXPECT_TRUE(says(printed, "Unpadded scan-blelloch (B in step 2) has more load conflicts than these 620") && says(printed, "blocks A and E"));

  const LessonStep& today = lesson_step("padding", 4);
  Trace n2048 = run_emulator(today.request);
  EXPECT_EQ(n2048.totals.ld, (OpTotals{404, 429, 25}));
  TraceRequest t2 = today.request;
  t2.pad = Pad::None;
  EXPECT_EQ(run_emulator(t2).totals.ld, (OpTotals{404, 2043, 1639}));
  t2.pad = Pad::Zero;
  EXPECT_EQ(run_emulator(t2).totals.ld, (OpTotals{404, 404, 0}));
  EXPECT_TRUE(says(today, "2043 load wavefronts for 404 instructions") && says(today, "429 wavefronts"));

  // Listing 2's load: one st.shared.v2 per warp, 2 wavefronts, no conflict; 2-way as G80 issued it.
  const LessonStep& merged = lesson_step("padding", 5);
  Trace l2 = run_emulator(merged.request);
  const Step& load = l2.steps.at(merged.at);
  int inst = 0, wf = 0, conflicts = 0;
  for (const auto& wi : load.instructions) {
    EXPECT_EQ(wi.op, kStore);
    EXPECT_EQ(wi.width, 2);
    ++inst, wf += wi.wavefronts, conflicts += wi.conflicts;
  }
  EXPECT_EQ(inst, 8);
  EXPECT_EQ(wf, 16);
  EXPECT_EQ(conflicts, 0);
  // the machine code's STS.64 where NVRTC makes a cubin, the PTX's st.shared.v2 where only the PTX is read
  EXPECT_TRUE(l2.compiler.find("STS.64") != std::string::npos || l2.compiler.find("st.shared.v2") != std::string::npos) << l2.compiler;
  EXPECT_TRUE(says(merged, "8 instructions and 16 wavefronts") && says(merged, "16 instructions, 32 wavefronts"));
  TraceRequest blel = merged.request;
  blel.kernel = "scan-blelloch";
  Trace bl = run_emulator(blel);
  int binst = 0, bwf = 0;
  for (const auto& wi : bl.steps.at(0).instructions) ++binst, bwf += wi.wavefronts;
  EXPECT_EQ(binst, 16);
  EXPECT_EQ(bwf, 32);
  TraceRequest g80_l2 = merged.request;
  g80_l2.banks = 16;
  g80_l2.warp_issue = 16;
  EXPECT_EQ(run_emulator(g80_l2).steps.at(0).max_degree, 2);
}

TEST(LessonNumbers, ApplicationsAndTheRace) {
  const LessonStep& compact = lesson_step("applications", 1);
  Trace c = run_emulator(compact.request);
  EXPECT_EQ(words(c, at_of(compact, c), 5), (std::vector<double>{0, 1, 1, 2, 3}));
  EXPECT_EQ(c.output, (std::vector<double>{1, 3, 5}));  // A, C, D: 3 kept
  const SourceSite& flags = c.sites[c.steps.at(at_of(compact, c)).instructions.front().site];
  EXPECT_EQ(flags.line, 34);
  EXPECT_EQ(flags.vector_width, 2);

  const LessonStep& split = lesson_step("applications", 2);
  Trace s = run_emulator(split.request);
  EXPECT_EQ(s.output, (std::vector<double>{0, 4, 6, 3, 1, 7, 1, 3}));
  EXPECT_TRUE(says(split, "becomes [0 4 6 3 1 7 1 3]"));
  const LessonStep& sort = lesson_step("applications", 3);
  EXPECT_EQ(run_emulator(sort.request).output, (std::vector<double>{0, 1, 1, 3, 3, 4, 6, 7}));

  const LessonStep& race = lesson_step("race", 0);
  Trace r = run_emulator(race.request);
  const Step& st = r.steps.at(race.at);
  ASSERT_FALSE(st.hazards.empty());
  std::set<int> hazard_words;
  for (const auto& h : st.hazards) hazard_words.insert(h.word);
  EXPECT_EQ(*hazard_words.begin(), 64);
  EXPECT_EQ(st.accesses[st.hazards.front().first_access].tid, 0);
  EXPECT_EQ(r.sites[st.accesses[st.hazards.front().first_access].site].line, 44);
  EXPECT_TRUE(says(race, "reads sdata[64] at line 44"));
}
