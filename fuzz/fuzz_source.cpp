// libFuzzer target: a kernel file's text as a student might type it into the window or hand it to
// an autograder, through the interpreter and everything that reads its trace (fuzz/source_input.h).
// The only way out is one of the documented errors, one line each: UsageError (a bad request) or
// cuda::CudaError (an error in the text, or a fault of the running kernel). Anything else is a bug:
// a crash, a sanitizer report, another exception, an error of several lines, a hang (libFuzzer's
// -timeout) or memory beyond -rss_limit_mb.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fuzz/source_input.h"

namespace {

void require_one_line(const char* what) {
  if (*what && !std::strchr(what, '\n')) return;
  std::fprintf(stderr, "error message is not one line: [%s]\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  try {
    scanscope::run_source_fuzz_input(scanscope::source_fuzz_request(data, size));
  } catch (const scanscope::UsageError& e) {
    require_one_line(e.what());
  } catch (const scanscope::cuda::CudaError& e) {
    require_one_line(e.what());
  }
  return 0;
}
