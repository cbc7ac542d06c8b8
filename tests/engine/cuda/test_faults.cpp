// A kernel that faults keeps what it did before the fault: run_interpreter throws a TraceFault
// (a cuda::CudaError, so every caller that catches those still does) holding the trace up to the
// fault, whose last step is "up to the fault" and whose header names the fault, its place and
// thread; the trace file keeps it and loads back.
#include <gtest/gtest.h>

#include "engine/cuda/source.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "formats/trace_json.h"
#include "inline_kernel.h"

using namespace scanscope;

namespace {

// Two barriers' worth of work, then thread 24 reads past the input (n = 64).
const char* kFaultsAfterTwoSteps = R"(// launch: k<<<1, 64>>>(in, out, N)
// out: N
// check: copy
__global__ void k(const T *in, T *out, int n) {
  __shared__ T s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[t] = s[t] + s[t + 1 < 64 ? t + 1 : t];
  __syncthreads();
  s[t] = 2 * s[t];
  out[t] = in[t + 40];
}
)";

TEST(Faults, TheTraceUpToTheFaultGoesWithTheError) {
  const ResolvedKernel k = resolve_kernel(inline_request(kFaultsAfterTwoSteps, 64));
  try {
    run_interpreter(k);
    FAIL() << "the kernel reads in[64] and must fault";
  } catch (const TraceFault& f) {
    EXPECT_TRUE(f.fault);
    EXPECT_EQ(f.tid, 24);
    EXPECT_EQ(f.pos.line, 12);
    ASSERT_TRUE(f.trace);
    const Trace& t = *f.trace;
    ASSERT_EQ(t.steps.size(), 3u);  // two barriers, then the steps' work up to the fault
    EXPECT_EQ(t.steps.back().label, "up to the fault");
    EXPECT_EQ(t.fault, "thread 24: reads in[64], outside its 64 elements");
    EXPECT_EQ(t.fault_line, 12);
    EXPECT_EQ(t.fault_col, 12);
    EXPECT_EQ(t.fault_tid, 24);
    ASSERT_GE(t.fault_file, 0);
    EXPECT_EQ(t.fault_file, t.main_file);
    // The last step holds the doubling of s by the threads that ran before the fault (thread 24
    // among them: its fault comes after its doubling), a load and a store each.
    int loads = 0, stores = 0;
    for (const Access& a : t.steps.back().accesses) {
      loads += a.op == kLoad;
      stores += a.op == kStore;
    }
    EXPECT_EQ(loads, stores);
    EXPECT_GE(loads, 25);
    EXPECT_LE(loads, 64);
    EXPECT_EQ(t.steps.back().smem[24], 2.0);  // 1 doubled: the snapshot after the doubling
    EXPECT_EQ(t.steps[1].smem[24], 1.0);      // and before it
    // Threads before 24 wrote out[t] = in[t + 40] before thread 24 faulted; out[t] of the
    // second step (2) is what the others left.
    ASSERT_EQ(t.output.size(), 64u);
    EXPECT_EQ(t.output[0], 1.0);
    EXPECT_EQ(t.output[30], 2.0);
    // The file keeps the fault and loads back.
    const Trace back = trace_from_json(trace_to_json(t), "fault.json");
    EXPECT_EQ(back.fault, t.fault);
    EXPECT_EQ(back.fault_line, 12);
    EXPECT_EQ(back.fault_tid, 24);
    EXPECT_EQ(back.steps.size(), 3u);
  }
}

TEST(Faults, CallersThatCatchCudaErrorsStillDo) {
  const ResolvedKernel k = resolve_kernel(inline_request(kFaultsAfterTwoSteps, 64));
  try {
    run_interpreter(k);
    FAIL();
  } catch (const cuda::CudaError& e) {
    EXPECT_TRUE(e.fault);
    EXPECT_NE(std::string(e.what()).find(":12:12: thread 24: reads in[64]"), std::string::npos) << e.what();
  }
}

TEST(Faults, ATraceFileWithABadFaultIsRefused) {
  Trace t;
  try {
    run_interpreter(resolve_kernel(inline_request(kFaultsAfterTwoSteps, 64)));
  } catch (const TraceFault& f) {
    t = *f.trace;
  }
  ASSERT_FALSE(t.fault.empty());
  std::string j = trace_to_json(t);
  const std::string src = "\"src\":" + std::to_string(t.fault_file);
  const size_t at = j.find("\"fault\"");
  ASSERT_NE(at, std::string::npos);
  const size_t s = j.find(src, at);
  ASSERT_NE(s, std::string::npos);
  j.replace(s, src.size(), "\"src\":63");
  try {
    trace_from_json(j, "bad.json");
    FAIL() << "a fault in a file the trace does not hold must be refused";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("fault.src"), std::string::npos) << e.what();
  }
}

TEST(Faults, AGridTraceStopsInTheBlockThatFaulted) {
  // A grid's trace records every block: block 0's steps, then block 1's up to its fault.
  const char* text = R"(// launch: k<<<2, 32>>>(in, out, N)
// out: N
// check: copy
__global__ void k(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = blockIdx.x == 1 ? in[i + 64] : in[i];
}
)";
  const ResolvedKernel k = resolve_kernel(inline_request(text, 64));
  try {
    run_interpreter(k);
    FAIL();
  } catch (const TraceFault& f) {
    ASSERT_TRUE(f.trace);
    EXPECT_TRUE(f.trace->is_grid());
    EXPECT_EQ(f.trace->steps.front().block, 0);
    EXPECT_EQ(f.trace->steps.back().block, 1);
    EXPECT_EQ(f.trace->steps.back().label, "up to the fault");
    EXPECT_EQ(f.trace->fault_tid, 0);
  }
}

}  // namespace
