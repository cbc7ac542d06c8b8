// The teaching kernel files that device-wide sequences run as steps (grid.h, TeachingKernel),
// compiled by nvcc from the very files the window traces: once with T = int, once with float.
#include <cuda_runtime.h>

#include "kernels/device/grid.h"
#include "kernels/device/grid_exec.cuh"


namespace scanscope {
namespace device {

namespace teaching_int {
#define T int
#define SS_INT 1
#include "kernels/device/teaching_kernels.inc"
#undef T
#undef SS_INT
}  // namespace teaching_int

namespace teaching_float {
#define T float
#define SS_INT 0
#include "kernels/device/teaching_kernels.inc"
#undef T
#undef SS_INT
}  // namespace teaching_float

void launch_teaching_kernel(const TeachingLaunch& l, bool is_float, cudaStream_t stream) {
  if (is_float) teaching_float::launch(l, stream);
  else teaching_int::launch(l, stream);
}

}  // namespace device
}  // namespace scanscope
