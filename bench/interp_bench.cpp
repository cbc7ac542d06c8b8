// scanscope-interp-bench: how long the CPU emulator takes to trace a kernel file (interpreter,
// bank model and compiler view: what `scanscope trace --device cpu` and the window do), as JSON.
// A cold run is the first of its kernel in the process (preprocess, parse, compile to bytecode,
// NVRTC's PTX for the compiler view); a warm run finds the build cached and only interprets.
//   scanscope-interp-bench [--reps N] [--out FILE]
// docs/performance.md gives the targets and the recorded numbers (assets/bench/interpreter-*.json).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/runner.h"

namespace {

struct Case {
  const char* kernel;
  int n;
  double limit_ms;  // the target for a warm run; 0: none
};

// The two targets (scan-blelloch 20 ms, app-radix-sort 300 ms at n = 2048) and, for scale,
// one reduction and the naive scan.
const Case kCases[] = {
    {"scan-blelloch", 2048, 20.0},
    {"app-radix-sort", 2048, 300.0},
    {"reduce-sequential", 1024, 0.0},
    {"scan-hillis-steele", 1024, 0.0},
    // issue "The whole grid": the scan paper's three-kernel large-array scan of 2^16 elements, every
    // block of every launch traced with its global accesses, in at most 2 s
    {"scan-large-array", 65536, 2000.0},
};

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) o += c;
  }
  return o + "\"";
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 15;
  std::string out_path;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) {
      reps = std::atoi(argv[++i]);
      if (reps < 1 || reps > 1000) {
        std::cerr << "scanscope-interp-bench: --reps takes 1 to 1000\n";
        return 2;
      }
    } else if (a == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (a == "--help" || a == "-h") {
      std::cout << "usage: scanscope-interp-bench [--reps N] [--out FILE]\n"
                   "Times the CPU emulator's trace of a few kernel files (cold: first run in the process;\n"
                   "warm: the build cached) and writes JSON to FILE or stdout.\n";
      return 0;
    } else {
      std::cerr << "scanscope-interp-bench: unknown option '" << a << "' (try --help)\n";
      return 2;
    }
  }

  std::ostringstream js;
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  js << "{\n  \"benchmark\": \"interpreter\",\n  \"date\": \"" << date << "\",\n  \"cpu\": " << json_string(cpu_model())
     << ",\n  \"cores\": " << sysconf(_SC_NPROCESSORS_ONLN) << ",\n  \"reps\": " << reps << ",\n  \"cases\": [";
  bool all_within = true;
  for (size_t c = 0; c < sizeof kCases / sizeof kCases[0]; ++c) {
    const Case& k = kCases[c];
    scanscope::TraceRequest r;
    r.kernel = k.kernel;
    r.n = k.n;
    r.seed = 1;
    auto t0 = std::chrono::steady_clock::now();
    scanscope::Trace t = scanscope::run_emulator(r);
    const double cold = ms_since(t0);
    std::vector<double> warm;
    for (int i = 0; i < reps; ++i) {
      t0 = std::chrono::steady_clock::now();
      scanscope::Trace w = scanscope::run_emulator(r);
      warm.push_back(ms_since(t0));
    }
    std::sort(warm.begin(), warm.end());
    const double median = warm[warm.size() / 2];
    size_t accesses = 0;
    size_t global = 0;
    for (const auto& s : t.steps) {
      accesses += s.accesses.size();
      global += s.global.size();
    }
    const bool within = k.limit_ms <= 0 || median <= k.limit_ms;
    all_within = all_within && within;
    js << (c ? "," : "") << "\n    {\"kernel\": \"" << k.kernel << "\", \"n\": " << k.n << ", \"steps\": " << t.steps.size()
       << ", \"accesses\": " << accesses << ", \"global_accesses\": " << global << ", \"cold_ms\": " << cold << ", \"warm_ms_median\": " << median << ", \"warm_ms_min\": " << warm.front();
    if (k.limit_ms > 0) js << ", \"limit_ms\": " << k.limit_ms << ", \"within_limit\": " << (within ? "true" : "false");
    js << "}";
    std::cerr << k.kernel << " n=" << k.n << ": cold " << cold << " ms, warm median " << median << " ms"
              << (k.limit_ms > 0 ? std::string(within ? " (within " : " (OVER ") + std::to_string(static_cast<int>(k.limit_ms)) + " ms)" : "") << "\n";
  }
  js << "\n  ]\n}\n";
  if (out_path.empty()) {
    std::cout << js.str();
  } else {
    std::ofstream f(out_path);
    f << js.str();
    if (!f) {
      std::cerr << "scanscope-interp-bench: cannot write " << out_path << "\n";
      return 1;
    }
  }
  return all_within ? 0 : 3;
}
