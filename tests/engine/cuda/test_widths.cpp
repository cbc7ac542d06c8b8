// 8-byte scalars: long long, unsigned long long, size_t, int64_t, double. C++'s usual arithmetic
// conversions and integer promotions, 64-bit wrap, sign and zero extension, shifts by 32 to 63,
// division, conversions to and from float and double: each expression is printed by the kernel
// and compared with what C++ on this host computes for the same text (the reference). Then
// memory: one 8-byte access per thread (the bank model's 8-byte rule), 8-byte alignment, 64-bit
// atomics, arrays of doubles as `in` and `out`, and the one-line errors for what stays outside.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include "engine/runner.h"
#include "tests/engine/cuda/inline_kernel.h"
#include "tests/engine/cuda/printed_cases.h"

using namespace scanscope;

namespace {

// The variables both sides start from: the kernel's text and this file's code are the same tokens.
#define WIDTH_VARS                                                                                                  \
  int i = -7;                                                                                                       \
  unsigned u = 3000000000u;                                                                                         \
  long long L = -5000000000ll;                                                                                      \
  unsigned long long U = 18000000000000000000ull;                                                                   \
  size_t z = 4294967296ull;                                                                                         \
  int64_t q = 9000000000000000000ll;                                                                                \
  float f = 2.5f;                                                                                                   \
  double d = -1.25e10;                                                                                              \
  int s40 = 40;                                                                                                     \
  int s63 = 63;
#define CASE(T, F, E) PRINTED_CASE(T, F, E)
// A signed expression that wraps (undefined in the host's C++, two's complement on the GPU): the
// kernel's text E, the host's value through unsigned arithmetic.
#define WRAPS(T, F, E, HOST) PrintedCase{#E, F, fmt_host(F, (T)(HOST))}
#define UL(x) static_cast<unsigned long long>(x)

// The reference compares signed with unsigned values on purpose: that is what is under test.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"

std::vector<PrintedCase> cases() {
  WIDTH_VARS
  (void)i, (void)u, (void)L, (void)U, (void)z, (void)q, (void)f, (void)d, (void)s40, (void)s63;
  return {
      // promotions: int + long long -> long long; unsigned int + long long -> long long (it holds
      // every unsigned); int + unsigned long long -> unsigned long long (sign-extended first)
      CASE(long long, "%lld", i + L), CASE(long long, "%lld", u + L), CASE(unsigned long long, "%llu", i + U),
      CASE(unsigned, "%u", i + u), CASE(unsigned long long, "%llu", i + z), WRAPS(long long, "%lld", q + q, UL(q) + UL(q)),
      // comparisons of signed and unsigned 64-bit values
      CASE(int, "%d", i < U), CASE(int, "%d", L < u), CASE(int, "%d", L < (long long)U), CASE(int, "%d", (unsigned long long)L > U),
      CASE(int, "%d", i < z), CASE(int, "%d", -1 == (unsigned long long)-1),
      // conversions: sign and zero extension, truncation
      CASE(unsigned long long, "%llu", (unsigned long long)i), CASE(long long, "%lld", (long long)u), CASE(int, "%d", (int)L),
      CASE(unsigned, "%u", (unsigned)U), CASE(long long, "%lld", (long long)U), CASE(int, "%d", (int)q),
      // wrap, division, remainder
      WRAPS(long long, "%lld", L * L, UL(L) * UL(L)), CASE(unsigned long long, "%llu", U + U), CASE(unsigned long long, "%llu", -U),
      CASE(long long, "%lld", L / i), CASE(long long, "%lld", L % i), CASE(unsigned long long, "%llu", U / u),
      CASE(unsigned long long, "%llu", U % 7), CASE(long long, "%lld", -L / 3), CASE(long long, "%lld", L % 1000000007),
      CASE(long long, "%lld", ~L), CASE(unsigned long long, "%llu", L ^ U), CASE(long long, "%lld", L & 0xffffffff),
      CASE(long long, "%lld", L | 1), CASE(int, "%d", !L),
      // shifts by 32 to 63 on 64-bit values; the type is the left operand's
      CASE(long long, "%lld", L >> s40), CASE(unsigned long long, "%llu", U >> s40), CASE(unsigned long long, "%llu", U << s40),
      CASE(long long, "%lld", 1ll << s63), CASE(unsigned long long, "%llu", U >> s63), CASE(long long, "%lld", L >> 63),
      CASE(long long, "%lld", (long long)1 << 40), CASE(unsigned long long, "%llu", 1ull << 32), CASE(int, "%d", 1 << 31),
      WRAPS(long long, "%lld", L << 3, UL(L) << 3), CASE(unsigned long long, "%llu", z >> 1),
      // literals: 2147483648 is a long long, 0xFFFFFFFF an unsigned int, 0x8000000000000000 unsigned long long
      CASE(long long, "%lld", 2147483648 + i), CASE(unsigned, "%u", 0xFFFFFFFF + 1), CASE(long long, "%lld", 4294967296 * 3),
      CASE(unsigned long long, "%llu", 0x8000000000000000 + 1), CASE(unsigned long long, "%llu", 5ul * 3), CASE(long long, "%lld", 1LL - 2),
      CASE(unsigned long long, "%llu", 0ull - 1), CASE(long long, "%lld", 077777777777),
      // doubles: IEEE results, float promoted to double where C++ does, 1.0 a double and 1.0f a float
      CASE(double, "%.17g", d * 3.0), CASE(double, "%.17g", f + 1.0), CASE(double, "%.9g", f / 3), CASE(double, "%.17g", d / 7),
      CASE(double, "%.9g", (float)d), CASE(long long, "%lld", (long long)d), CASE(int, "%d", (int)(d / 1e6)),
      CASE(unsigned long long, "%llu", (unsigned long long)1e19), CASE(double, "%.17g", (double)U), CASE(double, "%.17g", (double)L),
      CASE(double, "%.9g", (float)U), CASE(double, "%.9g", (float)L), CASE(double, "%.17g", 1.0 / 3), CASE(double, "%.17g", 0.1 + 0.2),
      CASE(double, "%.9g", 0.1f + 0.2f), CASE(double, "%.17g", i * 0.5), CASE(double, "%.17g", (double)(1ll << 53) + 1),
      CASE(double, "%.9g", L + 0.5f), CASE(double, "%.17g", u + 0.25), CASE(int, "%d", d < f), CASE(int, "%d", 0.1f == 0.1),
      CASE(double, "%.17g", -d), CASE(double, "%.17g", d - 1e-3), CASE(long long, "%lld", (long long)(f * 1e15)),
      CASE(double, "%.17g", 3.0 * 2), CASE(unsigned, "%u", (unsigned)2.9e9), CASE(double, "%.17g", z * 0.5),
  };
}
#pragma GCC diagnostic pop

}  // namespace

TEST(Widths, ArithmeticAgreesWithTheHostsCxx) { expect_printed_cases(PRINTED_STR(WIDTH_VARS), cases()); }

namespace {

std::string one_block(const std::string& params, const std::string& body, const std::string& head = "", int threads = 32) {
  return "// launch: k<<<1, " + std::to_string(threads) + ">>>(in, out, N)\n" + head + "#include <stdio.h>\n__global__ void k(" + params +
         ") {\n" + body + "}\n";
}

Trace trace_iota(const std::string& text, int n, ValueType type = ValueType::Int) {
  TraceRequest r = inline_request(text, n, type);
  r.input.clear();
  for (int k = 0; k < n; ++k) r.input.push_back(k);
  return run_interpreter(resolve_kernel(r));
}

}  // namespace

TEST(Widths, DoubleArraysInAndOutAreOneEightByteAccessPerThread) {
  // in and out hold doubles (their parameters' type); a warp's 32 consecutive doubles in shared
  // memory are 256 bytes: 2 wavefronts (a half-warp's 128 bytes each), no conflict
  const std::string text = one_block("const double *in, double *out, int n",
                                     "  __shared__ double s[32];\n"
                                     "  int t = threadIdx.x;\n"
                                     "  s[t] = in[t] * 2.0;\n"
                                     "  __syncthreads();\n"
                                     "  out[t] = s[31 - t] + 0.5;\n",
                                     "// check: copy\n// types: float\n");
  Trace t;
  try {
    t = trace_iota(text, 32, ValueType::Float);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(t.output.size(), 32u);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(t.output[k], 2.0 * (31 - k) + 0.5);
  EXPECT_EQ(t.totals.st.wavefronts, 2);
  EXPECT_EQ(t.totals.ld.wavefronts, 2);
  EXPECT_EQ(t.totals.st.conflicts + t.totals.ld.conflicts, 0);
  int eight = 0;
  for (const auto& s : t.sites) eight += s.bytes == 8;
  EXPECT_GE(eight, 4);  // the two shared and the two global accesses
  // the snapshot shows each element's value in both of its words
  const Step& last = t.steps.back();
  ASSERT_GE(last.smem.size(), 64u);
  EXPECT_EQ(last.smem[2 * 5], 10.0);
  EXPECT_EQ(last.smem[2 * 5 + 1], 10.0);
  // the global model: 32 doubles are 256 bytes, 8 sectors per request
  EXPECT_EQ(t.totals.global.ld.sectors, 8);
}

TEST(Widths, StridedDoublesConflictByTheEightByteRule) {
  // s[2 * t] of doubles: 16 bytes apart, each half-warp touches every bank twice
  const std::string text = one_block("const double *in, double *out, int n",
                                     "  __shared__ double s[64];\n"
                                     "  int t = threadIdx.x;\n"
                                     "  s[2 * t] = in[t];\n"
                                     "  s[2 * t + 1] = 0.0;\n"
                                     "  __syncthreads();\n"
                                     "  out[t] = s[2 * t];\n",
                                     "// check: copy\n// types: int\n");
  Trace t;
  try {
    t = trace_iota(text, 32);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  for (int k = 0; k < 32; ++k) EXPECT_EQ(t.output[k], k);
  EXPECT_EQ(t.totals.ld.wavefronts, 4);
}

TEST(Widths, SizeTGridStrideLoopAndLongLongSums) {
  const std::string text =
      "// launch: k<<<3, 64>>>(in, out, N)\n// out: 1\n// init: out = 0\n// check: reduce\n// types: int\n"
      "__global__ void k(const int *in, unsigned long long *out, size_t n) {\n"
      "  unsigned long long sum = 0;\n"
      "  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) sum += in[i];\n"
      "  atomicAdd(out, sum);\n"
      "}\n";
  const Outcome o = run_text(text, 1000);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 1u);
  EXPECT_EQ(o.out[0], 1000.0);
}

TEST(Widths, SixtyFourBitAtomicsAndTheCasIdiom) {
  // atomicAdd on double by atomicCAS on its bits (the programming guide's idiom for old GPUs)
  const std::string text =
      "// launch: k<<<2, 64>>>(in, out, N)\n// out: 2\n// init: out = 0\n// types: int\n"
      "__device__ double add_by_cas(double *a, double v) {\n"
      "  unsigned long long *p = (unsigned long long *)a;\n"
      "  unsigned long long old = *p, assumed;\n"
      "  do {\n"
      "    assumed = old;\n"
      "    old = atomicCAS(p, assumed, __double_as_longlong(v + __longlong_as_double(assumed)));\n"
      "  } while (assumed != old);\n"
      "  return __longlong_as_double(old);\n"
      "}\n"
      "__global__ void k(const int *in, double *out, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) {\n"
      "    add_by_cas(&out[0], in[i] * 0.5);\n"
      "    atomicAdd(&out[1], 0.25);\n"
      "  }\n"
      "}\n";
  const Outcome o = run_text(text, 100);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 2u);
  EXPECT_EQ(o.out[0], 50.0);
  EXPECT_EQ(o.out[1], 25.0);
  // atomicMax and atomicMin on long long, in shared memory
  const std::string mm = one_block("const int *in, long long *out, int n",
                                   "  __shared__ long long m[2];\n"
                                   "  if (threadIdx.x == 0) { m[0] = -1; m[1] = 1; }\n"
                                   "  __syncthreads();\n"
                                   "  long long v = (threadIdx.x - 16ll) * 3000000000ll;\n"
                                   "  atomicMax(&m[0], v);\n"
                                   "  atomicMin(&m[1], v);\n"
                                   "  __syncthreads();\n"
                                   "  if (threadIdx.x < 2) out[threadIdx.x] = m[threadIdx.x];\n",
                                   "// out: 2\n// types: int\n");
  const Outcome o2 = run_text(mm, 32);
  ASSERT_EQ(o2.kind, "ok") << o2.what;
  ASSERT_EQ(o2.out.size(), 2u);
  EXPECT_EQ(o2.out[0], 15.0 * 3000000000.0);
  EXPECT_EQ(o2.out[1], -16.0 * 3000000000.0);
}

TEST(Widths, LocalsPointersAndMisalignedDoubles) {
  // a local array of doubles, a pointer to a double local, pointer arithmetic with a 64-bit offset
  const Outcome o = run_text(one_block("const double *in, double *out, int n",
                                       "  double a[3] = {1.5, 2.5};\n"
                                       "  double x = 4.0;\n"
                                       "  double *p = &x;\n"
                                       "  *p += a[0] + a[1] + a[2];\n"
                                       "  long long off = threadIdx.x;\n"
                                       "  const double *q = in + off;\n"
                                       "  out[threadIdx.x] = *q + x;\n",
                                       "// types: float\n"),
                             32, ValueType::Float);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 32u);
  EXPECT_EQ(o.out[3], 1.0 + 8.0);  // inline_request's input is ones
  // an 8-byte load from a 4-byte boundary faults as the GPU does
  const Outcome m = run_text(one_block("const int *in, int *out, int n",
                                       "  __shared__ int s[8];\n"
                                       "  s[threadIdx.x % 8] = 1;\n"
                                       "  __syncthreads();\n"
                                       "  double *p = (double *)(s + 1);\n"
                                       "  out[threadIdx.x] = (int)p[0];\n",
                                       "// types: int\n"));
  EXPECT_EQ(m.kind, "fault");
  EXPECT_NE(m.what.find("misaligned address: an 8-byte load of s[1] (shared-memory word 1, byte 4, not a multiple of 8)"), std::string::npos) << m.what;
}

TEST(Widths, DoubleScalarsFromTheLaunchAndSizeof) {
  const Outcome o = run_text(
      "// launch: k<<<1, 32>>>(in, out, N, 3000000000 * 2, sizeof(double) + sizeof(long long) + sizeof(size_t))\n// types: int\n"
      "__global__ void k(const int *in, long long *out, int n, long long big, int sizes) {\n"
      "  out[threadIdx.x] = threadIdx.x == 0 ? big : threadIdx.x == 1 ? sizes : (long long)sizeof(unsigned long long) * 100 + sizeof(int64_t);\n"
      "}\n",
      32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out[0], 6000000000.0);
  EXPECT_EQ(o.out[1], 24.0);
  EXPECT_EQ(o.out[2], 808.0);
}

namespace {

// A one-line error that contains `want`.
void expect_error(const Outcome& o, const std::string& decl, const std::string& want) {
  EXPECT_EQ(o.kind, "error") << decl;
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
  EXPECT_NE(o.what.find(want), std::string::npos) << decl << " -> " << o.what;
}

}  // namespace

TEST(Widths, WhatStaysOutsideIsAOneLineError) {
  auto err = [](const std::string& decl, const std::string& type = "int") {
    return run_text("// launch: k<<<1, 32>>>(in, out, N)\n__global__ void k(const " + type + " *in, " + type + " *out, int n) {\n  " + decl +
                    "\n  out[0] = 1;\n}\n");
  };
  const std::pair<std::string, std::string> cases[] = {
      {"long double x = 1;", "inline.cu:3:8: type 'long double' is not supported"},
      {"double y = 1.0L;", "inline.cu:3:14: '1.0L' is a long double constant"},
      {"char3 c;", "inline.cu:3:3: type 'char3' is not supported"},
      {"double2 c;", "inline.cu:3:3: type 'double2' is not supported"},
      {"long long v = 0; atomicAdd(&v, 1ll);", "'atomicAdd' on long long is not one of CUDA's atomics"},
      {"double v = 0; atomicSub(&v, 1.0);", "'atomicSub' on double is not one of CUDA's atomics"},
      {"long long v = 99999999999999999999;", "is not a valid integer"},
      {"long long v = 1; printf(\"%d\", v);", "printf '%d' prints a 32-bit integer, and this value is long long"},
  };
  for (const auto& [decl, want] : cases) expect_error(err(decl), decl, want);
  // an array of doubles passed where 4-byte elements are expected
  const Outcome mix = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// launch: j<<<1, 32>>>(in, out, N)\n"
                               "__global__ void k(const double *in, double *out, int n) { out[0] = 1; }\n"
                               "__global__ void j(const int *in, int *out, int n) { out[0] = 1; }\n");
  EXPECT_EQ(mix.kind, "usage");
  EXPECT_NE(mix.what.find("an array of 8-byte elements"), std::string::npos) << mix.what;
}

TEST(Widths, DeviceFunctionsTakeAndReturnEightByteValues) {
  const Outcome o = run_text(
      "// launch: k<<<1, 32>>>(in, out, N)\n// types: int\n"
      "__device__ long long mix(int a, long long b, double c, unsigned long long d, int e) {\n"
      "  return a + b + (long long)c + (long long)d + e;\n"
      "}\n"
      "__device__ double halve(double x) { return x / 2; }\n"
      "__global__ void k(const int *in, double *out, int n) {\n"
      "  int t = threadIdx.x;\n"
      "  out[t] = halve((double)mix(t, 10000000000ll, 2.75, 5ull, 7));\n"
      "}\n",
      32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out[3], (3.0 + 10000000000.0 + 2 + 5 + 7) / 2);
}

TEST(Widths, StructMembersOfEightBytesHaveCxxsLayout) {
  // struct P { double a; int b; }: 16 bytes (a at 0, b at 8, 4 bytes of padding), 8-byte aligned;
  // nested in Q after an int, at byte 8: Q is 24 bytes. In shared memory, in frames, by value to
  // a function (the padding travels with it), and in local arrays.
  const std::string text = one_block("const int *in, int *out, int n",
                                     "  __shared__ P s[32];\n"
                                     "  int t = threadIdx.x;\n"
                                     "  s[t].a = in[t] * 0.5;\n"
                                     "  s[t].b = t;\n"
                                     "  __syncthreads();\n"
                                     "  P mine = s[31 - t];\n"
                                     "  Q q;\n"
                                     "  q.c = 7;\n"
                                     "  q.p = mine;\n"
                                     "  P arr[2];\n"
                                     "  arr[0] = mine;\n"
                                     "  arr[1].a = 1.25;\n"
                                     "  arr[1].b = 3;\n"
                                     "  out[t] = (int)(twice(q.p) * 4) + (int)sizeof(P) * 1000 + (int)sizeof(Q) * 100000 + (int)(twice(arr[1]) * 2) + q.c +\n"
                                     "           (int)(((char *)&q.p.b - (char *)&q) * 10000000);\n",
                                     "struct P { double a; int b; };\nstruct Q { int c; P p; };\n"
                                     "__device__ double twice(P x) { return x.a * 2 + x.b; }\n");
  Trace t;
  try {
    t = trace_iota(text, 32);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(t.output.size(), 32u);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(t.output[k], 8 * (31 - k) + 16000 + 2400000 + 11 + 7 + 16 * 10000000) << k;
  // a kernel's pointer parameter to them stays refused (a global array has one element type)
  const Outcome g = run_text("// launch: k<<<1, 32>>>(in, out, N)\nstruct P { double a; int b; };\n"
                             "__global__ void k(const P *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x].b; }\n");
  EXPECT_EQ(g.kind, "error");
  EXPECT_NE(g.what.find("inline.cu:3:28: a kernel's pointer parameters point to numbers or to int2"), std::string::npos) << g.kind << ": " << g.what;
  // the shared stores of a are 8-byte accesses
  int eight = 0;
  for (const auto& site : t.sites) eight += site.bytes == 8;
  EXPECT_GE(eight, 2);
}
