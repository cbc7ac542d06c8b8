// Placeholder until the device-wide benchmarks land: says so plainly.
#include "bench_cli.h"

#include <CLI/CLI.hpp>

#include "catalogue.h"

namespace scanscope {

CLI::App* add_bench_command(CLI::App& app) { return app.add_subcommand("bench", "device-wide timings (not built yet)"); }

int run_bench_command() { throw UsageError("bench is not implemented in this build yet"); }

}  // namespace scanscope
