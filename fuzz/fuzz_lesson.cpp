// libFuzzer target: the lesson parser reports any malformed file as a LessonError naming file and
// line; it never crashes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    scanscope::parse_lesson(text, "fuzz.lesson");
  } catch (const scanscope::LessonError&) {
  } catch (const scanscope::UsageError&) {
  }
  return 0;
}
