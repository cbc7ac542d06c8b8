// Constructs of public teaching kernels that the interpreter took on for issue 29 ("Bring your own
// kernel"): NULL and nullptr and pointer comparisons, atomicInc and atomicDec, __activemask(),
// __syncthreads_count/and/or, and __device__ variables at file scope. Each test checks values
// (edge cases included) or that a mistake is one line naming file:line:col.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "formats/trace_json.h"
#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

const char* const kFile = "kernels/app/inline.cu";

// The trace of `text` (kernels/app/inline.cu), its input 0, 1, 2, ...
Trace trace_text(const std::string& text, int n = 64) {
  TraceRequest r;
  r.n = n;
  r.type = ValueType::Int;
  for (int i = 0; i < n; ++i) r.input.push_back(i);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = text;
  r.has_source_text = true;
  return run_interpreter(resolve_kernel(r));
}

// The outcome is a one-line message that names the file, `line` and a column, and says `what`.
void expect_one_line(const Outcome& o, const std::string& kind, int line, const std::string& what) {
  EXPECT_EQ(o.kind, kind) << o.what;
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
  const std::string at = std::string(kFile) + ":" + std::to_string(line) + ":";
  EXPECT_EQ(o.what.rfind(at, 0), 0u) << "expected " << at << "COL: ..., got: " << o.what;
  if (o.what.rfind(at, 0) == 0) {
    const size_t col_end = o.what.find(':', at.size());
    ASSERT_NE(col_end, std::string::npos) << o.what;
    const std::string col = o.what.substr(at.size(), col_end - at.size());
    EXPECT_TRUE(!col.empty() && std::all_of(col.begin(), col.end(), ::isdigit)) << "no column in: " << o.what;
  }
  EXPECT_NE(o.what.find(what), std::string::npos) << "expected '" << what << "' in: " << o.what;
}

int global_array(const Trace& t, const std::string& name) {
  for (size_t a = 0; a < t.global_arrays.size(); ++a)
    if (t.global_arrays[a].name == name) return static_cast<int>(a);
  return -1;
}

// ---- NULL, nullptr, pointer comparisons

TEST(NullPointers, CompareAndTestAsCuda) {
  const std::string k = R"(// launch: k<<<1, 32>>>(in, out, N)
// out: 16
__device__ int *first_or_null(int *a, int which) { return which ? a : NULL; }
__global__ void k(const int *in, int *out, int n) {
  __shared__ int s[8];
  if (threadIdx.x != 0) return;
  int *p = nullptr;
  int *q = first_or_null(out, 1);
  int *r = first_or_null(out, 0);
  int *a = out + 1;
  int *b = out + 5;
  int *sp = &s[2];
  out[0] = p == NULL;
  out[1] = q != nullptr;
  out[2] = !p;
  out[3] = q ? 1 : 0;
  out[4] = r == 0;
  out[5] = (p != 0) + 10 * (r != NULL);
  out[6] = a < b;
  out[7] = b <= a;
  out[8] = a == out + 1;
  out[9] = b - a;
  out[10] = sp == s + 2 && sp != s;
  int *pick = n > 100 ? q : nullptr;
  out[11] = pick == NULL;
  out[12] = (p && q) + 2 * (p || q);
  while (q) q = NULL;
  out[13] = q == p;
  out[14] = NULL == nullptr;
  out[15] = a > b;
}
)";
  const Outcome o = run_text(k);
  ASSERT_EQ(o.kind, "ok") << o.what;
  const std::vector<double> want = {1, 1, 1, 1, 1, 0, 1, 0, 1, 4, 1, 1, 2, 1, 1, 0};
  EXPECT_EQ(o.out, want);
}

TEST(NullPointers, DereferenceIsAOneLineFaultNamingTheThread) {
  const Outcome load = run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
__global__ void k(const int *in, int *out, int n) {
  const int *p = NULL;
  if (threadIdx.x == 3) p = nullptr;
  out[threadIdx.x] = threadIdx.x == 3 ? *p : in[threadIdx.x];
}
)");
  expect_one_line(load, "fault", 5, "thread 3: dereferences a null pointer");
  const Outcome atomic = run_text(R"(// launch: k<<<2, 32>>>(in, out, N)
__device__ int *nowhere() { return 0; }
__global__ void k(const int *in, int *out, int n) {
  if (blockIdx.x == 1 && threadIdx.x == 7) atomicAdd(nowhere(), 1);
  out[threadIdx.x] = in[threadIdx.x];
}
)");
  expect_one_line(atomic, "fault", 4, "thread 7 of block 1: dereferences a null pointer");
  const Outcome index = run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
__global__ void k(const int *in, int *out, int n) {
  int *p = nullptr;
  p[threadIdx.x] = 1;
}
)");
  expect_one_line(index, "fault", 4, "thread 0: dereferences a null pointer");
}

TEST(NullPointers, MisusesAreOneLineErrors) {
  auto with = [](const std::string& body) {
    return run_text("// launch: k<<<1, 32>>>(in, out, N)\n__global__ void k(const int *in, int *out, int n) {\n" + body + "\n}\n");
  };
  expect_one_line(with("  out[0] = *NULL;"), "error", 3, "'*' on a null pointer");
  expect_one_line(with("  out[0] = nullptr[1];"), "error", 3, "'[]' on a null pointer");
  expect_one_line(with("  int x = nullptr;"), "error", 3, "cannot convert a null pointer to int");
  expect_one_line(with("  int *p = NULL + 1;"), "error", 3, "'+' on a null pointer");
  expect_one_line(with("  out[0] = nullptr == 5;"), "error", 3, "comparing a null pointer with int");
  expect_one_line(with("  out[0] = atomicAdd(NULL, 1);"), "error", 3, "'atomicAdd' needs a pointer to int, unsigned or float");
  expect_one_line(with("  int *p = 1;"), "error", 3, "cannot convert int to int*");
}

// ---- atomicInc, atomicDec

TEST(AtomicIncDec, WrapAsCudaSaysOnSharedAndGlobalMemory) {
  // 40 threads, in order: atomicInc(&c, 7) hands out 0..7 and wraps; atomicInc(&z, 0) always
  // leaves 0; atomicDec(&d, 5) from 2 counts 2, 1, 0 and wraps to 5; from 10 (> 5) it goes to 5.
  const Trace t = trace_text(R"(// launch: k<<<1, 40>>>(in, out, N)
// out: 40
__device__ unsigned int g_inc;
__device__ unsigned int g_dec = 10;
__global__ void k(const int *in, int *out, int n) {
  __shared__ unsigned int c, z, d;
  if (threadIdx.x == 0) { c = 0; z = 0; d = 2; }
  __syncthreads();
  const unsigned int i = atomicInc(&c, 7u);
  const unsigned int zero = atomicInc(&z, 0u);
  const unsigned int dec = atomicDec(&d, 5u);
  const unsigned int gi = atomicInc(&g_inc, 3u);
  const unsigned int gd = atomicDec(&g_dec, 5u);
  out[threadIdx.x] = i + 10 * zero + 100 * dec + 1000 * gi + 10000 * gd;
}
)", 40);
  ASSERT_EQ(t.output.size(), 40u);
  for (int x = 0; x < 40; ++x) {
    const int dec_start2 = x < 3 ? 2 - x : 5 - (x - 3) % 6;  // 2 1 0 5 4 3 2 1 0 5 ...
    const int dec_start10 = x == 0 ? 10 : 5 - (x - 1) % 6;   // 10 5 4 3 2 1 0 5 ...
    const double want = x % 8 + 100 * dec_start2 + 1000 * (x % 4) + 10000 * dec_start10;
    EXPECT_EQ(t.output[x], want) << "thread " << x;
  }
  const int inc = global_array(t, "g_inc"), dec = global_array(t, "g_dec");
  ASSERT_GE(inc, 0);
  ASSERT_GE(dec, 0);
  EXPECT_EQ(t.global_arrays[inc].final, std::vector<double>{0});  // 40 increments modulo 4
  EXPECT_EQ(t.global_arrays[dec].final, std::vector<double>{2});  // 10, then 5 4 3 2 1 0 5 ...: the 40th leaves 2
  // recorded as atomics, as atomicAdd is: shared accesses and global accesses of op "atom"
  int shared_atomics = 0, global_atomics = 0;
  for (const Step& s : t.steps) {
    for (const Access& a : s.accesses) shared_atomics += a.op == kAtomic;
    for (const GlobalAccess& g : s.global) global_atomics += g.op == kAtomic && (g.array == inc || g.array == dec);
  }
  EXPECT_EQ(shared_atomics, 3 * 40);
  EXPECT_EQ(global_atomics, 2 * 40);
}

TEST(AtomicIncDec, TakeOnlyUnsigned) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
__global__ void k(const int *in, int *out, int n) {
  atomicInc(out, 3u);
}
)");
  expect_one_line(o, "error", 3, "'atomicInc' needs a pointer to unsigned int");
}

// ---- __syncthreads_count, __syncthreads_and, __syncthreads_or

TEST(SyncthreadsReduce, CountAndOrOverTheBlockWithDivergentPredicates) {
  // 100 threads (the last warp partial): the predicates differ within every warp
  const Trace t = trace_text(R"(// launch: k<<<2, 100>>>(in, out, N)
// out: 16
__global__ void k(const int *in, int *out, int n) {
  const int t = threadIdx.x;
  const int c3 = __syncthreads_count(t % 3 == 0);
  const int c0 = __syncthreads_count(0);
  const int all = __syncthreads_and(t < 100);
  const int not_all = __syncthreads_and(t != 57);
  const int any = __syncthreads_or(t == 99);
  const int none = __syncthreads_or(t > 1000);
  const int in_data = __syncthreads_count(in[t] >= 50 + (int)blockIdx.x);  // the inputs are 0, 1, 2, ...
  if (t == 42) {
    int *o = out + 8 * blockIdx.x;
    o[0] = c3; o[1] = c0; o[2] = all; o[3] = not_all; o[4] = any; o[5] = none; o[6] = in_data; o[7] = -1;
  }
}
)", 100);
  const std::vector<double> want = {34, 0, 1, 0, 1, 0, 50, -1, 34, 0, 1, 0, 1, 0, 49, -1};
  EXPECT_EQ(t.output, want);
  // each is a barrier: a step of its own, which the GPU's traced build snapshots too
  int count_steps = 0;
  for (const Step& s : t.steps)
    if (s.label.rfind("__syncthreads_count() at line", 0) == 0) {
      ++count_steps;
      EXPECT_TRUE(s.barrier) << s.label;
    }
  EXPECT_EQ(count_steps, 2 * 3);
}

TEST(SyncthreadsReduce, DivergenceIsAOneLineFault) {
  const Outcome part = run_text(R"(// launch: k<<<1, 64>>>(in, out, N)
__global__ void k(const int *in, int *out, int n) {
  int c = 0;
  if (threadIdx.x < 40) c = __syncthreads_count(in[threadIdx.x] > 0);
  out[threadIdx.x] = c;
}
)");
  expect_one_line(part, "fault", 4, "__syncthreads_count() reached by 40 of the block's 64 threads");
  const Outcome two = run_text(R"(// launch: k<<<1, 64>>>(in, out, N)
__global__ void k(const int *in, int *out, int n) {
  int c = 0;
  if (threadIdx.x < 32) c = __syncthreads_or(1);
  else __syncthreads();
  out[threadIdx.x] = c;
}
)");
  expect_one_line(two, "fault", 5, "waits at the __syncthreads() of line 5 while thread 0 waits at the __syncthreads_or() of line 4");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out, N)\n__global__ void k(const int *in, int *out, int n) {\n  out[0] = __syncthreads_count();\n}\n"),
                  "error", 3, "'__syncthreads_count' takes 1 arguments, given 0");
}

TEST(SyncthreadsReduce, TracedGpuBuildSnapshotsThemAndCompiles) {
  TraceRequest r;
  r.n = 64;
  r.input.assign(64, 1.0);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = R"(// launch: k<<<1, 64>>>(in, out, N)
__device__ unsigned int seen = 0;
__global__ void k(const int *in, int *out, int n) {
  const int c = __syncthreads_count(in[threadIdx.x] > 0);
  const int a = __syncthreads_and(c > 0), o = __syncthreads_or(c > 1);
  atomicInc(&seen, 1000u);
  out[threadIdx.x] = c + a + o + (int)(__activemask() & 1u);
}
)";
  r.has_source_text = true;
  const ResolvedKernel k = resolve_kernel(r);
  const GpuSources g = gpu_sources(k, 64);
  for (const char* call : {"__ss_barrier_count(", "__ss_barrier_and(", "__ss_barrier_or("})
    EXPECT_NE(g.traced.find(call), std::string::npos) << call << " missing from the traced build";
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  for (const std::string* text : {&g.timed, &g.traced}) {
    const nvrtc::Result c = nvrtc::compile(*text, "inline.cu", "compute_90", false, text == &g.timed ? g.entry : "");
    EXPECT_TRUE(c.ok) << c.log;
  }
}

// ---- __activemask()

TEST(ActiveMask, IsTheLanesThatRunItTogether) {
  const Trace t = trace_text(R"(// launch: k<<<1, 72>>>(in, out, N)
// out: 72
__global__ void k(const int *in, int *out, int n) {
  const int lane = threadIdx.x % 32;
  unsigned int m = 0xdeadu;
  if (threadIdx.x < 32) {
    m = __activemask();                         // warp 0, converged: every lane
  } else if (threadIdx.x < 64) {
    if (lane % 3 == 0) m = __activemask();      // warp 1: a divergent branch
  } else {
    m = __activemask();                         // warp 2: a partial warp of 8 lanes
  }
  out[threadIdx.x] = (int)m;
}
)", 72);
  for (int x = 0; x < 72; ++x) {
    double want = 0xdead;
    if (x < 32) want = static_cast<double>(0xffffffffu) - 4294967296.0;  // -1 as an int
    else if (x < 64 && x % 32 % 3 == 0) want = 0x49249249;
    else if (x >= 64) want = 0xff;
    EXPECT_EQ(t.output[x], want) << "thread " << x;
  }
}

TEST(ActiveMask, SeparatesLoopIterationsAndGoesBeforeAShuffleAfterTheBranch) {
  const Trace t = trace_text(R"(// launch: k<<<1, 32>>>(in, out, N)
// out: 96
__global__ void k(const int *in, int *out, int n) {
  const int lane = threadIdx.x;
  unsigned int m = 0;
  for (int i = 0; i < lane % 4; ++i) m = __activemask();  // the last iteration of lane L: lanes whose trip count is at least L's
  out[lane] = (int)m;
  unsigned int upper = 0;
  if (lane >= 16) upper = __activemask();
  const int v = __shfl_sync(0xffffffffu, lane * 2, (lane + 1) % 32);  // every lane, after the branch
  out[32 + lane] = lane >= 16 ? (int)upper + v - 2 * ((lane + 1) % 32) : v;
  unsigned int first = 0;  // odd lanes skip iteration 0's: there the even lanes take it alone
  for (int i = 0; i < 2; ++i)
    if (i >= (lane & 1)) {
      const unsigned int am = __activemask();
      if (first == 0) first = am;
    }
  out[64 + lane] = (int)first;
}
)", 96);
  const double by_count[4] = {0, static_cast<double>(static_cast<int>(0xeeeeeeeeu)), static_cast<double>(static_cast<int>(0xccccccccu)),
                              static_cast<double>(static_cast<int>(0x88888888u))};
  for (int x = 0; x < 32; ++x) {
    EXPECT_EQ(t.output[x], by_count[x % 4]) << "lane " << x;
    EXPECT_EQ(t.output[32 + x], x >= 16 ? static_cast<double>(static_cast<int>(0xffff0000u)) : 2.0 * ((x + 1) % 32)) << "lane " << x;
    EXPECT_EQ(t.output[64 + x], x % 2 ? -1.0 : 0x55555555) << "lane " << x;
  }
}

// ---- __device__ variables

TEST(DeviceVariables, OneCounterForAllBlocksAndLaunches) {
  const Trace t = trace_text(R"(// launch: k<<<3, 64>>>(in, out, 0)
// launch: k<<<3, 64>>>(in, out, 3)
// out: 8
__device__ int counter;
__device__ unsigned int count = 0;
__global__ void k(const int *in, int *out, int base) {
  if (threadIdx.x == 0) out[base + blockIdx.x] = atomicAdd(&counter, 1);
  if (threadIdx.x % 32 == 5) count += 1;  // one thread of each warp: two per block
  if (base == 3 && blockIdx.x == 2 && threadIdx.x == 37) {  // the last of them all (blocks and threads run in order here)
    __threadfence();
    out[6] = counter;
    out[7] = (int)count;
  }
}
)", 8);
  const std::vector<double> want = {0, 1, 2, 3, 4, 5, 6, 12};
  EXPECT_EQ(t.output, want);
  const int c = global_array(t, "counter"), u = global_array(t, "count");
  ASSERT_GE(c, 0);
  ASSERT_GE(u, 0);
  EXPECT_GT(c, 1);  // after in and out
  EXPECT_EQ(t.global_arrays[c].count, 1);
  EXPECT_EQ(t.global_arrays[c].final, std::vector<double>{6});
  EXPECT_EQ(t.global_arrays[u].final, std::vector<double>{12});
  // every access recorded as a global access of its own array, in both launches
  int atomics = 0, loads = 0, stores = 0;
  bool launch2 = false;
  for (const Step& s : t.steps)
    for (const GlobalAccess& g : s.global) {
      if (g.array == c && g.op == kAtomic) ++atomics, launch2 = launch2 || s.launch == 1;
      if (g.array == u && g.op == kLoad) ++loads;
      if (g.array == u && g.op == kStore) ++stores;
    }
  EXPECT_EQ(atomics, 6);
  EXPECT_TRUE(launch2);
  EXPECT_EQ(loads, 12 + 1);  // count += 1 reads it, and out[7] = count
  EXPECT_EQ(stores, 12);
  // the trace file keeps them, and loads back
  const Trace back = trace_from_json(trace_to_json(t), "device-vars");
  ASSERT_EQ(back.global_arrays.size(), t.global_arrays.size());
  EXPECT_EQ(back.global_arrays[c].name, "counter");
  EXPECT_EQ(back.global_arrays[u].final, std::vector<double>{12});
}

TEST(DeviceVariables, InitialValuesArraysPointersAndBounds) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
// out: 12
typedef unsigned int uint;
__device__ uint u = 7;
__device__ float f[3] = {1.5f, -2};
__device__ int z[4];
__device__ volatile int v = -3;
static __device__ int s;
__device__ T partial[8] = {};
__device__ const int kConst = 9;
__device__ void bump(int *p, int by) { *p += by; }
__global__ void k(const int *in, int *out, int n) {
  if (threadIdx.x != 0) return;
  bump(&z[2], 5);
  bump(&s, 2);
  z[3]++;
  partial[7] = in[3];
  out[0] = (int)u;
  out[1] = (int)(f[0] * 2.0f);
  out[2] = (int)f[1];
  out[3] = (int)f[2];
  out[4] = z[0] + z[1];
  out[5] = z[2];
  out[6] = z[3];
  out[7] = v;
  out[8] = s;
  out[9] = partial[7] + partial[0];
  out[10] = kConst;
  out[11] = sizeof(f) + sizeof(z);
}
)");
  ASSERT_EQ(o.kind, "ok") << o.what;
  const std::vector<double> want = {7, 3, -2, 0, 0, 5, 1, -3, 2, 1, 9, 28};
  EXPECT_EQ(o.out, want);
  const Outcome bounds = run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
__device__ float partial[64];
__global__ void k(const int *in, int *out, int n) {
  partial[threadIdx.x * 2 + 2] = 1.0f;
}
)");
  expect_one_line(bounds, "fault", 4, "thread 31: writes partial[64], outside its 64 elements");
}

TEST(DeviceVariables, WhatIsNotSupportedIsAOneLineError) {
  auto with = [](const std::string& decl, const std::string& header = "") {
    return run_text("// launch: k<<<1, 32>>>(in, out, N)\n" + header + decl + "\n__global__ void k(const int *in, int *out, int n) { out[0] = 1; }\n");
  };
  expect_one_line(with("__device__ int *p;"), "error", 2, "__device__ variable 'p' of type int* is not supported");
  expect_one_line(with("__device__ bool flag;"), "error", 2, "__device__ variable 'flag' of type bool is not supported");
  expect_one_line(with("__device__ double d;"), "error", 2, "__device__ variable 'd' of type double is not supported");
  expect_one_line(with("__device__ int m[2][2];"), "error", 2, "more than one dimension");
  expect_one_line(with("__device__ int big[1048577];"), "error", 2, "a __device__ array has 1 to 1048576");
  expect_one_line(with("__device__ int a[600000];\n__device__ int b[600000];"), "error", 3, "more than 1048576 elements together");
  expect_one_line(with("__device__ int x = N;"), "error", 2, "'N' is not declared");
  expect_one_line(with("__device__ int x = min(2, 3);"), "error", 2, "must be a constant");
  expect_one_line(with("__device__ int a[2] = {1, 2, 3};"), "error", 2, "too many initial values for __device__ variable 'a'");
  expect_one_line(with("__device__ int a[2] = 5;"), "error", 2, "is an array: give its values in braces");
  expect_one_line(with("extern __device__ int e;"), "error", 2, "extern __device__ variable 'e'");
  std::string many;
  for (int i = 0; i < 17; ++i) many += "__device__ int v" + std::to_string(i) + ";\n";
  expect_one_line(with(many), "error", 18, "more than 16 __device__ variables");
  expect_one_line(with("__device__ int warpSize;"), "error", 2, "'warpSize' is a CUDA built-in");
  expect_one_line(with("__device__ int out;"), "error", 2, "__device__ variable 'out' has the name of the global array that the host passes");
  expect_one_line(with("__device__ int sums[4];", "// array: sums[4]\n"), "error", 3, "has the name of the global array of an array: line");
  // in a header line: the host has no such value
  const std::string kernel = "__device__ unsigned int hits;\n__global__ void k(const int *in, int *out, unsigned int *h) { out[0] = 1; }\n";
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out, hits)\n" + kernel), "error", 1, "the launch passes 'hits', a __device__ variable");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out, out)\n// out: hits + 1\n" + kernel), "error", 2, "'hits' is a __device__ variable");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out, out)\n// init: hits = 0\n" + kernel), "error", 2,
                  "init: line sets 'hits', a __device__ variable");
  expect_one_line(run_text("// launch: k<<<hits, 32>>>(in, out, out)\n" + kernel), "error", 1, "'hits' is a __device__ variable");
  // a step label shows a thread's own variables, not memory
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out, N)
__device__ int rounds;
__global__ void k(const int *in, int *out, int n) {
  __syncthreads();  // step: round {rounds}
  out[threadIdx.x] = in[threadIdx.x];
}
)"),
                  "error", 4, "step label names {rounds}, a variable in global memory");
}

}  // namespace
