// NVRTC, CUDA's runtime compiler, loaded when the program first needs it (from the CUDA toolkit:
// $CUDA_HOME/lib64, /usr/local/cuda/lib64, or the library path). Machines without the toolkit run
// everything else; what needs the compiler says why it is missing.
#pragma once

#include <string>
#include <vector>

namespace scanscope::nvrtc {

struct Result {
  bool ok = false;
  std::string log;           // the compiler's messages
  std::string ptx;           // always (a compile for sm_XX makes it on the way to the cubin)
  std::vector<char> cubin;   // when asked for machine code
  std::string lowered_name;  // of the name expression, when one was given
};

// Whether NVRTC could be loaded; `why` says why not.
bool available(std::string* why = nullptr);
std::string version();

// Compiles `source` (named `name` in messages) for `arch` (e.g. "sm_90", or "compute_90" for PTX
// only). name_expression: a __global__ function whose mangled name to return (several, one a
// line: each is compiled, which a template's instantiation needs; the first one's is returned).
Result compile(const std::string& source, const std::string& name, const std::string& arch, bool want_cubin,
               const std::string& name_expression = "", const std::vector<std::string>& extra_options = {});

// The first error of a compiler log, "FILE(LINE): error: MESSAGE" as NVRTC writes it (the file
// named by the #line directives of the printed source, so the user's file): false when the log has
// no error line with a position.
struct LogError {
  std::string file;
  int line = 0;
  std::string message;
};
bool first_error(const std::string& log, LogError* out);

}  // namespace scanscope::nvrtc
