// The source documents' worked examples (docs/sources.md), checked at the level of the recorded shared-memory states.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/runner.h"

using namespace scanscope;

namespace {

TraceRequest req(const std::string& kernel, std::vector<double> input, int threads = 0) {
  TraceRequest r;
  r.kernel = kernel;
  r.input = std::move(input);
  r.n = static_cast<int>(r.input.size());
  r.threads = threads;
  return r;
}

std::vector<double> head(const Step& s, size_t count) {
  return std::vector<double>(s.smem.begin(), s.smem.begin() + count);
}

std::vector<int> active_tids(const Step& s) {
  std::vector<int> t;
  for (const auto& a : s.accesses)
    if (t.empty() || t.back() != a.tid) t.push_back(a.tid);
  return t;
}

}  // namespace

// The primitives tutorial, "Concrete trace": [2,4,6,8,1,3,5,7], T0 adds 0+1, T2 adds 2+3, ... then T0, T4, then T0.
TEST(PrimitivesTutorial, InterleavedTreeOfEightElements) {
  Trace t = run_emulator(req("reduce-interleaved-divergent", {2, 4, 6, 8, 1, 3, 5, 7}));
  ASSERT_EQ(t.steps.size(), 5u);  // load, strides 1, 2, 4, write result
  EXPECT_EQ(t.steps[0].smem, (std::vector<double>{2, 4, 6, 8, 1, 3, 5, 7}));
  EXPECT_EQ(t.steps[1].smem, (std::vector<double>{6, 4, 14, 8, 4, 3, 12, 7}));
  EXPECT_EQ(active_tids(t.steps[1]), (std::vector<int>{0, 2, 4, 6}));
  EXPECT_EQ(head(t.steps[2], 1)[0], 20);
  EXPECT_EQ(t.steps[2].smem[4], 16);
  EXPECT_EQ(active_tids(t.steps[2]), (std::vector<int>{0, 4}));
  EXPECT_EQ(t.steps[3].smem[0], 36);
  EXPECT_EQ(active_tids(t.steps[3]), (std::vector<int>{0}));
  EXPECT_EQ(t.output, (std::vector<double>{36}));
}

// The reduction problem: [5,3,8,1,7,2,9,4] with sequential addressing: step 4 gives [12,5,17,5], step 2 [29,10], step 1 [39].
TEST(ReductionProblem, SequentialTreeOfEightElements) {
  Trace t = run_emulator(req("reduce-sequential", {5, 3, 8, 1, 7, 2, 9, 4}));
  ASSERT_EQ(t.steps.size(), 5u);
  EXPECT_EQ(t.steps[1].label, "stride 4");
  EXPECT_EQ(head(t.steps[1], 4), (std::vector<double>{12, 5, 17, 5}));
  EXPECT_EQ(t.steps[1].active_threads, 4);
  EXPECT_EQ(head(t.steps[2], 2), (std::vector<double>{29, 10}));
  EXPECT_EQ(t.steps[2].active_threads, 2);
  EXPECT_EQ(t.steps[3].smem[0], 39);
  EXPECT_EQ(t.output[0], 39);
}

// The reduction problem: "with 4 threads processing 8 elements, thread 0 sums up elements 0 and 4".
TEST(ReductionProblem, GridStrideLoadFourThreadsEightElements) {
  Trace t = run_emulator(req("reduce-sequential", {5, 3, 8, 1, 7, 2, 9, 4}, 4));
  EXPECT_EQ(t.threads, 4);
  EXPECT_EQ(t.steps[0].smem, (std::vector<double>{12, 5, 17, 5}));
  EXPECT_EQ(t.output[0], 39);
}

// Demouth's slides: block 0 of 4 threads over 1 4 3 2 8 6 3 2 1 0 3 2 1 3 2 3: partial sums
// 11 13 11 9, then 22 22, then 44; block 1 over the second half: 6 14 10 12, 16 26, 42.
TEST(DemouthSlides, BlockPartialSums) {
  Trace b0 = run_emulator(req("reduce-sequential", {1, 4, 3, 2, 8, 6, 3, 2, 1, 0, 3, 2, 1, 3, 2, 3}, 4));
  EXPECT_EQ(b0.steps[0].smem, (std::vector<double>{11, 13, 11, 9}));
  EXPECT_EQ(b0.steps[1].smem, (std::vector<double>{22, 22, 11, 9}));
  EXPECT_EQ(b0.steps[2].smem, (std::vector<double>{44, 22, 11, 9}));
  Trace b1 = run_emulator(req("reduce-sequential", {2, 9, 1, 2, 3, 4, 5, 6, 1, 1, 2, 3, 0, 0, 2, 1}, 4));
  EXPECT_EQ(b1.steps[0].smem, (std::vector<double>{6, 14, 10, 12}));
  EXPECT_EQ(b1.steps[1].smem, (std::vector<double>{16, 26, 10, 12}));
  EXPECT_EQ(b1.output[0], 42);
}

// The primitives tutorial: Blelloch on [1,2,3,4]: up-sweep [1,3,3,7], [1,3,3,10]; clear [1,3,3,0]; down-sweep
// [1,0,3,3], [0,1,3,6].
TEST(PrimitivesTutorial, BlellochOnOneTwoThreeFour) {
  Trace t = run_emulator(req("scan-blelloch", {1, 2, 3, 4}));
  ASSERT_EQ(t.steps.size(), 7u);  // load, up d=2, up d=1, clear, down d=1, down d=2, store
  EXPECT_EQ(t.steps[0].smem, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(t.steps[1].smem, (std::vector<double>{1, 3, 3, 7}));
  EXPECT_EQ(t.steps[2].smem, (std::vector<double>{1, 3, 3, 10}));
  EXPECT_EQ(t.steps[3].smem, (std::vector<double>{1, 3, 3, 0}));
  EXPECT_EQ(t.steps[4].smem, (std::vector<double>{1, 0, 3, 3}));
  EXPECT_EQ(t.steps[5].smem, (std::vector<double>{0, 1, 3, 6}));
  EXPECT_EQ(t.output, (std::vector<double>{0, 1, 3, 6}));
}

// The primitives tutorial: Hillis-Steele on [1,2,3,4]: [1,3,5,7] then [1,3,6,10].
TEST(PrimitivesTutorial, HillisSteeleOnOneTwoThreeFour) {
  TraceRequest r = req("scan-hillis-steele", {1, 2, 3, 4});
  r.scan = "inclusive";
  Trace t = run_emulator(r);
  ASSERT_EQ(t.steps.size(), 4u);  // load, offset 1, offset 2, store
  auto half = [](const Step& s, int which) { return std::vector<double>(s.smem.begin() + 4 * which, s.smem.begin() + 4 * which + 4); };
  EXPECT_EQ(half(t.steps[0], 0), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(half(t.steps[1], 1), (std::vector<double>{1, 3, 5, 7}));
  EXPECT_EQ(half(t.steps[2], 0), (std::vector<double>{1, 3, 6, 10}));
  EXPECT_EQ(t.output, (std::vector<double>{1, 3, 6, 10}));
}

// Scan paper: [3 1 7 0 4 1 6 3], with Figure 2's up-sweep and Figure 3's down-sweep states.
// The paper prints the inclusive scan as [3 4 11 11 14 16 22 25] and the exclusive one as
// [0 3 4 11 11 14 16 22]: 11 + 4 is 15, not 14 (an erratum of the paper); the tests use the sums.
TEST(ScanPaper, BlellochFiguresTwoAndThree) {
  Trace t = run_emulator(req("scan-blelloch", {3, 1, 7, 0, 4, 1, 6, 3}));
  ASSERT_EQ(t.steps.size(), 9u);
  EXPECT_EQ(t.steps[1].smem, (std::vector<double>{3, 4, 7, 7, 4, 5, 6, 9}));
  EXPECT_EQ(t.steps[2].smem, (std::vector<double>{3, 4, 7, 11, 4, 5, 6, 14}));
  EXPECT_EQ(t.steps[3].smem, (std::vector<double>{3, 4, 7, 11, 4, 5, 6, 25}));
  EXPECT_EQ(t.steps[4].smem, (std::vector<double>{3, 4, 7, 11, 4, 5, 6, 0}));
  EXPECT_EQ(t.steps[5].smem, (std::vector<double>{3, 4, 7, 0, 4, 5, 6, 11}));
  EXPECT_EQ(t.steps[6].smem, (std::vector<double>{3, 0, 7, 4, 4, 11, 6, 16}));
  EXPECT_EQ(t.steps[7].smem, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_EQ(t.output, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_EQ(t.steps[1].active_threads, 4);
  EXPECT_EQ(t.steps[3].active_threads, 1);
}

TEST(ScanPaper, HillisSteeleBothKinds) {
  TraceRequest r = req("scan-hillis-steele", {3, 1, 7, 0, 4, 1, 6, 3});
  r.scan = "inclusive";
  EXPECT_EQ(run_emulator(r).output, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  r.scan = "exclusive";
  EXPECT_EQ(run_emulator(r).output, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  // Algorithm 2: log2(8) = 3 scan steps, with 7, 6 and 4 adds.
  Trace t = run_emulator(r);
  // the store of the `if (thid >= offset)` branch: the line of the add
  int add_line = 0;
  const std::string& text = t.file_texts[t.main_file];
  const size_t at = text.find("OP(temp[pin*n + thid - offset]");
  ASSERT_NE(at, std::string::npos);
  add_line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  int adds[3] = {0, 0, 0};
  for (int s = 1; s <= 3; ++s)
    for (const auto& a : t.steps[s].accesses)
      if (a.op == kStore && t.sites[a.site].line == add_line) ++adds[s - 1];
  EXPECT_EQ(adds[0], 7);
  EXPECT_EQ(adds[1], 6);
  EXPECT_EQ(adds[2], 4);
}

TEST(ScanPaper, PaddedBlellochGivesTheSameScan) {
  for (Pad pad : {Pad::Harris, Pad::Zero}) {
    TraceRequest r = req("scan-blelloch", {3, 1, 7, 0, 4, 1, 6, 3});
    r.pad = pad;
    EXPECT_EQ(run_emulator(r).output, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  }
}
