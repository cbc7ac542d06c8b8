// Races in global memory: two threads of one block touching one global element between two
// barriers, one of them writing and not both atomically (Step::global_hazards). The interpreter
// runs threads one after another, so `out[b]++` from many threads gives the right histogram here;
// on a GPU the loads and stores interleave and updates are lost. The trace must say so.
#include <gtest/gtest.h>

#include <string>

#include "engine/check.h"
#include "engine/runner.h"
#include "inline_kernel.h"

namespace scanscope {
namespace {

const std::string kHead =
    "// launch: histo<<<2, 64>>>(in, out, N)\n"
    "// out: 4\n"
    "// init: out = 0\n"
    "// check: histogram\n"
    "// types: int\n";

int global_races(const Trace& t, const Hazard** first = nullptr, const Step** where = nullptr) {
  int n = 0;
  for (const Step& s : t.steps) {
    if (first && !*first && !s.global_hazards.empty()) {
      *first = &s.global_hazards.front();
      if (where) *where = &s;
    }
    n += static_cast<int>(s.global_hazards.size());
  }
  return n;
}

// The lecture's broken histogram: right on the interpreter, a race on every bin it names.
TEST(GlobalRaces, TheNaiveHistogramIsARaceOnEveryBin) {
  const std::string text = kHead +
                           "__global__ void histo(const int *in, int *out, int n) {\n"
                           "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                           "  if (i < n) out[in[i] % 4]++;\n"
                           "}\n";
  TraceRequest r = inline_request(text, 128);
  for (int i = 0; i < 128; ++i) r.input[static_cast<size_t>(i)] = i % 7;
  const Trace t = run_emulator(r);
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;  // serialised, the counts come out right
  const Hazard* h = nullptr;
  const Step* s = nullptr;
  EXPECT_EQ(global_races(t, &h, &s), 8);  // 4 bins in each of the 2 blocks
  ASSERT_TRUE(h);
  EXPECT_EQ(h->array, 1);  // out
  EXPECT_EQ(global_element_name(t, *h), "out[0]");
  EXPECT_EQ(h->first_tid, 0);
  EXPECT_EQ(h->second_tid, 4);  // in[4] = 4 lands in bin 0 too
  EXPECT_STREQ(h->kind, "write-after-read");
  EXPECT_TRUE(has_race(t));
  const std::vector<CheckOutcome> c = check_trace(t, {{CheckKind::Race, 0}}, "");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_FALSE(c[0].passed);
  EXPECT_EQ(c[0].line, 8);
  EXPECT_NE(c[0].sentence.find("both touch out[0] (global)"), std::string::npos) << c[0].sentence;
  EXPECT_NE(c[0].sentence.find("atomicAdd(&out[0], v)"), std::string::npos) << c[0].sentence;
}

// The same histogram with atomicAdd, and a kernel whose threads each write their own element after
// reading their neighbour's before a barrier: no race.
TEST(GlobalRaces, AtomicsAndBarriersAreNotRaces) {
  const std::string atomic = kHead +
                             "__global__ void histo(const int *in, int *out, int n) {\n"
                             "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                             "  if (i < n) atomicAdd(&out[in[i] % 4], 1);\n"
                             "}\n";
  const Trace a = run_emulator(inline_request(atomic, 128));
  EXPECT_EQ(global_races(a), 0);
  EXPECT_FALSE(has_race(a));
  const std::string shift =
      "// launch: shift<<<1, 64>>>(in, out, N)\n"
      "// check: copy\n"
      "// types: int\n"
      "__global__ void shift(const int *in, int *out, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  out[i] = in[i] + 1;\n"
      "  __syncthreads();\n"
      "  int v = out[(i + 1) % n];\n"
      "  __syncthreads();\n"
      "  out[(i + 1) % n] = v - 1;\n"
      "}\n";
  const Trace b = run_emulator(inline_request(shift, 64));
  EXPECT_EQ(global_races(b), 0);
  std::string why;
  EXPECT_TRUE(check_output(b, &why)) << why;
}

// Without the barrier between the read of a neighbour's element and the write of one's own, the
// neighbour may already have written: a read-after-write or write-after-read race in global memory.
TEST(GlobalRaces, AMissingBarrierBetweenNeighboursIsARace) {
  const std::string text =
      "// launch: shift<<<1, 64>>>(in, out, N)\n"
      "// types: int\n"
      "__global__ void shift(const int *in, int *out, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  out[i] = in[i];\n"
      "  __syncthreads();\n"
      "  int v = out[(i + 1) % n];\n"
      "  out[i] = v;\n"
      "}\n";
  const Trace t = run_emulator(inline_request(text, 64));
  const Hazard* h = nullptr;
  EXPECT_EQ(global_races(t, &h), 64);
  ASSERT_TRUE(h);
  EXPECT_EQ(global_element_name(t, *h), "out[0]");
  EXPECT_STREQ(h->kind, "read-after-write");  // thread 0 writes out[0] before thread 63 reads it
}

}  // namespace
}  // namespace scanscope
