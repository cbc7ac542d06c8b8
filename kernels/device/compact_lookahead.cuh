// The lookahead compaction's GPU kernel (sm_90; the algorithm, the run arithmetic and the CPU
// model: compact_lookahead.h). The lookahead scan's block (scan_lookahead.cuh) with counts for
// aggregates: its mbarrier ring (full, reduced, pref, empty per stage, the same arrivals), its
// lookahead warp (lookahead_window_sum on ints), its epoch (lookahead_finish) and its grid
// (lookahead_resident_blocks).
//   producer   bulk-copies tile t's values (and, select-by-flags, its flag bytes) into stage s;
//   reduce     counts the kept elements as soon as the tile has landed (16-byte shared reads) and
//              publishes the count;
//   lookahead  kept before tile t = its running count + the counts of t - G .. t - 1, to slot[s];
//   compute    warp w reads its 32 x ITEMS elements in ITEMS rounds of 32 consecutive words, a
//              ballot per round: each element's rank among the warp's kept (and rejected) ones;
//              warp totals through shared memory (named barrier 1); then, with the prefix and the
//              reduce warp's reads done, each thread writes its kept elements (partition: its
//              rejected ones too) in place into the stage at their run's words (compact_runs);
//              fence to the async proxy, arrive on empty[s], named barrier; thread 0 sends each
//              run's 16-byte aligned middle out with one bulk copy and its ragged head and tail
//              element by element, and releases the stage one tile later, when the copy out has
//              read it (as the scan).
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "engine/ops.h"
#include "kernels/device/compact_lookahead.h"
#include "kernels/device/scan_lookahead.cuh"

namespace scanscope {
namespace device {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Thread 0: stage words [first, first + len) to out elements dst[0, len): the aligned middle by a
// bulk copy (in the thread's current bulk group), the head and tail element by element.
template <class T>
__device__ __forceinline__ void compact_run_out(const T* stage, int first, int len, T* dst) {
  if (len <= 0) return;
  const RunSplit sp = compact_run_split(first, len);
  const int end = first + len;
  if (sp.hi > sp.lo) lookahead_ptx::bulk_store(dst + (sp.lo - first), stage + sp.lo, static_cast<unsigned>((sp.hi - sp.lo) * 4));
  const int head_end = sp.lo < end ? sp.lo : end;
  for (int i = first; i < head_end; ++i) dst[i - first] = stage[i];
  for (int i = sp.lo > sp.hi ? sp.lo : sp.hi; i < end; ++i) dst[i - first] = stage[i];
}
#endif

template <class Shape, class T>
__global__ void __launch_bounds__(Shape::kThreads, lookahead_min_blocks<Shape>()) compact_lookahead_kernel(CompactLookaheadArgs<T> a) {
  static_assert(sizeof(T) == 4, "4-byte values: the tile and bulk-copy sizes count 4 bytes each");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using namespace lookahead_ptx;
  constexpr SelectMode MODE = Shape::kMode;
  constexpr int W = Shape::kComputeWarps, ITEMS = Shape::kItems, S = Shape::kStages, TILE = Shape::kTile;
  constexpr int SW = Shape::kStageWords, FB = Shape::kFlagBytes;
  constexpr int kCompute = Shape::kComputeThreads;
  extern __shared__ __align__(128) unsigned char compact_lookahead_arena[];
  constexpr int GI = Shape::kGranuleInts;  // slot[s] at slot_words[s * GI], warp w's total at total_words[w * GI]
  T* ring = reinterpret_cast<T*>(compact_lookahead_arena);
  uint8_t* fring = compact_lookahead_arena + Shape::kFlagOffset;
  uint64_t* full = reinterpret_cast<uint64_t*>(compact_lookahead_arena + Shape::kBarrierOffset);
  uint64_t* pref = full + S;
  uint64_t* empty = pref + S;
  uint64_t* reduced = empty + S;
  int* slot_words = reinterpret_cast<int*>(compact_lookahead_arena + Shape::kSlotOffset);
  int* total_words = reinterpret_cast<int*>(compact_lookahead_arena + Shape::kWarpTotalOffset);

  const int G = static_cast<int>(gridDim.x), b = static_cast<int>(blockIdx.x);
  const int warp = static_cast<int>(threadIdx.x) / kWarpSize, lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const long long tiles = (a.n + TILE - 1) / TILE;
  const long long iterations = (tiles - b + G - 1) / G;
  const unsigned tag = lookahead_tag(*static_cast<volatile unsigned*>(a.ws.control));
  const T threshold = a.threshold;

  if (threadIdx.x == 0) lookahead_init_barriers(full, pref, empty, reduced, S, kCompute);
  __syncthreads();

  if (warp == W) {
    // ---- Producer: lane 0 bulk-copies the block's tiles (values, flags) into the ring, in order.
    if (lane == 0) {
      for (long long i = 0; i < iterations; ++i) {
        const int s = static_cast<int>(i % S);
        const unsigned ph = static_cast<unsigned>(i / S) & 1u;
        if (i >= S) bar_wait(&empty[s], ph ^ 1u);
        const long long t = b + i * G;
        const long long count = lookahead_tile_count(t, a.n, TILE), bulk = lookahead_bulk_count(count);
        T* dst = ring + s * SW;
        const T* src = a.in + t * TILE;
        for (long long k = bulk; k < count; ++k) dst[k] = src[k];  // the array's last 1 to 3 elements
        if (MODE == SelectMode::Flagged) {
          const long long fbulk = count & ~15LL;  // 16-byte bulk copies of the flags too
          uint8_t* fdst = fring + s * FB;
          const uint8_t* fsrc = a.flags + t * TILE;
          for (long long k = fbulk; k < count; ++k) fdst[k] = fsrc[k];  // the array's last 1 to 15 flags
          bar_arrive_expect_tx(&full[s], static_cast<unsigned>(bulk * 4 + fbulk));
          if (bulk > 0) bulk_load(dst, src, static_cast<unsigned>(bulk * 4), &full[s]);
          if (fbulk > 0) bulk_load(fdst, fsrc, static_cast<unsigned>(fbulk), &full[s]);
        } else {
          bar_arrive_expect_tx(&full[s], static_cast<unsigned>(bulk * 4));
          if (bulk > 0) bulk_load(dst, src, static_cast<unsigned>(bulk * 4), &full[s]);
        }
      }
    }
  } else if (warp == W + 1) {
    // ---- Lookahead: kept before tile t = kept before t - G + the counts of t - G .. t - 1.
    int running = 0;
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      if (i >= S) bar_wait(&empty[s], ph ^ 1u);  // slot[s] read by the tile S before
      const long long t = b + i * G;
      running += lookahead_window_sum<OpSum, int, 8>(a.ws.status, t, G, lane, tag);
      if (lane == 0) {
        slot_words[s * GI] = running;
        bar_arrive(&pref[s]);
      }
      __syncwarp();
    }
  } else if (warp == W + 2) {
    // ---- Reduce: each tile's count, published as soon as it has landed (16-byte shared reads).
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      const long long t = b + i * G;
      const int count = static_cast<int>(lookahead_tile_count(t, a.n, TILE));
      const T* tile = ring + s * SW;
      const uint8_t* ftile = fring + s * FB;
      bar_wait(&full[s], ph);
      int c = 0;
      if (MODE == SelectMode::Flagged) {
        if (count == TILE) {
          const uint4* f16 = reinterpret_cast<const uint4*>(ftile);
#pragma unroll 4
          for (int q = lane; q < TILE / 16; q += kWarpSize) {
            const uint4 w = f16[q];
            c += nonzero_bytes(w.x) + nonzero_bytes(w.y) + nonzero_bytes(w.z) + nonzero_bytes(w.w);
          }
        } else {
          for (int k = lane; k < count; k += kWarpSize) c += ftile[k] != 0;
        }
      } else if (count == TILE) {
        const Vec4<T>* v4 = reinterpret_cast<const Vec4<T>*>(tile);
#pragma unroll 4
        for (int q = lane; q < TILE / 4; q += kWarpSize) {
          const Vec4<T> v = v4[q];
          c += (v.x > threshold) + (v.y > threshold) + (v.z > threshold) + (v.w > threshold);
        }
      } else {
        for (int k = lane; k < count; k += kWarpSize) c += tile[k] > threshold;
      }
      c = __reduce_add_sync(0xffffffffu, c);
      if (lane == 0) store_relaxed(a.ws.status + t, lookahead_word(tag, c));
      bar_arrive(&reduced[s]);  // each lane, after its reads: the compute warps may overwrite the stage
      __syncwarp();
    }
  } else {
    // ---- Compute warps.
    const int tid = static_cast<int>(threadIdx.x);
    const unsigned below = (1u << lane) - 1u;
    const int warp_first = warp * kWarpSize * ITEMS;  // the warp's first element in the tile
    int held = -1;  // thread 0: the stage whose copy out is still reading shared memory
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      const long long t = b + i * G;
      const int count = static_cast<int>(lookahead_tile_count(t, a.n, TILE));
      T* tile = ring + s * SW;
      const uint8_t* ftile = fring + s * FB;
      T v[ITEMS];
      unsigned mine = 0;  // bit k: this thread's element of round k is kept
      bar_wait(&full[s], ph);
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const int e = warp_first + k * kWarpSize + lane;
        v[k] = tile[e];
        bool keep;
        if (MODE == SelectMode::Flagged) keep = ftile[e] != 0;
        else keep = v[k] > threshold;
        if (count != TILE && e >= count) keep = false;
        mine |= static_cast<unsigned>(keep) << k;
      }
      // The warp's kept elements: a ballot per round (again below, for the ranks: cheaper than
      // holding ITEMS ranks in registers across the waits)
      int run = 0;
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) run += __popc(__ballot_sync(0xffffffffu, (mine >> k) & 1u));
      if (lane == 0) total_words[warp * GI] = run;
      __syncwarp();
      named_sync(1, kCompute);  // warp totals
      int before = 0, kept = 0;
#pragma unroll
      for (int w2 = 0; w2 < W; ++w2) {
        const int x = total_words[w2 * GI];
        before += w2 < warp ? x : 0;
        kept += x;
      }
      bar_wait(&pref[s], ph);
      bar_wait(&reduced[s], ph);  // the reduce warp has read the tile: it may be overwritten
      const int prefix = slot_words[s * GI];
      const CompactRuns r = compact_runs(t * TILE, count, kept, prefix, a.n, MODE == SelectMode::Partition);
      int rank = before;  // kept elements of the tile before this round's element of the warp
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const unsigned ballot = __ballot_sync(0xffffffffu, (mine >> k) & 1u);
        const int at = rank + __popc(ballot & below);
        if ((mine >> k) & 1u) {
          tile[r.kept_first + at] = v[k];
        } else if (MODE == SelectMode::Partition) {
          const int e = warp_first + k * kWarpSize + lane;
          if (count == TILE || e < count) tile[r.rej_first + r.rej - 1 - (e - at)] = v[k];  // e - (kept before e): its rejected rank
        }
        rank += __popc(ballot);
      }
      fence_to_async();
      bar_arrive(&empty[s]);  // this thread is done with stage s: its writes, its reads of slot[s]
      __syncwarp();
      named_sync(1, kCompute);  // the runs in shared memory; warp totals and slot read
      if (tid == 0) {
        compact_run_out(tile, r.kept_first, r.kept, a.out + r.kept_out);
        if (MODE == SelectMode::Partition) compact_run_out(tile, r.rej_first, r.rej, a.out + r.rej_out);
        if (t == tiles - 1) *a.num_selected = prefix + kept;
        bulk_commit();
        bulk_wait_read<1>();  // the previous tile's copy out has read its stage
        if (held >= 0) bar_arrive(&empty[held]);
        held = s;
      }
      __syncwarp();
    }
    if (tid == 0) bulk_wait_all();
  }
  __syncwarp();
  __syncthreads();
  if (threadIdx.x == 0) lookahead_finish(a.ws.control, G);  // the last block to finish bumps the epoch
#elif defined(__CUDA_ARCH__)
  (void)a;
  __trap();  // built for an architecture without bulk copies: fail, never skip
#else
  (void)a;
#endif
}

// One launch over the persistent grid (as the lookahead scan's): resident blocks only, at most one
// per tile. in, out (and flags) 16-byte aligned.
template <class Shape, class T>
void launch_compact_lookahead_kernel(const CompactLookaheadArgs<T>& a, cudaStream_t stream, const std::string& name) {
  if (a.n <= 0) return;
  if (!lookahead_device_ok()) throw std::runtime_error(name + ": the lookahead compaction needs an sm_90 GPU (bulk copies, mbarriers)");
  if (!lookahead_aligned(a.in, a.out) || (Shape::kMode == SelectMode::Flagged && reinterpret_cast<uintptr_t>(a.flags) % 16 != 0))
    throw std::runtime_error(name + ": the lookahead compaction needs 16-byte aligned input, flags and output");
  auto kernel = compact_lookahead_kernel<Shape, T>;
  static const int resident = lookahead_resident_blocks(kernel, Shape::kThreads, Shape::kSmemBytes, name);
  const long long tiles = ceil_div(a.n, Shape::kTile);
  const int grid = static_cast<int>(tiles < resident ? tiles : resident);
  kernel<<<grid, Shape::kThreads, Shape::kSmemBytes, stream>>>(a);
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) throw std::runtime_error(name + ": launch of the lookahead compaction (" + std::to_string(grid) + " blocks): " + cudaGetErrorString(e));
}

}  // namespace device
}  // namespace scanscope
