// Single-block reductions: the progression of Harris's "Optimizing Parallel Reduction" as taught
// by seeds 000, 001 and 002. Every kernel has the same outline (load, reduce in shared memory,
// thread 0 writes) so that the difference between two of them is the lesson.
//
// Loading follows seed 001: each thread first accumulates a grid-stride chunk of the input in a
// register (thread t sums in[t], in[t+T], ...), then stores one partial to shared memory. With
// as many threads as elements this is the plain one-element-per-thread load.
#pragma once

#include "kernels/device/block.h"

namespace scanscope {

// Sites: the source lines that touch shared memory. Numbers are per kernel; the code view
// highlights the line that carries the SITE comment of the same name.
namespace reduce_site {
enum : int { load_store = 1, tree_a = 2, tree_b = 3, tree_st = 4, result = 5, warp_a = 6, warp_b = 7, warp_st = 8,
             shfl = 9, warp_total = 10, total_load = 11 };
}

// Each thread's grid-stride partial of in[0, n): seed 001's "temp_sum" loop.
template <class Op, class T>
SS_HD T thread_partial(const T* in, int n, int tid, int stride) {
  T sum = Op::template identity<T>();
  for (int i = tid; i < n; i += stride) sum = Op::apply(sum, in[i]);
  return sum;
}

// reduce-interleaved-divergent (Harris reduce0): tid % (2*s) picks the working threads, so
// every warp keeps a few busy lanes: divergence, and % is slow.
struct ReduceInterleavedDivergent {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load");
    for (int s = 1; s < p.threads; s *= 2) {
      b.threads([&](int tid) {
        if (tid % (2 * s) == 0) {
          T a = sdata.load(tid, reduce_site::tree_a, tid);      // SITE tree_a
          T c = sdata.load(tid, reduce_site::tree_b, tid + s);  // SITE tree_b
          sdata.store(tid, reduce_site::tree_st, tid, Op::apply(a, c));  // SITE tree_st
        }
      });
      b.sync(Phase::Reduce, "stride %d", s);
    }
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

// reduce-interleaved (Harris reduce1): contiguous threads work (index = 2*s*tid), no divergence
// until fewer than 32 threads remain, but the stride 2*s makes lanes collide in one bank.
struct ReduceInterleaved {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load");
    for (int s = 1; s < p.threads; s *= 2) {
      b.threads([&](int tid) {
        int index = 2 * s * tid;
        if (index < p.threads) {
          T a = sdata.load(tid, reduce_site::tree_a, index);      // SITE tree_a
          T c = sdata.load(tid, reduce_site::tree_b, index + s);  // SITE tree_b
          sdata.store(tid, reduce_site::tree_st, index, Op::apply(a, c));  // SITE tree_st
        }
      });
      b.sync(Phase::Reduce, "stride %d", s);
    }
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

// The sequential-addressing tree shared by reduce-sequential and reduce-first-add: stride halves
// (from `from`, normally half the block, down to just above `down_to`), thread tid combines
// sdata[tid] and sdata[tid + s]; consecutive lanes touch consecutive words.
template <class Op, class T, class Block, class S>
SS_HD void sequential_tree(Block& b, const S& sdata, int from, int down_to) {
  for (int s = from; s > down_to; s >>= 1) {
    b.threads([&](int tid) {
      if (tid < s) {
        T a = sdata.load(tid, reduce_site::tree_a, tid);      // SITE tree_a
        T c = sdata.load(tid, reduce_site::tree_b, tid + s);  // SITE tree_b
        sdata.store(tid, reduce_site::tree_st, tid, Op::apply(a, c));  // SITE tree_st
      }
    });
    b.sync(Phase::Reduce, "stride %d", s);
  }
}

// reduce-sequential (Harris reduce2; the kernel of seeds 000 and 001): sequential addressing,
// conflict-free, but half the threads idle from the first step.
struct ReduceSequential {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load");
    sequential_tree<Op, T>(b, sdata, p.threads / 2, 0);
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

// First add during load (Harris reduce3): each thread adds two elements T apart while loading,
// so half as many threads do the same tree.
template <class Op, class T>
SS_HD T thread_partial_pairs(const T* in, int n, int tid, int threads) {
  T sum = Op::template identity<T>();
  for (int i = tid; i < n; i += 2 * threads) {
    sum = Op::apply(sum, in[i]);
    if (i + threads < n) sum = Op::apply(sum, in[i + threads]);
  }
  return sum;
}

struct ReduceFirstAdd {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial_pairs<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load (first add)");
    sequential_tree<Op, T>(b, sdata, p.threads / 2, 0);
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

// reduce-unroll-warp (Harris reduce4): once 32 threads remain, no __syncthreads: the last warp
// finishes alone. Harris's version relied on lockstep warps and volatile; since Volta that is a
// race, so each round reads, __syncwarp()s, then writes.
struct ReduceUnrollWarp {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    auto v = b.template regs<T>();
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial_pairs<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load (first add)");
    sequential_tree<Op, T>(b, sdata, p.threads / 2, 32);
    for (int s = 32; s > 0; s >>= 1) {
      b.threads([&](int tid) {
        if (tid < 32) {
          T a = sdata.load(tid, reduce_site::warp_a, tid);      // SITE warp_a
          T c = sdata.load(tid, reduce_site::warp_b, tid + s);  // SITE warp_b
          v[tid] = Op::apply(a, c);
        }
      });
      b.warp_sync(Phase::Reduce, "last warp, stride %d: read", s);
      b.threads([&](int tid) {
        if (tid < 32) sdata.store(tid, reduce_site::warp_st, tid, v[tid]);  // SITE warp_st
      });
      b.warp_sync(Phase::Reduce, "last warp, stride %d: write", s);
    }
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

// reduce-warp-shuffle (seed 000, reduce_sum_warp_shuffle): each warp reduces its registers with
// __shfl_down_sync, lane 0 of each warp writes one partial, and the first warp reduces those.
template <class Op, class T, class Block, class R, class Pred>
SS_HD void warp_reduce(Block& b, R& val, R& other, Pred pred, const char* label) {
  for (int offset = kWarpSize / 2; offset > 0; offset >>= 1) {
    b.shfl_down(other, val, offset, reduce_site::shfl, pred);  // SITE shfl
    b.threads([&](int tid) {
      if (pred(tid / kWarpSize)) val[tid] = Op::apply(val[tid], other[tid]);
    });
    b.warp_sync(Phase::Shuffle, label, offset);
  }
}

struct ReduceWarpShuffle {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    const int warps = p.threads / kWarpSize;
    auto sdata = b.template shared<T>(warps);
    auto val = b.template regs<T>();
    auto other = b.template regs<T>();
    b.threads([&](int tid) { val[tid] = thread_partial<Op>(in, p.n, tid, p.threads); });
    warp_reduce<Op, T>(b, val, other, AllWarps(), "warp shuffle, offset %d");
    b.threads([&](int tid) {
      if (tid % kWarpSize == 0) sdata.store(tid, reduce_site::warp_total, tid / kWarpSize, val[tid]);  // SITE warp_total
    });
    b.sync(Phase::Combine, "warp totals to shared memory");
    b.threads([&](int tid) {
      val[tid] = tid < warps ? sdata.load(tid, reduce_site::total_load, tid % kWarpSize) : Op::template identity<T>();  // SITE total_load
    });
    warp_reduce<Op, T>(b, val, other, FirstWarp(), "first warp, offset %d");
    b.threads([&](int tid) {
      if (tid == 0) out[0] = val[tid];
    });
    b.end(Phase::Store, "write result");
  }
};

}  // namespace scanscope

namespace scanscope {

// reduce-missing-barrier: reduce-sequential with the __syncthreads() between its first two levels
// left out (the race lesson, seed 000's "common mistake"). Without the barrier each thread goes
// straight on to the next level: thread tid < T/4 reads sdata[tid + T/4], which thread tid + T/4
// writes in the first level, perhaps later. DELIBERATELY WRONG; racecheck flags it.
struct ReduceMissingBarrier {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    auto sdata = b.template shared<T>(p.threads);
    b.threads([&](int tid) {
      sdata.store(tid, reduce_site::load_store, tid, thread_partial<Op>(in, p.n, tid, p.threads));  // SITE load_store
    });
    b.sync(Phase::Load, "load");
    b.threads([&](int tid) {
      for (int s = p.threads / 2; s >= p.threads / 4; s >>= 1) {
        if (tid < s) {
          T a = sdata.load(tid, reduce_site::tree_a, tid);      // SITE tree_a
          T c = sdata.load(tid, reduce_site::tree_b, tid + s);  // SITE tree_b
          sdata.store(tid, reduce_site::tree_st, tid, Op::apply(a, c));  // SITE tree_st
        }
        // __syncthreads() missing here
      }
    });
    b.sync(Phase::Reduce, "strides %d and half: NO barrier", p.threads / 2);
    sequential_tree<Op, T>(b, sdata, p.threads / 8, 0);  // the rest of the tree, with its barriers
    b.threads([&](int tid) {
      if (tid == 0) out[0] = sdata.load(tid, reduce_site::result, 0);  // SITE result
    });
    b.end(Phase::Store, "write result");
  }
};

}  // namespace scanscope
