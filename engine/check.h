// Checks of a traced run, for exercises and the autograder (`scanscope check`): the output against
// the sequential reference, bank conflicts, races, divergent warps, barriers, the launch's shape.
// Every check gives one sentence a student understands, naming the step and line where it fails.
// The rules are in docs/exercises.md.
#pragma once

#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/trace.h"

namespace scanscope {

enum class CheckKind : int {
  Runs = 0,           // the kernel compiles and runs (always checked first; not written in a spec)
  Output,             // the output equals the sequential reference of the operation
  Conflicts,          // at most `limit` bank conflicts (loads and stores together)
  Race,               // no two threads touch one shared word between two barriers, one writing
  Divergence,         // at most `limit` steps whose active threads are spread over more warps than they fill
  Barriers,           // at most `limit` __syncthreads() executed
  ElementsPerThread,  // the block has at most next_pow2(ceil(n / limit)) threads
};

// One check with its limit, as an exercise file or the command line writes it:
// "output", "no-race", "max-conflicts K", "max-divergent-steps K", "max-barriers K",
// "elements-per-thread E".
struct CheckSpec {
  CheckKind kind = CheckKind::Output;
  long long limit = 0;
  bool operator==(const CheckSpec& o) const { return kind == o.kind && limit == o.limit; }
};

// The name of a check's outcome ("runs", "output", "conflicts", "race", "divergence", "barriers",
// "launch") and a spec as written ("max-conflicts 0").
const char* check_name(CheckKind kind);

// What would fix race h: between two warps a barrier; inside one warp, code that assumed the warp
// runs in lockstep (before Volta) needs __syncwarp(). One sentence, for the command line and the check.
std::string race_fix(const Hazard& h);
// The same for a race on a global element within a block (Step::global_hazards), and how it is
// named ("out[3]").
std::string global_race_fix(const Trace& t, const Hazard& h);
std::string global_element_name(const Trace& t, const Hazard& h);
// Whether any step has a race, in shared or in global memory.
bool has_race(const Trace& t);
std::string spec_text(const CheckSpec& spec);
// Parses a spec as written; false with *why naming the accepted forms.
bool parse_check_spec(const std::string& text, CheckSpec* out, std::string* why);
// The accepted forms, for messages and --help: "output, no-race, max-conflicts K, ...".
std::string check_spec_forms();

struct CheckOutcome {
  std::string check;     // check_name(): "runs", "output", "conflicts", ...
  bool passed = false;
  std::string sentence;  // what is right or wrong, where
  int line = 0;          // the kernel file's line it names; 0: none
  std::string run;       // which run of an exercise ("" outside exercises)
  bool skipped = false;  // not checked because the kernel did not run (counts as failed)
};

struct CheckReport {
  bool passed = false;  // every check passed
  std::vector<CheckOutcome> checks;
};

// The checks of `specs` on a finished trace, in their order. `expect` is the operation the output
// must equal (reduce, inclusive-scan, ...); "" takes the trace's own (its kernel file's check:).
std::vector<CheckOutcome> check_trace(const Trace& t, const std::vector<CheckSpec>& specs, const std::string& expect = "");

// Runs the request in the interpreter (with the compiler's view of vector accesses, as `trace`
// does) and checks it: first "runs", then `specs`. Never throws for a bad kernel text or a request
// the kernel refuses: an error in the text, a fault while it runs, or a refused option becomes a
// failed "runs" check (with file:line:col and the message) and the other checks are skipped.
// `expect` as in check_trace. `display_name`, when given, replaces the kernel's path in sentences.
// on_gpu (a usable GPU needed): one more outcome, "gpu", last: the same text compiled by NVRTC and
// run on the GPU gives the interpreter's output and shared memory at every barrier (its time as
// written in the sentence). Off by default, so that a grade does not depend on the machine.
CheckReport check_request(const TraceRequest& r, const std::vector<CheckSpec>& specs, const std::string& expect = "",
                          const std::string& display_name = "", bool on_gpu = false);

}  // namespace scanscope
