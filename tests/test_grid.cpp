// Grids and launch sequences (issue "The whole grid"): every block of every launch traced, global
// accesses recorded and counted in sectors and requests, the seeds' multi-block examples with
// their own numbers, and the trace file that carries them.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <map>
#include <string>

#include "engine/bank_model.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

Trace trace_of(const std::string& kernel, int n, const std::vector<double>& input = {},
               const std::vector<std::pair<std::string, std::string>>& defines = {}) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  r.input = input;
  r.defines = defines;
  r.seed = 5;
  return run_emulator(r);
}

Trace trace_text(const std::string& text, int n) {
  TraceRequest r;
  r.n = n;
  r.source = kernel_dir() + "/app/grid-test.cu";
  r.source_text = text;
  r.has_source_text = true;
  return run_interpreter(resolve_kernel(r));
}

// The values a launch stored to an array, by index (the last store wins).
std::map<int, double> stored(const Trace& t, int launch, const std::string& array) {
  std::map<int, double> out;
  for (const Step& s : t.steps)
    if (s.launch == launch)
      for (const GlobalAccess& a : s.global)
        if (a.op == kStore && t.global_arrays[a.array].name == array) out[a.index] = a.value;
  return out;
}

const std::vector<double> kDemouthInput = {1, 4, 3, 2, 8, 6, 3, 2, 1, 0, 3, 2, 1, 3, 2, 3, 2, 9, 1, 2, 3, 4, 5, 6, 1, 1, 2, 3, 0, 0, 2, 1};

}  // namespace

// Seed 002's worked example: 2 blocks of 4 threads, smem 11 13 11 9 -> 22 22 -> 44 and
// 6 14 10 12 -> 16 26 -> 42, then one block reduces the block sums to 86.
TEST(Grid, DemouthTwoBlocksThenOne) {
  const Trace t = trace_of("seed002-reduce-two-blocks", 32, kDemouthInput);
  ASSERT_TRUE(t.is_grid());
  ASSERT_EQ(t.launches.size(), 2u);
  EXPECT_EQ(t.launches[0].grid, 2);
  EXPECT_EQ(t.launches[1].grid, 1);
  EXPECT_EQ(stored(t, 0, "partial_sums"), (std::map<int, double>{{0, 44}, {1, 42}}));
  EXPECT_EQ(stored(t, 1, "out"), (std::map<int, double>{{0, 86}}));
  EXPECT_EQ(t.output, std::vector<double>{86});
  // the first step of each block of the first launch: the threads' sums in shared memory
  std::map<int, std::vector<double>> first;
  for (const Step& s : t.steps)
    if (s.launch == 0 && !first.count(s.block)) first[s.block] = s.smem;
  EXPECT_EQ(first[0], (std::vector<double>{11, 13, 11, 9}));
  EXPECT_EQ(first[1], (std::vector<double>{6, 14, 10, 12}));
  // steps come launch after launch, block after block, where LaunchInfo says
  for (size_t l = 0; l < t.launches.size(); ++l)
    for (int s = t.launches[l].first_step; s < t.launches[l].first_step + t.launches[l].steps; ++s)
      EXPECT_EQ(t.steps[static_cast<size_t>(s)].launch, static_cast<int>(l));
  // 4 threads read 16 consecutive bytes per request: block 0 and block 1 make 4 requests of one
  // sector each, the second launch 1 (2 lanes); a store per block.
  EXPECT_EQ(t.totals.global.ld.requests, 9);
  EXPECT_EQ(t.totals.global.ld.sectors, 9);
  EXPECT_EQ(t.totals.global.st.requests, 3);
  EXPECT_EQ(t.totals.global.st.sectors, 3);
}

// The scan paper's Figure 6 for n = 3000 (not a power of two): three launches, 3 blocks of 1024,
// the block sums scanned by one block, added back; the output is the exclusive scan.
TEST(Grid, LargeArrayScanOfArbitrarySize) {
  for (int n : {1, 3, 1000, 1024, 1025, 3000}) {
    const Trace t = trace_of("scan-large-array", n);
    std::string why;
    EXPECT_TRUE(check_output(t, &why)) << "n=" << n << ": " << why;
    ASSERT_EQ(t.launches.size(), 3u) << n;
  }
  const Trace t = trace_of("scan-large-array", 3000);
  EXPECT_EQ(t.launches[0].grid, 3);
  EXPECT_EQ(t.launches[0].block, 512);
  EXPECT_EQ(t.launches[1].grid, 1);
  EXPECT_EQ(t.launches[2].grid, 3);
  // the second launch leaves the scanned block sums: 0, total of block 0, of blocks 0 and 1
  const std::map<int, double> sums = stored(t, 0, "sums");
  ASSERT_EQ(sums.size(), 3u);
  const std::map<int, double> scanned = stored(t, 1, "sums");
  EXPECT_EQ(scanned.at(0), 0);
  EXPECT_EQ(scanned.at(1), sums.at(0));
  EXPECT_EQ(scanned.at(2), sums.at(0) + sums.at(1));
  for (const Step& s : t.steps) EXPECT_TRUE(s.hazards.empty()) << s.label;
}

// Seed 004's coalescing: 4 sectors per request when a warp reads 32 consecutive words, 32 when
// its lanes are 128 bytes apart, 5 when every access is shifted by one word.
TEST(Grid, CoalescingSectorsPerRequest) {
  auto per_request = [](const Trace& t) {
    return static_cast<double>(t.totals.global.ld.sectors) / static_cast<double>(t.totals.global.ld.requests);
  };
  const Trace coalesced = trace_of("copy-coalescing", 1024);
  const Trace strided = trace_of("copy-coalescing", 1024, {}, {{"STRIDE", "32"}});
  const Trace misaligned = trace_of("copy-coalescing", 1024, {}, {{"OFFSET", "1"}});
  EXPECT_EQ(coalesced.totals.global.ld.requests, 32);
  EXPECT_EQ(per_request(coalesced), 4.0);
  EXPECT_EQ(per_request(strided), 32.0);
  EXPECT_EQ(per_request(misaligned), 5.0);
  EXPECT_EQ(coalesced.totals.global.st, coalesced.totals.global.ld);
  for (const Trace* t : {&coalesced, &strided, &misaligned}) {
    std::string why;
    EXPECT_TRUE(check_output(*t, &why)) << why;
  }
}

// Each warp-instruction is one request and the distinct 32-byte sectors its lanes touch.
TEST(Grid, SectorsOfOneWarpInstruction) {
  Step s;
  GlobalInstruction gi;
  for (int lane = 0; lane < 32; ++lane) {
    s.global.push_back(GlobalAccess{lane, 0, kLoad, 0, lane * 2, 0});  // 256 bytes: 8 sectors
    gi.access_index.push_back(lane);
  }
  EXPECT_EQ(global_sectors(s, gi), 8);
  s.global[5].array = 1;  // another array: its own sector
  EXPECT_EQ(global_sectors(s, gi), 9);
}

// A kernel that returns early (threads past n): the return leaves the kernel, in every block.
TEST(Grid, EarlyReturnLeavesTheKernel) {
  const Trace t = trace_text("// launch: k<<<3, 64>>>(out, in, N)\n// check: copy\n"
                             "__global__ void k(int *out, const int *in, int n) {\n"
                             "  int t = blockIdx.x * blockDim.x + threadIdx.x;\n  if (t >= n) return;\n  out[t] = in[t];\n}\n",
                             150);
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  EXPECT_EQ(t.steps.size(), 3u);
  EXPECT_EQ(t.steps[2].active_threads, 150 - 128);
}

TEST(Grid, ArrayLinesAreChecked) {
  const std::string body = "__global__ void k(int *out, int *a) { out[0] = a[0]; }\n";
  auto error_of = [&](const std::string& head) {
    try {
      trace_text(head + body, 16);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, a)\n// array: a\n"),
            "kernels/app/grid-test.cu:2: array line: no [COUNT] (expected NAME[COUNT])");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, a)\n// array: a[0]\n"),
            "kernels/app/grid-test.cu:2: array line: a has 0 elements; an array has 1 to 1048576 (expected NAME[COUNT])");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, a)\n// array: a[4]\n// array: a[4]\n"),
            "kernels/app/grid-test.cu:3: array line: a second array named 'a' (expected NAME[COUNT])");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, b)\n// array: a[4]\n"),
            "kernels/app/grid-test.cu:1:29: 'b' is not known here (the host knows N, MIN_IN, MAX_IN, sizeof(T) and the file's macros)");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, a)\n// array: a[N]\n"), "no error");
}

// A grid trace survives its file: launches, blocks, global accesses and totals come back.
TEST(Grid, TraceFileRoundTrip) {
  const Trace t = trace_of("scan-large-array", 3000);
  const Trace back = trace_from_json(trace_to_json(t, -1), "grid.json");
  ASSERT_TRUE(back.is_grid());
  EXPECT_EQ(back.totals, t.totals);
  ASSERT_EQ(back.steps.size(), t.steps.size());
  for (size_t s = 0; s < t.steps.size(); ++s) {
    EXPECT_EQ(back.steps[s].launch, t.steps[s].launch);
    EXPECT_EQ(back.steps[s].block, t.steps[s].block);
    EXPECT_EQ(back.steps[s].global, t.steps[s].global) << s;
  }
  ASSERT_EQ(back.global_arrays.size(), 4u);
  EXPECT_EQ(back.global_arrays[2].name, "sums");
  EXPECT_EQ(back.global_arrays[2].final, t.global_arrays[2].final);
  // a step that names a launch the trace does not have is refused
  std::string text = trace_to_json(t, -1);
  const size_t at = text.find("\"launch\":2");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 10, "\"launch\":7");
  EXPECT_THROW(trace_from_json(text, "bad.json"), std::runtime_error);
}

// The command line prints what each launch wrote: Demouth's 44 and 42, then 86.
TEST(Grid, CommandLinePrintsEachLaunchsWrites) {
  std::string input;
  for (double v : kDemouthInput) input += (input.empty() ? "" : ",") + std::to_string(static_cast<int>(v));
  const std::string cmd = std::string(SCANSCOPE_BINARY) + " trace --kernel seed002-reduce-two-blocks --input " + input + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  while (size_t got = fread(buf, 1, sizeof buf, p)) out.append(buf, got);
  EXPECT_EQ(pclose(p), 0) << out;
  const size_t first = out.find("launch 1 wrote partial_sums[0..1] (2 elements): 44 42");
  const size_t second = out.find("launch 2 wrote out[0..0] (1 elements): 86");
  EXPECT_NE(first, std::string::npos) << out;
  EXPECT_NE(second, std::string::npos) << out;
  EXPECT_LT(first, second);
  EXPECT_NE(out.find("global memory (Nsight Compute terms): ld requests 9, sectors 9"), std::string::npos) << out;
}

// Warp-instructions of a store inside a loop follow the loop's iterations: app-compact's scatter
// (`if (keep) g_odata[where] = v` for two elements per thread) on an H100, Nsight Compute counted
// 17 store requests and 75 sectors at n = 512 (seed 13), 33 and 144 at 1000, 65 and 300 at 2048;
// grouping a lane's first store with the others' first stores gave 69, 133 and 285.
TEST(Grid, StoresInALoopGroupByIteration) {
  const std::vector<std::array<int, 3>> measured = {{512, 17, 75}, {1000, 33, 144}, {2048, 65, 300}};
  for (const auto& [n, requests, sectors] : measured) {
    TraceRequest r;
    r.kernel = "app-compact";
    r.n = n;
    r.seed = 13;
    const Trace t = run_emulator(r);
    EXPECT_EQ(t.totals.global.st.requests, requests) << n;
    EXPECT_EQ(t.totals.global.st.sectors, sectors) << n;
  }
}
