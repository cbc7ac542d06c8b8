// On the GPU machine, for every validation-plan entry: a traced GPU run of the same text agrees
// with the interpreter (output, shared memory at every barrier), the timed kernels compute the
// reference, and predicted totals == Nsight Compute's counters. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/gpu/nvrtc.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/ncu_check.h"
#include "engine/runner.h"
#include "engine/validation_plan.h"

using namespace scanscope;

namespace {
bool skip_without_gpu() {
  GpuStatus g = gpu_status();
  if (!g.usable) {
    std::printf("[  SKIPPED ] no usable GPU: %s\n", g.why.c_str());
    return true;
  }
  return false;
}
}  // namespace

TEST(Gpu, InterpreterAgreesWithAGpuRunOfTheSameTextForEveryPlanEntry) {
  if (skip_without_gpu()) GTEST_SKIP() << "no usable GPU: " << gpu_status().why;
  for (const auto& e : validation_plan()) {
    if (!wrong_by_design(*find_kernel_file(e.request.kernel), e.request).empty()) continue;  // a race: timing decides
    Trace t = run_trace(e.request, Device::Gpu, nullptr);
    EXPECT_EQ(t.gpu_check.rfind("the GPU run of the same text agrees", 0), 0u) << e.name << ": " << t.gpu_check;
  }
}

TEST(Gpu, TimedKernelsComputeTheReference) {
  if (skip_without_gpu()) GTEST_SKIP() << "no usable GPU: " << gpu_status().why;
  for (const auto& e : validation_plan()) {
    if (!wrong_by_design(*find_kernel_file(e.request.kernel), e.request).empty()) continue;
    Trace t = run_emulator(e.request);
    t.output = run_gpu_timed(e.request, nullptr);
    std::string why;
    EXPECT_TRUE(check_output(t, &why)) << e.name << ": " << why;
  }
}

TEST(Gpu, PredictedTotalsEqualNsightComputeCounters) {
  if (skip_without_gpu()) GTEST_SKIP() << "no usable GPU: " << gpu_status().why;
  if (std::system("ncu --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "ncu (Nsight Compute) is not on PATH";
  std::string csv = ::testing::TempDir() + "/scanscope_ncu.csv";
  std::string cmd = std::string("ncu --csv --metrics ") + ncu_metric_list() + " " + SCANSCOPE_BINARY +
                    " validate --launch-timed > " + csv + " 2>/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream f(csv);
  std::stringstream ss;
  ss << f.rdbuf();
  const auto plan = validation_plan();
  std::vector<size_t> launches;
  for (const auto& e : plan) launches.push_back(resolve_kernel(e.request).launches.size());
  const auto rows = ncu_rows_per_entry(parse_ncu_csv(ss.str(), ""), launches);  // one row per launch, summed per entry
  ASSERT_EQ(rows.size(), plan.size());
  for (size_t i = 0; i < plan.size(); ++i) {
    const Trace t = run_emulator(plan[i].request);
    const Totals& p = t.totals;
    const Totals& m = rows[i].totals;
    // The shared-memory counters, every entry.
    EXPECT_TRUE(p.ld == m.ld && p.st == m.st) << plan[i].name << ": predicted ld " << p.ld.inst << "/" << p.ld.wavefronts << "/"
                                              << p.ld.conflicts << " st " << p.st.inst << "/" << p.st.wavefronts << "/" << p.st.conflicts
                                              << ", ncu ld " << m.ld.inst << "/" << m.ld.wavefronts << "/" << m.ld.conflicts << " st "
                                              << m.st.inst << "/" << m.st.wavefronts << "/" << m.st.conflicts;
    // Global memory, every entry: the grid-stride loops that ptxas unrolls (16, 8, 4, remainder)
    // are predicted from the SASS's copies (164 load requests at n = 5000 with 128 threads, where
    // counting the source's iterations gave 157; docs/validation.md).
    EXPECT_TRUE(ncu_agrees(p, m, resolve_kernel(plan[i].request).file.header.schedule)) << plan[i].name << ": global ld "
        << p.global.ld.requests << "/" << p.global.ld.sectors << " st " << p.global.st.requests << "/" << p.global.st.sectors << ", ncu ld "
        << rows[i].totals.global.ld.requests << "/" << rows[i].totals.global.ld.sectors << " st " << rows[i].totals.global.st.requests << "/"
        << rows[i].totals.global.st.sectors;
  }
}

TEST(NcuCsv, ParsesOneRowPerLaunch) {
  std::string text =
      "==PROF== Connected to process\n"
      "\"ID\",\"Process ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
      "\"0\",\"1\",\"void timed_kernel<A>\",\"smsp__sass_inst_executed_op_shared_ld.sum\",\"inst\",\"1,024\"\n"
      "\"0\",\"1\",\"void timed_kernel<A>\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum\",\"\",\"3\"\n"
      "\"1\",\"1\",\"void traced_kernel<A>\",\"smsp__sass_inst_executed_op_shared_ld.sum\",\"inst\",\"9\"\n"
      "\"2\",\"1\",\"void timed_kernel<B>\",\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum\",\"\",\"17\"\n";
  auto rows = parse_ncu_csv(text, "timed_kernel");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].totals.ld.inst, 1024);
  EXPECT_EQ(rows[0].totals.st.conflicts, 3);
  EXPECT_EQ(rows[1].totals.ld.wavefronts, 17);
  EXPECT_THROW(parse_ncu_csv("hello\n", "timed_kernel"), std::runtime_error);
}

namespace scanscope {

// NVRTC's errors name the user's file and line (the printed source carries #line directives):
// the editor marks them on that line like the interpreter's own. NVRTC runs here without a GPU.
TEST(NvrtcErrors, FirstErrorNamesTheFileAndLine) {
  nvrtc::LogError e;
  ASSERT_TRUE(nvrtc::first_error("\"my kernel.cu\"(12): warning: unused\n\"my kernel.cu\"(14): error: identifier \"foo\" is undefined\n\n1 error\n", &e));
  EXPECT_EQ(e.file, "my kernel.cu");
  EXPECT_EQ(e.line, 14);
  EXPECT_EQ(e.message, "identifier \"foo\" is undefined");
  EXPECT_FALSE(nvrtc::first_error("no position here: error: x\n", &e));
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  nvrtc::Result r = nvrtc::compile("#line 7 \"edited.cu\"\n__global__ void k(int* out) {\n  out[0] = undefined_thing;\n}\n", "edited.cu", "compute_90", false);
  ASSERT_FALSE(r.ok);
  ASSERT_TRUE(nvrtc::first_error(r.log, &e)) << r.log;
  EXPECT_EQ(e.file, "edited.cu");
  EXPECT_EQ(e.line, 8);
  EXPECT_NE(e.message.find("undefined_thing"), std::string::npos) << e.message;
}

}  // namespace scanscope

// A file that launches a sequence is profiled as several rows; validate and the GPU test sum them.
TEST(NcuCsv, RowsAreSummedPerPlanEntry) {
  auto row = [](const char* name, long long ld, long long gld) {
    NcuKernelRow r;
    r.kernel_name = name;
    r.totals.ld.inst = ld;
    r.totals.global.ld.requests = gld;
    return r;
  };
  const auto sums = ncu_rows_per_entry({row("a", 1, 10), row("b1", 2, 20), row("b2", 3, 30)}, {1, 2});
  ASSERT_EQ(sums.size(), 2u);
  EXPECT_EQ(sums[0].totals.ld.inst, 1);
  EXPECT_EQ(sums[1].kernel_name, "b1+b2");
  EXPECT_EQ(sums[1].totals.ld.inst, 5);
  EXPECT_EQ(sums[1].totals.global.ld.requests, 50);
  EXPECT_THROW(ncu_rows_per_entry({row("a", 1, 10)}, {1, 2}), std::runtime_error);
}

TEST(NcuCsv, AScheduleLeavesTheGlobalLoadsOut) {
  Totals p, m;
  p.global.ld.requests = 10;
  m.global.ld.requests = 14;  // polls of a flag not yet set
  p.global.atomics = 3;       // not profiled
  std::string excluded;
  EXPECT_FALSE(ncu_agrees(p, m, "", &excluded));
  EXPECT_EQ(excluded, "");
  EXPECT_TRUE(ncu_agrees(p, m, "a tile polls", &excluded));
  EXPECT_EQ(excluded, "global loads not compared: a tile polls");
  m.st.inst = 1;
  EXPECT_FALSE(ncu_agrees(p, m, "a tile polls"));
}

TEST(NcuCsv, TileBarriersLeaveTheSharedCountersOut) {
  Totals p, m;
  p.ld.inst = 136, m.ld.inst = 281;  // the toolkit's tile barrier polls a shared word
  p.st.conflicts = 0, m.st.conflicts = 18;
  std::string excluded;
  EXPECT_FALSE(ncu_agrees(p, m, "", &excluded));
  EXPECT_TRUE(ncu_agrees(p, m, "", &excluded, true));
  EXPECT_EQ(excluded, kTileBarrierCounters);
  EXPECT_TRUE(ncu_agrees(p, m, "a tile polls", &excluded, true));
  EXPECT_EQ(excluded, std::string("global loads not compared: a tile polls; ") + kTileBarrierCounters);
  m.global.st.sectors = 1;  // the global counters still count
  EXPECT_FALSE(ncu_agrees(p, m, "", nullptr, true));
}
