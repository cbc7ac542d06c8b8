// The timed reductions: reduce_device.h's sequences launched with CudaExec, int32 and float32.
#include "kernels/device/grid_exec.cuh"
#include "kernels/device/strategies.h"

namespace scanscope {
namespace device {

namespace {
template <class T>
void run_reduce(Strategy s, const T* in, T* out, long long n, void* ws_ptr, int max_blocks, cudaStream_t stream, const std::string& kernel) {
  CudaExec<T> ex{stream, kernel};
  Carve ws;
  ws.base = static_cast<char*>(ws_ptr);
  switch (s) {
    case Strategy::ReduceTree: return reduce_tree<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceBlock: return reduce_block<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceChunked: return reduce_chunked<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceAtomic: return reduce_atomic<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceTwoPass: return reduce_two_pass<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceWarpShuffle: return reduce_warp_shuffle<OpSum>(ex, in, out, n, ws);
    case Strategy::ReduceBest: return reduce_best<OpSum>(ex, in, out, n, ws, max_blocks);
    default: throw std::logic_error(kernel + " is not a reduction");
  }
}
}  // namespace

void launch_reduce_strategy(Strategy s, bool is_float, const void* in, void* out, long long n, void* ws, int max_blocks, cudaStream_t stream, const std::string& kernel) {
  if (is_float) run_reduce(s, static_cast<const float*>(in), static_cast<float*>(out), n, ws, max_blocks, stream, kernel);
  else run_reduce(s, static_cast<const int*>(in), static_cast<int*>(out), n, ws, max_blocks, stream, kernel);
}

}  // namespace device
}  // namespace scanscope
