// The window's data model: what the panels show, derived from a Trace and nothing else.
// No ImGui, no OpenGL: everything here is tested without a window (tests/window).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/format.h"  // format_value(v, op, ValueStyle::Cell): a value in a panel's box
#include "engine/trace.h"
#include "panel_table.h"

namespace scanscope {

// One edge of the tree view: in step `step`, thread `tid` loaded `from_word` and stored into
// `to_word`. `copy` edges move a value unchanged (the down-sweep's swap); the others combine.
struct TreeEdge {
  int from_word = 0;
  int to_word = 0;
  int tid = 0;
  bool copy = false;
};

// Edges of one step, derived from its recorded accesses (each store's sources are the words its
// thread loaded earlier in the step; a store equal to the last load of another word is a copy).
std::vector<TreeEdge> step_edges(const Trace& t, int step);
// The tree's edges into a row: step_edges, but a step whose threads store values they loaded in an
// earlier read-only step (the unrolled warp's read / __syncwarp / write) takes those loads too.
std::vector<TreeEdge> tree_edges(const Trace& t, int step);
// Does the trace move values between lanes (shuffles)? Then the tree's columns are lanes.
bool has_shuffles(const Trace& t);

// Words written by a step, and whether each word changed value from the previous step.
std::vector<int> changed_words(const Trace& t, int step);

// Padding slots of a padded scan: true where no logical index maps to the word.
std::vector<bool> padding_slots(const Trace& t);

// Logical index of each shared-memory word (-1: padding, or not a logical array).
std::vector<int> logical_index_of_words(const Trace& t);

// Steps that change shared memory (stores) or move values between lanes (shuffles): the tree's rows.
std::vector<int> tree_rows(const Trace& t);

// Worst conflict degree of each (step, warp); 0 where the warp ran no shared-memory instruction.
struct Heatmap {
  int steps = 0, warps = 0;
  std::vector<int> degree;  // steps * warps, row-major by step
  int max_degree = 0;
  int at(int s, int w) const { return degree[static_cast<size_t>(s) * warps + w]; }
};
Heatmap conflict_heatmap(const Trace& t);
int warp_count(const Trace& t);

// Instructions of one step issued by one warp, in site order.
std::vector<int> warp_instructions(const Step& s, int warp);

// Totals of one step (wavefronts and conflicts, loads and stores together).
struct StepTotals {
  int instructions = 0, wavefronts = 0, conflicts = 0;
};
StepTotals step_totals(const Step& s);

// Two traces aligned level by level: steps of the same phase are paired in order (up-sweep level 0
// with up-sweep level 0, ...), so an unpadded and a padded scan, or two reductions, line up.
struct LevelPair {
  int a = -1, b = -1;
  std::string label;
};
std::vector<LevelPair> align_levels(const Trace& a, const Trace& b);

// One sentence, in plain words, saying what a step does.
std::string describe_step(const Trace& t, int step);

// Where the trace ran, for the badge.
std::string device_badge(const Trace& t);
bool is_gpu_measurement(const Trace& t);

// Worked examples of the seeds, offered as input presets.
struct InputPreset {
  const char* name;
  const char* kernel;   // suggested kernel ("" = keep)
  const char* values;
  int threads;          // 0 = natural
};
const std::vector<InputPreset>& input_presets();

// The panels the window knows (panel_table.h): a name's line in kPanels (-1: none), the default
// layout, and --panels parsing (throws UsageError naming the bad one; duplicates dropped).
int panel_index(const std::string& name);
std::vector<std::string> default_panels();
std::vector<std::string> parse_panels(const std::string& text);

// The named shared arrays a kernel file carves from its shared memory (the trace records them in
// Trace::arrays, in order), for labels over the shared-memory grid.
struct SharedArray {
  std::string name;
  int first = 0, words = 0;
};
std::vector<SharedArray> shared_arrays(const Trace& t);

// Words of a step that are raced (Step::hazards), one flag per shared-memory word.
std::vector<char> hazard_words(const Step& s, int words);

}  // namespace scanscope
