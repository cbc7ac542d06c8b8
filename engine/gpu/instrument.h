// The texts the GPU compiles for a resolved kernel, both made from the tokens the interpreter ran:
// the timed kernel (the program as it is) and the traced one, where every __syncthreads() also
// copies the block's dynamic shared memory to a log, and a wrapper takes the last snapshot when
// the kernel returns. Host code: it runs (and is tested) without a GPU.
#pragma once

#include <string>

#include "engine/interp.h"

namespace scanscope {

struct GpuSources {
  std::string timed;           // compiled as is; its kernel is `entry`
  std::string traced;          // its kernel is the extern "C" __ss_traced(params..., log)
  std::string entry;           // the timed kernel's name (an NVRTC name expression)
  int snapshot_words = 0;      // dynamic shared-memory words each snapshot holds
  int counter_word = 0;        // where the traced kernel counts its barriers (after the snapshot)
  int max_steps = 0;           // snapshots the log has room for, per block
};

// For launch `launch` of the file's sequence (its entry and its shared memory).
GpuSources gpu_sources(const ResolvedKernel& k, int max_steps, int launch = 0);

}  // namespace scanscope
