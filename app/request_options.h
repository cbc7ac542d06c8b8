// The options of a trace request on the command line (--kernel, --n, --op, -D, ...), shared by
// `trace`, `compile`, `check` and the window.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/runner.h"

namespace CLI {
class App;
}

namespace scanscope {

constexpr int kNotGiven = std::numeric_limits<int>::min();  // an integer option left out

struct RequestOptions {
  std::string kernel = "scan-blelloch";
  int n = kNotGiven;  // 16, or the length of --input
  int threads = kNotGiven;     // the kernel's natural block size for n
  int banks = 32;
  int warp_issue = kNotGiven;  // same as banks (16 banks means G80 half-warps)
  std::string pad = "none";
  std::string op = operator_name(TraceRequest{}.op);
  std::string type = type_name(TraceRequest{}.type);
  std::string scan;
  std::string input;
  unsigned seed = 1;
  int bits = kNotGiven;  // as many as the largest key needs
  std::string device = "auto";
  std::string source, entry;
  std::vector<std::string> defines;  // NAME=VALUE
  std::vector<std::string> include_dirs;  // --include-dir DIR (not for `check`)
};

// Which options: all of them, or those of a command that runs files it is given (`check`: no
// --kernel, --source or --device).
enum class RequestFlags { All, ForFiles };
void add_request_options(CLI::App* app, RequestOptions& o, RequestFlags which = RequestFlags::All);

// The request the options ask for; throws UsageError for a malformed value. With `resolve` it is
// also checked against the kernel file (every check before anything runs), and `resolved` (when not
// null) gets the resolved kernel, for the command to run without resolving it again. `device` may
// be null.
TraceRequest to_request(const RequestOptions& o, Device* device, bool resolve = true, ResolvedKernel* resolved = nullptr);

}  // namespace scanscope
