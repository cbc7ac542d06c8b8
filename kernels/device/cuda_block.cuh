// CudaBlock: the block interface (block.h) on the GPU. Every call is the plain CUDA it names.
#pragma once

#include <cstdint>

#include "kernels/device/block.h"

namespace scanscope {

template <class T>
struct CudaRegs {
  T v;
  SS_DEVICE T& operator[](int) { return v; }
  SS_DEVICE const T& operator[](int) const { return v; }
};

class CudaBlock {
 public:
  SS_DEVICE explicit CudaBlock(uint32_t* arena) : arena_(arena) {}

  SS_DEVICE int num_threads() const { return blockDim.x; }

  template <class F> SS_DEVICE void threads(F&& f) { f(static_cast<int>(threadIdx.x)); }

  SS_DEVICE void sync() { __syncthreads(); }
  SS_DEVICE void warp_sync() { __syncwarp(); }

  template <class T> SS_DEVICE CudaRegs<T> regs() { return CudaRegs<T>{T(0)}; }

  template <class T> SS_DEVICE Shared<T> shared(int count) {
    int base = used_words_;
    used_words_ += count;
    return Shared<T>{reinterpret_cast<T*>(arena_ + base)};
  }

  template <class T, class Pred = AllWarps>
  SS_DEVICE void shfl_down(CudaRegs<T>& dst, const CudaRegs<T>& src, int offset, Pred pred = Pred()) {
    if (pred(threadIdx.x / kWarpSize)) dst.v = __shfl_down_sync(0xffffffffu, src.v, offset);
  }
  template <class T, class Pred = AllWarps>
  SS_DEVICE void shfl_up(CudaRegs<T>& dst, const CudaRegs<T>& src, int offset, Pred pred = Pred()) {
    if (pred(threadIdx.x / kWarpSize)) dst.v = __shfl_up_sync(0xffffffffu, src.v, offset);
  }

 private:
  uint32_t* arena_;
  int used_words_ = 0;
};

}  // namespace scanscope
