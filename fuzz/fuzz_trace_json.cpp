// libFuzzer target: the trace loader must reject any malformed input with an exception, never crash.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "formats/trace_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    scanscope::Trace t = scanscope::trace_from_json(text, "fuzz");
    // A file that loads must survive a round trip.
    scanscope::trace_from_json(scanscope::trace_to_json(t), "fuzz-roundtrip");
  } catch (const std::runtime_error&) {
  }
  return 0;
}
