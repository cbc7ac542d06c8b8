// The radix sorts (sort_device.h) launched with CudaExec: int32 and float32 keys (the bench's
// types), unsigned keys for callers that have them, keys alone or with 32-bit values.
#include "kernels/device/device_gpu.h"
#include "kernels/device/grid_exec.cuh"
#include "kernels/device/sort_device.h"

namespace scanscope {
namespace device {

void gpu_launch_sort_row(const std::string& kernel, int key_kind, const void* keys_in, const void* vals_in, void* keys_out, void* vals_out, long long n,
                         void* ws_ptr, int max_blocks, void* stream_ptr) {
  const SortInfo* s = find_sort(kernel);
  if (!s) throw std::logic_error("unknown sort " + kernel);
  if (n >= (1LL << 31)) throw std::runtime_error(kernel + ": at most 2^31 - 1 keys (32-bit counts)");
  if (reinterpret_cast<uintptr_t>(keys_in) % 16) throw std::runtime_error(kernel + ": the keys must be 16-byte aligned");
  if (s->pairs && (!vals_in || !vals_out)) throw std::logic_error(kernel + ": no values");
  if (key_kind < 0 || key_kind > 2) throw std::logic_error(kernel + ": key kind " + std::to_string(key_kind));
  CudaExec<int> ex{static_cast<cudaStream_t>(stream_ptr), kernel};
  Carve ws;
  ws.base = static_cast<char*>(ws_ptr);
  run_sort(*s, ex,
           SortRun{static_cast<SortKey>(key_kind), static_cast<const uint32_t*>(keys_in), static_cast<uint32_t*>(keys_out), static_cast<const uint32_t*>(vals_in),
                   static_cast<uint32_t*>(vals_out), n, ws, max_blocks, s->id});
}

}  // namespace device
}  // namespace scanscope
