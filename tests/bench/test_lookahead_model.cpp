// The lookahead scan's protocol on the CPU (scan_lookahead.h): its model runs the blocks' four
// roles (producer, reduce, lookahead, compute) under a scheduler that picks the lowest block first, the
// highest first, or a pseudo-random one; results against the CPU reference across tile edges,
// the call tags across calls on one workspace, and scan-best's switch to it. The GPU kernel
// itself (bulk copies, mbarriers) runs in tests/bench/test_device_gpu.cpp on a GPU.
#include <gtest/gtest.h>

#include "bench/bench_detail.h"
#include "tests/bench/test_inputs.h"
#include "kernels/device/emu_exec.h"
#include "kernels/device/strategies.h"

using namespace scanscope;
using namespace scanscope::device;

namespace {

using Small = LookaheadShape<1, 3, 2>;  // 96 elements per tile, 2 stages: many tiles at small n

using testing_inputs::values;

struct Workspace {
  std::vector<unsigned> control = std::vector<unsigned>(2, 0);
  std::vector<unsigned long long> status;
  explicit Workspace(long long tiles) : status(static_cast<size_t>(tiles > 0 ? tiles : 1), 0) {}
  LookaheadWorkspace view() { return LookaheadWorkspace{control.data(), status.data()}; }
};

template <class Shape, class T>
std::vector<T> run_model(const std::vector<T>& in, bool inclusive, int blocks, unsigned order, Workspace& ws) {
  std::vector<T> out(in.size(), T(-12345));
  lookahead_model<Shape, OpSum, T>(LookaheadArgs<T>{in.data(), out.data(), static_cast<long long>(in.size()), inclusive, ws.view(), blocks}, blocks, order);
  return out;
}

}  // namespace

// Every order, 1 to 7 blocks, sizes around the tile (96) and the 16-byte groups.
TEST(LookaheadModel, MatchesReferenceUnderEveryScheduler) {
  for (long long n : {1LL, 3LL, 4LL, 5LL, 95LL, 96LL, 97LL, 191LL, 193LL, 1000LL, 4097LL}) {
    for (int blocks : {1, 2, 3, 7}) {
      for (unsigned order : {0u, 1u, 2u, 77u}) {
        for (bool inclusive : {false, true}) {
          auto in = values<int>(n, static_cast<unsigned>(n) + order);
          Workspace ws(ceil_div(n, Small::kTile));
          auto out = run_model<Small>(in, inclusive, blocks, order, ws);
          std::string why;
          EXPECT_TRUE(bench_detail::check_scan(in, out, inclusive, &why)) << "n=" << n << " blocks=" << blocks << " order=" << order << ": " << why;
          auto fin = values<float>(n, static_cast<unsigned>(n) + order);
          Workspace fws(ceil_div(n, Small::kTile));
          auto fout = run_model<Small>(fin, inclusive, blocks, order, fws);
          EXPECT_TRUE(bench_detail::check_scan(fin, fout, inclusive, &why)) << "float n=" << n << " blocks=" << blocks << ": " << why;
        }
      }
    }
  }
}

// Calls on one workspace, never cleared between them: each call's tag differs, so a lookahead that
// runs before its predecessors have published (the highest block first) waits rather than taking a
// word of the previous call. Without the tag check the second call would add the first call's
// aggregates (the inputs differ) and fail.
TEST(LookaheadModel, StatusWordsOfAnEarlierCallAreNeverRead) {
  const long long n = 2000;
  Workspace ws(ceil_div(n, Small::kTile));
  for (unsigned call = 0; call < 4; ++call) {
    auto in = values<int>(n, 100 + call);
    auto out = run_model<Small>(in, call % 2 == 1, 5, call == 2 ? 9u : 1u, ws);
    std::string why;
    EXPECT_TRUE(bench_detail::check_scan(in, out, call % 2 == 1, &why)) << "call " << call << ": " << why;
    EXPECT_EQ(ws.control[0], call + 1) << "the epoch counts calls";
    EXPECT_EQ(ws.control[1], 0u) << "the finished-block counter is back at 0";
  }
  // A word left by the decoupled look-back (its tag << 2 | flag, top bit clear) matches no call's tag.
  for (unsigned epoch : {0u, 1u, 2u, 0x7fffffffu, 0xffffffffu}) {
    for (unsigned tag : {1u, 2u, 12345u, (1u << 29) - 1}) {
      EXPECT_FALSE(lookahead_ready(pack_status(tag, kFlagAggregate, 5), lookahead_tag(epoch)));
      EXPECT_FALSE(lookahead_ready(pack_status(tag, kFlagPrefix, 5), lookahead_tag(epoch)));
      // and the other way: a lookahead word is no look-back flag
      EXPECT_EQ(status_flag(lookahead_word(lookahead_tag(epoch), 5), tag), static_cast<unsigned>(kFlagNone));
    }
    EXPECT_FALSE(lookahead_ready(0ull, lookahead_tag(epoch)));
  }
}

// The tile split: the bulk copies move whole 16-byte groups; at most 3 elements go one by one.
TEST(LookaheadModel, TileSplit) {
  EXPECT_EQ(lookahead_tile_count(0, 100, 96), 96);
  EXPECT_EQ(lookahead_tile_count(1, 100, 96), 4);
  EXPECT_EQ(lookahead_bulk_count(4), 4);
  EXPECT_EQ(lookahead_bulk_count(7), 4);
  EXPECT_EQ(lookahead_bulk_count(3), 0);
  EXPECT_EQ(lookahead_window_lo(5, 3), 2);  // tile 5 of block 2: its own tile 2 on
  EXPECT_EQ(lookahead_window_lo(2, 3), 0);  // a block's first tile: every tile before it
  static_assert(LookaheadBest::kTile % 4 == 0 && LookaheadBest::kItems % 2 == 1, "16-byte tiles, conflict-free items");
}

// scan-best switches to the lookahead scan at kLookaheadFrom (its workspace grows to the lookahead
// path's there) and is correct there in the emulation; just below, the decoupled look-back.
TEST(LookaheadModel, ScanBestSwitchesAtItsThreshold) {
  const StrategyInfo* best = find_strategy("scan-best");
  ASSERT_TRUE(best);
  EXPECT_EQ(workspace_bytes(*best, kLookaheadFrom, 264), 256u + static_cast<size_t>(ceil_div(kLookaheadFrom, LookaheadBest::kTile)) * 8u);
  EXPECT_EQ(workspace_bytes(*best, kLookaheadFrom - 1, 264), 256u + static_cast<size_t>(ceil_div(kLookaheadFrom - 1, ScanBest::kTile)) * 8u);
  for (long long n : {kLookaheadFrom, kLookaheadFrom + 7, kLookaheadLargeFrom + 5}) {
    auto in = values<int>(n, 5);
    auto out = emulate<int>(*best, in, n % 2 == 1);
    std::string why;
    EXPECT_TRUE(bench_detail::check_scan(in, out, n % 2 == 1, &why)) << "n=" << n << ": " << why;
  }
}

// The decoupled look-back's status words carry the call's tag too (no clearing between calls): a
// word of another call reads as "none", whatever its flag, and successive calls get new tags.
TEST(LookBackTags, AWordOfAnotherCallIsNone) {
  EXPECT_EQ(status_flag(pack_status(5, kFlagPrefix, 7), 5), static_cast<unsigned>(kFlagPrefix));
  EXPECT_EQ(status_flag(pack_status(5, kFlagAggregate, 7), 5), static_cast<unsigned>(kFlagAggregate));
  EXPECT_EQ(status_flag(pack_status(5, kFlagPrefix, 7), 6), static_cast<unsigned>(kFlagNone));
  EXPECT_EQ(status_flag(0ull, 1), static_cast<unsigned>(kFlagNone));
  const unsigned a = look_back_tag(), b = look_back_tag();
  EXPECT_NE(a, b);
  EXPECT_GE(a, 1u);
  EXPECT_LT(b, 1u << 29);
  // scan-lookback twice over one workspace that is never cleared, on different inputs
  const StrategyInfo* s = find_strategy("scan-lookback");
  ASSERT_TRUE(s);
  const long long n = 20001;
  std::vector<char> buf(workspace_bytes(*s, n, 4) + 256, 0);
  for (int call = 0; call < 3; ++call) {
    auto in = values<int>(n, 40 + call);
    std::vector<int> out(in.size(), -1);
    Carve ws;
    ws.base = buf.data();
    EmuExec<int> ex;
    ScanLookBack<ScanBest>::run<OpSum>(ex, RunArgs<int>{in.data(), out.data(), n, call == 1, ws, 4, "scan-lookback"});
    std::string why;
    EXPECT_TRUE(bench_detail::check_scan(in, out, call == 1, &why)) << "call " << call << ": " << why;
  }
}
