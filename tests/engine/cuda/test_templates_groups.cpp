// Templates, cooperative groups, file-scope constants, type aliases and functional casts: what
// the parser accepts (run against the interpreter's result), and the one-line errors that name
// file:line:col and the construct for what it does not.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/check.h"
#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

const std::string kReduceHeader = "// launch: k<<<1, 64>>>(in, out, N)\n// check: reduce\n";

TEST(Templates, ExplicitArgumentsInTheLaunchLineInstantiateTheKernel) {
  const Outcome o = run_text(
      "// launch: k<T, 64><<<1, 64>>>(in, out, N)\n// check: reduce\n"
      "template <typename V, unsigned int B>\n"
      "__global__ void k(const V *in, V *out, int n) {\n"
      "  if (threadIdx.x == 0) { V s = V(0); for (int i = 0; i < n; ++i) s += in[i]; out[0] = s * (B / 64); }\n"
      "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 64);
}

TEST(Templates, ArgumentsAreDeducedFromTheCallAndDefaultsFillTheRest) {
  const Outcome o = run_text(kReduceHeader +
                             "template <typename V, int SCALE = 3>\n"
                             "__device__ V scaled(V v) { return v * SCALE; }\n"
                             "__global__ void k(const int *in, int *out, int n) { if (threadIdx.x == 0) out[0] = scaled(in[0]) + scaled<int, 10>(in[1]); }\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 13);
}

TEST(Templates, ATemplateParameterNamedTHidesTheHostsT) {
  // The host's T is a typedef, so NVIDIA's `template <class T>` reads as it does in C++.
  const Outcome o = run_text(kReduceHeader +
                             "template <class T> __device__ T twice(T v) { return v + v; }\n"
                             "__global__ void k(const int *in, int *out, int n) { if (threadIdx.x == 0) out[0] = twice(2.5f) > 4.9f ? 1 : 0; }\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 1);
}

TEST(Templates, AnErrorInsideAnInstantiationNamesItAndWhereItWasUsed) {
  const Outcome o = run_text(kReduceHeader +
                             "template <typename V> __device__ V bad(V v) { return v + undefined_name; }\n"
                             "__global__ void k(const int *in, int *out, int n) { out[0] = bad(in[0]); }\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_EQ(o.what, "kernels/app/inline.cu:3:58: 'undefined_name' is not declared (in bad<int>, used at kernels/app/inline.cu:4:62)");
}

TEST(Templates, AValueParameterThatCannotBeDeducedIsNamed) {
  const Outcome o = run_text(kReduceHeader +
                             "template <int B> __device__ int f(int v) { return v * B; }\n"
                             "__global__ void k(const int *in, int *out, int n) { out[0] = f(in[0]); }\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_NE(o.what.find("inline.cu:4:62: cannot deduce template parameter 'B' of 'f'"), std::string::npos) << o.what;
}

TEST(Templates, SelfInstantiationStopsAtTheDepthLimit) {
  const Outcome o = run_text(kReduceHeader +
                             "template <int D> __device__ int deep(int v) { return deep<D + 1>(v); }\n"
                             "__global__ void k(const int *in, int *out, int n) { out[0] = deep<0>(in[0]); }\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_NE(o.what.find("templates instantiated more than 64 deep"), std::string::npos) << o.what;
}

TEST(Templates, ALargeTemplateUsedWithManyArgumentsStopsAtTheTokenBudget) {
  // 200 instantiations of a body of 12,000 tokens: 2.4 million tokens to parse again
  std::string body;
  for (int i = 0; i < 2000; ++i) body += "v = v + D;\n";  // 6 tokens a line
  std::string uses;
  for (int i = 0; i < 200; ++i) uses += "s = s + big<" + std::to_string(i) + ">(s);\n";
  const Outcome o = run_text(kReduceHeader + "template <int D> __device__ int big(int v) {\n" + body + "return v; }\n" +
                             "__global__ void k(const int *in, int *out, int n) { int s = 0;\n" + uses + "out[0] = s; }\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_NE(o.what.find("templates instantiated to more than 2000000 tokens in all"), std::string::npos) << o.what;
}

TEST(Templates, AnErrorInTheLaunchLinesTemplateIdNamesTheKernelFile) {
  const Outcome o = run_text("// launch: k<T, \"x><<<1, 64>>>(in, out, N)\n// check: reduce\n__global__ void k(const int *in, int *out, int n) {}\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_EQ(o.what, "kernels/app/inline.cu:1:17: string not closed on its line");
}

TEST(Templates, UnsupportedFormsSayWhat) {
  EXPECT_NE(run_text(kReduceHeader + "template <> __device__ int f(int v);\n").what.find("explicit specializations (template <>) are supported for class templates and for function templates named with their arguments"),
            std::string::npos);
  EXPECT_NE(run_text("// launch: nope<int><<<1, 64>>>(in, out, N)\n// check: reduce\n__global__ void nope(int *a, int *b, int n) {}\n")
                .what.find("inline.cu:1:12: the launch names 'nope<...>', but the file has no template of that name"),
            std::string::npos);
}

TEST(Constants, FileScopeConstantsSizeArraysAndReachTheHost) {
  const Outcome o = run_text(
      "// launch: k<<<1, BLOCK>>>(in, out, N)\n// check: reduce\n"
      "const int BLOCK = 64;\nconstexpr float HALF = 0.5f;\nstatic const unsigned WORDS = BLOCK * 2;\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  __shared__ int s[WORDS];\n"
      "  s[threadIdx.x] = in[threadIdx.x]; s[threadIdx.x + BLOCK] = 0;\n"
      "  __syncthreads();\n"
      "  if (threadIdx.x == 0) { int t = 0; for (int i = 0; i < WORDS; ++i) t += s[i]; out[0] = t * (HALF * 2.0f); }\n"
      "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 64);
}

TEST(Constants, AFileScopeVariableThatIsNotConstantIsNamed) {
  EXPECT_NE(run_text(kReduceHeader + "int counter = 0;\n").what.find("inline.cu:3:5: variables at file scope are not supported, except constants"),
            std::string::npos);
  // __device__ variables are (tests/engine/cuda/test_builtins.cpp), of int, unsigned and float
  EXPECT_NE(run_text(kReduceHeader + "__device__ int *counter;\n").what.find("inline.cu:3:17: __device__ variable 'counter' of type int* is not supported"),
            std::string::npos);
  EXPECT_NE(run_text(kReduceHeader + "const int K;\n").what.find("the constant 'K' needs a value"), std::string::npos);
}

TEST(Aliases, TypedefUsingAndFunctionalCasts) {
  const Outcome o = run_text(kReduceHeader +
                             "typedef unsigned int uint;\nusing real = float;\n"
                             "__global__ void k(const int *in, int *out, int n) {\n"
                             "  typedef int local_int;\n"
                             "  uint a = uint(7); real b = real(in[0]) / 2.0f; local_int c = int(b * 4.0f);\n"
                             "  if (threadIdx.x == 0) out[0] = a + c;\n"
                             "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 9);
}

TEST(LegacyWarpCode, PreVoltaShufflesNameTheirSyncForm) {
  const Outcome o = run_text(kReduceHeader + "__global__ void k(const int *in, int *out, int n) { int v = __shfl_down(in[0], 1); out[0] = v; }\n");
  ASSERT_EQ(o.kind, "error");
  EXPECT_EQ(o.what,
            "kernels/app/inline.cu:3:61: '__shfl_down' assumed that a warp runs in lockstep and was removed in CUDA 9 for Volta and later "
            "GPUs; write __shfl_down_sync(0xffffffff, v, delta), which names the lanes that take part");
}

const std::string kCg = "#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\nnamespace cg = cooperative_groups;\n";

TEST(CooperativeGroups, ThreadRankSizeAndTileShufflesGiveTheBlocksSum) {
  const Outcome o = run_text(kReduceHeader + kCg +
                             "__global__ void k(const int *in, int *out, int n) {\n"
                             "  __shared__ int warp_sums[2];\n"
                             "  cg::thread_block b = cg::this_thread_block();\n"
                             "  cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);\n"
                             "  int v = in[b.thread_rank()] * (w.thread_rank() + 1);\n"
                             "  for (int d = w.size() / 2; d > 0; d /= 2) v += w.shfl_down(v, d);\n"
                             "  if (w.thread_rank() == 0) warp_sums[w.meta_group_rank()] = v;\n"
                             "  b.sync();\n"
                             "  if (b.thread_rank() == 0) out[0] = warp_sums[0] + warp_sums[1] + 1000 * w.meta_group_size();\n"
                             "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 2 * (32 * 33 / 2) + 2000);
}

TEST(CooperativeGroups, ReduceWithEachOperatorAndSmallTiles) {
  const Outcome r = run_text(kReduceHeader + kCg +
                             "__global__ void k(const int *in, int *out, int n) {\n"
                             "  cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());\n"
                             "  int r = t.thread_rank();\n"
                             "  int sum = cg::reduce(t, r, cg::plus<int>());\n"
                             "  int lo = cg::reduce(t, r + 5, cg::less<int>());\n"
                             "  int hi = cg::reduce(t, r, cg::greater<int>());\n"
                             "  unsigned bits = t.ballot(r % 2 == 1);\n"
                             "  if (threadIdx.x == 8) out[0] = sum * 1000000 + lo * 10000 + hi * 100 + bits;\n"
                             "}\n");
  ASSERT_EQ(r.kind, "ok") << r.what;
  EXPECT_EQ(r.out.at(0), 28 * 1000000 + 5 * 10000 + 7 * 100 + 0xAA);
}

TEST(CooperativeGroups, AThreadGroupSyncIsABarrierForTheBlockAndAWarpSyncForATile) {
  const std::string body =
      "__device__ int first_of(cg::thread_group g, int *s, int v) {\n"
      "  if (g.thread_rank() == 0) s[0] = v;\n"
      "  g.sync();\n"
      "  return s[0];\n"
      "}\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  __shared__ int s[8];\n"
      "  cg::thread_block b = cg::this_thread_block();\n"
      "  int a = first_of(b, s, 100 + b.thread_rank());\n"
      "  b.sync();\n"
      "  cg::thread_group t = cg::tiled_partition(b, 8);\n"
      "  int c = first_of(t, s + b.thread_rank() / 8, 10 + b.thread_rank());\n"
      "  if (b.thread_rank() == 17) out[0] = a * 100 + c;\n"
      "}\n";
  const Outcome o = run_text(kReduceHeader + kCg + body);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out.at(0), 100 * 100 + 26);
}

TEST(CooperativeGroups, MissingHeadersAndUnsupportedPartsAreNamed) {
  EXPECT_NE(run_text(kReduceHeader + "namespace cg = cooperative_groups;\n").what.find("3:16: cooperative groups need '#include <cooperative_groups.h>'"),
            std::string::npos);
  EXPECT_NE(run_text(kReduceHeader + "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
                                     "__global__ void k(const int *in, int *out, int n) { out[0] = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), 1, cg::plus<int>()); }\n")
                .what.find("cg::reduce needs '#include <cooperative_groups/reduce.h>'"),
            std::string::npos);
  EXPECT_NE(run_text(kReduceHeader + kCg + "__global__ void k(const int *in, int *out, int n) { cg::grid_group g = cg::this_grid(); }\n")
                .what.find("grid_group (a grid-wide barrier) needs a cooperative launch"),
            std::string::npos);
  EXPECT_NE(run_text(kReduceHeader + kCg + "__global__ void k(const int *in, int *out, int n) { cg::thread_block_tile<24> t = cg::tiled_partition<24>(cg::this_thread_block()); }\n")
                .what.find("a thread_block_tile has 1, 2, 4, ..., 512 or 1024 threads (a power of two), not 24"),
            std::string::npos);
  EXPECT_NE(run_text(kReduceHeader + "#include <thrust/reduce.h>\n").what.find("#include <thrust/reduce.h> is not supported"), std::string::npos);
}

}  // namespace

// cg::coalesced_threads() in a divergent branch: the group is the warp's lanes that entered
// together; a thread's rank is its place among them, shfl names a rank, ballot's bit r is the
// thread of rank r. Checked against the same numbers computed here from the branch's condition.
TEST(Groups, CoalescedThreadsRankAmongTheActiveLanes) {
  TraceRequest r = inline_request("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n#include <cooperative_groups.h>\n"
                                  "namespace cg = cooperative_groups;\n"
                                  "__global__ void k(const int *in, int *out, int n) {\n"
                                  "  int i = threadIdx.x, r = -1;\n"
                                  "  if (in[i] % 3 != 0) {\n"
                                  "    auto g = cg::coalesced_threads();\n"
                                  "    int first = g.shfl(i, 0), up = g.shfl_up(i, 2), down = g.shfl_down(i, 1);\n"
                                  "    unsigned b = g.ballot(i % 2);\n"
                                  "    g.sync();\n"
                                  "    r = (int)g.thread_rank() * 100000 + (int)g.size() * 1000 + first * 10 + (up + down) % 10 + (int)(b % 7u) * 0;\n"
                                  "    r += (int)(b & 0xffu) * 1000000;\n"
                                  "  }\n"
                                  "  out[i] = r;\n"
                                  "}\n",
                                  64);
  for (int i = 0; i < 64; ++i) r.input[static_cast<size_t>(i)] = (i * 5) % 7;
  const Trace t = run_interpreter(resolve_kernel(r));
  std::vector<double> want(64, -1);
  for (int w = 0; w < 2; ++w) {
    std::vector<int> lanes;  // the group's threads, in lane order
    for (int l = 0; l < 32; ++l)
      if (((w * 32 + l) * 5 % 7) % 3 != 0) lanes.push_back(w * 32 + l);
    const int size = static_cast<int>(lanes.size());
    unsigned ballot = 0;
    for (int k = 0; k < size; ++k)
      if (lanes[static_cast<size_t>(k)] % 2) ballot |= 1u << k;
    for (int k = 0; k < size; ++k) {
      const int i = lanes[static_cast<size_t>(k)];
      const int up = k >= 2 ? lanes[static_cast<size_t>(k - 2)] : i, down = k + 1 < size ? lanes[static_cast<size_t>(k + 1)] : i;
      want[static_cast<size_t>(i)] = k * 100000 + size * 1000 + lanes[0] * 10 + (up + down) % 10 + static_cast<int>(ballot & 0xffu) * 1000000;
    }
  }
  EXPECT_EQ(t.output, want);
}

// T (&a)[N]: a reference to an array, its length deduced from the argument (a local or a
// __shared__ array), used through it (writes reach the caller's array); a non-template one takes
// exactly its length, and one of another length is an error naming both.
TEST(Templates, AReferenceToAnArrayDeducesItsLength) {
  const Outcome o = run_text(
      "// launch: k<<<1, 32>>>(in, out, N)\n// out: 32\n"
      "template <int N> __device__ void clear(unsigned int (&bins)[N]) { for (int b = 0; b < (int)(sizeof(bins) / sizeof(bins[0])); ++b) bins[b] = 0; }\n"
      "template <typename V, int N> __device__ int total(const V (&a)[N]) { int s = 0; for (int b = 0; b < N; ++b) s += a[b]; return s * 100 + (int)(sizeof(a) / sizeof(a[0])); }\n"
      "__device__ void count(unsigned int (&bins)[4], int v) { bins[v % 4] += 1; }\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  unsigned int bins[4];\n"
      "  unsigned char small[6] = {1, 2, 3, 4, 5, 6};\n"
      "  __shared__ int s[8];\n"
      "  clear(bins);\n"
      "  for (int i = 0; i <= (int)threadIdx.x % 5; ++i) count(bins, i + in[threadIdx.x]);\n"
      "  s[threadIdx.x % 8] = 1;\n"
      "  __syncthreads();\n"
      "  out[threadIdx.x] = (int)total(bins) * 10000 + total(small) * 100 + total(s);\n"
      "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  for (int t = 0; t < 32; ++t) {
    const int k = t % 5 + 1;  // counts bins for 1..k: k in all
    EXPECT_EQ(o.out.at(static_cast<size_t>(t)), (k * 100 + 4) * 10000 + (21 * 100 + 6) * 100 + (8 * 100 + 8)) << t;
  }
  const Outcome e = run_text(
      "// launch: k<<<1, 32>>>(in, out, N)\n"
      "__device__ void count(unsigned int (&bins)[4], int v) { bins[v % 4] += 1; }\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  unsigned int bins[5];\n"
      "  count(bins, 1);\n"
      "}\n");
  EXPECT_EQ(e.kind, "error");
  EXPECT_NE(e.what.find("inline.cu:5:9: 'bins' is a reference to an array of 4 elements: pass such an array (this one has 5)"), std::string::npos) << e.what;
}

// Tiles of whole warps (CUDA 12: tiled_partition<64> to <1024> of the block, with or without the
// CUDA 11 scratch `__shared__ cg::block_tile_memory<N>`): ranks, sizes, their sync (a barrier of
// the tile's threads) and cg::reduce over them (each warp by shuffles, then the tile's warps
// combined in order); their warp intrinsics do not exist, an error naming them.
TEST(Groups, TilesOfSeveralWarpsRankSyncAndReduce) {
  const std::string head = "// launch: k<<<1, 256>>>(in, out, N)\n// out: 768\n#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\n"
                           "namespace cg = cooperative_groups;\n";
  const Outcome o = run_text(
      head +
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  __shared__ cg::block_tile_memory<256> scratch;\n"
      "  __shared__ int s[256];\n"
      "  cg::thread_block block = cg::this_thread_block(scratch);\n"
      "  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);\n"
      "  auto t128 = cg::tiled_partition<128>(block);\n"
      "  int v = (int)threadIdx.x;\n"
      "  s[threadIdx.x] = v;\n"
      "  t64.sync();\n"
      "  int left = s[t64.meta_group_rank() * 64 + (t64.thread_rank() + 1) % 64];\n"
      "  int sum = cg::reduce(t64, v, cg::plus<int>());\n"
      "  int top = cg::reduce(t128, v * (v % 3), cg::greater<int>());\n"
      "  out[threadIdx.x] = sum;\n  out[256 + threadIdx.x] = top;\n"
      "  out[512 + threadIdx.x] = left + 1000 * (int)(t64.size() + t128.meta_group_size() * 1000 + t128.meta_group_rank() * 100);\n"
      "}\n",
      768);
  ASSERT_EQ(o.kind, "ok") << o.what;
  for (int t = 0; t < 256; ++t) {
    const int b64 = t / 64 * 64, b128 = t / 128 * 128;
    int sum = 0, top = 0;
    for (int u = b64; u < b64 + 64; ++u) sum += u;
    for (int u = b128; u < b128 + 128; ++u) top = std::max(top, u * (u % 3));
    const int left = b64 + (t - b64 + 1) % 64;
    EXPECT_EQ(o.out.at(static_cast<size_t>(t)), sum) << t;
    EXPECT_EQ(o.out.at(static_cast<size_t>(256 + t)), top) << t;
    EXPECT_EQ(o.out.at(static_cast<size_t>(512 + t)), left + 1000 * (64 + 2 * 1000 + (t / 128) * 100)) << t;
  }
  const std::pair<std::string, std::string> cases[] = {
      {"  auto t = cg::tiled_partition<64>(cg::this_thread_block());\n  out[0] = t.shfl_down(1, 1);\n",
       "'shfl_down' does not exist on a tile of 64 threads"},
      {"  auto t = cg::tiled_partition<48>(cg::this_thread_block());\n", "a thread_block_tile has 1, 2, 4, ..., 512 or 1024 threads (a power of two), not 48"},
      {"  auto w = cg::tiled_partition<32>(cg::this_thread_block());\n  auto t = cg::tiled_partition<64>(w);\n",
       "a tile of 64 threads cannot be cut from a tile of 32"},
      {"  cg::thread_group g = cg::tiled_partition<64>(cg::this_thread_block());\n",
       "a tile of 64 threads as a thread_group: CUDA has no such conversion (keep its thread_block_tile<64> type)"},
      {"  auto t = cg::tiled_partition(cg::this_thread_block(), 64);\n",
       "tiled_partition(parent, 64): CUDA's thread_group tiles have 1, 2, 4, ..., 32 threads (its library aborts for more)"},
      {"  auto t = cg::tiled_partition(cg::this_thread_block(), 48);\n", "a thread_block_tile has 1, 2, 4, 8, 16 or 32 threads, not 48"},
      {"  auto t = cg::tiled_partition<128>(cg::this_thread_block());\n  t.sync();  // step: the tile\n",
       "a step label on t.sync(): the barrier of a tile of 128 threads ends no step"},
  };
  for (const auto& [body, want] : cases)
    expect_error_line(run_text(head + "__global__ void k(const int *in, int *out, int n) {\n" + body + "}\n", 256), want, body);
}

namespace {

const std::string kTileHead = "#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\nnamespace cg = cooperative_groups;\n";

// A block of 256 threads in tiles of S (64, 128, 256): each tile sums its own 256 / S-th of the
// input in shared memory with a tree whose only barrier is the tile's sync(), and with cg::reduce.
// The sums equal the CPU's; no race is reported (the tile's barrier orders its threads), and the
// tile barriers end no step (the only barrier step is the kernel's end, as in the GPU's traced build).
TEST(Groups, TileOfSeveralWarpsReducesWithItsOwnBarrier) {
  for (int S : {64, 128, 256}) {
    const std::string s = std::to_string(S);
    TraceRequest r = inline_request("// launch: k<" + s + "><<<1, 256>>>(in, out, N)\n// out: " + std::to_string(2 * 256 / S) + "\n" + kTileHead +
                                        "template <unsigned S>\n"
                                        "__global__ void k(const int *in, int *out, int n) {\n"
                                        "  __shared__ int part[256];\n"
                                        "  auto t = cg::tiled_partition<S>(cg::this_thread_block());\n"
                                        "  const unsigned r = t.thread_rank(), base = t.meta_group_rank() * S;\n"
                                        "  part[base + r] = in[base + r];\n"
                                        "  t.sync();\n"
                                        "  for (unsigned half = S / 2; half > 0; half /= 2) {\n"
                                        "    if (r < half) part[base + r] += part[base + r + half];\n"
                                        "    t.sync();\n"
                                        "  }\n"
                                        "  const int lib = cg::reduce(t, in[base + r], cg::plus<int>());\n"
                                        "  if (r == 0) { out[t.meta_group_rank()] = part[base]; out[t.meta_group_size() + t.meta_group_rank()] = lib; }\n"
                                        "}\n",
                                    256);
    for (int i = 0; i < 256; ++i) r.input[static_cast<size_t>(i)] = (i * 37) % 101 - 50;
    const Trace t = run_interpreter(resolve_kernel(r));
    const int tiles = 256 / S;
    ASSERT_EQ(t.output.size(), static_cast<size_t>(2 * tiles)) << S;
    for (int k = 0; k < tiles; ++k) {
      int want = 0;
      for (int i = k * S; i < (k + 1) * S; ++i) want += (i * 37) % 101 - 50;
      EXPECT_EQ(t.output[static_cast<size_t>(k)], want) << "tile " << k << " of " << S;
      EXPECT_EQ(t.output[static_cast<size_t>(tiles + k)], want) << "cg::reduce, tile " << k << " of " << S;
    }
    EXPECT_FALSE(has_race(t)) << S;
    // the steps: cg::reduce's 5 rounds of shfl_xor within each warp, and the kernel's end
    ASSERT_EQ(t.steps.size(), 6u) << S;
    for (size_t k = 0; k < t.steps.size(); ++k) EXPECT_EQ(t.steps[k].barrier, k + 1 == t.steps.size()) << S << ", step " << k;
  }
}

// Tile 0 of two reads the words tile 1 wrote before tile 1's own sync(): nothing orders the two
// tiles, and the race is reported with both lines and the block barrier that would fix it.
TEST(Groups, ARaceBetweenTilesAcrossTheirSyncIsReported) {
  // tiles of 64 in a block of 128: each thread stores s[threadIdx.x] = `value`, t.sync(), reads s[`index`]
  auto run = [](const std::string& value, const std::string& index) {
    return run_interpreter(resolve_kernel(inline_request("// launch: k<<<1, 128>>>(in, out, N)\n// out: 128\n" + kTileHead +
                                                         "__global__ void k(const int *in, int *out, int n) {\n"
                                                         "  __shared__ int s[128];\n"
                                                         "  auto t = cg::tiled_partition<64>(cg::this_thread_block());\n"
                                                         "  s[threadIdx.x] = " + value + ";\n"
                                                         "  t.sync();\n"
                                                         "  out[threadIdx.x] = s[" + index + "];\n"
                                                         "}\n",
                                                         128)));
  };
  const Trace t = run("in[threadIdx.x]", "(threadIdx.x + 64) % 128");  // the other tile's word
  ASSERT_TRUE(has_race(t));
  const std::vector<CheckOutcome> checks = check_trace(t, {CheckSpec{CheckKind::Race, 0}});
  const CheckOutcome* race = nullptr;
  for (const auto& c : checks)
    if (c.check == "race") race = &c;
  ASSERT_NE(race, nullptr);
  EXPECT_FALSE(race->passed);
  EXPECT_NE(race->sentence.find("at lines 9 and 11"), std::string::npos) << race->sentence;
  EXPECT_NE(race->sentence.find("are in different tiles of 64 threads, and a tile's sync() orders only its own threads: put __syncthreads() (block.sync())"),
            std::string::npos)
      << race->sentence;
  // the same within one tile (its own words, read after its sync) is no race
  const Trace u = run("in[threadIdx.x] + (int)threadIdx.x", "t.meta_group_rank() * 64 + (t.thread_rank() + 1) % 64");
  EXPECT_FALSE(has_race(u));
  for (int i = 0; i < 128; ++i) EXPECT_EQ(u.output[static_cast<size_t>(i)], 1 + i / 64 * 64 + (i % 64 + 1) % 64) << i;
}

// The GPU's traced build snapshots at the block's barriers only: a tile's sync() stays as written
// (the tile's barrier there too), block.sync() becomes the snapshotting barrier; NVRTC compiles it.
TEST(Groups, TheGpusTracedBuildKeepsATilesSync) {
  const ResolvedKernel k = resolve_kernel(inline_request("// launch: k<<<1, 256>>>(in, out, N)\n// out: 256\n" + kTileHead +
                                                         "__global__ void k(const int *in, int *out, int n) {\n"
                                                         "  __shared__ int s[256];\n"
                                                         "  cg::thread_block block = cg::this_thread_block();\n"
                                                         "  auto t = cg::tiled_partition<128>(block);\n"
                                                         "  s[threadIdx.x] = in[threadIdx.x];\n"
                                                         "  t.sync();\n"
                                                         "  int v = s[t.meta_group_rank() * 128 + (t.thread_rank() + 1) % 128];\n"
                                                         "  cg::sync(t);\n"
                                                         "  block.sync();\n"
                                                         "  out[threadIdx.x] = v + cg::reduce(t, v, cg::plus<int>());\n"
                                                         "}\n",
                                                         256));
  const GpuSources g = gpu_sources(k, 64, 0);
  EXPECT_NE(g.traced.find("  t.sync();\n"), std::string::npos) << g.traced;
  EXPECT_NE(g.traced.find("  cg::sync(t);\n"), std::string::npos) << g.traced;
  EXPECT_NE(g.traced.find("  __ss_barrier() ;\n  out[threadIdx.x]"), std::string::npos) << g.traced;
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  for (const std::string* text : {&g.timed, &g.traced}) {
    const nvrtc::Result c = nvrtc::compile(*text, "inline.cu", "compute_90", false, text == &g.timed ? g.entry : "");
    EXPECT_TRUE(c.ok) << c.log;
  }
}

// Only tile 0 reaches its sync() (legal: the barrier waits for its own threads); tile 1 goes on.
TEST(Groups, OneTileSyncsWhileAnotherDoesNot) {
  const Outcome o = run_text("// launch: k<<<1, 128>>>(in, out, N)\n// out: 128\n" + kTileHead +
                                 "__global__ void k(const int *in, int *out, int n) {\n"
                                 "  __shared__ int s[128];\n"
                                 "  auto t = cg::tiled_partition<64>(cg::this_thread_block());\n"
                                 "  if (t.meta_group_rank() == 0) {\n"
                                 "    s[t.thread_rank()] = (int)t.thread_rank() * 3;\n"
                                 "    t.sync();\n"
                                 "    out[threadIdx.x] = s[63 - t.thread_rank()];\n"
                                 "  } else {\n"
                                 "    out[threadIdx.x] = -1;\n"
                                 "  }\n"
                                 "}\n",
                             128);
  ASSERT_EQ(o.kind, "ok") << o.what;
  for (int i = 0; i < 128; ++i) EXPECT_EQ(o.out.at(static_cast<size_t>(i)), i < 64 ? (63 - i) * 3 : -1) << i;
}

// What the GPU would hang on is a fault of one line naming file:line:col: a tile's sync() reached
// by some of its threads, threads of one tile at two different ones, a tile waiting for a thread
// held at a block barrier, and a tile that the block's threads do not fill.
TEST(Groups, ATileBarrierThatCannotGoFaults) {
  auto kernel = [&](const std::string& body, int threads) {
    return run_text("// launch: k<<<1, " + std::to_string(threads) + ">>>(in, out, N)\n// out: 1\n" + kTileHead +
                        "__global__ void k(const int *in, int *out, int n) {\n"
                        "  auto t = cg::tiled_partition<64>(cg::this_thread_block());\n" +
                        body + "}\n",
                    threads);
  };
  struct Case {
    std::string body;
    int threads;
    std::string want;
  };
  const Case cases[] = {
      {"  if (t.thread_rank() < 40) t.sync();\n", 128,
       "inline.cu:8:31: thread 0: t.sync() of a tile of 64 threads reached by 40 of its threads; thread 40 of the tile of threads 0..63 has "
       "already left the kernel"},
      {"  if (t.thread_rank() < 32) t.sync();\n  else t.sync();\n", 64,
       "inline.cu:9:10: thread 32: waits at the t.sync() of line 9 while thread 0 waits at the t.sync() of line 8: the threads of the tile of "
       "threads 0..63 must meet at the same barrier"},
      {"  if (t.thread_rank() < 32) t.sync();\n  __syncthreads();\n", 128,
       "inline.cu:8:31: thread 0: t.sync() of a tile of 64 threads waits for thread 32, which waits at the __syncthreads() of line 9: a deadlock"},
      {"  t.sync();\n", 96, "inline.cu:8:5: thread 64: t.sync() of a tile of 64 threads, but the block's 96 threads leave its tile of threads 64..127 only 32"},
      {"  cg::sync(t);\n  if (threadIdx.x == 70) return;\n  cg::sync(t);\n", 128, "cg::sync(t) of a tile of 64 threads reached by 63 of its threads; thread 70"},
  };
  for (const Case& c : cases) {
    const Outcome o = kernel(c.body, c.threads);
    EXPECT_EQ(o.kind, "fault") << c.body << o.what;
    EXPECT_NE(o.what.find(c.want), std::string::npos) << c.body << " gave: " << o.what;
    EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
  }
}

}  // namespace
