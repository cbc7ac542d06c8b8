// libFuzzer target: a kernel file's text as a student might type it into the window or hand it to
// an autograder. Byte 0 picks the request (n, type, operator, banks); the rest is the text of
// kernels/app/fuzz-source.cu (so `#include "../scan/scan-blelloch.cu"` works as in the
// applications). It goes through resolve_kernel and run_interpreter, as `scanscope trace --source`,
// `scanscope check` and the window's Run do, and a trace that comes out must be checked (the
// reference, and every check of the autograder) and written and read back.
// The only way out is one of the documented errors, one line each: UsageError (a bad request) or
// cuda::CudaError (an error in the text, or a fault of the running kernel). Anything else is a bug:
// a crash, a sanitizer report, another exception, an error of several lines, a hang (libFuzzer's
// -timeout) or memory beyond -rss_limit_mb.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/check.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "formats/trace_json.h"

namespace {

void require_one_line(const char* what) {
  if (*what && !std::strchr(what, '\n')) return;
  std::fprintf(stderr, "error message is not one line: [%s]\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace scanscope;
  if (size < 1) return 0;
  const uint8_t o = data[0];
  static const int kN[] = {16, 1, 2, 7, 32, 100, 256, 1024};
  TraceRequest r;
  r.n = kN[o & 7];
  r.type = (o & 8) ? ValueType::Float : ValueType::Int;
  r.op = static_cast<Operator>(((o >> 4) & 7) % operators().size());
  r.banks = (o & 128) ? 16 : 32;
  static const std::string path = kernel_dir() + "/app/fuzz-source.cu";
  r.source = path;
  r.source_text.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  r.has_source_text = true;
  try {
    const ResolvedKernel k = resolve_kernel(r);
    const Trace t = run_interpreter(k);
    std::string why;
    check_kernel_output(t, k.check, &why);
    static const std::vector<CheckSpec> kEveryCheck = {{CheckKind::Output, 0},   {CheckKind::Conflicts, 0},  {CheckKind::Race, 0},
                                                       {CheckKind::Divergence, 0}, {CheckKind::Barriers, 0}, {CheckKind::ElementsPerThread, 1}};
    check_trace(t, kEveryCheck);
    trace_from_json(trace_to_json(t), "fuzz-roundtrip");  // every trace the interpreter makes loads back
  } catch (const UsageError& e) {
    require_one_line(e.what());
  } catch (const cuda::CudaError& e) {
    require_one_line(e.what());
  }
  return 0;
}
