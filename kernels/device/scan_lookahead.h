// The single-pass scan with lookahead (scan-lookahead; scan-best above kLookaheadFrom): persistent,
// warp-specialised blocks that move whole tiles between global and shared memory with bulk copies
// (sm_90's tensor memory accelerator, cp.async.bulk) through a ring of STAGES tiles, and a
// lookahead that publishes tile aggregates only.
//
// The algorithm (after Merrill & Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", with the look-back replaced by a running prefix per block):
//  - G persistent blocks; block b scans tiles b, b + G, b + 2G, ... in that order.
//  - Per block: a producer warp bulk-copies the block's next tiles into free ring stages; a
//    reduce warp sums each tile as soon as it has landed and publishes the sum; the compute warps
//    scan a staged tile in place and bulk-copy it out; a lookahead warp computes the tile's
//    exclusive prefix from the aggregates of other tiles.
//  - A tile publishes only its aggregate (status word: this call's tag and the value), as soon as
//    it has landed. Nothing waits on another tile's prefix.
//  - Exclusive prefix of tile t: excl(t) = excl(t - G) + agg(t - G) + ... + agg(t - 1), where
//    excl(t - G) is the block's own previous tile (kept in a register of the lookahead warp), so
//    the G aggregates it reads depend on loads only, never on another look-back: no serial chain
//    of prefixes across the grid. For a block's first tile (t < G): agg(0) + ... + agg(t - 1).
//  - Status words carry a tag, the call's epoch, instead of being cleared before every call: the
//    workspace holds the epoch and a block counter; the last block to finish bumps the epoch, so
//    a status word from an earlier call never matches. The workspace must be zero when first used
//    (the bench and the emulation zero it once), as reduce-best's counter must.
//
// This header holds what the GPU kernel (scan_lookahead.cuh) and the CPU model below share: the
// tag words, the tile split, the lookahead's window, and the launch sequence. The CPU model runs
// the same protocol with a scheduler that interleaves the blocks' warps in any order a test picks
// (a real GPU may run them in any order too), so the tags and the window are tested in CI.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/device/grid.h"

namespace scanscope {
namespace device {

// The shape of a lookahead scan: W compute warps x ITEMS per thread (odd, so that each thread's
// ITEMS consecutive words in the staged tile are read and written without bank conflicts: lane
// l's k-th word is in bank (l * ITEMS + k) mod 32, distinct over a warp), STAGES tiles in the ring.
template <int W, int ITEMS, int STAGES>
struct LookaheadShape {
  static_assert(ITEMS % 2 == 1, "odd ITEMS: conflict-free 4-byte shared accesses");
  static_assert(STAGES >= 2, "a ring needs two stages");
  static constexpr int kComputeWarps = W, kItems = ITEMS, kStages = STAGES;
  static constexpr int kComputeThreads = W * kWarpSize;
  static constexpr int kThreads = kComputeThreads + 3 * kWarpSize;  // + producer, lookahead and reduce warps
  static constexpr int kTile = kComputeThreads * ITEMS;             // a multiple of 4: 16-byte bulk copies
  // Dynamic shared memory: the ring, then 4 x STAGES mbarriers (8 bytes each), STAGES prefix slots
  // and W warp totals (4 bytes each).
  static constexpr int kSmemBytes = STAGES * kTile * 4 + 4 * STAGES * 8 + (STAGES + W) * 4;
};

// ---- Status words: (tag << 32) | bits of the aggregate. A call's tag is its epoch + 1 with the top
// bit set: a zeroed word (tag 0) is never ready, nor is a word of the decoupled look-back (whose
// tag << 2 | flag keeps the top bit clear) left in a workspace both scans have used.
SS_HD unsigned lookahead_tag(unsigned epoch) { return 0x80000000u | ((epoch + 1) & 0x7fffffffu); }
template <class T>
SS_HD unsigned long long lookahead_word(unsigned tag, T aggregate) {
  return (static_cast<unsigned long long>(tag) << 32) | bits_of(aggregate);
}
SS_HD bool lookahead_ready(unsigned long long word, unsigned tag) { return static_cast<unsigned>(word >> 32) == tag; }
template <class T>
SS_HD T lookahead_value(unsigned long long word) {
  return from_bits<T>(static_cast<uint32_t>(word));
}

// The workspace: control[0] = the epoch (calls finished on this workspace), control[1] = blocks of
// this call that have finished (wraps to 0 when the last one finishes); then one status word per
// tile.
struct LookaheadWorkspace {
  unsigned* control;
  unsigned long long* status;
};

// Tile t of n elements: how many it holds, and how many of them move by bulk copy (a multiple of 4
// elements, 16 bytes; the rest, at most 3 at the very end of the array, element by element).
SS_HD long long lookahead_tile_count(long long t, long long n, int tile) {
  const long long left = n - t * tile;
  return left < tile ? left : tile;
}
SS_HD long long lookahead_bulk_count(long long count) { return count & ~3LL; }

// The aggregates tile t's lookahead reads, [lo, t): from the block's own previous tile t - G on.
SS_HD long long lookahead_window_lo(long long t, int blocks) { return t >= blocks ? t - blocks : 0; }

template <class T>
struct LookaheadArgs {
  const T* in;
  T* out;
  long long n;
  bool inclusive;
  LookaheadWorkspace ws;
  int max_blocks;  // the CPU model's grid (the GPU sizes its persistent grid by occupancy)
};

// The CPU models' scheduler (this scan's and the lookahead compaction's, compact_lookahead.h): the
// four roles of every block as steps step(block, role) (0 producer, 1 reduce, 2 lookahead,
// 3 compute) that return whether they made progress, tried in the order `order` picks (0 = lowest
// block first, 1 = highest first, any other value seeds a pseudo-random choice) until done();
// a round in which no step can progress is a deadlock, thrown.
template <class Step, class Done>
void lookahead_schedule(int blocks, unsigned order, Step&& step, Done&& done) {
  unsigned rng = order * 2654435761u + 12345u;
  const int steps = blocks * 4;
  while (!done()) {
    // Try the steps in the scheduler's order until one makes progress.
    const int k0 = order == 0 ? 0 : order == 1 ? steps - 1 : (rng = rng * 1103515245u + 12345u, static_cast<int>((rng >> 8) % steps));
    bool progressed = false;
    for (int k = 0; k < steps && !progressed; ++k) {
      const int i = order == 1 ? (k0 - k + steps) % steps : (k0 + k) % steps;
      progressed = step(i / 4, i % 4);
    }
    if (!progressed) throw std::logic_error("lookahead model: no block can make progress (deadlock)");
  }
}

// ---- The CPU model: every block's four roles as resumable steps, run by a scheduler.
// order: the scheduler's choice among the steps that can make progress: 0 = lowest block first,
// 1 = highest first, any other value seeds a pseudo-random choice. blocks: the persistent grid.
// The model keeps a ring of STAGES tiles per block as the kernel does; a step that would wait
// (stage not free, tile not landed or not yet read by the reduce warp, aggregate not published
// with this call's tag) is not taken.
template <class Shape, class Op, class T>
void lookahead_model(const LookaheadArgs<T>& a, int blocks, unsigned order) {
  const int tile = Shape::kTile;
  const long long tiles = ceil_div(a.n, tile);
  if (tiles == 0) return;
  if (blocks > tiles) blocks = static_cast<int>(tiles);
  if (blocks < 1) throw std::logic_error("lookahead: no blocks");
  const unsigned tag = lookahead_tag(a.ws.control[0]);
  const T identity = Op::template identity<T>();
  struct BlockState {
    std::vector<std::vector<T>> ring;  // staged tiles
    std::vector<T> slot;               // prefix slots
    // iterations each role has finished: producer, reduce, lookahead, compute
    long long loaded = 0, reduced = 0, prefixed = 0, done = 0;
    T running{};  // lookahead: exclusive prefix of the block's last tile
  };
  std::vector<BlockState> st(static_cast<size_t>(blocks));
  for (auto& b : st) {
    b.ring.assign(Shape::kStages, std::vector<T>(static_cast<size_t>(tile), identity));
    b.slot.assign(Shape::kStages, identity);
    b.running = identity;
  }
  auto iterations = [&](int b) { return (tiles - b + blocks - 1) / blocks; };
  // Stages free again: as in the kernel, a tile's stage is released while the block's next tile is
  // being stored (its copy out has read it by then), so one tile behind the scans done.
  auto released = [](const BlockState& s) { return s.done > 0 ? s.done - 1 : 0; };
  // One step of one role of block b, if it can make progress; returns whether it did.
  auto step = [&](int b, int role) -> bool {
    BlockState& s = st[static_cast<size_t>(b)];
    const long long its = iterations(b);
    if (role == 0) {  // producer: the next tile into a free stage
      if (s.loaded >= its || s.loaded - released(s) >= Shape::kStages) return false;
      const long long t = b + s.loaded * blocks;
      const long long count = lookahead_tile_count(t, a.n, tile);
      auto& stage = s.ring[static_cast<size_t>(s.loaded % Shape::kStages)];
      for (long long k = 0; k < count; ++k) stage[static_cast<size_t>(k)] = a.in[t * tile + k];
      ++s.loaded;
      return true;
    }
    if (role == 1) {  // reduce: a landed tile's aggregate, published
      if (s.reduced >= s.loaded) return false;
      const long long t = b + s.reduced * blocks;
      const long long count = lookahead_tile_count(t, a.n, tile);
      const auto& stage = s.ring[static_cast<size_t>(s.reduced % Shape::kStages)];
      T agg = identity;
      for (long long k = 0; k < count; ++k) agg = Op::apply(agg, stage[static_cast<size_t>(k)]);
      a.ws.status[t] = lookahead_word(tag, agg);
      ++s.reduced;
      return true;
    }
    if (role == 2) {  // lookahead: the exclusive prefix of the next tile, once its window is published
      if (s.prefixed >= its || s.prefixed - released(s) >= Shape::kStages) return false;
      const long long t = b + s.prefixed * blocks;
      T sum = identity;
      for (long long j = lookahead_window_lo(t, blocks); j < t; ++j) {
        const unsigned long long w = a.ws.status[j];
        if (!lookahead_ready(w, tag)) return false;
        sum = Op::apply(sum, lookahead_value<T>(w));
      }
      s.running = Op::apply(s.running, sum);
      s.slot[static_cast<size_t>(s.prefixed % Shape::kStages)] = s.running;
      ++s.prefixed;
      return true;
    }
    // compute: once the tile has landed, its prefix is there and the reduce warp has read it, scan
    // it in place in its stage (as the kernel does), then store it
    if (s.done >= s.loaded || s.done >= s.prefixed || s.done >= s.reduced) return false;
    const long long t = b + s.done * blocks;
    const long long count = lookahead_tile_count(t, a.n, tile);
    auto& stage = s.ring[static_cast<size_t>(s.done % Shape::kStages)];
    T run = s.slot[static_cast<size_t>(s.done % Shape::kStages)];
    for (long long k = 0; k < count; ++k) {
      const T inc = Op::apply(run, stage[static_cast<size_t>(k)]);
      stage[static_cast<size_t>(k)] = a.inclusive ? inc : run;
      run = inc;
    }
    for (long long k = 0; k < count; ++k) a.out[t * tile + k] = stage[static_cast<size_t>(k)];
    ++s.done;
    return true;
  };
  lookahead_schedule(blocks, order, step, [&] {
    for (int b = 0; b < blocks; ++b)
      if (st[static_cast<size_t>(b)].done != iterations(b)) return false;
    return true;
  });
  // The last block to finish bumps the epoch (the counter wraps to 0).
  a.ws.control[1] = 0;
  a.ws.control[0] = a.ws.control[0] + 1;
}

// The launch sequence: the workspace (control words, a status word per tile) and one launch of
// the lookahead kernel through the Exec (CudaExec: the sm_90 kernel over a persistent grid;
// EmuExec: the CPU model; SizeExec: counts the workspace). No memset: the tags do that work.
template <class Shape>
struct ScanLookahead : ScanSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    const long long tiles = ceil_div(r.n, Shape::kTile);
    LookaheadWorkspace ws{r.ws.template take<unsigned>(2), r.ws.template take<unsigned long long>(tiles)};
    ex.template launch_lookahead<Shape, Op>(LookaheadArgs<T>{r.in, r.out, r.n, r.inclusive, ws, r.max_blocks}, r.name);
  }
};

}  // namespace device
}  // namespace scanscope
