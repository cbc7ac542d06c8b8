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
  bool shuffle = false;  // a lane's register received (from_word, to_word: thread ids), not a shared word
};

// Edges of one step, derived from its recorded accesses (each store's sources are the words its
// thread loaded earlier in the step; a store equal to the last load of another word is a copy).
std::vector<TreeEdge> step_edges(const Trace& t, int step);
// The tree's edges into a row: step_edges, but a step whose threads store values they loaded in an
// earlier read-only step (the unrolled warp's read / __syncwarp / write) takes those loads too.
std::vector<TreeEdge> tree_edges(const Trace& t, int step);
// Does the trace move values between lanes (shuffles)? Then the tree's columns are lanes.
bool has_shuffles(const Trace& t);

// The tree view, derived once per trace: its columns and rows. Columns are shared-memory words,
// except where the trace says otherwise: lanes when it shuffles; array positions when the kernel
// double-buffers (every row writes one half of the array, the rows alternate halves: word k and
// word k + half share column k, so an edge goes from position k - offset to position k, as in the
// scan paper's Figure 1). A compaction (check "compact") gets a last row for its output in global
// memory: the kept values at their scanned index, moved there from their input position.
struct TreeRow {
  int step = 0;                 // the trace step it shows
  std::string label;
  std::vector<TreeEdge> edges;  // from_word and to_word are columns
  std::vector<char> written;    // per column: written in this row
  std::vector<double> values;   // per column: the value its node shows (NaN: none)
  bool output = false;          // global memory (the compacted output), not shared memory
};
struct TreeModel {
  int columns = 1;
  bool lanes = false;        // shuffle rows: columns are lanes (registers)
  int lane_warp = -1;        // >= 0: the columns are this warp's lanes alone (threads 32*w ..)
  int warps = 1;             // the block's warps (lanes mode)
  int folded_half = 0;       // > 0: double buffer folded, column = word mod folded_half
  std::vector<TreeRow> rows;
  std::vector<std::string> notes;  // how the columns are laid out, when not one per word: said on screen
};
// lane_warp >= 0: where the trace shuffles in a block of more than one warp, the columns are that
// warp's 32 lanes (the shuffle rows' accesses and edges of its threads; shared words as they are),
// so a lane's value has the room a whole block's threads would not leave it.
TreeModel tree_model(const Trace& t, int lane_warp = -1);

// Which rows of a tree get a label in the gutter: all when a row is at least label_h tall, else
// every k-th row (k the smallest that leaves label_h between labels) and the current row, whose
// label replaces the neighbours it would overlap. *every gets k.
std::vector<int> labelled_rows(int rows, float row_h, float label_h, int current, int* every = nullptr);

// The bank x lane grid of one warp-instruction (warps panel, comparison): a row per active lane,
// the lane's cell in the bank of the word it touches (an 8- or 16-byte access: a cell per word),
// coloured by how many distinct words its issue group (the lanes served together: a warp, G80's
// half-warp, the half-warp of an 8-byte access, the quarter-warp of a 16-byte one) asks of that
// bank; so a contiguous 8-byte access, 2 wavefronts and no conflict, is painted as no conflict.
struct BankLaneCell {
  int row = 0, lane = 0, bank = 0, word = 0, degree = 0;
};
struct BankLaneGrid {
  int banks = 32;
  int issue = 32;  // lanes served together (lanes_per_issue): 16 for G80 or an 8-byte access, 8 for a 16-byte one
  int width = 1;   // words per lane of the access
  std::vector<int> lanes;  // active lanes, in order (row r is lanes[r])
  std::vector<BankLaneCell> cells;
  int wavefronts = 0, conflicts = 0, degree = 0;
};
BankLaneGrid bank_lane_grid(const Trace& t, const Step& s, const WarpInstruction& wi);
// Where a grid too narrow for all its banks (columns under the minimum cell) shows `shown` of them:
// the first bank of the window holding the most cells of the first `rows` rows (the lowest such).
int busiest_banks(const BankLaneGrid& g, int rows, int shown);
// The instruction of `warp` in `s` to show: the k-th of its instructions (clamped); -1 when none.
int pick_instruction(const Step& s, int warp, int k);

// Which of a step's reads and writes the shared-memory view draws as lines. A line per access
// while they stay apart (at most max_lines, 64: two per lane of a warp) or come from one warp;
// beyond that only one warp's (the selected one, else the nearest warp that accessed shared memory
// in the step), and when that warp's are still more than max_lines, only its selected instruction's
// (the Warps view's, pick_instruction(s, warp, selected_inst)). The caption says which.
struct SmemLines {
  std::vector<int> accesses;  // indices into Step::accesses (shuffles left out)
  bool one_warp = false;
  int warp = -1;              // the warp drawn when one_warp
  int instruction = -1;       // index into Step::instructions when only its accesses are drawn
  int total = 0;              // shared-memory accesses of the step
  std::string caption;        // "" when every access is drawn
  std::string short_caption;  // the same in a few words, for a narrow view
};
SmemLines smem_lines(const Trace& t, int step, int words, int selected_warp, int selected_inst, int max_lines = 64);

// The rows of a shared-memory grid to show when all of them do not fit at a height that leaves
// room for values: `fit` consecutive rows starting at `first`, placed so the rows the drawn lines
// touch are in view (the first of them at the top, unless that runs past the end).
struct GridWindow {
  int first = 0, count = 0, rows = 0;
  bool all() const { return count >= rows; }
};
GridWindow grid_window(int rows, int fit, const std::vector<int>& touched_rows, int scroll = 0);

// The font size of a value in a box (tree node, memory cell): font_px when it fits on one line
// (one_line_w wide at font_px); else, for a mat2 value, the size at which its two lines (the wider
// two_line_w at font_px; 0: not a matrix) fit, from font_px down to half of it but never under 7
// pixels; 0 when nothing fits (the box stays empty).
float value_font_size(float box_w, float box_h, float font_px, float one_line_w, float two_line_w);

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
  std::vector<char> shuffled;  // steps * warps: the warp shuffled values between lanes
  int at(int s, int w) const { return degree[static_cast<size_t>(s) * warps + w]; }
};
Heatmap conflict_heatmap(const Trace& t);
int warp_count(const Trace& t);
// Heatmap and scrub-bar classes: a degree class (palette.h degree_class), or kShuffleClass for a
// warp that moved values between lanes with shuffles and touched no shared memory (active, no
// bank involved: not "idle").
int heat_class(const Heatmap& h, int step, int warp);
int step_heat_class(const Step& s);


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

// Worked examples of the source documents (engine/sources.h), offered as input presets.
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

// How the shared-memory grid lays out the words. As a rule, rows of `banks` words, so that a
// column is a bank. When the shared memory is one array of two or more dimensions (the transpose's
// __shared__ float tile[32][33]): its matrix, a row of the grid per row of the array (the last
// dimension across, the others down), tile[y][x] in row y, column x. A cell keeps the colour of
// its word's bank either way, so a column of tile[32][32] is one colour (words 32 apart, one bank)
// and a column of tile[32][33] runs through all 32 banks, the colours moving one column a row.
// Only where that array is the whole of shared memory and its rows are at most kMaxMatrixColumns
// words wide; otherwise the bank rows.
constexpr int kMaxMatrixColumns = 64;  // a wider array keeps the bank rows
struct SmemLayout {
  bool matrix = false;
  int columns = 32, rows = 1, words = 0;
  std::string name;       // the matrix's array ("tile"); "" when not a matrix
  std::vector<int> dims;  // its dimensions, outermost first ({32, 33})
  int word_at(int row, int column) const { return row * columns + column; }
  int row_of(int word) const { return word / columns; }
  int column_of(int word) const { return word % columns; }
  std::string declared() const;  // "tile[32][33]"
};
SmemLayout smem_layout(const Trace& t);

// Words of a step that are raced (Step::hazards), one flag per shared-memory word.
std::vector<char> hazard_words(const Step& s, int words);

}  // namespace scanscope
