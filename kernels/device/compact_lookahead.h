// Stream compaction on the lookahead scan's structure (tuning rows x-compact-la-*; the GPU kernel:
// compact_lookahead.cuh; the scan it follows: scan_lookahead.h). Select by a predicate
// (x > threshold), by a flag byte per element, or partition (the rejected elements from the back
// of out in reverse order, as CUB's DevicePartition::If and compact-partition), int and float,
// stable, the number selected returned.
//
// The protocol is the lookahead scan's, on counts:
//  - G persistent blocks; block b takes tiles b, b + G, b + 2G, ... in order.
//  - A producer warp bulk-copies each tile (and, select-by-flags, its flag bytes) into a ring of
//    STAGES shared stages; a reduce warp counts the tile's kept elements as soon as it has landed
//    and publishes the count (status word: this call's tag and the count, lookahead_word); a
//    lookahead warp computes the number kept before the tile from counts only:
//    excl(t) = excl(t - G) + count(t - G) + ... + count(t - 1), excl(t - G) its own register;
//    nothing waits for another tile's prefix.
//  - The compute warps (W of them) give each element its place in the tile: warp w takes
//    elements [w * 32 * ITEMS, (w + 1) * 32 * ITEMS) of the tile in ITEMS rounds of 32 consecutive
//    ones (conflict-free shared reads), a ballot per round and popc of the lanes below give the
//    rank among the warp's kept elements, warp totals through shared memory the warp's place.
//    Once the prefix is known they write the kept elements in place into the tile's own stage
//    (every element is in registers by then), starting at stage word prefix mod 4: stage word i
//    then lands at an out element congruent to i mod 4, so the run's 16-byte aligned middle goes
//    out with one bulk copy (cp.async.bulk, shared -> global) and only its ragged head and tail
//    (at most 3 elements each) element by element (compact_run_split). Partition writes the
//    tile's rejected elements too, reversed, after the kept run, at the congruence of their own
//    place at the back of out, and sends them out the same way.
//  - The workspace (control words, a status word per tile) and its epoch tags are the scan's
//    (LookaheadWorkspace): no memset per call.
// The CPU model below runs the same protocol, role by role, under the scan model's scheduler
// (lookahead_schedule), and does the run arithmetic the kernel does (compact_runs,
// compact_run_split), checking each bulk part's alignment.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kernels/device/scan_lookahead.h"

namespace scanscope {
namespace device {

enum class SelectMode { If, Flagged, Partition };

// The shape: W compute warps x ITEMS rounds of 32 per tile, STAGES tiles in the ring.
template <int W, int ITEMS, int STAGES, SelectMode MODE>
struct CompactLookaheadShape {
  static_assert(STAGES >= 2, "a ring needs two stages");
  static_assert(W >= 1 && ITEMS >= 1 && ITEMS <= 32, "whole warps, a 32-bit mask of a thread's rounds");
  static constexpr SelectMode kMode = MODE;
  static constexpr int kComputeWarps = W, kItems = ITEMS, kStages = STAGES;
  static constexpr int kComputeThreads = W * kWarpSize;
  static constexpr int kThreads = kComputeThreads + 3 * kWarpSize;  // + producer, lookahead and reduce warps
  static constexpr int kTile = kComputeThreads * ITEMS;             // a multiple of 32: 16-byte bulk copies of values and of flag bytes
  // A stage: the tile, and room for the runs' offsets (the kept run from word prefix mod 4, at most
  // 3 more; partition's rejected run after it from the next multiple of 4 plus its own offset:
  // at most 9 more in all, compact_runs).
  static constexpr int kStageWords = kTile + (MODE == SelectMode::Partition ? 12 : 4);
  static constexpr int kFlagBytes = MODE == SelectMode::Flagged ? kTile : 0;  // a stage's flag bytes
  // Dynamic shared memory: the ring of values, the ring of flags, 4 x STAGES mbarriers (8 bytes
  // each), STAGES prefix slots and W warp totals. Each slot and each warp total (an int) has a
  // 16-byte granule of its own (kGranuleInts ints apart): no word written under one barrier
  // shares 8 or 16 bytes with a word of another. Packed, the flagged 5-stage row's slot[4] and
  // warp_total[0] shared 8 bytes, and compute-sanitizer's racecheck reported the lookahead warp's
  // write of slot[4] against the compute warps' read of warp_total[0] (which precedes their wait
  // for the prefix) on an H100 at 2^23 + 7, where blocks take 5 tiles or more: disjoint words,
  // ordered by nothing (by design), sharing a granule only with an odd STAGES
  // (docs/performance.md, "The lookahead compaction").
  static constexpr int kGranuleInts = 4;
  static constexpr int kFlagOffset = STAGES * kStageWords * 4;
  static constexpr int kBarrierOffset = kFlagOffset + STAGES * kFlagBytes;
  static constexpr int kSlotOffset = kBarrierOffset + 4 * STAGES * 8;
  static constexpr int kWarpTotalOffset = kSlotOffset + STAGES * kGranuleInts * 4;
  static constexpr int kSmemBytes = kWarpTotalOffset + W * kGranuleInts * 4;
  static_assert(kBarrierOffset % 16 == 0 && kSlotOffset % 16 == 0 && kWarpTotalOffset % 16 == 0,
                "16-byte aligned stages, flag stages, mbarriers, slots and warp totals");
};

// The CPU model's persistent grid unless a test picks another (EmuExec::lookahead_blocks): a few
// blocks, so that blocks take several tiles and the lookahead's window spans other blocks' tiles.
constexpr int kCompactModelBlocks = 3;

template <class T>
struct CompactLookaheadArgs {
  const T* in;
  const uint8_t* flags;  // SelectMode::Flagged: nonzero keeps the element
  T* out;
  int* num_selected;  // written by the block of the last tile
  long long n;        // < 2^31: the counts are 32-bit
  T threshold;        // If, Partition: x > threshold keeps x
  LookaheadWorkspace ws;
  int max_blocks;  // the CPU model's grid (the GPU sizes its persistent grid by occupancy)
};

// Nonzero bytes of a word of four flags.
SS_HD int nonzero_bytes(uint32_t w) { return ((w & 0xffu) != 0) + ((w & 0xff00u) != 0) + ((w & 0xff0000u) != 0) + ((w & 0xff000000u) != 0); }

// Where a tile's runs sit in its stage and in out. The kept run: stage words [kept_first,
// kept_first + kept) to out[kept_out, ...), kept_first = kept_out mod 4. Partition's rejected
// run: the tile's r-th rejected element lands at out[n - 1 - (rejected before the tile) - r], so
// in ascending addresses the run is out[rej_out, rej_out + rej) with the tile's last rejected
// element first; in the stage it is words [rej_first, rej_first + rej), rejected element r at
// word rej_first + rej - 1 - r, rej_first = (the kept run's end rounded up to 4) + rej_out mod 4.
struct CompactRuns {
  int kept_first, kept;
  long long kept_out;
  int rej_first, rej;
  long long rej_out;
};
SS_HD CompactRuns compact_runs(long long tile_first, int count, int kept, long long prefix, long long n, bool partition) {
  CompactRuns r;
  r.kept_first = static_cast<int>(prefix & 3);
  r.kept = kept;
  r.kept_out = prefix;
  r.rej = partition ? count - kept : 0;
  r.rej_out = n - (tile_first - prefix) - r.rej;
  r.rej_first = ((r.kept_first + kept + 3) & ~3) + static_cast<int>(r.rej_out & 3);
  return r;
}

// A run of stage words [first, first + len) that stage word i of which goes to out element
// congruent to i mod 4: the words [lo, hi) (multiples of 4) move by one bulk copy when hi > lo,
// the head [first, min(lo, end)) and the tail [max(lo, hi), end) element by element.
struct RunSplit {
  int lo, hi;
};
SS_HD RunSplit compact_run_split(int first, int len) { return RunSplit{(first + 3) & ~3, (first + len) & ~3}; }

template <class T>
SS_HD bool compact_keep(SelectMode mode, T x, T threshold, uint8_t flag) {
  return mode == SelectMode::Flagged ? flag != 0 : x > threshold;
}

// ---- The CPU model: every block's four roles as resumable steps under lookahead_schedule (order:
// 0 lowest block first, 1 highest first, else pseudo-random). The same waits as the kernel (a
// stage free again one tile behind the tiles written out; a tile's prefix once the counts of its
// window carry this call's tag).
template <class Shape, class T>
void compact_lookahead_model(const CompactLookaheadArgs<T>& a, int blocks, unsigned order) {
  constexpr SelectMode MODE = Shape::kMode;
  const int tile = Shape::kTile;
  const long long tiles = ceil_div(a.n, tile);
  if (tiles == 0) return;
  if (blocks > tiles) blocks = static_cast<int>(tiles);
  if (blocks < 1) throw std::logic_error("compact lookahead: no blocks");
  const unsigned tag = lookahead_tag(a.ws.control[0]);
  struct BlockState {
    std::vector<std::vector<T>> ring;
    std::vector<std::vector<uint8_t>> flags;
    std::vector<int> slot;
    long long loaded = 0, reduced = 0, prefixed = 0, done = 0;
    int running = 0;
  };
  std::vector<BlockState> st(static_cast<size_t>(blocks));
  for (auto& b : st) {
    b.ring.assign(Shape::kStages, std::vector<T>(static_cast<size_t>(Shape::kStageWords), T(0)));
    b.flags.assign(Shape::kStages, std::vector<uint8_t>(static_cast<size_t>(tile), 0));
    b.slot.assign(Shape::kStages, 0);
  }
  auto iterations = [&](int b) { return (tiles - b + blocks - 1) / blocks; };
  auto released = [](const BlockState& s) { return s.done > 0 ? s.done - 1 : 0; };
  auto keep = [&](const BlockState& s, int stage, long long k) {
    const auto& v = s.ring[static_cast<size_t>(stage)];
    const auto& f = s.flags[static_cast<size_t>(stage)];
    return compact_keep(MODE, v[static_cast<size_t>(k)], a.threshold, f[static_cast<size_t>(k)]);
  };
  // A run out of the stage as the kernel sends it: the bulk middle (16-byte aligned in out when
  // out is: checked on the element index), then head and tail.
  auto run_out = [&](const std::vector<T>& stage, int first, int len, long long out_first) {
    if (len <= 0) return;
    if ((out_first - first) % 4 != 0) throw std::logic_error("compact lookahead: a run's stage word and out element disagree mod 4");
    const RunSplit sp = compact_run_split(first, len);
    const int end = first + len;
    if (sp.hi > sp.lo)
      for (int i = sp.lo; i < sp.hi; ++i) a.out[out_first + (i - first)] = stage[static_cast<size_t>(i)];
    for (int i = first; i < (sp.lo < end ? sp.lo : end); ++i) a.out[out_first + (i - first)] = stage[static_cast<size_t>(i)];
    for (int i = sp.lo > sp.hi ? sp.lo : sp.hi; i < end; ++i) a.out[out_first + (i - first)] = stage[static_cast<size_t>(i)];
  };
  auto step = [&](int b, int role) -> bool {
    BlockState& s = st[static_cast<size_t>(b)];
    const long long its = iterations(b);
    if (role == 0) {  // producer
      if (s.loaded >= its || s.loaded - released(s) >= Shape::kStages) return false;
      const long long t = b + s.loaded * blocks;
      const long long count = lookahead_tile_count(t, a.n, tile);
      const int si = static_cast<int>(s.loaded % Shape::kStages);
      for (long long k = 0; k < count; ++k) s.ring[static_cast<size_t>(si)][static_cast<size_t>(k)] = a.in[t * tile + k];
      if (MODE == SelectMode::Flagged)
        for (long long k = 0; k < count; ++k) s.flags[static_cast<size_t>(si)][static_cast<size_t>(k)] = a.flags[t * tile + k];
      ++s.loaded;
      return true;
    }
    if (role == 1) {  // reduce: the tile's count, published
      if (s.reduced >= s.loaded) return false;
      const long long t = b + s.reduced * blocks;
      const long long count = lookahead_tile_count(t, a.n, tile);
      const int si = static_cast<int>(s.reduced % Shape::kStages);
      int c = 0;
      for (long long k = 0; k < count; ++k) c += keep(s, si, k);
      a.ws.status[t] = lookahead_word(tag, c);
      ++s.reduced;
      return true;
    }
    if (role == 2) {  // lookahead: kept before the next tile, once its window is published
      if (s.prefixed >= its || s.prefixed - released(s) >= Shape::kStages) return false;
      const long long t = b + s.prefixed * blocks;
      int sum = 0;
      for (long long j = lookahead_window_lo(t, blocks); j < t; ++j) {
        const unsigned long long w = a.ws.status[j];
        if (!lookahead_ready(w, tag)) return false;
        sum += lookahead_value<int>(w);
      }
      s.running += sum;
      s.slot[static_cast<size_t>(s.prefixed % Shape::kStages)] = s.running;
      ++s.prefixed;
      return true;
    }
    // compute: once the tile has landed, its prefix is there and the reduce warp has read it: the
    // elements to registers, their places, then in place into the stage and out
    if (s.done >= s.loaded || s.done >= s.prefixed || s.done >= s.reduced) return false;
    const long long t = b + s.done * blocks;
    const int count = static_cast<int>(lookahead_tile_count(t, a.n, tile));
    const int si = static_cast<int>(s.done % Shape::kStages);
    auto& stage = s.ring[static_cast<size_t>(si)];
    std::vector<T> v(stage.begin(), stage.begin() + count);
    std::vector<char> kept_flag(static_cast<size_t>(count));
    int kept = 0;
    for (int k = 0; k < count; ++k) kept += (kept_flag[static_cast<size_t>(k)] = keep(s, si, k));
    const int prefix = s.slot[static_cast<size_t>(si)];
    const CompactRuns r = compact_runs(t * tile, count, kept, prefix, a.n, MODE == SelectMode::Partition);
    if (r.kept_first + kept > Shape::kStageWords || r.rej_first + r.rej > Shape::kStageWords)
      throw std::logic_error("compact lookahead: a run outside its stage");
    int j = 0;
    for (int k = 0; k < count; ++k) {
      if (kept_flag[static_cast<size_t>(k)]) stage[static_cast<size_t>(r.kept_first + j++)] = v[static_cast<size_t>(k)];
      else if (MODE == SelectMode::Partition) stage[static_cast<size_t>(r.rej_first + r.rej - 1 - (k - j))] = v[static_cast<size_t>(k)];
    }
    run_out(stage, r.kept_first, r.kept, r.kept_out);
    if (MODE == SelectMode::Partition) run_out(stage, r.rej_first, r.rej, r.rej_out);
    if (t == tiles - 1) *a.num_selected = prefix + kept;
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

}  // namespace device
}  // namespace scanscope
