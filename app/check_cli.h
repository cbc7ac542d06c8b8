// `scanscope check`: the autograder (kernel files against an exercise's checks, or against the
// sequential reference and limits given as options), and `scanscope exercise list|show`.
// docs/exercises.md describes both and the JSON.
#pragma once

#include <string>
#include <vector>

#include "request_options.h"

namespace CLI {
class App;
}

namespace scanscope {

// The options of `scanscope check`, as given on the command line.
struct CheckOptions {
  std::vector<std::string> files;
  std::string exercise;
  bool list = false;
  std::string json;  // "-" (also --json alone): standard output
  RequestOptions request;
  long long max_conflicts = -1, max_divergent_steps = -1, max_barriers = -1;  // -1: not given
  long long elements_per_thread = 0;                                          // 0: not given
  bool no_race = false;
  bool gpu = false;  // --gpu: each run also on the GPU (the "gpu" outcome)
};

struct ExerciseCommandOptions {
  std::string action, name;
};

// Add the subcommands to app, their options bound to o (which must outlive the parse); return them.
CLI::App* add_check_command(CLI::App& app, CheckOptions& o);
CLI::App* add_exercise_command(CLI::App& app, ExerciseCommandOptions& o);

// Run them after parsing (cmd: what add_check_command returned); return the exit code: 0 every
// check of every file passed, 1 one failed. Throw UsageError for bad input (exit 2).
int run_check_command(const CheckOptions& o, const CLI::App& cmd);
int run_exercise_command(const ExerciseCommandOptions& o);

}  // namespace scanscope
