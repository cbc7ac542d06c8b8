// GPU entry points of an emulator-only build (configured without nvcc).
#include <stdexcept>

#include "engine/runner.h"

namespace scanscope {

bool gpu_built() { return false; }

GpuStatus gpu_status() {
  GpuStatus s;
  s.why = "this scanscope was built without CUDA (nvcc was not found at configure time)";
  return s;
}

Trace run_gpu_traced(const TraceRequest&, const Trace&) { throw std::runtime_error(gpu_status().why); }

std::vector<double> run_gpu_timed(const TraceRequest&, float*, bool) { throw std::runtime_error(gpu_status().why); }

}  // namespace scanscope
