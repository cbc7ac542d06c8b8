// EmulatedBlock: runs a kernel's block on the CPU thread by thread, phase by phase, recording
// the same trace the traced GPU kernel records.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/device/block.h"
#include "engine/trace.h"

namespace scanscope {

class EmulatedBlock;

// Appends every access to the step in progress.
class HostRecorder {
 public:
  explicit HostRecorder(EmulatedBlock* b) : block_(b) {}
  void record(int tid, int site, AccessOp op, int word, uint32_t bits);

 private:
  EmulatedBlock* block_;
};

template <class T>
struct EmuRegs {
  std::vector<T> v;
  T& operator[](int tid) { return v[tid]; }
  const T& operator[](int tid) const { return v[tid]; }
};

class EmulatedBlock {
 public:
  EmulatedBlock(int threads, bool is_float, int max_smem_words)
      : threads_(threads), is_float_(is_float), max_words_(max_smem_words), rec_(this) {
    arena_.reserve(max_words_);  // Shared<T> keeps pointers into the arena: it must never move
  }

  int num_threads() const { return threads_; }

  template <class F> void threads(F&& f) {
    for (int tid = 0; tid < threads_; ++tid) f(tid);
  }

  void sync(Phase phase, const char* fmt, int arg = 0) { close_step(phase, fmt, arg); }
  void warp_sync(Phase phase, const char* fmt, int arg = 0) { close_step(phase, fmt, arg); }
  void end(Phase phase, const char* fmt, int arg = 0) { close_step(phase, fmt, arg); }

  template <class T> EmuRegs<T> regs() { return EmuRegs<T>{std::vector<T>(threads_, T(0))}; }

  // `name` labels the array in the trace (kernels that carve several arrays name them).
  template <class T> Shared<T, HostRecorder> shared(int count, const char* name = nullptr) {
    if (used_words_ + count > max_words_)
      throw std::runtime_error("kernel needs " + std::to_string(used_words_ + count) +
                               " words of shared memory, more than the " + std::to_string(max_words_) + " available");
    int base = used_words_;
    used_words_ += count;
    if (name) arrays_.push_back(SharedArrayInfo{name, base, count});
    arena_.resize(used_words_, 0u);
    written_.resize(used_words_, 0);
    return Shared<T, HostRecorder>{reinterpret_cast<T*>(arena_.data() + base), base, &rec_};
  }

  // One shuffle round: every lane of each warp for which pred(warp) holds receives src from
  // lane + offset (down) or lane - offset (up); out-of-range lanes keep their own value, as
  // __shfl_down_sync / __shfl_up_sync do.
  template <class T, class Pred = AllWarps>
  void shfl_down(EmuRegs<T>& dst, const EmuRegs<T>& src, int offset, int site, Pred pred = Pred()) {
    shuffle(dst, src, offset, site, pred);
  }
  template <class T, class Pred = AllWarps>
  void shfl_up(EmuRegs<T>& dst, const EmuRegs<T>& src, int offset, int site, Pred pred = Pred()) {
    shuffle(dst, src, -offset, site, pred);
  }

  // Results
  std::vector<Step>& steps() { return steps_; }
  int smem_words() const { return used_words_; }
  const std::vector<SharedArrayInfo>& arrays() const { return arrays_; }

  void on_access(int tid, int site, AccessOp op, int word, uint32_t bits) {
    Access a;
    a.tid = tid;
    a.site = site;
    a.op = op;
    a.word = word;
    a.value = value_of(bits);
    current_.accesses.push_back(a);
    if (op == kStore) written_[word] = 1;
  }

 private:
  double value_of(uint32_t bits) const {
    if (is_float_) {
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    return static_cast<int32_t>(bits);
  }

  template <class T, class Pred>
  void shuffle(EmuRegs<T>& dst, const EmuRegs<T>& src, int delta, int site, Pred pred) {
    std::vector<T> before = src.v;  // every lane reads before any lane's result lands
    for (int tid = 0; tid < threads_; ++tid) {
      if (!pred(tid / kWarpSize)) continue;
      int lane = tid % kWarpSize;
      int src_lane = lane + delta;
      if (src_lane < 0 || src_lane >= kWarpSize) src_lane = lane;
      T v = before[tid - lane + src_lane];
      dst.v[tid] = v;
      on_access(tid, site, kShuffle, src_lane, bits_of(v));
    }
  }

  void close_step(Phase phase, const char* fmt, int arg) {
    char label[128];
    std::snprintf(label, sizeof label, fmt, arg);
    current_.label = label;
    // Program order is per thread: a step that both loads (in a threads() loop) and shuffles (a
    // collective call) must list each thread's accesses together, as the GPU's log does.
    std::stable_sort(current_.accesses.begin(), current_.accesses.end(),
                     [](const Access& a, const Access& b) { return a.tid < b.tid; });
    current_.phase = phase;
    current_.smem.resize(used_words_);
    for (int w = 0; w < used_words_; ++w)
      current_.smem[w] = written_[w] ? value_of(arena_[w]) : std::numeric_limits<double>::quiet_NaN();
    steps_.push_back(std::move(current_));
    current_ = Step();
  }

  int threads_;
  bool is_float_;
  int max_words_;
  HostRecorder rec_;
  std::vector<uint32_t> arena_;
  std::vector<uint8_t> written_;
  int used_words_ = 0;
  Step current_;
  std::vector<Step> steps_;
  std::vector<SharedArrayInfo> arrays_;
};

inline void HostRecorder::record(int tid, int site, AccessOp op, int word, uint32_t bits) {
  block_->on_access(tid, site, op, word, bits);
}

}  // namespace scanscope
