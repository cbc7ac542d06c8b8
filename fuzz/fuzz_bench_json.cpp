// libFuzzer target: the benchmark-results loader rejects malformed files with an exception.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "bench/bench.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    scanscope::BenchResults r = scanscope::bench_from_json(text, "fuzz");
    scanscope::bench_from_json(scanscope::bench_to_json(r), "fuzz-roundtrip");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
