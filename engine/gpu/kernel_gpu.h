// Kernel files on the GPU: compiled with NVRTC from the tokens the interpreter ran (instrument.h),
// loaded with the CUDA runtime's library API, launched as the launch line says.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/interp.h"

namespace scanscope {

struct GpuKernelRun {
  std::vector<double> output;                    // as the trace shows it (kernel_output)
  // traced run: per block of every launch (launch after launch, block after block), the dynamic
  // shared words at each of its barriers
  struct BlockSnapshots {
    int launch = 0, block = 0;
    std::vector<std::vector<uint32_t>> snapshots;
  };
  std::vector<BlockSnapshots> blocks;
  std::vector<std::vector<uint32_t>> arrays;     // every global array after the last launch (ResolvedKernel::arrays)
  // traced run: what the kernel's printf calls printed, as print_lines (trace.h) splits it, in the
  // order the GPU flushed it (not a defined order across threads); a timed run's printf output is
  // dropped (it would land in the program's own standard output)
  std::vector<std::string> printed;
  float ms = 0;                                  // timed run: the launch sequence, CUDA events
  std::string device;
};

// traced: the instrumented build, snapshots taken; otherwise the timed build (a warm-up launch
// first when warm_up; ms is the median of `repeats` launches). Throws std::runtime_error naming
// the kernel and the CUDA or NVRTC error.
GpuKernelRun run_kernel_on_gpu(const ResolvedKernel& k, bool traced, bool warm_up = true, int repeats = 1);

// A traced GPU run of the same text against the interpreter's trace: the output and the dynamic
// shared memory at every barrier (the words the interpreter wrote). `why` names the first difference.
bool gpu_agrees_with(const ResolvedKernel& k, const Trace& t, std::string* why);

}  // namespace scanscope
