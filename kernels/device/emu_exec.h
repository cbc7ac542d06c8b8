// EmuExec: runs a device-wide launch sequence on the CPU, every block of every launch in order,
// each block on EmulatedBlock, the same block programs the GPU runs.
#pragma once

#include <cstring>
#include <stdexcept>
#include <string>

#include "kernels/device/emulated_block.h"
#include "kernels/device/grid.h"

namespace scanscope {
namespace device {

template <class T>
struct EmuExec {
  static constexpr bool counting = false;
  int launches = 0;
  template <class Prog, class Op, class Args>
  void launch(int blocks, int threads, int smem_words, const Args& args, const char* name = "") {
    if (blocks < 1 || threads < 1 || threads > Prog::kMaxThreads)
      throw std::logic_error(std::string(name) + ": bad launch (" + std::to_string(blocks) + " blocks of " + std::to_string(threads) + ")");
    ++launches;
    for (int blk = 0; blk < blocks; ++blk) {
      EmulatedBlock b(threads, std::is_same<T, float>::value, smem_words);
      Prog::template run<Op, T>(b, GridCtx{blk, blocks}, args);
    }
  }
  void memset_zero(void* p, size_t bytes) { std::memset(p, 0, bytes); }
};

}  // namespace device
}  // namespace scanscope
