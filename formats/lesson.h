// Guided lessons: plain-text files in assets/lessons/ that the window (and `scanscope lesson`)
// read. A lesson is a sequence of steps; each sets a kernel, its options and a trace step, shows
// an explanation, and may pose a question whose answer appears on a key press.
//
// Format (one "key: value" per line; '#' starts a comment line; an indented line continues the
// previous value; a "step:" line starts a new step and gives its title):
//   lesson: reduction-tree
//   title: The reduction tree
//   source: the tutorial article *Parallel prefix sum and reduction: the core parallel primitives*
//   step: Eight numbers, one sum
//   kernel: reduce-sequential
//   input: 2,4,6,8,1,3,5,7
//   at: 1            (trace step to show; "last" for the last)
//   panels: tree,smem
//   text: Each level halves the number of partial sums ...
//   question: What will the next level hold?
//   answer: 20 16
// Step keys: kernel n threads banks warp-issue pad op type scan input seed bits define at panels
// compare-pad compare-kernel view (float-order, histeq, timing) timing-view timing-preset exercise text question
// answer.
// timing-view: with view: timing, the timing panel's plots: time (ms and GB/s) or ratio (x CUB and
//   the share of the copy, the "ratios" box); without it the panel keeps the view it had.
// timing-preset: with view: timing, the timing panel's preset by its id (--timing-preset's names),
//   and the shipped recording that holds the most of its series; without it the series stay.
// exercise: names an exercise of assets/exercises/ (docs/exercises.md) the step offers to the
//   student (the step still shows its kernel or view); load_lessons checks the name against the
//   exercises folder beside the lessons folder, where there is one.
// define: sets macros of the kernel file, as -D does on the command line (docs/kernel-files.md):
//   define: ZERO_BANK_CONFLICTS=1
//   define: NUM_BANKS=32 LOG_NUM_BANKS=5      (several: separated by blanks or commas; NAME alone = 1)
// A partner named by compare-kernel runs without them.
//
// Numbers from the trace: text, question and answer may hold placeholders, filled from the trace
// of the step (the window's lesson box and `scanscope lesson show` show them filled). An unknown
// or malformed placeholder is an error at its file:line when the lesson loads; an index past the
// trace's words, when the step opens.
//   {n} {threads} {banks}     the trace's n, block size, banks
//   {steps}                   how many trace steps the kernel has
//   {input} {output}          all values; {input[i]} one; {output[i..j]} i to j, blank-separated
//   {ld.inst} {ld.wavefronts} {ld.conflicts}, {st.inst} {st.wavefronts} {st.conflicts}
//                             the kernel's shared-memory totals: loads, stores
//   {launches}                the launches of the kernel file's sequence
//   {global.ld.requests} {global.ld.sectors} {global.st.requests} {global.st.sectors}
//                             its global-memory requests and 32-byte sectors (every block)
//   {global.ld.bytes_per_element} {global.st.bytes_per_element} {global.bytes_per_element}
//                             those sectors' bytes per element of the input (32 x sectors / n:
//                             loads, stores, both), written as the grid's traffic panel writes them
//   {work} {depth}            threads that read two or more shared words and write one (combine),
//                             summed over the steps, and the steps where any does (a tree's
//                             additions and levels)
//   of the trace step shown (`at`):
//   {step} {label}            its number and label ("stride 4")
//   {smem[i]} {smem[i..j]}    shared-memory words after it
//   {active} {degree}         its active threads; its worst bank conflict (k-way)
//   {inst} {wavefronts} {conflicts}   its shared-memory instructions, their wavefronts and conflicts
//   {launch} {block}          a grid trace's launch (from 1) and block (from 0) the step is of
//   {requests} {sectors}      its global-memory requests and 32-byte sectors
//   A prefix picks another trace step: prev. next. first. last. ({next.smem[0..1]}: after the
//   next step); compare. reads the comparison's trace (compare-pad, compare-kernel) at the same step
//   ({compare.ld.conflicts}, {compare.degree}).
// numbers-ok: the numbers the text writes out that are not the trace's, each with its reason
//   (tests/test_lesson_numbers.cpp checks every other number of text, question and answer against
//   the step's trace, and that each number listed here is written in the step):
//   numbers-ok: 1.5 1.7 (the tutorial's speed-up); 7 (runs on the H200)
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "formats/key_file.h"

namespace scanscope {

// Work a lesson may ask for (`lesson list` runs every step of every lesson; the window, a step at a
// time): traces (a step's kernel and its comparison, one each; the shipped lessons: at most 16),
// characters its placeholders fill in, all steps together (the shipped lessons: under 2,000), and
// the interpreter's instructions of all its traces together (Trace::work; the shipped lessons: at
// most 11.6 million, large-arrays). Each trace is bounded on its own (kMaxInstructionsPerTrace); this bounds the
// lesson, whose 64 traces could otherwise each run to their own limit.
constexpr int kMaxLessonTraces = 64;
constexpr long long kMaxLessonFilledChars = 1 << 20;
constexpr long long kMaxLessonInstructions = 100000000;

struct LessonStep {
  int line = 0;              // where the step starts in its file
  std::string title;
  bool has_request = false;  // a kernel to trace (steps with only a view need none)
  TraceRequest request;
  int at = 0;                // trace step to show; -1: the last
  std::string panels;        // e.g. "tree,smem"
  std::string compare_pad, compare_kernel;
  std::string view;          // "", "float-order", "histeq", "timing"
  std::string timing_view;   // with view timing: "time" or "ratio" (the "ratios" box); "": as it was
  std::string timing_preset; // with view timing: the timing panel's preset (its id); "": as it was
  std::string text, question, answer;
  std::string exercise;      // an exercise to try here ("": none)
  int exercise_line = 0;     // where the step names it
  int at_line = 0;           // where `at` is given (the step's line when it is not)
  int kernel_line = 0;       // where `kernel` is given: resolve_lesson_step's errors name it
  // Where text, question and answer are written: the line of each part of a long value.
  KeyEntry text_at, question_at, answer_at;
  // numbers-ok: each number written in the step that is not the trace's, and why.
  std::vector<std::pair<std::string, std::string>> numbers_ok;
  int numbers_ok_line = 0;
};

struct Lesson {
  std::string file;
  std::string name, title, source;
  std::vector<LessonStep> steps;
};

// A malformed lesson: what() is "FILE:LINE: problem".
struct LessonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// When a step's kernel is resolved (resolve_kernel: its file found, its options checked against the
// file, its program built), the costly part of loading a lesson:
//   AtLoad    every step as the file is parsed (`lesson list`, the autograder's checks): a kernel
//             the step cannot run throws LessonError at its `kernel` line, and load_lessons checks
//             the exercise names against the exercises folder;
//   OnDemand  none: the file's syntax, placeholders, panels, views, the comparison's names and the
//             request's values (check_request_values) are checked, the kernel when the step is
//             first run (resolve_lesson_step, run_lesson_step); load_lessons skips the exercise
//             names (the window checks one when its step offers it). The window loads lessons so:
//             a start resolves no step, opening a step resolves that step (app/window/lesson_state.cpp).
enum class LessonResolve { AtLoad, OnDemand };

Lesson parse_lesson(const std::string& text, const std::string& file, LessonResolve resolve = LessonResolve::AtLoad);
Lesson load_lesson_file(const std::string& path, LessonResolve resolve = LessonResolve::AtLoad);

// The lessons in a folder (default asset_dir()/lessons), sorted by file name. A file that fails to
// parse, or (AtLoad) a step naming an exercise that the folder's sibling exercises/ lacks, throws
// LessonError.
std::vector<Lesson> load_lessons(const std::string& dir = "", LessonResolve resolve = LessonResolve::AtLoad);
// Finds a lesson by name ("reduction-tree") or file stem ("01-reduction-tree"); throws UsageError.
// A lesson by name (or its file's stem) among the lessons of `dir` (default: the program's), or by
// its path when `name` names a file (ends in .lesson or holds a '/': names_lesson_file).
Lesson find_lesson(const std::string& name, const std::string& dir = "", LessonResolve resolve = LessonResolve::AtLoad);
bool names_lesson_file(const std::string& name);

// Resolves a step's kernel (a step with has_request): resolve_kernel of its request, whose errors
// (an unknown kernel, an option the file does not take, a kernel text that does not compile) throw
// LessonError "FILE:LINE: ..." at the step's `kernel` line. Every call counts one step resolution.
struct ResolvedKernel;
ResolvedKernel resolve_lesson_step(const Lesson& l, const LessonStep& s);
// Step resolutions made in this process (resolve_lesson_step, and parse_lesson's AtLoad ones): a
// test counts those a path makes (the window's start resolves none; opening a step, that step once).
long long lesson_step_resolutions();

// What a step shows, run: its trace, the trace step (`at`), the comparison's trace when it names
// one. Throws LessonError "FILE:LINE: ..." for an `at` past the trace's last step.
struct Trace;
struct LessonTraces {
  const Trace* trace = nullptr;
  int at = 0;
  const Trace* compare = nullptr;  // null: the step compares nothing
};
// The trace step the lesson step shows in a trace of its request; throws LessonError for an `at`
// past the last step ("FILE:LINE: at: 99999 is past the last step: the trace has 12 steps, 0 to 11").
int lesson_at(const Lesson& l, const LessonStep& s, const Trace& t);
// The work of a trace as the lessons count it ({work}, {depth}): the additions (in each step, the
// threads that read two or more shared words and write one: a tree's additions, a down-sweep's
// swap-and-add; not a copy) and the steps that have any.
struct TraceWork {
  long long additions = 0, steps = 0;
};
TraceWork trace_work(const Trace& t);
// The comparison a step names (compare-pad, compare-kernel), as the window runs it beside `t`.
bool lesson_compare_request(const LessonStep& s, const Trace& t, TraceRequest* out);
// Runs a step's trace and its comparison on the CPU, as `lesson show` does, and fills its
// placeholders from them; *trace (when not null) gets the step's trace. Throws LessonError.
struct FilledStep;
// What a series of steps may still use, shared by the calls (a lesson's steps, all together).
struct LessonBudget {
  long long chars = kMaxLessonFilledChars;          // characters the placeholders fill in
  long long instructions = kMaxLessonInstructions;  // the interpreter's instructions of the traces
  long long instruction_limit = kMaxLessonInstructions;  // what `instructions` started at (for the message)
};
// `budget`: null for a budget of one lesson for this step alone. The step's kernel is resolved
// (resolve_lesson_step: a kernel it cannot run throws LessonError at its line), unless `resolved`
// is given: the step's request already resolved (resolve_lesson_step's), which it runs.
FilledStep run_lesson_step(const Lesson& l, const LessonStep& s, Trace* trace, LessonBudget* budget = nullptr,
                           const ResolvedKernel* resolved = nullptr);
// Runs everything a step shows on the CPU (its trace and comparison), checks `at` and fills the
// placeholders; throws LessonError naming the file and line at fault.
struct FilledStep {
  std::string text, question, answer;
};
FilledStep fill_lesson_step(const Lesson& l, const LessonStep& s, const LessonTraces& traces, long long* budget = nullptr);
// The same for every step of a lesson, with the step's own runs (`lesson list` and `lesson show`).
void check_lesson_runs(const Lesson& l, LessonBudget budget = {});  // a smaller budget: tests of the refusal
// The placeholders of one value: [offset, length) of each "{...}" and its name inside, for the
// number check; throws KeyFileError at the line of one not in the vocabulary.
struct Placeholder {
  size_t offset = 0, length = 0;
  std::string name;
};
std::vector<Placeholder> find_placeholders(const KeyEntry& value);

}  // namespace scanscope
