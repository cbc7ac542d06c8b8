// Exercises: plain-text files in assets/exercises/ (docs/exercises.md). An exercise gives a task, a
// starting kernel file and a model solution, and one or more runs, each a set of options (as in a
// lesson step) and the checks the student's kernel must pass on that run (engine/check.h).
//
// Format (one "key: value" per line; '#' starts a comment line; an indented line continues the
// previous value; a "run:" line starts a new run and gives its title):
//   exercise: pad-blelloch
//   title: Pad the Blelloch scan
//   from: scan paper (Harris, Sengupta, Owens 2007), Listing 3
//   start: pad-blelloch-start.cu        (a .cu file beside the exercise, or a catalogue kernel id)
//   solution: pad-blelloch-solution.cu  (likewise)
//   task: Add CONFLICT_FREE_OFFSET to every shared index ...
//   hint: Simple padding leaves 2-way conflicts with 16 banks ...
//   run: 512 floats, 16 banks (G80)
//   n: 512
//   banks: 16
//   check: output
//   check: max-conflicts 0
// File keys: exercise (the name) title from start solution task hint; all but from are required.
// Run keys: n threads banks warp-issue pad op type scan input seed bits define (as in a lesson
// step) and check, given once per check, in the order they are reported:
//   output | no-race | max-conflicts K | max-divergent-steps K | max-barriers K | elements-per-thread E
// The output must equal the operation of the model solution's `check:` line for that run (the
// student's own check: line is not trusted). Every run must resolve against the model solution
// (its options, its require: lines); the loader checks that, not whether the solution passes (the
// tests do).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/check.h"

namespace scanscope {

// Runs one exercise may have (each traces the submission; the shipped exercises: at most 3).
constexpr int kMaxExerciseRuns = 16;

struct ExerciseRun {
  int line = 0;
  std::string title;
  TraceRequest request;  // the run's options (kernel and source are the submission's)
  std::vector<CheckSpec> checks;
  std::string expect;    // the operation the output must equal (the model solution's check: for this run)
};

struct Exercise {
  std::string file, name, title, from, task, hint;
  std::string start_path, solution_path;  // on disk
  std::string start, solution;            // as the exercise file writes them (a file name or a kernel id)
  std::vector<ExerciseRun> runs;
};

// A malformed exercise: what() is "FILE:LINE: problem".
struct ExerciseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Exercise parse_exercise(const std::string& text, const std::string& file);
Exercise load_exercise_file(const std::string& path);

// The exercises in a folder (default asset_dir()/exercises), sorted by file name. A file that fails
// to parse throws ExerciseError; a missing folder UsageError.
std::vector<Exercise> load_exercises(const std::string& dir = "");
// By name ("pad-blelloch") or file stem; throws UsageError listing the names.
Exercise find_exercise(const std::string& name, const std::string& dir = "");

// The text of a start or solution file (an exercise's start_path / solution_path); throws
// UsageError naming the file when it cannot be read.
std::string read_exercise_file(const std::string& path);

// Every run of the exercise on `source_text`, checked: a report whose outcomes carry their run's
// title. Never throws for a bad kernel text: a compile error, a fault or a refused option is a
// failed "runs" check with its line. `display_name` names the text in sentences and is where its
// #include "..." lines are looked up from (a path; default: the exercise's start file).
// on_gpu: each run also on the GPU (check_request's "gpu" outcome).
CheckReport check_exercise(const Exercise& e, const std::string& source_text, const std::string& display_name, bool on_gpu = false);

}  // namespace scanscope
