// Structs and class templates: data members (locals, parameters, values returned, __shared__
// arrays of them, pointers), brace initialisation, and structs without data members whose member
// functions and conversion operators run (the samples' SharedMemory<T>); and the one-line errors
// for what the interpreter does not take.
#include <gtest/gtest.h>

#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

const std::string kHead = "// launch: k<<<1, 64>>>(in, out, N)\n// out: 1\n// check: reduce\n";
const std::string kPair = "struct Pair { int sum; float half; };\n";

// out[0] from thread 0, the input all ones (n = 64)
std::string kernel(const std::string& before, const std::string& body = "") {
  return kHead + before + "__global__ void k(const int *in, int *out, int n) {\n" + body + "}\n";
}

TEST(Structs, MembersOfLocalsParametersAndReturnedValues) {
  const Outcome o = run_text(kernel(kPair +
                                        "__device__ Pair add(Pair a, const Pair &b) { Pair r = {a.sum + b.sum, a.half + b.half}; return r; }\n"
                                        "__device__ Pair of(int x) { return Pair{x, x * 0.5f}; }\n",
                                    "  if (threadIdx.x == 0) {\n"
                                    "    Pair acc{};\n"
                                    "    for (int i = 0; i < n; ++i) acc = add(acc, of(in[i]));\n"
                                    "    Pair copy = acc;\n"
                                    "    copy.sum += 0;\n"
                                    "    out[0] = copy.sum + int(acc.half) - 32;\n"
                                    "  }\n"));
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>{64});
}

TEST(Structs, SharedArraysOfStructsAndPointersToThem) {
  const Outcome o = run_text(kernel(kPair + "struct Wrap { Pair p; int tag; };\n"
                                             "__device__ void bump(Wrap *w) { w->p.sum += w->tag; }\n",
                                    "  __shared__ Wrap s[64];\n"
                                    "  int t = threadIdx.x;\n"
                                    "  s[t].p.sum = in[t];\n"
                                    "  s[t].tag = 2;\n"
                                    "  s[t].p.half = 0.0f;\n"
                                    "  bump(&s[t]);\n"
                                    "  __syncthreads();\n"
                                    "  Wrap *q = s + 63;\n"
                                    "  if (t == 0) out[0] = sizeof(Wrap) + (q - s) + s[5].p.sum + (s + 1)->tag + q->p.sum - 85;\n"));
  ASSERT_EQ(o.kind, "ok") << o.what;
  // 12 bytes + 63 + 3 + 2 + 3 - 85 = -2? no: sizeof(Wrap) = 12: 12 + 63 + 3 + 2 + 3 - 85 = -2
  EXPECT_EQ(o.out, std::vector<double>{-2});
}

TEST(Structs, ASharedStructIsCopiedWordByWordAndTheTraceRecordsEachMember) {
  TraceRequest r;
  r.n = 64;
  r.input.assign(64, 1.0);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = kernel(kPair,
                         "  __shared__ Pair s[64];\n"
                         "  Pair mine = {in[threadIdx.x], 1.5f};\n"
                         "  s[threadIdx.x] = mine;\n"
                         "  __syncthreads();\n"
                         "  if (threadIdx.x == 0) out[0] = s[63].sum + int(s[0].half);\n");
  r.has_source_text = true;
  const Trace t = run_interpreter(resolve_kernel(r));
  EXPECT_EQ(t.output, std::vector<double>{2});
  // the copy stores two words per thread: 64 sums and 64 halves, 2 words apart
  int stores = 0;
  for (const auto& s : t.steps)
    for (const auto& a : s.accesses)
      if (a.op == kStore) ++stores;
  EXPECT_EQ(stores, 128);
}

TEST(Structs, ClassTemplateConversionOperatorsHandOutDynamicSharedMemory) {
  const std::string sm =
      "template <class V> struct SharedMemory {\n"
      "  __device__ inline operator V *() { extern __shared__ int w[]; return (V *)w; }\n"
      "  __device__ inline operator const V *() const { extern __shared__ int w[]; return (V *)w; }\n"
      "};\n"
      "template <> struct SharedMemory<double> {\n"
      "  __device__ inline operator double *() { extern __shared__ double d[]; return (double *)d; }\n"
      "};\n"
      "struct Tools { __device__ int twice(int x) { return 2 * x; } };\n";
  const Outcome o = run_text("// launch: k<T><<<1, 64, 64 * sizeof(T)>>>(in, out, N)\n// out: 1\n// check: reduce\n" + sm +
                             "template <class V> __global__ void k(const V *in, V *out, int n) {\n"
                             "  V *s = SharedMemory<V>();\n"
                             "  Tools tools;\n"
                             "  s[threadIdx.x] = in[threadIdx.x];\n"
                             "  __syncthreads();\n"
                             "  if (threadIdx.x == 0) { V sum = 0; for (int i = 0; i < n; ++i) sum += s[i]; out[0] = tools.twice(sum) - n; }\n"
                             "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>{64});
  const Outcome f = run_text("// launch: k<T><<<1, 64, 64 * sizeof(T)>>>(in, out, N)\n// out: 1\n// check: reduce\n" + sm +
                                 "template <class V> __global__ void k(const V *in, V *out, int n) {\n"
                                 "  V *s = SharedMemory<V>();\n"
                                 "  s[threadIdx.x] = in[threadIdx.x];\n"
                                 "  __syncthreads();\n"
                                 "  if (threadIdx.x == 0) { V sum = 0; for (int i = 0; i < n; ++i) sum += s[i]; out[0] = sum; }\n"
                                 "}\n",
                             64, ValueType::Float);
  ASSERT_EQ(f.kind, "ok") << f.what;
  EXPECT_EQ(f.out, std::vector<double>{64});
}

TEST(Structs, TheHostKnowsAStructsSize) {
  const Outcome o = run_text("// launch: k<<<1, 64, 64 * sizeof(Pair)>>>(in, out, N)\n// out: 1\n// check: reduce\n" + kPair +
                             "__global__ void k(const int *in, int *out, int n) {\n"
                             "  extern __shared__ Pair p[];\n"
                             "  p[threadIdx.x].sum = in[threadIdx.x];\n"
                             "  __syncthreads();\n"
                             "  if (threadIdx.x == 0) { int s = 0; for (int i = 0; i < n; ++i) s += p[i].sum; out[0] = s; }\n"
                             "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>{64});
}

// Each error: the file, line and column, and what to write instead.
TEST(Structs, UnsupportedFormsSayWhatAndWhere) {
  auto error_of = [](const std::string& before, const std::string& body = "") { return run_text(kernel(before, body)).what; };
  EXPECT_EQ(error_of("struct P { int a; static int count; };\n"),
            "kernels/app/inline.cu:4:19: static data members are not supported in kernel files (static member functions are)");
  EXPECT_EQ(error_of("struct P { P() {} int a; };\n"), "kernels/app/inline.cu:4:12: a constructor needs __device__");
  EXPECT_EQ(error_of("struct P { bool b; };\n"),
            "kernels/app/inline.cu:4:17: a bool member is not supported (a bool is one byte in CUDA's layout: use int)");
  EXPECT_EQ(error_of("struct P { int *p; };\n"),
            "kernels/app/inline.cu:4:17: pointer members are not supported (a pointer is 8 bytes on the GPU, a word here)");
  EXPECT_EQ(error_of("struct P { int a[4]; };\n"), "kernels/app/inline.cu:4:17: array members are not supported yet (member 'a')");
  EXPECT_EQ(error_of("struct P { int a; };\n", "  P x{}, y{};\n  x = x + y;\n"),
            "kernels/app/inline.cu:7:9: '+' on P (operators on structs are not supported: write a __device__ function)");
  EXPECT_EQ(error_of("struct P { int a; };\n", "  P x{};\n  out[0] = x.b;\n"), "kernels/app/inline.cu:7:14: 'P' has no member 'b'");
  EXPECT_EQ(error_of("struct P { int a; };\n", "  P x{1, 2};\n"), "kernels/app/inline.cu:6:10: too many initializers for P");
  EXPECT_EQ(error_of("struct P { __device__ int f(); int a; };\n"),
            "kernels/app/inline.cu:4:30: define a member function inside its struct (definitions outside it, S::f() {...}, are not supported)");
  EXPECT_EQ(error_of("struct P;\n"), "kernels/app/inline.cu:4:8: declare struct 'P' with its members (forward declarations are not supported)");
  EXPECT_EQ(run_text(kHead + "struct P { int a; };\n__global__ void k(P p, int *out, int n) {}\n").what,
            "kernels/app/inline.cu:5:21: a kernel's parameters are numbers and pointers to them, not structs (P)");
  EXPECT_EQ(error_of("", "  struct Q { int a; } q;\n"), "kernels/app/inline.cu:5:3: a struct is defined at file scope, on its own: struct NAME { ... };");
  EXPECT_EQ(error_of("struct P { int a; };\n", "  P x{};\n  int y = x;\n"), "kernels/app/inline.cu:7:11: cannot convert P to int (initializer)");
}

TEST(DefaultArguments, LeftOutArgumentsTakeTheirDefaults) {
  const Outcome o = run_text(kernel("#define BASE 10\n"
                                    "__device__ int scaled(int v, int times = 2, int plus = BASE + 1);\n"
                                    "__device__ int scaled(int v, int times, int plus) { return v * times + plus; }\n"
                                    "template <class V> __device__ V pick(V a, V b = 7) { return a + b; }\n",
                                    "  if (threadIdx.x == 0) out[0] = scaled(in[0]) + scaled(in[1], 3) + scaled(in[2], 1, 0) + pick(in[3]);\n"));
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>{(2 + 11) + (3 + 11) + 1 + 8});
  EXPECT_EQ(run_text(kernel("__device__ int f(int a = 1, int b) { return a + b; }\n")).what,
            "kernels/app/inline.cu:4:33: parameter 'b' needs a default argument: the parameters before it have one");
  // a kernel's default is a constant, a pointer's only null (test_decls.cpp: launches that leave them out)
  EXPECT_EQ(run_text(kHead + "__global__ void k(const int *in, int *out, int n = in[0]) {}\n").what,
            "kernels/app/inline.cu:4:52: a kernel's default argument must be a constant (the launch line gives it otherwise): 'in[0]'");
  EXPECT_EQ(run_text(kernel("__device__ int f(int a, int b = 1) { return a + b; }\n", "  out[0] = f();\n")).what,
            "kernels/app/inline.cu:6:12: 'f' takes 2 arguments, given 0");
}

TEST(Structs, SizesAreCapped) {
  std::string members;
  for (int k = 0; k < 300; ++k) members += "int m" + std::to_string(k) + "; ";
  const std::string what = run_text(kernel("struct Big { " + members + "};\n", "")).what;
  EXPECT_NE(what.find("struct 'Big' of more than 256 words"), std::string::npos) << what;
}

}  // namespace
