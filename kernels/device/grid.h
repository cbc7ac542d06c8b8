// Device-wide kernels as a host-side sequence of "grid programs": each launch runs one block
// program (written against the Block interface of block.h) over a grid of blocks. The sequence is
// written once, over an Exec policy: CudaExec (grid_exec.cuh) launches the real kernels,
// EmuExec (emu_exec.h) runs every block in order on the CPU with EmulatedBlock, and SizeExec only
// counts the workspace the sequence carves. Whatever runs between blocks of one launch (atomics,
// fences, flags of a look-back) goes through the small host/device helpers here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/device/block.h"

namespace scanscope {
namespace device {

#if defined(__CUDACC__)
#define SS_UNROLL _Pragma("unroll")
#else
#define SS_UNROLL
#endif

// Where a block sits in its grid (blockIdx.x, gridDim.x).
struct GridCtx {
  int block;
  int blocks;
};

// A fixed-size register array of one thread (b.regs<Items<T, N>>()).
template <class T, int N>
struct Items {
  T v[N];
  SS_HD Items() {}
  SS_HD explicit Items(int) {
    for (int i = 0; i < N; ++i) v[i] = T(0);
  }
  SS_HD T& operator[](int i) { return v[i]; }
  SS_HD const T& operator[](int i) const { return v[i]; }
};

// Four consecutive values loaded or stored as one 16-byte access (LDG.128 / STG.128).
template <class T>
struct alignas(16) Vec4 {
  T x, y, z, w;
};

template <class T>
SS_HD Vec4<T> load_vec4(const T* p) {
#if defined(__CUDA_ARCH__)
  return *reinterpret_cast<const Vec4<T>*>(__builtin_assume_aligned(p, 16));
#else
  return Vec4<T>{p[0], p[1], p[2], p[3]};
#endif
}

template <class T>
SS_HD void store_vec4(T* p, const Vec4<T>& v) {
#if defined(__CUDA_ARCH__)
  // Spelled out: inside the scan kernel nvcc split a plain 16-byte store into four STG.E.
  asm volatile("st.global.v4.b32 [%0], {%1, %2, %3, %4};" ::"l"(__cvta_generic_to_global(p)), "r"(bits_of(v.x)), "r"(bits_of(v.y)),
               "r"(bits_of(v.z)), "r"(bits_of(v.w))
               : "memory");
#else
  p[0] = v.x;
  p[1] = v.y;
  p[2] = v.z;
  p[3] = v.w;
#endif
}

// Cross-block helpers: the GPU's atomics and fences; on the CPU blocks run one after the other,
// so plain memory operations have the same effect.
template <class T>
SS_HD void atomic_add(T* p, T v) {
#if defined(__CUDA_ARCH__)
  atomicAdd(p, v);
#else
  *p += v;
#endif
}

SS_HD unsigned atomic_inc(unsigned* p) {  // returns the old value
#if defined(__CUDA_ARCH__)
  return atomicAdd(p, 1u);
#else
  return (*p)++;
#endif
}

SS_HD void thread_fence() {
#if defined(__CUDA_ARCH__)
  __threadfence();
#endif
}

// A value written by another block of the same launch: read past L1.
template <class T>
SS_HD T load_coherent(const T* p) {
#if defined(__CUDA_ARCH__)
  return *static_cast<const volatile T*>(p);
#else
  return *p;
#endif
}

// Workspace carved from one buffer in a fixed order; every piece 256-byte aligned. With a null
// base (SizeExec) it only counts.
struct Carve {
  char* base = nullptr;
  size_t used = 0;
  template <class T>
  T* take(long long count) {
    size_t at = (used + 255) & ~size_t(255);
    used = at + static_cast<size_t>(count > 0 ? count : 1) * sizeof(T);
    return base ? reinterpret_cast<T*>(base + at) : nullptr;
  }
};

// The teaching kernel files a device-wide sequence runs as one of its steps, as written: the
// reduction problem's two launches of reduce_sum (reduce-sequential.cu), the warp-shuffle
// reduction's second pass (reduce-warp-shuffle.cu), the scan paper's block scans (scan-blelloch.cu,
// a grid of them, with the corrected zero-conflict padding). nvcc compiles the very files for the GPU
// (teaching_kernels.cu); on the CPU the interpreter runs them (EmuExec). Sum only.
enum class TeachingKernel { ReduceSequential, ReduceWarpShuffle, ScanBlelloch };

struct TeachingKernelInfo {
  const char* id;       // the kernel file (its stem)
  const char* entry;    // its __global__ function
  const char* defines;  // the option macros the sequences run it with
  bool out_first;       // parameters (out, in, n) rather than (in, out, n)
};

#define SS_TEACHING_BLELLOCH_PAD 2  // scan-blelloch's PAD in the sequences: the corrected ZERO_BANK_CONFLICTS

inline const TeachingKernelInfo& teaching_kernel_info(TeachingKernel k) {
  static const TeachingKernelInfo table[] = {
      {"reduce-sequential", "reduce_sequential", "", false},
      {"reduce-warp-shuffle", "reduce_warp_shuffle", "", false},
      {"scan-blelloch", "prescan", "#define PAD 2\n", true},
  };
  static_assert(SS_TEACHING_BLELLOCH_PAD == 2, "the table's PAD of scan-blelloch follows SS_TEACHING_BLELLOCH_PAD");
  return table[static_cast<int>(k)];
}

// One launch of a teaching kernel: its grid, block, dynamic shared bytes and arrays (4-byte
// elements; counts for the interpreter's bounds checks).
struct TeachingLaunch {
  TeachingKernel kernel;
  int grid, block;
  long long smem_bytes;
  const void* in;
  long long in_count;
  void* out;
  long long out_count;
  int n;
};

// Counts the workspace of a sequence; launches nothing.
struct SizeExec {
  static constexpr bool counting = true;
  template <class Prog, class Op, class Args> void launch(int, int, int, const Args&, const char* = "") {}
  void launch_teaching(const TeachingLaunch&, const char* = "") {}
  void memset_zero(void*, size_t) {}
  template <class Shape, class Op, class Args> void launch_lookahead(const Args&, const char* = "") {}
  template <class T> bool can_lookahead(const T*, const T*) const { return true; }
  template <class Shape, class Args> void launch_compact_lookahead(const Args&, const char* = "") {}
};

// What a strategy's launch sequence computes: a reduction writes one value to out, a scan n.
enum class Family { Reduce, Scan };

// What every launch sequence takes besides its Exec: one signature, so the registry
// (strategies.h) runs any of them the same way.
template <class T>
struct RunArgs {
  const T* in;
  T* out;
  long long n;
  bool inclusive;    // scans: inclusive, else exclusive
  Carve& ws;         // the workspace, carved in a fixed order: zeroed when it is made, then left to
                     // one strategy (the single-pass scans' tags and reduce-best's counter expect to
                     // find what their own earlier calls left; the bench clears it between kernels)
  int max_blocks;    // reduce-best's persistent grid: resident blocks (a few on the CPU, so every path runs)
  const char* name;  // the strategy id, for launch errors
};

// A launch sequence is a struct with
//   template <class Op, class T, class Exec> static void run(Exec& ex, const RunArgs<T>& r);
// that derives from one of these.
struct ReduceSequence {
  static constexpr Family kFamily = Family::Reduce;
  static constexpr bool kInclusive = false;  // takes no inclusive form
};
struct ScanSequence {
  static constexpr Family kFamily = Family::Scan;
  static constexpr bool kInclusive = true;  // inclusive and exclusive
};

// A view of words [word, ...) of a shared array as another 4-byte type. A block program asks
// b.shared() once and carves its pieces with this, so every piece stays valid in the emulator too.
template <class U, class T>
SS_HD Shared<U> view_as(const Shared<T>& s, int word) {
  return Shared<U>{reinterpret_cast<U*>(s.data + word)};
}

// Bits back to a value (the inverse of bits_of in block.h).
template <class T> SS_HD T from_bits(uint32_t u);
template <> SS_HD int from_bits<int>(uint32_t u) { return static_cast<int>(u); }
template <> SS_HD float from_bits<float>(uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  float f;
  std::memcpy(&f, &u, 4);
  return f;
#endif
}

inline long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }

}  // namespace device
}  // namespace scanscope
