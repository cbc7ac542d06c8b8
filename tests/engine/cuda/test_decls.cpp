// Declarations and the file's structure as course and sample kernels write them (issue 29):
// namespaces (nested, anonymous, qualified names, `using namespace`), extern "C", kernels'
// default arguments, the macros nvcc predefines (__CUDA_ARCH__), the __reduce_*_sync warp
// builtins, kernels without `out`, each launch's own shared memory, and the messages of mistakes
// made on the way. Each test checks values, or that a mistake is one line naming file:line(:col);
// kernels that NVRTC must take are compiled by it where the toolkit is found.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

const char* const kFile = "kernels/app/inline.cu";

TraceRequest request(const std::string& text, int n) {
  TraceRequest r;
  r.n = n;
  r.type = ValueType::Int;
  for (int i = 0; i < n; ++i) r.input.push_back((i * 37) % 101 - 50);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = text;
  r.has_source_text = true;
  return r;
}

Trace trace_text(const std::string& text, int n = 64) { return run_interpreter(resolve_kernel(request(text, n))); }

// A one-line message naming the file, `line` and (col) a column, that says `what`.
void expect_one_line(const Outcome& o, const std::string& kind, int line, const std::string& what, bool col = true) {
  EXPECT_EQ(o.kind, kind) << o.what;
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
  const std::string at = std::string(kFile) + ":" + std::to_string(line) + ":";
  EXPECT_EQ(o.what.rfind(at, 0), 0u) << "expected " << at << " first, got: " << o.what;
  if (col && o.what.rfind(at, 0) == 0) {
    const size_t col_end = o.what.find(':', at.size());
    ASSERT_NE(col_end, std::string::npos) << o.what;
    const std::string c = o.what.substr(at.size(), col_end - at.size());
    EXPECT_TRUE(!c.empty() && std::all_of(c.begin(), c.end(), ::isdigit)) << "no column in: " << o.what;
  }
  EXPECT_NE(o.what.find(what), std::string::npos) << "expected '" << what << "' in: " << o.what;
}

// The GPU's texts of the file's first launch (timed, with its name expression, and traced) compile
// under NVRTC.
void expect_nvrtc_compiles(const std::string& text, int n = 64) {
  const ResolvedKernel k = resolve_kernel(request(text, n));
  const GpuSources g = gpu_sources(k, 64);
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  for (const std::string* t : {&g.timed, &g.traced}) {
    const nvrtc::Result c = nvrtc::compile(*t, "inline.cu", "compute_90", false, t == &g.timed ? g.entry : "");
    EXPECT_TRUE(c.ok) << c.log << "\n" << *t;
    if (t == &g.timed) {
      EXPECT_FALSE(c.lowered_name.empty()) << "no kernel named " << g.entry;
    }
  }
}

std::vector<double> input_of(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back((i * 37) % 101 - 50);
  return v;
}

// ---- namespaces

const std::string kCompaction = R"(// launch: Compaction::Common::kernMapToBoolean<<<(N + 31) / 32, 32>>>(N, out, in)
namespace Compaction {
namespace Common {
const int kKeepAbove = 3;
__device__ int keep(int v) { return v > kKeepAbove ? 1 : 0; }
__global__ void kernMapToBoolean(int n, int *bools, const int *idata) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bools[i] = Compaction::Common::keep(idata[i]) + Common::kKeepAbove * 10;
}
}  // namespace Common
}  // namespace Compaction
)";

TEST(Namespaces, NestedQualifiedCallsConstantsAndLaunch) {
  const Trace t = trace_text(kCompaction, 70);
  const std::vector<double> in = input_of(70);
  ASSERT_EQ(t.output.size(), 70u);
  for (size_t i = 0; i < 70; ++i) EXPECT_EQ(t.output[i], (in[i] > 3 ? 1 : 0) + 30) << i;
  expect_nvrtc_compiles(kCompaction, 70);
}

TEST(Namespaces, UsingAnonymousAliasesAndPlainLaunch) {
  const std::string text = R"(// launch: scale<<<1, 64>>>(in, out)
namespace {
__device__ int twice(int v) { return 2 * v; }
}
namespace Util::Math {
__device__ int add(int a, int b) { return a + b; }
}
namespace UM = Util::Math;
using namespace Util;
namespace Kernels {
using Util::Math::add;
__global__ void scale(const int *in, int *out) {
  out[threadIdx.x] = UM::add(twice(in[threadIdx.x]), Math::add(1, 2));
}
}
)";
  const Trace t = trace_text(text);
  const std::vector<double> in = input_of(64);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(t.output[i], 2 * in[i] + 3) << i;
  expect_nvrtc_compiles(text);
}

TEST(Namespaces, MistakesAreOneLine) {
  // one name in two namespaces: the file's names are one set
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
namespace A { __global__ void k(const int *in, int *out) { out[threadIdx.x] = 1; } }
namespace B { __global__ void k(const int *in, int *out) { out[threadIdx.x] = 2; } }
)"),
                  "error", 3, "'k' is declared in namespace B and in namespace A");
  // a launch naming a namespace the kernel is not in
  expect_one_line(run_text(R"(// launch: B::k<<<1, 32>>>(in, out)
namespace A { __global__ void k(const int *in, int *out) { out[threadIdx.x] = 1; } }
namespace B { __device__ int unused() { return 0; } }
)"),
                  "usage", 1, "the launch names B::k, but k is declared in namespace A", false);
  // a namespace left open
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nnamespace A {\n__global__ void k(const int *in, int *out) { out[threadIdx.x] = 1; }\n"),
                  "error", 2, "namespace A's '{' is not closed before the end of the file");
  // using namespace of a namespace the file does not have
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nusing namespace std;\n__global__ void k(const int *in, int *out) { out[threadIdx.x] = 1; }\n"),
                  "error", 2, "only 'using namespace cooperative_groups;' and the file's own namespaces are supported, not 'std'");
}

// ---- extern "C"

TEST(ExternC, LinkageIsAcceptedAndHostPrototypesIgnored) {
  const std::string text = R"(// launch: addOne<<<1, 64>>>(in, out, N)
extern "C" const unsigned int MAX_BATCH_ELEMENTS;
extern "C" {
void computeGold(int *reference, int *idata, const unsigned int len);
const unsigned int MIN_SHORT_ARRAY_SIZE;
__device__ int one() { return 1; }
}
extern "C" __global__ void addOne(const int *in, int *out, int n) {
  if (threadIdx.x < n) out[threadIdx.x] = in[threadIdx.x] + one();
}
)";
  const Trace t = trace_text(text);
  const std::vector<double> in = input_of(64);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(t.output[i], in[i] + 1) << i;
  expect_nvrtc_compiles(text);
  // a host prototype called from the device is a declaration without a definition
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
extern "C" int hostOnly(int v);
__global__ void k(const int *in, int *out) { out[threadIdx.x] = hostOnly(in[threadIdx.x]); }
)"),
                  "error", 2, "function 'hostOnly' is declared but never defined");
  // a host variable declared without a value: device code cannot read it
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
extern "C" const unsigned int MAX_BATCH_ELEMENTS;
__global__ void k(const int *in, int *out) { out[threadIdx.x] = MAX_BATCH_ELEMENTS; }
)"),
                  "error", 3, "'MAX_BATCH_ELEMENTS' is a variable of host code (declared without a value at kernels/app/inline.cu:2:");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nextern \"Fortran\" __global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "linkage \"Fortran\" is not one C++ knows");
}

// ---- default arguments of kernels

TEST(KernelDefaults, TheLaunchMayLeaveThemOut) {
  const std::string text = R"(// launch: scan_block<<<2, 32>>>(in, out, N)
// check: inclusive-scan
#define SECTION 32
__global__ void scan_block(const int *X, int *Y, int n, int *partial_sums = NULL, int bias = SECTION - 32, float unused = 2.5f) {
  __shared__ int XY[SECTION];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < n ? X[i] : 0;
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    int v = threadIdx.x >= stride ? XY[threadIdx.x - stride] : 0;
    __syncthreads();
    XY[threadIdx.x] += v;
  }
  __syncthreads();
  int carry = 0;
  if (blockIdx.x == 1) for (int k = 0; k < 32; ++k) carry += X[k];  // block 0's sum, read again
  if (i < n) Y[i] = XY[threadIdx.x] + carry + bias;
  if (partial_sums != nullptr && threadIdx.x == blockDim.x - 1) partial_sums[blockIdx.x] = XY[threadIdx.x];
  if (unused != 2.5f) Y[i] = -1;
}
)";
  const Trace t = trace_text(text, 64);
  const std::vector<double> in = input_of(64);
  double s = 0;
  for (size_t i = 0; i < 64; ++i) {
    s += in[i];
    EXPECT_EQ(t.output[i], s) << i;
  }
  expect_nvrtc_compiles(text);
}

TEST(KernelDefaults, MistakesAreOneLine) {
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out, int *p = out) { out[0] = 1; }\n"),
                  "error", 2, "'p' may default to NULL or nullptr only");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out, int m = threadIdx.x) { out[0] = m; }\n"),
                  "error", 2, "a kernel's default argument must be a constant");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in)\n__global__ void k(const int *in, int *out, int m = 1) { out[0] = m; }\n"),
                  "usage", 1, "the launch passes 1 arguments; k takes 3 (2 without its default arguments)", false);
  // a __device__ function's default that names the template's parameter: the limit, said
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
template <int B = 32> __device__ int f(int v, int w = B) { return v + w - B; }
__global__ void k(const int *in, int *out) { out[threadIdx.x] = f(in[threadIdx.x]); }
)"),
                  "error", 3, "the default argument of 'w' (kernels/app/inline.cu:2:");
}

// ---- the macros nvcc predefines

TEST(Predefined, CudaArchIsSm90AndCudaccIsDefined) {
  const std::string text = R"(// launch: k<<<1, 32>>>(in, out)
#if !defined(__CUDACC__) || !defined(__NVCC__)
#error "nvcc's macros are missing"
#endif
__global__ void k(const int *in, int *out) {
#if __CUDA_ARCH__ >= 800
  out[threadIdx.x] = __CUDA_ARCH__;
#else
  out[threadIdx.x] = 0;
#endif
}
)";
  const Trace t = trace_text(text, 32);
  for (double v : t.output) EXPECT_EQ(v, 900);
  expect_nvrtc_compiles(text, 32);
  const ResolvedKernel k = resolve_kernel(request(text, 32));
  EXPECT_NE(gpu_sources(k, 64).timed.find("900"), std::string::npos);  // the branch taken, for NVRTC too
}

TEST(Predefined, AnArchGuardedSpecializationOfAFunctionTemplateIsTaken) {
  // the samples' reduction: warpReduceSum<int> specialized with __reduce_add_sync for sm_80 and later
  const std::string text = R"(// launch: k<<<1, 32>>>(in, out)
template <class T> __device__ T warpSum(unsigned int mask, T v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(mask, v, offset);
  return v;
}
#if __CUDA_ARCH__ >= 800
template <> __device__ int warpSum<int>(unsigned int mask, int v) { return __reduce_add_sync(mask, v) + 1000; }
#endif
__global__ void k(const int *in, int *out) {
  out[threadIdx.x] = warpSum(0xffffffffu, in[threadIdx.x]);
  out[32 + threadIdx.x] = (int)warpSum(0xffffffffu, (float)in[threadIdx.x]);
}
)";
  const Trace t = trace_text(text, 64);
  const std::vector<double> in = input_of(64);
  double sum = 0;
  for (int l = 0; l < 32; ++l) sum += in[static_cast<size_t>(l)];
  for (size_t l = 0; l < 32; ++l) EXPECT_EQ(t.output[l], sum + 1000) << l;  // the specialization, every lane
  EXPECT_EQ(t.output[32], sum);  // the template, for float: lane 0 has the sum
  expect_nvrtc_compiles(text, 64);
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\ntemplate <> __device__ int g<int>(int v) { return v; }\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "an explicit specialization of 'g', which is not a function template declared before");
}

// ---- __reduce_*_sync

TEST(WarpReduce, EachOperationOverTheMaskLanes) {
  const std::string text = R"(// launch: k<<<1, 64>>>(in, out)
// out: N
__global__ void k(const int *in, int *out) {
  const int v = in[threadIdx.x];
  const unsigned u = (unsigned)v * 2654435761u;
  const unsigned half = 0x0000ffffu;  // lanes 0 to 15
  int *o = out + 9 * threadIdx.x;
  o[0] = __reduce_add_sync(0xffffffffu, v);
  o[1] = __reduce_min_sync(0xffffffffu, v);
  o[2] = __reduce_max_sync(0xffffffffu, v);
  o[3] = (int)__reduce_min_sync(0xffffffffu, u);
  o[4] = (int)__reduce_max_sync(0xffffffffu, u);
  o[5] = (int)__reduce_and_sync(0xffffffffu, u);
  o[6] = (int)__reduce_or_sync(0xffffffffu, u);
  o[7] = (int)__reduce_xor_sync(0xffffffffu, u);
  o[8] = (threadIdx.x % 32) < 16 ? __reduce_add_sync(half, v) : -7;
}
)";
  const Trace t = trace_text(text, 64 * 9);  // 64 threads, 9 results each
  const std::vector<double> in = input_of(64 * 9);
  ASSERT_EQ(t.output.size(), 64u * 9);
  auto as_int = [](uint32_t x) { return static_cast<double>(static_cast<int32_t>(x)); };
  for (int w = 0; w < 2; ++w) {
    int32_t add = 0, mn = INT32_MAX, mx = INT32_MIN, half = 0;
    uint32_t umn = UINT32_MAX, umx = 0, a = UINT32_MAX, o = 0, x = 0;
    for (int l = 0; l < 32; ++l) {
      const int32_t v = static_cast<int32_t>(in[static_cast<size_t>(32 * w + l)]);
      const uint32_t u = static_cast<uint32_t>(v) * 2654435761u;
      add += v, mn = std::min(mn, v), mx = std::max(mx, v);
      if (l < 16) half += v;
      umn = std::min(umn, u), umx = std::max(umx, u), a &= u, o |= u, x ^= u;
    }
    for (int l = 0; l < 32; ++l) {
      const size_t b = static_cast<size_t>(9 * (32 * w + l));
      EXPECT_EQ(t.output[b + 0], add);
      EXPECT_EQ(t.output[b + 1], mn);
      EXPECT_EQ(t.output[b + 2], mx);
      EXPECT_EQ(t.output[b + 3], as_int(umn));
      EXPECT_EQ(t.output[b + 4], as_int(umx));
      EXPECT_EQ(t.output[b + 5], as_int(a));
      EXPECT_EQ(t.output[b + 6], as_int(o));
      EXPECT_EQ(t.output[b + 7], as_int(x));
      EXPECT_EQ(t.output[b + 8], l < 16 ? half : -7) << "lane " << l;
    }
  }
  expect_nvrtc_compiles(text, 64 * 9);
}

TEST(WarpReduce, MistakesAreOneLine) {
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out) {\n  out[0] = __reduce_add_sync(0xffffffffu, 1.5f);\n}\n"),
                  "error", 3, "'__reduce_add_sync' combines int or unsigned values, not float");
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
__global__ void k(const int *in, int *out) {
  if (threadIdx.x < 8) out[threadIdx.x] = __reduce_max_sync(0xffu, in[threadIdx.x]);
  else out[threadIdx.x] = __reduce_max_sync(0xffffu, in[threadIdx.x]);
}
)"),
                  "fault", 4, "__reduce_max_sync() with mask 0x0000ffff");
}

// ---- kernels without `out`

TEST(NoOut, APrintfKernelRunsWithoutACheck) {
  const Trace t = trace_text("// launch: hello<<<2, 4>>>()\n__global__ void hello() {\n  printf(\"block %d thread %d\\n\", blockIdx.x, threadIdx.x);\n}\n", 8);
  EXPECT_EQ(t.prints.size(), 8u);
  bool seen = false;
  for (const PrintLine& p : t.prints) seen = seen || p.text == "block 1 thread 3";
  EXPECT_TRUE(seen);
  expect_one_line(run_text("// launch: hello<<<1, 4>>>()\n// check: copy\n__global__ void hello() { printf(\"hi\\n\"); }\n"), "usage", 1,
                  "the launch passes no `out` array, but `// check: copy` compares it", false);
}

// ---- specifiers in any order (`extern float __shared__ s[]`, as the samples' threadFenceReduction writes it)

TEST(SpecifierOrder, SharedExternAndVolatileInAnyOrderOfTheirs) {
  const std::string text = R"(// launch: k<int, 64><<<1, 64, 64 * 4>>>(in, out, N)
template <typename T, int B>
__global__ void k(const T *in, T *out, int n) {
  const int t = threadIdx.x;
  if (n > 0) {
    extern T __shared__ dyn[];
    volatile __shared__ T vol[B];
    T volatile __shared__ stat[B];
    static __shared__ T st[B];
    dyn[t] = in[t];
    vol[t] = in[t] * 2;
    stat[t] = in[t] * 3;
    st[t] = 5;
    __syncthreads();
    out[t] = dyn[B - 1 - t] + vol[t] + stat[(t + 1) % B] + st[t];
  }
}
int extern __shared__ other[];
)";
  const Trace t = trace_text(text);
  const std::vector<double> in = input_of(64);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(t.output[i], in[63 - i] + 2 * in[i] + 3 * in[(i + 1) % 64] + 5) << i;
  expect_nvrtc_compiles(text);
  // the same words as `extern __shared__ int a[]`, whatever the order
  const Trace u = trace_text("// launch: k<<<1, 64, 256>>>(in, out)\n__global__ void k(const int *in, int *out) {\n"
                             "  extern volatile __shared__ int a[];\n  volatile extern int __shared__ b[];\n"
                             "  a[threadIdx.x] = in[threadIdx.x];\n  __syncthreads();\n  out[threadIdx.x] = b[63 - threadIdx.x];\n}\n");
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(u.output[i], in[63 - i]) << i;
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out) {\n  extern int x;\n  out[0] = 1;\n}\n"),
                  "error", 3, "extern is only for __shared__ arrays here");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out) {\n  int static x = 2;\n  out[0] = x;\n}\n"),
                  "error", 3, "static local variables are not supported");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n__global__ void k(const int *in, int *out) {\n  float extern __shared__ s[4];\n  out[0] = 1;\n}\n"),
                  "error", 3, "an extern __shared__ array takes no size");
}

// ---- <cstdint>'s names without an #include: nvcc's host headers declare them, NVRTC does not

TEST(FixedWidthTypes, TheGpuTextDeclaresWhatItUses) {
  const std::string body = R"(__global__ void k(const int *in, int *out, uint32_t n) {
  const uint32_t t = threadIdx.x;
  int64_t wide = (int64_t)in[t] * 3;
  uint64_t u = (uint64_t)t;
  uint8_t b = (uint8_t)(t + 250);
  int16_t h = (int16_t)(in[t] - 1);
  if (t < n) out[t] = (int32_t)wide + (int)u + b + h;
}
)";
  const std::vector<double> in = input_of(64);
  for (const std::string& head : {std::string(""), std::string("#include <cstdint>\n"), std::string("#include <stdint.h>\n"),
                                 std::string("#include <cooperative_groups.h>\n"), std::string("typedef unsigned int uint32_t;\n")}) {
    const std::string text = "// launch: k<<<1, 64>>>(in, out, N)\n" + head + body;
    const Trace t = trace_text(text);
    for (size_t i = 0; i < 64; ++i) EXPECT_EQ(t.output[i], in[i] * 3 + i + (i + 250) % 256 + in[i] - 1) << head << i;
    expect_nvrtc_compiles(text);
  }
  // only the names the text uses, and not one it declares itself
  const ResolvedKernel k = resolve_kernel(request("// launch: k<<<1, 64>>>(in, out, N)\ntypedef unsigned int uint32_t;\n" + body, 64));
  const std::string timed = gpu_sources(k, 64).timed;
  EXPECT_NE(timed.find("typedef long long int64_t;"), std::string::npos) << timed;
  EXPECT_EQ(timed.find("typedef unsigned int uint32_t;\n#line"), std::string::npos) << timed;
  EXPECT_EQ(timed.find("typedef signed char int8_t;"), std::string::npos) << timed;
}

// ---- overloaded kernels: the launch's arguments pick one

TEST(KernelOverloads, TheLaunchsArgumentsPickOne) {
  const std::string text = R"(// launch: scale<<<1, 64>>>(in, out, N)
// launch: scale<<<1, 32>>>(in, out, N, 3)
__global__ void scale(const int *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x] + 1000; }
__global__ void scale(const float *in, float *out, int n) { out[threadIdx.x] = in[threadIdx.x] * 2.0f; }
__global__ void scale(const int *in, int *out, int n, int by) { out[threadIdx.x] *= by; }
__global__ void scale(const float *in, float *out, int n, float by) { out[threadIdx.x] *= by; }
)";
  const std::vector<double> in = input_of(64);
  const Trace ti = trace_text(text);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(ti.output[i], (in[i] + 1000) * (i < 32 ? 3 : 1)) << i;
  TraceRequest rf = request(text, 64);
  rf.type = ValueType::Float;
  rf.input = input_of(64);
  const Trace tf = run_interpreter(resolve_kernel(rf));
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(tf.output[i], in[i] * 2 * (i < 32 ? 3 : 1)) << i;
  expect_nvrtc_compiles(text);
  const ResolvedKernel k = resolve_kernel(request(text, 64));
  EXPECT_EQ(gpu_sources(k, 64, 1).entry, "(void(*)(const int *, int *, int, int))scale");
  // an untyped array fits every pointer alike; a launch no overload takes; a kernel and a function of one name
  const std::string two = "__global__ void z(int *p) { p[0] = 1; }\n__global__ void z(float *p) { p[0] = 2.0f; }\n";
  expect_one_line(run_text("// array: part[4]\n// launch: z<<<1, 32>>>(part)\n" + two), "usage", 2,
                  "the launch of 'z' is ambiguous: more than one overload takes its arguments equally well (z(int*) at kernels/app/inline.cu:3:17; "
                  "z(float*) at kernels/app/inline.cu:4:17)",
                  false);
  expect_one_line(run_text("// launch: z<<<1, 32>>>(out, 1)\n" + two), "usage", 1, "no overload of kernel 'z' takes the launch's arguments", false);
  expect_one_line(run_text("// launch: z<<<1, 32>>>(out)\n__device__ int z(int v) { return v; }\n__global__ void z(int *p) { p[0] = z(1); }\n"), "error", 3,
                  "'z' is both a __global__ and a __device__ function");
}

// ---- each launch's shared memory

TEST(SharedPerLaunch, UnlaunchedKernelsArraysTakeNoWords) {
  // two kernels of 32000 bytes each: either fits alone
  const std::string text = R"(// launch: b<<<1, 32>>>(in, out)
__global__ void a(const int *in, int *out) { __shared__ int sa[8000]; sa[threadIdx.x] = in[threadIdx.x]; out[threadIdx.x] = sa[threadIdx.x]; }
__device__ int through(int *buf, int i) { __shared__ int sd[16]; if (i < 16) sd[i] = i; __syncthreads(); return buf[i] + sd[(i + 1) % 16]; }
__global__ void b(const int *in, int *out) {
  __shared__ int sb[8000];
  sb[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = through(sb, threadIdx.x);
}
)";
  const Trace t = trace_text(text, 32);
  const std::vector<double> in = input_of(32);
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(t.output[i], in[i] + static_cast<double>((i + 1) % 16)) << i;
  expect_nvrtc_compiles(text, 32);
  // more than 48 KiB in the launched kernel's own arrays: an error naming the launch line
  expect_one_line(run_text(R"(// launch: b<<<1, 32>>>(in, out)
__global__ void a(const int *in, int *out) { __shared__ int sa[8000]; sa[threadIdx.x] = 1; out[threadIdx.x] = sa[threadIdx.x]; }
__global__ void b(const int *in, int *out) { __shared__ int sb[7000], sc[7000]; sb[0] = sc[0] = 1; out[threadIdx.x] = 1; }
)",
                           32),
                  "usage", 1, "needs 56000 bytes of shared memory, more than the 49152", false);
}

TEST(SharedPerLaunch, FaultsNameTheArrayAndItsIndex) {
  const Outcome o = run_text(R"(// launch: double_buffer<<<1, 32>>>(in, out)
__global__ void single(const int *in, int *out) { __shared__ int XY[1024]; XY[threadIdx.x] = 0; out[0] = XY[0]; }
__global__ void double_buffer(const int *in, int *out) {
  __shared__ int XY_0[1024];
  __shared__ int XY_1[1024];
  XY_0[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x >= 1) XY_1[threadIdx.x] = XY_0[threadIdx.x] + XY_0[threadIdx.x - 1];
  __syncthreads();
  out[threadIdx.x] = XY_1[threadIdx.x];
}
)",
                            32);
  expect_one_line(o, "fault", 10, "thread 0: reads XY_1[0] (shared-memory word 1024), which no thread has written yet");
  // a 2-D array's element, and an extern array at the launched kernel's own dynamic base
  expect_one_line(run_text(R"(// launch: k<<<1, 32, 64>>>(in, out)
__global__ void other(const int *in, int *out) { __shared__ int big[4000]; big[threadIdx.x] = 1; out[0] = big[0]; }
__global__ void k(const int *in, int *out) {
  __shared__ int tile[4][8];
  extern __shared__ int dyn[];
  tile[threadIdx.x / 8][threadIdx.x % 8] = 1;
  if (threadIdx.x < 8) dyn[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = threadIdx.x == 5 ? dyn[9] : tile[3][threadIdx.x % 8];
}
)",
                          32),
                  "fault", 9, "thread 5: reads dyn[9] (shared-memory word 41)");
}

// ---- messages

TEST(DeclMessages, SayWhatIsWrong) {
  expect_one_line(run_text(R"(// launch: k<<<1, 32>>>(in, out)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(const int *in, int *out) {
  cg::block_tile_memory<32> scratch;
  out[threadIdx.x] = in[threadIdx.x];
}
)"),
                  "error", 5, "block_tile_memory is the type of a __shared__ variable only");
  expect_one_line(run_text(R"(// launch: b<<<1, 32>>>(in, out)
__device__ void swap_if(int &x, int &y) {
  if (x > y) {
    int t = x; x = y; y = t;

__global__ void b(const int *in, int *out) { out[threadIdx.x] = in[threadIdx.x]; }
)"),
                  "error", 6, "'__global__' inside the body of 'swap_if': a '}' is missing before it (the body's '{' at kernels/app/inline.cu:2:");
  // the standard headers are empty; a missing header of the project's is not
  const Outcome std_headers = run_text(
      "// launch: k<<<1, 32>>>(in, out)\n#include <stdlib.h>\n#include <stdio.h>\n#include <assert.h>\n#include <iostream>\n#include <cmath>\n"
      "__global__ void k(const int *in, int *out) { out[threadIdx.x] = in[threadIdx.x]; }\n",
      32);
  EXPECT_EQ(std_headers.kind, "ok") << std_headers.what;
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n#include \"no_such_header.h\"\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "no_such_header.h");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n#include <thrust/device_vector.h>\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "#include <thrust/device_vector.h> is not supported");
}

// Visual Studio's CUDA template writes the runtime's headers in quotes (`#include "cuda_runtime.h"`,
// `#include "device_launch_parameters.h"`): as C's preprocessor does, a quoted name that is no file
// beside the kernel is looked for as a system header. A file of that name beside it wins; a name
// that is neither stays an error naming it.
TEST(QuotedSystemHeaders, AreTheSystemHeadersWhenNoFileHasTheName) {
  const std::string text =
      "// launch: k<<<1, 32>>>(in, out)\n#include \"cuda_runtime.h\"\n#include \"device_launch_parameters.h\"\n#include \"stdio.h\"\n"
      "#include \"cooperative_groups.h\"\nnamespace cg = cooperative_groups;\n"
      "__global__ void k(const int *in, int *out) { cg::thread_block b = cg::this_thread_block(); out[b.thread_rank()] = 2 * in[threadIdx.x]; }\n";
  const Trace t = trace_text(text, 32);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(t.output[static_cast<size_t>(i)], 2 * t.input[static_cast<size_t>(i)]);
  expect_nvrtc_compiles(text, 32);
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\n#include \"thrust/device_vector.h\"\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "#include \"thrust/device_vector.h\": file not found");
}

// `const auto NAME = VALUE;` at file scope (course code writes `const auto block_size = 1024;`) is a
// constant of the value's type, as auto deduces it: an int, an unsigned, a float; header lines
// know the integer ones. Without const it is a variable (an error as before).
TEST(FileScopeAuto, ConstAutoIsAConstantOfTheValuesType) {
  const std::string text =
      "// launch: k<<<1, block_size>>>(in, out)\n"
      "const auto block_size = 32;\nconstexpr auto halfv = 0.5f;\nstatic const auto big = 3000000000u;\nconst auto a = 7, c = 9;\nconst auto b = 2u;\n"
      "__global__ void k(const int *in, int *out) {\n"
      "  out[threadIdx.x] = in[threadIdx.x] * block_size + (int)(halfv * 4) + (big > 0 ? 1 : 0) + (a - 8 > b ? 100 : 0) - (c - a - 2);\n"
      "}\n";
  const Trace t = trace_text(text, 32);
  ASSERT_EQ(t.launches.size(), 1u);
  EXPECT_EQ(t.launches[0].block, 32);
  // a - 8 is the int -1, b the unsigned 2: -1 converts to 4294967295 > 2, as C++ compares them
  for (int i = 0; i < 32; ++i) EXPECT_EQ(t.output[static_cast<size_t>(i)], t.input[static_cast<size_t>(i)] * 32 + 2 + 1 + 100);
  expect_nvrtc_compiles(text, 32);
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nauto x = 3;\n__global__ void k(const int *in, int *out) { out[0] = x; }\n"), "error", 2,
                  "variables at file scope are not supported, except constants (const auto x = VALUE;)");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nconst auto p = nullptr;\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "a file-scope constant must be a number");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nconst auto x = 1, y = 2u;\n__global__ void k(const int *in, int *out) { out[0] = x + y; }\n"),
                  "error", 2, "'y' deduces unsigned, but this const auto declaration's first constant deduced int (declare it on its own)");
  expect_one_line(run_text("// launch: k<<<1, 32>>>(in, out)\nconst auto x;\n__global__ void k(const int *in, int *out) { out[0] = 1; }\n"),
                  "error", 2, "the constant 'x' needs a value (const auto x = ...;)");
}

}  // namespace
