// libFuzzer target: the command-line parser and request validation. The input is split into
// arguments at newlines and given to `scanscope trace --quiet --device cpu ...`; options that would
// write files or start other commands are dropped. Any crash, sanitizer report or uncaught
// exception is a bug: every bad value must end in one error line and exit 2.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
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
