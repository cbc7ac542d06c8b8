// Kernel files on the GPU (see kernel_gpu.h).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <stdexcept>

#include "engine/gpu/instrument.h"
#include "engine/gpu/kernel_gpu.h"
#include "engine/gpu/nvrtc.h"
#include "engine/runner.h"

namespace scanscope {

namespace {

constexpr int kMaxSnapshots = 4096;

void check(cudaError_t e, const std::string& kernel, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(kernel + ": " + what + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

struct Loaded {
  cudaLibrary_t lib = nullptr;
  cudaKernel_t kernel = nullptr;
};

std::string device_arch() {
  int dev = 0;
  cudaGetDevice(&dev);
  cudaDeviceProp p;
  if (cudaGetDeviceProperties(&p, dev) != cudaSuccess) return "sm_90";
  return "sm_" + std::to_string(p.major) + std::to_string(p.minor);
}

// Compiled and loaded modules, by source text (a small cache: the window and validate re-run).
Loaded load(const std::string& source, const std::string& name, const std::string& expression, const std::string& kernel_name) {
  static std::mutex mu;
  static std::list<std::pair<std::string, Loaded>> cache;
  std::lock_guard<std::mutex> lock(mu);
  const std::string key = expression + '\0' + source;
  for (auto it = cache.begin(); it != cache.end(); ++it)
    if (it->first == key) return it->second;
  std::string why;
  if (!nvrtc::available(&why)) throw std::runtime_error(kernel_name + ": cannot compile for the GPU: " + why);
  nvrtc::Result r = nvrtc::compile(source, name, device_arch(), true, expression == "__ss_traced" ? "" : expression);
  if (!r.ok) {  // shown like the interpreter's errors: on its line of the user's file
    nvrtc::LogError e;
    if (nvrtc::first_error(r.log, &e)) {
      cuda::Pos pos;
      pos.line = e.line;
      pos.col = 1;
      throw cuda::CudaError(e.file + ":" + std::to_string(e.line) + ":1: NVRTC (the GPU's compiler): " + e.message, pos,
                            "NVRTC (the GPU's compiler): " + e.message);
    }
    throw std::runtime_error(kernel_name + ": NVRTC: " + r.log.substr(0, r.log.find('\n')));
  }
  Loaded l;
  check(cudaLibraryLoadData(&l.lib, r.cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0), kernel_name, "cudaLibraryLoadData");
  const std::string symbol = expression == "__ss_traced" ? expression : r.lowered_name;
  check(cudaLibraryGetKernel(&l.kernel, l.lib, symbol.c_str()), kernel_name, "cudaLibraryGetKernel");
  cache.emplace_front(key, l);
  if (cache.size() > 64) {
    cudaLibraryUnload(cache.back().second.lib);
    cache.pop_back();
  }
  return l;
}

template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  size_t count = 0;
  DeviceBuffer(size_t n, const std::string& kernel) : count(n) { check(cudaMalloc(&ptr, std::max<size_t>(n, 1) * sizeof(T)), kernel, "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace

GpuKernelRun run_kernel_on_gpu(const ResolvedKernel& k, bool traced, bool warm_up, int repeats) {
  GpuStatus g = gpu_status();
  if (!g.usable) throw std::runtime_error("no usable GPU: " + g.why);
  const std::string& name = k.file.id;
  const GpuSources src = gpu_sources(k, kMaxSnapshots);
  const Loaded mod = traced ? load(src.traced, k.file.display, "__ss_traced", name) : load(src.timed, k.file.display, src.entry, name);

  const std::vector<uint32_t> in_h = kernel_input_words(k);
  DeviceBuffer<uint32_t> in(in_h.size(), name), out(static_cast<size_t>(k.out_count), name);
  check(cudaMemcpy(in.ptr, in_h.data(), in_h.size() * 4, cudaMemcpyHostToDevice), name, "copy input");
  const int grid = k.launch.grid;
  const size_t log_words = traced ? static_cast<size_t>(grid) * kMaxSnapshots * (src.snapshot_words + 1) : 1;
  DeviceBuffer<uint32_t> log(log_words, name);
  if (traced) check(cudaMemset(log.ptr, 0, log_words * 4), name, "cudaMemset");

  // Arguments as the launch line binds them: 4-byte scalars, or the in/out pointers.
  std::vector<uint64_t> values(k.launch.args.size() + 1, 0);
  std::vector<void*> args;
  for (size_t a = 0; a < k.launch.args.size(); ++a) {
    if (static_cast<int>(a) == k.in_arg) values[a] = reinterpret_cast<uint64_t>(in.ptr);
    else if (static_cast<int>(a) == k.out_arg) values[a] = reinterpret_cast<uint64_t>(out.ptr);
    else values[a] = k.launch.args[a];
    args.push_back(&values[a]);
  }
  if (traced) {
    values.back() = reinterpret_cast<uint64_t>(log.ptr);
    args.push_back(&values.back());
  }
  size_t smem = static_cast<size_t>(k.launch.dynamic_smem_bytes);
  if (traced) smem = static_cast<size_t>(src.counter_word + 4) * 4;
  const void* fn = reinterpret_cast<const void*>(mod.kernel);
  auto poison = [&]() { check(cudaMemset(out.ptr, 0xff, out.count * 4), name, "poison output"); };
  auto launch = [&]() { check(cudaLaunchKernel(fn, dim3(grid), dim3(k.launch.block), args.data(), smem, nullptr), name, "launch"); };
  GpuKernelRun run;
  run.device = g.name;
  if (warm_up && !traced) {  // the first launch also loads the module
    poison();
    launch();
    check(cudaDeviceSynchronize(), name, "the kernel (warm-up)");
  }
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), name, "cudaEventCreate");
  check(cudaEventCreate(&b), name, "cudaEventCreate");
  // The events bracket the kernel alone (the output's poisoning comes before them); a timed run
  // takes the median of `repeats` launches, each on a freshly poisoned output.
  std::vector<float> times;
  for (int r = 0; r < (traced ? 1 : std::max(1, repeats)); ++r) {
    poison();
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    check(cudaDeviceSynchronize(), name, traced ? "the traced kernel" : "the kernel");
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  run.ms = times[times.size() / 2];
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::vector<uint32_t> out_h(out.count);
  check(cudaMemcpy(out_h.data(), out.ptr, out_h.size() * 4, cudaMemcpyDeviceToHost), name, "copy output");
  run.output = kernel_output(k, out_h);
  if (traced) {
    std::vector<uint32_t> log_h(static_cast<size_t>(kMaxSnapshots) * (src.snapshot_words + 1));
    check(cudaMemcpy(log_h.data(), log.ptr, log_h.size() * 4, cudaMemcpyDeviceToHost), name, "copy snapshots");  // block 0
    for (int s = 0; s < kMaxSnapshots; ++s) {
      const uint32_t* snap = log_h.data() + static_cast<size_t>(s) * (src.snapshot_words + 1);
      if (snap[src.snapshot_words] != 1u) break;
      run.snapshots.emplace_back(snap, snap + src.snapshot_words);
    }
  }
  return run;
}

}  // namespace scanscope
