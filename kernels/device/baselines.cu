// GPU entry points (device_gpu.h): the registry's strategies (strategies.h), NVIDIA's CUB, a
// device-to-device copy and a read-only bandwidth probe, behind one launch function the bench times.
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "kernels/device/compact_device.h"
#include "kernels/device/device_gpu.h"
#include "kernels/device/grid_exec.cuh"
#include "kernels/device/sort_device.h"

namespace scanscope {
namespace device {

namespace {

// read-probe: the best achievable read bandwidth. No loop, no persistence: each block reads one
// tile of 256 threads x 8 x 16 bytes with every load in flight before the first add, reduces it,
// and adds it to the result with one atomic per block (so the probe is checked like a reduce).
constexpr int kProbeThreads = 256, kProbeUnroll = 8, kProbeTile = kProbeThreads * kProbeUnroll * 4;

template <class T>
__global__ void __launch_bounds__(kProbeThreads) read_probe(const T* __restrict__ in, long long n, T* out) {
  __shared__ T warp_sums[kProbeThreads / kWarpSize];
  const long long base = static_cast<long long>(blockIdx.x) * kProbeTile;
  T sum = T(0);
  if (base + kProbeTile <= n) {
    Vec4<T> v[kProbeUnroll];
#pragma unroll
    for (int u = 0; u < kProbeUnroll; ++u) v[u] = load_vec4(in + base + 4 * (u * kProbeThreads + threadIdx.x));
#pragma unroll
    for (int u = 0; u < kProbeUnroll; ++u) sum += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  } else {
    for (long long i = base + threadIdx.x; i < n; i += kProbeThreads) sum += in[i];
  }
  for (int o = kWarpSize / 2; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (threadIdx.x % kWarpSize == 0) warp_sums[threadIdx.x / kWarpSize] = sum;
  __syncthreads();
  if (threadIdx.x < kWarpSize) {
    sum = threadIdx.x < kProbeThreads / kWarpSize ? warp_sums[threadIdx.x] : T(0);
    for (int o = kWarpSize / 2; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
    if (threadIdx.x == 0) atomicAdd(out, sum);
  }
}

template <class T>
size_t cub_bytes(const std::string& kernel, long long n, bool inclusive) {
  size_t bytes = 0;
  const int items = static_cast<int>(n);
  if (kernel == "cub-reduce") cuda_check(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), items), kernel + ": temp storage query");
  else if (inclusive) cuda_check(cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), items), kernel + ": temp storage query");
  else cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, bytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), items), kernel + ": temp storage query");
  return bytes;
}

template <class T>
void launch_typed(const std::string& kernel, bool inclusive, const T* in, T* out, long long n, void* ws, size_t ws_bytes, cudaStream_t stream) {
  const int items = static_cast<int>(n);
  if (kernel == "cub-reduce") {
    cuda_check(cub::DeviceReduce::Sum(ws, ws_bytes, in, out, items, stream), kernel);
  } else if (kernel == "cub-scan" || kernel == "cub-scan-inclusive") {
    if (inclusive) cuda_check(cub::DeviceScan::InclusiveSum(ws, ws_bytes, in, out, items, stream), kernel);
    else cuda_check(cub::DeviceScan::ExclusiveSum(ws, ws_bytes, in, out, items, stream), kernel);
  } else if (kernel == "read-probe") {
    cuda_check(cudaMemsetAsync(out, 0, sizeof(T), stream), kernel + ": cudaMemsetAsync");
    read_probe<T><<<static_cast<unsigned>(ceil_div(n, kProbeTile)), kProbeThreads, 0, stream>>>(in, n, out);
    cuda_check(cudaGetLastError(), kernel + ": launch");
  } else {
    throw std::logic_error("unknown GPU kernel " + kernel);
  }
}

// CUB's compactions: the predicate x > threshold (cub-select, cub-partition), the byte flags
// (cub-select-flagged).
template <class T>
struct GreaterThan {
  T threshold;
  __host__ __device__ bool operator()(const T& x) const { return x > threshold; }
};

template <class T>
cudaError_t cub_select(const std::string& kernel, void* ws, size_t& ws_bytes, const T* in, const uint8_t* flags, T* out, int* num_selected, long long n,
                       T threshold, cudaStream_t stream) {
  if (kernel == "cub-select") return cub::DeviceSelect::If(ws, ws_bytes, in, out, num_selected, n, GreaterThan<T>{threshold}, stream);
  if (kernel == "cub-select-flagged") return cub::DeviceSelect::Flagged(ws, ws_bytes, in, flags, out, num_selected, n, stream);
  if (kernel == "cub-partition") return cub::DevicePartition::If(ws, ws_bytes, in, out, num_selected, static_cast<int>(n), GreaterThan<T>{threshold}, stream);  // int: 32-bit offsets, its fastest
  throw std::logic_error("unknown GPU compaction " + kernel);
}

size_t cub_select_bytes(const std::string& kernel, long long n) {
  size_t bytes_int = 0, bytes_float = 0;
  cuda_check(cub_select<int>(kernel, nullptr, bytes_int, nullptr, nullptr, nullptr, nullptr, n, 0, nullptr), kernel + ": temp storage query");
  cuda_check(cub_select<float>(kernel, nullptr, bytes_float, nullptr, nullptr, nullptr, nullptr, n, 0.0f, nullptr), kernel + ": temp storage query");
  return bytes_int > bytes_float ? bytes_int : bytes_float;
}

// CUB's radix sorts of all 32 bits: keys alone (cub-sort-keys) or with 32-bit values (cub-sort-pairs).
template <class K>
cudaError_t cub_sort(const std::string& kernel, void* ws, size_t& ws_bytes, const K* keys_in, const uint32_t* vals_in, K* keys_out, uint32_t* vals_out, long long n,
                     cudaStream_t stream) {
  const int items = static_cast<int>(n);  // int: 32-bit offsets
  if (kernel == "cub-sort-keys") return cub::DeviceRadixSort::SortKeys(ws, ws_bytes, keys_in, keys_out, items, 0, 32, stream);
  if (kernel == "cub-sort-pairs") return cub::DeviceRadixSort::SortPairs(ws, ws_bytes, keys_in, keys_out, vals_in, vals_out, items, 0, 32, stream);
  throw std::logic_error("unknown GPU sort " + kernel);
}

size_t cub_sort_bytes(const std::string& kernel, long long n) {
  size_t bytes_int = 0, bytes_float = 0;
  cuda_check(cub_sort<int>(kernel, nullptr, bytes_int, nullptr, nullptr, nullptr, nullptr, n, nullptr), kernel + ": temp storage query");
  cuda_check(cub_sort<float>(kernel, nullptr, bytes_float, nullptr, nullptr, nullptr, nullptr, n, nullptr), kernel + ": temp storage query");
  return bytes_int > bytes_float ? bytes_int : bytes_float;
}

}  // namespace

bool gpu_is_sort(const std::string& kernel) { return find_sort(kernel) || kernel == "cub-sort-keys" || kernel == "cub-sort-pairs"; }

void gpu_launch_sort(const std::string& kernel, bool is_float, const void* keys_in, const void* vals_in, void* keys_out, void* vals_out, long long n,
                     void* workspace, size_t workspace_bytes, int max_blocks, void* stream_ptr) {
  if (find_sort(kernel)) {
    gpu_launch_sort_row(kernel, static_cast<int>(is_float ? SortKey::Float : SortKey::Int), keys_in, vals_in, keys_out, vals_out, n, workspace, max_blocks, stream_ptr);
    return;
  }
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  size_t bytes = workspace_bytes;
  const uint32_t* vin = static_cast<const uint32_t*>(vals_in);
  uint32_t* vout = static_cast<uint32_t*>(vals_out);
  if (is_float)
    cuda_check(cub_sort<float>(kernel, workspace, bytes, static_cast<const float*>(keys_in), vin, static_cast<float*>(keys_out), vout, n, stream), kernel);
  else
    cuda_check(cub_sort<int>(kernel, workspace, bytes, static_cast<const int*>(keys_in), vin, static_cast<int*>(keys_out), vout, n, stream), kernel);
}

bool gpu_is_select(const std::string& kernel) {
  return find_compaction(kernel) || kernel == "cub-select" || kernel == "cub-select-flagged" || kernel == "cub-partition";
}

void gpu_launch_select(const std::string& kernel, bool is_float, const void* in, const void* flags, void* out, void* num_selected, long long n,
                       double threshold, void* workspace, size_t workspace_bytes, void* stream_ptr) {
  if (find_compaction(kernel)) {
    gpu_launch_compaction(kernel, is_float, in, flags, out, num_selected, n, threshold, workspace, stream_ptr);
    return;
  }
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  size_t bytes = workspace_bytes;
  if (is_float)
    cuda_check(cub_select<float>(kernel, workspace, bytes, static_cast<const float*>(in), static_cast<const uint8_t*>(flags), static_cast<float*>(out),
                                 static_cast<int*>(num_selected), n, static_cast<float>(threshold), stream),
               kernel);
  else
    cuda_check(cub_select<int>(kernel, workspace, bytes, static_cast<const int*>(in), static_cast<const uint8_t*>(flags), static_cast<int*>(out),
                               static_cast<int*>(num_selected), n, static_cast<int>(threshold), stream),
               kernel);
}

int gpu_max_blocks() {
  int dev = 0, sms = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "cudaDeviceGetAttribute");
  return sms * ReduceBestStage::kMinBlocks;
}

size_t gpu_workspace_bytes(const std::string& kernel, long long n, int max_blocks) {
  if (const StrategyInfo* s = find_strategy(kernel)) return workspace_bytes(*s, n, max_blocks);
  if (const CompactInfo* c = find_compaction(kernel)) return compaction_workspace_bytes(*c, n);
  if (gpu_is_select(kernel)) return cub_select_bytes(kernel, n);
  if (const SortInfo* r = find_sort(kernel)) return sort_workspace_bytes(*r, n);
  if (gpu_is_sort(kernel)) return cub_sort_bytes(kernel, n);
  if (kernel.rfind("cub-", 0) == 0) return cub_bytes<int>(kernel, n, kernel == "cub-scan-inclusive");
  return 0;
}

void gpu_launch(const std::string& kernel, bool is_float, bool inclusive, const void* in, void* out, long long n,
                void* workspace, size_t workspace_bytes, int max_blocks, void* stream_ptr) {
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  if (const StrategyInfo* s = find_strategy(kernel)) {
    if (s->scan()) launch_strategy<Family::Scan>(*s, is_float, inclusive, in, out, n, workspace, max_blocks, stream);
    else launch_strategy<Family::Reduce>(*s, is_float, inclusive, in, out, n, workspace, max_blocks, stream);
    return;
  }
  if (kernel == "copy") {
    cuda_check(cudaMemcpyAsync(out, in, static_cast<size_t>(n) * 4, cudaMemcpyDeviceToDevice, stream), kernel + ": cudaMemcpyAsync");
    return;
  }
  if (is_float) launch_typed(kernel, inclusive, static_cast<const float*>(in), static_cast<float*>(out), n, workspace, workspace_bytes, stream);
  else launch_typed(kernel, inclusive, static_cast<const int*>(in), static_cast<int*>(out), n, workspace, workspace_bytes, stream);
}

}  // namespace device
}  // namespace scanscope
