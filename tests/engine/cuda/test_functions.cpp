// Functions and builtins: overloaded __device__ functions, default arguments, references,
// auto, structs with constructors, member functions, static members and operators, and the
// arithmetic builtins' table. Where possible the code under test is written once (BOTH) and runs
// twice: as a kernel file's text on the interpreter, and compiled here by the host's C++, whose
// results the kernel's output must equal.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

// In the host's compilation, __device__ says nothing; in the text it stays as written. The code is
// written as kernels are (parameters a function leaves unused).
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define __device__
#define BOTH(NAME, ...)     \
  namespace NAME {          \
  __VA_ARGS__               \
  }                         \
  const std::string NAME##_text = #__VA_ARGS__;

namespace {

// The kernel around the code: each thread computes (compute), then after a barrier reads its
// result back (finish). buf is a __shared__ array of 64 ints in the kernel, a host array here.
const std::string kKernel =
    "\n__global__ void k(const int *in, int *out, int n) {\n"
    "  __shared__ int buf[64];\n"
    "  int i = threadIdx.x;\n"
    "  buf[i] = in[i];\n"
    "  __syncthreads();\n"
    "  int r = compute(i, in[i], buf);\n"
    "  __syncthreads();\n"
    "  out[i] = finish(i, r, buf);\n"
    "}\n";

std::vector<double> input64() {
  std::vector<double> v(64);
  for (int i = 0; i < 64; ++i) v[static_cast<size_t>(i)] = (i * 7) % 13 - 5;
  return v;
}

Trace run_both_text(const std::string& code, const std::string& head = "") {
  TraceRequest r = inline_request("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n" + head + code + kKernel, 64);
  r.input = input64();
  return run_interpreter(resolve_kernel(r));
}

// The host's results of the same code.
std::vector<double> on_host(const std::function<int(int, int, int*)>& compute, const std::function<int(int, int, int*)>& finish) {
  const std::vector<double> in = input64();
  int buf[64];
  for (int i = 0; i < 64; ++i) buf[i] = static_cast<int>(in[static_cast<size_t>(i)]);
  int r[64];
  for (int i = 0; i < 64; ++i) r[i] = compute(i, static_cast<int>(in[static_cast<size_t>(i)]), buf);
  std::vector<double> out(64);
  for (int i = 0; i < 64; ++i) out[static_cast<size_t>(i)] = finish(i, r[i], buf);
  return out;
}

std::string error_of(const std::string& before, const std::string& body = "  out[threadIdx.x] = in[threadIdx.x];\n") {
  const Outcome o = run_text("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n" + before +
                             "__global__ void k(const int *in, int *out, int n) {\n" + body + "}\n");
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;  // one line
  return o.kind == "ok" ? "" : o.what;
}

}  // namespace

// ---- overloads and default arguments

BOTH(overloads,
     struct P { int a, b; };
     __device__ int f(int x) { return x + 1; }
     __device__ float f(float x) { return x * 2.5f; }
     __device__ int f(int *p) { return p[1] * 3; }
     __device__ int f(P p) { return p.a - p.b; }
     __device__ int f(int x, int y, int z = 4) { return x * y + z; }
     __device__ unsigned g(unsigned x) { return x + 100u; }
     __device__ int g(float x) { return (int)x - 100; }
     __device__ int h(int x) { return x; }
     __device__ int h(float x) { return -1000; }
     __device__ int compute(int i, int x, int *buf) {
       P p = {x, i};
       bool odd = i % 2 == 1;
       return f(x) + (int)f(0.5f * x) + f(buf + (i < 63 ? i : 0)) + f(p) + f(i, x) + f(i, x, -i) + (int)g(3u) + g(2.0f) + h(odd) + h(x > 0);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, OverloadsArePickedAsCppPicksThem) {
  const Trace t = run_both_text(overloads_text);
  EXPECT_EQ(t.output, on_host(overloads::compute, overloads::finish));
}

// The 8-byte scalars among overloads: float to double is a promotion (it beats float to int), int
// to long long a conversion like int to float; an exact long long or double wins.
BOTH(wide_overloads,
     __device__ int f(int x) { return 1; }
     __device__ int f(double x) { return 2; }
     __device__ int g(long long x) { return 30; }
     __device__ int g(float x) { return 40; }
     __device__ int h(unsigned long long x) { return 500; }
     __device__ int h(double x) { return 600; }
     __device__ int compute(int i, int x, int *buf) {
       float v = 0.5f * x;
       long long w = i;
       unsigned long long z = i;
       return f(v) + f(1.0) + g(w) + g(v) + h(z) + h(2.0 * x) + (int)(z + w);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, WideTypesAmongOverloadsArePickedAsCppPicksThem) {
  const Trace t = run_both_text(wide_overloads_text);
  EXPECT_EQ(t.output, on_host(wide_overloads::compute, wide_overloads::finish));
  // int to long long and int to float are both conversions: ambiguous, as in C++
  EXPECT_NE(error_of("__device__ int g(long long x) { return 1; }\n__device__ int g(float x) { return 2; }\n",
                     "  out[threadIdx.x] = g(in[threadIdx.x]);\n")
                .find("is ambiguous"),
            std::string::npos);
}

TEST(Functions, OverloadErrorsNameTheCandidates) {
  const std::string two = "__device__ int f(int x) { return x; }\n__device__ int f(float x) { return 0; }\n";
  EXPECT_EQ(error_of(two, "  out[0] = f(1u);\n"),
            "kernels/app/inline.cu:6:12: the call 'f'(unsigned) is ambiguous: f(int) at kernels/app/inline.cu:3:16 and f(float) at "
            "kernels/app/inline.cu:4:16 fit it equally well");
  EXPECT_EQ(error_of(two, "  out[0] = f(in);\n"),
            "kernels/app/inline.cu:6:12: no overload of 'f' takes (const int*): f(int) at kernels/app/inline.cu:3:16: argument 1 is const int*, not int "
            "(also tried: f(float) at kernels/app/inline.cu:4:16)");
  EXPECT_EQ(error_of(two + "__device__ float f(int y) { return 1.0f; }\n"), "kernels/app/inline.cu:5:18: 'f' declared differently at kernels/app/inline.cu:3:16");
  EXPECT_EQ(error_of("__device__ int k(int a) { return a; }\n"),
            "kernels/app/inline.cu:4:17: 'k' is both a __global__ and a __device__ function (the other at kernels/app/inline.cu:3:16); give the kernel a "
            "name of its own");
  EXPECT_EQ(error_of("__device__ int d(int a, int b = 2) { return a + b; }\n", "  out[0] = d();\n"),
            "kernels/app/inline.cu:5:12: 'd' takes 2 arguments, given 0");
}

// Function templates of one name (the CUB samples' DecodePixel for float4 and uchar4 pixels):
// each deduces its arguments, and the call takes the one that fits best; only it is instantiated.
BOTH(template_overloads,
     template <int SCALE> __device__ int decode(float v) { return (int)(v * SCALE) - 1000; }
     template <int SCALE> __device__ int decode(int v) { return v * SCALE + 1; }
     template <int SCALE> __device__ int decode(int *p) { return p[0] * SCALE + 7; }
     template <typename T> __device__ T twice(T v) { return v + v; }
     template <typename T> __device__ T twice(T v, T w) { return v * w; }
     template <typename T> __device__ int wider(T v, long long w) { return 1; }
     template <typename T> __device__ int wider(T v, float w) { return 2; }
     template <typename T, int N> __device__ int prototyped(T v);
     template <typename T, int N> __device__ int prototyped(T v, T w) { return N * (v - w); }
     template <typename T, int N> __device__ int prototyped(T v) { return N * v; }
     __device__ int compute(int i, int x, int *buf) {
       long long big = x;
       return decode<3>(0.5f * x) + decode<3>(x) + decode<2>(buf + i) + twice(x) + (int)twice(0.25f * i, 2.0f) + twice(i, x) +
              wider(x, big) * 10 + wider(i, 1.5f) * 100 + prototyped<int, 3>(x) + prototyped<int, 5>(i, x);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, OverloadedTemplatesArePickedAsCppPicksThem) {
  const Trace t = run_both_text(template_overloads_text);
  EXPECT_EQ(t.output, on_host(template_overloads::compute, template_overloads::finish));
}

TEST(Functions, OverloadedTemplateErrorsNameTheCandidates) {
  const std::string two = "template <typename T> __device__ int f(T x, int y) { return 1; }\n"
                          "template <typename T> __device__ int f(int x, T y) { return 2; }\n";
  EXPECT_EQ(error_of(two, "  out[0] = f(1, 2);\n"),
            "kernels/app/inline.cu:6:12: the call f(int, int) is ambiguous: the one at kernels/app/inline.cu:3:38 and the one at "
            "kernels/app/inline.cu:4:38 fit it equally well");
  EXPECT_EQ(error_of(two, "  out[0] = f(in);\n"),
            "kernels/app/inline.cu:6:12: no overload of template 'f' takes (const int*): f(const int*, int) at kernels/app/inline.cu:3:38 takes 2 arguments "
            "(also tried: f at kernels/app/inline.cu:4:38)");
  // the first candidate's reason comes first, whole, however many others were tried
  const std::string pixels = "template <int N> __device__ void decode(float4 p, unsigned int (&b)[N]) { b[0] = 0; }\n"
                             "template <int N> __device__ void decode(uchar4 p, unsigned int (&b)[N]) { b[0] = 1; }\n";
  EXPECT_EQ(error_of(pixels, "  unsigned int bins[4];\n  decode(make_int2(1, 2), bins);\n"),
            "kernels/app/inline.cu:7:3: no overload of template 'decode' takes (int2, unsigned*): decode(float4, unsigned*) at "
            "kernels/app/inline.cu:3:34: argument 1 is int2, not float4 (also tried: decode(uchar4, unsigned*) at kernels/app/inline.cu:4:34)");
  EXPECT_EQ(error_of("template <typename T> __device__ int g(T x) { return 1; }\ntemplate <typename T> __device__ int g(T x) { return 2; }\n"),
            "kernels/app/inline.cu:4:38: template 'g' is defined twice with these parameters (first at kernels/app/inline.cu:3:38)");
}

// Partial ordering ([temp.func.order]): among templates that fit a call equally well, the more
// specialised one (T* over T, const T& over T& for a const argument, T (&)[N] over T, const T* over
// T*); a function that is no template beats a template that fits as well.
BOTH(partial_ordering,
     template <typename T> __device__ int pick(T v) { return 1; }
     template <typename T> __device__ int pick(T *p) { return 20 + p[0]; }
     template <typename T> __device__ int bind(T &v) { return 300; }
     template <typename T> __device__ int bind(const T &v) { return 400; }
     template <typename T, int N> __device__ int whole(T (&a)[N]) { return 5000 + N; }
     template <typename T> __device__ int whole(T v) { return 6000; }
     template <typename T> __device__ int ro(const T *p) { return 70000; }
     template <typename T> __device__ int ro(T *p) { return 80000; }
     __device__ int plain(int v) { return 100000; }
     template <typename T> __device__ int plain(T v) { return 200000; }
     __device__ int compute(int i, int x, int *buf) {
       int local[4] = {i, x, 0, 0};
       const int c = x;
       const int *cb = buf;
       return pick(x) + pick(buf + i) + bind(x) + bind(c) * 2 + whole(local) + whole(x) + ro(buf) + ro(cb) * 2 + plain(x) +
              plain(1u) * 2 + local[0] * 0;
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, TheMoreSpecialisedTemplateIsPickedAsCppPicksIt) {
  const Trace t = run_both_text(partial_ordering_text);
  EXPECT_EQ(t.output, on_host(partial_ordering::compute, partial_ordering::finish));
  // T (&)[N] against T*: neither deduces from the other (no decay in partial ordering), as g++ says
  EXPECT_EQ(error_of("template <typename T, int N> __device__ int h(T (&a)[N]) { return 1; }\n"
                     "template <typename T> __device__ int h(T *p) { return 2; }\n",
                     "  int a[4] = {1, 2, 3, 4};\n  out[0] = h(a);\n"),
            "kernels/app/inline.cu:7:12: the call h(int*) is ambiguous: the one at kernels/app/inline.cu:3:45 and the one at "
            "kernels/app/inline.cu:4:38 fit it equally well");
  // T against const T&: equally specialised; a function and a template of one name, the template better
  EXPECT_NE(error_of("template <typename T> __device__ int v(T x) { return 1; }\ntemplate <typename T> __device__ int v(const T &x) { return 2; }\n",
                     "  out[0] = v(in[0]);\n").find("is ambiguous"),
            std::string::npos);
  EXPECT_EQ(error_of("__device__ int w(float x) { return 1; }\ntemplate <typename T> __device__ int w(T *p) { return 2; }\n",
                     "  out[0] = w(3) + w(in);\n"),
            "");
}

// const in overload choice: int* to const int* is a qualification conversion, worse than none; a
// const object or what a const pointer points to binds no T& and converts to no int*; T& beats
// const T& for an object that is not const.
BOTH(const_overloads,
     __device__ int cf(const int *p) { return 1; }
     __device__ int cf(int *p) { return 2; }
     __device__ int cr(const int &v) { return 10; }
     __device__ int cr(int &v) { return 20; }
     __device__ int only(const int *p) { return p[0]; }
     __device__ int compute(int i, int x, int *buf) {
       const int c = x;
       const int *cb = buf;
       int y = i;
       return cf(buf) + cf(cb) * 3 + cr(y) + cr(c) * 3 + cr(5) * 5 + cr(x + 1) * 7 + only(buf + i);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, ConstPicksAmongOverloadsAsCppPicksIt) {
  const Trace t = run_both_text(const_overloads_text);
  EXPECT_EQ(t.output, on_host(const_overloads::compute, const_overloads::finish));
  const std::string two = "__device__ int g(int *p) { return 1; }\n__device__ int g(float *p) { return 2; }\n";
  EXPECT_EQ(error_of(two, "  out[0] = g(in);\n"),
            "kernels/app/inline.cu:6:12: no overload of 'g' takes (const int*): g(int*) at kernels/app/inline.cu:3:16: argument 1 is const int*, "
            "not int* (also tried: g(float*) at kernels/app/inline.cu:4:16)");
  const std::string refs = "__device__ void r(int &x) { x = 1; }\n__device__ void r(float &x) { x = 2.0f; }\n";
  EXPECT_EQ(error_of(refs, "  const int c = in[0];\n  r(c);\n"),
            "kernels/app/inline.cu:7:3: no overload of 'r' takes (const int): r(int&) at kernels/app/inline.cu:3:17: argument 1 is const int, not int& "
            "(also tried: r(float&) at kernels/app/inline.cu:4:17)");
}

// ---- references

BOTH(references,
     __device__ void swap(int &a, int &b) { int t = a; a = b; b = t; }
     __device__ void bump(int &x, int by = 1) { x += by; }
     struct Acc { int count, sum; };
     __device__ void add(Acc &acc, int v) { acc.count++; acc.sum += v; }
     __device__ int compute(int i, int x, int *buf) {
       if (i % 2 == 0 && x > buf[i + 1]) swap(buf[i], buf[i + 1]);  // a compare-exchange of shared words
       int local = x;
       bump(local);
       bump(local, i);
       int &alias = local;
       alias *= 2;
       Acc acc = {0, 0};
       for (int k = 0; k < 3; ++k) add(acc, x + k);
       return local * 100 + acc.count * 10 + acc.sum;
     }
     __device__ int finish(int i, int r, int *buf) { return r * 1000 + buf[i]; })

TEST(Functions, ReferencesAreTheCallersVariables) {
  const Trace t = run_both_text(references_text);
  EXPECT_EQ(t.output, on_host(references::compute, references::finish));
}

TEST(Functions, AReferenceToSharedMemoryRecordsTheAccessesWhereTheyHappen) {
  TraceRequest r = inline_request("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n"
                                  "__device__ void swap(int &a, int &b) { int t = a; a = b; b = t; }\n"
                                  "__global__ void k(const int *in, int *out, int n) {\n"
                                  "  __shared__ int s[64];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  s[i] = in[i];\n"
                                  "  __syncthreads();\n"
                                  "  if (i % 2 == 0) swap(s[i], s[i + 1]);\n"
                                  "  __syncthreads();\n"
                                  "  out[i] = s[i];\n"
                                  "}\n",
                                  64);
  r.input = input64();
  const Trace t = run_interpreter(resolve_kernel(r));
  std::vector<double> want = input64();
  for (size_t i = 0; i < 64; i += 2) std::swap(want[i], want[i + 1]);
  EXPECT_EQ(t.output, want);
  // per swapping thread: `t = a` and `a = b` load (a, then b), `a = b` and `b = t` store: 2 loads and 2 stores each
  int loads = 0, stores = 0;
  for (const auto& s : t.steps)
    for (const auto& a : s.accesses) {
      if (a.op == kLoad) ++loads;
      if (a.op == kStore) ++stores;
    }
  EXPECT_EQ(loads, 32 * 2 + 64);    // the swaps' and out[i] = s[i]'s
  EXPECT_EQ(stores, 64 + 32 * 2);  // s[i] = in[i]'s and the swaps'
}

TEST(Functions, ReferenceErrors) {
  EXPECT_EQ(error_of("__device__ void inc(int &x) { ++x; }\n", "  inc(3);\n"),
            "kernels/app/inline.cu:5:7: 'inc' takes 'x' by reference (int&): give it a variable or an element of type int, not a value");
  EXPECT_EQ(error_of("__device__ void inc(int &x) { ++x; }\n", "  float f = 1;\n  inc(f);\n"),
            "kernels/app/inline.cu:6:7: 'inc' takes 'x' by reference (int&): give it a variable or an element of type int, not float");
  EXPECT_EQ(error_of("", "  int &r;\n"), "kernels/app/inline.cu:4:8: the reference 'r' needs what it refers to (int &r = ...;)");
  EXPECT_EQ(error_of("", "  auto x;\n"), "kernels/app/inline.cu:4:8: 'auto' needs an initializer (auto x = ...;)");
}

// ---- auto

BOTH(autos,
     struct P { int a, b; };
     __device__ P make(int a) { P p = {a, a * 3}; return p; }
     __device__ int compute(int i, int x, int *buf) {
       auto a = x * 2;
       auto u = 7u;
       auto f = x * 0.25f;
       auto p = make(x);
       auto *q = buf + i;
       const auto c = a + 1;
       auto &r = a;
       r += 5;
       auto big = u - 8u;  // unsigned: wraps
       return a + (int)(f * 8) + p.b + *q + c + (int)(big >> 28);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, AutoTakesTheInitializersType) {
  const Trace t = run_both_text(autos_text);
  EXPECT_EQ(t.output, on_host(autos::compute, autos::finish));
}

// ---- structs with constructors, member functions, static members, operators

BOTH(structs,
     struct Stats {
       int count, sum;
       __device__ Stats() : count(0), sum(0) {}
       __device__ Stats(int c, int s) : count(c), sum(s) {}
       __device__ void add(int v) { count++; this->sum += v; }
       __device__ int mean_floor() const { return count ? sum / count : 0; }
       __device__ Stats operator+(const Stats &o) const { return Stats(count + o.count, sum + o.sum); }
       __device__ Stats &operator+=(const Stats &o) { count += o.count; sum += o.sum; return *this; }
     };
     struct Pair {
       int lo, hi;
       __device__ Pair(int a, int b) : lo(a < b ? a : b), hi(a < b ? b : a) {}
       __device__ int width() const { return hi - lo; }
       __device__ bool contains(int v) const { return lo <= v && v <= hi; }
     };
     __device__ Pair operator*(Pair a, int k) { return Pair(a.lo * k, a.hi * k); }
     struct Max { __device__ static int op(int a, int b) { return a > b ? a : b; } __device__ static int identity() { return -1000000; } };
     struct Sum { __device__ static int op(int a, int b) { return a + b; } __device__ static int identity() { return 0; } };
     template <class Op> __device__ int fold(const int *v, int n) {
       int r = Op::identity();
       for (int k = 0; k < n; ++k) r = Op::op(r, v[k]);
       return r;
     }
     template <class T> struct Box {
       T v;
       __device__ Box(T x) : v(x) {}
       __device__ T twice() const { return v + v; }
     };
     __device__ int compute(int i, int x, int *buf) {
       Stats s;
       for (int k = 0; k < 4; ++k) s.add(buf[(i + k) % 64]);
       Stats t(2, x);
       Stats u = Stats(1, 5);
       Stats w{3, 9};
       Stats all = s + t + u;
       all += w;
       Pair p(x, i % 7);
       Pair q = p * 2;
       Box<int> b(x);
       Box<float> bf(0.5f);
       const int *row = buf + (i / 8) * 8;
       return all.count * 10000 + all.sum * 100 + all.mean_floor() + q.width() + p.contains(3) + fold<Max>(row, 8) * 7 + fold<Sum>(row, 8) +
              b.twice() + (int)(bf.twice() * 4);
     }
     __device__ int finish(int i, int r, int *buf) { return r; })

TEST(Functions, ConstructorsMemberFunctionsStaticMembersAndOperators) {
  const Trace t = run_both_text(structs_text);
  EXPECT_EQ(t.output, on_host(structs::compute, structs::finish));
}

TEST(Functions, StructErrors) {
  const std::string p = "struct P { int a; __device__ P(int x) : a(x) {} };\n";
  EXPECT_EQ(error_of(p, "  P q;\n"), "kernels/app/inline.cu:5:5: 'P' has no default constructor (its constructors: P::P(int) at kernels/app/inline.cu:3:30)");
  EXPECT_EQ(error_of(p, "  __shared__ P q[4];\n"), "kernels/app/inline.cu:5:16: __shared__ P 'q': P has no default constructor");
  EXPECT_EQ(error_of("struct P { int a; __device__ P() : a(1) {} };\n", "  __shared__ P q;\n"),
            "kernels/app/inline.cu:5:16: __shared__ P 'q': CUDA does not run constructors of __shared__ variables, and P's default constructor "
            "sets members (give it an empty one, or set the members after the declaration)");
  EXPECT_EQ(error_of("struct P { int a; __device__ P() : b(1) {} };\n"), "kernels/app/inline.cu:3:36: 'P' has no data member 'b' to initialise");
  EXPECT_EQ(error_of("struct P { int a; __device__ int get() { return a; } };\n", "  out[0] = P::get();\n"),
            "kernels/app/inline.cu:5:15: 'P::get' is a member function: call it on an object (x.get(...)), or declare it static");
  EXPECT_EQ(error_of("struct P { int a; };\n", "  P x{}, y{};\n  x = x - y;\n"),
            "kernels/app/inline.cu:6:9: '-' on P (operators on structs are not supported: write a __device__ function)");
  EXPECT_EQ(error_of("struct P { int a; __device__ P operator+(int k) const { return P{a + k}; } };\n", "  P x{};\n  x = x + x;\n"),
            "kernels/app/inline.cu:6:9: no operator+ takes (P, P): the candidates are P::operator+(int) at kernels/app/inline.cu:3:32");
  EXPECT_EQ(error_of("struct P { int a; __device__ P operator()(int k) { return *this; } };\n"),
            "kernels/app/inline.cu:3:40: operator( is not supported in kernel files (the arithmetic, comparison and compound assignment operators are)");
}

// Recursion stays bounded: the calls nest at most kMaxCallDepth deep, then the run faults.
TEST(Functions, RecursionIsCappedWithAFault) {
  const Outcome o = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n"
                             "struct R { int n; __device__ int depth(int k) { return k <= 0 ? 0 : 1 + depth(k - 1); } };\n"
                             "__device__ int down(int k) { return k <= 0 ? 0 : down(k - 1) + 1; }\n"
                             "__global__ void k(const int *in, int *out, int n) { R r{1}; out[threadIdx.x] = down(10) + r.depth(1000); }\n");
  EXPECT_EQ(o.kind, "fault");
  EXPECT_NE(o.what.find("calls nested more than 64 deep (recursion?)"), std::string::npos) << o.what;
}

// ---- the arithmetic builtins

namespace {
// Independent host versions of CUDA's integer intrinsics (not the table's code).
unsigned host_brev(unsigned x) {
  unsigned r = 0;
  for (int k = 0; k < 32; ++k)
    if (x & (1u << k)) r |= 1u << (31 - k);
  return r;
}
int host_mul24(int a, int b) {
  auto s24 = [](int v) { return (v & 0x800000) ? (v & 0xffffff) - 0x1000000 : (v & 0xffffff); };
  return static_cast<int>(static_cast<uint32_t>(static_cast<long long>(s24(a)) * s24(b)));
}
unsigned host_umulhi(unsigned a, unsigned b) { return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32); }
int host_mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
unsigned host_sad(int a, int b, unsigned c) { return static_cast<unsigned>(std::llabs(static_cast<long long>(a) - b)) + c; }
}  // namespace

TEST(Functions, IntegerIntrinsicsMatchTheirDefinitions) {
  TraceRequest r = inline_request("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n"
                                  "__global__ void k(const int *in, int *out, int n) {\n"
                                  "  int i = threadIdx.x;\n"
                                  "  int a = i * 123457 - 3000000, b = 0x7fffff - i * 99991;\n"
                                  "  unsigned x = (unsigned)a * 2654435761u;\n"
                                  "  out[i] = (int)__brev(x) ^ __mul24(a, b) ^ (int)__umul24((unsigned)a, (unsigned)b) ^ __mulhi(a, b) ^\n"
                                  "           (int)__umulhi(x, (unsigned)b) ^ (int)__sad(a, b, 5u) ^ (int)__usad(x, 7u, 1u);\n"
                                  "}\n",
                                  64);
  const Trace t = run_interpreter(resolve_kernel(r));
  std::vector<double> want(64);
  for (int i = 0; i < 64; ++i) {
    const int a = i * 123457 - 3000000, b = 0x7fffff - i * 99991;
    const unsigned x = static_cast<unsigned>(a) * 2654435761u;
    const unsigned umul24 = static_cast<unsigned>((static_cast<unsigned long long>(static_cast<unsigned>(a) & 0xffffff) * (static_cast<unsigned>(b) & 0xffffff)));
    const unsigned usad = (x > 7u ? x - 7u : 7u - x) + 1u;
    want[static_cast<size_t>(i)] = static_cast<int>(host_brev(x)) ^ host_mul24(a, b) ^ static_cast<int>(umul24) ^ host_mulhi(a, b) ^
                                   static_cast<int>(host_umulhi(x, static_cast<unsigned>(b))) ^ static_cast<int>(host_sad(a, b, 5u)) ^
                                   static_cast<int>(usad);
  }
  EXPECT_EQ(t.output, want);
}

TEST(Functions, CorrectlyRoundedFloatFunctionsEqualTheHostsIeeeResults) {
  TraceRequest r = inline_request("// launch: k<<<1, 64>>>(in, out, N)\n// check: copy\n"
                                  "__global__ void k(const float *in, float *out, int n) {\n"
                                  "  int i = threadIdx.x;\n"
                                  "  float x = __ldg(&in[i]) * 1.37f - 20.5f, y = 0.1f * i + 0.3f;\n"
                                  "  out[i] = sqrtf(fabsf(x)) + fmaf(x, y, 0.7f) + floorf(x) * 3.0f + ceilf(y) + truncf(x) * 5.0f + roundf(x * 0.5f) * 7.0f +\n"
                                  "           rintf(y * 2.5f) * 11.0f + copysignf(y, x) + __fdiv_rn(x, y) + __frcp_rn(y) + __saturatef(y - 1.0f) +\n"
                                  "           __fmul_rn(x, y) - __fadd_rn(x, y) + __fsub_rn(y, x);\n"
                                  "}\n",
                                  64, ValueType::Float);
  for (int i = 0; i < 64; ++i) r.input[static_cast<size_t>(i)] = i * 0.75 - 3;
  const Trace t = run_interpreter(resolve_kernel(r));
  std::vector<double> want(64);
  for (int i = 0; i < 64; ++i) {
    const float in = static_cast<float>(i * 0.75 - 3);
    const float x = in * 1.37f - 20.5f, y = 0.1f * static_cast<float>(i) + 0.3f;
    const float sat = y - 1.0f >= 1.0f ? 1.0f : y - 1.0f > 0.0f ? y - 1.0f : 0.0f;
    const float v = std::sqrt(std::fabs(x)) + std::fma(x, y, 0.7f) + std::floor(x) * 3.0f + std::ceil(y) + std::trunc(x) * 5.0f +
                    std::round(x * 0.5f) * 7.0f + std::nearbyint(y * 2.5f) * 11.0f + std::copysign(y, x) + x / y + 1.0f / y + sat + x * y -
                    (x + y) + (y - x);
    want[static_cast<size_t>(i)] = v;
  }
  EXPECT_EQ(t.output, want);
  // __ldg is a global load the trace records
  int global_loads = 0;
  for (const auto& s : t.steps)
    for (const auto& g : s.global)
      if (g.op == kLoad) ++global_loads;
  EXPECT_EQ(global_loads, 64);
}

TEST(Functions, FunctionsWhoseGpuResultIsNotExactAreRefusedByName) {
  EXPECT_EQ(error_of("", "  float f = expf(1.0f);\n"),
            "kernels/app/inline.cu:4:13: 'expf' is not supported: the GPU computes it to within some ulps with its own algorithm (or its "
            "special function unit), so the interpreter could not give the GPU's bits");
  EXPECT_NE(error_of("", "  float f = rsqrtf(2.0f);\n").find("'rsqrtf' is not supported"), std::string::npos);
  EXPECT_NE(error_of("", "  float f = __fdividef(1.0f, 3.0f);\n").find("'__fdividef' is not supported"), std::string::npos);
  EXPECT_EQ(error_of("", "  int c = clock();\n"),
            "kernels/app/inline.cu:4:11: 'clock' is not supported: it reads the multiprocessor's cycle counter: the interpreter has no cycles to "
            "count (time kernels on the GPU)");
  EXPECT_EQ(error_of("", "  float f = fmaf(1.0f, 2.0f);\n"), "kernels/app/inline.cu:4:13: 'fmaf' takes 3 arguments, given 2");
  EXPECT_EQ(error_of("", "  int v = __ldg(3);\n"),
            "kernels/app/inline.cu:4:17: '__ldg' needs a pointer to a number or a vector type (const float *, const int4 *), not int");
}
