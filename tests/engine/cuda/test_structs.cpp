// Structs and class templates: data members (locals, parameters, values returned, __shared__
// arrays of them, pointers), brace initialisation, and structs without data members whose member
// functions and conversion operators run (the samples' SharedMemory<T>); and the one-line errors
// for what the interpreter does not take.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "engine/gpu/nvrtc.h"
#include "engine/kernel_file.h"
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

// ---- members of 1 and 2 bytes: CUDA's layout (each member at its alignment, sizeof a multiple
// of the largest), which NVRTC checks below for the same text.

// Structs of chars, shorts, bools, char2/uchar2/char1 and the wider vectors, nested and mixed
// with 4- and 8-byte members.
const char* const kByteStructs =
    "struct A { char a; int b; };\n"
    "struct B { char a; char2 b; short c; uchar4 d; };\n"
    "struct C { uchar2 a; uchar2 b; char c; };\n"
    "struct D { short a; double b; char c; };\n"
    "struct E { char a; char b; char c; };\n"
    "struct F { bool f; short2 s; char1 c; short4 w; };\n"
    "struct G { char a; E e; short s; };\n"
    "struct H { int x; uchar4 p; char2 q; };\n"
    "struct I { unsigned char u; float f; signed char s; unsigned short h; };\n"
    "struct J { uchar2 a; E e; };\n";

// The interpreter's layout of each struct of kByteStructs: "sizeof(S) == N", "alignof(S) == N" and
// "__builtin_offsetof(S, m) == N" lines, as static_asserts.
std::vector<std::string> interpreter_layout() {
  const std::string text = kHead + kByteStructs + "__global__ void k(const int *in, int *out, int n) { out[0] = 1; }\n";
  const KernelFile f = load_kernel_file(kernel_dir() + "/app/inline.cu", &text);
  const auto b = build_kernel(f, kernel_prelude(f, ValueType::Int, Operator::Sum, ""));
  std::vector<std::string> facts;
  for (const auto& sd : b->compiled.program->structs) {
    if (sd->vector || sd->name.size() != 1) continue;
    const cuda::Type t{cuda::Base::Struct, false, cuda::GroupKind::None, 0, sd.get()};
    facts.push_back("sizeof(" + sd->name + ") == " + std::to_string(t.bytes()));
    facts.push_back("alignof(" + sd->name + ") == " + std::to_string(t.align_bytes()));
    for (const auto& m : sd->fields) facts.push_back("__builtin_offsetof(" + sd->name + ", " + m.name + ") == " + std::to_string(m.byte));
  }
  return facts;
}

TEST(Structs, MembersOfBytesAndShortsAreLaidOutAsCudaLaysThemOut) {
  const std::vector<std::string> facts = interpreter_layout();
  ASSERT_EQ(facts.size(), 10u * 2 + 31u);
  auto has = [&](const std::string& f) { return std::find(facts.begin(), facts.end(), f) != facts.end(); };
  // a few worked by hand: a char2 at 2, a uchar4 at 8; three chars are 3 bytes, aligned to 1
  EXPECT_TRUE(has("__builtin_offsetof(B, b) == 2"));
  EXPECT_TRUE(has("__builtin_offsetof(B, d) == 8"));
  EXPECT_TRUE(has("sizeof(B) == 12"));
  EXPECT_TRUE(has("sizeof(E) == 3"));
  EXPECT_TRUE(has("alignof(E) == 1"));
  EXPECT_TRUE(has("__builtin_offsetof(G, s) == 4"));
  EXPECT_TRUE(has("sizeof(D) == 24"));
  // NVRTC: sizeof and alignof (it has no offsetof); nvcc, whose host headers have it: all
  std::string sizes = kByteStructs, all = std::string("#include <cstddef>\n") + kByteStructs;
  for (const auto& f : facts) {
    const std::string line = "static_assert(" + f + ", \"" + f + "\");\n";
    if (f.rfind("__builtin", 0) != 0) sizes += line;
    all += line;
  }
  std::string why;
  if (nvrtc::available(&why)) {
    const nvrtc::Result r = nvrtc::compile(sizes, "layout.cu", "compute_90", false);
    EXPECT_TRUE(r.ok) << "NVRTC's sizes differ:\n" << r.log;
  }
  const char* home = std::getenv("CUDA_HOME");
  const std::string nvcc = std::string(home ? home : "/usr/local/cuda") + "/bin/nvcc";
  if (!std::filesystem::exists(nvcc)) GTEST_SKIP() << "no nvcc at " << nvcc << " to compare the members' offsets with" << (why.empty() ? "" : "; " + why);
  const std::string dir = ::testing::TempDir();
  const std::string src = dir + "/scanscope_layout.cu", log = dir + "/scanscope_layout.log";
  std::ofstream(src) << all;
  const int rc = std::system((nvcc + " -arch=sm_90 -c " + src + " -o " + dir + "/scanscope_layout.o > " + log + " 2>&1").c_str());
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(rc, 0) << "nvcc's layout differs:\n" << text;
}

// The members are used where they lie: in a frame, in shared memory, through pointers, copied,
// passed by value and returned, each a load or store of its own bytes.
TEST(Structs, MembersOfBytesAndShortsRun) {
  const Outcome o = run_text("// init: out = 0\n" + kernel(std::string(kByteStructs) +
                                        "__device__ B grow(B v, int by) { v.a += by; v.b.y += by; v.c -= by; v.d.w += by; return v; }\n"
                                        "__device__ int sum(const B &v) { return v.a + v.b.x + v.b.y + v.c + v.d.x + v.d.y + v.d.z + v.d.w; }\n",
                                    "  __shared__ B s[64];\n"
                                    "  __shared__ E e[64];\n"
                                    "  int t = threadIdx.x;\n"
                                    "  B mine = {(char)t, make_char2(1, (char)-t), (short)(300 * t), make_uchar4(t, 2, 3, 250)};\n"
                                    "  s[t] = grow(mine, in[t]);\n"
                                    "  e[t].a = 1; e[t].b = (char)t; e[t].c = -1;\n"
                                    "  G g = {7, e[t], -5};\n"
                                    "  __syncthreads();\n"
                                    "  B other = s[(t + 1) % 64];\n"
                                    "  E *p = &e[63 - t];\n"
                                    "  int v = sum(other) + g.e.b + g.s + p->b + g.a;\n"
                                    "  atomicAdd(out, v);\n"));
  ASSERT_EQ(o.kind, "ok") << o.what;
  long long want = 0;
  for (int t = 0; t < 64; ++t) {
    const int u = (t + 1) % 64;
    const int a = static_cast<signed char>(u + 1), bx = 1, by = static_cast<signed char>(-u + 1);
    const int c = static_cast<short>(300 * u - 1);
    const int dw = static_cast<unsigned char>(250 + 1);
    want += a + bx + by + c + u + 2 + 3 + dw + t + -5 + (63 - t) + 7;
  }
  EXPECT_EQ(o.out, std::vector<double>{static_cast<double>(want)});
}

// Each error: the file, line and column, and what to write instead.
TEST(Structs, UnsupportedFormsSayWhatAndWhere) {
  auto error_of = [](const std::string& before, const std::string& body = "") { return run_text(kernel(before, body)).what; };
  EXPECT_EQ(error_of("struct P { int a; static int count; };\n"),
            "kernels/app/inline.cu:4:19: static data members are not supported in kernel files (static member functions are)");
  EXPECT_EQ(error_of("struct P { P() {} int a; };\n"), "kernels/app/inline.cu:4:12: a constructor needs __device__");
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
