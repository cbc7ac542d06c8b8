// libFuzzer target: the exercise parser reports any malformed file as an ExerciseError naming file
// and line (or a UsageError); it never crashes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/exercise.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    scanscope::parse_exercise(text, "fuzz.exercise");
  } catch (const scanscope::ExerciseError&) {
  } catch (const scanscope::UsageError&) {
  }
  return 0;
}
