// Runs a kernel file's text on the interpreter, as the language tests do: the outcome's kind
// (ok, usage, error, fault), the message, and the output.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/cuda/source.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"

namespace scanscope {

struct Outcome {
  std::string kind;  // ok, usage, error, fault
  std::string what;
  std::vector<double> out;
};

// The request that runs `text` as the kernel file kernels/app/inline.cu (the text stands in for
// it), on n ones.
inline TraceRequest inline_request(const std::string& text, int n = 64, ValueType type = ValueType::Int) {
  TraceRequest r;
  r.n = n;
  r.type = type;
  r.input.assign(static_cast<size_t>(n), 1.0);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = text;
  r.has_source_text = true;
  return r;
}

// Runs `text` as inline_request does, n = 64.
inline Outcome run_text(const std::string& text, int n = 64, ValueType type = ValueType::Int) {
  const TraceRequest r = inline_request(text, n, type);
  Outcome o;
  try {
    const Trace t = run_interpreter(resolve_kernel(r));
    o.kind = "ok";
    o.out = t.output;
  } catch (const UsageError& e) {
    o.kind = "usage";
    o.what = e.what();
  } catch (const cuda::CudaError& e) {
    o.kind = e.fault ? "fault" : "error";
    o.what = e.what();
  }
  return o;
}

// Expects outcome o to be an error of one line that contains `want`; `label` says which case
// failed (the kernel's body, usually).
inline void expect_error_line(const Outcome& o, const std::string& want, const std::string& label) {
  EXPECT_EQ(o.kind, "error") << label;
  EXPECT_NE(o.what.find(want), std::string::npos) << label << " gave: " << o.what;
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;  // one line
}

}  // namespace scanscope
