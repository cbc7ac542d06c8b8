// The lookahead scan's GPU kernel (sm_90; the algorithm and the shared protocol: scan_lookahead.h).
//
// One block = W compute warps + a producer warp + a lookahead warp + a reduce warp, persistent
// over the tiles b, b + G, b + 2G, ... A ring of STAGES tiles in shared memory, four mbarriers
// per stage:
//   full[s]     the producer's bulk copy of the tile (cp.async.bulk ... complete_tx) has landed;
//   reduced[s]  the reduce warp has read the tile (the compute warps may overwrite it in place);
//   pref[s]     the lookahead warp has written the tile's exclusive prefix to slot[s];
//   empty[s]    every compute thread has written its part of the scanned tile and read slot[s],
//               and the tile's bulk copy out has finished reading stage s (the producer may load
//               the next tile into it, the lookahead may write slot[s] again). kCompute + 1
//               arrivals: each compute thread after its own writes, and thread 0 once more when its
//               copy out has read the stage. Every writer arrives itself, so the order of its
//               writes before the next load needs no chain through the named barrier and thread 0
//               (compute-sanitizer's racecheck follows such chains no further than the arriving
//               thread: with thread 0 arriving alone it reported every word of a reused stage).
// The reduce warp: wait full[s], sum the tile, publish its aggregate at once. So a tile's
// aggregate waits for its own load only, never for the scan of the block's earlier tiles.
// The compute warps: wait full[s]; each thread scans its ITEMS consecutive words (conflict-free:
// ITEMS is odd); warp totals through shared memory (named barrier 1, compute warps only); wait
// pref[s] and reduced[s]; write the scanned words back in place; every compute thread fences its
// writes to the async proxy and arrives on empty[s]; barrier; thread 0 bulk-copies the tile out
// and, once the copy out of the block's previous tile has read its stage, arrives for it too (one
// tile behind).
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "kernels/device/scan_lookahead.h"

namespace scanscope {
namespace device {
namespace lookahead_ptx {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__device__ __forceinline__ uint32_t smem(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

__device__ __forceinline__ void bar_init(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void bar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"r"(smem(bar)) : "memory");
}
__device__ __forceinline__ void bar_arrive_expect_tx(uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(smem(bar)), "r"(bytes) : "memory");
}
// Waits until the phase of `bar` with this parity has completed.
__device__ __forceinline__ void bar_wait(uint64_t* bar, unsigned parity) {
  uint32_t done = 0;
  do {
    asm volatile(
        "{\n .reg .pred p;\n mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
        : "=r"(done)
        : "r"(smem(bar)), "r"(parity)
        : "memory");
  } while (!done);
}
// Global -> shared, completing `bytes` of transactions on bar (16-byte aligned, a multiple of 16).
__device__ __forceinline__ void bulk_load(void* dst, const void* src, unsigned bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem(dst)), "l"(src), "r"(bytes),
               "r"(smem(bar))
               : "memory");
}
// Shared -> global, in the issuing thread's current bulk group.
__device__ __forceinline__ void bulk_store(void* dst, const void* src, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(smem(src)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
// Until at most N of this thread's bulk groups are still reading shared memory.
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
}
__device__ __forceinline__ void bulk_wait_all() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
// This thread's shared-memory writes before later bulk copies (the async proxy) read them.
__device__ __forceinline__ void fence_to_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void named_sync(int id, int threads) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory"); }
__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
#endif

}  // namespace lookahead_ptx

// Words each lookahead lane has in flight at once (32 x kLookaheadBatch aggregates per round).
constexpr int kLookaheadBatch = 16;

template <class Shape>
constexpr int lookahead_min_blocks() {
  const int by_smem = (227 * 1024) / (Shape::kSmemBytes + 1024);
  const int by_threads = 2048 / Shape::kThreads;
  const int m = by_smem < by_threads ? by_smem : by_threads;
  return m < 1 ? 1 : m;
}

// ---- Pieces the lookahead kernels share (this scan's, and the compaction's: compact_lookahead.cuh).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// Thread 0: the ring's four mbarriers per stage (full, pref, empty, reduced; see above).
__device__ __forceinline__ void lookahead_init_barriers(uint64_t* full, uint64_t* pref, uint64_t* empty, uint64_t* reduced, int stages, int compute) {
  using namespace lookahead_ptx;
  for (int s = 0; s < stages; ++s) {
    bar_init(&full[s], 1);
    bar_init(&pref[s], 1);
    bar_init(&empty[s], compute + 1);  // each compute thread, and thread 0 when the copy out has read the stage
    bar_init(&reduced[s], kWarpSize);  // every lane of the reduce warp arrives after its own reads
  }
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  fence_to_async();
}

// The lookahead warp's sum of the aggregates of tiles [lookahead_window_lo(t, G), t), waiting for
// each to carry this call's tag, reduced over the warp (every lane gets it).
// BATCH words per lane in flight at once (32 x BATCH aggregates per round).
template <class Op, class T, int BATCH = kLookaheadBatch>
__device__ __forceinline__ T lookahead_window_sum(const unsigned long long* status, long long t, int G, int lane, unsigned tag) {
  using namespace lookahead_ptx;
  const T identity = Op::template identity<T>();
  T sum = identity;
  for (long long j0 = lookahead_window_lo(t, G); j0 < t; j0 += kWarpSize * BATCH) {
    unsigned long long w[BATCH];
#pragma unroll
    for (int q = 0; q < BATCH; ++q) {
      const long long j = j0 + q * kWarpSize + lane;
      w[q] = j < t ? load_relaxed(status + j) : lookahead_word(tag, identity);
    }
#pragma unroll
    for (int q = 0; q < BATCH; ++q) {
      const long long j = j0 + q * kWarpSize + lane;
      while (!lookahead_ready(w[q], tag)) w[q] = load_relaxed(status + j);
      sum = Op::apply(sum, lookahead_value<T>(w[q]));
    }
  }
  for (int o = kWarpSize / 2; o > 0; o >>= 1) sum = Op::apply(sum, __shfl_xor_sync(0xffffffffu, sum, o));
  return sum;
}

// Thread 0, after the block's last __syncthreads: the last block to finish bumps the epoch, so the
// next call's tag differs from this one's.
__device__ __forceinline__ void lookahead_finish(unsigned* control, int G) {
  __threadfence();
  const unsigned old = atomicInc(control + 1, static_cast<unsigned>(G - 1));
  if (old == static_cast<unsigned>(G - 1)) atomicAdd(control, 1u);
}
#endif

template <class Shape, class Op, class T>
__global__ void __launch_bounds__(Shape::kThreads, lookahead_min_blocks<Shape>()) lookahead_scan_kernel(LookaheadArgs<T> a) {
  static_assert(sizeof(T) == 4, "4-byte values: the tile and bulk-copy sizes count 4 bytes each");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using namespace lookahead_ptx;
  constexpr int W = Shape::kComputeWarps, ITEMS = Shape::kItems, S = Shape::kStages, TILE = Shape::kTile;
  constexpr int kCompute = Shape::kComputeThreads;
  extern __shared__ __align__(128) unsigned char lookahead_arena[];
  T* ring = reinterpret_cast<T*>(lookahead_arena);
  uint64_t* full = reinterpret_cast<uint64_t*>(lookahead_arena + S * TILE * 4);
  uint64_t* pref = full + S;
  uint64_t* empty = pref + S;
  uint64_t* reduced = empty + S;
  T* slot = reinterpret_cast<T*>(reduced + S);
  T* warp_total = slot + S;

  const T identity = Op::template identity<T>();
  const int G = static_cast<int>(gridDim.x), b = static_cast<int>(blockIdx.x);
  const int warp = static_cast<int>(threadIdx.x) / kWarpSize, lane = static_cast<int>(threadIdx.x) % kWarpSize;
  const long long tiles = (a.n + TILE - 1) / TILE;
  const long long iterations = (tiles - b + G - 1) / G;
  const unsigned tag = lookahead_tag(*static_cast<volatile unsigned*>(a.ws.control));

  if (threadIdx.x == 0) lookahead_init_barriers(full, pref, empty, reduced, S, kCompute);
  __syncthreads();

  if (warp == W) {
    // ---- Producer: lane 0 bulk-copies the block's tiles into the ring, in order.
    if (lane == 0) {
      for (long long i = 0; i < iterations; ++i) {
        const int s = static_cast<int>(i % S);
        const unsigned ph = static_cast<unsigned>(i / S) & 1u;
        if (i >= S) bar_wait(&empty[s], ph ^ 1u);
        const long long t = b + i * G;
        const long long count = lookahead_tile_count(t, a.n, TILE), bulk = lookahead_bulk_count(count);
        T* dst = ring + s * TILE;
        const T* src = a.in + t * TILE;
        for (long long k = bulk; k < count; ++k) dst[k] = src[k];  // the array's last 1 to 3 elements
        bar_arrive_expect_tx(&full[s], static_cast<unsigned>(bulk * 4));
        if (bulk > 0) bulk_load(dst, src, static_cast<unsigned>(bulk * 4), &full[s]);
      }
    }
  } else if (warp == W + 1) {
    // ---- Lookahead: excl(t) = excl(t - G) + agg(t - G) + ... + agg(t - 1), kept in `running`.
    T running = identity;
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      if (i >= S) bar_wait(&empty[s], ph ^ 1u);  // slot[s] read by the tile S before
      const long long t = b + i * G;
      running = Op::apply(running, lookahead_window_sum<Op, T>(a.ws.status, t, G, lane, tag));
      if (lane == 0) {
        slot[s] = running;
        bar_arrive(&pref[s]);
      }
      __syncwarp();
    }
  } else if (warp == W + 2) {
    // ---- Reduce: each tile's aggregate, published as soon as the tile has landed (it depends on
    // nothing else), 16-byte shared reads (a warp reads 512 consecutive bytes: no conflicts).
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      const long long t = b + i * G;
      const long long count = lookahead_tile_count(t, a.n, TILE);
      const T* tile = ring + s * TILE;
      bar_wait(&full[s], ph);
      T sum = identity;
      if (count == TILE) {
        const Vec4<T>* v4 = reinterpret_cast<const Vec4<T>*>(tile);
#pragma unroll 6
        for (int c = lane; c < TILE / 4; c += kWarpSize) {
          const Vec4<T> q = v4[c];
          sum = Op::apply(sum, Op::apply(Op::apply(q.x, q.y), Op::apply(q.z, q.w)));
        }
      } else {
        for (int k = lane; k < count; k += kWarpSize) sum = Op::apply(sum, tile[k]);
      }
      for (int o = kWarpSize / 2; o > 0; o >>= 1) sum = Op::apply(sum, __shfl_xor_sync(0xffffffffu, sum, o));
      if (lane == 0) store_relaxed(a.ws.status + t, lookahead_word(tag, sum));
      bar_arrive(&reduced[s]);  // each lane, after its reads: the compute warps may overwrite the stage
      __syncwarp();
    }
  } else {
    // ---- Compute warps.
    const int tid = static_cast<int>(threadIdx.x);
    int held = -1;  // thread 0: the stage whose copy out is still reading shared memory
    for (long long i = 0; i < iterations; ++i) {
      const int s = static_cast<int>(i % S);
      const unsigned ph = static_cast<unsigned>(i / S) & 1u;
      const long long t = b + i * G;
      const long long count = lookahead_tile_count(t, a.n, TILE);
      T* tile = ring + s * TILE;
      const int first = tid * ITEMS;
      T v[ITEMS];
      bar_wait(&full[s], ph);
      if (count == TILE) {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) v[k] = tile[first + k];
      } else {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) v[k] = first + k < count ? tile[first + k] : identity;
      }
#pragma unroll
      for (int k = 1; k < ITEMS; ++k) v[k] = Op::apply(v[k - 1], v[k]);
      T x = v[ITEMS - 1];
#pragma unroll
      for (int o = 1; o < kWarpSize; o <<= 1) {
        const T y = __shfl_up_sync(0xffffffffu, x, o);
        if (lane >= o) x = Op::apply(y, x);
      }
      T lane_before = __shfl_up_sync(0xffffffffu, x, 1);
      if (lane == 0) lane_before = identity;
      if (lane == kWarpSize - 1) warp_total[warp] = x;
      __syncwarp();
      named_sync(1, kCompute);  // warp totals
      T before = identity;
#pragma unroll
      for (int w2 = 0; w2 < W; ++w2)
        if (w2 < warp) before = Op::apply(before, warp_total[w2]);
      bar_wait(&pref[s], ph);
      bar_wait(&reduced[s], ph);  // the reduce warp has read the tile: it may be overwritten
      const T base = Op::apply(Op::apply(slot[s], before), lane_before);
      if (a.inclusive) {
#pragma unroll
        for (int k = 0; k < ITEMS; ++k) tile[first + k] = Op::apply(base, v[k]);
      } else {
        tile[first] = base;
#pragma unroll
        for (int k = 1; k < ITEMS; ++k) tile[first + k] = Op::apply(base, v[k - 1]);
      }
      fence_to_async();
      bar_arrive(&empty[s]);  // this thread is done with stage s: its writes, its reads of slot[s]
      __syncwarp();
      named_sync(1, kCompute);  // scanned tile in shared memory; warp totals and slot read
      if (tid == 0) {
        const long long bulk = lookahead_bulk_count(count);
        T* dst = a.out + t * TILE;
        if (bulk > 0) bulk_store(dst, tile, static_cast<unsigned>(bulk * 4));
        for (long long k = bulk; k < count; ++k) dst[k] = tile[k];
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
  __trap();  // built for an architecture without bulk copies (e.g. JIT from older PTX): fail, never skip
#else
  (void)a;
#endif
}

// Whether this device runs the lookahead kernel (bulk copies and mbarrier waits need sm_90).
inline bool lookahead_device_ok() {
  static const bool ok = [] {
    int dev = 0, major = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    return major >= 9;
  }();
  return ok;
}

// The pointers the bulk copies take: 16-byte aligned.
template <class T>
bool lookahead_aligned(const T* in, const T* out) {
  return (reinterpret_cast<uintptr_t>(in) % 16) == 0 && (reinterpret_cast<uintptr_t>(out) % 16) == 0;
}

// The persistent grid's size: blocks of `kernel` resident at once on the device (its dynamic
// shared memory opted in first).
template <class Kernel>
int lookahead_resident_blocks(Kernel kernel, int threads, int smem_bytes, const std::string& name) {
  auto check = [&](cudaError_t e, const char* what) {
    if (e != cudaSuccess) throw std::runtime_error(name + ": " + what + ": " + cudaGetErrorString(e));
  };
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes), "shared-memory size");
  int dev = 0, sms = 0, per_sm = 0;
  check(cudaGetDevice(&dev), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "SM count");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem_bytes), "occupancy");
  if (per_sm < 1) throw std::runtime_error(name + ": no block fits on an SM");
  return sms * per_sm;
}

// One launch over the persistent grid: as many blocks as fit on the device at once (all resident,
// which the lookahead's waits need), at most one per tile.
template <class Shape, class Op, class T>
void launch_lookahead_kernel(const LookaheadArgs<T>& a, cudaStream_t stream, const std::string& name) {
  if (a.n <= 0) return;
  if (!lookahead_device_ok()) throw std::runtime_error(name + ": the lookahead scan needs an sm_90 GPU (bulk copies, mbarriers)");
  if (!lookahead_aligned(a.in, a.out)) throw std::runtime_error(name + ": the lookahead scan needs 16-byte aligned input and output");
  auto kernel = lookahead_scan_kernel<Shape, Op, T>;
  static const int resident = lookahead_resident_blocks(kernel, Shape::kThreads, Shape::kSmemBytes, name);
  const long long tiles = ceil_div(a.n, Shape::kTile);
  const int grid = static_cast<int>(tiles < resident ? tiles : resident);
  kernel<<<grid, Shape::kThreads, Shape::kSmemBytes, stream>>>(a);
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) throw std::runtime_error(name + ": launch of the lookahead scan (" + std::to_string(grid) + " blocks): " + cudaGetErrorString(e));
}

}  // namespace device
}  // namespace scanscope
