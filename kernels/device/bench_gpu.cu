// The GPU half of run_bench: one set of device buffers per size, CUDA-event timing of each
// kernel after warm-up with L2 flushed before every timed run, and the result copied back.
#include <cub/version.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "kernels/device/bench_backend.h"
#include "kernels/device/device_gpu.h"
#include "kernels/device/grid_exec.cuh"
#include "engine/runner.h"

namespace scanscope {
namespace device {

namespace {

__global__ void flush_l2_kernel(const int4* __restrict__ buf, long long count, int* sink) {
  int4 acc = make_int4(0, 0, 0, 0);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count; i += static_cast<long long>(gridDim.x) * blockDim.x) {
    int4 v = buf[i];
    acc.x ^= v.x;
    acc.y ^= v.w;
  }
  if (acc.x == 0x12345678 && acc.y == 0x9abcdef) *sink = 1;  // keeps the loads
}

class CudaBenchSession : public GpuBenchSession {
 public:
  CudaBenchSession() {
    int dev = 0;
    cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
    cudaDeviceProp prop;
    cuda_check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
    name_ = prop.name;
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    driver_ = "driver " + std::to_string(drv / 1000) + "." + std::to_string(drv % 1000 / 10) + ", runtime " + std::to_string(rt / 1000) + "." +
              std::to_string(rt % 1000 / 10) + ", " + std::to_string(prop.multiProcessorCount) + " SMs, L2 " + std::to_string(prop.l2CacheSize >> 20) + " MiB";
    flush_bytes_ = std::max<size_t>(2 * static_cast<size_t>(prop.l2CacheSize), 64u << 20);
    cuda_check(cudaMalloc(&flush_, flush_bytes_ + 256), "allocate the L2 flush buffer");
    cuda_check(cudaMemset(flush_, 1, flush_bytes_ + 256), "fill the L2 flush buffer");
    cuda_check(cudaStreamCreate(&stream_), "cudaStreamCreate");
    cuda_check(cudaEventCreate(&start_), "cudaEventCreate");
    cuda_check(cudaEventCreate(&stop_), "cudaEventCreate");
    max_blocks_ = gpu_max_blocks();
  }
  ~CudaBenchSession() override {
    release();
    cudaFree(flush_);
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaStreamDestroy(stream_);
  }
  std::string device() const override { return name_; }
  std::string driver() const override { return driver_; }
  std::string cub_version() const override {
    return "CUB " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." + std::to_string(CUB_SUBMINOR_VERSION);
  }

  std::string prepare(long long n, bool is_float, const void* host_in, const std::vector<std::string>& kernels) override {
    release();
    is_float_ = is_float;
    n_ = n;
    size_t ws = 256;
    for (const auto& k : kernels) ws = std::max(ws, gpu_workspace_bytes(k, n, max_blocks_));
    const size_t bytes = static_cast<size_t>(n) * 4;
    bool select = false;
    for (const auto& k : kernels) select = select || gpu_is_select(k);
    const size_t select_bytes = select ? bytes + static_cast<size_t>(n) + 256 : 0;  // the compactions' values and flags
    bool sort = false;
    for (const auto& k : kernels) sort = sort || gpu_is_sort(k);
    const size_t sort_bytes = sort ? 3 * bytes : 0;  // the sorts' keys, values and sorted values (the sorted keys: out)
    const size_t need = 2 * bytes + select_bytes + sort_bytes + ws + (3u << 20);
    size_t free_b = 0, total_b = 0;
    cuda_check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    auto mib = [](size_t b) { return std::to_string(b >> 20) + " MiB"; };
    if (need > free_b)
      return "skipped: needs " + mib(need) + " of GPU memory, " + mib(free_b) + " free of " + mib(total_b);
    if (!alloc(&in_, bytes) || !alloc(&out_, bytes) || !alloc(&ws_, ws) ||
        (select && (!alloc(&sel_in_, bytes) || !alloc(&flags_, static_cast<size_t>(n)) || !alloc(&count_, 256))) ||
        (sort && (!alloc(&sort_keys_, bytes) || !alloc(&sort_vals_, bytes) || !alloc(&sort_vals_out_, bytes)))) {
      release();
      return "skipped: cudaMalloc ran out of GPU memory (" + mib(need) + " needed)";
    }
    ws_bytes_ = ws;
    cuda_check(cudaMemset(ws_, 0, ws), "clear the workspace");  // reduce-best's counter starts at 0
    cuda_check(cudaMemcpy(in_, host_in, bytes, cudaMemcpyHostToDevice), "upload the input");
    return "";
  }

  double time(const std::string& kernel, bool inclusive, int warmup, int repeats, void* host_out, size_t out_count) override {
    auto run = [&] { gpu_launch(kernel, is_float_, inclusive, in_, out_, n_, ws_, ws_bytes_, max_blocks_, stream_); };
    const double ms = timed(kernel, run, warmup, repeats);
    cuda_check(cudaMemsetAsync(out_, 0xff, static_cast<size_t>(n_) * 4, stream_), kernel + ": poison the output");
    run();
    cuda_check(cudaStreamSynchronize(stream_), kernel + ": checked run");
    cuda_check(cudaMemcpy(host_out, out_, out_count * 4, cudaMemcpyDeviceToHost), kernel + ": copy the result back");
    return ms;
  }

  void upload_select(const void* host_values, const uint8_t* host_flags) override {
    if (!sel_in_ || !flags_) throw std::logic_error("upload_select: prepare was given no compaction");
    cuda_check(cudaMemcpy(sel_in_, host_values, static_cast<size_t>(n_) * 4, cudaMemcpyHostToDevice), "upload the compaction input");
    cuda_check(cudaMemcpy(flags_, host_flags, static_cast<size_t>(n_), cudaMemcpyHostToDevice), "upload the compaction flags");
  }

  double time_select(const std::string& kernel, double threshold, int warmup, int repeats, void* host_out, long long* selected) override {
    if (!sel_in_) throw std::logic_error(kernel + ": prepare was given no compaction");
    auto run = [&] { gpu_launch_select(kernel, is_float_, sel_in_, flags_, out_, count_, n_, threshold, ws_, ws_bytes_, stream_); };
    const double ms = timed(kernel, run, warmup, repeats);
    cuda_check(cudaMemsetAsync(out_, 0xff, static_cast<size_t>(n_) * 4, stream_), kernel + ": poison the output");
    cuda_check(cudaMemsetAsync(count_, 0xff, sizeof(int), stream_), kernel + ": poison the count");
    run();
    cuda_check(cudaStreamSynchronize(stream_), kernel + ": checked run");
    int count = -1;
    cuda_check(cudaMemcpy(&count, count_, sizeof(int), cudaMemcpyDeviceToHost), kernel + ": copy the count back");
    cuda_check(cudaMemcpy(host_out, out_, static_cast<size_t>(n_) * 4, cudaMemcpyDeviceToHost), kernel + ": copy the result back");
    *selected = count;
    return ms;
  }

  void upload_sort(const void* host_keys, const uint32_t* host_values) override {
    if (!sort_keys_) throw std::logic_error("upload_sort: prepare was given no sort");
    cuda_check(cudaMemcpy(sort_keys_, host_keys, static_cast<size_t>(n_) * 4, cudaMemcpyHostToDevice), "upload the sort keys");
    cuda_check(cudaMemcpy(sort_vals_, host_values, static_cast<size_t>(n_) * 4, cudaMemcpyHostToDevice), "upload the sort values");
  }

  double time_sort(const std::string& kernel, int warmup, int repeats, void* host_keys_out, uint32_t* host_values_out) override {
    if (!sort_keys_) throw std::logic_error(kernel + ": prepare was given no sort");
    auto run = [&] { gpu_launch_sort(kernel, is_float_, sort_keys_, sort_vals_, out_, sort_vals_out_, n_, ws_, ws_bytes_, max_blocks_, stream_); };
    const double ms = timed(kernel, run, warmup, repeats);
    const size_t bytes = static_cast<size_t>(n_) * 4;
    cuda_check(cudaMemsetAsync(out_, 0xff, bytes, stream_), kernel + ": poison the keys out");
    cuda_check(cudaMemsetAsync(sort_vals_out_, 0xff, bytes, stream_), kernel + ": poison the values out");
    run();
    cuda_check(cudaStreamSynchronize(stream_), kernel + ": checked run");
    cuda_check(cudaMemcpy(host_keys_out, out_, bytes, cudaMemcpyDeviceToHost), kernel + ": copy the keys back");
    if (host_values_out) cuda_check(cudaMemcpy(host_values_out, sort_vals_out_, bytes, cudaMemcpyDeviceToHost), kernel + ": copy the values back");
    return ms;
  }

 private:
  // Warm-up runs, then `repeats` runs timed with CUDA events after flushing L2: the median in ms.
  template <class Run>
  double timed(const std::string& kernel, const Run& run, int warmup, int repeats) {
    auto sync = [&](const char* what) { cuda_check(cudaStreamSynchronize(stream_), kernel + ": " + what); };
    // Other kernels of this size used the workspace too; reduce-best's counter must start at 0.
    cuda_check(cudaMemsetAsync(ws_, 0, ws_bytes_, stream_), kernel + ": clear the workspace");
    std::vector<float> times;
    for (int i = 0; i < warmup; ++i) {
      cuda_check(cudaEventRecord(start_, stream_), kernel + ": cudaEventRecord");
      run();
      cuda_check(cudaEventRecord(stop_, stream_), kernel + ": cudaEventRecord");
      sync("warm-up run");
      float ms = 0;
      cudaEventElapsedTime(&ms, start_, stop_);
      if (ms > 100) repeats = std::min(repeats, 3);  // slow kernels: fewer repeats
    }
    for (int r = 0; r < repeats; ++r) {
      flush_l2_kernel<<<1024, 256, 0, stream_>>>(static_cast<const int4*>(flush_), static_cast<long long>(flush_bytes_ / 16), static_cast<int*>(flush_) + flush_bytes_ / 4);
      cuda_check(cudaGetLastError(), "L2 flush");
      cuda_check(cudaEventRecord(start_, stream_), kernel + ": cudaEventRecord");
      run();
      cuda_check(cudaEventRecord(stop_, stream_), kernel + ": cudaEventRecord");
      sync("timed run");
      float ms = 0;
      cuda_check(cudaEventElapsedTime(&ms, start_, stop_), kernel + ": cudaEventElapsedTime");
      times.push_back(ms);
    }
    if (times.empty()) return 0;
    std::sort(times.begin(), times.end());
    size_t k = times.size();
    return k % 2 ? times[k / 2] : 0.5 * (times[k / 2 - 1] + times[k / 2]);
  }

 public:
  void run_once(const std::string& kernel, bool inclusive, void* host_out, size_t out_count) override {
    cuda_check(cudaMemsetAsync(out_, 0xff, static_cast<size_t>(n_) * 4, stream_), kernel + ": poison the output");
    gpu_launch(kernel, is_float_, inclusive, in_, out_, n_, ws_, ws_bytes_, max_blocks_, stream_);
    cuda_check(cudaStreamSynchronize(stream_), kernel + ": run");
    cuda_check(cudaMemcpy(host_out, out_, out_count * 4, cudaMemcpyDeviceToHost), kernel + ": copy the result back");
  }

  void upload(const void* host_in) override {
    cuda_check(cudaMemcpy(in_, host_in, static_cast<size_t>(n_) * 4, cudaMemcpyHostToDevice), "upload the input");
  }

  void release() override {
    cudaFree(in_);
    cudaFree(out_);
    cudaFree(ws_);
    cudaFree(sel_in_);
    cudaFree(flags_);
    cudaFree(count_);
    cudaFree(sort_keys_);
    cudaFree(sort_vals_);
    cudaFree(sort_vals_out_);
    in_ = out_ = ws_ = sel_in_ = flags_ = count_ = sort_keys_ = sort_vals_ = sort_vals_out_ = nullptr;
  }

 private:
  bool alloc(void** p, size_t bytes) {
    cudaError_t e = cudaMalloc(p, bytes);
    if (e == cudaErrorMemoryAllocation) {
      cudaGetLastError();  // clear it
      *p = nullptr;
      return false;
    }
    cuda_check(e, "cudaMalloc");
    return true;
  }

  std::string name_, driver_;
  void* flush_ = nullptr;
  size_t flush_bytes_ = 0;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  int max_blocks_ = 0;
  bool is_float_ = false;
  long long n_ = 0;
  void *in_ = nullptr, *out_ = nullptr, *ws_ = nullptr;
  void *sel_in_ = nullptr, *flags_ = nullptr, *count_ = nullptr;  // the compactions' values, flags and count
  void *sort_keys_ = nullptr, *sort_vals_ = nullptr, *sort_vals_out_ = nullptr;  // the sorts' keys and values (sorted keys: out_)
  size_t ws_bytes_ = 0;
};

}  // namespace

std::unique_ptr<GpuBenchSession> open_gpu_bench(std::string* why) {
  GpuStatus s = gpu_status();
  if (!s.usable) {
    *why = s.why;
    return nullptr;
  }
  try {
    return std::make_unique<CudaBenchSession>();
  } catch (const std::exception& e) {
    *why = e.what();
    return nullptr;
  }
}

}  // namespace device
}  // namespace scanscope
