// Device-wide reductions: the strategies of the reduction problem, Demouth's slides and Oancea and
// Henriksen's notes, and our fastest: block programs written against the Block interface (their
// shared steps in block_steps.h), then each strategy's launch sequence. The registry (strategies.h) names them.
// Where a strategy's launch is a teaching kernel as written (reduce-block's levels, the second
// pass of reduce-chunked, reduce-two-pass and reduce-warp-shuffle), it launches that kernel file
// (TeachingKernel, grid.h): kernels/reduce/reduce-sequential.cu, kernels/reduce/reduce-warp-shuffle.cu.
#pragma once

#include "kernels/device/block_steps.h"
#include "engine/ops.h"

namespace scanscope {
namespace device {

template <class T>
struct ReduceArgs {
  const T* in;
  T* out;
  long long n;
  long long chunk;  // reduce-chunked: elements per thread
  unsigned* counter;  // reduce-best: blocks done
  T* partials;        // reduce-best: one per block
};

// ---- reduce-tree (Oancea & Henriksen "binary tree reduction"): one launch per level, each thread
// adds two neighbours, halving the array.
struct ReduceTreeLevel {
  static constexpr int kMaxThreads = 256, kMinBlocks = 1;
  static constexpr long long kFactor = 2;  // len elements become ceil(len / kFactor)
  // One level (ReduceByLaunches): next = ceil(len / 2) threads, 256 a block.
  template <class Op, class T, class Exec>
  static void launch(Exec& ex, const T* src, T* dst, long long len, long long next) {
    ex.template launch<ReduceTreeLevel, Op>(static_cast<int>(ceil_div(next, 256)), 256, 0, ReduceArgs<T>{src, dst, len, 0, nullptr, nullptr},
                                            "reduce-tree level");
  }
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    b.threads([&](int tid) {
      long long i = static_cast<long long>(g.block) * b.num_threads() + tid;
      if (2 * i < a.n) a.out[i] = 2 * i + 1 < a.n ? Op::apply(a.in[2 * i], a.in[2 * i + 1]) : a.in[2 * i];
    });
  }
};

// ---- reduce-block: shrink by the block size per launch; every level is the teaching kernel
// reduce-sequential (the reduction problem's reduce_sum) over a grid of 256-thread blocks, one
// element a thread, block b writing its sum to out[b].
struct ReduceBlockLevel {
  static constexpr long long kFactor = 256;
  template <class Op, class T, class Exec>
  static void launch(Exec& ex, const T* src, T* dst, long long len, long long next) {
    ex.launch_teaching(TeachingLaunch{TeachingKernel::ReduceSequential, static_cast<int>(next), 256, 256 * static_cast<long long>(sizeof(T)), src, len,
                                      dst, next, static_cast<int>(len)},
                       "reduce-block level (reduce-sequential)");
  }
};

// ---- reduce-chunked (Brent's lemma): a fixed grid; each thread sums `chunk` consecutive
// elements (uncoalesced: neighbouring lanes read addresses `chunk` apart), then the block tree.
struct ReduceChunkedStage {
  static constexpr int kMaxThreads = 256, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    const int threads = b.num_threads();
    auto chunk_sum = [&](int tid) {
      long long start = (static_cast<long long>(g.block) * threads + tid) * a.chunk;
      T sum = Op::template identity<T>();
      for (long long i = start; i < start + a.chunk && i < a.n; ++i) sum = Op::apply(sum, a.in[i]);
      return sum;
    };
    block_reduce_tree<Op, T>(b, chunk_sum, [&](T total) { a.out[g.block] = total; });
  }
};

// ---- reduce-two-pass (the reduction problem, Demouth's slides): grid-stride loop (coalesced),
// the sequential tree, one partial per block; the second pass is the teaching kernel
// reduce-sequential over the partials.
struct ReduceGridStrideStage {
  static constexpr int kMaxThreads = 256, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    const int threads = b.num_threads();
    auto grid_stride_sum = [&](int tid) {
      const long long stride = static_cast<long long>(g.blocks) * threads;
      return thread_strided_sum<Op>(a.in, static_cast<long long>(g.block) * threads + tid, a.n, stride);
    };
    block_reduce_tree<Op, T>(b, grid_stride_sum, [&](T total) { a.out[g.block] = total; });
  }
};

// The single-block finish of the two-stage strategies: one block of 1024 threads of a teaching
// kernel file (reduce-sequential or reduce-warp-shuffle) over the block partials.
template <class T, class Exec>
void finish_with(Exec& ex, TeachingKernel k, const T* partials, int count, T* out, const char* name) {
  const long long smem_words = k == TeachingKernel::ReduceWarpShuffle ? 1024 / kWarpSize : 1024;  // one word a warp, or a thread
  ex.launch_teaching(TeachingLaunch{k, 1, 1024, smem_words * static_cast<long long>(sizeof(T)), partials, count, out, 1, count}, name);
}

// ---- reduce-atomic: every thread reads one element and atomicAdd()s it to the result.
struct ReduceAtomicStage {
  static constexpr int kMaxThreads = 256, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    b.threads([&](int tid) {
      long long i = static_cast<long long>(g.block) * b.num_threads() + tid;
      if (i < a.n) atomic_add(a.out, a.in[i]);
    });
  }
};

// ---- reduce-warp-shuffle: 16-byte loads, grid-stride, shuffles; the second pass is the teaching
// kernel reduce-warp-shuffle over the block partials.
struct ReduceShuffleStage {
  static constexpr int kMaxThreads = 256, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    auto sdata = b.template shared<T>(kWarpSize);
    auto val = b.template regs<T>();
    auto other = b.template regs<T>();
    b.threads([&](int tid) { val[tid] = thread_sum_vec4<Op, T, 1>(a.in, a.n, tid, b.num_threads(), g); });
    block_reduce_shuffle<Op, T>(b, val, other, sdata);
    b.threads([&](int tid) {
      if (tid == 0) a.out[g.block] = val[tid];
    });
  }
};

// ---- reduce-best: one launch. 16-byte loads, 4 in flight per thread, a persistent grid,
// shuffles; each block publishes its partial and the last block to finish (a counter of blocks
// done, after a fence) reduces the partials and resets the counter for the next call. Up to
// 2^14 elements one block does it all (see ReduceBest): a block of 1024 threads measured about
// 0.5 us slower than one of 512 at n = 2^10, so the block is the smallest that needs one round.
template <int THREADS>
struct ReduceBestStageT {
  static constexpr int kThreads = THREADS, kUnroll = 4;
  static constexpr int kMaxThreads = kThreads, kMinBlocks = 2048 / kThreads;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const ReduceArgs<T>& a) {
    auto sdata = b.template shared<T>(kWarpSize + 1);
    auto last = view_as<int>(sdata, kWarpSize);
    auto val = b.template regs<T>();
    auto other = b.template regs<T>();
    b.threads([&](int tid) { val[tid] = thread_sum_vec4<Op, T, kUnroll>(a.in, a.n, tid, b.num_threads(), g); });
    block_reduce_shuffle<Op, T>(b, val, other, sdata);
    if (g.blocks == 1) {
      b.threads([&](int tid) {
        if (tid == 0) *a.out = val[tid];
      });
      return;
    }
    b.threads([&](int tid) {
      if (tid == 0) {
        a.partials[g.block] = val[tid];
        thread_fence();  // the partial is visible before the count says so
        last.store(0, atomic_inc(a.counter) == static_cast<unsigned>(g.blocks - 1) ? 1 : 0);
      }
    });
    b.sync();  // count blocks done
    bool is_last = false;
    b.threads([&](int tid) {
      if (tid == 0) is_last = last.load(0) != 0;
    });
#if defined(__CUDA_ARCH__)
    is_last = __syncthreads_or(is_last);
#endif
    if (!is_last) return;
    b.threads([&](int tid) {
      T sum = Op::template identity<T>();
      for (int i = tid; i < g.blocks; i += b.num_threads()) sum = Op::apply(sum, load_coherent(a.partials + i));
      val[tid] = sum;
    });
    b.sync();  // partials loaded; warp totals of the first round were read
    block_reduce_shuffle<Op, T>(b, val, other, sdata);
    b.threads([&](int tid) {
      if (tid == 0) {
        *a.out = val[tid];
        *a.counter = 0;
      }
    });
  }
};

// reduce-best's path up to 4096 elements, one tile (and x-reduce-tile-nc, x-reduce-tile-shfl):
// thread_sum_tile (no grid-stride loop, 32-bit index math; NC: non-coherent loads), then the
// block's sum. REDUX (int sums on the GPU): each warp's sum in one __reduce_add_sync (REDUX)
// instead of five shuffle rounds, twice (the threads, then the warp totals). Otherwise, and on
// the CPU, block_reduce_shuffle.
template <int THREADS, bool NC, bool REDUX = true>
struct ReduceTileT {
  static constexpr int kThreads = THREADS, kUnroll = 4;
  static constexpr int kMaxThreads = kThreads, kMinBlocks = 1;
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx, const ReduceArgs<T>& a) {
    auto sdata = b.template shared<T>(kWarpSize + 1);
    auto val = b.template regs<T>();
    auto other = b.template regs<T>();
#if defined(__CUDA_ARCH__)
    if constexpr (REDUX && std::is_same<T, int>::value && std::is_same<Op, OpSum>::value) {
      b.threads([&](int tid) {
        const int w = __reduce_add_sync(0xffffffffu, thread_sum_tile<Op, T, kUnroll, NC>(a.in, static_cast<int>(a.n), tid, kThreads));
        if (tid % kWarpSize == 0) sdata.store(tid / kWarpSize, w);
        __syncthreads();
        if (tid < kWarpSize) {
          const int total = __reduce_add_sync(0xffffffffu, tid < kThreads / kWarpSize ? sdata.load(tid) : 0);
          if (tid == 0) *a.out = total;
        }
      });
      return;
    }
#endif
    b.threads([&](int tid) { val[tid] = thread_sum_tile<Op, T, kUnroll, NC>(a.in, static_cast<int>(a.n), tid, b.num_threads()); });
    block_reduce_shuffle<Op, T>(b, val, other, sdata);
    b.threads([&](int tid) {
      if (tid == 0) *a.out = val[tid];
    });
  }
};

using ReduceBestStage = ReduceBestStageT<512>;
using ReduceBestSmall = ReduceBestStageT<256>;
using ReduceBestLarge = ReduceBestStageT<1024>;

// ---- The launch sequences (RunArgs, grid.h): r.out receives one value; r.ws is carved in a
// fixed order. The registry (strategies.h) names each one.

// reduce-tree and reduce-block: launches of Level, each shrinking len elements to
// ceil(len / Level::kFactor), between two workspace buffers; the last launch writes r.out.
template <class Level>
struct ReduceByLaunches : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    constexpr long long F = Level::kFactor;
    T* buf[2] = {r.ws.template take<T>(ceil_div(r.n, F)), r.ws.template take<T>(ceil_div(r.n, F * F) + 1)};
    const T* src = r.in;
    long long len = r.n;
    int k = 0;
    do {
      long long next = ceil_div(len, F);
      T* dst = next == 1 ? r.out : buf[k];
      Level::template launch<Op>(ex, src, dst, len, next);
      src = dst;
      len = next;
      k ^= 1;
    } while (len > 1);
  }
};
// reduce-tree: ceil(log2 n) launches, each halving.
using ReduceTree = ReduceByLaunches<ReduceTreeLevel>;
// reduce-block: 256 elements become one per launch (10^7 -> 39063 -> 153 -> 1).
using ReduceBlock = ReduceByLaunches<ReduceBlockLevel>;

constexpr int kStageBlocks = 1024;  // fixed grid of the two-stage strategies (<= one finishing block)

// reduce-chunked: a fixed grid of chunk sums, then the teaching kernel reduce-sequential over the partials.
struct ReduceChunked : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    const int blocks = static_cast<int>(ceil_div(r.n, 256) < kStageBlocks ? ceil_div(r.n, 256) : kStageBlocks);
    T* partials = r.ws.template take<T>(blocks);
    const long long chunk = ceil_div(r.n, static_cast<long long>(blocks) * 256);
    ex.template launch<ReduceChunkedStage, Op>(blocks, 256, 256, ReduceArgs<T>{r.in, partials, r.n, chunk, nullptr, nullptr}, "reduce-chunked stage 1");
    finish_with(ex, TeachingKernel::ReduceSequential, partials, blocks, r.out, "reduce-chunked stage 2 (reduce-sequential)");
  }
};

// reduce-two-pass: a fixed grid of grid-stride sums, then the teaching kernel reduce-sequential.
struct ReduceTwoPass : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    const int blocks = static_cast<int>(ceil_div(r.n, 256) < kStageBlocks ? ceil_div(r.n, 256) : kStageBlocks);
    T* partials = r.ws.template take<T>(blocks);
    ex.template launch<ReduceGridStrideStage, Op>(blocks, 256, 256, ReduceArgs<T>{r.in, partials, r.n, 0, nullptr, nullptr}, "reduce-two-pass stage 1");
    finish_with(ex, TeachingKernel::ReduceSequential, partials, blocks, r.out, "reduce-two-pass stage 2 (reduce-sequential)");
  }
};

// reduce-atomic: one launch; the result starts at zero.
struct ReduceAtomic : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    ex.memset_zero(r.out, sizeof(T));
    ex.template launch<ReduceAtomicStage, Op>(static_cast<int>(ceil_div(r.n, 256)), 256, 0, ReduceArgs<T>{r.in, r.out, r.n, 0, nullptr, nullptr}, "reduce-atomic");
  }
};

// reduce-warp-shuffle: 16-byte grid-stride sums and shuffles, then the teaching kernel
// reduce-warp-shuffle over the partials.
struct ReduceWarpShuffle : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    long long want = ceil_div(r.n, 4 * 256);
    const int blocks = static_cast<int>(want < kStageBlocks ? (want > 0 ? want : 1) : kStageBlocks);
    T* partials = r.ws.template take<T>(blocks);
    ex.template launch<ReduceShuffleStage, Op>(blocks, 256, kWarpSize, ReduceArgs<T>{r.in, partials, r.n, 0, nullptr, nullptr}, "reduce-warp-shuffle stage 1");
    finish_with(ex, TeachingKernel::ReduceWarpShuffle, partials, blocks, r.out, "reduce-warp-shuffle stage 2 (reduce-warp-shuffle)");
  }
};

// reduce-best. r.max_blocks: how many blocks the device keeps resident (SMs x blocks per SM); the
// CPU passes a small number so the multi-block path runs in tests.
// TILE_NC: 0 = the block program above for the one-block sizes too (x-reduce-best-loop, the
// reduce-best before 2026-11-24); 1 = ReduceTileT up to 4096 elements (reduce-best); 2 =
// ReduceTileT with non-coherent loads (x-reduce-tile-nc); 3 = ReduceTileT with shuffles only
// (x-reduce-tile-shfl).
template <int TILE_NC = 0>
struct ReduceBestT : ReduceSequence {
  template <class Op, class T, class Exec>
  static void run(Exec& ex, const RunArgs<T>& r) {
    using S = ReduceBestStage;
    using Small = ReduceBestSmall;
    using Large = ReduceBestLarge;
    if constexpr (TILE_NC > 0) {
      using Tile = ReduceTileT<256, TILE_NC == 2, TILE_NC != 3>;
      if (r.n <= 4LL * Tile::kUnroll * Tile::kThreads) {
        r.ws.template take<unsigned>(1);
        r.ws.template take<T>(r.max_blocks);
        return ex.template launch<Tile, Op>(1, Tile::kThreads, kWarpSize + 1, ReduceArgs<T>{r.in, r.out, r.n, 0, nullptr, nullptr},
                                            "reduce-best (one tile of 256)");
      }
    }
    unsigned* counter = r.ws.template take<unsigned>(1);  // zeroed once when the workspace is made
    T* partials = r.ws.template take<T>(r.max_blocks);
    // Small n: one block, no partials, no counter; the fewest threads whose 4 x 16-byte loads
    // each cover n in one memory round trip.
    const long long n = r.n;
    const ReduceArgs<T> one{r.in, r.out, n, 0, nullptr, nullptr};
    if (n <= 4LL * Small::kUnroll * Small::kThreads) return ex.template launch<Small, Op>(1, Small::kThreads, kWarpSize + 1, one, "reduce-best (one block of 256)");
    if (n <= 4LL * S::kUnroll * S::kThreads) return ex.template launch<S, Op>(1, S::kThreads, kWarpSize + 1, one, "reduce-best (one block of 512)");
    if (n <= 4LL * Large::kUnroll * Large::kThreads) return ex.template launch<Large, Op>(1, Large::kThreads, kWarpSize + 1, one, "reduce-best (one block of 1024)");
    long long want = ceil_div(n, 4LL * S::kUnroll * S::kThreads);
    const int blocks = static_cast<int>(want < r.max_blocks ? (want > 0 ? want : 1) : r.max_blocks);
    ex.template launch<S, Op>(blocks, S::kThreads, kWarpSize + 1, ReduceArgs<T>{r.in, r.out, n, 0, counter, partials}, "reduce-best");
  }
};
using ReduceBest = ReduceBestT<1>;  // the one-tile path: 4.1 us at 2^12 against 4.4 (H100, 2026-11-24)

}  // namespace device
}  // namespace scanscope
