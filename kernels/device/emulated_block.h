// EmulatedBlock: the block interface (block.h) on the CPU: a block program's block runs thread by
// thread, phase by phase (between two barriers threads of a correct program do not talk).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/device/block.h"

namespace scanscope {

template <class T>
struct EmuRegs {
  std::vector<T> v;
  T& operator[](int tid) { return v[tid]; }
  const T& operator[](int tid) const { return v[tid]; }
};

class EmulatedBlock {
 public:
  EmulatedBlock(int threads, int max_smem_words) : threads_(threads), max_words_(max_smem_words) {
    arena_.reserve(max_words_);  // Shared<T> keeps pointers into the arena: it must never move
  }

  int num_threads() const { return threads_; }

  template <class F> void threads(F&& f) {
    for (int tid = 0; tid < threads_; ++tid) f(tid);
  }

  void sync() {}
  void warp_sync() {}

  template <class T> EmuRegs<T> regs() { return EmuRegs<T>{std::vector<T>(threads_, T(0))}; }

  // A launch that carves more than its dynamic shared memory is a bug of the sequence.
  template <class T> Shared<T> shared(int count) {
    if (used_words_ + count > max_words_)
      throw std::runtime_error("block program needs " + std::to_string(used_words_ + count) +
                               " words of shared memory, more than the " + std::to_string(max_words_) + " its launch gives");
    int base = used_words_;
    used_words_ += count;
    arena_.resize(used_words_, 0u);
    return Shared<T>{reinterpret_cast<T*>(arena_.data() + base)};
  }

  // One shuffle round: every lane of each warp for which pred(warp) holds receives src from
  // lane + offset (down) or lane - offset (up); out-of-range lanes keep their own value, as
  // __shfl_down_sync / __shfl_up_sync do.
  template <class T, class Pred = AllWarps>
  void shfl_down(EmuRegs<T>& dst, const EmuRegs<T>& src, int offset, Pred pred = Pred()) {
    shuffle(dst, src, offset, pred);
  }
  template <class T, class Pred = AllWarps>
  void shfl_up(EmuRegs<T>& dst, const EmuRegs<T>& src, int offset, Pred pred = Pred()) {
    shuffle(dst, src, -offset, pred);
  }

 private:
  template <class T, class Pred>
  void shuffle(EmuRegs<T>& dst, const EmuRegs<T>& src, int delta, Pred pred) {
    std::vector<T> before = src.v;  // every lane reads before any lane's result lands
    for (int tid = 0; tid < threads_; ++tid) {
      if (!pred(tid / kWarpSize)) continue;
      int lane = tid % kWarpSize;
      int src_lane = lane + delta;
      if (src_lane < 0 || src_lane >= kWarpSize) src_lane = lane;
      dst.v[tid] = before[tid - lane + src_lane];
    }
  }

  int threads_;
  int max_words_;
  std::vector<uint32_t> arena_;
  int used_words_ = 0;
};

}  // namespace scanscope
