// Device-wide stream compaction on the single-pass scan's design (Merrill & Garland 2016): select
// by a predicate (x > threshold), select by flags (one byte per element), and partition, int and
// float, stable, the number selected returned. One launch, one tile per block (the tile is the
// block index, as scan-best and CUB do), each tile:
//   1. loads its values with 16-byte accesses through the per-warp transpose (WarpStage, as
//      scan-best does; the partial last tile through scan-best's guarded staging) and, for
//      select-by-flags, each thread's ITEMS flag bytes with 16-byte (or 4-byte) loads;
//   2. makes each thread's selection mask (bit k: item k is kept) and counts it;
//   3. scans the counts across the block (warp shuffles, warp totals in shared memory);
//   4. warp 0 publishes the tile's count at once and, after step 5, looks back (the two halves of
//      tile_prefix, block_steps.h, on counts) for the number kept by all tiles before it; the
//      last tile writes the total;
//   5. each thread puts its kept items (and, partitioning, its rejected ones after all the kept
//      ones) in order into a flat, padded copy of the tile in shared memory: their places in the
//      tile need only the block's scan, so the items leave the registers before the look-back
//      (and the other warps scatter while warp 0 looks back);
//   6. the block writes them out from there with consecutive threads at consecutive addresses
//      (coalesced): kept item j of the tile at out[prefix + j].
// Partition writes the rejected items from the back of out in reverse order, as CUB's
// DevicePartition::If does: the r-th rejected item of the input (r from 0) lands at out[n - 1 - r],
// so a tile's place needs only the number rejected before it (its first index minus its prefix),
// never the total kept, and the whole partition is still one pass. Read out[selected, n) backwards
// for the rejected items in input order.
// The same block program runs on the GPU (compact_device.cu) and on the CPU (EmuExec, tests).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/device/compact_lookahead.h"
#include "kernels/device/scan_device.h"

namespace scanscope {
namespace device {

template <class T>
struct CompactArgs {
  const T* in;
  const uint8_t* flags;  // SelectMode::Flagged: nonzero keeps the element
  T* out;                // If, Flagged: the kept elements; Partition: n elements
  int* num_selected;     // written by the last tile
  long long n;           // < 2^31: the counts are 32-bit
  T threshold;           // If, Partition: x > threshold keeps x
  unsigned long long* status;  // one look-back status word per tile
  unsigned tag;                // this call's look-back tag (look_back_tag)
};

// Bits 0..3 of a word holding four flag bytes: bit j set where byte j is nonzero.
SS_HD unsigned flag_bits4(uint32_t w) {
  return ((w & 0xffu) != 0) | (((w & 0xff00u) != 0) << 1) | (((w & 0xff0000u) != 0) << 2) | (((w & 0xff000000u) != 0) << 3);
}

// A thread's ITEMS consecutive flags from f[first, ...) as a mask (bit k: flag of element first + k,
// 0 past n). A full tile's on the GPU: 16-byte loads (ITEMS a multiple of 16) or 4-byte ones
// (first is a multiple of 4: ITEMS is); the partial tile and the CPU byte by byte.
template <int ITEMS>
SS_HD unsigned load_flag_mask(const uint8_t* f, long long first, long long n, bool full) {
  unsigned m = 0;
#if defined(__CUDA_ARCH__)
  if (full) {
    if (ITEMS % 16 == 0) {
      const uint4* p = reinterpret_cast<const uint4*>(__builtin_assume_aligned(f + first, 16));
      SS_UNROLL for (int q = 0; q < ITEMS / 16; ++q) {
        const uint4 w = p[q];
        m |= (flag_bits4(w.x) | flag_bits4(w.y) << 4 | flag_bits4(w.z) << 8 | flag_bits4(w.w) << 12) << (16 * q);
      }
    } else {
      const uint32_t* p = reinterpret_cast<const uint32_t*>(__builtin_assume_aligned(f + first, 4));
      SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) m |= flag_bits4(p[q]) << (4 * q);
    }
    return m;
  }
#else
  (void)full;
#endif
  for (int k = 0; k < ITEMS; ++k)
    if (first + k < n && f[first + k] != 0) m |= 1u << k;
  return m;
}

// The compaction's tile program: THREADS x ITEMS elements per tile, MIN_BLOCKS blocks per SM.
template <int THREADS, int ITEMS, int MIN_BLOCKS, SelectMode MODE>
struct CompactTile {
  static_assert(ITEMS % 4 == 0 && ITEMS <= 32 && THREADS % kWarpSize == 0 && THREADS <= 1024, "16-byte lanes, a 32-bit mask, whole warps");
  static constexpr bool kDynamic = false, kMaxShared = true;
  static constexpr SelectMode kMode = MODE;
  static constexpr int kThreads = THREADS, kItems = ITEMS, kTile = THREADS * ITEMS;
  static constexpr int kMaxThreads = THREADS, kMinBlocks = MIN_BLOCKS;
  using Stage = WarpStage<ITEMS>;
  using Staging = LookBackScanFast<THREADS, ITEMS, MIN_BLOCKS>;  // its guarded staging of the partial tile
  static constexpr int kWarps = THREADS / kWarpSize;
  static constexpr int kWarpWords = Stage::kWarpWords;
  static constexpr int kStageWords = kWarps * kWarpWords;
  // The flat exchange of step 5 reuses the staging area: element j of the tile at word j + j/32
  // (one padding word per 32: a thread's consecutive items, ITEMS a multiple of 4, then fall in
  // distinct banks across a warp when every item is kept).
  SS_HD static int exchange_word(int j) { return j + (j >> 5); }
  static_assert(kTile + kTile / 32 <= kStageWords, "the exchange fits in the staging area");
  static constexpr int kSmemWords = kStageWords + 2 * kWarpSize + 2;

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const CompactArgs<T>& a) {
    auto smem = b.template shared<T>(kSmemWords);
    auto stage = smem;
    auto wt = view_as<int>(smem, kStageWords);                  // warp counts
    auto wp = view_as<int>(smem, kStageWords + kWarpSize);      // kept items of the tile before each warp
    auto info = view_as<int>(smem, kStageWords + 2 * kWarpSize);  // [0] kept before the tile, [1] kept in it
    auto items = b.template regs<Items<T, ITEMS>>();
    auto mask = b.template regs<unsigned>();
    auto val = b.template regs<int>();
    auto excl = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    const long long tile = g.block;
    const TileSpan span = tile_span(tile, kTile, a.n);
    // 1. values (and flags) in
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, warp = tid / kWarpSize, base = warp * kWarpWords;
      const long long warp_first = span.first + static_cast<long long>(warp) * kWarpSize * ITEMS;
      if (span.full) {  // LookBackScanFast's full-tile load, repeated rather than shared: scan-best's measured code stays as it is
        const T* src = a.in + warp_first;
        Vec4<T> v[ITEMS / 4];
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) v[q] = load_vec4(src + 4 * (q * kWarpSize + lane));
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) Stage::put(stage, base, 4 * (q * kWarpSize + lane), v[q]);
      } else {
        Staging::stage_in_partial(stage, tid, base, a.in + warp_first, static_cast<int>(a.n - warp_first), T(0));
      }
      if (MODE == SelectMode::Flagged) mask[tid] = load_flag_mask<ITEMS>(a.flags, span.first + static_cast<long long>(tid) * ITEMS, a.n, span.full);
    });
    b.warp_sync();  // tile staged in shared memory
    // 2. each thread's mask and count
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      Stage::to_items(stage, base, lane, items[tid]);
      if (MODE != SelectMode::Flagged) {
        const int left = span.count - tid * ITEMS;  // this thread's items inside n
        unsigned m = 0;
        SS_UNROLL for (int k = 0; k < ITEMS; ++k)
          if ((span.full || k < left) && items[tid][k] > a.threshold) m |= 1u << k;
        mask[tid] = m;
      }
      val[tid] = popcount32(mask[tid]);
    });
    // 3. the block's scan of the counts
    warp_scans_to_shared<OpSum, int>(b, val, other, wt);
    b.shfl_up(excl, val, 1);  // exclusive within the warp (lane 0: unused)
    b.sync();  // warp counts to shared memory; the staging area is free again
    scan_warp_totals<OpSum, int>(b, total, other, wt, kWarps);
    b.threads([&](int tid) {
      if (tid < kLookBackLanes) {  // the GPU: all of warp 0; the CPU: thread 0
#if defined(__CUDA_ARCH__)
        const int aggregate = __shfl_sync(0xffffffffu, total[tid], kWarps - 1);
        const int before = __shfl_up_sync(0xffffffffu, total[tid], 1);
        if (tid < kWarps) wp.store(tid, tid > 0 ? before : 0);
#else
        const int aggregate = total[kWarps - 1];
        for (int w = 0; w < kWarps; ++w) wp.store(w, w > 0 ? total[w - 1] : 0);
#endif
        if (tid == 0) info.store(1, aggregate);
        tile_publish_aggregate(a.status, tile, tid, aggregate, a.tag);  // 4a. the tile's count, at once
      }
    });
    b.sync();  // warp offsets and the tile's count in shared memory
    // 5. kept items (then, partitioning, the rejected ones) in order into the exchange: their places
    // in the tile need no look-back, so the items leave the registers before it
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, warp = tid / kWarpSize;
      int pos = wp.load(warp) + (lane > 0 ? excl[tid] : 0);  // kept items of the tile before this thread's
      const unsigned m = mask[tid];
      if (MODE == SelectMode::Partition) {
        const int left = span.count - tid * ITEMS;
        int rej = info.load(1) + tid * ITEMS - pos;  // after the tile's kept items: its rejected ones before this thread's
        SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
          if (!span.full && k >= left) break;
          const bool keep = (m >> k) & 1u;
          stage.store(exchange_word(keep ? pos : rej), items[tid][k]);
          pos += keep;
          rej += !keep;
        }
      } else {
        SS_UNROLL for (int k = 0; k < ITEMS; ++k)
          if ((m >> k) & 1u) stage.store(exchange_word(pos++), items[tid][k]);
      }
    });
    // 4b. warp 0 (after its own part of step 5) looks back for the number kept before the tile
    // while the other warps scatter; the last tile writes the total.
    b.threads([&](int tid) {
      if (tid < kLookBackLanes) {
        const int aggregate = info.load(1);
        const int prefix = tile_finish_prefix<OpSum, int>(a.status, tile, tid, aggregate, a.tag);
        if (tid == 0) {
          info.store(0, prefix);
          if (tile == g.blocks - 1) *a.num_selected = prefix + aggregate;
        }
      }
    });
    b.sync();  // exchange complete
    // 6. coalesced writes from the exchange
    b.threads([&](int tid) {
      const int prefix = info.load(0), kept = info.load(1);
      T* dst = a.out + prefix;
      for (int j = tid; j < kept; j += THREADS) dst[j] = stage.load(exchange_word(j));
      if (MODE == SelectMode::Partition) {
        // the tile's r-th rejected item is rejected item (span.first - prefix) + r of the input
        const long long back = a.n - 1 - (span.first - prefix) + kept;  // out index of the tile's element j: back - j
        for (int j = kept + tid; j < span.count; j += THREADS) a.out[back - j] = stage.load(exchange_word(j));
      }
    });
  }
};

// What a compaction launch takes besides its Exec.
template <class T>
struct CompactRun {
  const T* in;
  const uint8_t* flags;
  T* out;
  int* num_selected;
  long long n;
  T threshold;
  Carve& ws;  // the status words (one per tile; tags, never cleared: zeroed once when made)
  const char* name;
  int sms = 0;  // the GPU's multiprocessors (a persistent row's grid: sms x its blocks per SM); 0: the CPU, 3 blocks
  // compact-best, -flagged, -partition: the n from which they take the lookahead path; 0:
  // kCompactLookaheadFrom (tests pass a small one to run that path at small n on the CPU).
  long long lookahead_from = 0;
};

// ---- Second-generation tile programs (tuning rows x-compact-v2-*, x-compact-v2p-*; not yet timed).
// What CompactTile's measurements (0.73-0.81 of the copy's bandwidth at 2^28 on an H100) suggest
// changing, each a template switch so that one timing run can pick among them:
//  - the write-out with 16-byte stores (STG.128): a tile's kept run starts at any element of out,
//    so each run is cut into a ragged head (the < 4 elements before the first 16-byte boundary,
//    computed from the run's address), whole aligned quads, and a ragged tail (< 4 elements);
//    partition's rejected half the same way in ascending addresses (element count - 1 - u of the
//    exchange at the u-th address of the back run). The exchange stays CompactTile's padded one
//    (the places are known before the look-back, the run's alignment only after it), so a quad
//    is read with four 4-byte shared loads, across a warp conflict-free but for at most one
//    two-way conflict where the head and the quad's element add up to 4 or more.
//  - PERSIST: a persistent grid (resident blocks only: SMs x MIN_BLOCKS on the GPU) that takes
//    its tiles from an atomic ticket counter, in order (so a tile's predecessors are always taken
//    by running blocks: no residency assumption for correctness), and software-pipelines them:
//    the next tile's ticket is drawn while the current one is counted, and its loads (values and
//    flags, 16-byte) are issued into registers right after the current tile's scatter, before its
//    look-back, so they are in flight while warp 0 waits for its predecessors and while the block
//    writes out. Each block thus keeps loads in flight through the phases in which CompactTile's
//    block has none. The counter resets itself: the last block to finish (a second counter)
//    zeroes both, so a call needs no memset (the workspace is zeroed once when made).

// The 16-byte-store write-out: out[dst + u] = exchange element src0 + dir * u for u in [0, len),
// by THREADS threads: the head (elements before dst's first 16-byte boundary) and the tail (< 4
// after the last whole quad) element by element, every whole quad in between as one 16-byte
// store. dst must be 4-byte aligned (any T* is); the head is computed from its address.
template <int THREADS, class T, class S, class Word>
SS_HD void store_run16(const S& xs, Word xw, int tid, T* dst, int len, int src0, int dir) {
  if (len <= 0) return;
  const int mis = static_cast<int>((reinterpret_cast<uintptr_t>(dst) >> 2) & 3u);  // dst's element within its 16 bytes
  const int head = ((4 - mis) & 3) < len ? ((4 - mis) & 3) : len;
  const int quads = (len - head) >> 2;
  const int body_end = head + 4 * quads;
  if (tid < head) dst[tid] = xs.load(xw(src0 + dir * tid));
  if (tid < len - body_end) dst[body_end + tid] = xs.load(xw(src0 + dir * (body_end + tid)));
  for (int q = tid; q < quads; q += THREADS) {
    const int u = head + 4 * q, e = src0 + dir * u;
    store_vec4(dst + u, Vec4<T>{xs.load(xw(e)), xs.load(xw(e + dir)), xs.load(xw(e + 2 * dir)), xs.load(xw(e + 3 * dir))});
  }
}

// A thread's ITEMS consecutive flag bytes from f[first, ...) as ITEMS / 4 words (byte k of word q:
// flag 4q + k; 0 past n). A full tile's on the GPU in 16-byte loads (ITEMS a multiple of 16) or
// 4-byte ones; the partial tile and the CPU byte by byte. The words, not the mask, so that a
// prefetch holds loads in flight without waiting on them.
template <int ITEMS>
SS_HD void load_flag_words(Items<uint32_t, ITEMS / 4>& w, const uint8_t* f, long long first, long long n, bool full) {
#if defined(__CUDA_ARCH__)
  if (full) {
    if (ITEMS % 16 == 0) {
      const uint4* p = reinterpret_cast<const uint4*>(__builtin_assume_aligned(f + first, 16));
      SS_UNROLL for (int q = 0; q < ITEMS / 16; ++q) {
        const uint4 v = p[q];
        w[4 * q] = v.x;
        w[4 * q + 1] = v.y;
        w[4 * q + 2] = v.z;
        w[4 * q + 3] = v.w;
      }
    } else {
      const uint32_t* p = reinterpret_cast<const uint32_t*>(__builtin_assume_aligned(f + first, 4));
      SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) w[q] = p[q];
    }
    return;
  }
#else
  (void)full;
#endif
  SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
    uint32_t word = 0;
    for (int k = 0; k < 4; ++k)
      if (first + 4 * q + k < n) word |= static_cast<uint32_t>(f[first + 4 * q + k]) << (8 * k);
    w[q] = word;
  }
}

template <class T>
struct CompactPipeArgs {
  CompactArgs<T> c;
  unsigned* ctrl;  // PERSIST: [0] the next ticket, [1] blocks finished (both zero between calls)
  long long tiles;
};

// The second-generation tile program: CompactTile's steps 1-6 with the 16-byte-store write-out,
// one tile per block (PERSIST false: the tile is the block index) or persistent and pipelined.
template <int THREADS, int ITEMS, int MIN_BLOCKS, SelectMode MODE, bool PERSIST>
struct CompactPipe {
  static_assert(ITEMS % 4 == 0 && ITEMS <= 32 && THREADS % kWarpSize == 0 && THREADS <= 1024, "16-byte lanes, a 32-bit mask, whole warps");
  static constexpr bool kDynamic = false, kMaxShared = true, kPersist = PERSIST;
  static constexpr SelectMode kMode = MODE;
  static constexpr int kThreads = THREADS, kItems = ITEMS, kTile = THREADS * ITEMS;
  static constexpr int kMaxThreads = THREADS, kMinBlocks = MIN_BLOCKS;
  using Stage = WarpStage<ITEMS>;
  static constexpr int kWarps = THREADS / kWarpSize;
  static constexpr int kWarpWords = Stage::kWarpWords;
  static constexpr int kStageWords = kWarps * kWarpWords;
  SS_HD static int exchange_word(int j) { return j + (j >> 5); }
  static_assert(kTile + kTile / 32 <= kStageWords, "the exchange fits in the staging area");
  static constexpr int kSmemWords = kStageWords + 2 * kWarpSize + 4;
  static_assert(THREADS * MIN_BLOCKS <= 2048 && (kSmemWords * 4 + 1024) * MIN_BLOCKS <= 228 * 1024, "MIN_BLOCKS blocks fit an SM (sm_90)");

  // Thread tid's part of tile `tile` into registers: its 16-byte groups of the warp's run (as
  // CompactTile's step 1: lane l's q-th group is elements 4 (q * 32 + l) of its warp's), guarded
  // element by element in a partial tile (0 past n: the masks never keep them); and, flagged,
  // its own ITEMS consecutive flags: PERSIST as words (a prefetch, not waited for), else at once
  // as the mask (as CompactTile: fewer registers live through the staging).
  template <class T>
  SS_HD static void load_tile(const CompactArgs<T>& a, long long tile, int tid, Items<T, ITEMS>& v, Items<uint32_t, ITEMS / 4>& fw, unsigned& fm) {
    const TileSpan span = tile_span(tile, kTile, a.n);
    const int lane = tid % kWarpSize, warp = tid / kWarpSize;
    const long long warp_first = span.first + static_cast<long long>(warp) * kWarpSize * ITEMS;
    const T* src = a.in + warp_first;
    if (span.full) {
      SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
        const Vec4<T> x = load_vec4(src + 4 * (q * kWarpSize + lane));
        v[4 * q] = x.x;
        v[4 * q + 1] = x.y;
        v[4 * q + 2] = x.z;
        v[4 * q + 3] = x.w;
      }
    } else {
      const long long left = a.n - warp_first;
      SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
        const int j = 4 * (q * kWarpSize + lane);
        if (j + 4 <= left) {
          const Vec4<T> x = load_vec4(src + j);
          v[4 * q] = x.x;
          v[4 * q + 1] = x.y;
          v[4 * q + 2] = x.z;
          v[4 * q + 3] = x.w;
        } else {
          SS_UNROLL for (int k = 0; k < 4; ++k) v[4 * q + k] = j + k < left ? src[j + k] : T(0);
        }
      }
    }
    if (MODE == SelectMode::Flagged) {
      const long long first = span.first + static_cast<long long>(tid) * ITEMS;
      if (PERSIST) load_flag_words<ITEMS>(fw, a.flags, first, a.n, span.full);
      else fm = load_flag_mask<ITEMS>(a.flags, first, a.n, span.full);
    }
  }

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const CompactPipeArgs<T>& pa) {
    const CompactArgs<T>& a = pa.c;
    auto smem = b.template shared<T>(kSmemWords);
    auto stage = smem;
    auto wt = view_as<int>(smem, kStageWords);                  // warp counts
    auto wp = view_as<int>(smem, kStageWords + kWarpSize);      // kept items of the tile before each warp
    auto info = view_as<int>(smem, kStageWords + 2 * kWarpSize);  // [0] kept before the tile, [1] kept in it, [2] the next ticket, [3] the first
    auto v = b.template regs<Items<T, ITEMS>>();             // the tile's loads (PERSIST: the next tile's, in flight)
    auto fw = b.template regs<Items<uint32_t, ITEMS / 4>>();  // flagged, PERSIST: its flag words
    auto fm = b.template regs<unsigned>();                    // flagged, one tile per block: its flag mask
    auto items = b.template regs<Items<T, ITEMS>>();
    auto mask = b.template regs<unsigned>();
    auto val = b.template regs<int>();
    auto excl = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    long long tile = g.block;
    if (PERSIST) {  // the first ticket (in its own word: thread 0 writes [2] again before other warps may have read this)
      b.threads([&](int tid) {
        if (tid == 0) info.store(3, static_cast<int>(atomic_inc(pa.ctrl)));
      });
      b.sync();
      tile = info.load(3);
    }
    if (tile < pa.tiles) b.threads([&](int tid) { load_tile(a, tile, tid, v[tid], fw[tid], fm[tid]); });
    while (tile < pa.tiles) {
      const TileSpan span = tile_span(tile, kTile, a.n);
      // 1. the loads (issued before: PERSIST in the previous tile's step 5) to the staging area
      b.threads([&](int tid) {
        const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q)
          Stage::put(stage, base, 4 * (q * kWarpSize + lane), Vec4<T>{v[tid][4 * q], v[tid][4 * q + 1], v[tid][4 * q + 2], v[tid][4 * q + 3]});
      });
      b.warp_sync();  // tile staged in shared memory
      // 2. each thread's mask and count; PERSIST: thread 0 draws the next tile's ticket
      b.threads([&](int tid) {
        const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
        Stage::to_items(stage, base, lane, items[tid]);
        unsigned m = 0;
        if (MODE == SelectMode::Flagged) {
          if (PERSIST) {
            SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) m |= flag_bits4(fw[tid][q]) << (4 * q);
          } else {
            m = fm[tid];
          }
        } else {
          const int left = span.count - tid * ITEMS;  // this thread's items inside n
          SS_UNROLL for (int k = 0; k < ITEMS; ++k)
            if ((span.full || k < left) && items[tid][k] > a.threshold) m |= 1u << k;
        }
        mask[tid] = m;
        val[tid] = popcount32(m);
        if (PERSIST && tid == 0) info.store(2, static_cast<int>(atomic_inc(pa.ctrl)));
      });
      // 3. the block's scan of the counts
      warp_scans_to_shared<OpSum, int>(b, val, other, wt);
      b.shfl_up(excl, val, 1);  // exclusive within the warp (lane 0: unused)
      b.sync();  // warp counts to shared memory; the staging area is free again
      scan_warp_totals<OpSum, int>(b, total, other, wt, kWarps);
      b.threads([&](int tid) {
        if (tid < kLookBackLanes) {
#if defined(__CUDA_ARCH__)
          const int aggregate = __shfl_sync(0xffffffffu, total[tid], kWarps - 1);
          const int before = __shfl_up_sync(0xffffffffu, total[tid], 1);
          if (tid < kWarps) wp.store(tid, tid > 0 ? before : 0);
#else
          const int aggregate = total[kWarps - 1];
          for (int w = 0; w < kWarps; ++w) wp.store(w, w > 0 ? total[w - 1] : 0);
#endif
          if (tid == 0) info.store(1, aggregate);
          tile_publish_aggregate(a.status, tile, tid, aggregate, a.tag);  // 4a. the tile's count, at once
        }
      });
      b.sync();  // warp offsets, the tile's count (and the next ticket) in shared memory
      // 5. the exchange (as CompactTile); PERSIST: then the next tile's loads, left in flight
      const long long next = PERSIST ? static_cast<long long>(info.load(2)) : pa.tiles;
      b.threads([&](int tid) {
        const int lane = tid % kWarpSize, warp = tid / kWarpSize;
        int pos = wp.load(warp) + (lane > 0 ? excl[tid] : 0);
        const unsigned m = mask[tid];
        if (MODE == SelectMode::Partition) {
          const int left = span.count - tid * ITEMS;
          int rej = info.load(1) + tid * ITEMS - pos;
          SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
            if (!span.full && k >= left) break;
            const bool keep = (m >> k) & 1u;
            stage.store(exchange_word(keep ? pos : rej), items[tid][k]);
            pos += keep;
            rej += !keep;
          }
        } else {
          SS_UNROLL for (int k = 0; k < ITEMS; ++k)
            if ((m >> k) & 1u) stage.store(exchange_word(pos++), items[tid][k]);
        }
        if (PERSIST && next < pa.tiles) load_tile(a, next, tid, v[tid], fw[tid], fm[tid]);
      });
      // 4b. warp 0 looks back for the number kept before the tile; the last tile writes the total
      b.threads([&](int tid) {
        if (tid < kLookBackLanes) {
          const int aggregate = info.load(1);
          const int prefix = tile_finish_prefix<OpSum, int>(a.status, tile, tid, aggregate, a.tag);
          if (tid == 0) {
            info.store(0, prefix);
            if (tile == pa.tiles - 1) *a.num_selected = prefix + aggregate;
          }
        }
      });
      b.sync();  // exchange complete
      // 6. the write-out with 16-byte stores, ragged head and tail
      b.threads([&](int tid) {
        const int prefix = info.load(0), kept = info.load(1);
        store_run16<THREADS>(stage, exchange_word, tid, a.out + prefix, kept, 0, 1);
        if (MODE == SelectMode::Partition) {
          // the tile's rejected item j (from kept) lands at out[back - j]: ascending from back - (count - 1)
          const long long back = a.n - 1 - (span.first - prefix) + kept;
          store_run16<THREADS>(stage, exchange_word, tid, a.out + (back - (span.count - 1)), span.count - kept, span.count - 1, -1);
        }
      });
      if (!PERSIST) break;
      b.sync();  // the exchange and info read: free for the next tile
      tile = next;
    }
    if (PERSIST) {
      // the counters back to zero for the next call: the last block to finish, after every
      // block's last ticket (each block's ticket draws come before its finish, fenced)
      b.threads([&](int tid) {
        if (tid == 0) {
          thread_fence();
          if (static_cast<int>(atomic_inc(pa.ctrl + 1)) == g.blocks - 1) {
            static_cast<volatile unsigned*>(pa.ctrl)[0] = 0u;
            static_cast<volatile unsigned*>(pa.ctrl)[1] = 0u;
          }
        }
      });
    }
  }
};

// One launch of CompactPipe: one block per tile, or (PERSIST) min(tiles, resident) blocks.
template <class Prog>
struct CompactPipeSequence {
  static constexpr SelectMode kMode = Prog::kMode;
  template <class T, class Exec>
  static void run(Exec& ex, const CompactRun<T>& r) {
    const long long tiles = ceil_div(r.n, Prog::kTile);
    unsigned* ctrl = Prog::kPersist ? r.ws.template take<unsigned>(2) : nullptr;
    unsigned long long* status = r.ws.template take<unsigned long long>(tiles);
    if (Exec::counting) return;
    if (tiles == 0) {
      ex.memset_zero(r.num_selected, sizeof(int));
      return;
    }
    const long long resident = r.sms > 0 ? static_cast<long long>(r.sms) * Prog::kMinBlocks : 3;  // the CPU: a few blocks (the first takes every tile)
    const long long blocks = Prog::kPersist && resident < tiles ? resident : tiles;
    CompactPipeArgs<T> a{CompactArgs<T>{r.in, r.flags, r.out, r.num_selected, r.n, r.threshold, status, look_back_tag()}, ctrl, tiles};
    ex.template launch<Prog, OpSum>(static_cast<int>(blocks), Prog::kThreads, Prog::kSmemWords, a, r.name);
  }
};


// One launch of the tile program Prog over ceil(n / tile) tiles; n = 0 writes a count of 0.
template <class Prog>
struct CompactSequence {
  static constexpr SelectMode kMode = Prog::kMode;
  template <class T, class Exec>
  static void run(Exec& ex, const CompactRun<T>& r) {
    const long long tiles = ceil_div(r.n, Prog::kTile);
    unsigned long long* status = r.ws.template take<unsigned long long>(tiles);
    if (Exec::counting) return;
    if (tiles == 0) {
      ex.memset_zero(r.num_selected, sizeof(int));
      return;
    }
    CompactArgs<T> a{r.in, r.flags, r.out, r.num_selected, r.n, r.threshold, status, look_back_tag()};
    ex.template launch<Prog, OpSum>(static_cast<int>(tiles), Prog::kThreads, Prog::kSmemWords, a, r.name);
  }
};

// One launch of the lookahead compaction (compact_lookahead.h) over its persistent grid: the
// workspace is the lookahead scan's (two control words, a status word per tile; tags, no memset).
template <class Shape>
struct CompactLookaheadSequence {
  static constexpr SelectMode kMode = Shape::kMode;
  template <class T, class Exec>
  static void run(Exec& ex, const CompactRun<T>& r) {
    unsigned* control = r.ws.template take<unsigned>(2);
    launch(ex, r, control);
  }
  // With the epoch and block counter already taken (compact-best's paths share them).
  template <class T, class Exec>
  static void launch(Exec& ex, const CompactRun<T>& r, unsigned* control) {
    const long long tiles = ceil_div(r.n, Shape::kTile);
    LookaheadWorkspace ws{control, r.ws.template take<unsigned long long>(tiles)};
    if (Exec::counting) return;
    if (tiles == 0) {
      ex.memset_zero(r.num_selected, sizeof(int));
      return;
    }
    ex.template launch_compact_lookahead<Shape>(CompactLookaheadArgs<T>{r.in, r.flags, r.out, r.num_selected, r.n, r.threshold, ws, kCompactModelBlocks}, r.name);
  }
};

// compact-best and compact-partition (not compact-flagged, below): CompactTile (the decoupled look-back, one tile
// per block) below kCompactLookaheadFrom elements, the lookahead compaction from there on where
// the device and the arrays allow it (sm_90; in, out and flags 16-byte aligned), as scan-best
// switches to the lookahead scan. The crossover, from an H100 (2026-12-07, compact-tune, int, 10,
// 50 and 90 % kept): the lookahead takes 13-15 us at 2^20 against CompactTile's 8-9 us (a larger
// fixed cost: persistent grid, barrier set-up, ring fill), less time per element; at 2^24 it was
// slower in 8 of 9 points (select at 10 %: 0.046 against 0.038 ms), at 2^28 faster in 8 of 9, all
// but flags at 10 % (select 0.497 / 0.606 / 0.735 ms against 0.533 / 0.694 / 0.852; flags 0.630 /
// 0.720 / 0.850 against 0.617 / 0.772 / 0.933; partition 0.821 / 0.823 / 0.815 against 0.885 /
// 0.907 / 0.881). 2^26 lies between the measured sizes; the sweeps time it. The lookahead's epoch and block counter come first in the
// workspace on both paths, so that the look-back's status words never land on them (a workspace
// may serve both paths, uncleared between calls).
constexpr long long kCompactLookaheadFrom = 1LL << 26;
template <class Tile, class Shape>
struct CompactBestSequence {
  static_assert(Tile::kMode == Shape::kMode, "one selection mode on both paths");
  static constexpr SelectMode kMode = Tile::kMode;
  template <class T, class Exec>
  static bool lookahead(Exec& ex, const CompactRun<T>& r) {
    const long long from = r.lookahead_from > 0 ? r.lookahead_from : kCompactLookaheadFrom;
    return r.n >= from && ex.can_lookahead(r.in, r.out) && (kMode != SelectMode::Flagged || reinterpret_cast<uintptr_t>(r.flags) % 16 == 0);
  }
  template <class T, class Exec>
  static void run(Exec& ex, const CompactRun<T>& r) {
    unsigned* control = r.ws.template take<unsigned>(2);
    if constexpr (Exec::counting) {  // the larger workspace of the two paths: either may run at any n
      Carve a = r.ws, b = r.ws;
      CompactSequence<Tile>::run(ex, CompactRun<T>{r.in, r.flags, r.out, r.num_selected, r.n, r.threshold, a, r.name, r.sms, r.lookahead_from});
      CompactLookaheadSequence<Shape>::launch(ex, CompactRun<T>{r.in, r.flags, r.out, r.num_selected, r.n, r.threshold, b, r.name, r.sms, r.lookahead_from}, control);
      r.ws.used = a.used > b.used ? a.used : b.used;
      return;
    }
    if (lookahead(ex, r)) CompactLookaheadSequence<Shape>::launch(ex, r, control);
    else CompactSequence<Tile>::run(ex, r);
  }
};

// ---- The compaction rows (as strategies.h lists the scans): id, title, source, flags.
template <class Prog, class Sequence = CompactSequence<Prog>>
struct CompactRow {
  using Seq = Sequence;
  const char* id;
  const char* title;
  const char* source;
  unsigned flags = 0;  // kBest, kTuning (strategies.h's meanings)
};

// A CompactPipe row: mode, threads, items per thread, blocks per SM, persistent.
template <SelectMode MODE, int THREADS, int ITEMS, int MIN_BLOCKS, bool PERSIST>
using PipeRow = CompactRow<CompactPipe<THREADS, ITEMS, MIN_BLOCKS, MODE, PERSIST>, CompactPipeSequence<CompactPipe<THREADS, ITEMS, MIN_BLOCKS, MODE, PERSIST>>>;

// A lookahead row (CompactLookaheadShape<compute warps, ITEMS rounds of 32, STAGES, mode>).
template <SelectMode MODE, int W, int ITEMS, int STAGES>
using LookaheadRow = CompactRow<CompactLookaheadShape<W, ITEMS, STAGES, MODE>, CompactLookaheadSequence<CompactLookaheadShape<W, ITEMS, STAGES, MODE>>>;

// A shipped row: CompactTile 256 x 24 (6 blocks per SM) below kCompactLookaheadFrom, the lookahead
// compaction 8 x 16 with STAGES stages from there.
template <SelectMode MODE, int STAGES>
using BestRow = CompactRow<CompactTile<256, 24, 6, MODE>, CompactBestSequence<CompactTile<256, 24, 6, MODE>, CompactLookaheadShape<8, 16, STAGES, MODE>>>;

template <class Visit>
void for_each_compaction(Visit&& v) {
  constexpr unsigned best = 1, tuning = 4;  // strategies.h's kBest and kTuning
  v(BestRow<SelectMode::If, 6>{"compact-best", "select x > threshold: below 2^26 single pass, decoupled look-back on counts, 256 x 24 per tile, 16-byte loads, coalesced stores through shared memory; from 2^26 x-compact-la-8x16s6 (sm_90)",
                               "scanscope (after Merrill & Garland)", best});
  // compact-flagged stays on CompactTile at every n: in the sweep of 2026-12-07 (H100) its lookahead
  // path (x-compact-la-flagged-8x16s5) was 0.89-0.96x CUB at 2^26-2^28 with 10 % kept, where
  // CompactTile was 1.16x (docs/performance.md).
  v(CompactRow<CompactTile<256, 24, 6, SelectMode::Flagged>>{"compact-flagged", "select by a byte flag per element: compact-best's tile, flags in 16-byte loads (CompactTile at every n)",
                                                             "scanscope (after Merrill & Garland)", best});
  v(BestRow<SelectMode::Partition, 6>{"compact-partition", "partition by x > threshold: kept in order at the front, the rest in reverse order at the back (as CUB); from 2^26 x-compact-la-partition-8x16s6 (sm_90)",
                                      "scanscope (after Merrill & Garland)", best});
  v(CompactRow<CompactTile<256, 16, 8, SelectMode::If>>{"x-compact-256x16", "compact-best's first tile, 256 x 16, 8 blocks per SM (0.93-0.97x CUB at 2^27-2^28 with 10-50 % kept on an H100, where 256 x 24 gave 0.99-1.02x)", "scanscope", tuning});
  v(CompactRow<CompactTile<128, 16, 16, SelectMode::If>>{"x-compact-128x16", "compact-best's tile at 128 x 16, 16 blocks per SM", "scanscope", tuning});
  v(CompactRow<CompactTile<256, 32, 4, SelectMode::If>>{"x-compact-256x32", "compact-best's tile at 256 x 32, 4 blocks per SM", "scanscope", tuning});
  // Second generation (CompactPipe, not yet timed): 16-byte stores out with one tile per block
  // (x-compact-v2-*), and persistent, pipelined blocks taking tiles by ticket (x-compact-v2p-*).
  v(PipeRow<SelectMode::If, 256, 24, 6, false>{"x-compact-v2-256x24", "compact-best's tile (256 x 24, 6 blocks per SM) with 16-byte stores out, ragged head and tail per tile", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 256, 32, 4, false>{"x-compact-v2-256x32", "x-compact-v2-256x24 at 256 x 32, 4 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 256, 16, 8, false>{"x-compact-v2-256x16", "x-compact-v2-256x24 at 256 x 16, 8 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::Flagged, 256, 24, 6, false>{"x-compact-v2-flagged-256x24", "compact-flagged's tile (256 x 24, 6 blocks per SM) with 16-byte stores out", "scanscope", tuning});
  v(PipeRow<SelectMode::Flagged, 256, 32, 4, false>{"x-compact-v2-flagged-256x32", "select by flags, 256 x 32 (two 16-byte flag loads per thread), 16-byte stores out", "scanscope", tuning});
  v(PipeRow<SelectMode::Partition, 256, 24, 6, false>{"x-compact-v2-partition-256x24", "compact-partition's tile with 16-byte stores out, both halves", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 256, 16, 4, true>{"x-compact-v2p-256x16", "persistent (4 blocks per SM), tiles by ticket, the next tile's loads in flight during the look-back and write-out; 16-byte stores out", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 256, 24, 3, true>{"x-compact-v2p-256x24", "x-compact-v2p-256x16 at 256 x 24, 3 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 256, 32, 3, true>{"x-compact-v2p-256x32", "x-compact-v2p-256x16 at 256 x 32, 3 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::If, 512, 16, 2, true>{"x-compact-v2p-512x16", "x-compact-v2p-256x16 at 512 x 16, 2 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::Flagged, 256, 16, 4, true>{"x-compact-v2p-flagged-256x16", "select by flags, persistent and pipelined as x-compact-v2p-256x16 (the flags' loads prefetched too)", "scanscope", tuning});
  v(PipeRow<SelectMode::Flagged, 256, 32, 2, true>{"x-compact-v2p-flagged-256x32", "x-compact-v2p-flagged-256x16 at 256 x 32, 2 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::Partition, 256, 16, 4, true>{"x-compact-v2p-partition-256x16", "partition, persistent and pipelined as x-compact-v2p-256x16, 16-byte stores on both halves", "scanscope", tuning});
  v(PipeRow<SelectMode::Partition, 256, 24, 3, true>{"x-compact-v2p-partition-256x24", "x-compact-v2p-partition-256x16 at 256 x 24, 3 blocks per SM", "scanscope", tuning});
  v(PipeRow<SelectMode::Partition, 256, 32, 2, true>{"x-compact-v2p-partition-256x32", "x-compact-v2p-partition-256x16 at 256 x 32, 2 blocks per SM", "scanscope", tuning});
  // The lookahead compaction (compact_lookahead.h; sm_90; timed on an H100 2026-12-07): the
  // lookahead scan's persistent, warp-specialised blocks on counts, bulk copies in, runs out by
  // bulk copy. 8x16s6, flagged-8x16s5 and partition-8x16s6 are the shipped rows' path from 2^26
  // (BestRow, CompactBestSequence).
  v(LookaheadRow<SelectMode::If, 8, 16, 6>{"x-compact-la-8x16s6", "select x > threshold on the lookahead scan's blocks (sm_90): 8 compute warps x 16 rounds of 32 per tile, 6 stages (99 KB, 2 blocks per SM), kept runs out by bulk copy", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::If, 8, 16, 4>{"x-compact-la-8x16s4", "x-compact-la-8x16s6 with 4 stages (66 KB, 3 blocks per SM)", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::If, 8, 16, 12>{"x-compact-la-8x16s12", "x-compact-la-8x16s6 with 12 stages (198 KB, 1 block per SM)", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::If, 8, 32, 4>{"x-compact-la-8x32s4", "x-compact-la-8x16s6 at 8 warps x 32 rounds (8192 per tile), 4 stages (131 KB, 1 block per SM)", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::If, 16, 16, 4>{"x-compact-la-16x16s4", "x-compact-la-8x16s6 at 16 warps x 16 rounds (8192 per tile), 4 stages (132 KB, 1 block per SM)", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::Flagged, 8, 16, 5>{"x-compact-la-flagged-8x16s5", "select by flags on the lookahead blocks: values and flag bytes by bulk copy, 8 x 16, 5 stages (103 KB, 2 blocks per SM)", "scanscope (after scan-lookahead)", tuning});
  v(LookaheadRow<SelectMode::Partition, 8, 16, 6>{"x-compact-la-partition-8x16s6", "partition on the lookahead blocks: kept run and reversed rejected run out by bulk copy, 8 x 16, 6 stages (99 KB, 2 blocks per SM)", "scanscope (after scan-lookahead)", tuning});
}

struct CompactInfo {
  int row;  // position in for_each_compaction
  const char* id;
  SelectMode mode;
  unsigned flags;
  const char* title;
  const char* source;
  bool tuning() const { return (flags & 4u) != 0; }
  bool best() const { return (flags & 1u) != 0; }
};

inline const std::vector<CompactInfo>& compactions() {
  static const std::vector<CompactInfo> list = [] {
    std::vector<CompactInfo> v;
    for_each_compaction([&](const auto& row) {
      using R = std::decay_t<decltype(row)>;
      v.push_back({static_cast<int>(v.size()), row.id, R::Seq::kMode, row.flags, row.title, row.source});
    });
    return v;
  }();
  return list;
}

inline const CompactInfo* find_compaction(const std::string& id) {
  for (const auto& c : compactions())
    if (id == c.id) return &c;
  return nullptr;
}

// Runs compaction c on values T through ex (CudaExec, EmuExec, SizeExec).
template <class T, class Exec>
void run_compaction(const CompactInfo& c, Exec& ex, const CompactRun<T>& r) {
  int row_number = 0;
  for_each_compaction([&](const auto& row) {
    using R = std::decay_t<decltype(row)>;
    if (row_number++ == c.row) R::Seq::template run<T>(ex, r);
  });
}

// Workspace bytes compaction c needs at n.
size_t compaction_workspace_bytes(const CompactInfo& c, long long n);

// CPU emulation of compaction c (tests): every block in order on EmulatedBlock (the lookahead
// rows: their CPU model). out has n elements, poisoned with `poison` before the run (select
// writes only the first `selected`). lookahead_from: CompactRun's (0: kCompactLookaheadFrom).
template <class T>
struct CompactResult {
  std::vector<T> out;
  int selected = -1;
  int lookahead_launches = 0;  // launches of the lookahead compaction (its CPU model)
};
template <class T>
CompactResult<T> emulate_compaction(const CompactInfo& c, const std::vector<T>& in, const std::vector<uint8_t>& flags, T threshold, T poison = T(-12345),
                                    long long lookahead_from = 0);

}  // namespace device
}  // namespace scanscope
