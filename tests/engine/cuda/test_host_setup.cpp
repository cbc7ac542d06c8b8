// The host's set-up is part of the kernel file (issue "Bring your own kernel"): `// init:` lines
// set out and the `// array:` arrays before the first launch; a read of a global word that nobody
// wrote and no init: line set is a fault that names the word and the line that would set it; a
// launch passes pointers with an element offset (`out + 1`, `&out[k]`) and may run in place.
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "engine/cuda/source.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

const char* const kFile = "kernels/app/host-setup.cu";  // as messages name the text

TraceRequest request_for(const std::string& text, int n, const std::vector<double>& input = {}) {
  TraceRequest r;
  r.n = n;
  r.input = input;
  r.seed = 11;
  r.source = kernel_dir() + "/app/host-setup.cu";
  r.source_text = text;
  r.has_source_text = true;
  return r;
}

Trace run_text(const std::string& text, int n, const std::vector<double>& input = {}) {
  return run_interpreter(resolve_kernel(request_for(text, n, input)));
}

// The one line a run ends with ("ok" when it does not end in an error), and whether it is a fault.
std::string error_of(const std::string& text, int n = 16, bool* fault = nullptr, const std::vector<double>& input = {}) {
  if (fault) *fault = false;
  try {
    run_text(text, n, input);
  } catch (const cuda::CudaError& e) {
    if (fault) *fault = e.fault;
    return e.what();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "ok";
}

// The block reduction of the issue, with the atomicAdd on line 6 (col 17 is `atomicAdd`).
const std::string kBlockSumBody =
    "__global__ void block_sum(const int *in, int *out, int n) {\n"
    "  extern __shared__ int partial[];\n"
    "  unsigned int tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  partial[tid] = i < n ? in[i] : 0; __syncthreads();\n"
    "  for (unsigned int s = 1; s < blockDim.x; s *= 2) { if (tid % (2 * s) == 0) partial[tid] += partial[tid + s]; __syncthreads(); }\n"
    "  if (tid == 0) atomicAdd(out, partial[0]);\n"
    "}\n";
const std::string kBlockSumHead =
    "// launch: block_sum<<<(N + 127) / 128, 128, 128 * sizeof(T)>>>(in, out, N)\n"
    "// check: reduce\n"
    "// types: int\n"
    "// ops: sum\n";

int sum_of(const Trace& t) { return static_cast<int>(std::accumulate(t.input.begin(), t.input.end(), 0.0)); }

}  // namespace

// Without an init: line the student's first grid reduction no longer gives a silently wrong sum:
// the first atomicAdd faults, naming out[0], where it stands, the thread, and the line to add.
TEST(HostSetup, AtomicOnUnsetOutIsAFaultThatNamesTheFix) {
  const std::string text = kBlockSumHead + std::string(4, '\n') + kBlockSumBody;  // the atomicAdd on line 14
  bool fault = false;
  const std::string e = error_of(text, 1000, &fault);
  EXPECT_TRUE(fault) << e;
  EXPECT_EQ(e, std::string(kFile) +
                   ":14:17: thread 0 of block 0: atomicAdd reads out[0], which no thread has written and no init: line sets; "
                   "add '// init: out = 0' if the host zeroes it");
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST(HostSetup, InitLineMakesTheAtomicReductionRight) {
  for (int n : {1, 127, 128, 1000, 4099}) {
    const Trace t = run_text("// init: out = 0\n" + kBlockSumHead + kBlockSumBody, n);
    ASSERT_EQ(t.output.size(), 1u);
    EXPECT_EQ(t.output[0], sum_of(t)) << "n=" << n;
    std::string why;
    EXPECT_TRUE(check_output(t, &why)) << why;
  }
  // the value is what the host sets: 100 + the sum
  const Trace t = run_text("// init: out = 50 * 2\n" + kBlockSumHead + kBlockSumBody, 300);
  EXPECT_EQ(t.output[0], 100 + sum_of(t));
  std::string why;
  EXPECT_FALSE(check_output(t, &why));  // and the check sees the 100
}

// A histogram of one atomicAdd per input: with the init: line every bin is right; without it the
// first increment of a bin faults on that bin (bins[...] named as the file names the array).
TEST(HostSetup, HistogramBinsCountWithInitAndFaultWithout) {
  const std::string body =
      "#define BINS 10\n"
      "__global__ void hist(const int *in, unsigned *bins, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) atomicAdd(&bins[in[i] % BINS], 1u);\n"
      "}\n";
  const std::string head = "// launch: hist<<<(N + 63) / 64, 64>>>(in, out, N)\n// out: BINS\n// check: histogram\n// types: int\n";
  const std::vector<double> input = {3, 3, 7, 0, 9, 3, 1, 1, 7, 2, 5, 3, 8, 8, 0, 6};
  const Trace t = run_text("// init: out = 0\n" + head + body, 16, input);
  EXPECT_EQ(t.output, (std::vector<double>{2, 2, 1, 4, 0, 1, 1, 2, 2, 1}));
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  // in[0] is 3: thread 0's increment of bin 3 is the first read of an unset word
  bool fault = false;
  const std::string e = error_of(head + body, 16, &fault, input);
  EXPECT_TRUE(fault);
  EXPECT_NE(e.find(":8:14: thread 0: atomicAdd reads out[3], which no thread has written and no init: line sets; add '// init: out = 0'"),
            std::string::npos)
      << e;
}

// The histogram check: bin b counts the inputs whose value is b mod the number of bins.
TEST(HostSetup, HistogramCheckComparesEveryBin) {
  Trace t;
  t.input = {0, 1, 2, 3, 4, 5, -1};
  t.output = {2, 2, 1, 2};  // 0 4 | 1 5 | 2 | 3 -1
  std::string why;
  EXPECT_TRUE(check_kernel_output(t, "histogram", &why)) << why;
  t.output = {2, 2, 1, 1};  // "every bin one short" in one bin
  EXPECT_FALSE(check_kernel_output(t, "histogram", &why));
  EXPECT_EQ(why, "output[3] = 1, expected 2");
}

// A declared array is as cudaMalloc leaves it unless an init: line sets it: a read before any
// store faults (naming the array), a value set by init: is read, and what a launch stored is set
// for the launches after it.
TEST(HostSetup, DeclaredArraysStartUnsetUnlessInitialised) {
  const std::string body =
      "__global__ void bump(int *counts) { atomicAdd(&counts[threadIdx.x], 1); }\n"
      "__global__ void total(const int *counts, int *out) { out[0] = counts[0] + counts[1]; }\n";
  const std::string launches = "// launch: bump<<<1, 2>>>(counts)\n// launch: total<<<1, 1>>>(counts, out)\n// array: counts[2]\n// out: 1\n";
  bool fault = false;
  const std::string e = error_of(launches + body, 4, &fault);
  EXPECT_TRUE(fault);
  EXPECT_EQ(e, std::string(kFile) +
                   ":5:37: thread 0: atomicAdd reads counts[0], which no thread has written and no init: line sets; add '// init: "
                   "counts = 0' if the host zeroes it");
  const Trace t = run_text("// init: counts = 40\n" + launches + body, 4);
  EXPECT_EQ(t.output, std::vector<double>{82});
  // out and an array set on one line, and the value is a host expression of the file's macros
  const Trace u = run_text("// init: out = 0, counts = BASE * 2\n#define BASE 3\n" + launches + body, 4);
  EXPECT_EQ(u.output, std::vector<double>{14});
}

// A word written by one launch is set for the next; a word of the same array that nothing wrote is not.
TEST(HostSetup, WrittenWordsStaySetAcrossLaunches) {
  const std::string text =
      "// launch: put<<<1, 4>>>(tmp)\n// launch: get<<<1, 1>>>(tmp, out, K)\n// array: tmp[8]\n// out: 1\n"
      "#ifndef K\n#define K 3\n#endif\n"
      "__global__ void put(int *tmp) { tmp[threadIdx.x] = 10 + threadIdx.x; }\n"
      "__global__ void get(const int *tmp, int *out, int k) { out[0] = tmp[k]; }\n";
  EXPECT_EQ(run_text(text, 4).output, std::vector<double>{13});
  TraceRequest r = request_for(text, 4);
  r.defines = {{"K", "4"}};
  try {
    run_interpreter(resolve_kernel(r));
    ADD_FAILURE() << "tmp[4] was read without a fault";
  } catch (const cuda::CudaError& e) {
    EXPECT_TRUE(e.fault);
    EXPECT_NE(std::string(e.what()).find("thread 0: reads tmp[4], which no thread has written and no init: line sets; add '// init: tmp = 0'"),
              std::string::npos)
        << e.what();
  }
}

// Float arrays take a float literal, an integer, or what IDENTITY stands for (the min of floats:
// __int_as_float(0x7f800000), +inf); an int array refuses a float literal.
TEST(HostSetup, FloatInitValues) {
  const std::string body = "__global__ void k(const T *in, T *out, int n) { for (int i = 0; i < n; ++i) out[0] = OP(out[0], in[i]); }\n";
  const std::string head = "// launch: k<<<1, 1>>>(in, out, N)\n// check: reduce\n// out: 1\n";
  TraceRequest r = request_for("// init: out = IDENTITY\n" + head + body, 8, {5, 2.5, 7, 3, 9, 4, 2.75, 6});
  r.type = ValueType::Float;
  r.op = Operator::Min;
  EXPECT_EQ(run_interpreter(resolve_kernel(r)).output, std::vector<double>{2.5});
  r.source_text = "// init: out = -1.5\n" + head + body;
  r.op = Operator::Sum;
  EXPECT_EQ(run_interpreter(resolve_kernel(r)).output, std::vector<double>{37.75});
  r.source_text = "// init: out = 1.5f\n" + head + body;
  EXPECT_EQ(run_interpreter(resolve_kernel(r)).output, std::vector<double>{40.75});
  r.source_text = "// init: out = 2\n" + head + body;
  EXPECT_EQ(run_interpreter(resolve_kernel(r)).output, std::vector<double>{41.25});
  r.type = ValueType::Int;
  r.input = {1, 2, 3, 4, 5, 6, 7, 8};
  r.source_text = "// init: out = 1.5\n" + head + body;
  try {
    resolve_kernel(r);
    ADD_FAILURE() << "an int array took 1.5";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), std::string(kFile) +
                                         ":1: init line: out holds int values, and 1.5 is a float (an array has the type of the first "
                                         "parameter it is passed as)");
  }
}

// Mistakes in init: lines are one line naming the file and the line.
TEST(HostSetup, InitLineErrorsNameTheLine) {
  const std::string rest =
      "// launch: k<<<1, 1>>>(in, out, tmp)\n// array: tmp[4]\n"
      "__global__ void k(const int *in, int *out, int *tmp) { tmp[0] = in[0]; out[0] = tmp[0]; }\n";
  auto e = [&](const std::string& init_lines) { return error_of(init_lines + rest, 4); };
  const std::string f = kFile;
  EXPECT_EQ(e("// init: out = 0\n"), "ok");
  EXPECT_EQ(e("//\n// init: in = 0\n"), f + ":2: init line: in is the input (--n, --input); the host fills it, an init: line cannot");
  EXPECT_EQ(e("// init: bins = 0\n"), f + ":1: init line: no global array 'bins' (the file has: out, tmp)");
  EXPECT_EQ(e("// init: out = 0\n// init: tmp = 1, out = 2\n"), f + ":2: init line: out is set twice (line 1 sets it already)");
  EXPECT_EQ(e("// init: out\n"), f + ":1: init line: expected NAME = VALUE, not 'out' (e.g. `// init: out = 0`)");
  EXPECT_EQ(e("// init: out = 1 << 33\n"), f + ":1: init line: out = 8589934592 does not fit in a 32-bit int");
  EXPECT_EQ(e("// init: out = M\n"),
            f + ":1:16: 'M' is not known here (the host knows N, MIN_IN, MAX_IN, sizeof(T), the file's macros and its constants)");
}

// Pointers with an element offset: the kernel's p[0] is out[1] (the fault names out's own index),
// &NAME[k] is the same, and an offset past the array is refused at the launch line.
TEST(HostSetup, LaunchArgumentsWithAnOffset) {
  const std::string body = "__global__ void k(const int *in, int *out, int n) { int i = threadIdx.x; if (i < n) out[i] = 2 * in[i]; }\n";
  const std::string head = "// out: N + 1\n// init: out = 7\n";
  Trace t = run_text(head + "// launch: k<<<1, 8>>>(in + 2, out + 1, N - 2)\n" + body, 6, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(t.global_arrays[1].final, (std::vector<double>{7, 6, 8, 10, 12, 7, 7}));
  EXPECT_EQ(t.launches[0].text, "k<<<1, 8, 0>>>(in + 2, out + 1, 4)");
  // the recorded stores name out's own elements (1..4), as the global model counts them
  std::vector<int> stored;
  for (const Step& s : t.steps)
    for (const GlobalAccess& a : s.global)
      if (a.op == kStore) stored.push_back(a.index);
  EXPECT_EQ(stored, (std::vector<int>{1, 2, 3, 4}));
  t = run_text(head + "// launch: k<<<1, 8>>>(&in[N - 3], &out[N / 2], 3)\n" + body, 6, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(t.global_arrays[1].final, (std::vector<double>{7, 7, 7, 8, 10, 12, 7}));
  // out + 5 has 2 elements left: the third store is outside out, named by out's own index
  EXPECT_NE(error_of(head + "// launch: k<<<1, 8>>>(in, out + 5, 3)\n" + body, 6).find("thread 2: writes out[7], outside its 7 elements"),
            std::string::npos);
  EXPECT_EQ(error_of(head + "// launch: k<<<1, 8>>>(in, out + N + 2, 3)\n" + body, 6),
            std::string(kFile) + ":3: the launch passes out + 8, outside out's 7 elements (an offset from 0 to 7)");
  // C groups out - 1 + 2 as (out - 1) + 2: out + 1
  t = run_text(head + "// launch: k<<<1, 8>>>(in, out - 1 + 2, 2)\n" + body, 6, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(t.global_arrays[1].final, (std::vector<double>{7, 2, 4, 7, 7, 7, 7}));
  EXPECT_EQ(error_of(head + "// launch: k<<<1, 8>>>(in - 1, out, 3)\n" + body, 6),
            std::string(kFile) + ":3: the launch passes in - 1, outside in's 6 elements (an offset from 0 to 6)");
  EXPECT_EQ(error_of(head + "// launch: k<<<1, 8>>>(in + 1 << 1, out, 3)\n" + body, 6),
            std::string(kFile) + ":3: the launch passes in + ... with '<<' outside parentheses; write in + (...)");
  // an unset word read through an offset pointer is named by the array's own index
  EXPECT_NE(error_of("// launch: k<<<1, 1>>>(out + 3, out, 1)\n" + body, 6).find("thread 0: reads out[3], which no thread has written"),
            std::string::npos);
}

// In place: the kernel writes `in` (the check still compares with the input as given), and `out`
// is passed as both input and output of a later launch.
TEST(HostSetup, LaunchesRunInPlace) {
  const std::string text =
      "// launch: twice<<<1, 32>>>(in, N)\n// launch: copy<<<1, 32>>>(in, out, N)\n// launch: twice<<<1, 32>>>(out, N)\n"
      "__global__ void twice(int *a, int n) { if (threadIdx.x < n) a[threadIdx.x] = 2 * a[threadIdx.x]; }\n"
      "__global__ void copy(const int *a, int *b, int n) { if (threadIdx.x < n) b[threadIdx.x] = a[threadIdx.x]; }\n";
  const Trace t = run_text(text, 4, {1, 2, 3, 4});
  EXPECT_EQ(t.input, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(t.global_arrays[0].final, (std::vector<double>{2, 4, 6, 8}));
  EXPECT_EQ(t.output, (std::vector<double>{4, 8, 12, 16}));
}

// What the host sets is what the GPU run starts from too: the words of each array before the
// first launch (the input, an init: value, or the 0xFFFFFFFF both runs poison with).
TEST(HostSetup, InitialWordsAreTheHostsSetUp) {
  const std::string text =
      "// launch: k<<<1, 1>>>(in, out, a, b)\n// array: a[2]\n// array: b[3]\n// init: a = -2\n// init: b = 0.5\n"
      "__global__ void k(const int *in, int *out, int *a, float *b) { out[0] = in[0]; }\n";
  const ResolvedKernel k = resolve_kernel(request_for(text, 2, {5, 6}));
  bool set = false;
  EXPECT_EQ(initial_array_words(k, 0, &set), (std::vector<uint32_t>{5, 6}));
  EXPECT_TRUE(set);
  EXPECT_EQ(initial_array_words(k, 1, &set), (std::vector<uint32_t>{0xffffffffu, 0xffffffffu}));
  EXPECT_FALSE(set);
  EXPECT_EQ(initial_array_words(k, 2, &set), (std::vector<uint32_t>{0xfffffffeu, 0xfffffffeu}));
  EXPECT_TRUE(set);
  EXPECT_EQ(initial_array_words(k, 3, &set), (std::vector<uint32_t>(3, 0x3f000000u)));
  EXPECT_EQ(init_hint(k, 1), "add '// init: out = 0' if the host zeroes it");
}

// `// init: out = in`: the host copies the input into out before the first launch (its cudaMemcpy
// before a kernel that works in place, as the samples' shfl_scan and the shared-memory blog's
// reverse do); the words past the input's stay unset, and the check compares out as before.
TEST(HostSetup, InitFromInputCopiesTheInput) {
  const std::string body =
      "__global__ void rev(int *d, int n) {\n"
      "  extern __shared__ int s[];\n"
      "  int t = threadIdx.x;\n"
      "  s[t] = d[t]; __syncthreads(); d[t] = s[n - t - 1];\n"
      "}\n";
  Trace t = run_text("// launch: rev<<<1, N, N * sizeof(int)>>>(out, N)\n// init: out = in\n" + body, 5, {1, 2, 3, 4, 5});
  EXPECT_EQ(t.output, (std::vector<double>{5, 4, 3, 2, 1}));
  EXPECT_EQ(t.input, (std::vector<double>{1, 2, 3, 4, 5}));
  // an in-place scan over out, checked against the input
  const std::string scan =
      "// launch: scan<<<1, N>>>(out, N)\n// init: out = in\n// check: inclusive-scan\n// types: int\n// ops: sum\n"
      "__global__ void scan(int *d, int n) {\n"
      "  for (int s = 1; s < n; s *= 2) { int v = threadIdx.x >= s ? d[threadIdx.x - s] : 0; __syncthreads(); d[threadIdx.x] += v; __syncthreads(); }\n"
      "}\n";
  t = run_text(scan, 8, {3, 1, 7, 0, 4, 1, 6, 3});
  EXPECT_EQ(t.output, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  std::string why;
  EXPECT_TRUE(check_output(t, &why)) << why;
  // a larger array: its first N words are the input, the rest unset (a read of one faults)
  const std::string big = "// launch: k<<<1, 1>>>(a, out)\n// array: a[N + 2]\n// init: a = in\n"
                          "__global__ void k(const int *a, int *out) { out[0] = a[1]; out[1] = a[N_READ]; }\n";
  t = run_text("#define N_READ 2\n" + big, 3, {4, 5, 6});
  EXPECT_EQ(t.output[0], 5);
  EXPECT_EQ(t.output[1], 6);
  bool fault = false;
  const std::string e = error_of("#define N_READ 3\n" + big, 3, &fault, {4, 5, 6});
  EXPECT_TRUE(fault);
  EXPECT_NE(e.find("reads a[3], which no thread has written and no init: line sets"), std::string::npos) << e;
  const ResolvedKernel k = resolve_kernel(request_for("#define N_READ 1\n" + big, 3, {4, 5, 6}));
  bool set = false;
  EXPECT_EQ(initial_array_words(k, 2, &set), (std::vector<uint32_t>{4, 5, 6, 0xffffffffu, 0xffffffffu}));
  EXPECT_TRUE(set);
  // too small, or of another type: one line naming the init: line
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(a, out)\n// array: a[N - 1]\n// init: a = in\n"
                     "__global__ void k(const int *a, int *out) { out[0] = a[0]; }\n",
                     3),
            std::string(kFile) + ":3: init line: a has 2 elements, fewer than the 3 inputs it would copy");
  EXPECT_EQ(error_of("// launch: k<<<1, 1>>>(in, a, out)\n// array: a[N]\n// init: a = in\n"
                     "__global__ void k(const int *in, float *a, int *out) { out[0] = in[0]; }\n",
                     3),
            std::string(kFile) + ":3: init line: a = in copies the input's bytes, so a must have in's element type (int), not float");
}
