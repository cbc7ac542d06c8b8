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

#include "engine/caches.h"
#include "fuzz/source_input.h"

namespace {

void require_one_line(const char* what) {
  if (*what && !std::strchr(what, '\n')) return;
  std::fprintf(stderr, "error message is not one line: [%s]\n", what);
  std::abort();
}

// What one input allocates it frees again (engine/caches.h): with the caches kept, nearly every new
// text left more mallocs than frees, so libFuzzer ran it a second time for its leak check and
// LeakSanitizer scanned the heap after it (fuzz_source's test: 60 CPU seconds under the sanitizers,
// 30 without the second runs; a leak still shows as more mallocs than frees and is still found).
struct ForgetCaches {
  ~ForgetCaches() {
    scanscope::clear_build_caches();
    scanscope::clear_resolve_counts();
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const ForgetCaches forget;
  try {
    scanscope::run_source_fuzz_input(scanscope::source_fuzz_request(data, size));
  } catch (const scanscope::UsageError& e) {
    require_one_line(e.what());
  } catch (const scanscope::cuda::CudaError& e) {
    require_one_line(e.what());
  }
  return 0;
}
