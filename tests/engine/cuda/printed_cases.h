// Expressions checked against the host's C++: each case is an expression's text and what this
// host prints for it (the same tokens compiled here), and the kernel prints every one from thread
// 0 after the same variables; the lines must be equal. test_widths.cpp (8-byte scalars) and
// test_bytes.cpp (1- and 2-byte integers) use it.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "engine/runner.h"
#include "tests/engine/cuda/inline_kernel.h"

namespace scanscope {

struct PrintedCase {
  const char* text;  // the expression
  const char* fmt;   // how both sides print it: %d, %u, %lld, %llu, %.9g (a float), %.17g (a double)
  std::string host;  // what C++ here prints
};

template <class V>
std::string fmt_host(const char* fmt, V v) {
  char buf[128];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

#define PRINTED_STR2(x) #x
#define PRINTED_STR(x) PRINTED_STR2(x)
// The case of expression E, computed here in its own type and printed as T with format F.
#define PRINTED_CASE(T, F, E) PrintedCase{#E, F, fmt_host(F, (T)(E))}

// Runs the kernel that declares `vars` (the text the host's cases were computed after) and prints
// each case, cast to its format's type as the host's value was; expects the host's lines.
inline void expect_printed_cases(const std::string& vars, const std::vector<PrintedCase>& cs) {
  std::string body = "  if (threadIdx.x == 0) {\n    " + vars + "\n";
  for (const PrintedCase& c : cs) {
    const std::string f = c.fmt;
    const std::string ct = f == "%lld" ? "long long" : f == "%llu" ? "unsigned long long" : f == "%u" ? "unsigned" : f == "%d" ? "int"
                           : f == "%.9g" ? "float" : "double";
    body += "    printf(\"" + f + "\\n\", (" + ct + ")(" + c.text + "));\n";
  }
  body += "  }\n  out[threadIdx.x] = in[threadIdx.x];\n";
  const std::string text = "// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n// types: int\n#include <stdio.h>\n"
                           "__global__ void k(const int *in, int *out, int n) {\n" + body + "}\n";
  Trace t;
  try {
    t = run_interpreter(resolve_kernel(inline_request(text, 32)));
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(t.prints.size(), cs.size());
  for (size_t k = 0; k < cs.size(); ++k) EXPECT_EQ(t.prints[k].text, cs[k].host) << cs[k].text << " (" << cs[k].fmt << ")";
}

}  // namespace scanscope
