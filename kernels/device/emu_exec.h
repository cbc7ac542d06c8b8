// EmuExec: runs a device-wide launch sequence on the CPU, every block of every launch in order:
// block programs on EmulatedBlock, teaching kernel files in the interpreter.
#pragma once

#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/interp.h"
#include "kernels/device/emulated_block.h"
#include "kernels/device/grid.h"
#include "kernels/device/compact_lookahead.h"
#include "kernels/device/scan_lookahead.h"

namespace scanscope {
namespace device {

template <class T>
struct EmuExec {
  static constexpr bool counting = false;
  int launches = 0;
  int compact_lookahead_launches = 0;  // of them, the lookahead compaction's (its CPU model)
  unsigned lookahead_order = 0;  // the lookahead models' scheduler (lookahead_schedule)
  int lookahead_blocks = 0;      // the lookahead compaction model's grid (0: kCompactModelBlocks)
  template <class Prog, class Op, class Args>
  void launch(int blocks, int threads, int smem_words, const Args& args, const char* name = "") {
    if (blocks < 1 || threads < 1 || threads > Prog::kMaxThreads)
      throw std::logic_error(std::string(name) + ": bad launch (" + std::to_string(blocks) + " blocks of " + std::to_string(threads) + ")");
    ++launches;
    for (int blk = 0; blk < blocks; ++blk) {
      EmulatedBlock b(threads, smem_words);
      Prog::template run<Op, T>(b, GridCtx{blk, blocks}, args);
    }
  }
  // A teaching kernel file: the interpreter runs its grid over these arrays, in place.
  void launch_teaching(const TeachingLaunch& l, const char* name = "") {
    const TeachingKernelInfo& k = teaching_kernel_info(l.kernel);
    ++launches;
    HostArg in{const_cast<void*>(l.in), l.in_count, 0}, out{l.out, l.out_count, 0}, n{nullptr, 0, l.n};
    try {
      emulate_kernel_launch(k.id, std::is_same<T, float>::value ? ValueType::Float : ValueType::Int, k.defines, k.entry, l.grid, l.block,
                            l.smem_bytes, k.out_first ? std::vector<HostArg>{out, in, n} : std::vector<HostArg>{in, out, n});
    } catch (const std::exception& e) {
      throw std::logic_error(std::string(name) + ": " + e.what());
    }
  }
  void memset_zero(void* p, size_t bytes) { std::memset(p, 0, bytes); }
  // The lookahead scan: its CPU model, over a grid of max_blocks persistent blocks.
  template <class Shape, class Op>
  void launch_lookahead(const LookaheadArgs<T>& a, const char* name = "") {
    ++launches;
    try {
      lookahead_model<Shape, Op, T>(a, a.max_blocks, lookahead_order);
    } catch (const std::exception& e) {
      throw std::logic_error(std::string(name) + ": " + e.what());
    }
  }
  bool can_lookahead(const T*, const T*) const { return true; }
  // The lookahead compaction: its CPU model.
  template <class Shape>
  void launch_compact_lookahead(const CompactLookaheadArgs<T>& a, const char* name = "") {
    ++launches;
    ++compact_lookahead_launches;
    try {
      compact_lookahead_model<Shape, T>(a, lookahead_blocks > 0 ? lookahead_blocks : a.max_blocks, lookahead_order);
    } catch (const std::exception& e) {
      throw std::logic_error(std::string(name) + ": " + e.what());
    }
  }
};

}  // namespace device
}  // namespace scanscope
