// Device-wide scans: scan-then-propagate (scan paper, Figure 5), reduce-then-scan (Oancea &
// Henriksen's three kernels) and the single-pass decoupled look-back (Merrill & Garland 2016):
// block programs written against the Block interface (their shared steps in block_steps.h), then
// each strategy's launch sequence. The registry (strategies.h) names them, with the look-back
// scan's tuned shapes and tuning variants.
// scan-propagate's and reduce-then-scan's block scans are the teaching kernel file
// kernels/scan/scan-blelloch.cu as written (a grid of its prescan; TeachingKernel, grid.h).
#pragma once

#include "kernels/device/block_steps.h"
#include "engine/ops.h"

// A host-device function kept out of line on the GPU (a cold path's registers stay its own).
#if defined(__CUDACC__)
#define SS_NOINLINE __host__ __device__ __noinline__
#else
#define SS_NOINLINE inline
#endif

namespace scanscope {
namespace device {

template <class T>
struct ScanArgs {
  const T* in;
  T* out;
  long long n;
  T* sums;            // one per block (scan-then-propagate, reduce-then-scan)
  const T* offsets;   // scanned block sums (uniform add, reduce-then-scan kernel 3)
  bool inclusive;
  long long seg;      // reduce-then-scan: elements per block
  unsigned* counter;  // look-back: next tile id
  unsigned long long* status;  // look-back: one tag+flag+value word per tile
  unsigned tag = 0;            // look-back: this call's tag (look_back_tag)
};

// The teaching kernel scan-blelloch as the scan strategies launch it: blocks of 512 threads, each
// scanning 1024 elements (exclusive), with the corrected zero-conflict padding (PAD 2: the word
// of element i is i + i/32 + i/1024, the file's CONFLICT_FREE_OFFSET).
struct BlellochBlock {
  static constexpr int kThreads = 512, kElems = 2 * kThreads;
  static_assert(SS_TEACHING_BLELLOCH_PAD == 2, "smem_bytes follows scan-blelloch's PAD 2");
  template <class T>
  static long long smem_bytes() {
    return (kElems + ((kElems - 1) >> 5) + ((kElems - 1) >> 10)) * static_cast<long long>(sizeof(T));
  }
  // blocks x kElems elements of in, scanned block by block into out.
  template <class T, class Exec>
  static void launch(Exec& ex, int blocks, const T* in, T* out, long long n, const char* name) {
    ex.launch_teaching(TeachingLaunch{TeachingKernel::ScanBlelloch, blocks, kThreads, smem_bytes<T>(), in, n, out, n, static_cast<int>(n)}, name);
  }
};

// ---- scan-then-propagate (scan paper, "Arrays of arbitrary size"): a grid of the teaching
// scan-blelloch kernel scans every block of 1024 elements; then one thread per block adds the
// block's last input to its last output to get the block sum.
struct PropagateBlockSums {
  static constexpr int kThreads = 256, kElems = BlellochBlock::kElems;
  static constexpr int kMaxThreads = kThreads, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    b.threads([&](int tid) {
      const long long j = static_cast<long long>(g.block) * b.num_threads() + tid;  // the scanned block
      const long long last = (j + 1) * kElems < a.n ? (j + 1) * kElems - 1 : a.n - 1;
      if (j * kElems < a.n) a.sums[j] = Op::apply(a.out[last], a.in[last]);
    });
  }
};

// Uniform add: every element of block j gets the scanned sum of blocks 0..j-1 (and, for an
// inclusive scan, its own input).
struct PropagateUniformAdd {
  static constexpr int kThreads = BlellochBlock::kThreads, kElems = BlellochBlock::kElems;
  static constexpr int kMaxThreads = kThreads, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    const long long off = static_cast<long long>(g.block) * kElems;
    b.threads([&](int tid) {
      T add = a.offsets ? a.offsets[g.block] : Op::template identity<T>();
      for (int h = 0; h < 2; ++h) {
        long long i = off + tid + h * kThreads;
        if (i < a.n) {
          T v = Op::apply(add, a.out[i]);
          a.out[i] = a.inclusive ? Op::apply(v, a.in[i]) : v;
        }
      }
    });
  }
};

// ---- reduce-then-scan (Oancea & Henriksen, "CUDA Scan Implementation"): 1. each block reduces
// its segment; 2. one block scans the block sums; 3. each block scans its segment again, tile by
// tile, starting from its scanned sum.
constexpr int kRtsThreads = 256, kRtsChunk = 8, kRtsTile = kRtsThreads * kRtsChunk, kRtsBlocks = 1024;

struct RtsReduce {
  static constexpr int kMaxThreads = kRtsThreads, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    const int threads = b.num_threads();
    const long long begin = static_cast<long long>(g.block) * a.seg;
    const long long end = begin + a.seg < a.n ? begin + a.seg : a.n;
    auto segment_sum = [&](int tid) { return thread_strided_sum<Op>(a.in, begin + tid, end, threads); };
    block_reduce_tree<Op, T>(b, segment_sum, [&](T total) { a.sums[g.block] = total; });
  }
};

SS_HD int rts_pad(int i) { return i + (i >> 5); }  // one word of padding per 32: conflict-free chunk reads
constexpr int kRtsSmemWords = kRtsTile + kRtsTile / 32 + kWarpSize;

struct RtsScan {
  static constexpr int kMaxThreads = kRtsThreads, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    const int threads = b.num_threads();
    const T identity = Op::template identity<T>();
    auto stage = b.template shared<T>(kRtsSmemWords);
    auto wt = view_as<T>(stage, kRtsTile + kRtsTile / 32);
    auto items = b.template regs<Items<T, kRtsChunk>>();
    auto val = b.template regs<T>();
    auto total = b.template regs<T>();
    auto other = b.template regs<T>();
    auto carry = b.template regs<T>();
    const long long begin = static_cast<long long>(g.block) * a.seg;
    const long long end = begin + a.seg < a.n ? begin + a.seg : a.n;
    b.threads([&](int tid) { carry[tid] = a.offsets[g.block]; });
    for (long long t0 = begin; t0 < end; t0 += kRtsTile) {
      b.threads([&](int tid) {  // coalesced: consecutive threads, consecutive elements
        for (int k = 0; k < kRtsChunk; ++k) {
          int j = k * threads + tid;
          stage.store(rts_pad(j), t0 + j < end ? a.in[t0 + j] : identity);
        }
      });
      b.sync();  // stage tile in shared memory
      b.threads([&](int tid) {  // each thread scans its CHUNK consecutive elements
        T run = identity;
        SS_UNROLL for (int k = 0; k < kRtsChunk; ++k) {
          run = Op::apply(run, stage.load(rts_pad(tid * kRtsChunk + k)));
          items[tid][k] = run;
        }
        val[tid] = run;
      });
      block_exclusive_scan<Op, T>(b, val, total, other, wt);
      b.threads([&](int tid) {
        T base = Op::apply(carry[tid], val[tid]);
        SS_UNROLL for (int k = 0; k < kRtsChunk; ++k) {
          T v = a.inclusive ? Op::apply(base, items[tid][k]) : (k == 0 ? base : Op::apply(base, items[tid][k - 1]));
          stage.store(rts_pad(tid * kRtsChunk + k), v);
        }
        carry[tid] = Op::apply(carry[tid], total[tid]);
      });
      b.sync();  // scanned tile in shared memory
      b.threads([&](int tid) {
        for (int k = 0; k < kRtsChunk; ++k) {
          int j = k * threads + tid;
          if (t0 + j < end) a.out[t0 + j] = stage.load(rts_pad(j));
        }
      });
      b.sync();  // write tile
    }
  }
};

// ---- single-pass scan with decoupled look-back (Merrill & Garland 2016; the look-back itself is
// tile_prefix, block_steps.h).
// THREADS x ITEMS elements per tile; each thread scans ITEMS consecutive elements. With STAGE
// (ITEMS a multiple of 4), full tiles move through the per-warp shared-memory transpose
// (WarpStage, 4-byte accesses, padded). Without STAGE each thread reads and writes its own
// elements directly.
// DYNAMIC takes tile ids from an atomic counter, so a tile's predecessors are always scheduled
// (the textbook guarantee); without it the tile is the block index, as CUB does, which saves an
// atomic round trip before every tile's loads and relies on blocks starting in index order.
template <int THREADS, int ITEMS, bool STAGE, int MIN_BLOCKS = 2048 / THREADS, bool DYNAMIC = true>
struct LookBackScan {
  static_assert(!STAGE || ITEMS % 4 == 0, "16-byte lanes");
  using Stage = WarpStage<ITEMS>;
  static constexpr bool kDynamic = DYNAMIC;
  static constexpr int kThreads = THREADS, kItems = ITEMS, kTile = THREADS * ITEMS;
  static constexpr int kMaxThreads = THREADS, kMinBlocks = MIN_BLOCKS;
  static constexpr int kWarpWords = Stage::kWarpWords;
  static constexpr int kStageWords = STAGE ? (THREADS / kWarpSize) * kWarpWords : 0;
  static constexpr int kSmemWords = kStageWords + kWarpSize + 2;

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    const T identity = Op::template identity<T>();
    auto smem = b.template shared<T>(kSmemWords);
    auto stage = smem;
    auto wt = view_as<T>(smem, kStageWords);
    auto slot = view_as<T>(smem, kStageWords + kWarpSize);
    auto tile_id = view_as<int>(smem, kStageWords + kWarpSize + 1);
    auto items = b.template regs<Items<T, ITEMS>>();
    auto val = b.template regs<T>();
    auto total = b.template regs<T>();
    auto other = b.template regs<T>();
    auto tile = b.template regs<int>();
    if (DYNAMIC) {
      b.threads([&](int tid) {
        if (tid == 0) tile_id.store(0, static_cast<int>(atomic_inc(a.counter)));
      });
      b.sync();  // take a tile
    }
    // Full tiles go through the staging area; the last, partial tile reads element by element.
    auto full = [&](int tid) { return STAGE && (static_cast<long long>(tile[tid]) + 1) * kTile <= a.n; };
    auto warp_first = [&](int tid) { return static_cast<long long>(tile[tid]) * kTile + static_cast<long long>(tid / kWarpSize) * kWarpSize * ITEMS; };
    b.threads([&](int tid) {
      tile[tid] = DYNAMIC ? tile_id.load(0) : g.block;
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      if (full(tid)) {
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
          const int j = 4 * (q * kWarpSize + lane);
          Stage::put(stage, base, j, load_vec4(a.in + warp_first(tid) + j));
        }
      } else {
        thread_load_guarded(items[tid], a.in, static_cast<long long>(tile[tid]) * kTile + static_cast<long long>(tid) * ITEMS, a.n, identity);
      }
    });
    if (STAGE) b.warp_sync();  // tile staged in shared memory
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      if (full(tid)) Stage::to_items(stage, base, lane, items[tid]);
      val[tid] = thread_inclusive_scan<Op>(items[tid]);
    });
    block_exclusive_scan<Op, T>(b, val, total, other, wt);
    b.threads([&](int tid) {
      if (tid < kLookBackLanes) {
        const T prefix = tile_prefix<Op, T>(a.status, tile[tid], tid, total[tid], a.tag);
        if (tid == 0) slot.store(0, prefix);
      }
    });
    b.sync();  // look-back
    b.threads([&](int tid) {
      thread_add_prefix<Op>(items[tid], Op::apply(slot.load(0), val[tid]), a.inclusive);
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      if (full(tid)) Stage::from_items(stage, base, lane, items[tid]);
      else thread_store_guarded(items[tid], a.out, static_cast<long long>(tile[tid]) * kTile + static_cast<long long>(tid) * ITEMS, a.n);
    });
    if (STAGE) b.warp_sync();  // scanned tile staged in shared memory
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      if (full(tid)) {
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
          const int j = 4 * (q * kWarpSize + lane);
          store_vec4(a.out + warp_first(tid) + j, Stage::template get<T>(stage, base, j));
        }
      }
    });
  }
};

// The tile scan of scan-best, with two block barriers and the look-back inside the block scan
// (as CUB's BlockScanWarpScans with a prefix callback does): every thread scans its ITEMS
// consecutive elements, each warp scans the thread totals with shuffles, the warp totals go to
// shared memory (barrier 1); warp 0 scans them, which gives the tile's aggregate, publishes it at
// once, looks back, publishes the inclusive prefix and writes each warp's starting value to
// shared memory (barrier 2); then every thread finishes its items. Tiles load and store 16 bytes
// per lane, all ITEMS/4 loads issued before the first is used, through the per-warp shared-memory
// transpose (WarpStage); the tile is the block index (CUB's order).
// STAGE_PARTIAL: the last, partial tile takes the same staged path, with a bounds check per
// 16-byte group (16-byte access where the group lies inside n, element by element only for the
// one ragged group, the identity past n), as CUB's guarded warp-transpose load and store do.
// Without it (x-scan-best-scalar-tail, the old path) each thread reads and writes its ITEMS
// consecutive elements directly: 2*ITEMS scalar, uncoalesced accesses per thread.
// SMEM128: the transpose uses 16-byte shared accesses (WarpStage); without it, 4-byte ones.
// BACKOFF_NS: see look_back. kMaxShared: ask for the largest shared-memory carveout.
template <int THREADS, int ITEMS, int MIN_BLOCKS, int BACKOFF_NS = 0, bool MAX_SHARED = true, bool STAGE_PARTIAL = true, bool SMEM128 = false>
struct LookBackScanFast {
  static_assert(ITEMS % 4 == 0 && THREADS % kWarpSize == 0 && THREADS <= 1024, "16-byte lanes, whole warps");
  static constexpr bool kDynamic = false, kMaxShared = MAX_SHARED;
  static constexpr int kThreads = THREADS, kItems = ITEMS, kTile = THREADS * ITEMS;
  static constexpr int kMaxThreads = THREADS, kMinBlocks = MIN_BLOCKS;
  using Stage = WarpStage<ITEMS, SMEM128>;
  static constexpr int kWarps = THREADS / kWarpSize;
  static constexpr int kWarpWords = Stage::kWarpWords;
  static constexpr int kStageWords = kWarps * kWarpWords;
  static constexpr int kSmemWords = kStageWords + 2 * kWarpSize;

  // The partial tile's side of the staging, for one lane (left: its warp's elements inside n,
  // < kTile, may be <= 0): whole 16-byte groups inside n move as 16-byte accesses, the group cut
  // by n element by element, the identity past n. Not inlined on the GPU: the guarded code then
  // adds no register pressure (no spills) to the full tiles' path.
  template <class S, class T>
  SS_NOINLINE static void stage_in_partial(S stage, int tid, int base, const T* src, int left, T identity) {
    const int lane = tid % kWarpSize;
    Vec4<T> v[ITEMS / 4];
    SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
      const int j = 4 * (q * kWarpSize + lane);
      if (j + 4 <= left) {
        v[q] = load_vec4(src + j);
      } else {
        v[q].x = j < left ? src[j] : identity;
        v[q].y = j + 1 < left ? src[j + 1] : identity;
        v[q].z = j + 2 < left ? src[j + 2] : identity;
        v[q].w = identity;  // j + 3 < left would make the group whole
      }
    }
    SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) Stage::put(stage, base, 4 * (q * kWarpSize + lane), v[q]);
  }
  template <class S, class T>
  SS_NOINLINE static void stage_out_partial(S stage, int tid, int base, T* dst, int left) {
    const int lane = tid % kWarpSize;
    SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
      const int j = 4 * (q * kWarpSize + lane);
      if (j >= left) continue;
      Vec4<T> v = Stage::template get<T>(stage, base, j);
      if (j + 4 <= left) {
        store_vec4(dst + j, v);
      } else {
        dst[j] = v.x;
        if (j + 1 < left) dst[j + 1] = v.y;
        if (j + 2 < left) dst[j + 2] = v.z;
      }
    }
  }

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ScanArgs<T>& a) {
    const T identity = Op::template identity<T>();
    auto smem = b.template shared<T>(kSmemWords);
    auto stage = smem;
    auto wt = view_as<T>(smem, kStageWords);              // warp totals
    auto wp = view_as<T>(smem, kStageWords + kWarpSize);  // each warp's start: tile prefix + warps before
    auto items = b.template regs<Items<T, ITEMS>>();
    auto val = b.template regs<T>();
    auto excl = b.template regs<T>();
    auto total = b.template regs<T>();
    auto other = b.template regs<T>();
    const long long tile = g.block;
    const long long tile_first = tile * kTile;
    const bool full = tile_first + kTile <= a.n;
    const bool staged = full || STAGE_PARTIAL;
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, warp = tid / kWarpSize, base = warp * kWarpWords;
      const long long warp_first = tile_first + static_cast<long long>(warp) * kWarpSize * ITEMS;
      if (full) {
        const T* src = a.in + warp_first;
        Vec4<T> v[ITEMS / 4];
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) v[q] = load_vec4(src + 4 * (q * kWarpSize + lane));
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) Stage::put(stage, base, 4 * (q * kWarpSize + lane), v[q]);
      } else if (STAGE_PARTIAL) {
        stage_in_partial(stage, tid, base, a.in + warp_first, static_cast<int>(a.n - warp_first), identity);
      } else {
        thread_load_guarded(items[tid], a.in, tile_first + static_cast<long long>(tid) * ITEMS, a.n, identity);
      }
    });
    if (staged) b.warp_sync();  // tile staged in shared memory
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      if (staged) Stage::to_items(stage, base, lane, items[tid]);
      val[tid] = thread_inclusive_scan<Op>(items[tid]);
    });
    warp_scans_to_shared<Op, T>(b, val, other, wt);
    b.shfl_up(excl, val, 1);  // exclusive within the warp (lane 0: unused)
    b.sync();  // warp totals to shared memory
    scan_warp_totals<Op, T>(b, total, other, wt, kWarps);
    b.threads([&](int tid) {
      if (tid < kLookBackLanes) {  // the GPU: all of warp 0; the CPU: thread 0
#if defined(__CUDA_ARCH__)
        const T aggregate = __shfl_sync(0xffffffffu, total[tid], kWarps - 1);
        const T before = __shfl_up_sync(0xffffffffu, total[tid], 1);
#else
        const T aggregate = total[kWarps - 1];
#endif
        const T prefix = tile_prefix<Op, T, BACKOFF_NS>(a.status, tile, tid, aggregate, a.tag);
#if defined(__CUDA_ARCH__)
        if (tid < kWarps) wp.store(tid, tid > 0 ? Op::apply(prefix, before) : prefix);
#else
        for (int w = 0; w < kWarps; ++w) wp.store(w, w > 0 ? Op::apply(prefix, total[w - 1]) : prefix);
#endif
      }
    });
    b.sync();  // look-back
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, warp = tid / kWarpSize, base = warp * kWarpWords;
      T base_value = wp.load(warp);
      if (lane > 0) base_value = Op::apply(base_value, excl[tid]);
      thread_add_prefix<Op>(items[tid], base_value, a.inclusive);
      if (staged) Stage::from_items(stage, base, lane, items[tid]);
      else thread_store_guarded(items[tid], a.out, tile_first + static_cast<long long>(tid) * ITEMS, a.n);
    });
    if (staged) b.warp_sync();  // scanned tile staged in shared memory
    b.threads([&](int tid) {
      const int lane = tid % kWarpSize, base = (tid / kWarpSize) * kWarpWords;
      const long long warp_first = tile_first + static_cast<long long>(tid / kWarpSize) * kWarpSize * ITEMS;
      if (full) {
        T* dst = a.out + warp_first;
        SS_UNROLL for (int q = 0; q < ITEMS / 4; ++q) {
          const int j = 4 * (q * kWarpSize + lane);
          store_vec4(dst + j, Stage::template get<T>(stage, base, j));
        }
      } else if (STAGE_PARTIAL) {
        stage_out_partial(stage, tid, base, a.out + warp_first, static_cast<int>(a.n - warp_first));
      }
    });
  }
};

// ---- The launch sequences (RunArgs, grid.h): r.out receives n values, r.inclusive picks the
// form; r.ws is carved in a fixed order. The registry (strategies.h) names each one.

// scan-propagate: block scans, the same scan over the block sums (recursively), uniform add.
struct ScanPropagate : ScanSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    const long long blocks = ceil_div(r.n, BlellochBlock::kElems);
    T* sums = blocks > 1 ? r.ws.template take<T>(blocks) : nullptr;
    T* scanned = blocks > 1 ? r.ws.template take<T>(blocks) : nullptr;
    BlellochBlock::launch(ex, static_cast<int>(blocks), r.in, r.out, r.n, "scan-propagate block scans (scan-blelloch)");
    if (blocks > 1) {
      ex.template launch<PropagateBlockSums, Op>(static_cast<int>(ceil_div(blocks, PropagateBlockSums::kThreads)), PropagateBlockSums::kThreads, 0,
                                                 ScanArgs<T>{r.in, r.out, r.n, sums, nullptr, false, 0, nullptr, nullptr}, "scan-propagate block sums");
      run<Op>(ex, RunArgs<T>{sums, scanned, blocks, false, r.ws, r.max_blocks, r.name});
    }
    if (blocks > 1 || r.inclusive)
      ex.template launch<PropagateUniformAdd, Op>(static_cast<int>(blocks), PropagateUniformAdd::kThreads, 0,
                                                  ScanArgs<T>{r.in, r.out, r.n, nullptr, scanned, r.inclusive, 0, nullptr, nullptr},
                                                  "scan-propagate uniform add");
  }
};

// scan-reduce-then-scan: the three kernels over segments of whole tiles, at most kRtsBlocks.
struct ScanReduceThenScan : ScanSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    long long tiles = ceil_div(r.n, kRtsTile);
    long long seg = ceil_div(tiles, kRtsBlocks) * kRtsTile;
    const int blocks = static_cast<int>(ceil_div(r.n, seg));
    T* sums = r.ws.template take<T>(blocks);
    T* scanned = r.ws.template take<T>(blocks);
    ex.template launch<RtsReduce, Op>(blocks, kRtsThreads, kRtsThreads, ScanArgs<T>{r.in, nullptr, r.n, sums, nullptr, r.inclusive, seg, nullptr, nullptr},
                                      "scan-reduce-then-scan kernel 1 (reduce)");
    BlellochBlock::launch(ex, 1, sums, scanned, blocks, "scan-reduce-then-scan kernel 2 (scan sums: scan-blelloch)");
    ex.template launch<RtsScan, Op>(blocks, kRtsThreads, kRtsSmemWords, ScanArgs<T>{r.in, r.out, r.n, nullptr, scanned, r.inclusive, seg, nullptr, nullptr},
                                    "scan-reduce-then-scan kernel 3 (scan)");
  }
};

// The single-pass scans: one launch of the tile program Prog (LookBackScan or LookBackScanFast,
// at a shape the registry picks) over ceil(n / tile) tiles. The status words are not cleared:
// each call's words carry its own tag (look_back_tag). The tile counter of the dynamic variants
// is cleared (one 4-byte memset).
template <class Prog>
struct ScanLookBack : ScanSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    const long long tiles = ceil_div(r.n, Prog::kTile);
    unsigned* counter = r.ws.template take<unsigned>(1);
    unsigned long long* status = r.ws.template take<unsigned long long>(tiles);
    if (Exec::counting) return;
    if (Prog::kDynamic) ex.memset_zero(counter, sizeof(unsigned));
    ScanArgs<T> a{r.in, r.out, r.n, nullptr, nullptr, r.inclusive, 0, counter, status};
    a.tag = look_back_tag();
    ex.template launch<Prog, Op>(static_cast<int>(tiles), Prog::kThreads, Prog::kSmemWords, a, r.name);
  }
};

}  // namespace device
}  // namespace scanscope
