// The device-wide strategies by id, and one dispatch over them shared by the GPU launcher, the CPU
// emulation (tests) and the workspace count.
#pragma once

#include <string>
#include <vector>

#include "kernels/device/grid.h"
#include "kernels/device/reduce_device.h"
#include "kernels/device/scan_device.h"

namespace scanscope {
namespace device {

enum class Strategy : int {
  ReduceTree, ReduceBlock, ReduceChunked, ReduceAtomic, ReduceTwoPass, ReduceWarpShuffle, ReduceBest,
  ScanPropagate, ScanReduceThenScan, ScanDecoupled, ScanBest
};

struct StrategyInfo {
  Strategy strategy;
  const char* id;
  bool scan;
  const char* title;
  const char* source;
};

inline const std::vector<StrategyInfo>& strategies() {
  static const std::vector<StrategyInfo> list = {
      {Strategy::ReduceTree, "reduce-tree", false, "binary tree: one launch per level, halving", "seed 004 (Oancea & Henriksen), tree reduction"},
      {Strategy::ReduceBlock, "reduce-block", false, "shrink by the block size per launch (reduce-sequential blocks)", "seed 004, block reduction"},
      {Strategy::ReduceChunked, "reduce-chunked", false, "fixed grid, each thread sums a chunk of consecutive elements (Brent)", "seed 004, chunked reduction"},
      {Strategy::ReduceAtomic, "reduce-atomic", false, "every thread atomicAdd()s its element", "seed 004, atomics"},
      {Strategy::ReduceTwoPass, "reduce-two-pass", false, "grid-stride loop, tree per block, second pass over block partials", "seeds 001, 002"},
      {Strategy::ReduceWarpShuffle, "reduce-warp-shuffle", false, "16-byte loads, grid-stride, warp shuffles, two passes", "seed 000 (warp shuffle)"},
      {Strategy::ReduceBest, "reduce-best", false, "one launch: 16-byte loads x4 in flight, shuffles, last block done finishes", "scanscope"},
      {Strategy::ScanPropagate, "scan-propagate", true, "scan-then-propagate: Blelloch block scans, scan of block sums, uniform add", "seed 003 (scan paper), Figure 5"},
      {Strategy::ScanReduceThenScan, "scan-reduce-then-scan", true, "reduce blocks, scan block sums, scan blocks (three kernels)", "seed 004, CUDA scan implementation"},
      {Strategy::ScanDecoupled, "scan-decoupled", true, "single pass, decoupled look-back, 4 items per thread", "Merrill & Garland 2016"},
      {Strategy::ScanBest, "scan-best", true, "single pass, decoupled look-back, 24 items per thread, 16-byte loads (partial tile too)", "scanscope (after Merrill & Garland)"},
  };
  return list;
}

inline const StrategyInfo* find_strategy(const std::string& id) {
  for (const auto& s : strategies())
    if (id == s.id) return &s;
  return nullptr;
}

// Runs strategy s: reduce writes one value to out, scan writes n. max_blocks bounds reduce-best's
// persistent grid (resident blocks on the GPU; a few on the CPU so every path runs).
template <class Op, class T, class Exec>
void run_strategy(Exec& ex, Strategy s, const T* in, T* out, long long n, bool inclusive, Carve& ws, int max_blocks) {
  switch (s) {
    case Strategy::ReduceTree: return reduce_tree<Op>(ex, in, out, n, ws);
    case Strategy::ReduceBlock: return reduce_block<Op>(ex, in, out, n, ws);
    case Strategy::ReduceChunked: return reduce_chunked<Op>(ex, in, out, n, ws);
    case Strategy::ReduceAtomic: return reduce_atomic<Op>(ex, in, out, n, ws);
    case Strategy::ReduceTwoPass: return reduce_two_pass<Op>(ex, in, out, n, ws);
    case Strategy::ReduceWarpShuffle: return reduce_warp_shuffle<Op>(ex, in, out, n, ws);
    case Strategy::ReduceBest: return reduce_best<Op>(ex, in, out, n, ws, max_blocks);
    case Strategy::ScanPropagate: return scan_propagate<Op>(ex, in, out, n, inclusive, ws);
    case Strategy::ScanReduceThenScan: return scan_reduce_then_scan<Op>(ex, in, out, n, inclusive, ws);
    case Strategy::ScanDecoupled: return scan_look_back<ScanDecoupled, Op>(ex, in, out, n, inclusive, ws, "scan-decoupled");
    case Strategy::ScanBest: return scan_look_back<ScanBest, Op>(ex, in, out, n, inclusive, ws, "scan-best");
  }
}

// Workspace bytes strategy s needs at n (counted by running its sequence with SizeExec).
size_t workspace_bytes(Strategy s, long long n, int max_blocks);

// CPU emulation of strategy s (tests): every launch, every block, on EmulatedBlock.
template <class T>
std::vector<T> emulate(Strategy s, const std::vector<T>& in, bool inclusive, int max_blocks = 4, int* launches = nullptr);

}  // namespace device
}  // namespace scanscope
