// The grid view's model (app/window/grid_model.h): a grid trace seen one block at a time, its
// launches as stages over the global arrays, and what a step did there in sectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/window/app_state.h"
#include "app/window/grid_model.h"
#include "app/window/keys.h"
#include "app/window/model.h"
#include "app/window/source_view.h"
#include "engine/bank_model.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

Trace demouth() {
  TraceRequest r;
  r.kernel = "demouth-reduce-two-blocks";
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

// A step with global accesses only: the code panel points at the grid panel's instruction.
TEST(WindowGrid, AGlobalOnlyStepPointsTheCodeAtTheGridsInstruction) {
  TraceRequest r;
  r.kernel = "copy-coalescing";
  r.n = 1024;
  const Trace b0 = block_trace(run_emulator(r), 0, 0);
  EXPECT_EQ(current_site(b0, 0, 0, 0), -1);  // no shared-memory access
  const int ld = current_global_site(b0, 0, 0);
  ASSERT_GE(ld, 0);
  EXPECT_EQ(b0.sites[ld].op, kLoad);
  EXPECT_EQ(b0.sites[ld].line, 33);  // out[i] = in[i];
  // instruction 16 of 16 is warp 7's store; past the last, clamped
  const int st = current_global_site(b0, 0, 15);
  ASSERT_GE(st, 0);
  EXPECT_EQ(b0.sites[st].op, kStore);
  EXPECT_EQ(current_global_site(b0, 0, 99), st);
  // the grid panel's caption clamps the same way
  EXPECT_EQ(step_global_view(b0, 0, 99).inst_text, step_global_view(b0, 0, 15).inst_text);
  EXPECT_EQ(current_global_site(b0, 5, 0), -1);  // no such step
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

namespace {

Trace scan_trace(const std::string& kernel, int n) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  return run_emulator(r);
}

}  // namespace

// The traffic panel's numbers: each launch's bytes per element are its sectors x 32 / n, counted
// here from the steps; the arrays of a launch add up to the launch; three passes read `in` twice,
// one pass once. n = 8192, 128 threads, CHUNK 8: 8 tiles of 1024 elements (1024 sectors of in).
TEST(WindowGrid, TrafficPerLaunchAndArrayInBytesPerElement) {
  const int n = 8192;
  const Trace three = scan_trace("scan-reduce-then-scan-staged", n);
  const Trace one = scan_trace("scan-decoupled-lookback", n);
  for (const Trace* t : {&three, &one}) {
    const TrafficPicture p = traffic_picture(*t);
    ASSERT_EQ(p.launches.size(), t->launches.size());
    double ld = 0, st = 0;
    for (size_t l = 0; l < p.launches.size(); ++l) {
      long long ls = 0, ss = 0;
      for (const Step& s : t->steps)
        if (s.launch == static_cast<int>(l)) ls += s.global_totals.ld.sectors, ss += s.global_totals.st.sectors;
      EXPECT_DOUBLE_EQ(p.launches[l].ld_bytes, 32.0 * ls / n) << t->kernel << " launch " << l;
      EXPECT_DOUBLE_EQ(p.launches[l].st_bytes, 32.0 * ss / n) << t->kernel << " launch " << l;
      double ald = 0, ast = 0;
      for (size_t a = 0; a < p.arrays.size(); ++a) ald += p.launches[l].array_ld[a], ast += p.launches[l].array_st[a];
      EXPECT_NEAR(ald, p.launches[l].ld_bytes, 1e-9);
      EXPECT_NEAR(ast, p.launches[l].st_bytes, 1e-9);
      ld += p.launches[l].ld_bytes, st += p.launches[l].st_bytes;
    }
    EXPECT_NEAR(p.ld_bytes, ld, 1e-9);
    EXPECT_NEAR(p.st_bytes, st, 1e-9);
    EXPECT_DOUBLE_EQ(p.ld_bytes, 32.0 * t->totals.global.ld.sectors / n);
    EXPECT_DOUBLE_EQ(p.st_bytes, 32.0 * t->totals.global.st.sectors / n);
  }
  // Three passes: launch 1 reads in (1024 sectors), launch 2 the 8 block sums (one sector), launch 3
  // in again and each block's sum (a sector per warp: 8 blocks of 4 warps); buf stored 8 + 1 times.
  const TrafficPicture a = traffic_picture(three);
  EXPECT_DOUBLE_EQ(a.launches[0].ld_bytes, 4.0);
  EXPECT_DOUBLE_EQ(a.launches[1].ld_bytes, 32.0 / n);
  EXPECT_DOUBLE_EQ(a.launches[2].ld_bytes, 32.0 * (1024 + 32) / n);
  EXPECT_DOUBLE_EQ(a.launches[2].st_bytes, 4.0);
  EXPECT_EQ(traffic_array_lines(a), (std::vector<std::string>{"in: read 8.0", "out: written 4.0", "buf: read 0.13, written 0.04"}));
  EXPECT_EQ(bytes_per_element_text(a.ld_bytes + a.st_bytes), "12.2");
  // One pass: in once, out once; tile 0 stores its prefix and flag, tiles 1..7 their aggregate,
  // flag, prefix and flag again, and load the flag and prefix of the tile before.
  const TrafficPicture b = traffic_picture(one);
  ASSERT_EQ(b.launches.size(), 1u);
  EXPECT_DOUBLE_EQ(b.ld_bytes, 32.0 * (1024 + 7 * 2) / n);
  EXPECT_DOUBLE_EQ(b.st_bytes, 32.0 * (1024 + 2 + 7 * 4) / n);
  EXPECT_EQ(traffic_array_lines(b), (std::vector<std::string>{"in: read 4.0", "out: written 4.0", "flags, aggregates, prefixes: read 0.05, written 0.12"}));
  EXPECT_EQ(bytes_per_element_text(b.ld_bytes + b.st_bytes), "8.2");
  EXPECT_EQ(bytes_per_element_text(0), "0");
  EXPECT_EQ(bytes_per_element_text(0.001), "<0.01");
  EXPECT_EQ(bytes_per_element_text(0.5), "0.50");
}

// Whose words a block read: the launch after reads the block sums of every block before it; a
// look-back tile reads the flag and prefix of the tile before it (the interpreter runs the tiles
// in order), tile 0 nobody's.
TEST(WindowGrid, ProducerReadsBlockSumsAndTheLookBack) {
  const Trace three = scan_trace("scan-reduce-then-scan-staged", 8192);
  const auto p = producer_reads(three);
  ASSERT_EQ(p.size(), 3u);
  for (const auto& b : p[0]) EXPECT_TRUE(b.empty());  // launch 1 reads only the input
  ASSERT_EQ(p[1].size(), 1u);
  ASSERT_EQ(p[1][0].size(), 8u);
  for (int b = 0; b < 8; ++b) {
    EXPECT_EQ(p[1][0][b].launch, 0);
    EXPECT_EQ(p[1][0][b].block, b);
    EXPECT_EQ(p[1][0][b].words, 1);
  }
  EXPECT_EQ(producer_read_text(three, p[1][0][1]), "buf[1] = 4502");
  for (int b = 0; b < 8; ++b) {
    ASSERT_EQ(p[2][b].size(), 1u) << b;
    EXPECT_EQ(p[2][b][0].launch, 1);
    EXPECT_EQ(p[2][b][0].block, 0);
    ASSERT_EQ(p[2][b][0].first.size(), 1u);
    EXPECT_EQ(p[2][b][0].first[0].index, b);
  }
  const Trace one = scan_trace("scan-decoupled-lookback", 8192);
  const auto q = producer_reads(one);
  ASSERT_EQ(q.size(), 1u);
  ASSERT_EQ(q[0].size(), 8u);
  EXPECT_TRUE(q[0][0].empty());
  for (int t = 1; t < 8; ++t) {
    ASSERT_EQ(q[0][t].size(), 1u) << t;
    EXPECT_EQ(q[0][t][0].launch, 0);
    EXPECT_EQ(q[0][t][0].block, t - 1);
    EXPECT_EQ(q[0][t][0].words, 2);
  }
  EXPECT_EQ(producer_read_text(one, q[0][5][0]), "flags[4] = 2, prefixes[4] = 23177");
  // a trace of one block reads nobody's words
  const auto single = producer_reads(scan_trace("scan-blelloch", 16));
  ASSERT_EQ(single.size(), 1u);
  for (const auto& b : single[0]) EXPECT_TRUE(b.empty());
}
