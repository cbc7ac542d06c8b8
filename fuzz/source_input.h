// What fuzz_source does with one input, shared with the test that replays its regression files
// (HostileSources.FuzzRegressions): byte 0 picks the request (n, type, operator, banks), the rest is
// the text of kernels/app/fuzz-source.cu (so `#include "../scan/scan-blelloch.cu"` works as in the
// applications); it goes through resolve_kernel and run_interpreter, as `scanscope trace --source`,
// `scanscope check` and the window's Run do, and a trace that comes out is checked (the reference,
// and every check of the autograder) and written and read back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/check.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/ops.h"
#include "formats/trace_json.h"

namespace scanscope {

inline TraceRequest source_fuzz_request(const uint8_t* data, size_t size) {
  const uint8_t o = size > 0 ? data[0] : 0;
  static const int kN[] = {16, 1, 2, 7, 32, 100, 256, 1024};
  TraceRequest r;
  r.n = kN[o & 7];
  r.type = (o & 8) ? ValueType::Float : ValueType::Int;
  r.op = static_cast<Operator>(((o >> 4) & 7) % operators().size());
  r.banks = (o & 128) ? 16 : 32;
  r.source = kernel_dir() + "/app/fuzz-source.cu";
  if (size > 1) r.source_text.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  r.has_source_text = true;
  return r;
}

// Throws what resolve_kernel and run_interpreter throw (UsageError, cuda::CudaError: the only
// documented ways out) and anything else that goes wrong (a bug).
// The interpreter's budget here is 2 million instructions, not 100 million: the catalogue's largest
// trace needs about 4 million, but an input that loops forever then ends in well under a second
// under the sanitizers, so libFuzzer's -timeout finds hangs and not a slow machine.
inline void run_source_fuzz_input(const TraceRequest& r) {
  ResolvedKernel k = resolve_kernel(r);
  k.instruction_budget = 2000000;
  const Trace t = run_interpreter(k);
  std::string why;
  check_kernel_output(t, k.check, &why);
  static const std::vector<CheckSpec> kEveryCheck = {{CheckKind::Output, 0},     {CheckKind::Conflicts, 0}, {CheckKind::Race, 0},
                                                     {CheckKind::Divergence, 0}, {CheckKind::Barriers, 0},  {CheckKind::ElementsPerThread, 1}};
  check_trace(t, kEveryCheck);
  trace_from_json(trace_to_json(t), "fuzz-roundtrip");  // every trace the interpreter makes loads back
}

}  // namespace scanscope
