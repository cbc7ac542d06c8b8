// The GPU probe of a build without CUDA (configured without nvcc).
#include "engine/runner.h"

namespace scanscope {

bool gpu_built() { return false; }

GpuStatus gpu_status() {
  GpuStatus s;
  s.why = "this scanscope was built without CUDA (nvcc was not found at configure time)";
  return s;
}

}  // namespace scanscope
