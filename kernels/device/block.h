// The "block" interface every single-block kernel is written against, and the pieces both
// implementations share: Shared<T> (recorded shared-memory array), kernel parameters, padding.
//
// A kernel is a function template over Block. Block is CudaBlock<Recorder> on the GPU
// (cuda_block.cuh) and EmulatedBlock on the CPU (emulated_block.h):
//   b.threads(f)       runs f(tid) for every thread: once per thread on the GPU, a loop on the CPU;
//   b.sync(phase, ...) __syncthreads(); closes a step of the trace;
//   b.warp_sync(...)   __syncwarp() in the timed kernel; closes a step (one warp-synchronous round);
//   b.end(...)         nothing in the timed kernel; closes the last step of a traced run;
//   b.regs<T>()        a per-thread register (a plain variable on the GPU, one slot per thread on the CPU);
//   b.shared<T>(n)     n words of shared memory, carved from one arena so word numbers are bank-exact;
//   b.shfl_down/up     one shuffle round of every warp for which a predicate holds.
// Between two barriers threads of a correct kernel do not talk to each other, which is what lets
// the emulator run a phase thread by thread and still produce the GPU's trace.
#pragma once

#include <cstdint>

#include "engine/hd.h"
#include "engine/vocab.h"

namespace scanscope {


// Everything a single-block kernel needs to know besides its data.
struct KernelParams {
  int n = 0;           // logical number of elements
  int m = 0;           // elements the tree works on (n rounded up as the kernel needs; padded with identity)
  int threads = 0;     // threads in the block
  int log_banks = 5;   // padding formulas use NUM_BANKS = 1 << log_banks (16 for G80, 32 today)
  Pad pad = Pad::None;
  bool inclusive = false;
  int smem_words = 0;  // shared memory the kernel carves, in 4-byte words
  int bits = 0;        // app-radix-sort: how many key bits to sort by
};

// The padding of the scan paper (Listing 3), in its corrected form. The printed
// ZERO_BANK_CONFLICTS macro reads ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)): '+' binds
// tighter than '>>', and NUM_BANKS stands where LOG_NUM_BANKS is meant. What was intended is
// n/NUM_BANKS + n/NUM_BANKS^2, which is what Pad::Zero computes.
SS_HD int conflict_free_offset(int index, Pad pad, int log_banks) {
  if (pad == Pad::None) return 0;
  if (pad == Pad::Harris) return index >> log_banks;
  return (index >> log_banks) + (index >> (2 * log_banks));
}

// Bit pattern of a 4-byte value, for recording.
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

// A shared-memory array whose every load and store goes through the Recorder. With the
// NullRecorder of the timed kernel, load/store are plain array accesses, made through a volatile
// pointer so that each source-level access is exactly one 4-byte shared-memory instruction: left
// alone, nvcc may fuse temp[2*thid] and temp[2*thid+1] into one 8-byte access, which follows
// other bank rules than the 4-byte model the picture (and its Nsight Compute check) uses.
template <class T, class Rec>
struct Shared {
  T* data;
  int base_word;  // word number of data[0] in the block's shared memory
  Rec* rec;
  SS_HD T load(int tid, int site, int i) const {
    T v = static_cast<volatile T*>(data)[i];
    rec->record(tid, site, kLoad, base_word + i, bits_of(v));
    return v;
  }
  SS_HD void store(int tid, int site, int i, T v) const {
    static_cast<volatile T*>(data)[i] = v;
    rec->record(tid, site, kStore, base_word + i, bits_of(v));
  }
};

// Shuffle predicates: which warps execute a shuffle round (must be uniform within a warp).
struct AllWarps {
  SS_HD bool operator()(int) const { return true; }
};
struct FirstWarp {
  SS_HD bool operator()(int warp) const { return warp == 0; }
};

SS_HD int next_pow2(int x) {
  int p = 1;
  while (p < x) p <<= 1;
  return p;
}

}  // namespace scanscope
