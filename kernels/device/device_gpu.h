// GPU entry points of the device-wide kernels and baselines (compiled only with CUDA). Plain C++
// so bench.cpp needs no CUDA headers; streams are passed as void*.
#pragma once

#include <cstddef>
#include <string>

namespace scanscope {
namespace device {

// Resident blocks of reduce-best's persistent grid on the current device.
int gpu_max_blocks();
size_t gpu_workspace_bytes(const std::string& kernel, long long n, int max_blocks);
// Launches one timed run of `kernel` (a strategy id, cub-reduce, cub-scan, copy, read-probe) on
// device buffers. Throws std::runtime_error naming the kernel and the CUDA error.
void gpu_launch(const std::string& kernel, bool is_float, bool inclusive, const void* in, void* out, long long n,
                void* workspace, size_t workspace_bytes, int max_blocks, void* stream);
// Whether `kernel` is a stream compaction (a compaction row, cub-select, cub-select-flagged,
// cub-partition): launched by gpu_launch_select, not gpu_launch.
bool gpu_is_select(const std::string& kernel);
// One run of a compaction on device buffers: in and flags (n bytes, read by the flagged kinds) to
// out, the count to *num_selected (an int on the device); threshold converted to the value type.
void gpu_launch_select(const std::string& kernel, bool is_float, const void* in, const void* flags, void* out, void* num_selected, long long n,
                       double threshold, void* workspace, size_t workspace_bytes, void* stream);
// The compaction rows (compact_device.cu).
void gpu_launch_compaction(const std::string& kernel, bool is_float, const void* in, const void* flags, void* out, void* num_selected, long long n,
                           double threshold, void* workspace, void* stream);
// Whether `kernel` is a radix sort (a sort row, cub-sort-keys, cub-sort-pairs): launched by
// gpu_launch_sort.
bool gpu_is_sort(const std::string& kernel);
// One run of a sort on device buffers: n 32-bit keys (int or float by is_float) from keys_in to
// keys_out, stable; a pairs kernel (sort-onesweep-pairs, cub-sort-pairs ...) moves 32-bit values
// from vals_in to vals_out with them. The inputs are left as they are.
void gpu_launch_sort(const std::string& kernel, bool is_float, const void* keys_in, const void* vals_in, void* keys_out, void* vals_out, long long n,
                     void* workspace, size_t workspace_bytes, int max_blocks, void* stream);
// The sort rows (sort_device.cu); key_kind: SortKey (0 unsigned, 1 int, 2 float).
void gpu_launch_sort_row(const std::string& kernel, int key_kind, const void* keys_in, const void* vals_in, void* keys_out, void* vals_out, long long n,
                         void* workspace, int max_blocks, void* stream);

}  // namespace device
}  // namespace scanscope
