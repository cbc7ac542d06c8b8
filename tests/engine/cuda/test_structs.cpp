// Structs and class templates: data members (locals, parameters, values returned, __shared__
// arrays of them, pointers), brace initialisation, and structs without data members whose member
// functions and conversion operators run (the samples' SharedMemory<T>); and the one-line errors
// for what the interpreter does not take.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

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
std::vector<std::string> interpreter_layout(const std::string& structs = kByteStructs) {
  const std::string text = kHead + structs + "__global__ void k(const int *in, int *out, int n) { out[0] = 1; }\n";
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

// `facts` as static_asserts after `structs`: NVRTC checks those without offsetof, nvcc all.
void expect_cuda_agrees(const std::string& structs, const std::vector<std::string>& facts) {
  std::string sizes = structs, all = std::string("#include <cstddef>\n") + structs;
  for (const auto& f : facts) {
    const std::string line = "static_assert(" + f + ", \"" + f + "\");\n";
    if (f.find("offsetof") == std::string::npos) sizes += line;
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
  expect_cuda_agrees(kByteStructs, facts);
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

// ---- arrays of structs whose size is no multiple of 4 (three shorts: 6 bytes aligned to 2):
// packed at their size as CUDA packs them, so an element may lie across two words; each member
// one access of its own bytes.

const char* const kOddStructs =
    "struct E { char a; char b; char c; };\n"
    "struct K { short a, b, c; };\n"
    "struct L { char a; short b; char c; short d; short e; };\n"
    "struct M { E e; E f; };\n"
    "struct N { uchar2 a; short b; char c; };\n"
    "struct P { char a, b, c, d, e; };\n";

TEST(Structs, StructsOfSixAndTenBytesAreLaidOutAsCudaLaysThemOut) {
  std::vector<std::string> facts = interpreter_layout(kOddStructs);
  ASSERT_EQ(facts.size(), 6u * 2 + 21u);
  for (const char* f : {"sizeof(K) == 6", "alignof(K) == 2", "sizeof(L) == 10", "__builtin_offsetof(L, e) == 8", "sizeof(N) == 6", "sizeof(P) == 5"})
    EXPECT_NE(std::find(facts.begin(), facts.end(), f), facts.end()) << f;
  // arrays of them: the interpreter's sizeof of an array and its elements' members' addresses
  const Outcome o = run_text(std::string("// launch: k<<<1, 64>>>(in, out, N)\n// out: 8\n") + kOddStructs +
                             "__global__ void k(const int *in, int *out, int n) {\n"
                                                     "  __shared__ K sk[5];\n"
                                                     "  __shared__ M sm[4];\n"
                                                     "  L ll[3];\n"
                                                     "  N nn[7];\n"
                                                     "  if (threadIdx.x == 0) {\n"
                                                     "    out[0] = sizeof(sk);\n"
                                                     "    out[1] = (char *)&sk[3].c - (char *)sk;\n"
                                                     "    out[2] = sizeof(sm);\n"
                                                     "    out[3] = (char *)&sm[1].f.b - (char *)sm;\n"
                                                     "    out[4] = sizeof(ll);\n"
                                                     "    out[5] = (char *)&ll[2].d - (char *)ll;\n"
                                                     "    out[6] = sizeof(nn);\n"
                                                     "    out[7] = (char *)&nn[5].c - (char *)&nn[1];\n"
                                                     "  }\n"
                                                     "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 8u);
  // the same facts for NVRTC and nvcc, from the interpreter's numbers
  const char* names[8] = {"sizeof(K[5])", "offsetof(K, c) + 3 * sizeof(K)", "sizeof(M[4])", "offsetof(M, f) + offsetof(E, b) + sizeof(M)",
                          "sizeof(L[3])", "offsetof(L, d) + 2 * sizeof(L)", "sizeof(N[7])", "offsetof(N, c) + 4 * sizeof(N)"};
  for (int k = 0; k < 8; ++k) facts.push_back(std::string(names[k]) + " == " + std::to_string(static_cast<long long>(o.out[static_cast<size_t>(k)])));
  EXPECT_EQ(o.out[0], 30);
  EXPECT_EQ(o.out[5], 26);
  expect_cuda_agrees(kOddStructs, facts);
}

// The host's C++ of the kernel below (the same structs, the same statements, a thread at a time
// between barriers), for 64 threads and inputs in[t].
struct HK { short a, b, c; };
struct HL { char a; short b; char c; short d; short e; };
HK host_twist(HK k, int by) {
  k.a += by;
  k.c = static_cast<short>(k.a - k.b);
  return k;
}
long long host_odd_structs(const std::vector<int>& in) {
  HK s[64];
  HL l[64];
  for (int t = 0; t < 64; ++t) {
    HK mine[3];
    for (int j = 0; j < 3; ++j) {
      mine[j].a = static_cast<short>(t + j);
      mine[j].b = static_cast<short>(in[t] * (j + 2) * 1000);
      mine[j].c = static_cast<short>(-t);
    }
    s[t] = host_twist(mine[t % 3], in[t]);
    l[t].a = static_cast<char>(t);
    l[t].b = static_cast<short>(t * 300);
    l[t].c = static_cast<char>(-t);
    l[t].d = static_cast<short>(s[t].a * 7);
    l[t].e = 5;
  }
  long long sum = 0;
  for (int t = 0; t < 64; ++t) {
    const HK other = s[63 - t];
    const HL lo = l[(t + 5) % 64];
    sum += other.a * 3 + other.b - other.c + lo.a + lo.b + lo.c + lo.d + lo.e + static_cast<int>(sizeof(s)) +
           static_cast<int>(reinterpret_cast<const char*>(&s[t].c) - reinterpret_cast<const char*>(s)) + static_cast<int>(sizeof(l));
  }
  return sum;
}

TEST(Structs, ArraysOfSixAndTenByteStructsRunInSharedAndLocalMemory) {
  const std::string text = "// init: out = 0\n" + kernel("struct K { short a, b, c; };\n"
                                                          "struct L { char a; short b; char c; short d; short e; };\n"
                                                          "__device__ K twist(K k, int by) { k.a += by; k.c = k.a - k.b; return k; }\n",
                                                          "  __shared__ K s[64];\n"
                                                          "  __shared__ L l[64];\n"
                                                          "  int t = threadIdx.x;\n"
                                                          "  K mine[3];\n"
                                                          "  for (int j = 0; j < 3; ++j) { mine[j].a = t + j; mine[j].b = in[t] * (j + 2) * 1000; mine[j].c = -t; }\n"
                                                          "  s[t] = twist(mine[t % 3], in[t]);\n"
                                                          "  l[t].a = (char)t; l[t].b = (short)(t * 300); l[t].c = (char)-t; l[t].d = (short)(s[t].a * 7); l[t].e = 5;\n"
                                                          "  __syncthreads();\n"
                                                          "  K other = s[63 - t];\n"
                                                          "  L lo = l[(t + 5) % 64];\n"
                                                          "  int v = other.a * 3 + other.b - other.c + lo.a + lo.b + lo.c + lo.d + lo.e + (int)sizeof(s) +\n"
                                                          "          (int)((char *)&s[t].c - (char *)s) + (int)sizeof(l);\n"
                                                          "  atomicAdd(out, v);\n");
  for (int scale : {1, 40}) {  // 40: b = 40 * (j + 2) * 1000 wraps in a short, as on the host
    TraceRequest r = inline_request(text, 64);
    std::vector<int> in(64);
    for (int t = 0; t < 64; ++t) in[static_cast<size_t>(t)] = scale * ((t * 7) % 5);
    r.input.assign(in.begin(), in.end());
    try {
      const Trace tr = run_interpreter(resolve_kernel(r));
      ASSERT_FALSE(tr.output.empty());
      EXPECT_EQ(tr.output[0], static_cast<double>(host_odd_structs(in))) << "scale " << scale;
    } catch (const std::exception& e) {
      FAIL() << e.what();
    }
  }
}

// Each member of a 6-byte element one access of its bytes: a warp's `s[t].b` touches bytes 6t + 2
// and 6t + 3, word (6t + 2) / 4; the bank model counts its distinct words per bank; two threads
// storing different bytes of one word (record t's c, record t + 1's a) is no race, the same bytes are.
TEST(Structs, SixByteElementsAcrossWordsInTheBankModelAndTheRaceCheck) {
  auto trace = [](const std::string& body) {
    const std::string text = "// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n// types: int\nstruct K { short a, b, c; };\n"
                             "__global__ void k(const int *in, int *out, int n) {\n"
                             "  __shared__ K s[64];\n"
                             "  int t = threadIdx.x;\n" + body +
                             "  out[t] = in[t];\n"
                             "}\n";
    TraceRequest r = inline_request(text, 32);
    return run_interpreter(resolve_kernel(r));
  };
  try {
    const Trace t = trace("  s[t].b = t;\n  __syncthreads();\n  s[t].c = 1;\n  s[t + 1].a = s[t].c;\n  __syncthreads();\n");
    ASSERT_GE(t.steps.size(), 2u);
    // the store of s[t].b: one instruction; each lane's access names its word and bytes
    int expected = 0;
    {
      std::map<int, std::set<int>> words_of_bank;
      for (int lane = 0; lane < 32; ++lane) words_of_bank[(6 * lane + 2) / 4 % 32].insert((6 * lane + 2) / 4);
      for (const auto& [bank, words] : words_of_bank) expected = std::max(expected, static_cast<int>(words.size()));
    }
    const Step& first = t.steps[0];
    ASSERT_EQ(first.instructions.size(), 1u);
    EXPECT_EQ(first.instructions[0].wavefronts, expected);
    for (const Access& a : first.accesses) {
      EXPECT_EQ(a.word, (6 * a.tid + 2) / 4);
      EXPECT_EQ(a.mask, ((6 * a.tid + 2) % 4 == 0 ? 0x3 : 0xc));
    }
    EXPECT_TRUE(first.hazards.empty());
    // thread t stores record t + 1's a (bytes 6t + 6, 6t + 7) beside record t's c (6t + 4, 6t + 5)
    // in one word for even t; thread t - 1 stores record t's a, a word before the one whose bytes
    // thread t reads as its c: different bytes throughout, no race
    EXPECT_TRUE(t.steps[1].hazards.empty());
    // the same bytes: thread t stores s[t / 2].a
    const Trace same = trace("  s[t / 2].a = t;\n  __syncthreads();\n");
    ASSERT_FALSE(same.steps.empty());
    ASSERT_FALSE(same.steps[0].hazards.empty());
    EXPECT_STREQ(same.steps[0].hazards.front().kind, "write-after-write");
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
}

// The host's sizeof in header lines is CUDA's: 6 for three shorts, 3 for three chars, 4 for a
// uchar4, 2 for a char2 (the launch's dynamic shared memory in bytes, the trace's in words).
TEST(Structs, TheHostKnowsTheSizeOfStructsOfShortsAndOfByteVectors) {
  for (const auto& [type, bytes] : std::vector<std::pair<std::string, int>>{{"K", 6}, {"E", 3}, {"uchar4", 4}, {"char2", 2}, {"float4", 16}}) {
    const std::string text = "// launch: k<<<1, 64, 64 * sizeof(" + type + ")>>>(in, out, N)\n// out: 1\n" + kOddStructs +
                             "__global__ void k(const int *in, int *out, int n) { out[0] = 1; }\n";
    try {
      const Trace t = run_interpreter(resolve_kernel(inline_request(text, 64)));
      ASSERT_FALSE(t.launches.empty()) << type;
      EXPECT_EQ(t.launches[0].smem_bytes, 64LL * bytes) << type;
    } catch (const std::exception& e) {
      ADD_FAILURE() << type << ": " << e.what();
    }
  }
}

// Global memory holds no struct arrays of the launch (a kernel's parameters point to numbers and
// vectors), but a cast reads an int array's bytes as records: `r[t].b` is the 2 bytes at 6t + 2,
// as the host's C++ reads them, and a warp's loads touch the sectors of bytes 2 to 189.
TEST(Structs, SixByteRecordsThroughACastOfAGlobalArray) {
  const std::string text = "// launch: k<<<1, 32>>>(in, out, N)\n// types: int\nstruct K { short a, b, c; };\n"
                           "__global__ void k(const int *in, int *out, int n) {\n"
                           "  const K *r = reinterpret_cast<const K *>(in);\n"
                           "  int t = threadIdx.x;\n"
                           "  out[t] = r[t].b;\n"
                           "}\n";
  TraceRequest r = inline_request(text, 64);
  std::vector<int> in(64);
  for (int k = 0; k < 64; ++k) in[static_cast<size_t>(k)] = k * 70001 - 900000;
  r.input.assign(in.begin(), in.end());
  try {
    const Trace t = run_interpreter(resolve_kernel(r));
    ASSERT_GE(t.output.size(), 32u);
    struct HK {
      short a, b, c;
    };
    for (int k = 0; k < 32; ++k) {
      HK h;
      std::memcpy(&h, reinterpret_cast<const char*>(in.data()) + 6 * k, sizeof h);
      EXPECT_EQ(t.output[static_cast<size_t>(k)], h.b) << "thread " << k;
    }
    std::set<int> sectors;
    for (int lane = 0; lane < 32; ++lane) sectors.insert((6 * lane + 2) / 32);
    ASSERT_FALSE(t.steps.empty());
    bool found = false;
    for (const auto& gi : t.steps[0].global_instructions)
      if (gi.op == kLoad) {
        EXPECT_EQ(gi.sectors, static_cast<int>(sectors.size()));
        found = true;
      }
    EXPECT_TRUE(found);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
}

TEST(Structs, SizesAreCapped) {
  std::string members;
  for (int k = 0; k < 300; ++k) members += "int m" + std::to_string(k) + "; ";
  const std::string what = run_text(kernel("struct Big { " + members + "};\n", "")).what;
  EXPECT_NE(what.find("struct 'Big' of more than 256 words"), std::string::npos) << what;
}

}  // namespace
