// Every row of the device-strategy registry (strategies and tuning variants), its launch sequence
// run block by block on EmulatedBlock, against the CPU reference: odd sizes, sizes around tile and
// block edges, int and float (where the row is built for it), inclusive and exclusive. This is the
// same block source the GPU times.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "bench/bench_detail.h"
#include "tests/bench/test_inputs.h"
#include "kernels/device/emu_exec.h"
#include "kernels/device/strategies.h"

using namespace scanscope;
using namespace scanscope::device;

namespace {

template <class T>
std::vector<T> input(long long n, unsigned seed) {
  return testing_inputs::values<T>(n, seed);
}

// Sizes that cross every edge the strategies have: 1, tiny, odd, block (256, 512, 1024), the
// tiles of reduce-best (8192), reduce-then-scan (2048) and scan-best (6144; its warps' parts of 768),
// several tiles, and partial last tiles whose end falls inside a 16-byte group.
const long long kSizes[] = {1, 2, 3, 31, 33, 255, 257, 1000, 1023, 1025, 2047, 4095, 4097, 6143, 6144, 6145, 6914, 8191, 8193, 20001, 65537};

template <class T>
void check_strategy(const StrategyInfo& s) {
  for (long long n : kSizes) {
    auto in = input<T>(n, static_cast<unsigned>(n));
    std::string why;
    if (s.scan()) {
      for (bool inclusive : {false, true}) {
        if (inclusive && !s.inclusive) continue;
        auto out = emulate<T>(s, in, inclusive);
        EXPECT_TRUE(bench_detail::check_scan(in, out, inclusive, &why)) << s.id << " n=" << n << ": " << why;
      }
    } else {
      auto out = emulate<T>(s, in, false);
      EXPECT_TRUE(bench_detail::check_reduce(in, out[0], &why)) << s.id << " n=" << n << ": " << why;
    }
  }
}

const StrategyInfo& strategy(const std::string& id) {
  const StrategyInfo* s = find_strategy(id);
  if (!s) throw std::invalid_argument("no strategy " + id);
  return *s;
}

}  // namespace

class DeviceStrategyEmulated : public ::testing::TestWithParam<std::string> {};

TEST_P(DeviceStrategyEmulated, IntMatchesReference) { check_strategy<int>(strategy(GetParam())); }
TEST_P(DeviceStrategyEmulated, FloatMatchesReference) {
  if (!strategy(GetParam()).takes_float) GTEST_SKIP() << GetParam() << " is built for int only";
  check_strategy<float>(strategy(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, DeviceStrategyEmulated, ::testing::ValuesIn(testing_inputs::row_ids(strategies())),
                         [](const auto& info) { return testing_inputs::test_name_of(info.param); });

// The launch counts are the lesson of the multi-kernel strategies (Oancea and Henriksen's notes: 10^7 -> 39063 -> 153 -> 1).
TEST(DeviceStrategyShape, LaunchCounts) {
  std::vector<int> in(100000, 1);
  int launches = 0;
  emulate<int>(strategy("reduce-block"), in, false, 4, &launches);
  EXPECT_EQ(launches, 3);  // 100000 -> 391 -> 2 -> 1
  emulate<int>(strategy("reduce-tree"), in, false, 4, &launches);
  EXPECT_EQ(launches, 17);  // ceil(log2(100000))
  emulate<int>(strategy("reduce-best"), in, false, 4, &launches);
  EXPECT_EQ(launches, 1);
  emulate<int>(strategy("scan-reduce-then-scan"), in, false, 4, &launches);
  EXPECT_EQ(launches, 3);
  // scan-blelloch.cu over 98 blocks, their sums, the sums' scan (one block: no sums of its own), uniform add
  emulate<int>(strategy("scan-propagate"), in, false, 4, &launches);
  EXPECT_EQ(launches, 4);
}

// The workspace count follows the sequence, piece by piece: the look-back scans take a tile
// counter (4 bytes) and one 8-byte status word per tile, each piece starting on a 256-byte
// boundary, so the count is exact; it fails if a piece is forgotten or a tile is miscounted.
TEST(DeviceStrategyShape, WorkspaceCountsEveryPiece) {
  EXPECT_EQ(workspace_bytes(strategy("reduce-atomic"), 1000, 264), 0u);
  EXPECT_GE(workspace_bytes(strategy("reduce-best"), 1000, 264), 264u * 4);
  static_assert(ScanBest::kTile == 256 * 24, "scan-best's tile");
  auto look_back_bytes = [](long long tiles) { return size_t(256) + static_cast<size_t>(tiles) * 8u; };  // counter, padded; status words
  static_assert(LookaheadBest::kTile == 256 * 15, "scan-lookahead's tile");
  // scan-best from kLookaheadFrom: the lookahead scan's two control words (padded) and a status word per tile
  // from 2^24 the look-back fallback's 6144-element tiles need more status words than the 7680-element lookahead tiles
  EXPECT_EQ(workspace_bytes(strategy("scan-best"), 1LL << 28, 264), look_back_bytes(43691));  // ceil(2^28 / 6144)
  EXPECT_EQ(workspace_bytes(strategy("scan-best"), kLookaheadLargeFrom - 1, 264), look_back_bytes(ceil_div(kLookaheadLargeFrom - 1, 3840)));
  EXPECT_EQ(workspace_bytes(strategy("scan-lookahead"), 1LL << 28, 264), look_back_bytes(69906));
  EXPECT_EQ(workspace_bytes(strategy("scan-best"), kLookaheadFrom - 1, 264), look_back_bytes(ceil_div(kLookaheadFrom - 1, 6144)));
  EXPECT_EQ(workspace_bytes(strategy("scan-lookback"), 1LL << 28, 264), look_back_bytes(43691));  // ceil(2^28 / 6144)
  EXPECT_EQ(workspace_bytes(strategy("scan-best"), 6144, 264), look_back_bytes(1));
  EXPECT_EQ(workspace_bytes(strategy("scan-best"), 6145, 264), look_back_bytes(2));
  EXPECT_EQ(workspace_bytes(strategy("scan-decoupled"), 1LL << 28, 264), look_back_bytes((1LL << 28) / 1024));
  EXPECT_EQ(workspace_bytes(strategy("x-scan-f256x32"), 1LL << 28, 264), look_back_bytes((1LL << 28) / 8192));  // a tuning variant's own tile
}

// The registry: ids unique, families and forms as the bench reads them, the tuning variants
// int only and outside `all`.
// scan-best may fall back to the look-back at any n (no sm_90, unaligned arrays): its workspace is
// never smaller than either path's.
TEST(DeviceStrategyShape, ScanBestWorkspaceFitsEveryPath) {
  for (long long n : {1000LL, (1LL << 23) - 1, 1LL << 23, (1LL << 24) - 1, 1LL << 24, (1LL << 24) + 5, 1LL << 26, 1LL << 28, (1LL << 30) + 3}) {
    const size_t best = workspace_bytes(strategy("scan-best"), n, 264);
    EXPECT_GE(best, workspace_bytes(strategy("scan-lookback"), n, 264)) << n;
    if (n >= kLookaheadFrom && n < kLookaheadLargeFrom) {
      EXPECT_GE(best, workspace_bytes(strategy("scan-lookahead"), n, 264)) << n;  // the same shape
    }
    if (n >= kLookaheadLargeFrom) {
      EXPECT_GE(best, 256u + static_cast<size_t>(ceil_div(n, LookaheadLarge::kTile)) * 8u) << n;
    }
  }
}

TEST(DeviceStrategyShape, RegistryRows) {
  std::set<std::string> ids;
  for (const auto& s : strategies()) {
    EXPECT_TRUE(ids.insert(s.id).second) << s.id << " twice";
    EXPECT_EQ(s.inclusive, s.scan()) << s.id;
    if (s.tuning()) {
      EXPECT_FALSE(s.takes_float) << s.id;
    }
    EXPECT_EQ(std::string(s.id).rfind("x-", 0) == 0, s.tuning()) << s.id;  // the bench's and the scripts' convention
    EXPECT_TRUE(*s.title && *s.source) << s.id;
  }
  EXPECT_TRUE(find_strategy("scan-best") && find_strategy("x-scan-best-s128"));
  EXPECT_THROW(emulate<float>(strategy("x-scan-v1"), std::vector<float>(10, 1.f), false), std::invalid_argument);
  EXPECT_THROW(emulate<int>(strategy("reduce-best"), std::vector<int>(10, 1), true), std::invalid_argument);
}

// Tile shapes of scan-best beyond the registry's tuning rows (192 x 20, float at the rows'
// shapes): every one correct on the CPU, across tile edges, inclusive and exclusive.
template <class Prog, class T>
void check_look_back_shape(const char* name) {
  for (long long n : {1LL, 33LL, 1000LL, 2047LL, 2048LL, 2049LL, 3073LL, 4097LL, 6143LL, 6145LL, 6914LL, 12289LL, 13057LL, 20001LL}) {
    auto in = input<T>(n, static_cast<unsigned>(n) + 7);
    for (bool inclusive : {false, true}) {
      std::vector<char> ws_buf(workspace_bytes(strategy("scan-decoupled"), n, 4) + 256, 0);  // tiles of 1024: the most status words
      Carve ws;
      ws.base = ws_buf.data();
      std::vector<T> out(in.size(), T(-12345));
      EmuExec<T> ex;
      ScanLookBack<Prog>::template run<OpSum>(ex, RunArgs<T>{in.data(), out.data(), n, inclusive, ws, 4, name});
      std::string why;
      EXPECT_TRUE(bench_detail::check_scan(in, out, inclusive, &why)) << name << " n=" << n << ": " << why;
    }
  }
}

TEST(DeviceStrategyShape, ScanBestTileShapes) {
  check_look_back_shape<LookBackScanFast<192, 20, 8>, float>("192x20");
  check_look_back_shape<LookBackScanFast<256, 32, 4>, float>("256x32");
  check_look_back_shape<LookBackScanFast<256, 24, 6, 0, true, true, true>, float>("256x24 16-byte shared");
}
