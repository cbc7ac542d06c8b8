// The timed scans: scan_device.h's sequences launched with CudaExec, int32 and float32.
#include "kernels/device/grid_exec.cuh"
#include "kernels/device/strategies.h"

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

// Tuning variants of scan-best (int only; `scanscope bench --kernel x-...`), not in `all`.
bool launch_scan_variant(const std::string& kernel, bool inclusive, const void* in_ptr, void* out_ptr, long long n, void* ws_ptr, cudaStream_t stream) {
  CudaExec<int> ex{stream, kernel};
  Carve ws;
  ws.base = static_cast<char*>(ws_ptr);
  const int* in = static_cast<const int*>(in_ptr);
  int* out = static_cast<int*>(out_ptr);
  if (kernel == "x-scan-v1") scan_look_back<ScanBestV1, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-f256x16") scan_look_back<LookBackScanFast<256, 16, 8>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-f128x24") scan_look_back<LookBackScanFast<128, 24, 12>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-f256x32") scan_look_back<LookBackScanFast<256, 32, 4>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-best-scalar-tail") scan_look_back<LookBackScanFast<256, 24, 6, 0, true, false>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-best-s128") scan_look_back<LookBackScanFast<256, 24, 6, 0, true, true, true>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-512x16-r64") scan_look_back<LookBackScan<512, 16, true, 2>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-256x16-dyn") scan_look_back<LookBackScan<256, 16, true, 8, true>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else if (kernel == "x-scan-512x16-r64-static") scan_look_back<LookBackScan<512, 16, true, 2, false>, OpSum>(ex, in, out, n, inclusive, ws, kernel.c_str());
  else return false;
  return true;
}

void launch_scan_strategy(Strategy s, bool is_float, bool inclusive, const void* in, void* out, long long n, void* ws, cudaStream_t stream, const std::string& kernel) {
  if (is_float) run_scan(s, static_cast<const float*>(in), static_cast<float*>(out), n, inclusive, ws, stream, kernel);
  else run_scan(s, static_cast<const int*>(in), static_cast<int*>(out), n, inclusive, ws, stream, kernel);
}

}  // namespace device
}  // namespace scanscope
