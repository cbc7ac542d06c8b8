// The stream compactions (kernels/device/compact_device.h) run block by block on EmulatedBlock,
// the same block source the GPU times, against std::copy_if and std::stable_partition: every row
// (tuning variants too), int and float, small and ragged n, kept fractions 0, 10, 50, 90, 100 %.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "bench/bench_detail.h"
#include "tests/bench/test_inputs.h"
#include "kernels/device/compact_device.h"
#include "kernels/device/emu_exec.h"

using namespace scanscope;
using namespace scanscope::device;

namespace {

// 1, a warp less one, 2^k + 7 across the tiles (4096, 6144, 8192 elements) and their warps' parts,
// tile edges, 10^4 + 3, several tiles with a ragged end.
std::vector<long long> sizes() {
  std::vector<long long> v = {1, 2, 31, 4095, 4096, 4097, 6143, 6144, 6145, 8192, 8193, 10003, 20001};
  for (int k = 0; k <= 14; ++k) v.push_back((1LL << k) + 7);
  return v;
}

uint32_t lcg(uint32_t& x) {
  x = x * 1664525u + 1013904223u;
  return x >> 8;
}

// The bench's compaction input (select_value: 1000 levels) from a seeded generator, and flags with
// the same kept fraction drawn independently of the values (so select-by-flags keeps other
// elements than the predicate would).
template <class T>
std::vector<T> values(long long n, unsigned seed) {
  std::vector<T> v(static_cast<size_t>(n));
  uint32_t x = seed * 2654435761u + 17;
  for (auto& e : v) e = bench_detail::select_value<T>(lcg(x) % 1000u);
  return v;
}
std::vector<uint8_t> flags_for(long long n, int kept_percent, unsigned seed) {
  std::vector<uint8_t> f(static_cast<size_t>(n));
  uint32_t x = seed * 40503u + 3;
  for (auto& e : f) {
    const uint32_t h = lcg(x);
    e = (h % 100u) < static_cast<unsigned>(kept_percent) ? static_cast<uint8_t>(1 + h % 255u) : 0;  // any nonzero byte keeps
  }
  return f;
}

BenchSelect bench_mode(SelectMode m) {
  return m == SelectMode::If ? BenchSelect::If : m == SelectMode::Flagged ? BenchSelect::Flagged : BenchSelect::Partition;
}

template <class T>
void check_row(const CompactInfo& c) {
  const T poison = T(-12345);
  for (long long n : sizes()) {
    for (int kept : {0, 10, 50, 90, 100}) {
      const unsigned seed = static_cast<unsigned>(n * 131 + kept);
      const auto in = values<T>(n, seed);
      const auto flags = flags_for(n, kept, seed);
      const T threshold = bench_detail::select_threshold<T>(kept);
      const auto got = emulate_compaction<T>(c, in, c.mode == SelectMode::Flagged ? flags : std::vector<uint8_t>{}, threshold, poison);
      // The reference, from the standard algorithms.
      std::vector<T> expect;
      size_t expect_count = 0;
      if (c.mode == SelectMode::Flagged) {
        for (size_t i = 0; i < in.size(); ++i)
          if (flags[i]) expect.push_back(in[i]);
        expect_count = expect.size();
      } else if (c.mode == SelectMode::If) {
        std::copy_if(in.begin(), in.end(), std::back_inserter(expect), [&](T x) { return x > threshold; });
        expect_count = expect.size();
      } else {
        expect = in;
        auto mid = std::stable_partition(expect.begin(), expect.end(), [&](T x) { return x > threshold; });
        expect_count = static_cast<size_t>(mid - expect.begin());
        std::reverse(mid, expect.end());  // as CUB's DevicePartition::If: the rejected from the back
      }
      ASSERT_EQ(got.selected, static_cast<int>(expect_count)) << c.id << " n=" << n << " kept " << kept << "%";
      for (size_t j = 0; j < expect.size(); ++j)
        ASSERT_EQ(got.out[j], expect[j]) << c.id << " n=" << n << " kept " << kept << "% element " << j;
      for (size_t j = expect.size(); j < got.out.size(); ++j)  // select writes nothing past its count
        ASSERT_EQ(got.out[j], poison) << c.id << " n=" << n << " kept " << kept << "% wrote element " << j;
      // The bench's check agrees.
      std::string why;
      EXPECT_TRUE(bench_detail::check_select(in, flags, threshold, bench_mode(c.mode), got.out, got.selected, &why)) << c.id << " n=" << n << ": " << why;
    }
  }
}

}  // namespace

class CompactionEmulated : public ::testing::TestWithParam<std::string> {};

TEST_P(CompactionEmulated, IntMatchesStandardAlgorithms) { check_row<int>(*find_compaction(GetParam())); }
TEST_P(CompactionEmulated, FloatMatchesStandardAlgorithms) { check_row<float>(*find_compaction(GetParam())); }

INSTANTIATE_TEST_SUITE_P(AllCompactions, CompactionEmulated, ::testing::ValuesIn(testing_inputs::row_ids(compactions())),
                         [](const auto& info) { return testing_inputs::test_name_of(info.param); });

// The bench's threshold keeps exactly the asked fraction of the 1000 levels.
TEST(CompactionBench, ThresholdKeepsTheFractionOfTheLevels) {
  for (int kept : {0, 10, 50, 90, 100, 37}) {
    int ints = 0, floats = 0;
    for (uint32_t h = 0; h < 1000; ++h) {
      ints += bench_detail::select_value<int>(h) > bench_detail::select_threshold<int>(kept);
      floats += bench_detail::select_value<float>(h) > bench_detail::select_threshold<float>(kept);
    }
    EXPECT_EQ(ints, 10 * kept) << kept;
    EXPECT_EQ(floats, 10 * kept) << kept;
  }
}

// check_select fails a wrong count, a swapped pair, a rejected half in input order, a flag ignored.
TEST(CompactionBench, CheckCatchesWrongResults) {
  const std::vector<int> in = {5, 1, 7, 2, 9, 3};
  const std::vector<uint8_t> flags = {0, 1, 1, 0, 0, 1};
  std::string why;
  EXPECT_TRUE(bench_detail::check_select(in, {}, 4, BenchSelect::If, std::vector<int>{5, 7, 9, -1, -1, -1}, 3, &why)) << why;
  EXPECT_FALSE(bench_detail::check_select(in, {}, 4, BenchSelect::If, std::vector<int>{5, 7, 9, -1, -1, -1}, 2, &why));
  EXPECT_FALSE(bench_detail::check_select(in, {}, 4, BenchSelect::If, std::vector<int>{7, 5, 9, -1, -1, -1}, 3, &why));
  EXPECT_TRUE(bench_detail::check_select(in, {}, 4, BenchSelect::Partition, std::vector<int>{5, 7, 9, 3, 2, 1}, 3, &why)) << why;
  EXPECT_FALSE(bench_detail::check_select(in, {}, 4, BenchSelect::Partition, std::vector<int>{5, 7, 9, 1, 2, 3}, 3, &why));
  EXPECT_TRUE(bench_detail::check_select(in, flags, 0, BenchSelect::Flagged, std::vector<int>{1, 7, 3, 0, 0, 0}, 3, &why)) << why;
  EXPECT_FALSE(bench_detail::check_select(in, flags, 0, BenchSelect::Flagged, std::vector<int>{1, 7, 0, 0, 0, 0}, 2, &why));
  EXPECT_EQ(bench_detail::select_bytes(BenchSelect::If, 100, 10), 440.0);
  EXPECT_EQ(bench_detail::select_bytes(BenchSelect::Flagged, 100, 10), 540.0);
  EXPECT_EQ(bench_detail::select_bytes(BenchSelect::Partition, 100, 10), 800.0);
}

// Calls on one workspace: each call's look-back words carry its own tag, so status words an
// earlier call left (of another n, another kept fraction) never pass for this call's.
TEST(CompactionShape, WorkspaceReusedAcrossCalls) {
  const CompactInfo& c = *find_compaction("compact-best");
  std::vector<char> ws_buf(compaction_workspace_bytes(c, 50000) + 256, 0);
  for (int call = 0; call < 4; ++call) {
    const long long n = 50000 - call * 7777;
    const auto in = values<int>(n, 99 + call);
    const int threshold = bench_detail::select_threshold<int>(call * 30);
    std::vector<int> out(static_cast<size_t>(n), -1);
    int selected = -7;
    Carve ws;
    ws.base = ws_buf.data();
    EmuExec<int> ex;
    run_compaction<int>(c, ex, CompactRun<int>{in.data(), nullptr, out.data(), &selected, n, threshold, ws, c.id});
    std::string why;
    EXPECT_TRUE(bench_detail::check_select(in, {}, threshold, BenchSelect::If, out, selected, &why)) << "call " << call << ": " << why;
  }
}

namespace {
// Four calls of falling n and other kept fractions on one workspace (never cleared), each checked;
// `control(ctrl, call)` checks the workspace's first two words (its first piece) after each call.
// order: the lookahead models' scheduler, varied per call (0: the default for every call).
template <class Control>
void calls_on_one_workspace(const char* id, unsigned order, Control&& control) {
  const CompactInfo* c = find_compaction(id);
  ASSERT_TRUE(c) << id;
  std::vector<char> ws_buf(compaction_workspace_bytes(*c, 50000) + 256, 0);
  for (int call = 0; call < 4; ++call) {
    const long long n = 50000 - call * 7777;
    const auto in = values<int>(n, 99 + call);
    const auto flags = flags_for(n, call * 30, 5 + call);
    const int threshold = bench_detail::select_threshold<int>(call * 30);
    std::vector<int> out(static_cast<size_t>(n), -1);
    int selected = -7;
    Carve ws;
    ws.base = ws_buf.data();
    EmuExec<int> ex;
    if (order > 0) ex.lookahead_order = order + static_cast<unsigned>(call);
    run_compaction<int>(*c, ex, CompactRun<int>{in.data(), flags.data(), out.data(), &selected, n, threshold, ws, c->id});
    control(reinterpret_cast<const unsigned*>(ws_buf.data()), call);
    std::string why;
    EXPECT_TRUE(bench_detail::check_select(in, flags, threshold, bench_mode(c->mode), out, selected, &why)) << id << " call " << call << ": " << why;
  }
}
}  // namespace

// The persistent rows' ticket counters reset themselves: after each call on one workspace both are
// zero again (a counter left behind would hand the next call's blocks no tiles), and calls of
// different n and kept fractions stay right.
TEST(CompactionShape, PersistentCountersResetAcrossCalls) {
  for (const char* id : {"x-compact-v2p-256x16", "x-compact-v2p-flagged-256x16", "x-compact-v2p-partition-256x32"})
    calls_on_one_workspace(id, 0, [&](const unsigned* ctrl, int call) {
      EXPECT_EQ(ctrl[0], 0u) << id << " call " << call;
      EXPECT_EQ(ctrl[1], 0u) << id << " call " << call;
    });
}

// The 16-byte-store write-out: every start address within 16 bytes, every length around the quad
// edges, forwards (select) and backwards (partition's rejected half); exactly the run is written.
TEST(CompactionShape, StoreRun16RaggedHeadAndTail) {
  constexpr int kThreads = 8;  // fewer threads than quads: the loop's later rounds run too
  std::vector<int> exchange(200);
  for (int j = 0; j < 200; ++j) exchange[j] = 1000 + j;
  const Shared<int> xs{exchange.data()};
  auto xw = [](int j) { return j; };
  alignas(16) int out[160];
  for (int offset = 0; offset < 4; ++offset) {
    for (int len = 0; len <= 100; ++len) {
      for (int dir : {1, -1}) {
        const int src0 = dir > 0 ? 3 : 150;
        std::fill(std::begin(out), std::end(out), -1);
        for (int tid = 0; tid < kThreads; ++tid) store_run16<kThreads>(xs, xw, tid, out + 4 + offset, len, src0, dir);
        for (int i = 0; i < 160; ++i) {
          const int u = i - 4 - offset;
          const int expect = u >= 0 && u < len ? 1000 + src0 + dir * u : -1;
          ASSERT_EQ(out[i], expect) << "offset " << offset << " len " << len << " dir " << dir << " at " << u;
        }
      }
    }
  }
}

// compact-best's workspace: the lookahead's two control words (first, padded to 256 bytes), then
// the larger of its paths' status words, one per tile (CompactTile's 6144-element tiles, the
// lookahead's 4096); CompactTile's rows alone: a status word per tile. n = 0 launches nothing and
// counts 0.
TEST(CompactionShape, WorkspaceAndEmptyInput) {
  const CompactInfo& c = *find_compaction("compact-best");
  const long long tile = 256 * 24, la_tile = 256 * 16;
  for (long long n : {1LL, tile, tile + 1, 1LL << 26, 1LL << 28})
    EXPECT_EQ(compaction_workspace_bytes(c, n), 256u + static_cast<size_t>(std::max((n + tile - 1) / tile, (n + la_tile - 1) / la_tile)) * 8u) << n;
  const CompactInfo& tile_row = *find_compaction("x-compact-256x32");
  EXPECT_EQ(compaction_workspace_bytes(tile_row, 8192), 8u);
  EXPECT_EQ(compaction_workspace_bytes(tile_row, 8193), 16u);
  const auto r = emulate_compaction<int>(c, std::vector<int>{}, {}, 0);
  EXPECT_EQ(r.selected, 0);
  EXPECT_TRUE(find_compaction("compact-flagged") && find_compaction("compact-partition"));
  for (const auto& k : compactions()) EXPECT_EQ(std::string(k.id).rfind("x-", 0) == 0, k.tuning()) << k.id;
}

// The lookahead rows (compact_lookahead.h) under the model's scheduler: blocks' roles interleaved
// in several orders (lowest block first, highest first, pseudo-random), grids of 1 to 7 blocks
// (each taking several tiles, the window spanning other blocks' tiles), every mode, ragged n.
TEST(CompactionLookahead, EveryScheduleAndGrid) {
  for (const char* id : {"x-compact-la-8x16s6", "x-compact-la-8x16s4", "x-compact-la-flagged-8x16s5", "x-compact-la-partition-8x16s6", "x-compact-la-8x32s4"}) {
    const CompactInfo* c = find_compaction(id);
    ASSERT_TRUE(c) << id;
    for (long long n : {100003LL, 4096LL * 9, 4096LL * 9 + 1}) {
      for (int kept : {0, 10, 90, 100}) {
        const unsigned seed = static_cast<unsigned>(n + kept);
        const auto in = values<int>(n, seed);
        const auto flags = flags_for(n, kept, seed);
        const int threshold = bench_detail::select_threshold<int>(kept);
        for (int blocks : {1, 2, 3, 7}) {
          for (unsigned order : {0u, 1u, 5u, 99u}) {
            std::vector<char> ws_buf(compaction_workspace_bytes(*c, n) + 256, 0);
            Carve ws;
            ws.base = ws_buf.data();
            std::vector<int> out(static_cast<size_t>(n), -12345);
            int selected = -7;
            EmuExec<int> ex;
            ex.lookahead_blocks = blocks;
            ex.lookahead_order = order;
            run_compaction<int>(*c, ex, CompactRun<int>{in.data(), flags.data(), out.data(), &selected, n, threshold, ws, c->id});
            std::string why;
            ASSERT_TRUE(bench_detail::check_select(in, flags, threshold, bench_mode(c->mode), out, selected, &why))
                << id << " n=" << n << " kept " << kept << "% blocks " << blocks << " order " << order << ": " << why;
            if (c->mode != SelectMode::Partition) {
              for (size_t j = static_cast<size_t>(selected); j < out.size(); ++j) ASSERT_EQ(out[j], -12345) << id << " wrote element " << j;
            }
          }
        }
      }
    }
  }
}

// compact-best, compact-flagged, compact-partition switch to the lookahead rows at
// kCompactLookaheadFrom (2^26; CompactRun::lookahead_from moves the switch, so that both paths run
// here at small n): below it CompactTile, from it the lookahead model, each exact; one workspace,
// never cleared, serves calls that alternate between the paths (the look-back's status words must
// neither land on the lookahead's epoch nor pass for its tags, and the other way round).
TEST(CompactionBest, SwitchesToTheLookaheadRows) {
  EXPECT_EQ(kCompactLookaheadFrom, 1LL << 26);
  for (const char* id : {"compact-best", "compact-partition"}) {
    const CompactInfo* c = find_compaction(id);
    ASSERT_TRUE(c) << id;
    EXPECT_NE(std::string(c->title).find("from 2^26 x-compact-la-"), std::string::npos) << id;
    // emulate_compaction: the default switch (no lookahead at small n), a moved one.
    for (long long n : {4096LL * 3 + 5, 100003LL}) {
      for (int kept : {10, 90}) {
        const auto in = values<int>(n, static_cast<unsigned>(n + kept));
        const auto flags = flags_for(n, kept, static_cast<unsigned>(kept));
        const int threshold = bench_detail::select_threshold<int>(kept);
        const auto f = c->mode == SelectMode::Flagged ? flags : std::vector<uint8_t>{};
        for (long long from : {0LL, n + 1, n, 4096LL, 1LL}) {
          const auto got = emulate_compaction<int>(*c, in, f, threshold, -12345, from);
          EXPECT_EQ(got.lookahead_launches, from > 0 && n >= from ? 1 : 0) << id << " n=" << n << " from " << from;
          std::string why;
          EXPECT_TRUE(bench_detail::check_select(in, flags, threshold, bench_mode(c->mode), got.out, got.selected, &why)) << id << " n=" << n << " from " << from << ": " << why;
          if (c->mode != SelectMode::Partition) {
            for (size_t j = static_cast<size_t>(got.selected); j < got.out.size(); ++j) {
              ASSERT_EQ(got.out[j], -12345) << id << " from " << from << " wrote element " << j;
            }
          }
        }
      }
    }
    // One uncleared workspace, the paths alternating, n shrinking and growing.
    const long long most = 60001;
    std::vector<char> ws_buf(compaction_workspace_bytes(*c, most) + 256, 0);
    const long long ns[] = {most, 50003, most, 7, 4097, 30011, most, 12289};
    for (int call = 0; call < 8; ++call) {
      const long long n = ns[call];
      const bool la = call % 2 == 1 || call == 6;
      const int kept = (call * 37) % 101;
      const auto in = values<int>(n, 1000u + static_cast<unsigned>(call));
      const auto flags = flags_for(n, kept, 77u + static_cast<unsigned>(call));
      const int threshold = bench_detail::select_threshold<int>(kept);
      std::vector<int> out(static_cast<size_t>(n), -1);
      int selected = -7;
      Carve ws;
      ws.base = ws_buf.data();
      EmuExec<int> ex;
      ex.lookahead_order = static_cast<unsigned>(call);
      run_compaction<int>(*c, ex, CompactRun<int>{in.data(), flags.data(), out.data(), &selected, n, threshold, ws, c->id, 0, la ? 1 : n + 1});
      EXPECT_EQ(ex.compact_lookahead_launches, la ? 1 : 0) << id << " call " << call;
      std::string why;
      EXPECT_TRUE(bench_detail::check_select(in, flags, threshold, bench_mode(c->mode), out, selected, &why)) << id << " call " << call << " n=" << n << (la ? " lookahead" : " tile") << ": " << why;
    }
  }
}

// compact-flagged keeps CompactTile at every n (its lookahead path was below CUB at 10 % kept from
// 2^26 on the H100, 2026-12-07): no switch moves it there.
TEST(CompactionBest, FlaggedStaysOnTheTile) {
  const CompactInfo* c = find_compaction("compact-flagged");
  ASSERT_TRUE(c);
  EXPECT_EQ(std::string(c->title).find("x-compact-la-"), std::string::npos);
  const long long n = 4096LL * 3 + 5;
  const auto in = values<int>(n, 9u);
  const auto flags = flags_for(n, 10, 10u);
  for (long long from : {0LL, 1LL, n}) {
    const auto got = emulate_compaction<int>(*c, in, flags, bench_detail::select_threshold<int>(10), -12345, from);
    EXPECT_EQ(got.lookahead_launches, 0) << "from " << from;
    std::string why;
    EXPECT_TRUE(bench_detail::check_select(in, flags, 0, BenchSelect::Flagged, got.out, got.selected, &why)) << why;
  }
}

// Calls on one workspace: each call's status words carry its epoch's tag, the last block bumps the
// epoch and returns the block counter to 0; a smaller call after a larger one finds only stale words.
TEST(CompactionLookahead, WorkspaceReusedAcrossCalls) {
  for (const char* id : {"x-compact-la-8x16s6", "x-compact-la-flagged-8x16s5", "x-compact-la-partition-8x16s6"})
    calls_on_one_workspace(id, 3, [&](const unsigned* ctrl, int call) {
      EXPECT_EQ(ctrl[0], static_cast<unsigned>(call + 1)) << id << " call " << call;  // the epoch
      EXPECT_EQ(ctrl[1], 0u) << id << " call " << call;
    });
}

// The kernel's shared memory: regions in order, none overlapping, each 16-byte aligned; every
// prefix slot and every warp total alone in its 16-byte granule (racecheck reported a slot and a
// warp total that shared 8 bytes, compact_lookahead.h).
template <class Shape>
void check_layout(const char* id) {
  SCOPED_TRACE(id);
  EXPECT_EQ(Shape::kFlagOffset, Shape::kStages * Shape::kStageWords * 4);
  EXPECT_EQ(Shape::kBarrierOffset, Shape::kFlagOffset + Shape::kStages * Shape::kFlagBytes);
  EXPECT_EQ(Shape::kSlotOffset, Shape::kBarrierOffset + 4 * Shape::kStages * 8);
  EXPECT_EQ(Shape::kWarpTotalOffset, Shape::kSlotOffset + Shape::kStages * 16);
  EXPECT_EQ(Shape::kSmemBytes, Shape::kWarpTotalOffset + Shape::kComputeWarps * 16);
  for (int off : {Shape::kFlagOffset, Shape::kBarrierOffset, Shape::kSlotOffset, Shape::kWarpTotalOffset}) EXPECT_EQ(off % 16, 0);
  EXPECT_EQ(Shape::kGranuleInts * 4, 16);
  EXPECT_LE(Shape::kSmemBytes, 227 * 1024);  // sm_90's most per block
}
TEST(CompactionLookahead, SharedMemoryLayout) {
  check_layout<CompactLookaheadShape<8, 16, 6, SelectMode::If>>("8x16s6");
  check_layout<CompactLookaheadShape<8, 16, 4, SelectMode::If>>("8x16s4");
  check_layout<CompactLookaheadShape<8, 16, 12, SelectMode::If>>("8x16s12");
  check_layout<CompactLookaheadShape<8, 32, 4, SelectMode::If>>("8x32s4");
  check_layout<CompactLookaheadShape<16, 16, 4, SelectMode::If>>("16x16s4");
  check_layout<CompactLookaheadShape<8, 16, 5, SelectMode::Flagged>>("flagged-8x16s5");
  check_layout<CompactLookaheadShape<8, 16, 6, SelectMode::Partition>>("partition-8x16s6");
  // Two blocks per SM still fit for the 8 x 16 rows of 5 and 6 stages (228 KB per SM, 1 KB
  // reserved per block).
  EXPECT_LE(2 * (CompactLookaheadShape<8, 16, 5, SelectMode::Flagged>::kSmemBytes + 1024), 228 * 1024);
  EXPECT_LE(2 * (CompactLookaheadShape<8, 16, 6, SelectMode::Partition>::kSmemBytes + 1024), 228 * 1024);
}

// A run's split: the bulk middle [lo, hi) on multiples of 4, head and tail under 4 elements each,
// the three covering [first, first + len) exactly; the runs of a tile inside its stage, each stage
// word congruent to its out element mod 4.
TEST(CompactionLookahead, RunSplitAndPlaces) {
  for (int first = 0; first < 16; ++first) {
    for (int len = 1; len <= 40; ++len) {
      const RunSplit sp = compact_run_split(first, len);
      const int end = first + len;
      EXPECT_EQ(sp.lo % 4, 0);
      EXPECT_EQ(sp.hi % 4, 0);
      std::vector<int> covered(static_cast<size_t>(end + 8), 0);
      if (sp.hi > sp.lo)
        for (int i = sp.lo; i < sp.hi; ++i) ++covered[static_cast<size_t>(i)];
      const int head_end = std::min(sp.lo, end), tail_first = std::max(sp.lo, sp.hi);
      EXPECT_LT(head_end - first, 4) << first << " " << len;
      EXPECT_LT(end - tail_first, 4) << first << " " << len;
      for (int i = first; i < head_end; ++i) ++covered[static_cast<size_t>(i)];
      for (int i = tail_first; i < end; ++i) ++covered[static_cast<size_t>(i)];
      for (int i = 0; i < end + 8; ++i) ASSERT_EQ(covered[static_cast<size_t>(i)], i >= first && i < end ? 1 : 0) << first << " " << len << " at " << i;
    }
  }
  using Shape = CompactLookaheadShape<8, 16, 6, SelectMode::Partition>;
  const long long n = 1000003;
  for (long long prefix : {0LL, 1LL, 2LL, 3LL, 4097LL, 8190LL}) {
    for (int count : {1, 17, Shape::kTile}) {
      for (int kept : {0, 1, count / 2, count}) {
        const long long tile_first = 8192;
        const CompactRuns r = compact_runs(tile_first, count, kept, prefix, n, true);
        EXPECT_EQ((r.kept_out - r.kept_first) % 4, 0);
        EXPECT_EQ((r.rej_out - r.rej_first) % 4, 0);
        EXPECT_EQ(r.rej, count - kept);
        EXPECT_EQ(r.rej_out + r.rej - 1, n - 1 - (tile_first - prefix));  // the tile's first rejected element's place
        EXPECT_GE(r.rej_first, r.kept_first + kept);
        EXPECT_LE(r.rej_first + r.rej, Shape::kStageWords);
        EXPECT_LE(r.kept_first + kept, Shape::kStageWords);
      }
    }
  }
}
