// The grid view's data (issue "The whole grid"): a grid trace (every block of every launch) seen
// one block at a time by the existing panels, and the picture of the whole grid: launches as
// stages, blocks as tiles over the global arrays, what each step read and wrote there, in 32-byte
// sectors. No ImGui: tested in tests/window/test_window_grid.cpp.
#pragma once

#include <string>
#include <vector>

#include "engine/trace.h"

namespace scanscope {

// One block of a grid trace as a trace of its own: its steps only (their smem is the block's
// shared memory), the launch's line and block size, the block's bank and global totals; the global
// arrays stay (the grid panel reads them from the grid trace). A trace that is not a grid is
// returned as it is.
Trace block_trace(const Trace& grid, int launch, int block);

// Where step `step` of the grid trace is: its launch and block, and its index within the block.
struct GridPlace {
  int launch = 0, block = 0, step_in_block = 0;
};
GridPlace grid_place(const Trace& grid, int step);
// The grid trace's step of (launch, block, step within the block); -1 when there is none.
int grid_step(const Trace& grid, int launch, int block, int step_in_block);
// The first step of the block after (launch, block) in launch order, or -1 after the last block;
// the last step of the block before it, or -1.
int next_block_step(const Trace& grid, int launch, int block);
int previous_block_step(const Trace& grid, int launch, int block);

// What one block of one launch touched in one global array: the element ranges it read and wrote
// (first..last, -1 when none), over all its steps.
struct BlockSpan {
  int read_first = -1, read_last = -1;
  int write_first = -1, write_last = -1;
};
struct GridStage {
  int launch = 0;
  std::string text;  // the launch as evaluated
  int grid = 1, block = 1;
  std::vector<std::vector<BlockSpan>> spans;  // [block][array]
};
std::vector<GridStage> grid_stages(const Trace& grid);

// Each global array's contents after launch `launch` (-1: before the first): the input as given,
// `out` unknown (NaN) until written, the file's arrays zero; stores and atomics replayed in order.
std::vector<std::vector<double>> arrays_after(const Trace& grid, int launch);
// The same after step `step` of the grid trace (-1: before any).
std::vector<std::vector<double>> arrays_at_step(const Trace& grid, int step);

// One step's global accesses, per array: the elements it read and wrote (1 = read, 2 = written,
// 3 = both) and its requests and sectors; and, for warp-instruction `inst` of the step
// (GlobalInstruction order, -1 for none), the sectors it touched (array, sector) and its lanes.
struct StepGlobalView {
  std::vector<std::vector<unsigned char>> touched;  // [array][element]
  int requests = 0, sectors = 0;
  std::vector<std::pair<int, int>> inst_sectors;  // of the selected warp-instruction
  int inst_lanes = 0;
  std::string inst_text;  // e.g. "warp 0, ld at line 33: 32 lanes, 4 sectors"
};
StepGlobalView step_global_view(const Trace& grid, int step, int inst);

// Whose words a block read: for each other block that stored a word before this block loaded it
// (in the trace's order, the order the interpreter ran the blocks; atomics count as both), the
// first such word and how many distinct words of that block it read. The block sums a launch
// reads from the launch before; a look-back's flag and prefix of the tile before it.
struct ProducerWord {
  int array = 0, index = 0;
  double value = 0;  // as read
};
struct ProducerRead {
  int launch = 0, block = 0;        // the block that stored the words
  std::vector<ProducerWord> first;  // the first words of it read, up to 3 distinct ones
  int words = 0;                    // distinct words of that block read
};
// [launch][block] -> the blocks it read from, in the order of their first read.
std::vector<std::vector<std::vector<ProducerRead>>> producer_reads(const Trace& grid);
// "flags[4] = 2, prefixes[4] = 23177", "buf[0] = 4578 and 7 more words" (values as the trace's
// operator writes them; the first two words).
std::string producer_read_text(const Trace& grid, const ProducerRead& p);

// The global traffic of a trace as the traffic panel draws it: per launch, the bytes per element
// of the input its loads and stores move (engine/bank_model.h, launch_traffic), and each array's
// share; the whole sequence's sums.
struct TrafficRow {
  std::string name;                  // "1: reduce_blocks"
  double ld_bytes = 0, st_bytes = 0;  // per element
  std::vector<double> array_ld, array_st;  // per element, by Trace::global_arrays
};
struct TrafficPicture {
  int n = 0;
  std::vector<std::string> arrays;
  std::vector<int> counts;  // each array's elements
  std::vector<TrafficRow> launches;
  double ld_bytes = 0, st_bytes = 0;        // all launches
  std::vector<double> array_ld, array_st;   // all launches, by array
  long long ld_sectors = 0, st_sectors = 0;
};
TrafficPicture traffic_picture(const Trace& t);
// Each array's share, per element: one entry per array of n elements or more with traffic ("in:
// read 8.0", "out: written 4.0"), then the smaller arrays together, the block sums or a look-back's
// status words ("flags, aggregates, prefixes: read 0.05, written 0.12").
std::vector<std::string> traffic_array_lines(const TrafficPicture& p);

}  // namespace scanscope
