// CudaExec: launches the block programs of a device-wide sequence as real kernels, each block a
// CudaBlock, and the teaching kernel files that are steps of a sequence (teaching_kernels.cu).
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "kernels/device/cuda_block.cuh"
#include "kernels/device/compact_lookahead.cuh"
#include "kernels/device/scan_lookahead.cuh"
#include "kernels/device/strategies.h"

namespace scanscope {
namespace device {

template <class Prog, class Op, class T, class Args>
__global__ void __launch_bounds__(Prog::kMaxThreads, Prog::kMinBlocks) grid_kernel(Args args) {
  extern __shared__ uint32_t arena[];
  CudaBlock b(arena);
  Prog::template run<Op, T>(b, GridCtx{static_cast<int>(blockIdx.x), static_cast<int>(gridDim.x)}, args);
}

inline void cuda_check(cudaError_t e, const std::string& what) {
  if (e != cudaSuccess) throw std::runtime_error(what + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

// Block programs that declare kMaxShared = true get the largest shared-memory carveout (set once
// per kernel, before its first launch).
template <class P, class = void>
struct wants_max_shared : std::false_type {};
template <class P>
struct wants_max_shared<P, std::void_t<decltype(P::kMaxShared)>> : std::bool_constant<P::kMaxShared> {};
// Block programs that declare kCarveFor = B > 0 get the carveout made for B blocks per SM instead:
// the smallest shared-memory configuration that holds B blocks of the launch's shared memory (and
// the 1 KiB the SM reserves for each), the rest of the SM's L1/shared memory left to the L1.
template <class P, class = void>
struct carve_for : std::integral_constant<int, 0> {};
template <class P>
struct carve_for<P, std::void_t<decltype(P::kCarveFor)>> : std::integral_constant<int, P::kCarveFor> {};
// The carveout (per cent of the SM's most shared memory) that holds `blocks` blocks of `bytes`:
// the driver takes the configuration at or above it.
inline cudaError_t carveout_for_blocks(int blocks, size_t bytes, int* percent) {
  int device = 0, most = 0, reserved = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device);
  if (e != cudaSuccess) return e;
  const long long need = static_cast<long long>(blocks) * (static_cast<long long>(bytes) + reserved);
  const long long pct = most > 0 ? (100 * need + most - 1) / most : 100;
  *percent = static_cast<int>(pct < 100 ? pct : 100);
  return cudaSuccess;
}

// The teaching kernel files compiled by nvcc (teaching_kernels.cu), for int and float.
void launch_teaching_kernel(const TeachingLaunch& l, bool is_float, cudaStream_t stream);

template <class T>
struct CudaExec {
  static constexpr bool counting = false;
  cudaStream_t stream = nullptr;
  std::string kernel;  // the bench id, for error messages
  template <class Prog, class Op, class Args>
  void launch(int blocks, int threads, int smem_words, const Args& args, const char* name = "") {
    if constexpr (carve_for<Prog>::value > 0) {
      static const cudaError_t carve = [&] {
        int percent = 100;
        cudaError_t e = carveout_for_blocks(carve_for<Prog>::value, static_cast<size_t>(smem_words) * 4, &percent);
        if (e == cudaSuccess) e = cudaFuncSetAttribute(grid_kernel<Prog, Op, T, Args>, cudaFuncAttributePreferredSharedMemoryCarveout, percent);
        return e;
      }();
      cuda_check(carve, kernel + ": shared-memory carveout of " + name);
    } else if constexpr (wants_max_shared<Prog>::value) {
      static const cudaError_t carve = cudaFuncSetAttribute(grid_kernel<Prog, Op, T, Args>, cudaFuncAttributePreferredSharedMemoryCarveout,
                                                            static_cast<int>(cudaSharedmemCarveoutMaxShared));
      cuda_check(carve, kernel + ": shared-memory carveout of " + name);
    }
    if (static_cast<size_t>(smem_words) * 4 > 48 * 1024) {
      // More than 48 KiB of dynamic shared memory needs the kernel's opt-in (up to the device's
      // limit per block), set once per kernel.
      static const cudaError_t opt_in = [] {
        int device = 0, most = 0;
        cudaError_t e = cudaGetDevice(&device);
        if (e == cudaSuccess) e = cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
        if (e == cudaSuccess) e = cudaFuncSetAttribute(grid_kernel<Prog, Op, T, Args>, cudaFuncAttributeMaxDynamicSharedMemorySize, most);
        return e;
      }();
      cuda_check(opt_in, kernel + ": opt-in to more than 48 KiB of shared memory for " + name);
    }
    grid_kernel<Prog, Op, T, Args><<<blocks, threads, static_cast<size_t>(smem_words) * 4, stream>>>(args);
    cuda_check(cudaGetLastError(), kernel + ": launch of " + name + " (" + std::to_string(blocks) + " blocks of " + std::to_string(threads) + ")");
  }
  void launch_teaching(const TeachingLaunch& l, const char* name = "") {
    launch_teaching_kernel(l, std::is_same<T, float>::value, stream);
    cuda_check(cudaGetLastError(), kernel + ": launch of " + name + " (" + std::to_string(l.grid) + " blocks of " + std::to_string(l.block) + ")");
  }
  void memset_zero(void* p, size_t bytes) { cuda_check(cudaMemsetAsync(p, 0, bytes, stream), kernel + ": cudaMemsetAsync"); }
  // The lookahead scan (scan_lookahead.cuh): on an sm_90 GPU, with 16-byte aligned arrays.
  template <class Shape, class Op>
  void launch_lookahead(const LookaheadArgs<T>& a, const char* name = "") {
    launch_lookahead_kernel<Shape, Op, T>(a, stream, kernel + ": " + name);
  }
  bool can_lookahead(const T* in, const T* out) const { return lookahead_device_ok() && lookahead_aligned(in, out); }
  // The lookahead compaction (compact_lookahead.cuh): sm_90, 16-byte aligned arrays.
  template <class Shape>
  void launch_compact_lookahead(const CompactLookaheadArgs<T>& a, const char* name = "") {
    launch_compact_lookahead_kernel<Shape, T>(a, stream, kernel + ": " + name);
  }
};

// One registry row of family F (strategies.h) on device buffers, int32 or float32. Each family is
// instantiated in its own translation unit (reduce_device.cu, scan_device.cu): the extern
// declarations below keep every other file from building the kernels again.
template <Family F>
void launch_strategy(const StrategyInfo& s, bool is_float, bool inclusive, const void* in, void* out, long long n, void* ws_ptr, int max_blocks,
                     cudaStream_t stream) {
  if (s.family != F) throw std::logic_error(std::string(s.id) + ": launched as the wrong family");
  if (inclusive && !s.inclusive) throw std::logic_error(std::string(s.id) + " takes no inclusive form");
  auto launch = [&](auto value) {
    using T = decltype(value);
    CudaExec<T> ex{stream, s.id};
    Carve ws;
    ws.base = static_cast<char*>(ws_ptr);
    return run_strategy<OpSum, T, OnlyFamily<F>>(s, ex, RunArgs<T>{static_cast<const T*>(in), static_cast<T*>(out), n, inclusive, ws, max_blocks, s.id});
  };
  if (!(is_float ? launch(0.0f) : launch(0))) throw std::logic_error(std::string(s.id) + ": int only");
}
extern template void launch_strategy<Family::Reduce>(const StrategyInfo&, bool, bool, const void*, void*, long long, void*, int, cudaStream_t);
extern template void launch_strategy<Family::Scan>(const StrategyInfo&, bool, bool, const void*, void*, long long, void*, int, cudaStream_t);

}  // namespace device
}  // namespace scanscope
