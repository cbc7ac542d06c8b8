// THE registry of device-wide strategies: one row per strategy and per tuning variant (id,
// family, inclusive form, the value types its launch is built for, title, source, flags), and
// its launch sequence, from which the launch for each value type and the workspace size follow.
// Read by the bench (bench/bench.cpp) and through it the command line (app/bench_cli.cpp), the
// GPU launcher (grid_exec.cuh, instantiated in reduce_device.cu / scan_device.cu), the CPU
// emulation and workspace count (emulate.cpp) and the tests.
//
// To add a strategy: write its block programs and its launch sequence, a struct deriving from
// ReduceSequence or ScanSequence (reduce_device.h / scan_device.h, shared steps in block_steps.h),
// then add its row below. Nothing else names it.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "kernels/device/reduce_device.h"
#include "kernels/device/scan_device.h"
#include "kernels/device/scan_lookahead.h"

namespace scanscope {
namespace device {

// The value types a row's launch is built for (each is a set of kernels compiled for the GPU).
template <class... Ts>
struct ValueTypes {
  template <class T>
  static constexpr bool has = (std::is_same_v<T, Ts> || ...);
};
using IntAndFloat = ValueTypes<int, float>;
using IntOnly = ValueTypes<int>;

// What a row says besides its sequence.
enum : unsigned {
  kBest = 1,            // its family's best: the bench's summary sets it beside CUB, the copy and the read probe
  kBenchInclusive = 2,  // the bench also times its inclusive form, as "<id>-inclusive"
  kTuning = 4,          // a tuning variant: int only, not in `scanscope bench --kernel all`
};

// One row: the launch sequence Seq (Seq::kFamily, Seq::kInclusive, Seq::run), the value types it
// is built for, and what the bench and the command line show.
template <class Seq_, class Types_ = IntAndFloat, unsigned FLAGS = 0>
struct Row {
  using Seq = Seq_;
  using Types = Types_;
  const char* id;
  const char* title;
  const char* source;
  unsigned flags = FLAGS;
};

// A tuning variant: the single-pass scan with the tile program Prog at another shape (as CUB's
// tuning_scan.cuh lists policies and moderngpu's launch_box lists launch shapes), int only.
template <class Prog>
using Tuning = Row<ScanLookBack<Prog>, IntOnly, kTuning>;

// The tuned shapes of the single-pass scans (LookBackScan<THREADS, ITEMS, STAGE, MIN_BLOCKS,
// DYNAMIC>, LookBackScanFast<THREADS, ITEMS, MIN_BLOCKS, BACKOFF_NS, MAX_SHARED, STAGE_PARTIAL,
// SMEM128>; scan_device.h).
using ScanDecoupled = LookBackScan<256, 4, false>;  // scan-decoupled: the algorithm, plainly
using ScanBest = LookBackScanFast<256, 24, 6>;      // scan-best below kLookaheadFrom: 256 threads x 24 items, 6 blocks per SM (40 registers), partial tiles staged
// The lookahead scan's shapes (LookaheadShape<compute warps, ITEMS (odd), STAGES>; scan_lookahead.h).
using LookaheadBest = LookaheadShape<8, 15, 8>;    // scan-lookahead, and scan-best from kLookaheadFrom: 256 x 15 = 3840 per tile, 8 stages (120 KB, one block per SM)
using LookaheadLarge = LookaheadShape<16, 15, 6>;  // scan-best from kLookaheadLargeFrom: 512 x 15 = 7680 per tile, 6 stages (180 KB, one block per SM)

// scan-best: the decoupled look-back (ScanBest) below kLookaheadFrom elements, the lookahead scan
// from there on where the device and the arrays allow it (sm_90, 16-byte aligned): LookaheadBest,
// then from kLookaheadLargeFrom LookaheadLarge (H200, 2026-11-24: 1.30 x CUB at 2^28 against
// 1.27; equal on the H100). SizeExec counts the largest workspace of the paths that n may take:
// the look-back is the fallback at every n (no sm_90, or arrays not 16-byte aligned).
constexpr long long kLookaheadFrom = 1LL << 23, kLookaheadLargeFrom = 1LL << 24;
struct ScanBestSequence : ScanSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    if constexpr (Exec::counting) {
      size_t most = r.ws.used;
      auto count = [&](auto path) {
        Carve c = r.ws;
        decltype(path)::template run<Op>(ex, RunArgs<T>{r.in, r.out, r.n, r.inclusive, c, r.max_blocks, r.name});
        most = c.used > most ? c.used : most;
      };
      count(ScanLookBack<ScanBest>{});
      if (r.n >= kLookaheadLargeFrom) count(ScanLookahead<LookaheadLarge>{});
      else if (r.n >= kLookaheadFrom) count(ScanLookahead<LookaheadBest>{});
      r.ws.used = most;
      return;
    }
    if (r.n >= kLookaheadLargeFrom && ex.can_lookahead(r.in, r.out)) ScanLookahead<LookaheadLarge>::template run<Op>(ex, r);
    else if (r.n >= kLookaheadFrom && ex.can_lookahead(r.in, r.out)) ScanLookahead<LookaheadBest>::template run<Op>(ex, r);
    else ScanLookBack<ScanBest>::template run<Op>(ex, r);
  }
};

// ---- The rows, in the order the bench lists them.
template <class Visit>
void for_each_strategy(Visit&& v) {
  // Reductions (reduce_device.h): out receives one value.
  v(Row<ReduceTree>{"reduce-tree", "binary tree: one launch per level, halving", "Oancea and Henriksen's notes, tree reduction"});
  v(Row<ReduceBlock>{"reduce-block", "shrink by the block size per launch (reduce-sequential blocks)", "Oancea and Henriksen's notes, block reduction"});
  v(Row<ReduceChunked>{"reduce-chunked", "fixed grid, each thread sums a chunk of consecutive elements (Brent)", "Oancea and Henriksen's notes, chunked reduction"});
  v(Row<ReduceAtomic>{"reduce-atomic", "every thread atomicAdd()s its element", "Oancea and Henriksen's notes, atomics"});
  v(Row<ReduceTwoPass>{"reduce-two-pass", "grid-stride loop, tree per block, second pass over block partials", "the reduction problem, Demouth's slides"});
  v(Row<ReduceWarpShuffle>{"reduce-warp-shuffle", "16-byte loads, grid-stride, warp shuffles, two passes", "the primitives tutorial (warp shuffle)"});
  v(Row<ReduceBest>{"reduce-best", "one launch: 16-byte loads x4 in flight, shuffles, last block done finishes; n <= 4096 one tile", "scanscope", kBest});
  // Scans (scan_device.h): out receives n values, inclusive or exclusive.
  v(Row<ScanPropagate>{"scan-propagate", "scan-then-propagate: Blelloch block scans, scan of block sums, uniform add", "Harris's scan paper, Figure 5"});
  v(Row<ScanReduceThenScan>{"scan-reduce-then-scan", "reduce blocks, scan block sums, scan blocks (three kernels)", "Oancea and Henriksen's notes, CUDA scan implementation"});
  v(Row<ScanLookBack<ScanDecoupled>>{"scan-decoupled", "single pass, decoupled look-back, 4 items per thread", "Merrill & Garland 2016"});
  v(Row<ScanLookahead<LookaheadBest>>{"scan-lookahead", "single pass, persistent warp-specialised blocks, bulk copies through an 8-tile ring, lookahead over tile aggregates (sm_90)",
                                       "scanscope (after Merrill & Garland)", kBenchInclusive});
  v(Row<ScanBestSequence>{"scan-best", "scan-lookahead from 2^23 elements (512 x 15 tiles from 2^24), below it single pass with decoupled look-back, 24 items per thread, 16-byte loads",
                          "scanscope (after Merrill & Garland)", kBest | kBenchInclusive});
  v(Row<ScanLookBack<ScanBest>>{"scan-lookback", "single pass, decoupled look-back, 24 items per thread, 16-byte loads (partial tile too): scan-best below 2^23",
                                "scanscope (after Merrill & Garland)"});
  // Tuning variants of reduce-best's one-block path (n <= 4096): a single tile, 32-bit index math, and non-coherent loads.
  v(Row<ReduceBestT<0>, IntOnly, kTuning>{"x-reduce-best-loop", "reduce-best with its grid-stride loop for n <= 4096 too (before the one-tile path)", "scanscope"});
  v(Row<ReduceBestT<2>, IntOnly, kTuning>{"x-reduce-tile-nc", "reduce-best, n <= 4096 as one tile, non-coherent 16-byte loads", "scanscope"});
  v(Row<ReduceBestT<3>, IntOnly, kTuning>{"x-reduce-tile-shfl", "reduce-best, n <= 4096 as one tile, shuffles instead of __reduce_add_sync", "scanscope"});
  // Tuning variants of scan-best (scripts/bench_gpu.sh tune and tail; docs/performance.md).
  v(Row<ScanLookahead<LookaheadShape<8, 15, 6>>, IntOnly, kTuning>{"x-scan-la-8x15s6", "scan-lookahead, 8 warps x 15, 6 stages", "scanscope"});
  v(Row<ScanLookahead<LookaheadShape<8, 15, 12>>, IntOnly, kTuning>{"x-scan-la-8x15s12", "scan-lookahead, 8 warps x 15, 12 stages", "scanscope"});
  v(Row<ScanLookahead<LookaheadShape<16, 15, 4>>, IntOnly, kTuning>{"x-scan-la-16x15s4", "scan-lookahead, 16 warps x 15, 4 stages", "scanscope"});
  v(Row<ScanLookahead<LookaheadShape<8, 31, 4>>, IntOnly, kTuning>{"x-scan-la-8x31s4", "scan-lookahead, 8 warps x 31, 4 stages", "scanscope"});
  v(Row<ScanLookahead<LookaheadShape<8, 23, 6>>, IntOnly, kTuning>{"x-scan-la-8x23s6", "scan-lookahead, 8 warps x 23, 6 stages", "scanscope"});
  v(Tuning<LookBackScan<256, 16, true, 8, false>>{"x-scan-v1", "the first scan-best: block scan, then look-back; 256 x 16, tile = block", "scanscope"});
  v(Tuning<LookBackScanFast<256, 16, 8>>{"x-scan-f256x16", "scan-best's tile program at 256 threads x 16 items, 8 blocks per SM", "scanscope"});
  v(Tuning<LookBackScanFast<128, 24, 12>>{"x-scan-f128x24", "scan-best's tile program at 128 x 24 (CUB's sm_90 shape), 12 blocks per SM", "scanscope"});
  v(Tuning<LookBackScanFast<256, 32, 4>>{"x-scan-f256x32", "scan-best's tile program at 256 x 32, 4 blocks per SM", "scanscope"});
  v(Tuning<LookBackScanFast<256, 24, 6, 0, true, false>>{"x-scan-best-scalar-tail", "scan-best with the old partial tile, element by element", "scanscope"});
  v(Tuning<LookBackScanFast<256, 24, 6, 0, true, true, true>>{"x-scan-best-s128", "scan-best with a 16-byte shared-memory transpose", "scanscope"});
  v(Tuning<LookBackScan<256, 16, true, 8, true>>{"x-scan-256x16-dyn", "block scan, then look-back; 256 x 16, tiles from an atomic counter", "scanscope"});
  v(Tuning<LookBackScan<512, 16, true, 2>>{"x-scan-512x16-r64", "block scan, then look-back; 512 x 16, 2 blocks per SM, tile counter", "scanscope"});
  v(Tuning<LookBackScan<512, 16, true, 2, false>>{"x-scan-512x16-r64-static", "block scan, then look-back; 512 x 16, 2 blocks per SM, tile = block", "scanscope"});
}

// ---- What the rest of the program reads.

struct StrategyInfo {
  int row;           // position in for_each_strategy (run_strategy dispatches on it)
  const char* id;
  Family family;
  bool inclusive;    // takes the inclusive form too (every scan); a reduction takes neither
  bool takes_float;  // built for float as well as int
  unsigned flags;    // kBest, kBenchInclusive, kTuning
  const char* title;
  const char* source;
  bool scan() const { return family == Family::Scan; }
  bool tuning() const { return (flags & kTuning) != 0; }
};

inline const std::vector<StrategyInfo>& strategies() {
  static const std::vector<StrategyInfo> list = [] {
    std::vector<StrategyInfo> v;
    for_each_strategy([&](const auto& row) {
      using R = std::decay_t<decltype(row)>;
      v.push_back({static_cast<int>(v.size()), row.id, R::Seq::kFamily, R::Seq::kInclusive, R::Types::template has<float>, row.flags, row.title, row.source});
    });
    return v;
  }();
  return list;
}

inline const StrategyInfo* find_strategy(const std::string& id) {
  for (const auto& s : strategies())
    if (id == s.id) return &s;
  return nullptr;
}

// Families a dispatch instantiates: each GPU translation unit builds one (OnlyFamily), the CPU all.
struct AnyFamily {
  static constexpr bool takes(Family) { return true; }
};
template <Family F>
struct OnlyFamily {
  static constexpr bool takes(Family f) { return f == F; }
};

// Runs strategy s with operator Op on values T, launching through ex (CudaExec, EmuExec,
// SizeExec). Instantiates the launch of every row of the families Only takes that is built for T;
// false when s is not one of those. (Dispatch by row number: in the timed path it costs a few
// integer compares, as the switch it replaces did.)
template <class Op, class T, class Only = AnyFamily, class Exec>
bool run_strategy(const StrategyInfo& s, Exec& ex, const RunArgs<T>& r) {
  bool ran = false;
  int row_number = 0;
  for_each_strategy([&](const auto& row) {
    using R = std::decay_t<decltype(row)>;
    if constexpr (R::Types::template has<T> && Only::takes(R::Seq::kFamily)) {
      if (row_number == s.row) {
        R::Seq::template run<Op, T>(ex, r);
        ran = true;
      }
    }
    (void)row;
    ++row_number;
  });
  return ran;
}

// Workspace bytes strategy s needs at n (counted by running its sequence with SizeExec).
size_t workspace_bytes(const StrategyInfo& s, long long n, int max_blocks);

// CPU emulation of strategy s (tests): every launch, every block, on EmulatedBlock. Throws
// std::invalid_argument when s is not built for T or takes no inclusive form.
template <class T>
std::vector<T> emulate(const StrategyInfo& s, const std::vector<T>& in, bool inclusive, int max_blocks = 4, int* launches = nullptr);

}  // namespace device
}  // namespace scanscope
