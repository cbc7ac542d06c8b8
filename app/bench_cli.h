// `scanscope bench`: device-wide timings (see bench/bench.h).
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace scanscope {

// The options of `scanscope bench`, as given on the command line.
struct BenchOptions {
  std::string kernel = "all";
  long long min_n = 1 << 10;
  long long max_n = 0;  // when --max is left out: 2^28 with a GPU, 2^24 without
  std::string json;
  std::string type = "int";
  int repeats = 20;
  int warmup = 3;
  std::string preset;
  std::string kept = "10,50,90";  // the stream compactions' kept fractions, percent
  bool quiet = false;
};

// Adds the `bench` subcommand to app, its options bound to o (which must outlive the parse);
// returns it.
CLI::App* add_bench_command(CLI::App& app, BenchOptions& o);
// Runs it after parsing (cmd: what add_bench_command returned); returns the exit code. Throws
// UsageError for bad option values.
int run_bench_command(const BenchOptions& o, const CLI::App& cmd);

}  // namespace scanscope
