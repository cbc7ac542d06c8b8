// Grids and launch sequences (issue "The whole grid"): every block of every launch traced, global
// accesses recorded and counted in sectors and requests, the sources' multi-block examples with
// their own numbers, and the trace file that carries them.
#include <gtest/gtest.h>

#include <algorithm>
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

// Demouth's worked example: 2 blocks of 4 threads, smem 11 13 11 9 -> 22 22 -> 44 and
// 6 14 10 12 -> 16 26 -> 42, then one block reduces the block sums to 86.
TEST(Grid, DemouthTwoBlocksThenOne) {
  const Trace t = trace_of("demouth-reduce-two-blocks", 32, kDemouthInput);
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

// Oancea and Henriksen's coalescing: 4 sectors per request when a warp reads 32 consecutive words, 32 when
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
            "kernels/app/grid-test.cu:1:29: 'b' is not known here (the host knows N, MIN_IN, MAX_IN, sizeof(T), the file's macros and its constants)");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(out, a)\n// array: a[N]\n// init: a = 0\n"), "no error");
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
  const std::string cmd = std::string(SCANSCOPE_BINARY) + " trace --kernel demouth-reduce-two-blocks --input " + input + " 2>&1";
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

// ---- The sources' other multi-block algorithms (kernels/*: problem-reduce-grid,
// scan-reduce-then-scan-staged, scan-decoupled-lookback, reduce-chunked-staging,
// app-radix-sort-blocks): outputs at several n, the sources' numbers, no races.

namespace {

struct Options {
  int threads = 0, bits = 0;
  std::string scan;
  Operator op = Operator::Sum;
  ValueType type = ValueType::Int;
  std::vector<std::pair<std::string, std::string>> defines;
  std::vector<double> input;
};

Trace trace_with(const std::string& kernel, int n, const Options& o) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  r.threads = o.threads;
  r.bits = o.bits;
  r.scan = o.scan;
  r.op = o.op;
  r.type = o.type;
  r.defines = o.defines;
  r.input = o.input;
  r.seed = 9;
  return run_emulator(r);
}

// The output is what the file's check asks for, and no step has a race.
void expect_right(const Trace& t, const std::string& what) {
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << what << ": " << why;
  for (const Step& s : t.steps) EXPECT_TRUE(s.hazards.empty()) << what << ": a race in " << s.label;
}

GlobalTotals launch_totals(const Trace& t, int launch) {
  GlobalTotals g;
  for (const Step& s : t.steps)
    if (s.launch == launch) {
      g.ld.requests += s.global_totals.ld.requests;
      g.ld.sectors += s.global_totals.ld.sectors;
      g.st.requests += s.global_totals.st.requests;
      g.st.sectors += s.global_totals.st.sectors;
    }
  return g;
}

std::vector<double> values(const std::map<int, double>& m) {
  std::vector<double> v;
  for (const auto& [i, x] : m) v.push_back(x);
  return v;
}

}  // namespace

// The reduction problem's grid: 2 blocks of 2 threads over its 8 values, stride 4: thread sums 12 5 | 17 5,
// block sums 17 and 22, and the second launch's 39 (the problem's 5+3+8+1+7+2+9+4).
TEST(Grid, ReductionProblemGridStrideOverBlocks) {
  Options o;
  o.threads = 2;
  o.defines = {{"BLOCKS", "2"}};
  o.input = {5, 3, 8, 1, 7, 2, 9, 4};
  const Trace t = trace_with("problem-reduce-grid", 8, o);
  ASSERT_EQ(t.launches.size(), 2u);
  EXPECT_EQ(t.launches[0].grid, 2);
  EXPECT_EQ(t.launches[1].grid, 1);
  std::map<int, std::vector<double>> first;
  for (const Step& s : t.steps)
    if (s.launch == 0 && !first.count(s.block)) first[s.block] = s.smem;
  EXPECT_EQ(first[0], (std::vector<double>{12, 5}));
  EXPECT_EQ(first[1], (std::vector<double>{17, 5}));
  EXPECT_EQ(stored(t, 0, "d_block_sums"), (std::map<int, double>{{0, 17}, {1, 22}}));
  EXPECT_EQ(t.output, std::vector<double>{39});
  for (int n : {1, 7, 300, 1000, 3000, 65536}) {
    const Trace u = trace_of("problem-reduce-grid", n);
    expect_right(u, "n=" + std::to_string(n));
    EXPECT_GE(u.launches[0].grid, 2) << n;
  }
  // n = 3000: 2 blocks of 256, stride 512. Iterations 0..4 read 80 full warps (4 sectors each);
  // iteration 5 reads 2560..2999: 13 full warps and one of 24 lanes (3 sectors). The second
  // launch reads the 2 block sums: one request, one sector.
  const Trace u = trace_of("problem-reduce-grid", 3000);
  EXPECT_EQ(launch_totals(u, 0).ld.requests, 94);
  EXPECT_EQ(launch_totals(u, 0).ld.sectors, 375);
  EXPECT_EQ(u.totals.global.ld.requests, 95);
  EXPECT_EQ(u.totals.global.ld.sectors, 376);
}

// Oancea's reduce-then-scan: buf holds the blocks' reductions after launch 1 and their
// exclusive scan after launch 2; every global load and store of a tile is coalesced.
TEST(Grid, ReduceThenScanStaged) {
  for (int n : {1, 7, 300, 1000, 1025, 3000})
    for (const char* scan : {"inclusive", "exclusive"}) {
      Options o;
      o.scan = scan;
      expect_right(trace_with("scan-reduce-then-scan-staged", n, o), std::to_string(n) + " " + scan);
    }
  Options mat2;
  mat2.op = Operator::Mat2;
  expect_right(trace_with("scan-reduce-then-scan-staged", 1000, mat2), "mat2");
  Options odd;
  odd.threads = 32;
  odd.defines = {{"CHUNK", "3"}};
  expect_right(trace_with("scan-reduce-then-scan-staged", 3000, odd), "32 threads, CHUNK 3");

  const Trace t = trace_of("scan-reduce-then-scan-staged", 3000);
  ASSERT_EQ(t.launches.size(), 3u);
  EXPECT_EQ(t.launches[0].grid, 3);
  EXPECT_EQ(t.launches[0].block, 128);
  EXPECT_EQ(t.launches[1].grid, 1);
  const std::vector<double> sums = values(stored(t, 0, "buf"));
  ASSERT_EQ(sums.size(), 3u);
  double block0 = 0, block1 = 0;
  for (int i = 0; i < 1024; ++i) block0 += t.input[static_cast<size_t>(i)];
  for (int i = 1024; i < 2048; ++i) block1 += t.input[static_cast<size_t>(i)];
  EXPECT_EQ(sums[0], block0);
  EXPECT_EQ(sums[1], block1);
  EXPECT_EQ(values(stored(t, 1, "buf")), (std::vector<double>{0, block0, block0 + block1}));
  // n = 4096, 4 tiles of 1024: launches 1 and 3 read each tile with 32 requests of 4 sectors
  // (launch 3 also reads buf[b], one sector per warp), launch 3 writes it likewise.
  const Trace c = trace_of("scan-reduce-then-scan-staged", 4096);
  EXPECT_EQ(launch_totals(c, 0).ld.requests, 128);
  EXPECT_EQ(launch_totals(c, 0).ld.sectors, 512);
  EXPECT_EQ(launch_totals(c, 2).ld.requests, 128 + 16);
  EXPECT_EQ(launch_totals(c, 2).ld.sectors, 512 + 16);
  EXPECT_EQ(launch_totals(c, 2).st.requests, 128);
  EXPECT_EQ(launch_totals(c, 2).st.sectors, 512);
}

// Merrill and Garland's look-back: tile t > 0 publishes its aggregate (flag 1), reads the flag
// of tile t - 1, finds 2 (the interpreter runs the blocks in order), combines that tile's
// inclusive prefix and publishes its own (flag 2). One pass: the input is read once.
TEST(Grid, DecoupledLookBack) {
  for (int n : {1, 7, 300, 1000, 1025, 3000})
    for (const char* scan : {"inclusive", "exclusive"}) {
      Options o;
      o.scan = scan;
      expect_right(trace_with("scan-decoupled-lookback", n, o), std::to_string(n) + " " + scan);
    }
  Options mat2;
  mat2.op = Operator::Mat2;
  expect_right(trace_with("scan-decoupled-lookback", 1000, mat2), "mat2");
  // int only: on an H100 a float sum differed in the last bits where the GPU's schedule made a
  // tile combine several aggregates (docs/validation.md)
  Options flt;
  flt.type = ValueType::Float;
  EXPECT_THROW(trace_with("scan-decoupled-lookback", 3000, flt), UsageError);

  const Trace t = trace_of("scan-decoupled-lookback", 3000);
  ASSERT_EQ(t.launches.size(), 1u);
  ASSERT_EQ(t.launches[0].grid, 3);
  int flags = -1, aggregates = -1, prefixes = -1;
  for (size_t a = 0; a < t.global_arrays.size(); ++a) {
    if (t.global_arrays[a].name == "flags") flags = static_cast<int>(a);
    if (t.global_arrays[a].name == "aggregates") aggregates = static_cast<int>(a);
    if (t.global_arrays[a].name == "prefixes") prefixes = static_cast<int>(a);
  }
  ASSERT_GE(flags, 0);
  ASSERT_GE(aggregates, 0);
  ASSERT_GE(prefixes, 0);
  std::vector<double> tile_sum(3, 0);
  for (int i = 0; i < 3000; ++i) tile_sum[static_cast<size_t>(i / 1024)] += t.input[static_cast<size_t>(i)];
  for (int tile = 0; tile < 3; ++tile) {
    // every flag and value access of the tile, in program order (all by thread 0)
    std::vector<std::string> seen;
    for (const Step& s : t.steps)
      if (s.block == tile)
        for (const GlobalAccess& a : s.global) {
          if (a.array != flags && a.array != aggregates && a.array != prefixes) continue;
          EXPECT_EQ(a.tid, 0);
          seen.push_back(std::string(a.op == kLoad ? "ld " : "st ") + t.global_arrays[a.array].name + "[" + std::to_string(a.index) +
                         "]=" + std::to_string(static_cast<long long>(a.value)));
        }
    const auto v = [](double x) { return std::to_string(static_cast<long long>(x)); };
    const std::string me = std::to_string(tile), before = std::to_string(tile - 1);
    double prefix_before = 0;
    for (int j = 0; j < tile; ++j) prefix_before += tile_sum[static_cast<size_t>(j)];
    std::vector<std::string> want;
    if (tile == 0) {
      want = {"st prefixes[0]=" + v(tile_sum[0]), "st flags[0]=2"};
    } else {
      want = {"st aggregates[" + me + "]=" + v(tile_sum[static_cast<size_t>(tile)]), "st flags[" + me + "]=1",
              "ld flags[" + before + "]=2", "ld prefixes[" + before + "]=" + v(prefix_before),
              "st prefixes[" + me + "]=" + v(prefix_before + tile_sum[static_cast<size_t>(tile)]), "st flags[" + me + "]=2"};
    }
    EXPECT_EQ(seen, want) << "tile " << tile;
  }
  bool labelled = false;
  for (const Step& s : t.steps) labelled |= s.block == 2 && s.label == "tile 2: found flag 2 at tile 1";
  EXPECT_TRUE(labelled);
  // one pass: the input is read once, so the loads of a large array are about half those of the
  // reduce-then-scan's two passes
  const Trace one = trace_of("scan-decoupled-lookback", 65536);
  const Trace two = trace_of("scan-reduce-then-scan-staged", 65536);
  expect_right(one, "65536");
  EXPECT_LT(one.totals.global.ld.sectors * 10, two.totals.global.ld.sectors * 6);
}

// Oancea's chunked reduction, CHUNK 8: the naive loads of a warp are 32 bytes apart (32 sectors
// per request), the staged ones consecutive (4); n = 4096: 128 requests in the first launch, then
// one thread's 4 loads of the block results.
TEST(Grid, ChunkedReductionCoalescing) {
  for (const char* coalesced : {"0", "1"}) {
    for (int n : {1, 7, 300, 1000, 4096, 5000}) {
      Options o;
      o.defines = {{"COALESCED", coalesced}};
      expect_right(trace_with("reduce-chunked-staging", n, o), std::string(coalesced) + " n=" + std::to_string(n));
    }
    Options mat2;
    mat2.op = Operator::Mat2;
    mat2.defines = {{"COALESCED", coalesced}};
    expect_right(trace_with("reduce-chunked-staging", 1000, mat2), std::string(coalesced) + " mat2");
  }
  Options naive_o, staged_o;
  naive_o.defines = {{"COALESCED", "0"}};
  staged_o.defines = {{"COALESCED", "1"}};
  const Trace naive = trace_with("reduce-chunked-staging", 4096, naive_o);
  const Trace staged = trace_with("reduce-chunked-staging", 4096, staged_o);
  EXPECT_EQ(launch_totals(naive, 0).ld.requests, 128);
  EXPECT_EQ(launch_totals(naive, 0).ld.sectors, 128 * 32);
  EXPECT_EQ(launch_totals(staged, 0).ld.requests, 128);
  EXPECT_EQ(launch_totals(staged, 0).ld.sectors, 128 * 4);
  EXPECT_EQ(naive.totals.global.ld.requests, 132);
  EXPECT_EQ(staged.totals.global.ld.sectors, 516);
  // the staging's price: each thread reads 8 consecutive words of shared memory, 8-way conflicts
  EXPECT_EQ(naive.totals.ld.conflicts, 0);
  EXPECT_GT(staged.totals.ld.conflicts, 0);
}

// Demouth's radix sort over 2 blocks of 4 threads, the slides' 32 keys: pass 1 (the low 2 bits)
// counts 3 3 5 5 keys of digits 0..3 in block 0 and 3 6 5 2 in block 1, digit-major in counts,
// scanned to 0 3 6 9 15 20 25 30; 4 passes of 3 launches sort them.
TEST(Grid, RadixSortPerBlockCounters) {
  Options o;
  o.input = kDemouthInput;
  const Trace t = trace_with("app-radix-sort-blocks", 32, o);
  ASSERT_EQ(t.launches.size(), 12u);
  EXPECT_EQ(t.launches[0].grid, 2);
  EXPECT_EQ(t.launches[0].block, 4);
  EXPECT_EQ(values(stored(t, 0, "counts")), (std::vector<double>{3, 3, 3, 6, 5, 5, 5, 2}));
  EXPECT_EQ(values(stored(t, 1, "counts")), (std::vector<double>{0, 3, 6, 9, 15, 20, 25, 30}));
  expect_right(t, "Demouth's keys");
  std::vector<double> sorted = kDemouthInput;
  std::stable_sort(sorted.begin(), sorted.end());
  EXPECT_EQ(t.output, sorted);
  for (int n : {1, 7, 300, 1000, 2048, 8192}) expect_right(trace_of("app-radix-sort-blocks", n), "n=" + std::to_string(n));
  Options one_bit;
  one_bit.bits = 1;  // the split: keys by their lowest bit, in input order otherwise
  expect_right(trace_with("app-radix-sort-blocks", 300, one_bit), "bits=1");
  Options wide;
  wide.input = {255, 3, 128, 7, 200, 1, 0, 64, 99, 17, 254};
  const Trace w = trace_with("app-radix-sort-blocks", 11, wide);
  expect_right(w, "8-bit keys");
  EXPECT_EQ(w.output, (std::vector<double>{0, 1, 3, 7, 17, 64, 99, 128, 200, 254, 255}));
}
