// Every traced kernel x operator x type x a spread of n against the sequential CPU reference
// (float sums within the tolerance of reference.h: 1e-5 of the sum of magnitudes).
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/reference.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

struct Case {
  std::string kernel;
  Operator op;
  ValueType type;
};

// The sizes of the spread the kernel takes (its launch line and require: lines decide). The
// largest is 8192, not 65536: a grid's trace costs about n^2 there (a transpose or a copy: 3.7 s
// a trace at 65536 in the Release build, 0.33 s at 16384), and the larger sizes made these 107
// tests most of CI's time under the sanitizers, for no edge that 8192 (several tiles of every
// kernel, a power of two for those that need one) and 4099 (a ragged end) lack.
std::vector<int> sizes_for(const KernelFile& k) {
  std::vector<int> sizes = {1, 2, 3, 5, 8, 31, 32, 33, 100, 255, 256, 257, 1000, 1023, 1024, 1500, 2047, 2048, 4099, 8192};
  std::vector<int> ok;
  for (int n : sizes) {
    TraceRequest r;
    r.kernel = k.id;
    r.n = n;
    try {
      resolve_kernel(r);
      ok.push_back(n);
    } catch (const UsageError&) {
    }
  }
  return ok;
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const auto& k : kernel_files()) {
    const KernelOptions o = kernel_options(k);
    if (o.broken || k.family == KernelFamily::Listings) continue;
    for (Operator op : o.ops)
      for (ValueType type : o.types) {
        if (!operator_info(op).commutative) continue;  // below, with the kernels that keep operand order
        if (operator_info(op).int_only && type == ValueType::Float) continue;
        cases.push_back({k.id, op, type});
      }
  }
  return cases;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.kernel << " " << operator_name(c.op) << "/" << type_name(c.type); }

class KernelVsReference : public ::testing::TestWithParam<Case> {};

TEST_P(KernelVsReference, EveryNMatchesTheSequentialCpu) {
  const Case& c = GetParam();
  const KernelFile* k = find_kernel_file(c.kernel);
  ASSERT_NE(k, nullptr);
  const KernelOptions o = kernel_options(*k);
  std::vector<std::string> scans = {""};
  if (o.can_inclusive && o.can_exclusive) scans = {"inclusive", "exclusive"};
  std::vector<Pad> pads = {Pad::None};
  if (o.pad) pads = {Pad::None, Pad::Harris, Pad::Zero};
  const std::vector<int> sizes = sizes_for(*k);
  EXPECT_GE(sizes.size(), 10u) << c.kernel << " takes too few of the sizes";
  for (int n : sizes)
    for (const auto& scan : scans)
      for (Pad pad : pads) {
        TraceRequest r;
        r.kernel = c.kernel;
        r.n = n;
        r.op = c.op;
        r.type = c.type;
        r.scan = scan;
        r.pad = pad;
        r.seed = static_cast<unsigned>(n * 7 + 1);
        // (outputs only: the compiler view, an NVRTC compile of each size's text, changes no value)
        Trace t = run_trace(resolve_kernel(r), Device::Cpu, nullptr, false);
        std::string why;
        EXPECT_TRUE(check_output(t, &why)) << c.kernel << " n=" << n << " " << operator_name(c.op) << "/" << type_name(c.type) << " "
                                           << scan << " pad=" << pad_name(pad) << ": " << why;
        // The last step's shared memory is consistent with the output the kernel wrote.
        EXPECT_FALSE(t.steps.empty());
      }
}

INSTANTIATE_TEST_SUITE_P(AllKernels, KernelVsReference, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string s = info.param.kernel + "_" + operator_name(info.param.op) + "_" + type_name(info.param.type);
                           for (auto& ch : s)
                             if (ch == '-') ch = '_';
                           return s;
                         });

// Negative and large values: the int sum wraps like the GPU's and min/max see negatives.
TEST(KernelVsReference, NegativeValuesAndMinMax) {
  for (const char* kernel : {"reduce-sequential", "scan-blelloch", "scan-hillis-steele", "scan-warp-shuffle", "reduce-warp-shuffle"})
    for (Operator op : {Operator::Min, Operator::Max, Operator::Sum}) {
      TraceRequest r;
      r.kernel = kernel;
      r.op = op;
      r.input = {5, -3, 2147483647, -2147483648.0, 7, -1, 0, 12};
      r.n = 8;
      Trace t = run_emulator(r);
      std::string why;
      EXPECT_TRUE(check_output(t, &why)) << kernel << " " << operator_name(op) << ": " << why;
    }
}

// The checker itself must catch a wrong answer, or every test above proves nothing.
TEST(Reference, CheckerRejectsAWrongOutput) {
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  Trace t = run_emulator(r);
  t.output[5] = 14;  // the scan paper's printed value
  std::string why;
  EXPECT_FALSE(check_output(t, &why));
  EXPECT_NE(why.find("output[5]"), std::string::npos);
}

TEST(Reference, FloatToleranceIsTight) {
  std::vector<double> in = {1e7, 1, -1e7, 1};
  std::string why;
  const Operator sum = Operator::Sum;
  const ValueType f = ValueType::Float;
  EXPECT_TRUE(outputs_match({1e7, 1e7 + 1, 1, 2}, reference_scan(in, sum, f, true), in, sum, f, true, &why)) << why;
  EXPECT_FALSE(outputs_match({1e7, 1e7 + 1, 1, 2000}, reference_scan(in, sum, f, true), in, sum, f, true, &why));
}

}  // namespace

namespace {

// Oancea and Henriksen's notes: a straightforward chunked/sequential-addressing reduction "only works if the operator
// is commutative". With the non-commutative 2x2 matrix product, kernels that keep operand order
// are right and the others are wrong; a kernel file's `reorders:` line says which.
TEST(NonCommutative, OrderPreservingKernelsAreRightTheOthersWrong) {
  for (const auto& k : kernel_files()) {
    const KernelOptions o = kernel_options(k);
    if (o.broken || (k.family != KernelFamily::Reduce && k.family != KernelFamily::Scan)) continue;
    if (std::find(o.ops.begin(), o.ops.end(), Operator::Mat2) == o.ops.end()) continue;
    for (int n : {8, 64, 256, 1000}) {
      TraceRequest r;
      r.kernel = k.id;
      r.n = n;
      r.op = Operator::Mat2;
      r.seed = 3;
      if (o.can_exclusive && o.can_inclusive) r.scan = "exclusive";
      Trace t = run_emulator(r);
      std::string why;
      bool ok = check_output(t, &why);
      EXPECT_EQ(ok, !o.reorders) << k.id << " n=" << n << ": " << why;
    }
  }
  // Grid-stride partials reorder even an interleaved tree.
  TraceRequest r;
  r.kernel = "reduce-interleaved";
  r.n = 64;
  r.threads = 16;
  r.op = Operator::Mat2;
  EXPECT_FALSE(check_output(run_emulator(r), nullptr));
}

// The primitives tutorial's "common mistake": one __syncthreads() left out. The trace marks the hazard and the
// result is wrong.
TEST(RaceLesson, MissingBarrierIsWrongAndMarked) {
  TraceRequest r;
  r.kernel = "reduce-missing-barrier";
  r.n = 256;
  Trace t = run_emulator(r);
  std::string why;
  EXPECT_FALSE(check_output(t, &why));
  ASSERT_GE(t.steps.size(), 2u);
  ASSERT_FALSE(t.steps[1].hazards.empty());
  const Hazard& h = t.steps[1].hazards[0];
  EXPECT_EQ(h.word, 64);  // thread 0 reads sdata[64] before thread 64 writes it
  EXPECT_EQ(h.first_tid, 0);
  EXPECT_EQ(h.second_tid, 64);
  EXPECT_STREQ(h.kind, "write-after-read");
  EXPECT_EQ(t.steps[1].hazards.size(), 64u);
  // The same reduction with its barrier is right and hazard-free.
  r.kernel = "reduce-sequential";
  Trace good = run_emulator(r);
  EXPECT_TRUE(check_output(good, &why));
}

}  // namespace

namespace {

// The primitives tutorial's compaction example: [A,B,C,D,E] with flags [1,0,1,1,0] (here the odd values of
// 1,2,3,5,6), exclusive scan [0,1,1,2,3], output [A,C,D], count 3.
TEST(Applications, CompactionWorkedExample) {
  TraceRequest r;
  r.kernel = "app-compact";
  r.input = {1, 2, 3, 5, 6};
  r.n = 5;
  Trace t = run_emulator(r);
  EXPECT_EQ(std::vector<double>(t.steps[0].smem.begin(), t.steps[0].smem.begin() + 5), (std::vector<double>{1, 0, 1, 1, 0}));
  const Step& scanned = t.steps[t.steps.size() - 2];
  EXPECT_EQ(std::vector<double>(scanned.smem.begin(), scanned.smem.begin() + 5), (std::vector<double>{0, 1, 1, 2, 3}));
  EXPECT_EQ(t.output, (std::vector<double>{1, 3, 5}));
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
}

TEST(Applications, CompactionEdgeCases) {
  for (auto input : std::vector<std::vector<double>>{{2, 4, 6, 8}, {1, 3, 5, 7, 9}, {0, 1}}) {
    TraceRequest r;
    r.kernel = "app-compact";
    r.input = input;
    r.n = static_cast<int>(input.size());
    std::string why;
    EXPECT_TRUE(check_output(run_emulator(r), &why)) << why;
  }
}

// The one-bit split is stable: zeros first, in order, then ones in order.
TEST(Applications, RadixOneBitSplitIsStable) {
  TraceRequest r;
  r.kernel = "app-radix-sort";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  r.bits = 1;
  Trace t = run_emulator(r);
  EXPECT_EQ(t.output, (std::vector<double>{0, 4, 6, 3, 1, 7, 1, 3}));
  r.bits = 0;
  EXPECT_EQ(run_emulator(r).output, (std::vector<double>{0, 1, 1, 3, 3, 4, 6, 7}));
}

TEST(Applications, RadixSortLargeKeysAndErrors) {
  TraceRequest r;
  r.kernel = "app-radix-sort";
  r.input = {1000000, 5, 70000, 3, 0, 2147483000, 12};
  r.n = 7;
  Trace t = run_emulator(r);
  EXPECT_EQ(t.output, (std::vector<double>{0, 3, 5, 12, 70000, 1000000, 2147483000}));
  r.input = {3, -1};
  r.n = 2;
  EXPECT_THROW(run_emulator(r), UsageError);
  r.input = {};
  r.n = 16;
  r.op = Operator::Max;
  EXPECT_THROW(run_emulator(r), UsageError);
}

}  // namespace

namespace scanscope {

// A float sum that overflows on both sides is the same answer (inf == inf), not "OUTPUT DIFFERS".
TEST(Reference, OverflowOnBothSidesMatches) {
  const double inf = std::numeric_limits<double>::infinity();
  std::string why;
  EXPECT_TRUE(outputs_match({inf}, {inf}, {3e38, 3e38}, Operator::Sum, ValueType::Float, false, &why)) << why;
  EXPECT_FALSE(outputs_match({inf}, {-inf}, {3e38, -3e38}, Operator::Sum, ValueType::Float, false, &why));
  EXPECT_FALSE(outputs_match({1.0}, {inf}, {3e38, 3e38}, Operator::Sum, ValueType::Float, false, &why));
}

}  // namespace scanscope
