// Applications and lessons beyond the kernels: histogram equalization, floating-point order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "demos/float_order.h"
#include "demos/histeq.h"
#include "engine/kernel_file.h"
#include "formats/lesson.h"

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

// Seed 000: "The parallel tree reduction computes a different value than the sequential sum
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

// Every lesson file in assets/lessons loads, and every step's kernel traces and has the trace step
// it points at.
TEST(Lessons, EveryLessonLoadsAndEveryStepTraces) {
  auto lessons = load_lessons(std::string(SCANSCOPE_SOURCE_DIR) + "/assets/lessons");
  ASSERT_GE(lessons.size(), 10u);
  std::set<std::string> names;
  for (const auto& l : lessons) {
    EXPECT_TRUE(names.insert(l.name).second) << "two lessons named " << l.name;
    for (const auto& s : l.steps) {
      EXPECT_FALSE(s.text.empty()) << l.file << ":" << s.line;
      if (!s.has_request) continue;
      Trace t = run_emulator(s.request);
      int at = s.at < 0 ? static_cast<int>(t.steps.size()) - 1 : s.at;
      EXPECT_LT(at, static_cast<int>(t.steps.size())) << l.file << ":" << s.line << ": at " << s.at;
      std::string why;
      bool ok = check_output(t, &why);
      const KernelFile* k = find_kernel_file(s.request.kernel);
      ASSERT_NE(k, nullptr) << l.file << ":" << s.line;
      const bool meant_wrong = !wrong_by_design(*k, s.request).empty();
      if (k->family == "seeds")  // a listing as printed: its erratum may or may not change the output
        EXPECT_TRUE(ok || meant_wrong) << l.file << ":" << s.line << ": " << why;
      else
        EXPECT_EQ(ok, !meant_wrong) << l.file << ":" << s.line << ": " << why;
    }
  }
  for (const char* topic : {"reduction-tree", "divergence", "bank-conflicts", "warp-shuffle", "hillis-steele-vs-blelloch",
                            "padding", "large-arrays", "float-order", "applications", "race", "non-commutative"})
    EXPECT_TRUE(names.count(topic)) << topic;
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
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\npanels: tree,sound\ntext: t\n").find("bad.lesson:5: panels: 'sound'"),
            std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nn: 8\ntext: t\n").find("bad.lesson:4: n needs a kernel"), std::string::npos);
  EXPECT_NE(lesson_error(head + "step: a\nkernel: scan-blelloch\ninput: 1,x\ntext: t\n").find("bad.lesson:5: --input item 2"),
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
