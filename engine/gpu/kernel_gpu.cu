// Kernel files on the GPU (see kernel_gpu.h).
#include <cuda_runtime.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "engine/gpu/instrument.h"
#include "engine/gpu/kernel_gpu.h"
#include "engine/gpu/nvrtc.h"
#include "engine/runner.h"

namespace scanscope {

namespace {

constexpr int kMaxSnapshots = 4096;

void check(cudaError_t e, const std::string& kernel, const std::string& what) {
  if (e != cudaSuccess)
    throw std::runtime_error(kernel + ": " + what + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

// The device's printf output of the launches between construction and finish(): the CUDA driver
// writes it to the process's standard output when the host synchronises, so file descriptor 1 is
// pointed at a temporary file meanwhile (process-wide: nothing else should print to stdout then).
class StdoutCapture {
 public:
  StdoutCapture() {
    std::fflush(stdout);
    file_ = std::tmpfile();
    if (!file_) return;
    saved_ = dup(1);
    if (saved_ < 0 || dup2(fileno(file_), 1) < 0) restore();
  }
  ~StdoutCapture() { finish(); }
  // Restores standard output and returns what was written meanwhile (at most 64 MiB of it).
  std::string finish() {
    std::string text;
    if (!file_) return text;
    std::fflush(stdout);
    restore();
    std::rewind(file_);
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file_)) > 0 && text.size() < (64u << 20)) text.append(buf, n);
    std::fclose(file_);
    file_ = nullptr;
    return text;
  }

 private:
  void restore() {
    if (saved_ >= 0) {
      dup2(saved_, 1);
      close(saved_);
      saved_ = -1;
    }
  }
  FILE* file_ = nullptr;
  int saved_ = -1;
};

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
  const size_t nl = k.launches.size();

  // The global arrays as the host sets them before every run, as the interpreter has them: in
  // (the input: a kernel may write it in place), the arrays of init: lines, the others poisoned.
  std::vector<std::vector<uint32_t>> initial;
  std::vector<std::unique_ptr<DeviceBuffer<uint32_t>>> arrays;
  for (size_t a = 0; a < k.arrays.size(); ++a) {
    initial.push_back(initial_array_words(k, a));
    arrays.push_back(std::make_unique<DeviceBuffer<uint32_t>>(static_cast<size_t>(k.arrays[a].count), name));
  }
  std::vector<size_t> device_vars;  // the arrays that are the file's __device__ variables
  for (size_t a = 0; a < k.arrays.size(); ++a)
    if (k.arrays[a].device_var >= 0) device_vars.push_back(a);

  struct Prepared {
    GpuSources src;
    Loaded mod;
    std::vector<uint64_t> values;
    std::vector<void*> args;
    size_t smem = 0;
    int max_steps = kMaxSnapshots;
    std::unique_ptr<DeviceBuffer<uint32_t>> log;
  };
  std::vector<Prepared> launches(nl);
  for (size_t i = 0; i < nl; ++i) {
    const ResolvedLaunch& L = k.launches[i];
    Prepared& p = launches[i];
    const int words = static_cast<int>((L.spec.dynamic_smem_bytes + 3) / 4);
    // a grid's log: at most 2^26 words (256 MiB), at least 64 snapshots per block
    p.max_steps = std::max(64, std::min<int>(kMaxSnapshots, static_cast<int>((1LL << 26) / (static_cast<long long>(L.spec.grid) * (words + 1)))));
    p.src = gpu_sources(k, p.max_steps, static_cast<int>(i));
    p.mod = traced ? load(p.src.traced, k.file.display, "__ss_traced", name) : load(p.src.timed, k.file.display, p.src.entry, name);
    p.values.assign(L.spec.args.size() + 1, 0);
    // arg_offset counts bytes (a char array's `in + 3` is 3 bytes on)
    for (size_t a = 0; a < L.spec.args.size(); ++a)
      p.values[a] = L.arg_array[a] >= 0 ? reinterpret_cast<uint64_t>(reinterpret_cast<char*>(arrays[static_cast<size_t>(L.arg_array[a])]->ptr) + L.arg_offset[a]) : L.spec.args[a];
    for (size_t a = 0; a < L.spec.args.size(); ++a) p.args.push_back(&p.values[a]);
    p.smem = static_cast<size_t>(L.spec.dynamic_smem_bytes);
    if (traced) {
      const size_t log_words = static_cast<size_t>(L.spec.grid) * static_cast<size_t>(p.max_steps) * static_cast<size_t>(p.src.snapshot_words + 1);
      p.log = std::make_unique<DeviceBuffer<uint32_t>>(log_words, name);
      check(cudaMemset(p.log->ptr, 0, log_words * 4), name, "cudaMemset");
      p.values.back() = reinterpret_cast<uint64_t>(p.log->ptr);
      p.args.push_back(&p.values.back());
      p.smem = static_cast<size_t>(p.src.counter_word + 4) * 4;
    }
  }
  // A __device__ variable is a symbol of each loaded module (launches of different kernels, and
  // every traced launch, load modules of their own): the first module that has it starts at its
  // initial value, and each launch whose module's copy differs from the last one used first takes
  // the values that one left, so that the sequence has one variable, as the interpreter has. The
  // variable's own buffer (arrays) receives what the last launch left, and is read back with the
  // others. A module the compiler left it out of (no kernel there uses it) has none.
  const size_t nd = device_vars.size();
  std::vector<std::vector<void*>> symbol(nl, std::vector<void*>(nd, nullptr));
  std::vector<void*> first_holder(nd, nullptr), last_holder(nd, nullptr);
  for (size_t d = 0; d < nd; ++d) first_holder[d] = arrays[device_vars[d]]->ptr;
  for (size_t i = 0; i < nl; ++i)
    for (size_t d = 0; d < nd; ++d) {
      const ResolvedArray& arr = k.arrays[device_vars[d]];
      size_t bytes = 0;
      const cudaError_t e = cudaLibraryGetGlobal(&symbol[i][d], &bytes, launches[i].mod.lib, arr.name.c_str());
      if (e == cudaErrorSymbolNotFound || e == cudaErrorInvalidSymbol) {
        cudaGetLastError();
        symbol[i][d] = nullptr;
        continue;
      }
      check(e, name, "cudaLibraryGetGlobal(" + arr.name + ")");
      if (bytes != static_cast<size_t>(arr.count) * 4)
        throw std::runtime_error(name + ": the GPU's __device__ variable " + arr.name + " has " + std::to_string(bytes) + " bytes, the interpreter's " +
                                 std::to_string(arr.count * 4));
      if (first_holder[d] == arrays[device_vars[d]]->ptr) first_holder[d] = symbol[i][d];
    }
  auto reset = [&]() {
    for (size_t a = 0; a < arrays.size(); ++a)
      check(cudaMemcpy(arrays[a]->ptr, initial[a].data(), initial[a].size() * 4, cudaMemcpyHostToDevice), name,
            a == 0 ? std::string("copy input") : "set " + k.arrays[a].name);
    for (size_t d = 0; d < nd; ++d)
      check(cudaMemcpy(first_holder[d], initial[device_vars[d]].data(), initial[device_vars[d]].size() * 4, cudaMemcpyHostToDevice), name,
            "set " + k.arrays[device_vars[d]].name);
  };
  auto run_sequence = [&]() {
    for (size_t i = 0; i < nl; ++i) {
      for (size_t d = 0; d < nd; ++d) {
        if (i == 0) last_holder[d] = first_holder[d];
        if (!symbol[i][d] || symbol[i][d] == last_holder[d]) continue;
        check(cudaMemcpyAsync(symbol[i][d], last_holder[d], static_cast<size_t>(k.arrays[device_vars[d]].count) * 4, cudaMemcpyDeviceToDevice),
              name, "copy " + k.arrays[device_vars[d]].name + " between launches");
        last_holder[d] = symbol[i][d];
      }
      const void* fn = reinterpret_cast<const void*>(launches[i].mod.kernel);
      const Dim3 g3 = k.launches[i].spec.grid_shape(), b3 = k.launches[i].spec.block_shape();  // the launch line's dim3 shapes
      check(cudaLaunchKernel(fn, dim3(static_cast<unsigned>(g3.x), static_cast<unsigned>(g3.y), static_cast<unsigned>(g3.z)),
                             dim3(static_cast<unsigned>(b3.x), static_cast<unsigned>(b3.y), static_cast<unsigned>(b3.z)), launches[i].args.data(),
                             launches[i].smem, nullptr),
            name, nl > 1 ? "launch " + std::to_string(i + 1) : std::string("launch"));
    }
  };
  GpuKernelRun run;
  run.device = g.name;
  StdoutCapture printed;  // the kernel's printf output (kept for a traced run, dropped otherwise)
  if (warm_up && !traced) {  // the first launch also loads the module
    reset();
    run_sequence();
    check(cudaDeviceSynchronize(), name, "the kernel (warm-up)");
  }
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), name, "cudaEventCreate");
  check(cudaEventCreate(&b), name, "cudaEventCreate");
  // The events bracket the launches alone (the host's set-up of the arrays comes before them); a
  // timed run takes the median of `repeats` runs, each on freshly set arrays.
  std::vector<float> times;
  for (int r = 0; r < (traced ? 1 : std::max(1, repeats)); ++r) {
    reset();
    cudaEventRecord(a);
    run_sequence();
    cudaEventRecord(b);
    check(cudaDeviceSynchronize(), name, traced ? "the traced kernel" : "the kernel");
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    times.push_back(ms);
  }
  {
    const std::string text = printed.finish();
    if (traced) run.printed = print_lines(text);
  }
  std::sort(times.begin(), times.end());
  run.ms = times[times.size() / 2];
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  for (size_t d = 0; d < nd; ++d)  // what the last launch left, into the variable's own buffer
    if (last_holder[d] && last_holder[d] != arrays[device_vars[d]]->ptr)
      check(cudaMemcpy(arrays[device_vars[d]]->ptr, last_holder[d], static_cast<size_t>(k.arrays[device_vars[d]].count) * 4, cudaMemcpyDeviceToDevice),
            name, "copy " + k.arrays[device_vars[d]].name);
  for (size_t i = 0; i < arrays.size(); ++i) {
    std::vector<uint32_t> h(arrays[i]->count);
    check(cudaMemcpy(h.data(), arrays[i]->ptr, h.size() * 4, cudaMemcpyDeviceToHost), name, "copy arrays");
    run.arrays.push_back(std::move(h));
  }

  run.output = kernel_output(k, run.arrays[1]);
  if (traced) {
    for (size_t i = 0; i < nl; ++i) {
      const Prepared& p = launches[i];
      std::vector<uint32_t> log_h(p.log->count);
      check(cudaMemcpy(log_h.data(), p.log->ptr, log_h.size() * 4, cudaMemcpyDeviceToHost), name, "copy snapshots");
      const size_t snap_words = static_cast<size_t>(p.src.snapshot_words) + 1;
      for (int blk = 0; blk < k.launches[i].spec.grid; ++blk) {
        GpuKernelRun::BlockSnapshots bs;
        bs.launch = static_cast<int>(i);
        bs.block = blk;
        for (int s = 0; s < p.max_steps; ++s) {
          const uint32_t* snap = log_h.data() + (static_cast<size_t>(blk) * static_cast<size_t>(p.max_steps) + static_cast<size_t>(s)) * snap_words;
          if (snap[p.src.snapshot_words] != 1u) break;
          bs.snapshots.emplace_back(snap, snap + p.src.snapshot_words);
        }
        run.blocks.push_back(std::move(bs));
      }
    }
  }
  return run;
}

}  // namespace scanscope
