// The block steps of the device-wide strategies, each in one place (as CUB keeps BlockLoad,
// BlockReduce, BlockScan and the single-pass scan's prefix operator apart from the kernels that
// use them). Every step is written against the Block interface (block.h) and runs inside a block
// program of reduce_device.h or scan_device.h, on the GPU and in the emulator alike.
//
//   thread level   thread_sum_vec4, thread_strided_sum, thread_load_guarded, thread_store_guarded,
//                  thread_inclusive_scan, thread_add_prefix
//   warp level     warp_reduce (__shfl_down_sync), warp_scan_inclusive (__shfl_up_sync)
//   block reduce   sequential_tree, block_reduce_tree (shared-memory tree), block_reduce_shuffle (warp shuffles)
//   block scan     warp_scans_to_shared, scan_warp_totals, block_exclusive_scan
//   block load     WarpStage: the per-warp shared-memory transpose of the look-back scans
//   single pass    pack_status, store_status, look_back, tile_prefix (decoupled look-back)
//   tiles          tile_span (a tile's first element, whole or not, its count), popcount32
//
// Where a whole launch is a teaching kernel, the sequence launches its file (TeachingKernel,
// grid.h). The steps here that are also a teaching kernel's loop (sequential_tree is
// reduce-sequential's tree, warp_reduce reduce-warp-shuffle's, warp_scan_inclusive Oancea and
// Henriksen's scanIncWarp) are the same algorithm fused into a larger block program: a kernel file
// is one __global__ launch and cannot be called from inside another kernel.
#pragma once

#include <atomic>
#include <stdexcept>
#include <type_traits>

#include "kernels/device/grid.h"

namespace scanscope {
namespace device {

// ---- Tiles: tile t of a one-tile-per-block launch over n elements (the compactions, the sort's
// passes): its first element, whether it is whole, and its number of elements (the tile size, or
// what is left of n in the last tile).
struct TileSpan {
  long long first;
  bool full;
  int count;
};
SS_HD TileSpan tile_span(long long tile, int tile_size, long long n) {
  const long long first = tile * tile_size;
  const bool full = first + tile_size <= n;
  return {first, full, full ? tile_size : static_cast<int>(n - first)};
}

// The set bits of a 32-bit mask (a selection mask, a warp match's group).
SS_HD int popcount32(unsigned m) {
#if defined(__CUDA_ARCH__)
  return __popc(m);
#else
  return __builtin_popcount(m);
#endif
}

// ---- Thread level

// Each thread's sum over 16-byte loads: U independent Vec4 loads in flight per iteration, a
// grid-stride over groups of U*T quads, then the partial group left over (taken by the block
// whose turn it is, again with all its <= U loads in flight: at n = 2^12 that is one memory
// round trip instead of two), then the < 4 scalar elements after the last quad (block 0).
template <class Op, class T, int U>
SS_HD T thread_sum_vec4(const T* in, long long n, int tid, int threads, GridCtx g) {
  const long long quads = n / 4;
  const long long group = static_cast<long long>(U) * threads;
  const long long full_groups = quads / group;
  T sum = Op::template identity<T>();
  for (long long gi = g.block; gi < full_groups; gi += g.blocks) {
    Vec4<T> v[U];
    for (int u = 0; u < U; ++u) v[u] = load_vec4(in + 4 * (gi * group + u * threads + tid));
    for (int u = 0; u < U; ++u) sum = Op::apply(sum, Op::apply(Op::apply(v[u].x, v[u].y), Op::apply(v[u].z, v[u].w)));
  }
  if (full_groups * group < quads && g.block == static_cast<int>(full_groups % g.blocks)) {
    const T id = Op::template identity<T>();
    Vec4<T> v[U];
    for (int u = 0; u < U; ++u) {
      const long long q = full_groups * group + u * threads + tid;
      v[u] = q < quads ? load_vec4(in + 4 * q) : Vec4<T>{id, id, id, id};
    }
    for (int u = 0; u < U; ++u) sum = Op::apply(sum, Op::apply(Op::apply(v[u].x, v[u].y), Op::apply(v[u].z, v[u].w)));
  }
  if (g.block == 0 && tid < n - 4 * quads) sum = Op::apply(sum, in[4 * quads + tid]);
  return sum;
}

// One block's sum of a whole array of n < 2^31 elements in one memory round trip: each thread's U
// 16-byte loads (quads tid, tid + T, ...) all issued before the first add, 32-bit index math, no
// loop; NC reads through the non-coherent (read-only) path (LDG.E.128.CONSTANT). The caller
// guarantees 4 * U * threads >= n.
template <class Op, class T, int U, bool NC>
SS_HD T thread_sum_tile(const T* in, int n, int tid, int threads) {
  const int quads = n / 4;
  const T id = Op::template identity<T>();
  Vec4<T> v[U];
  SS_UNROLL for (int u = 0; u < U; ++u) {
    const int q = u * threads + tid;
#if defined(__CUDA_ARCH__)
    if (NC) {
      if (q < quads) {
        using V = typename std::conditional<std::is_same<T, float>::value, float4, int4>::type;
        const V w = __ldg(reinterpret_cast<const V*>(in) + q);
        v[u] = Vec4<T>{w.x, w.y, w.z, w.w};
      } else {
        v[u] = Vec4<T>{id, id, id, id};
      }
      continue;
    }
#endif
    v[u] = q < quads ? load_vec4(in + 4 * q) : Vec4<T>{id, id, id, id};
  }
  T sum = id;
  SS_UNROLL for (int u = 0; u < U; ++u) sum = Op::apply(sum, Op::apply(Op::apply(v[u].x, v[u].y), Op::apply(v[u].z, v[u].w)));
  if (tid < n - 4 * quads) sum = Op::apply(sum, in[4 * quads + tid]);
  return sum;
}

// A thread's sum of in[first], in[first + stride], ... below end (coalesced when neighbouring
// threads start at neighbouring elements). Stride: int or long long, as the caller has it.
template <class Op, class T, class Stride>
SS_HD T thread_strided_sum(const T* in, long long first, long long end, Stride stride) {
  T sum = Op::template identity<T>();
  for (long long i = first; i < end; i += stride) sum = Op::apply(sum, in[i]);
  return sum;
}

// A thread's inclusive scan of its own N items, in place; returns the thread's total.
template <class Op, class T, int N>
SS_HD T thread_inclusive_scan(Items<T, N>& items) {
  T run = Op::template identity<T>();
  SS_UNROLL for (int k = 0; k < N; ++k) {
    run = Op::apply(run, items[k]);
    items[k] = run;
  }
  return run;
}

// A thread's N consecutive elements straight from in[first, ...) (the identity past n), and back
// to out[first, ...) (only below n): element by element, uncoalesced; for tiles that are not staged.
template <class T, int N>
SS_HD void thread_load_guarded(Items<T, N>& items, const T* in, long long first, long long n, T identity) {
  SS_UNROLL for (int k = 0; k < N; ++k) items[k] = first + k < n ? in[first + k] : identity;
}
template <class T, int N>
SS_HD void thread_store_guarded(const Items<T, N>& items, T* out, long long first, long long n) {
  SS_UNROLL for (int k = 0; k < N; ++k)
    if (first + k < n) out[first + k] = items[k];
}

// Turns a thread's inclusive scan of its items into its part of the tile's scan: base (all that
// comes before the thread's first item) is applied to every item; exclusive shifts by one.
template <class Op, class T, int N>
SS_HD void thread_add_prefix(Items<T, N>& items, T base, bool inclusive) {
  if (!inclusive) {
    SS_UNROLL for (int k = N - 1; k > 0; --k) items[k] = Op::apply(base, items[k - 1]);
    items[0] = base;
  } else {
    SS_UNROLL for (int k = 0; k < N; ++k) items[k] = Op::apply(base, items[k]);
  }
}

// ---- Warp level

// Every warp for which pred(warp) holds reduces val over its lanes with __shfl_down_sync (offsets
// 16, 8, 4, 2, 1): lane 0 ends with the warp's total (reduce-warp-shuffle's loop).
template <class Op, class T, class Block, class R, class Pred>
SS_HD void warp_reduce(Block& b, R& val, R& other, Pred pred) {
  for (int offset = kWarpSize / 2; offset > 0; offset >>= 1) {
    b.shfl_down(other, val, offset, pred);
    b.threads([&](int tid) {
      if (pred(tid / kWarpSize)) val[tid] = Op::apply(val[tid], other[tid]);
    });
    b.warp_sync();
  }
}

// Every warp for which pred(warp) holds scans val over its lanes, inclusive, with __shfl_up_sync:
// "if (lane >= h) B[i] = B[i-h] op B[i]" (Oancea and Henriksen's scanIncWarp).
template <class Op, class T, class Block, class R, class Pred>
SS_HD void warp_scan_inclusive(Block& b, R& val, R& other, Pred pred) {
  for (int h = 1; h < kWarpSize; h *= 2) {
    b.shfl_up(other, val, h, pred);
    b.threads([&](int tid) {
      if (pred(tid / kWarpSize) && tid % kWarpSize >= h) val[tid] = Op::apply(other[tid], val[tid]);
    });
    b.warp_sync();
  }
}

// ---- Block reduce

// The sequential-addressing tree of reduce-sequential: the stride halves from half the block, and
// thread tid combines sdata[tid] and sdata[tid + s]; consecutive lanes touch consecutive words.
template <class Op, class T, class Block, class S>
SS_HD void sequential_tree(Block& b, const S& sdata) {
  for (int s = b.num_threads() / 2; s > 0; s >>= 1) {
    b.threads([&](int tid) {
      if (tid < s) sdata.store(tid, Op::apply(sdata.load(tid), sdata.load(tid + s)));
    });
    b.sync();
  }
}

// The block step of reduce-chunked, reduce-two-pass and reduce-then-scan's kernel 1 (the block
// of the reduction problem and Demouth's slides): each thread's partial(tid) to shared memory, the
// sequential-addressing tree, thread 0 passes the block's total to write(total). Carves
// num_threads() words of shared memory.
// (write, rather than a destination pointer: the address is then formed where thread 0 stores,
// as it was when each kernel spelled this step out, and the timed kernels' SASS stays as tuned.)
template <class Op, class T, class Block, class Partial, class Write>
SS_HD void block_reduce_tree(Block& b, const Partial& partial, const Write& write) {
  auto sdata = b.template shared<T>(b.num_threads());
  b.threads([&](int tid) {
    sdata.store(tid, partial(tid));
  });
  b.sync();
  sequential_tree<Op, T>(b, sdata);
  b.threads([&](int tid) {
    if (tid == 0) write(sdata.load(0));
  });
}

// The block step of reduce-warp-shuffle and reduce-best: the primitives tutorial's
// reduce_sum_warp_shuffle body (warp_reduce, warp totals to shared memory, the first warp reduces
// them); val holds each thread's partial on entry and the block's total in thread 0 on exit.
// sdata: kWarpSize words.
template <class Op, class T, class Block, class R, class S>
SS_HD void block_reduce_shuffle(Block& b, R& val, R& other, const S& sdata) {
  const int warps = b.num_threads() / kWarpSize;
  warp_reduce<Op, T>(b, val, other, AllWarps());
  b.threads([&](int tid) {
    if (tid % kWarpSize == 0) sdata.store(tid / kWarpSize, val[tid]);
  });
  b.sync();  // warp totals to shared memory
  b.threads([&](int tid) {
    if (tid < kWarpSize) val[tid] = tid < warps ? sdata.load(tid) : Op::template identity<T>();
  });
  warp_reduce<Op, T>(b, val, other, FirstWarp());
}

// ---- Block scan (the warp-shuffle scan of kernels/scan/scan-warp-shuffle.cu)

// Every warp scans its lanes' val (inclusive); the last lane of each warp writes the warp's total
// to wt[warp]. The caller puts the barrier after it.
template <class Op, class T, class Block, class R, class S>
SS_HD void warp_scans_to_shared(Block& b, R& val, R& other, const S& wt) {
  warp_scan_inclusive<Op, T>(b, val, other, AllWarps());
  b.threads([&](int tid) {
    if (tid % kWarpSize == kWarpSize - 1) wt.store(tid / kWarpSize, val[tid]);
  });
}

// After the barrier: the first warp loads the `warps` warp totals (the identity past them) into
// total and scans them (inclusive): lane w then holds the total of warps 0..w.
template <class Op, class T, class Block, class R, class S>
SS_HD void scan_warp_totals(Block& b, R& total, R& other, const S& wt, int warps) {
  b.threads([&](int tid) {
    if (tid < kWarpSize) total[tid] = tid < warps ? wt.load(tid) : Op::template identity<T>();
  });
  warp_scan_inclusive<Op, T>(b, total, other, FirstWarp());
}

// Exclusive scan of one value per thread across the block: on exit val holds the thread's
// exclusive prefix and total the block's total (every thread). wt needs kWarpSize words. Ends
// with a barrier, so wt may be reused.
template <class Op, class T, class Block, class R, class S>
SS_HD void block_exclusive_scan(Block& b, R& val, R& total, R& other, const S& wt) {
  const int warps = b.num_threads() / kWarpSize;
  const T identity = Op::template identity<T>();
  warp_scans_to_shared<Op, T>(b, val, other, wt);
  b.sync();  // warp totals to shared memory
  scan_warp_totals<Op, T>(b, total, other, wt, warps);
  b.threads([&](int tid) {
    if (tid < warps) wt.store(tid, total[tid]);
  });
  b.shfl_up(other, val, 1);  // exclusive within the warp
  b.sync();  // scanned totals to shared memory
  b.threads([&](int tid) {
    int warp = tid / kWarpSize, lane = tid % kWarpSize;
    T before = warp > 0 ? wt.load(warp - 1) : identity;
    val[tid] = lane > 0 ? Op::apply(before, other[tid]) : before;
    total[tid] = wt.load(warps - 1);
  });
  b.sync();  // block total
}

// ---- Block load and store: the per-warp transpose

// A warp's kWarpSize * ITEMS consecutive elements staged in kWarpWords words of shared memory, as
// in Oancea and Henriksen's kernel 3 and CUB's warp-transpose BlockLoad/BlockStore: lanes move 16
// bytes each between global memory and the staging area at consecutive addresses (coalesced
// LDG.128 / STG.128), and each lane then reads or writes its ITEMS consecutive elements there.
// Without SMEM128: 4-byte shared accesses, one padding word per 32, which keeps both the striped
// and the blocked accesses free of bank conflicts.
// SMEM128: 16-byte shared accesses (STS.128 / LDS.128, ITEMS/2 per direction instead of 2*ITEMS
// 4-byte ones) in an unpadded layout whose 16-byte groups are permuted within each run of 8 (quad
// q at q ^ gray(q mod 8) ^ 4*((q/8) mod 2) in its run), which keeps every quarter warp on 8
// distinct bank quads in both the striped and the blocked order (ITEMS = 24).
template <int ITEMS, bool SMEM128 = false>
struct WarpStage {
  static constexpr int kWarpWords = SMEM128 ? kWarpSize * ITEMS : kWarpSize * ITEMS + ITEMS;  // one warp's staging
  // Word of element j (of a warp's kWarpSize * ITEMS) in the warp's staging area.
  SS_HD static int pad(int j) {
    if (SMEM128) {
      const int q = j >> 2, b = q & 7;
      return (((q & ~7) | (b ^ (b >> 1) ^ ((q >> 1) & 4))) << 2) | (j & 3);
    }
    return j + (j >> 5);
  }
  // Four consecutive elements (j a multiple of 4) to / from the staging area at word base.
  template <class S, class T>
  SS_HD static void put(const S& stage, int base, int j, const Vec4<T>& v) {
#if defined(__CUDA_ARCH__)
    if (SMEM128) {
      *reinterpret_cast<Vec4<T>*>(stage.data + base + pad(j)) = v;
      return;
    }
#endif
    stage.store(base + pad(j), v.x);
    stage.store(base + pad(j + 1), v.y);
    stage.store(base + pad(j + 2), v.z);
    stage.store(base + pad(j + 3), v.w);
  }
  template <class T, class S>
  SS_HD static Vec4<T> get(const S& stage, int base, int j) {
#if defined(__CUDA_ARCH__)
    if (SMEM128) return *reinterpret_cast<const Vec4<T>*>(stage.data + base + pad(j));
#endif
    return Vec4<T>{stage.load(base + pad(j)), stage.load(base + pad(j + 1)), stage.load(base + pad(j + 2)),
                   stage.load(base + pad(j + 3))};
  }
  // A lane's ITEMS consecutive elements (from element lane * ITEMS of its warp's) from the staging
  // area into its items, and back.
  template <class S, class T>
  SS_HD static void to_items(const S& stage, int base, int lane, Items<T, ITEMS>& items) {
    SS_UNROLL for (int k = 0; k < ITEMS; k += 4) {
      Vec4<T> v = get<T>(stage, base, lane * ITEMS + k);
      items[k] = v.x;
      items[k + 1] = v.y;
      items[k + 2] = v.z;
      items[k + 3] = v.w;
    }
  }
  template <class S, class T>
  SS_HD static void from_items(const S& stage, int base, int lane, const Items<T, ITEMS>& items) {
    SS_UNROLL for (int k = 0; k < ITEMS; k += 4) put(stage, base, lane * ITEMS + k, Vec4<T>{items[k], items[k + 1], items[k + 2], items[k + 3]});
  }
};

// ---- Single pass: decoupled look-back (Merrill & Garland 2016)
// Each tile publishes its aggregate (flag A), looks back over its predecessors' status words until
// one has an inclusive prefix (flag P), then publishes its own inclusive prefix.
// A status word: (tag << 2 | flag) << 32 | bits of the value. The tag names the call (a host
// counter, 1 to 2^29 - 1, look_back_tag), so a word left by an earlier call reads as "none" and
// the status words need no clearing before a call; a zeroed word (tag 0) is "none" too. Its top
// bits are clear, unlike the lookahead scan's tags (scan_lookahead.h): a workspace both have
// used holds no word the other takes for its own.
enum : unsigned { kFlagNone = 0, kFlagAggregate = 1, kFlagPrefix = 2 };

template <class T>
SS_HD unsigned long long pack_status(unsigned tag, unsigned flag, T v) {
  return (static_cast<unsigned long long>((tag << 2) | flag) << 32) | bits_of(v);
}
// The flag of a status word for this call's tag (kFlagNone for another call's word).
SS_HD unsigned status_flag(unsigned long long s, unsigned tag) {
  const unsigned hi = static_cast<unsigned>(s >> 32);
  return (hi >> 2) == tag ? (hi & 3u) : static_cast<unsigned>(kFlagNone);
}

SS_HD void store_status(unsigned long long* p, unsigned long long s) {
#if defined(__CUDA_ARCH__)
  *static_cast<volatile unsigned long long*>(p) = s;
#else
  *p = s;
#endif
}

// The exclusive prefix of `tile`: on the GPU all 32 lanes of warp 0 read 32 predecessors at a
// time (spinning while any is not yet published); on the CPU, where tiles run in order, one
// thread walks back serially.
// BACKOFF_NS > 0: a warp that finds a predecessor not yet published sleeps that long before it
// reads the window again (fewer L2 requests from spinning warps).
template <class Op, class T, int BACKOFF_NS = 0>
SS_HD T look_back(unsigned long long* status, long long tile, int lane, unsigned tag) {
  T prefix = Op::template identity<T>();
#if defined(__CUDA_ARCH__)
  long long last = tile - 1;
  while (true) {
    long long idx = last - lane;
    unsigned long long s;
    while (true) {
      s = idx >= 0 ? load_coherent(status + idx) : pack_status(tag, kFlagPrefix, Op::template identity<T>());
      if (!__any_sync(0xffffffffu, status_flag(s, tag) == kFlagNone)) break;
      if (BACKOFF_NS > 0) __nanosleep(BACKOFF_NS);
    }
    unsigned prefix_lanes = __ballot_sync(0xffffffffu, status_flag(s, tag) == kFlagPrefix);
    int stop = prefix_lanes ? __ffs(prefix_lanes) - 1 : kWarpSize - 1;
    T v = lane <= stop ? from_bits<T>(static_cast<uint32_t>(s)) : Op::template identity<T>();
    for (int o = kWarpSize / 2; o > 0; o >>= 1) v = Op::apply(v, __shfl_xor_sync(0xffffffffu, v, o));
    prefix = Op::apply(v, prefix);
    if (prefix_lanes) break;
    last -= kWarpSize;
  }
#else
  (void)lane;
  for (long long i = tile - 1; i >= 0; --i) {
    unsigned long long s = status[i];
    if (status_flag(s, tag) == kFlagNone) throw std::logic_error("look-back: a predecessor has not published (tiles run in order on the CPU)");
    prefix = Op::apply(from_bits<T>(static_cast<uint32_t>(s)), prefix);
    if (status_flag(s, tag) == kFlagPrefix) break;
  }
#endif
  return prefix;
}

// The threads that call tile_prefix: all of warp 0 on the GPU, thread 0 on the CPU.
#if defined(__CUDA_ARCH__)
constexpr int kLookBackLanes = kWarpSize;
#else
constexpr int kLookBackLanes = 1;
#endif

// The single-pass scan's prefix operator (CUB's TilePrefixCallbackOp), called by the
// kLookBackLanes first threads with the tile's aggregate: tile 0 publishes it as its inclusive
// prefix; any other tile publishes it (flag A), looks back, and publishes its inclusive prefix.
// Returns the tile's exclusive prefix. In two halves for a block that has other work between
// publishing its aggregate and needing its prefix (the stream compaction scatters its tile in
// shared memory meanwhile): tile_publish_aggregate, then tile_finish_prefix.
template <class T>
SS_HD void tile_publish_aggregate(unsigned long long* status, long long tile, int tid, T aggregate, unsigned tag) {
  if (tid == 0) store_status(status + tile, pack_status(tag, tile == 0 ? kFlagPrefix : kFlagAggregate, aggregate));
}
template <class Op, class T, int BACKOFF_NS = 0>
SS_HD T tile_finish_prefix(unsigned long long* status, long long tile, int tid, T aggregate, unsigned tag) {
  if (tile == 0) return Op::template identity<T>();
  const T prefix = look_back<Op, T, BACKOFF_NS>(status, tile, tid, tag);
  if (tid == 0) store_status(status + tile, pack_status(tag, kFlagPrefix, Op::apply(prefix, aggregate)));
  return prefix;
}
// (tile_prefix is not written as the two halves: the scans' code, measured as it is, stays as it was.)
template <class Op, class T, int BACKOFF_NS = 0>
SS_HD T tile_prefix(unsigned long long* status, long long tile, int tid, T aggregate, unsigned tag) {
  T prefix = Op::template identity<T>();
  if (tile == 0) {
    if (tid == 0) store_status(status, pack_status(tag, kFlagPrefix, aggregate));
  } else {
    if (tid == 0) store_status(status + tile, pack_status(tag, kFlagAggregate, aggregate));
    prefix = look_back<Op, T, BACKOFF_NS>(status, tile, tid, tag);
    if (tid == 0) store_status(status + tile, pack_status(tag, kFlagPrefix, Op::apply(prefix, aggregate)));
  }
  return prefix;
}

// The tags of successive look-back calls in this process: 1, 2, ..., 2^29 - 1, then 1 again
// (after 2^29 - 1 calls a word of a call that long ago could match; the workspace is zeroed when
// it is made).
inline unsigned look_back_tag() {
  static std::atomic<unsigned> calls{0};
  return calls.fetch_add(1) % ((1u << 29) - 1) + 1;
}

}  // namespace device
}  // namespace scanscope
