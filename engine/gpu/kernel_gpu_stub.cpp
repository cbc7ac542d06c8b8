// Kernel files on the GPU in a build without CUDA: every run says why it cannot happen.
#include <stdexcept>

#include "engine/gpu/kernel_gpu.h"
#include "engine/runner.h"

namespace scanscope {

GpuKernelRun run_kernel_on_gpu(const ResolvedKernel&, bool, bool, int) { throw std::runtime_error(gpu_status().why); }

}  // namespace scanscope
