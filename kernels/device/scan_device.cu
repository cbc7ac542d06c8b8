// The timed scans: scan_device.h's sequences launched with CudaExec, int32 and float32.
#include "grid_exec.cuh"
#include "strategies.h"

namespace scanscope {
namespace device {

namespace {
template <class T>
void run_scan(Strategy s, const T* in, T* out, long long n, bool inclusive, void* ws_ptr, cudaStream_t stream, const std::string& kernel) {
  CudaExec<T> ex{stream, kernel};
  Carve ws;
  ws.base = static_cast<char*>(ws_ptr);
  switch (s) {
    case Strategy::ScanPropagate: return scan_propagate<OpSum>(ex, in, out, n, inclusive, ws);
    case Strategy::ScanReduceThenScan: return scan_reduce_then_scan<OpSum>(ex, in, out, n, inclusive, ws);
    case Strategy::ScanDecoupled: return scan_look_back<ScanDecoupled, OpSum>(ex, in, out, n, inclusive, ws, "scan-decoupled");
    case Strategy::ScanBest: return scan_look_back<ScanBest, OpSum>(ex, in, out, n, inclusive, ws, "scan-best");
    default: throw std::logic_error(kernel + " is not a scan");
  }
}
}  // namespace

void launch_scan_strategy(Strategy s, bool is_float, bool inclusive, const void* in, void* out, long long n, void* ws, cudaStream_t stream, const std::string& kernel) {
  if (is_float) run_scan(s, static_cast<const float*>(in), static_cast<float*>(out), n, inclusive, ws, stream, kernel);
  else run_scan(s, static_cast<const int*>(in), static_cast<int*>(out), n, inclusive, ws, stream, kernel);
}

}  // namespace device
}  // namespace scanscope
