// The grid view's model (app/window/grid_model.h): a grid trace seen one block at a time, its
// launches as stages over the global arrays, and what a step did there in sectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/window/app_state.h"
#include "app/window/grid_model.h"
#include "app/window/keys.h"
#include "app/window/model.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

Trace demouth() {
  TraceRequest r;
  r.kernel = "seed002-reduce-two-blocks";
  r.n = 32;
  r.input = {1, 4, 3, 2, 8, 6, 3, 2, 1, 0, 3, 2, 1, 3, 2, 3, 2, 9, 1, 2, 3, 4, 5, 6, 1, 1, 2, 3, 0, 0, 2, 1};
  return run_emulator(r);
}

}  // namespace

TEST(WindowGrid, ABlockIsATraceOfItsOwn) {
  const Trace g = demouth();
  const Trace b1 = block_trace(g, 0, 1);
  EXPECT_FALSE(b1.is_grid());
  ASSERT_EQ(b1.steps.size(), 4u);
  EXPECT_EQ(b1.steps[0].smem, (std::vector<double>{6, 14, 10, 12}));
  EXPECT_EQ(b1.steps[2].smem[0], 42);
  EXPECT_EQ(b1.threads, 4);
  EXPECT_EQ(b1.launch, g.launches[0].text);
  // the block's own totals: 4 loads of one sector, one store
  EXPECT_EQ(b1.totals.global.ld.requests, 4);
  EXPECT_EQ(b1.totals.global.st.requests, 1);
  const Trace last = block_trace(g, 1, 0);
  ASSERT_EQ(last.steps.size(), 4u);
  EXPECT_EQ(last.steps[2].smem[0], 86);
  EXPECT_EQ(block_trace(g, 1, 5).steps.size(), 1u);  // no such block: one empty step
}

TEST(WindowGrid, PlacesAndBlockSteps) {
  const Trace g = demouth();  // launch 0: blocks 0 and 1 (4 steps each), launch 1: block 0
  const GridPlace p = grid_place(g, 6);
  EXPECT_EQ(p.launch, 0);
  EXPECT_EQ(p.block, 1);
  EXPECT_EQ(p.step_in_block, 2);
  EXPECT_EQ(grid_step(g, 0, 1, 2), 6);
  EXPECT_EQ(grid_step(g, 1, 0, 0), 8);
  EXPECT_EQ(grid_step(g, 1, 0, 9), -1);
  EXPECT_EQ(next_block_step(g, 0, 0), 4);
  EXPECT_EQ(next_block_step(g, 0, 1), 8);
  EXPECT_EQ(next_block_step(g, 1, 0), -1);
  EXPECT_EQ(previous_block_step(g, 0, 1), 3);
  EXPECT_EQ(previous_block_step(g, 0, 0), -1);
}

TEST(WindowGrid, StagesAndArraysFlowIntoTheNextLaunch) {
  const Trace g = demouth();
  const std::vector<GridStage> st = grid_stages(g);
  ASSERT_EQ(st.size(), 2u);
  ASSERT_EQ(st[0].spans.size(), 2u);
  // block 1 of the first launch reads in[16..31] and writes partial_sums[1]
  EXPECT_EQ(st[0].spans[1][0].read_first, 16);
  EXPECT_EQ(st[0].spans[1][0].read_last, 31);
  EXPECT_EQ(st[0].spans[1][2].write_first, 1);
  EXPECT_EQ(st[0].spans[1][2].write_last, 1);
  // the second launch reads the block sums
  EXPECT_EQ(st[1].spans[0][2].read_first, 0);
  EXPECT_EQ(st[1].spans[0][2].read_last, 1);
  const auto before = arrays_after(g, -1);
  EXPECT_TRUE(std::isnan(before[1][0]));
  EXPECT_EQ(before[2], (std::vector<double>{0, 0}));
  const auto after0 = arrays_after(g, 0);
  EXPECT_EQ(after0[2], (std::vector<double>{44, 42}));
  EXPECT_TRUE(std::isnan(after0[1][0]));
  EXPECT_EQ(arrays_after(g, 1)[1][0], 86);
}

TEST(WindowGrid, AStepsSectorsPerWarpInstruction) {
  TraceRequest r;
  r.kernel = "copy-coalescing";
  r.n = 1024;
  r.defines = {{"STRIDE", "32"}};
  const Trace g = run_emulator(r);
  const StepGlobalView v = step_global_view(g, 0, 0);
  EXPECT_EQ(v.inst_lanes, 32);
  EXPECT_EQ(v.inst_sectors.size(), 32u);  // lanes 128 bytes apart
  EXPECT_NE(v.inst_text.find("32 lanes, 32 sectors"), std::string::npos) << v.inst_text;
  r.defines.clear();
  const StepGlobalView c = step_global_view(run_emulator(r), 0, 0);
  EXPECT_EQ(c.inst_sectors.size(), 4u);
  EXPECT_EQ(c.touched[0][0], 1);  // in[0] read
  EXPECT_EQ(c.touched[1][0], 2);  // out[0] written
}

TEST(WindowGrid, ArraysAtAStep) {
  const Trace g = demouth();
  EXPECT_EQ(arrays_at_step(g, -1)[2], (std::vector<double>{0, 0}));
  EXPECT_EQ(arrays_at_step(g, 3)[2], (std::vector<double>{44, 0}));  // block 0's sum, block 1 not yet
  EXPECT_EQ(arrays_at_step(g, 7)[2], (std::vector<double>{44, 42}));
  EXPECT_EQ(arrays_at_step(g, 11)[1][0], 86);
}

// The window holds the grid and shows one block: stepping past a block's last step goes on to the
// next block and launch, and back; a click on a tile (select_grid_step) shows that block.
TEST(WindowGrid, SteppingGoesFromBlockToBlock) {
  AppState s;
  s.panels = default_panels();
  show_trace(s, demouth(), "test");
  ASSERT_TRUE(s.have_grid);
  EXPECT_EQ(s.trace.steps.size(), 4u);  // block 0 of launch 0
  EXPECT_NE(std::find(s.panels.begin(), s.panels.end(), "grid"), s.panels.end());
  EXPECT_EQ(current_grid_step(s), 0);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(step_by(s, +1));
  EXPECT_EQ(s.step, 3);
  const int gen = s.trace_generation;
  EXPECT_TRUE(step_by(s, +1));  // into block 1
  EXPECT_EQ(s.grid_block, 1);
  EXPECT_EQ(s.step, 0);
  EXPECT_GT(s.trace_generation, gen);
  EXPECT_EQ(s.trace.steps[0].smem, (std::vector<double>{6, 14, 10, 12}));
  EXPECT_TRUE(step_by(s, -1));  // back to block 0's last step
  EXPECT_EQ(s.grid_block, 0);
  EXPECT_EQ(s.step, 3);
  select_grid_step(s, 11);  // the second launch's last step
  EXPECT_EQ(s.grid_launch, 1);
  EXPECT_EQ(s.trace.steps[s.step].smem[0], 86);
  EXPECT_FALSE(step_by(s, +1));  // the end of the grid
  // a re-run of the same file keeps the place
  show_trace(s, demouth(), "again");
  EXPECT_EQ(current_grid_step(s), 11);
}

TEST(WindowGrid, BracketKeysPickTheNextAndPreviousBlock) {
  AppState s;
  show_trace(s, demouth(), "test");
  KeyPress next;
  next.key = "]";
  KeyPress prev;
  prev.key = "[";
  EXPECT_TRUE(apply_key(s, next));
  EXPECT_EQ(s.grid_block, 1);
  EXPECT_EQ(s.step, 0);
  EXPECT_TRUE(apply_key(s, next));
  EXPECT_EQ(s.grid_launch, 1);
  EXPECT_TRUE(apply_key(s, prev));
  EXPECT_EQ(s.grid_launch, 0);
  EXPECT_EQ(s.grid_block, 1);
  EXPECT_EQ(s.step, 0);
  const auto help = key_help_lines();
  EXPECT_TRUE(std::any_of(help.begin(), help.end(), [](const KeyHelpLine& l) { return l.keys == "]"; }));
}
