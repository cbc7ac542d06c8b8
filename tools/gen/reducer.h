// scanscope_gen's reducer: delta debugging over the lines of a kernel file, as C-Reduce does over
// its text, so that a kernel that shows a mismatch shrinks to the few lines that still show it.
// The property is any predicate over a candidate text (the command line runs a shell command on a
// file holding it; exit status 0 means the property still holds).
#pragma once

#include <functional>
#include <string>

namespace scanscope::gen {

struct ReduceStats {
  int tests = 0;          // how many candidates were tried
  int lines_before = 0;   // non-empty lines
  int lines_after = 0;
  bool budget_spent = false;  // stopped at max_tests, not at a fixpoint
};

// The smallest text found whose lines are a subset of `text`'s, in order, that `keeps` accepts.
// Passes, repeated until none removes anything: whole brace blocks (a line ending in '{' to its
// matching '}'), a block's braces without its body's lines (unwrapping an if or a loop), then
// chunks of lines from half the file down to single lines (ddmin). `text` itself must be kept
// (checked first: std::runtime_error when it is not). At most max_tests candidates are tried.
std::string reduce_lines(const std::string& text, const std::function<bool(const std::string&)>& keeps, int max_tests,
                         ReduceStats* stats);

// The property as a shell command: `command` with each "{}" replaced by the candidate file's path
// (appended as the last word when there is no "{}"), run by /bin/sh; exit status 0 keeps it. The
// candidate is written to `candidate_path` (same name as the original, in a scratch folder).
bool command_keeps(const std::string& command, const std::string& candidate_path, const std::string& text);

}  // namespace scanscope::gen
