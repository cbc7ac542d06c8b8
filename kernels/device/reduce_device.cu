// The timed reductions: every reduce row of the registry (strategies.h) launched with CudaExec,
// int32 and float32 (launch_strategy, grid_exec.cuh).
#include "kernels/device/grid_exec.cuh"

namespace scanscope {
namespace device {

template void launch_strategy<Family::Reduce>(const StrategyInfo&, bool, bool, const void*, void*, long long, void*, int, cudaStream_t);

}  // namespace device
}  // namespace scanscope
