// The "block" interface the device-wide strategies' block programs are written against, and what
// both implementations share. A block program is a function template over Block: CudaBlock on the
// GPU (cuda_block.cuh), EmulatedBlock on the CPU (emulated_block.h).
//   b.threads(f)       runs f(tid) for every thread: once per thread on the GPU, a loop on the CPU;
//   b.sync()           __syncthreads();
//   b.warp_sync()      __syncwarp() (one warp-synchronous round);
//   b.regs<T>()        a per-thread register (a plain variable on the GPU, one slot per thread on the CPU);
//   b.shared<T>(n)     n words of shared memory, carved from one arena;
//   b.shfl_down/up     one shuffle round of every warp for which a predicate holds.
// Between two barriers threads of a correct block program do not talk to each other, which is what
// lets the emulator run a phase thread by thread and still compute what the GPU computes.
// (The teaching kernels are not written this way: they are CUDA files, kernels/*/, run by the
// interpreter and compiled by nvcc; TeachingKernel in grid.h.)
#pragma once

#include <cstdint>

#include "engine/hd.h"
#include "engine/vocab.h"  // kWarpSize

namespace scanscope {

// Bit pattern of a 4-byte value.
SS_HD uint32_t bits_of(int v) { return static_cast<uint32_t>(v); }
SS_HD uint32_t bits_of(float v) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(v);
#else
  uint32_t u;
  __builtin_memcpy(&u, &v, 4);
  return u;
#endif
}

// A shared-memory array. Every load and store goes through a volatile pointer, so that each one
// is exactly one 4-byte shared-memory instruction where the block program says so (the tuned
// strategies' SASS was measured that way; WarpStage spells out its 16-byte accesses).
template <class T>
struct Shared {
  T* data;
  SS_HD T load(int i) const { return static_cast<volatile T*>(data)[i]; }
  SS_HD void store(int i, T v) const { static_cast<volatile T*>(data)[i] = v; }
};

// Shuffle predicates: which warps execute a shuffle round (must be uniform within a warp).
struct AllWarps {
  SS_HD bool operator()(int) const { return true; }
};
struct FirstWarp {
  SS_HD bool operator()(int warp) const { return warp == 0; }
};

}  // namespace scanscope
