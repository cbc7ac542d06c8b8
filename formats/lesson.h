// Guided lessons: plain-text files in assets/lessons/ that the window (and `scanscope lesson`)
// read. A lesson is a sequence of steps; each sets a kernel, its options and a trace step, shows
// an explanation, and may pose a question whose answer appears on a key press.
//
// Format (one "key: value" per line; '#' starts a comment line; an indented line continues the
// previous value; a "step:" line starts a new step and gives its title):
//   lesson: reduction-tree
//   title: The reduction tree
//   source: seeds 000, 001
//   step: Eight numbers, one sum
//   kernel: reduce-sequential
//   input: 2,4,6,8,1,3,5,7
//   at: 1            (trace step to show; "last" for the last)
//   panels: tree,smem
//   text: Each level halves the number of partial sums ...
//   question: What will the next level hold?
//   answer: 20 16
// Step keys: kernel n threads banks warp-issue pad op type scan input seed bits define at panels
// compare-pad compare-kernel view (float-order, histeq, timing) exercise text question answer.
// exercise: names an exercise of assets/exercises/ (docs/exercises.md) the step offers to the
//   student (the step still shows its kernel or view); load_lessons checks the name against the
//   exercises folder beside the lessons folder, where there is one.
// define: sets macros of the kernel file, as -D does on the command line (docs/kernel-files.md):
//   define: ZERO_BANK_CONFLICTS=1
//   define: NUM_BANKS=32 LOG_NUM_BANKS=5      (several: separated by blanks or commas; NAME alone = 1)
// A partner named by compare-kernel runs without them.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/catalogue.h"

namespace scanscope {

struct LessonStep {
  int line = 0;              // where the step starts in its file
  std::string title;
  bool has_request = false;  // a kernel to trace (steps with only a view need none)
  TraceRequest request;
  int at = 0;                // trace step to show; -1: the last
  std::string panels;        // e.g. "tree,smem"
  std::string compare_pad, compare_kernel;
  std::string view;          // "", "float-order", "histeq", "timing"
  std::string text, question, answer;
  std::string exercise;      // an exercise to try here ("": none)
  int exercise_line = 0;     // where the step names it
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

Lesson parse_lesson(const std::string& text, const std::string& file);
Lesson load_lesson_file(const std::string& path);

// The lessons in a folder (default asset_dir()/lessons), sorted by file name. A file that fails to
// parse, or a step naming an exercise that the folder's sibling exercises/ lacks, throws LessonError.
std::vector<Lesson> load_lessons(const std::string& dir = "");
// Finds a lesson by name ("reduction-tree") or file stem ("01-reduction-tree"); throws UsageError.
Lesson find_lesson(const std::string& name, const std::string& dir = "");

}  // namespace scanscope
