// Every device-wide strategy's launch sequence, run block by block on EmulatedBlock, against the
// CPU reference: odd sizes, sizes around tile and block edges, int and float, inclusive and
// exclusive. This is the same block source the GPU times.
#include <gtest/gtest.h>

#include "bench/bench_detail.h"
#include "kernels/device/emu_exec.h"
#include "kernels/device/strategies.h"

using namespace scanscope;
using namespace scanscope::device;

namespace {

template <class T>
std::vector<T> input(long long n, unsigned seed) {
  std::vector<T> v(static_cast<size_t>(n));
  uint32_t x = seed * 2654435761u + 1;
  for (auto& e : v) {
    x = x * 1664525u + 1013904223u;
    e = bench_detail::value_from<T>((x >> 24) & 15u);
  }
  return v;
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
    if (s.scan) {
      for (bool inclusive : {false, true}) {
        auto out = emulate<T>(s.strategy, in, inclusive);
        EXPECT_TRUE(bench_detail::check_scan(in, out, inclusive, &why)) << s.id << " n=" << n << ": " << why;
      }
    } else {
      auto out = emulate<T>(s.strategy, in, false);
      EXPECT_TRUE(bench_detail::check_reduce(in, out[0], &why)) << s.id << " n=" << n << ": " << why;
    }
  }
}

}  // namespace

class DeviceStrategyEmulated : public ::testing::TestWithParam<std::string> {};

TEST_P(DeviceStrategyEmulated, IntMatchesReference) { check_strategy<int>(*find_strategy(GetParam())); }
TEST_P(DeviceStrategyEmulated, FloatMatchesReference) { check_strategy<float>(*find_strategy(GetParam())); }

INSTANTIATE_TEST_SUITE_P(AllStrategies, DeviceStrategyEmulated, ::testing::ValuesIn([] {
                           std::vector<std::string> ids;
                           for (const auto& s : strategies()) ids.push_back(s.id);
                           return ids;
                         }()),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (auto& c : s)
                             if (c == '-') c = '_';
                           return s;
                         });

// The launch counts are the lesson of the multi-kernel strategies (seed 004: 10^7 -> 39063 -> 153 -> 1).
TEST(DeviceStrategyShape, LaunchCounts) {
  std::vector<int> in(100000, 1);
  int launches = 0;
  emulate<int>(Strategy::ReduceBlock, in, false, 4, &launches);
  EXPECT_EQ(launches, 3);  // 100000 -> 391 -> 2 -> 1
  emulate<int>(Strategy::ReduceTree, in, false, 4, &launches);
  EXPECT_EQ(launches, 17);  // ceil(log2(100000))
  emulate<int>(Strategy::ReduceBest, in, false, 4, &launches);
  EXPECT_EQ(launches, 1);
  emulate<int>(Strategy::ScanReduceThenScan, in, false, 4, &launches);
  EXPECT_EQ(launches, 3);
}

// The workspace count follows the sequence, piece by piece: the look-back scans take a tile
// counter (4 bytes) and one 8-byte status word per tile, each piece starting on a 256-byte
// boundary, so the count is exact; it fails if a piece is forgotten or a tile is miscounted.
TEST(DeviceStrategyShape, WorkspaceCountsEveryPiece) {
  EXPECT_EQ(workspace_bytes(Strategy::ReduceAtomic, 1000, 264), 0u);
  EXPECT_GE(workspace_bytes(Strategy::ReduceBest, 1000, 264), 264u * 4);
  static_assert(ScanBest::kTile == 256 * 24, "scan-best's tile");
  auto look_back_bytes = [](long long tiles) { return size_t(256) + static_cast<size_t>(tiles) * 8u; };  // counter, padded; status words
  EXPECT_EQ(workspace_bytes(Strategy::ScanBest, 1LL << 28, 264), look_back_bytes(43691));  // ceil(2^28 / 6144)
  EXPECT_EQ(workspace_bytes(Strategy::ScanBest, 6144, 264), look_back_bytes(1));
  EXPECT_EQ(workspace_bytes(Strategy::ScanBest, 6145, 264), look_back_bytes(2));
  EXPECT_EQ(workspace_bytes(Strategy::ScanDecoupled, 1LL << 28, 264), look_back_bytes((1LL << 28) / 1024));
}

// The tile shapes scan-best was tuned over (the x-scan-f* bench variants): every one correct on
// the CPU, across tile edges, inclusive and exclusive.
template <class Prog, class T>
void check_look_back_shape(const char* name) {
  for (long long n : {1LL, 33LL, 1000LL, 2047LL, 2048LL, 2049LL, 3073LL, 4097LL, 6143LL, 6145LL, 6914LL, 12289LL, 13057LL, 20001LL}) {
    auto in = input<T>(n, static_cast<unsigned>(n) + 7);
    for (bool inclusive : {false, true}) {
      std::vector<char> ws_buf(workspace_bytes(Strategy::ScanDecoupled, n, 4) + 256, 0);
      Carve ws;
      ws.base = ws_buf.data();
      std::vector<T> out(in.size(), T(-12345));
      EmuExec<T> ex;
      scan_look_back<Prog, OpSum>(ex, in.data(), out.data(), n, inclusive, ws, name);
      std::string why;
      EXPECT_TRUE(bench_detail::check_scan(in, out, inclusive, &why)) << name << " n=" << n << ": " << why;
    }
  }
}

TEST(DeviceStrategyShape, ScanBestTileShapes) {
  check_look_back_shape<LookBackScanFast<256, 16, 8>, int>("256x16");
  check_look_back_shape<LookBackScanFast<128, 24, 12>, int>("128x24");
  check_look_back_shape<LookBackScanFast<192, 20, 8>, float>("192x20");
  check_look_back_shape<LookBackScanFast<256, 32, 4>, float>("256x32");
  check_look_back_shape<LookBackScanFast<256, 24, 6, 0, true, false>, int>("256x24 scalar tail");
  check_look_back_shape<LookBackScanFast<256, 24, 6, 0, true, true, true>, int>("256x24 16-byte shared");
  check_look_back_shape<LookBackScanFast<256, 24, 6, 0, true, true, true>, float>("256x24 16-byte shared");
}
