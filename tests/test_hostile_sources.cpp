// Hostile kernel texts (issue 11, docs/kernel-files.md "Limits"): a text typed into the window or
// handed to an autograder may be anything. Each limit of engine/cuda/limits.h ends the run with its
// one-line error, quickly and in bounded memory (the fuzz target fuzz/fuzz_source.cpp looks for
// what these miss). The texts go through resolve_kernel and run_interpreter, as the command line's
// `trace --source` and the window's Run do.
#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/cuda/limits.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "fuzz/source_input.h"

using namespace scanscope;

namespace {

// What a run of a kernel text ended with: the error's kind and its line. How long it took is no
// test's business (a loaded machine is slow): each limit counts work (instructions, tokens,
// accesses), and a hang is left to ctest's per-test timeout.
struct Outcome {
  std::string kind;  // "usage", "error" (in the text), "fault" (while running) or "ok"
  std::string what;
};

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

const char* const kFile = "kernels/app/hostile.cu";  // as errors name it (the text stands in for this file)

Outcome run_text(const std::string& text, int n = 16) {
  TraceRequest r;
  r.n = n;
  r.source = kernel_dir() + "/app/hostile.cu";
  r.source_text = text;
  r.has_source_text = true;
  Outcome o;
  try {
    run_interpreter(resolve_kernel(r));
    o.kind = "ok";
  } catch (const UsageError& e) {
    o.kind = "usage";
    o.what = e.what();
  } catch (const cuda::CudaError& e) {
    o.kind = e.fault ? "fault" : "error";
    o.what = e.what();
  }
  return o;
}

std::string repeat(const std::string& s, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += s;
  return out;
}

// A kernel of one thread that writes out[0] = EXPR (from column 12 of line 3, after the lines `before`).
std::string kernel_writing(const std::string& expr, const std::string& before = "") {
  return "// launch: k<<<1, 1>>>(out)\n" + before + "__global__ void k(int *out) {\n  out[0] = " + expr + ";\n}\n";
}

#define EXPECT_ENDS_WITH(text, kind_, message)                          \
  do {                                                                  \
    const Outcome o_ = run_text(text);                                  \
    EXPECT_EQ(o_.kind, kind_);                                          \
    EXPECT_EQ(o_.what, message);                                        \
    EXPECT_EQ(o_.what.find('\n'), std::string::npos) << "one line";     \
  } while (0)

const std::string kNested = "nested more than 200 levels deep (parentheses, operators, calls, blocks or statements)";

}  // namespace

TEST(HostileSources, TextLargerThanAFile) {
  const std::string text = kernel_writing("0") + "// " + std::string(cuda::kMaxSourceBytes, 'x') + "\n";
  EXPECT_ENDS_WITH(text, "usage", std::string(kFile) + ": " + std::to_string(text.size()) + " bytes, more than the 1 MiB a kernel file may have");
  // at the limit it is read
  std::string fits = kernel_writing("0");
  fits += "//" + std::string(cuda::kMaxSourceBytes - fits.size() - 3, 'x') + "\n";
  ASSERT_EQ(static_cast<long long>(fits.size()), cuda::kMaxSourceBytes);
  EXPECT_EQ(run_text(fits).kind, "ok");
}

TEST(HostileSources, NestedParentheses) {
  // the statement and the assignment take 2 levels: the 199th parenthesis is the 201st level
  EXPECT_ENDS_WITH(kernel_writing(repeat("(", 20000) + "1" + repeat(")", 20000)), "error",
                   std::string(kFile) + ":3:" + std::to_string(11 + 199) + ": " + kNested);
  EXPECT_EQ(run_text(kernel_writing(repeat("(", 150) + "1" + repeat(")", 150))).kind, "ok");
}

TEST(HostileSources, NestedBlocksAndStatements) {
  const std::string text = "// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) {\n" + repeat("{", 20000) + repeat("}", 20000) +
                           "\n" + repeat("if (1) ", 20000) + "out[0] = 1;\n}\n";
  EXPECT_ENDS_WITH(text, "error", std::string(kFile) + ":3:201: " + kNested);  // the 201st brace
  // the condition of the 200th `if (1) `
  EXPECT_ENDS_WITH("// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) {\n" + repeat("if (1) ", 20000) + "out[0] = 1;\n}\n", "error",
                   std::string(kFile) + ":3:" + std::to_string(1 + 7 * 199 + 4) + ": " + kNested);
}

TEST(HostileSources, LongOperatorChainsAndPrefixes) {
  // a chain is a tree as deep as it is long: the compiler and the tree's destructor recurse that deep
  EXPECT_ENDS_WITH(kernel_writing("1" + repeat(" + 1", 20000)), "error", std::string(kFile) + ":3:" + std::to_string(12 + 4 * 198) + ": " + kNested);
  EXPECT_ENDS_WITH(kernel_writing(repeat("- ", 20000) + "1"), "error", std::string(kFile) + ":3:" + std::to_string(12 + 2 * 198) + ": " + kNested);
  EXPECT_ENDS_WITH(kernel_writing("0" + repeat(", 0", 20000)), "error", std::string(kFile) + ":3:" + std::to_string(12 + 3 * 199) + ": " + kNested);
  EXPECT_EQ(run_text(kernel_writing("1" + repeat(" + 1", 150))).kind, "ok");
}

TEST(HostileSources, NestedParenthesesInHashIfAndTheLaunchLine) {
  // the 201st parenthesis, from column 5
  EXPECT_ENDS_WITH(kernel_writing("0", "#if " + repeat("(", 20000) + "1" + repeat(")", 20000) + "\n#endif\n"), "error",
                   std::string(kFile) + ":2:205: the expression nests more than 200 levels deep");
  // the launch line's block, from column 19
  EXPECT_ENDS_WITH("// launch: k<<<1, " + repeat("- ", 20000) + "1>>>(out)\n__global__ void k(int *out) { out[0] = 0; }\n", "error",
                   std::string(kFile) + ":1:" + std::to_string(19 + 2 * 200) + ": the expression nests more than 200 levels deep");
  EXPECT_ENDS_WITH(kernel_writing("0", "#if -9223372036854775807 - 1 / -1 == 0 || (-9223372036854775807 - 1) % -1 == 0\n#endif\n"), "ok", "");
}

TEST(HostileSources, MacroExpansionBombs) {
  std::string doubling = "#define A0 x\n";
  for (int i = 1; i <= 40; ++i) doubling += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + " A" + std::to_string(i - 1) + "\n";
  EXPECT_ENDS_WITH(kernel_writing("A40", doubling), "error",
                   std::string(kFile) + ":44:12: macro expansion comes to more than 1000000 tokens (at macro 'A4': a macro that uses another many times?)");
  EXPECT_ENDS_WITH(kernel_writing(repeat("F(", 10) + "1" + repeat(")", 10), "#define F(x) x x x x x x x x x x\n"), "error",
                   std::string(kFile) + ":4:20: macro expansion comes to more than 1000000 tokens (at macro 'F': a macro that uses another many times?)");
  // arguments inside arguments: each level holds its own copy while the inner ones expand
  EXPECT_ENDS_WITH(kernel_writing(repeat("F(", 100000) + "1" + repeat(")", 100000), "#define F(x) x\n"), "error",
                   std::string(kFile) + ":4:18: macro expansion comes to more than 1000000 tokens (at macro 'F': a macro that uses another many times?)");
}

TEST(HostileSources, MacrosNestedTooDeep) {
  EXPECT_ENDS_WITH(kernel_writing(repeat("F(", 1000) + "1" + repeat(")", 1000), "#define F(x) x\n"), "error",
                   std::string(kFile) + ":4:" + std::to_string(12 + 2 * 200) + ": macro 'F': macros nested more than 200 deep (in each other's expansions or arguments)");
  std::string chain = "#define M0 1\n";
  for (int i = 1; i <= 300; ++i) chain += "#define M" + std::to_string(i) + " M" + std::to_string(i - 1) + "\n";
  EXPECT_ENDS_WITH(kernel_writing("M300", chain), "error",
                   std::string(kFile) + ":304:12: macro 'M100': macros nested more than 200 deep (in each other's expansions or arguments)");
}

TEST(HostileSources, IncludesItselfForever) {
  EXPECT_ENDS_WITH(kernel_writing("0", "#include \"hostile.cu\"\n"), "error",
                   std::string(kFile) + ":2:10: #include \"hostile.cu\": includes nested more than 32 deep (a file including itself?)");
}

// #include stays inside the kernel file's folder and the project's kernels/ (issue 28): an
// autograder that runs submitted kernels must not let them read or probe the grading machine, and
// no message quotes a file outside.
TEST(HostileSources, IncludesStayInsideTheirTree) {
  const std::string roots = "the folders a kernel file may include from (kernels/app/ and kernels/; trace and the window take --include-dir DIR for another)";
  EXPECT_ENDS_WITH(kernel_writing("0", "#include \"/etc/passwd\"\n"), "error",
                   std::string(kFile) + ":2:10: #include \"/etc/passwd\": an absolute path; a kernel file includes by relative paths, inside " + roots);
  EXPECT_ENDS_WITH(kernel_writing("0", "#include \"/proc/self/maps\"\n"), "error",
                   std::string(kFile) + ":2:10: #include \"/proc/self/maps\": an absolute path; a kernel file includes by relative paths, inside " + roots);
  EXPECT_ENDS_WITH(kernel_writing("0", "#include \"../../../../../../../../etc/hostname\"\n"), "error",
                   std::string(kFile) + ":2:10: #include \"../../../../../../../../etc/hostname\": outside " + roots);
  EXPECT_ENDS_WITH(kernel_writing("0", "#include \"../../README.md\"\n"), "error",
                   std::string(kFile) + ":2:10: #include \"../../README.md\": outside " + roots);
  // inside: its own folder and the project's kernels (by a path from the project, too)
  EXPECT_ENDS_WITH(kernel_writing("ss_sum(1, 2)", "#include \"../ops.cuh\"\n"), "ok", "");
  EXPECT_ENDS_WITH(kernel_writing("ss_sum(1, 2)", "#include \"kernels/ops.cuh\"\n"), "ok", "");
}

// A link inside the tree that leads out is refused without being read; --include-dir widens the tree.
TEST(HostileSources, IncludesThroughLinksAndWidenedTrees) {
  const std::string dir = ::testing::TempDir() + "/scanscope_includes";
  ASSERT_EQ(std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "/k' '" + dir + "/lib' && ln -s /etc/hostname '" + dir + "/k/host.cuh'").c_str()), 0);
  std::ofstream(dir + "/lib/lib.cuh") << "__device__ int seven() { return 7; }\n";
  std::ofstream(dir + "/k/linked.cu") << "#include \"host.cuh\"\n// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) { out[0] = 0; }\n";
  std::ofstream(dir + "/k/lib.cu") << "#include \"../lib/lib.cuh\"\n// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) { out[0] = seven(); }\n";
  TraceRequest r;
  r.n = 1;
  r.source = dir + "/k/linked.cu";
  try {
    resolve_kernel(r);
    ADD_FAILURE() << "a link out of the tree was followed";
  } catch (const cuda::CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("linked.cu:1:10: #include \"host.cuh\": leads outside the folders a kernel file may include from"),
              std::string::npos)
        << e.what();
  }
  r.source = dir + "/k/lib.cu";
  try {
    resolve_kernel(r);
    ADD_FAILURE() << "a folder beside the kernel's was reached";
  } catch (const cuda::CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("lib.cu:1:10: #include \"../lib/lib.cuh\": outside "), std::string::npos) << e.what();
  }
  r.include_dirs = {dir + "/lib"};
  EXPECT_EQ(run_interpreter(resolve_kernel(r)).output, (std::vector<double>{7}));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST(HostileSources, IncludesTooManyFiles) {
  // once itself, then an empty branch: every #include is one more file of the program
  const std::string text = "#ifndef ONCE\n#define ONCE\n// launch: k<<<1, 1>>>(out)\n" + repeat("#include \"hostile.cu\"\n", 70) +
                           "__global__ void k(int *out) { out[0] = 0; }\n#endif\n";
  EXPECT_ENDS_WITH(text, "error", std::string(kFile) + ":65:10: #include \"hostile.cu\": more than 64 files in one program (a file including itself?)");
}

TEST(HostileSources, IncludedFilesTooLargeTogether) {
  const std::string head = "#ifndef ONCE\n#define ONCE\n// launch: k<<<1, 1>>>(out)\n#include \"hostile.cu\"\n#include \"hostile.cu\"\n"
                           "__global__ void k(int *out) { out[0] = 0; }\n#endif\n";
  const std::string text = head + "// " + std::string(cuda::kMaxSourceBytes - head.size() - 4, 'x') + "\n";
  EXPECT_ENDS_WITH(text, "error", std::string(kFile) + ":4:10: #include \"hostile.cu\": the program's files come to more than 2 MiB");
}

TEST(HostileSources, RecursionAndDeepCalls) {
  EXPECT_ENDS_WITH("// launch: k<<<1, 32>>>(out)\n__device__ int f(int x) { return f(x + 1); }\n"
                   "__global__ void k(int *out) { out[threadIdx.x] = f(0); }\n",
                   "fault", std::string(kFile) + ":2:34: thread 0: calls nested more than 64 deep (recursion?)");
  // exponential recursion within the depth: stopped by the instruction budget
  EXPECT_ENDS_WITH("// launch: k<<<1, 1>>>(out)\n__device__ int f(int d) { return d > 0 ? f(d - 1) + f(d - 1) : 1; }\n"
                   "__global__ void k(int *out) { out[0] = f(60); }\n",
                   "fault",
                   std::string(kFile) + ":2:34: thread 0: the block ran more than 50000000 instructions: a loop that never ends? (thread 0 was here)");
  // large frames: the thread's stack of 2048 words ends it before the call depth does
  EXPECT_ENDS_WITH("// launch: k<<<1, 1>>>(out)\n__device__ int f(int d) { int a[1000]; a[0] = d; return d > 0 ? f(d - 1) : a[0]; }\n"
                   "__global__ void k(int *out) { out[0] = f(10); }\n",
                   "fault",
                   std::string(kFile) + ":2:65: thread 0: stack overflow: more than 2048 words of locals, arguments and operands (calls nested too deep?)");
}

TEST(HostileSources, EndlessLoops) {
  const std::string head = "// launch: k<<<1, 1024, 49152>>>(out)\n__global__ void k(int *out) {\n  extern __shared__ int s[];\n";
  EXPECT_ENDS_WITH(head + "  while (1) { }\n}\n", "fault",
                   std::string(kFile) + ":4:3: thread 0: the block ran more than 50000000 instructions: a loop that never ends? (thread 0 was here)");
  EXPECT_ENDS_WITH(head + "  for (;;) s[threadIdx.x] = 1;\n}\n", "fault",
                   std::string(kFile) + ":4:12: thread 0: the trace would record more than 2000000 memory accesses (a loop that never ends?)");
  EXPECT_ENDS_WITH(head + "  for (;;) out[0] = 1;\n}\n", "fault",
                   std::string(kFile) + ":4:12: thread 0: the trace would record more than 2000000 memory accesses (a loop that never ends?)");
  EXPECT_ENDS_WITH(head + "  s[threadIdx.x] = 0;\n  do __syncthreads(); while (1);\n}\n", "fault",
                   std::string(kFile) + ":5:6: thread 0: the trace would hold more than 8388608 words of shared-memory snapshots (683 steps of "
                                        "12288 words; a loop that never ends?)");
  EXPECT_ENDS_WITH("// launch: k<<<1, 64>>>(out)\n__global__ void k(int *out) {\n  while (1) __syncwarp();\n}\n", "fault",
                   std::string(kFile) + ":3:13: thread 0: the trace would have more than 4096 steps (barriers and warp synchronisations; a loop that never ends?)");
}

// One budget for a whole trace (issue 28): a grid of 4096 one-thread blocks, each a loop just
// under the block's limit, once ran for minutes; so did 16 launches of 256 such blocks.
TEST(HostileSources, ATraceHasOneInstructionBudget) {
  const std::string loop = "__global__ void k(int *out) {\n  int x = 0;\n  for (int i = 0; i < 3000000; ++i) x += i;\n  out[blockIdx.x] = x;\n}\n";
  const std::string limit = std::string(kFile) + ":5:37: thread 0 of block 2: the trace ran more than " + std::to_string(cuda::kMaxInstructionsPerTrace) +
                            " instructions (all blocks and launches together): a loop that never ends?";
  EXPECT_EQ(run_text("// launch: k<<<4096, 1>>>(out)\n// out: N\n" + loop, 4096).what, limit);
  std::string launches;
  for (int i = 0; i < 16; ++i) launches += "// launch: k<<<256, 1>>>(out)\n";
  const Outcome many = run_text(launches + "// out: N\n" + loop, 256);
  EXPECT_EQ(many.kind, "fault");
  EXPECT_NE(many.what.find("the trace ran more than 100000000 instructions (all blocks and launches together)"), std::string::npos) << many.what;
  // under the budget: two such blocks run
  const Outcome two = run_text("// launch: k<<<2, 1>>>(out)\n// out: N\n" + loop, 2);
  EXPECT_EQ(two.kind, "ok") << two.what;
}

TEST(HostileSources, LocalAndSharedArrays) {
  const std::string launch = "// launch: k<<<1, 1>>>(out)\n";
  EXPECT_ENDS_WITH(launch + "__global__ void k(int *out) { int a[100000000]; out[0] = 0; }\n", "error",
                   std::string(kFile) + ":2:37: local array 'a' of 100000000 elements (1 to 1024 allowed)");
  EXPECT_ENDS_WITH(launch + "__global__ void k(int *out) { int a[1000]; int b[1000]; out[0] = 0; }\n", "error",
                   std::string(kFile) + ":2:55: function 'k' needs more than 1024 words of local variables and parameters");
  EXPECT_ENDS_WITH(launch + "__global__ void k(int *out) { int a[65536 * 65536 * 65536 * 65536 + 1]; out[0] = 0; }\n", "ok", "");
  EXPECT_ENDS_WITH(launch + "__shared__ int s[1 << 20];\n__global__ void k(int *out) { out[0] = 0; }\n", "error",
                   std::string(kFile) + ":2:18: __shared__ array 's' of 1048576 elements (1 to 12288 words fit in 48 KiB)");
  EXPECT_ENDS_WITH(launch + "__shared__ int s[12288], t[12288];\n__global__ void k(int *out) { out[0] = 0; }\n", "usage",
                   "kernels/app/hostile.cu:1: hostile needs 98304 bytes of shared memory, more than the 49152 a block may use without opting in");
  EXPECT_ENDS_WITH("// launch: k<<<1, 1, 1 << 40>>>(out)\n__global__ void k(int *out) { out[0] = 0; }\n", "usage",
                   "kernels/app/hostile.cu:1: hostile needs 1099511627776 bytes of shared memory, more than the 49152 a block may use without opting in");
}

// Pointer arithmetic is 64-bit, as on the GPU: a pointer moved 2^32 elements is 2^32 elements past
// its array and faults when used; it once wrapped to the array's start and wrote s[0] (an autograder
// passed code that crashes on hardware).
TEST(HostileSources, PointersDoNotWrapAtTwoToTheThirtyTwo) {
  const std::string launch = "// launch: k<<<1, 1>>>(out)\n";
  const std::string shared = launch + "__global__ void k(int *out) {\n  __shared__ int s[4];\n  s[0] = 0;\n";
  EXPECT_ENDS_WITH(shared + "  int *p = s + 2147483647;\n  p = p + 2147483647;\n  p += 2;\n  *p = 1;\n  out[0] = s[0];\n}\n", "fault",
                   std::string(kFile) + ":8:3: thread 0: shared-memory word 4294967296 is outside the block's 4 words (the launch gives the kernel 16 bytes)");
  EXPECT_ENDS_WITH(shared + "  *(s + 2147483648u + 2147483648u) = 1;\n  out[0] = s[0];\n}\n", "fault",
                   std::string(kFile) + ":5:3: thread 0: shared-memory word 4294967296 is outside the block's 4 words (the launch gives the kernel 16 bytes)");
  // out + 2^32, and an unsigned offset of 2^32 - 1 (once taken as -1): past the array, never out[0]
  const Outcome g = run_text(launch + "__global__ void k(int *out) {\n  *(out + 2147483648u + 2147483648u) = 1;\n}\n");
  EXPECT_EQ(g.kind, "fault");
  EXPECT_NE(g.what.find(":3:3: thread 0: writes out[4294967296], outside its "), std::string::npos) << g.what;
  const Outcome u = run_text(launch + "__global__ void k(int *out) {\n  int *q = out + 1;\n  q += 4294967295u;\n  *q = 1;\n}\n");
  EXPECT_EQ(u.kind, "fault");
  EXPECT_NE(u.what.find(":5:3: thread 0: writes out[4294967296], outside its "), std::string::npos) << u.what;
  const Outcome i = run_text(launch + "__global__ void k(int *out) {\n  out[4294967295u] = 1;\n}\n");
  EXPECT_NE(i.what.find("writes out[4294967295], outside its "), std::string::npos) << i.what;
  // back and forth is fine, and an unsigned subtrahend moves back
  EXPECT_ENDS_WITH(launch + "__global__ void k(int *out) {\n  int *q = out + 2147483647;\n  q = q + 2147483647;\n  q = q - 2147483647;\n"
                            "  q -= 2147483647u;\n  q = q + 1;\n  q = q - 1u;\n  *q = 5;\n}\n",
                   "ok", "");
  // Wider elements too (int2, double, a struct): the offset is scaled to words in 64 bits, so an
  // int2 pointer 2^31 elements on is 2^32 words on, never back at word 0.
  const Outcome v = run_text(launch + "__global__ void k(int *out) {\n  int2 *p = (int2 *)out;\n  p += 2147483648u;\n  p->x = 5;\n}\n");
  EXPECT_EQ(v.kind, "fault");
  EXPECT_NE(v.what.find(":5:3: thread 0: writes out[4294967296], outside its "), std::string::npos) << v.what;
  const Outcome x = run_text(launch + "__global__ void k(int *out) {\n  ((int2 *)out)[2147483648u].y = 5;\n}\n");
  EXPECT_EQ(x.kind, "fault");
  EXPECT_NE(x.what.find("writes out[4294967297], outside its "), std::string::npos) << x.what;
  const Outcome d = run_text(launch + "__global__ void k(int *out) {\n  __shared__ double s[2];\n  s[2147483648u] = 1.0;\n  out[0] = 0;\n}\n");
  EXPECT_EQ(d.kind, "fault");
  EXPECT_NE(d.what.find("shared-memory word 4294967296 is outside"), std::string::npos) << d.what;
  // A pointer moved beyond what any GPU could address faults where it moves.
  EXPECT_ENDS_WITH(launch + "__global__ void k(int *out) {\n  int *q = out;\n  for (int i = 0; i < 40000; ++i) q += 4294967295u;\n  out[0] = 0;\n}\n",
                   "fault", std::string(kFile) + ":4:35: thread 0: pointer arithmetic moves a pointer more than 2^47 bytes from its array");
}

TEST(HostileSources, LaunchShapes) {
  const std::string body = "__global__ void k(int *out) { out[0] = 0; }\n";
  EXPECT_ENDS_WITH("// launch: k<<<1, 1 << 40>>>(out)\n" + body, "usage",
                   "hostile with --n 16 launches 1099511627776 threads per block (k<<<1, 1099511627776, 0>>>); a block has 1 to 1024");
  EXPECT_ENDS_WITH("// launch: k<<<1 << 40, 32>>>(out)\n" + body, "usage",
                   "hostile with --n 16 launches 1099511627776 blocks (k<<<1099511627776, 32, 0>>>); a trace holds 4096 blocks at most");
  EXPECT_ENDS_WITH("// launch: k<<<4000, 1>>>(out)\n// launch: k<<<97, 1>>>(out)\n" + body, "usage",
                   "hostile with --n 16 launches 4097 blocks (k<<<97, 1, 0>>> and the launches before it); a trace holds 4096 blocks at most");
  EXPECT_ENDS_WITH("// launch: k<<<1, 1>>>(out)\n// out: 1 << 40\n" + body, "usage",
                   std::string(kFile) + ":2: out has 1099511627776 elements; a trace of n=16 holds 1 to 17");
  const Outcome big = run_text("// launch: k<<<1, 1>>>(out)\n" + body, 2000000000);
  EXPECT_EQ(big.what, "--n must be from 1 to 65536 (a trace's limit), not 2000000000");
}

TEST(HostileSources, ProgramSize) {
  std::string labels = "// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) {\n  __syncthreads();  // step: " + std::string(201, 'y') +
                       "\n  out[0] = 0;\n}\n";
  EXPECT_ENDS_WITH(labels, "error", std::string(kFile) + ":3:3: a step label of 201 characters (at most 200)");
  // 100010 accesses in the text, S ten at a time: more sites than a trace holds
  EXPECT_ENDS_WITH(kernel_writing("0;\n  " + repeat("S ", 10001) + "out[0]", "#define S " + repeat("out[0] = 0; ", 10) + "\n"), "error",
                   std::string(kFile) + ":5:" + std::to_string(3 + 2 * 9999) + ": more than 100000 shared- and global-memory accesses in the program");
  // 2000 functions of 2048 instructions each
  std::string big = "// launch: k<<<1, 1>>>(out)\n";
  for (int i = 0; i < 2000; ++i) big += "__device__ void f" + std::to_string(i) + "() { int a[1024] = {0}; }\n";
  big += "__global__ void k(int *out) { out[0] = 0; }\n";
  EXPECT_ENDS_WITH(big, "error", std::string(kFile) + ":1954:31: the program is too large (more than 4000000 instructions)");
}

TEST(HostileSources, LongTextsAreShortenedInMessages) {
  // an error quoting a text of 500000 characters keeps its position and its end, at a readable length
  const std::string name(500000, 'x');
  const std::string full = std::string(kFile) + ":2:2: #error \"" + name + "\"";
  EXPECT_ENDS_WITH(kernel_writing("0", "#error \"" + name + "\"\n"), "error",
                   full.substr(0, 300) + " ... (" + std::to_string(full.size() - 500) + " characters left out) ... " + full.substr(full.size() - 200));
  // a bad request quoting a header's word, too
  const Outcome o = run_text("// launch: k<<<1, 1>>>(out)\n// types: " + name + "\n__global__ void k(int *out) { out[0] = 0; }\n");
  EXPECT_EQ(o.kind, "error");
  EXPECT_LT(o.what.size(), 600u);
  const std::string head = std::string(kFile) + ":2: unknown type 'xxx", tail = "xxx' (known: int, float)";
  EXPECT_EQ(o.what.substr(0, head.size()), head);
  EXPECT_EQ(o.what.substr(o.what.size() - tail.size()), tail);
}

TEST(HostileSources, TextThatIsNotText) {
  // control characters and bytes that are not UTF-8, even in a comment: a trace file could not hold
  // them, and a terminal would take an escape sequence in a message as a command
  EXPECT_ENDS_WITH(kernel_writing("0", "// a\x03" "b\n"), "error", std::string(kFile) + ":2:5: a control character (byte 0x03): a kernel file is text");
  EXPECT_ENDS_WITH(kernel_writing("0", "// title: \x1b[2J\n"), "error",
                   std::string(kFile) + ":2:11: a control character (byte 0x1B): a kernel file is text");
  EXPECT_ENDS_WITH(kernel_writing("0", "// caf\xe9\n"), "error", std::string(kFile) + ":2:7: byte 0xE9 is not UTF-8: a kernel file is UTF-8 text");
  EXPECT_ENDS_WITH(kernel_writing("0", "// \xc0\xaf overlong, \xed\xa0\x80 a surrogate\n"), "error",
                   std::string(kFile) + ":2:4: byte 0xC0 is not UTF-8: a kernel file is UTF-8 text");
  EXPECT_ENDS_WITH(kernel_writing("0", "// \xe2\x82\xac \xf0\x9f\x98\x80\n/* \xed\xa0\x80 */\n"), "error",
                   std::string(kFile) + ":3:4: byte 0xED is not UTF-8: a kernel file is UTF-8 text");
  EXPECT_ENDS_WITH(kernel_writing("0", "// caf\xc3\xa9, \xe2\x82\xac, \xf0\x9f\x98\x80, tabs\tand CRLF\r\n"), "ok", "");
}

TEST(HostileSources, NamesAndParameters) {
  EXPECT_ENDS_WITH(kernel_writing("0", "#define " + std::string(256, 'N') + " 1\n"), "error",
                   std::string(kFile) + ":2:9: a name of 256 characters (at most 255)");
  EXPECT_ENDS_WITH(kernel_writing("0", "#define " + std::string(255, 'N') + " 1\n"), "ok", "");
  std::string params = "int p0";
  for (int i = 1; i <= 256; ++i) params += ", int p" + std::to_string(i);
  EXPECT_ENDS_WITH("// launch: k<<<1, 1>>>(out)\n__device__ void f(" + params + ") {}\n__global__ void k(int *out) { out[0] = 0; }\n", "error",
                   std::string(kFile) + ":2:" + std::to_string(19 + static_cast<int>(params.size()) - 4) +
                       ": function 'f' has more than 256 parameters");
}

TEST(HostileSources, ManyFunctions) {
  // 35000 functions in 1 MiB: found by name in a map (a scan of all of them per definition and call
  // took 1.2 s here, 0.14 s now)
  std::string text = "// launch: k<<<1, 1>>>(out)\n";
  for (int i = 0; i < 35000; ++i) text += "__device__ void f" + std::to_string(i) + "(){}\n";
  text += "__global__ void k(int *out) { f0(); f34999(); out[0] = 0; }\n";
  ASSERT_LT(static_cast<long long>(text.size()), cuda::kMaxSourceBytes);
  EXPECT_ENDS_WITH(text, "ok", "");
}

TEST(HostileSources, LocalArraysInDeviceFunctionsAreCheckedAgainstTheirOwnFrame) {
  // the bound of a local pointer is the running thread's stack top, not the one it had at its last barrier
  const Outcome o = run_text("// launch: k<<<1, 4>>>(out)\n// out: 4\n__device__ int f(int x) { int a[8]; a[7] = x; return a[7]; }\n"
                             "__global__ void k(int *out) { out[threadIdx.x] = f(threadIdx.x); }\n",
                             4);
  EXPECT_EQ(o.kind, "ok") << o.what;
}

namespace {

long long resident_bytes() {
  long long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lld %lld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * 4096;
}

}  // namespace

// The build cache keeps recent builds for re-runs; a student editing a large text must not leave
// every version of it in memory.
TEST(HostileSources, EditedLargeTextsDoNotAccumulate) {
  if (kSanitized) GTEST_SKIP() << "AddressSanitizer keeps freed memory in quarantine: resident memory says nothing here";
  long long first = 0;
  for (int edit = 0; edit < 10; ++edit) {
    const std::string text = "// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) {\n  int x = " + std::to_string(edit) + ";\n" +
                             repeat("  x = x + 1;\n", 25000) + "  out[0] = x;\n}\n";
    TraceRequest r;
    r.source = kernel_dir() + "/app/hostile.cu";
    r.source_text = text;
    r.has_source_text = true;
    resolve_kernel(r);
    if (edit == 0) first = resident_bytes();
  }
  const long long grown = resident_bytes() - first;
  std::printf("resident memory grew by %lld MB over nine edits\n", grown >> 20);
  EXPECT_LT(grown, 100LL << 20);  // each build kept (as before the cache was bounded): 370 MB
}

// The inputs the fuzz target found or was given as past crashes (fuzz/regressions/source/), in
// this build too (the sanitizer build replays them under libFuzzer): each ends in a documented
// error of one line, quickly.
TEST(HostileSources, FuzzRegressions) {
  const std::string dir = std::string(SCANSCOPE_SOURCE_DIR) + "/fuzz/regressions/source";
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  ASSERT_GE(names.size(), 11u);
  for (const std::string& name : names) {
    std::ifstream f(dir + "/" + name, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::string what = "(no error)";
    try {
      run_source_fuzz_input(source_fuzz_request(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    } catch (const UsageError& e) {
      what = e.what();
    } catch (const cuda::CudaError& e) {
      what = e.what();
    }
    EXPECT_EQ(what.find('\n'), std::string::npos) << name << ": " << what;
  }
}
