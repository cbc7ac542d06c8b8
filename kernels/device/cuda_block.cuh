// CudaBlock<Recorder>: the block interface on the GPU. With NullRecorder every recording call is
// an empty inline function and the extra step barriers vanish: the timed kernel is the plain
// kernel. With DeviceRecorder every shared-memory access and shuffle is logged to global memory
// and shared memory is snapshotted at the end of each step.
#pragma once

#include <cstdint>

#include "kernels/device/block.h"

namespace scanscope {

// One recorded access as the GPU writes it; the host sorts by (step, tid, seq).
struct DeviceAccess {
  int32_t step, tid, seq, site, op, word;
  uint32_t bits;
};

struct NullRecorder {
  static constexpr bool traced = false;
  SS_DEVICE void record(int, int, AccessOp, int, uint32_t) {}
};

struct DeviceRecorder {
  static constexpr bool traced = true;
  DeviceAccess* log;
  int* count;           // accesses recorded so far (may exceed capacity: the host reports it)
  int capacity;
  uint32_t* snapshots;  // [max_steps][snapshot_words]
  int snapshot_words;
  int max_steps;
  int* steps_done;      // written by thread 0 at the end
  int step;
  int seq;
  SS_DEVICE void record(int tid, int site, AccessOp op, int word, uint32_t bits) {
    int k = atomicAdd(count, 1);
    if (k < capacity) log[k] = DeviceAccess{step, tid, seq, site, static_cast<int>(op), word, bits};
    ++seq;
  }
};

template <class T>
struct CudaRegs {
  T v;
  SS_DEVICE T& operator[](int) { return v; }
  SS_DEVICE const T& operator[](int) const { return v; }
};

template <class Rec>
class CudaBlock {
 public:
  SS_DEVICE CudaBlock(uint32_t* arena, Rec* rec) : arena_(arena), rec_(rec) {}

  SS_DEVICE int num_threads() const { return blockDim.x; }

  template <class F> SS_DEVICE void threads(F&& f) { f(static_cast<int>(threadIdx.x)); }

  SS_DEVICE void sync(Phase, const char*, int = 0) {
    __syncthreads();
    close_step();
  }
  SS_DEVICE void warp_sync(Phase, const char*, int = 0) {
    if constexpr (Rec::traced) {
      __syncthreads();
      close_step();
    } else {
      __syncwarp();
    }
  }
  SS_DEVICE void end(Phase, const char*, int = 0) {
    if constexpr (Rec::traced) {
      __syncthreads();
      close_step();
      if (threadIdx.x == 0) *rec_->steps_done = rec_->step;
    }
  }

  template <class T> SS_DEVICE CudaRegs<T> regs() { return CudaRegs<T>{T(0)}; }

  template <class T> SS_DEVICE Shared<T, Rec> shared(int count, const char* = nullptr) {
    int base = used_words_;
    used_words_ += count;
    return Shared<T, Rec>{reinterpret_cast<T*>(arena_ + base), base, rec_};
  }

  template <class T, class Pred = AllWarps>
  SS_DEVICE void shfl_down(CudaRegs<T>& dst, const CudaRegs<T>& src, int offset, int site, Pred pred = Pred()) {
    if (pred(threadIdx.x / kWarpSize)) {
      dst.v = __shfl_down_sync(0xffffffffu, src.v, offset);
      if constexpr (Rec::traced) {
        int lane = threadIdx.x % kWarpSize;
        rec_->record(threadIdx.x, site, kShuffle, lane + offset < kWarpSize ? lane + offset : lane, bits_of(dst.v));
      }
    }
  }
  template <class T, class Pred = AllWarps>
  SS_DEVICE void shfl_up(CudaRegs<T>& dst, const CudaRegs<T>& src, int offset, int site, Pred pred = Pred()) {
    if (pred(threadIdx.x / kWarpSize)) {
      dst.v = __shfl_up_sync(0xffffffffu, src.v, offset);
      if constexpr (Rec::traced) {
        int lane = threadIdx.x % kWarpSize;
        rec_->record(threadIdx.x, site, kShuffle, lane >= offset ? lane - offset : lane, bits_of(dst.v));
      }
    }
  }

 private:
  // Traced build only: snapshot shared memory after the barrier, then a second barrier so no
  // thread of the next step writes before the copy is done.
  SS_DEVICE void close_step() {
    if constexpr (Rec::traced) {
      if (rec_->step < rec_->max_steps) {
        uint32_t* dst = rec_->snapshots + static_cast<long long>(rec_->step) * rec_->snapshot_words;
        for (int w = threadIdx.x; w < used_words_ && w < rec_->snapshot_words; w += blockDim.x) dst[w] = arena_[w];
      }
      __syncthreads();
      ++rec_->step;
      rec_->seq = 0;
    }
  }

  uint32_t* arena_;
  Rec* rec_;
  int used_words_ = 0;
};

}  // namespace scanscope
