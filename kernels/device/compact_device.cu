// The stream compactions (compact_device.h) launched with CudaExec, int32 and float32.
#include "kernels/device/compact_device.h"
#include "kernels/device/device_gpu.h"
#include "kernels/device/grid_exec.cuh"

namespace scanscope {
namespace device {

void gpu_launch_compaction(const std::string& kernel, bool is_float, const void* in, const void* flags, void* out, void* num_selected, long long n,
                           double threshold, void* ws_ptr, void* stream_ptr) {
  const CompactInfo* c = find_compaction(kernel);
  if (!c) throw std::logic_error("unknown compaction " + kernel);
  if (n >= (1LL << 31)) throw std::runtime_error(kernel + ": at most 2^31 - 1 elements (32-bit counts)");
  if (reinterpret_cast<uintptr_t>(in) % 16 || reinterpret_cast<uintptr_t>(flags) % 16)
    throw std::runtime_error(kernel + ": the input and the flags must be 16-byte aligned");
  if (c->mode == SelectMode::Flagged && !flags) throw std::logic_error(kernel + ": no flags");
  static const int sms = [] {  // the persistent rows' grid (CompactPipeSequence)
    int dev = 0, count = 0;
    cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
    cuda_check(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, dev), "cudaDeviceGetAttribute");
    return count;
  }();
  auto launch = [&](auto value) {
    using T = decltype(value);
    CudaExec<T> ex{static_cast<cudaStream_t>(stream_ptr), kernel};
    Carve ws;
    ws.base = static_cast<char*>(ws_ptr);
    run_compaction<T>(*c, ex,
                      CompactRun<T>{static_cast<const T*>(in), static_cast<const uint8_t*>(flags), static_cast<T*>(out), static_cast<int*>(num_selected), n,
                                    static_cast<T>(threshold), ws, c->id, sms});
  };
  if (is_float) launch(0.0f);
  else launch(0);
}

}  // namespace device
}  // namespace scanscope
