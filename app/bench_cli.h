// `scanscope bench`: device-wide timings (see kernels/bench.h).
#pragma once

namespace CLI {
class App;
}

namespace scanscope {

// Adds the `bench` subcommand and its options to app; returns it.
CLI::App* add_bench_command(CLI::App& app);
// Runs it after parsing; returns the exit code. Throws UsageError for bad option values.
int run_bench_command();

}  // namespace scanscope
