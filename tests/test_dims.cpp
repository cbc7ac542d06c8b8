// 2-D and 3-D (issue "Bring your own kernel", deliverable 3): dim3 launches, threadIdx/blockIdx/
// blockDim/gridDim in three components, warps from linear thread ids, arrays of several
// dimensions (shared and local), the transpose family's bank conflicts, and the trace file that
// carries the launch shape and a shared array's dimensions.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/bank_model.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/resolve.h"
#include "engine/runner.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

Trace run_text(const std::string& text, int n) {
  TraceRequest r;
  r.n = n;
  r.source = kernel_dir() + "/app/dims-test.cu";
  r.source_text = text;
  r.has_source_text = true;
  r.seed = 7;
  return run_interpreter(resolve_kernel(r));
}

std::string error_of(const std::string& text, int n = 64) {
  try {
    run_text(text, n);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

Trace catalogue(const std::string& kernel, int n, const std::vector<std::pair<std::string, std::string>>& defines = {}) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  r.seed = 3;
  r.defines = defines;
  return run_emulator(r);
}

// The totals of one access site (by its source line) over the whole trace.
struct SiteTotals {
  long long inst = 0, wavefronts = 0, conflicts = 0;
  int max_degree = 0;
};
SiteTotals site_totals(const Trace& t, AccessOp op, int line) {
  SiteTotals s;
  for (const Step& st : t.steps)
    for (const WarpInstruction& w : st.instructions)
      if (w.op == op && t.sites[static_cast<size_t>(w.site)].line == line) {
        ++s.inst;
        s.wavefronts += w.wavefronts;
        s.conflicts += w.conflicts;
        s.max_degree = std::max(s.max_degree, w.degree);
      }
  return s;
}

int line_of(const Trace& t, const std::string& needle) {
  const std::string& text = t.file_texts[static_cast<size_t>(t.main_file)];
  const size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  int line = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

// Every component of the four built-ins, for a 3-D grid of 3-D blocks: each thread writes them
// at its global linear id (blocks x fastest, threads x fastest, as the GPU numbers them).
TEST(Dims, BuiltinsTakeTheirThreeComponents) {
  const Trace t = run_text(
      "// launch: k<<<dim3(2, 3, 2), dim3(4, 2, 3)>>>(out)\n// out: 12 * 24 * 12\n"
      "__global__ void k(int *out) {\n"
      "  int block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);\n"
      "  int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n"
      "  int *o = out + (block * 24 + tid) * 12;\n"
      "  o[0] = threadIdx.x; o[1] = threadIdx.y; o[2] = threadIdx.z;\n"
      "  o[3] = blockIdx.x; o[4] = blockIdx.y; o[5] = blockIdx.z;\n"
      "  o[6] = blockDim.x; o[7] = blockDim.y; o[8] = blockDim.z;\n"
      "  o[9] = gridDim.x; o[10] = gridDim.y; o[11] = gridDim.z;\n"
      "}\n",
      12 * 24 * 12);
  ASSERT_EQ(t.launches.size(), 1u);
  EXPECT_EQ(t.launches[0].grid, 12);
  EXPECT_EQ(t.launches[0].block, 24);
  EXPECT_EQ(t.launches[0].grid_dim, (Dim3{2, 3, 2}));
  EXPECT_EQ(t.launches[0].block_dim, (Dim3{4, 2, 3}));
  EXPECT_EQ(t.launches[0].text, "k<<<dim3(2, 3, 2), dim3(4, 2, 3), 0>>>(out)");
  const std::vector<double>& out = t.global_arrays[1].final;
  for (int b = 0; b < 12; ++b)
    for (int th = 0; th < 24; ++th) {
      const double* o = &out[static_cast<size_t>((b * 24 + th) * 12)];
      const double want[12] = {double(th % 4), double(th / 4 % 2), double(th / 8), double(b % 2), double(b / 2 % 3), double(b / 6), 4, 2, 3, 2, 3, 2};
      for (int c = 0; c < 12; ++c) ASSERT_EQ(o[c], want[c]) << "block " << b << " thread " << th << " component " << c;
    }
  // blocks ran in linear order: block b's steps come b-th
  for (const Step& s : t.steps) EXPECT_EQ(s.active_threads, 24);
  for (size_t s = 0; s < t.steps.size(); ++s) EXPECT_EQ(t.steps[s].block, static_cast<int>(s));
}

// A 16 x 4 block: warp 0 is rows y = 0 and 1 (linear ids 0..31), so a row-wise shared store is
// two warp-instructions of 32 lanes, and a thread's recorded id is x + 16 y.
TEST(Dims, WarpsAreFormedFromLinearThreadIds) {
  const Trace t = run_text(
      "// launch: k<<<1, dim3(16, 4)>>>(out, in)\n// check: copy\n"
      "__global__ void k(int *out, const int *in) {\n"
      "  __shared__ int s[4][16];\n"
      "  s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];\n"
      "  __syncthreads();\n"
      "  out[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.y][threadIdx.x];\n"
      "}\n",
      64);
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  ASSERT_FALSE(t.steps.empty());
  const Step& st = t.steps[0];
  ASSERT_EQ(st.accesses.size(), 64u);
  for (const Access& a : st.accesses) EXPECT_EQ(a.word, a.tid);  // s[y][x] is word 16 y + x, stored by thread x + 16 y
  int stores = 0;
  for (const WarpInstruction& w : st.instructions) {
    EXPECT_EQ(w.lanes, 0xffffffffu);
    EXPECT_EQ(w.conflicts, 0);
    ++stores;
  }
  EXPECT_EQ(stores, 2);
  ASSERT_EQ(t.arrays.size(), 1u);
  EXPECT_EQ(t.arrays[0].dims, (std::vector<int>{4, 16}));
}

// The transpose family at n = 1024 (a 32 x 32 matrix, one block of 32 x 8 threads, 4 rows each):
// the unpadded tile's column read is 32-way conflicted in every one of its 32 warp-instructions,
// the padded one has no conflict at all; the naive kernel's column writes take 32 sectors.
TEST(Dims, TransposeBankConflicts) {
  const Trace tile = catalogue("transpose-tile", 1024);
  const Trace padded = catalogue("transpose-tile-padded", 1024);
  const Trace naive = catalogue("transpose-naive", 1024);
  for (const Trace* t : {&tile, &padded, &naive}) {
    std::string why;
    EXPECT_TRUE(check_output(*t, &why)) << t->kernel << ": " << why;
    ASSERT_EQ(t->launches.size(), 1u);
    EXPECT_EQ(t->launches[0].block_dim, (Dim3{32, 8, 1}));
    EXPECT_EQ(t->launches[0].grid_dim, (Dim3{1, 1, 1}));
    EXPECT_EQ(t->matrix_cols, 32);
  }
  const SiteTotals read = site_totals(tile, kLoad, line_of(tile, "= tile[threadIdx.x][threadIdx.y + j]"));
  EXPECT_EQ(read.inst, 32);
  EXPECT_EQ(read.max_degree, 32);
  EXPECT_EQ(read.wavefronts, 32 * 32);
  EXPECT_EQ(read.conflicts, 32 * 31);
  EXPECT_EQ(tile.totals.ld, (OpTotals{32, 1024, 992}));
  EXPECT_EQ(tile.totals.st, (OpTotals{32, 32, 0}));  // the row-wise store into the tile is conflict-free
  EXPECT_EQ(padded.totals.ld, (OpTotals{32, 32, 0}));
  EXPECT_EQ(padded.totals.st, (OpTotals{32, 32, 0}));
  EXPECT_EQ(site_totals(padded, kLoad, line_of(padded, "= tile[threadIdx.x][threadIdx.y + j]")).max_degree, 1);
  ASSERT_EQ(tile.arrays.size(), 1u);
  EXPECT_EQ(tile.arrays[0].dims, (std::vector<int>{32, 32}));
  ASSERT_EQ(padded.arrays.size(), 1u);
  EXPECT_EQ(padded.arrays[0].dims, (std::vector<int>{32, 33}));
  EXPECT_EQ(padded.arrays[0].words, 32 * 33);
  // global memory: both tiled kernels coalesce (4 sectors per request); the naive one writes columns
  EXPECT_EQ(tile.totals.global.st, (GlobalOpTotals{32, 128}));
  EXPECT_EQ(naive.totals.global.ld, (GlobalOpTotals{32, 128}));
  EXPECT_EQ(naive.totals.global.st, (GlobalOpTotals{32, 1024}));
  // a 64 x 64 matrix: 2 x 2 blocks, the same conflicts per tile
  const Trace big = catalogue("transpose-tile", 4096);
  EXPECT_EQ(big.launches[0].grid_dim, (Dim3{2, 2, 1}));
  EXPECT_EQ(big.totals.ld, (OpTotals{128, 4096, 3968}));
}

// The transpose check: out must be in transposed as an (N / COLS) x COLS matrix, and a COLS that
// does not divide N is refused before the run.
TEST(Dims, TransposeCheck) {
  Trace t = catalogue("transpose-tile-padded", 2048, {{"COLS", "64"}});  // 32 rows of 64
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  EXPECT_EQ(t.matrix_cols, 64);
  EXPECT_EQ(t.output[static_cast<size_t>(5 * 32 + 3)], t.input[static_cast<size_t>(3 * 64 + 5)]);
  t.matrix_cols = 32;  // read as 64 x 32, the same output is not its transpose
  EXPECT_FALSE(check_output(t, &why));
  try {
    catalogue("transpose-naive", 1000, {{"COLS", "64"}});
    ADD_FAILURE() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "transpose-naive transposes a matrix of COLS = 64 columns; --n 1000 is not a whole number of its rows");
  }
}

// Without a COLS macro the transpose check takes a square matrix, isqrt(N) on a side (the samples'
// and the blog's kernels read the width from the grid), and the launch line may use isqrt(N); a
// --n that is no square is refused, naming the squares beside it.
TEST(Dims, TransposeOfASquareNeedsNoCols) {
  const std::string text =
      "// launch: tr<<<dim3(isqrt(N) / 8, isqrt(N) / 8), dim3(8, 8)>>>(out, in)\n// check: transpose\n"
      "__global__ void tr(T *o, const T *a) {\n"
      "  int x = blockIdx.x * 8 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y, w = gridDim.x * 8;\n"
      "  o[x * w + y] = a[y * w + x];\n"
      "}\n";
  const Trace t = run_text(text, 576);  // 24 x 24
  EXPECT_EQ(t.matrix_cols, 24);
  EXPECT_EQ(t.launches[0].grid_dim, (Dim3{3, 3, 1}));
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  EXPECT_EQ(t.output[static_cast<size_t>(5 * 24 + 3)], t.input[static_cast<size_t>(3 * 24 + 5)]);
  EXPECT_EQ(error_of(text, 600),
            "dims-test transposes a square matrix (the file has no COLS macro for its columns); --n 600 is not a square (576 or 625 are)");
  EXPECT_EQ(host_isqrt(0), 0);
  EXPECT_EQ(host_isqrt(1), 1);
  EXPECT_EQ(host_isqrt(24), 4);
  EXPECT_EQ(host_isqrt(25), 5);
  EXPECT_EQ(host_isqrt(65535), 255);
  EXPECT_EQ(host_isqrt(1LL << 62), 1LL << 31);
  EXPECT_EQ(host_isqrt((1LL << 62) - 1), (1LL << 31) - 1);
}

// The launch's limits, one line each: a block's x and y at most 1024, z at most 64, 1024 threads
// in all; every length at least 1; dim3 of 1 to 3 integers; the blocks of all launches in a trace.
TEST(Dims, LaunchShapesAreChecked) {
  const std::string body = "__global__ void k(int *out) { out[0] = 1; }\n";
  EXPECT_EQ(error_of("// launch: k<<<1, dim3(32, 64)>>>(out)\n" + body),
            "dims-test with --n 64 launches 2048 threads per block (k<<<dim3(1, 1, 1), dim3(32, 64, 1), 0>>>); a block has 1 to 1024");
  EXPECT_EQ(error_of("// launch: k<<<1, dim3(1, 1, 65)>>>(out)\n" + body),
            "dims-test with --n 64 launches a block of dim3(1, 1, 65) (k<<<dim3(1, 1, 1), dim3(1, 1, 65)>>>); a block's z is 1 to 64");
  EXPECT_EQ(error_of("// launch: k<<<1, dim3(2048)>>>(out)\n" + body),
            "dims-test with --n 64 launches a block of dim3(2048, 1, 1) (k<<<1, 2048>>>); a block's x is 1 to 1024");
  EXPECT_EQ(error_of("// launch: k<<<dim3(2, 0), 32>>>(out)\n" + body),
            "dims-test: the launch's grid is dim3(2, 0, 1) (k<<<dim3(2, 0, 1), dim3(32, 1, 1)>>>); each of x, y, z is at least 1");
  EXPECT_EQ(error_of("// launch: k<<<dim3(64, 64, 2), 32>>>(out)\n" + body),
            "dims-test with --n 64 launches 8192 blocks (k<<<dim3(64, 64, 2), dim3(32, 1, 1), 0>>>); a trace holds 4096 blocks at most");
  EXPECT_NE(error_of("// launch: k<<<dim3(1, 2, 3, 4), 32>>>(out)\n" + body).find("dim3 takes 1 to 3 integers"), std::string::npos);
  EXPECT_NE(error_of("// launch: k<<<dim3(1, ), 32>>>(out)\n" + body).find(":1:"), std::string::npos);
  // dim3 through a macro, and dim3(X) alone: a 1-D launch, described as before
  const Trace t = run_text("// launch: k<<<dim3(2), BLOCK>>>(out)\n#define BLOCK dim3(8, 4)\n" + body, 64);
  EXPECT_EQ(t.launches[0].text, "k<<<dim3(2, 1, 1), dim3(8, 4, 1), 0>>>(out)");
  EXPECT_EQ(t.launches[0].grid_dim, (Dim3{2, 1, 1}));
  const Trace one = run_text("// launch: k<<<dim3(2), dim3(32)>>>(out)\n" + body, 64);
  EXPECT_EQ(one.launches[0].text, "k<<<2, 32, 0>>>(out)");
  EXPECT_EQ(one.launches[0].block_dim, (Dim3{32, 1, 1}));
}

// Arrays of several dimensions: row-major words, a row is a pointer, sizeof of both, nested
// braces, and only the whole array's bounds fault (an index past a row's end reads the next row,
// as on the GPU).
TEST(Dims, MultiDimensionalArrays) {
  const Trace t = run_text(
      "// launch: k<<<1, 1>>>(out)\n// out: 16\n"
      "__global__ void k(int *out) {\n"
      "  __shared__ int m[3][5];\n"
      "  for (int i = 0; i < 15; ++i) m[i / 5][i % 5] = 100 + i;\n"
      "  int v[2][3] = {{1, 2}, {4, 5, 6}};\n"
      "  int *row = v[1];\n"
      "  out[0] = m[2][1];\n"          // word 11
      "  out[1] = m[0][7];\n"          // past row 0's end: word 7, inside the array
      "  out[2] = v[0][2];\n"          // left out by the braces: 0
      "  out[3] = row[2];\n"
      "  out[4] = sizeof(m);\n"
      "  out[5] = sizeof(m[0]);\n"
      "  out[6] = sizeof(v) / sizeof(v[0]);\n"
      "  int *r = m[1];\n"
      "  out[7] = r[4];\n"
      "  float c[2][2][2] = {{{1.0f, 2.0f}, {3.0f, 4.0f}}, {{5.0f, 6.0f}, {7.0f, 8.0f}}};\n"
      "  out[8] = (int)c[1][0][1];\n"
      "  out[9] = sizeof(c[1]);\n"
      "}\n",
      16);
  const std::vector<double>& out = t.global_arrays[1].final;
  EXPECT_EQ(out[0], 111);
  EXPECT_EQ(out[1], 107);
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[3], 6);
  EXPECT_EQ(out[4], 60);
  EXPECT_EQ(out[5], 20);
  EXPECT_EQ(out[6], 2);
  EXPECT_EQ(out[7], 109);
  EXPECT_EQ(out[8], 6);
  EXPECT_EQ(out[9], 16);
  ASSERT_EQ(t.arrays.size(), 1u);  // the row pointer r names no region inside the matrix
  EXPECT_EQ(t.arrays[0].name, "m");
  EXPECT_EQ(t.arrays[0].dims, (std::vector<int>{3, 5}));
}

TEST(Dims, MultiDimensionalArrayErrors) {
  const std::string head = "// launch: k<<<1, 32>>>(out)\n";
  EXPECT_EQ(error_of(head + "__global__ void k(int *out) {\n  __shared__ int s[4][8];\n  int *p = s;\n  out[0] = p[0];\n}\n"),
            "kernels/app/dims-test.cu:4:12: an array of 2 dimensions is used here only with all its indices, or a row (a[i][j], a[i]), or in sizeof");
  EXPECT_EQ(error_of(head + "__global__ void k(int *out) {\n  extern __shared__ int s[][8];\n  out[0] = 0;\n}\n"),
            "kernels/app/dims-test.cu:3:28: an extern __shared__ array has one dimension (index it as a 1-D array)");
  EXPECT_EQ(error_of(head + "__global__ void k(int *out) {\n  __shared__ int s[128][128];\n  out[0] = 0;\n}\n"),
            "kernels/app/dims-test.cu:3:25: __shared__ array 's' of 16384 (128 per row) elements (1 to 12288 words fit in 48 KiB)");
  EXPECT_EQ(error_of(head + "__global__ void k(int *out) {\n  int v[2][2] = {{1, 2, 3}};\n  out[0] = v[0][0];\n}\n"),
            "kernels/app/dims-test.cu:3:25: too many initializers for 'v'");
  // the whole array's bounds fault: m[3][0] is word 15 of a 15-word array (the block's only shared memory)
  const std::string fault = error_of(
      head + "__global__ void k(int *out) {\n  __shared__ int m[3][5];\n  m[threadIdx.x / 5][threadIdx.x % 5] = 1;\n  out[0] = 0;\n}\n");
  EXPECT_NE(fault.find("kernels/app/dims-test.cu:4:3: thread 15: shared-memory word 15 is outside the block's 15 words"), std::string::npos) << fault;
  // a 2-D block's fault names the thread's (x, y)
  const std::string f2 = error_of("// launch: k<<<1, dim3(8, 4)>>>(out)\n__global__ void k(int *out) {\n  __shared__ int m[3][8];\n"
                                  "  m[threadIdx.y][threadIdx.x] = 1;\n  out[0] = 0;\n}\n");
  EXPECT_NE(f2.find("thread 24 (0, 3): shared-memory word 24 is outside"), std::string::npos) << f2;
}

// A 2-D launch and a 2-D shared array travel with the trace file and come back; a trace without
// the shapes (every trace written before them) loads as 1-D; a shape that does not multiply to
// its count is an error naming the field.
TEST(Dims, TraceFileKeepsTheShapes) {
  const Trace t = catalogue("transpose-tile-padded", 4096);
  const std::string text = trace_to_json(t);
  const Trace back = trace_from_json(text, "mem");
  std::string why;
  EXPECT_TRUE(traces_equal(t, back, &why)) << why;
  ASSERT_EQ(back.launches.size(), 1u);
  EXPECT_EQ(back.launches[0].grid_dim, (Dim3{2, 2, 1}));
  EXPECT_EQ(back.launches[0].block_dim, (Dim3{32, 8, 1}));
  ASSERT_EQ(back.arrays.size(), 1u);
  EXPECT_EQ(back.arrays[0].dims, (std::vector<int>{32, 33}));
  EXPECT_EQ(back.matrix_cols, 64);
  EXPECT_TRUE(check_output(back, &why)) << why;

  auto error = [](const nlohmann::json& j) {
    try {
      trace_from_json(j.dump(), "t.json");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  nlohmann::json j = nlohmann::json::parse(text);
  nlohmann::json old = j;  // as written before the shapes: 1-D
  old["launches"][0].erase("grid_dim");
  old["launches"][0].erase("block_dim");
  old["arrays"][0].erase("dims");
  const Trace o = trace_from_json(old.dump(), "old");
  EXPECT_EQ(o.launches[0].grid_dim, (Dim3{4, 1, 1}));
  EXPECT_EQ(o.launches[0].block_dim, (Dim3{256, 1, 1}));
  EXPECT_TRUE(o.arrays[0].dims.empty());
  nlohmann::json bad = j;
  bad["launches"][0]["grid_dim"] = {2, 3, 1};
  EXPECT_NE(error(bad).find("launches[0].grid_dim: multiplies to 6, not 4"), std::string::npos) << error(bad);
  bad = j;
  bad["launches"][0].erase("block_dim");
  EXPECT_NE(error(bad).find("block_dim"), std::string::npos) << error(bad);
  bad = j;
  bad["arrays"][0]["dims"] = {32, 32};
  EXPECT_NE(error(bad).find("arrays[0].dims: multiply to 1024, not the array's 1056 words"), std::string::npos) << error(bad);
  bad = j;
  bad.erase("matrix_cols");
  EXPECT_NE(error(bad).find("matrix_cols"), std::string::npos) << error(bad);
  // a 1-D trace is written as before: no shapes
  const std::string one = trace_to_json(catalogue("copy-coalescing", 256));
  EXPECT_EQ(one.find("grid_dim"), std::string::npos);
}
