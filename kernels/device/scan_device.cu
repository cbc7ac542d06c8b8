// The timed scans and the scan tuning variants: every scan row of the registry (strategies.h)
// launched with CudaExec, int32 and (where the row is built for it) float32 (launch_strategy,
// grid_exec.cuh).
#include "kernels/device/grid_exec.cuh"

namespace scanscope {
namespace device {

template void launch_strategy<Family::Scan>(const StrategyInfo&, bool, bool, const void*, void*, long long, void*, int, cudaStream_t);

}  // namespace device
}  // namespace scanscope
