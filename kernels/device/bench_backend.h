// The GPU half of run_bench (bench_gpu.cu; bench_gpu_stub.cpp without CUDA): buffers, timing
// with CUDA events, and copying results back for the CPU check. Plain C++ for bench.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace scanscope {
namespace device {

class GpuBenchSession {
 public:
  virtual ~GpuBenchSession() = default;
  virtual std::string device() const = 0;
  virtual std::string driver() const = 0;
  virtual std::string cub_version() const = 0;  // e.g. "CUB 3.0.1"
  // Makes buffers for n elements (input, output, the largest workspace of `kernels`) and uploads
  // the input. Returns "" when ready, else why this size is skipped (e.g. it does not fit).
  virtual std::string prepare(long long n, bool is_float, const void* host_in, const std::vector<std::string>& kernels) = 0;
  // Warm-up runs, then `repeats` runs each timed with CUDA events after flushing L2; returns the
  // median in ms. Then poisons the output, runs once more and copies out_count elements back.
  // Throws std::runtime_error naming the kernel and the CUDA error.
  virtual double time(const std::string& kernel, bool inclusive, int warmup, int repeats, void* host_out, size_t out_count) = 0;
  // One run of `kernel` on the input of the last prepare (or upload), without clearing the
  // workspace first (time() clears it once at its start), and the result copied back. Tests use it
  // to run calls on a workspace the earlier calls left as they left it.
  virtual void run_once(const std::string& kernel, bool inclusive, void* host_out, size_t out_count) = 0;
  // Stream compaction: the values and flags (one byte per element) the compaction kernels read, for
  // the prepared n (prepare makes their buffers when its `kernels` hold a compaction).
  virtual void upload_select(const void* host_values, const uint8_t* host_flags) = 0;
  // As time(), for a compaction (compact-*, x-compact-*, cub-select, cub-select-flagged,
  // cub-partition) with this threshold: after the timed runs the output (n elements) and the
  // count are poisoned, it runs once more, and the n elements and the count are copied back.
  virtual double time_select(const std::string& kernel, double threshold, int warmup, int repeats, void* host_out, long long* selected) = 0;
  // Radix sort: the keys (4-byte, of the prepared type) and 32-bit values the sort kernels read, for
  // the prepared n (prepare makes their buffers when its `kernels` hold a sort).
  virtual void upload_sort(const void* host_keys, const uint32_t* host_values) = 0;
  // As time(), for a sort (sort-*, x-sort-*, cub-sort-keys, cub-sort-pairs): after the timed runs
  // the outputs are poisoned, it runs once more, and the n sorted keys (and, when host_values_out is
  // given, the n values) are copied back.
  virtual double time_sort(const std::string& kernel, int warmup, int repeats, void* host_keys_out, uint32_t* host_values_out) = 0;
  // New input values for the prepared n; the workspace is left as it is.
  virtual void upload(const void* host_in) = 0;
  virtual void release() = 0;
};

// nullptr (and *why) when no usable GPU.
std::unique_ptr<GpuBenchSession> open_gpu_bench(std::string* why);

}  // namespace device
}  // namespace scanscope
