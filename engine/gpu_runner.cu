// GPU side of the trace engine: the traced and timed instantiations of every single-block kernel,
// and the host code that launches them and turns the device log into a Trace.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/bank_model.h"
#include "kernels/device/cuda_block.cuh"
#include "engine/dispatch.h"
#include "engine/runner.h"

namespace scanscope {

namespace {

template <class Alg, class Op, class T>
__global__ void traced_kernel(KernelParams p, const T* in, T* out, DeviceRecorder rec) {
  extern __shared__ uint32_t arena[];
  rec.step = 0;
  rec.seq = 0;
  CudaBlock<DeviceRecorder> b(arena, &rec);
  Alg::template run<Op, T>(b, p, in, out);
}

// The timed kernel: NullRecorder, so the body is exactly the algorithm.
template <class Alg, class Op, class T>
__global__ void timed_kernel(KernelParams p, const T* in, T* out) {
  extern __shared__ uint32_t arena[];
  NullRecorder rec;
  CudaBlock<NullRecorder> b(arena, &rec);
  Alg::template run<Op, T>(b, p, in, out);
}

void check(cudaError_t e, const std::string& kernel, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(kernel + ": " + what + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

// Owns device buffers for one run.
template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  size_t count = 0;
  DeviceBuffer(size_t n, const std::string& kernel) : count(n) { check(cudaMalloc(&ptr, std::max<size_t>(n, 1) * sizeof(T)), kernel, "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

double value_of(uint32_t bits, bool is_float) {
  if (is_float) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  return static_cast<int32_t>(bits);
}

template <class T>
std::vector<T> to_values(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

struct TracedCall {
  template <class Alg, class Op, class T>
  static int call(const KernelParams& p, const Trace& emu, Trace& t) {
    const std::string& name = emu.kernel;
    const KernelInfo& info = *find_kernel(name);
    auto in_h = to_values<T>(emu.input);
    DeviceBuffer<T> in(in_h.size(), name), out(output_capacity(info, emu.n), name);
    check(cudaMemcpy(in.ptr, in_h.data(), in_h.size() * sizeof(T), cudaMemcpyHostToDevice), name, "copy input");
    check(cudaMemset(out.ptr, 0xff, out.count * sizeof(T)), name, "poison output");

    size_t expected = 0;
    for (const auto& s : emu.steps) expected += s.accesses.size();
    const int capacity = static_cast<int>(expected + 4096);
    const int max_steps = static_cast<int>(emu.steps.size()) + 8;
    const int words = std::max(p.smem_words, 1);
    DeviceBuffer<DeviceAccess> log(capacity, name);
    DeviceBuffer<int> counters(2, name);
    DeviceBuffer<uint32_t> snaps(static_cast<size_t>(max_steps) * words, name);
    check(cudaMemset(counters.ptr, 0, 2 * sizeof(int)), name, "cudaMemset");
    check(cudaMemset(snaps.ptr, 0, snaps.count * sizeof(uint32_t)), name, "cudaMemset");

    DeviceRecorder rec{};
    rec.log = log.ptr;
    rec.count = counters.ptr;
    rec.capacity = capacity;
    rec.snapshots = snaps.ptr;
    rec.snapshot_words = words;
    rec.max_steps = max_steps;
    rec.steps_done = counters.ptr + 1;
    traced_kernel<Alg, Op, T><<<1, p.threads, p.smem_words * 4>>>(p, in.ptr, out.ptr, rec);
    check(cudaGetLastError(), name, "launch of the traced kernel");
    check(cudaDeviceSynchronize(), name, "the traced kernel");

    int counts[2];
    check(cudaMemcpy(counts, counters.ptr, sizeof counts, cudaMemcpyDeviceToHost), name, "copy counters");
    if (counts[0] > capacity)
      throw std::runtime_error(name + ": the GPU recorded " + std::to_string(counts[0]) + " accesses, far more than the emulator's " +
                               std::to_string(expected) + ": the traces differ");
    if (counts[1] != static_cast<int>(emu.steps.size()))
      throw std::runtime_error(name + ": the GPU ran " + std::to_string(counts[1]) + " steps, the emulator " +
                               std::to_string(emu.steps.size()));
    std::vector<DeviceAccess> entries(counts[0]);
    check(cudaMemcpy(entries.data(), log.ptr, entries.size() * sizeof(DeviceAccess), cudaMemcpyDeviceToHost), name, "copy log");
    std::vector<uint32_t> snap_h(snaps.count);
    check(cudaMemcpy(snap_h.data(), snaps.ptr, snap_h.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost), name, "copy snapshots");
    std::vector<T> out_h(out.count);
    check(cudaMemcpy(out_h.data(), out.ptr, out_h.size() * sizeof(T), cudaMemcpyDeviceToHost), name, "copy output");

    std::sort(entries.begin(), entries.end(), [](const DeviceAccess& a, const DeviceAccess& b) {
      if (a.step != b.step) return a.step < b.step;
      if (a.tid != b.tid) return a.tid < b.tid;
      return a.seq < b.seq;
    });
    const bool is_float = std::is_floating_point_v<T>;
    t.steps.resize(emu.steps.size());
    std::vector<uint8_t> written(p.smem_words, 0);
    size_t e = 0;
    for (size_t s = 0; s < t.steps.size(); ++s) {
      Step& st = t.steps[s];
      st.label = emu.steps[s].label;
      st.phase = emu.steps[s].phase;
      st.accesses.clear();
      for (; e < entries.size() && entries[e].step == static_cast<int>(s); ++e) {
        const DeviceAccess& d = entries[e];
        Access a;
        a.tid = d.tid;
        a.site = d.site;
        a.op = static_cast<AccessOp>(d.op);
        a.word = d.word;
        a.value = value_of(d.bits, is_float);
        if (a.op == kStore && a.word >= 0 && a.word < p.smem_words) written[a.word] = 1;
        st.accesses.push_back(a);
      }
      st.smem.resize(p.smem_words);
      for (int w = 0; w < p.smem_words; ++w)
        st.smem[w] = written[w] ? value_of(snap_h[s * words + w], is_float) : std::numeric_limits<double>::quiet_NaN();
    }
    t.output.assign(out_h.begin(), out_h.end());
    finish_output(info, emu.n, t.output);
    t.smem_words = p.smem_words;
    return 0;
  }
};

struct TimedCall {
  template <class Alg, class Op, class T>
  static int call(const KernelParams& p, const std::string& name, const std::vector<double>& input, std::vector<double>& output,
                  float* ms, bool warm_up) {
    auto in_h = to_values<T>(input);
    DeviceBuffer<T> in(in_h.size(), name), out(output.size(), name);
    check(cudaMemcpy(in.ptr, in_h.data(), in_h.size() * sizeof(T), cudaMemcpyHostToDevice), name, "copy input");
    check(cudaMemset(out.ptr, 0xff, out.count * sizeof(T)), name, "poison output");
    cudaEvent_t a, b;
    check(cudaEventCreate(&a), name, "cudaEventCreate");
    check(cudaEventCreate(&b), name, "cudaEventCreate");
    if (warm_up) {  // the first launch of a kernel also loads its module (lazy loading)
      timed_kernel<Alg, Op, T><<<1, p.threads, p.smem_words * 4>>>(p, in.ptr, out.ptr);
      check(cudaGetLastError(), name, "launch of the timed kernel");
      check(cudaDeviceSynchronize(), name, "the timed kernel (warm-up)");
      check(cudaMemset(out.ptr, 0xff, out.count * sizeof(T)), name, "poison output");
    }
    cudaEventRecord(a);
    timed_kernel<Alg, Op, T><<<1, p.threads, p.smem_words * 4>>>(p, in.ptr, out.ptr);
    cudaEventRecord(b);
    check(cudaGetLastError(), name, "launch of the timed kernel");
    check(cudaDeviceSynchronize(), name, "the timed kernel");
    float elapsed = 0;
    cudaEventElapsedTime(&elapsed, a, b);
    if (ms) *ms = elapsed;
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::vector<T> out_h(out.count);
    check(cudaMemcpy(out_h.data(), out.ptr, out_h.size() * sizeof(T), cudaMemcpyDeviceToHost), name, "copy output");
    output.assign(out_h.begin(), out_h.end());
    return 0;
  }
};

}  // namespace

bool gpu_built() { return true; }

GpuStatus gpu_status() {
  static GpuStatus cached = [] {
    GpuStatus s;
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      s.why = std::string("CUDA reports ") + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
      return s;
    }
    if (count == 0) {
      s.why = "CUDA sees no GPU";
      return s;
    }
    cudaDeviceProp prop;
    e = cudaGetDeviceProperties(&prop, 0);
    if (e != cudaSuccess) {
      s.why = std::string("cannot read the GPU's properties: ") + cudaGetErrorString(e);
      return s;
    }
    s.name = prop.name;
    s.usable = true;
    return s;
  }();
  return cached;
}

Trace run_gpu_traced(const TraceRequest& r, const Trace& emulated) {
  const KernelInfo* info = nullptr;
  KernelParams p = resolve(r, &info);
  Trace t = emulated;
  if (r.type == ValueType::Int) dispatch_op<TracedCall, int32_t>(info->id, r.op, p, emulated, t);
  else dispatch_op<TracedCall, float>(info->id, r.op, p, emulated, t);
  t.device = "gpu:" + gpu_status().name;
  analyze_banks(t);
  return t;
}

std::vector<double> run_gpu_timed(const TraceRequest& r, float* ms, bool warm_up) {
  const KernelInfo* info = nullptr;
  KernelParams p = resolve(r, &info);
  std::vector<double> input = request_input(r);
  std::vector<double> output(output_capacity(*info, r.n), 0.0);
  if (r.type == ValueType::Int) dispatch_op<TimedCall, int32_t>(info->id, r.op, p, std::string(info->name), input, output, ms, warm_up);
  else dispatch_op<TimedCall, float>(info->id, r.op, p, std::string(info->name), input, output, ms, warm_up);
  finish_output(*info, r.n, output);
  return output;
}

}  // namespace scanscope
