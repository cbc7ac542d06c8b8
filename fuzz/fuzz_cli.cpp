// libFuzzer target: the command-line parser and request validation. The input is split into
// arguments at newlines and given to `scanscope trace --quiet --device cpu ...`; options that would
// write files or start other commands are dropped. Any crash, sanitizer report or uncaught
// exception is a bug: every bad value must end in one error line and exit 2.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli.h"
#include "engine/caches.h"

namespace {

// The per-request resolution counts (engine/caches.h) forgotten after each input: each new request
// added an entry, so nearly every input ended with more mallocs than frees and libFuzzer ran it a
// second time for its leak check, LeakSanitizer scanning the heap after it. The kernel builds and
// compiler views stay cached, unlike fuzz_source.cpp's: this target's inputs trace the same few
// catalogue kernels again and again, and building each anew cost more than the second runs did
// (1000 runs: 4.7-5.1 CPU seconds as it was, 6.0-6.6 with every cache cleared, 3.9 with the
// counts alone). A leak still shows as more mallocs than frees and is still found.
struct ForgetCounts {
  ~ForgetCounts() { scanscope::clear_resolve_counts(); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  const ForgetCounts forget;
  std::vector<std::string> args = {"scanscope", "trace", "--quiet", "--device", "cpu"};
  std::string cur;
  for (size_t i = 0; i <= size; ++i) {
    if (i == size || data[i] == '\n') {
      if (cur.find("json") == std::string::npos && cur != "validate" && cur != "bench" && cur != "list" &&
          cur.find("--device") == std::string::npos && cur != "gpu")
        args.push_back(cur);
      cur.clear();
      if (args.size() > 40) break;
    } else {
      cur += static_cast<char>(data[i]);
    }
  }
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  scanscope::cli_main(static_cast<int>(args.size()), argv.data());
  return 0;
}
