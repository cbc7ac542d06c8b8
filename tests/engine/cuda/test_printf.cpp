// printf in kernels: each thread's lines in a defined order (launch, block, step, thread), attached
// to the step they were printed in; the format checked against the values when the text is read;
// the output's volume bounded; the lines kept in trace files.
#include <gtest/gtest.h>

#include "engine/cuda/source.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

Trace trace_of(const std::string& text, int n = 64) {
  TraceRequest r;
  r.n = n;
  for (int i = 0; i < n; ++i) r.input.push_back(i + 1);
  r.source = kernel_dir() + "/app/printf.cu";
  r.source_text = text;
  r.has_source_text = true;
  return run_interpreter(resolve_kernel(r));
}

std::string error_of(const std::string& text) {
  try {
    trace_of(text);
  } catch (const cuda::CudaError& e) {
    return e.what();
  }
  return "no error";
}

const std::string kHeader = "// launch: k<<<2, 64>>>(in, out, N)\n// check: reduce\n";
const std::string kBody =
    "__global__ void k(const int *in, int *out, int n) {\n"
    "  __shared__ int s[64];\n"
    "  int t = threadIdx.x;\n"
    "  s[t] = in[t];\n"
    "  if (t >= 62 && blockIdx.x == 1) printf(\"thread %d: %3d (%.1f)\\n\", t, s[t], s[t] / 2.0f);\n"
    "  __syncthreads();\n"
    "  if (t == 0 && blockIdx.x == 0) { int sum = 0; for (int i = 0; i < 64; ++i) sum += s[i]; printf(\"sum %d = 0x%x%%\", sum, sum); out[0] = sum; }\n"
    "}\n";

TEST(Printf, LinesComeInThreadOrderAttachedToTheirStep) {
  const Trace t = trace_of(kHeader + kBody);
  ASSERT_EQ(t.prints.size(), 3u);
  // block 0 prints after its barrier (its second step), block 1 before it (the first of its two)
  EXPECT_EQ(t.prints[0].block, 0);
  EXPECT_EQ(t.prints[0].text, "sum 2080 = 0x820%");
  EXPECT_EQ(t.prints[0].step, 1);
  EXPECT_EQ(t.prints[1].block, 1);
  EXPECT_EQ(t.prints[1].tid, 62);
  EXPECT_EQ(t.prints[1].text, "thread 62:  63 (31.5)");
  EXPECT_EQ(t.prints[2].tid, 63);
  EXPECT_EQ(t.prints[1].step, 2);
  EXPECT_EQ(t.steps[static_cast<size_t>(t.prints[1].step)].block, 1);
}

TEST(Printf, EachLineBreakEndsALineAndTabsAlign) {
  const Trace t = trace_of(kHeader + "__global__ void k(const int *in, int *out, int n) { if (threadIdx.x == 0 && blockIdx.x == 0) "
                                     "{ printf(\"a\\tb\\nsecond\\n\\nfourth\"); out[0] = 2080; } }\n");
  ASSERT_EQ(t.prints.size(), 4u);
  EXPECT_EQ(t.prints[0].text, "a       b");
  EXPECT_EQ(t.prints[1].text, "second");
  EXPECT_EQ(t.prints[2].text, "");
  EXPECT_EQ(t.prints[3].text, "fourth");
}

TEST(Printf, AControlCodeOrAByteAbove127IsWrittenAsAnEscape) {
  const Trace t = trace_of(kHeader + "__global__ void k(const int *in, int *out, int n) { if (threadIdx.x == 0 && blockIdx.x == 0) "
                                     "{ printf(\"[%c%c%c]\", 27, 200, 65); out[0] = 2080; } }\n");
  ASSERT_EQ(t.prints.size(), 1u);
  EXPECT_EQ(t.prints[0].text, "[\\x1b\\xc8A]");
  EXPECT_EQ(trace_from_json(trace_to_json(t), "test").prints.at(0).text, t.prints[0].text);
}

TEST(Printf, TraceFilesKeepTheLines) {
  const Trace t = trace_of(kHeader + kBody);
  const Trace back = trace_from_json(trace_to_json(t), "test");
  ASSERT_EQ(back.prints.size(), t.prints.size());
  for (size_t i = 0; i < t.prints.size(); ++i) {
    EXPECT_EQ(back.prints[i].text, t.prints[i].text);
    EXPECT_EQ(back.prints[i].step, t.prints[i].step);
    EXPECT_EQ(back.prints[i].tid, t.prints[i].tid);
    EXPECT_EQ(back.prints[i].block, t.prints[i].block);
  }
}

TEST(Printf, TheFormatIsCheckedAgainstTheValues) {
  const std::string k = "__global__ void k(const int *in, int *out, int n) { float f = 1.5f; ";
  EXPECT_EQ(error_of(kHeader + k + "printf(\"%d\\n\", f); }\n"),
            "kernels/app/printf.cu:3:84: printf '%d' prints an integer, and this value is float (convert it, or use %f)");
  EXPECT_EQ(error_of(kHeader + k + "printf(\"%d %d\\n\", 1); }\n"), "kernels/app/printf.cu:3:69: printf's format has 2 conversions for 1 values");
  EXPECT_NE(error_of(kHeader + k + "printf(\"%s\\n\", 1); }\n").find("printf: conversion '%s' is not supported"), std::string::npos);
  EXPECT_NE(error_of(kHeader + k + "printf(\"%ld\\n\", 1); }\n").find("printf '%ld' prints a 64-bit integer, and this value is int"), std::string::npos);
  EXPECT_NE(error_of(kHeader + k + "printf(\"%d\\n\", 1ll); }\n").find("printf '%d' prints a 32-bit integer, and this value is long long (use %lld or %llu)"), std::string::npos);
  EXPECT_NE(error_of(kHeader + k + "printf(\"%n\\n\", 1); }\n").find("conversion '%n' is not supported"), std::string::npos);
  EXPECT_NE(error_of(kHeader + k + "printf(n); }\n").find("printf needs a format in quotes first"), std::string::npos);
}

// %hd, %hhu, %hx: C converts the int to a short or a char before printing it.
TEST(Printf, HAndHhPrintTheValueAsAShortOrAChar) {
  const Trace t = trace_of(kHeader + "__global__ void k(const int *in, int *out, int n) { if (threadIdx.x == 0 && blockIdx.x == 0) "
                                     "{ int v = 65536 + 300 + in[0] - 1; unsigned char c = 250; short s = -7; "
                                     "printf(\"%hd %hhu %hhd %5hx|%hu %hhx\\n\", v, v, v, v, s, c); out[0] = 2080; } }\n");
  ASSERT_EQ(t.prints.size(), 1u);
  EXPECT_EQ(t.prints[0].text, "300 44 44   12c|65529 fa");
  const std::string k = "__global__ void k(const int *in, int *out, int n) { float f = 1.5f; ";
  EXPECT_NE(error_of(kHeader + k + "printf(\"%hf\\n\", f); }\n").find("the length 'h' is for the integer conversions"), std::string::npos);
  EXPECT_NE(error_of(kHeader + k + "printf(\"%hhd\\n\", 1ll); }\n").find("prints a 32-bit integer, and this value is long long"), std::string::npos);
}

TEST(Printf, TooMuchOutputIsAFault) {
  const std::string text = kHeader +
                           "__global__ void k(const int *in, int *out, int n) {\n"
                           "  for (int i = 0; i < 1000; ++i) printf(\"%d\\n\", i);\n"
                           "}\n";
  EXPECT_NE(error_of(text).find("thread 10 of block 0: more than 10000 printf lines in one run"), std::string::npos) << error_of(text);
  EXPECT_NE(error_of(kHeader + "__global__ void k(const int *in, int *out, int n) { printf(\"%900d%900d\\n\", 1, 2); }\n")
                .find("one printf prints more than 1000 characters"),
            std::string::npos);
}

}  // namespace

namespace {

// The GPU run's output is split into lines as the interpreter splits each printf's text, so that
// the two compare line for line (engine/gpu/gpu_check.cpp).
TEST(Printf, LinesAreSplitTabbedAndEscapedOneWay) {
  EXPECT_EQ(print_lines("a\nb\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(print_lines("no break"), (std::vector<std::string>{"no break"}));
  EXPECT_EQ(print_lines("\n\n"), (std::vector<std::string>{"", ""}));
  EXPECT_EQ(print_lines("ab\tc\n"), (std::vector<std::string>{"ab      c"}));
  EXPECT_EQ(print_lines(std::string("x\x01y\x7f")), (std::vector<std::string>{"x\\x01y\\x7f"}));
  EXPECT_TRUE(print_lines("").empty());
}

}  // namespace
