// The GPU half of the bench in a build without CUDA: says why there are no GPU rows.
#include "kernels/device/bench_backend.h"
#include "engine/runner.h"

namespace scanscope {
namespace device {

std::unique_ptr<GpuBenchSession> open_gpu_bench(std::string* why) {
  *why = gpu_status().why;
  return nullptr;
}

}  // namespace device
}  // namespace scanscope
