// Running a trace request: the interpreter on the CPU, a check of the same text on the GPU, the
// output against the sequential reference.
#pragma once

#include <string>

#include "engine/catalogue.h"
#include "engine/resolve.h"
#include "engine/trace.h"

namespace scanscope {

enum class Device { Auto, Cpu, Gpu };

struct GpuStatus {
  bool usable = false;
  std::string name;  // e.g. "NVIDIA H100 80GB HBM3"
  std::string why;   // when not usable: why, in one line
};

// Probes once (cached). Never throws.
GpuStatus gpu_status();
bool gpu_built();  // was the CUDA part compiled in?

// The request a trace was made from.
const TraceRequest& request_of(const Trace& t);

// Runs the request in the interpreter, with the compiler's view of vector accesses. Throws
// UsageError for bad requests and cuda::CudaError for errors and faults in the kernel.
Trace run_emulator(const TraceRequest& r);
Trace run_emulator(const ResolvedKernel& k);  // a request already resolved

// The interpreter's trace; on a GPU (as asked) also a traced GPU run of the same text, which must
// agree (output and shared memory at every barrier): the trace then names the GPU and what agreed.
// `where` says what ran and why. Throws UsageError for --device gpu without a usable GPU.
// compiler_view false (trace --no-compiler-view): no NVRTC; every shared access is modelled as the
// source writes it, and the trace's compiler line says so (races, outputs and the GPU check are
// the same; the counters may differ where the compiler merges accesses).
Trace run_trace(const TraceRequest& r, Device device, std::string* where);
Trace run_trace(const ResolvedKernel& k, Device device, std::string* where, bool compiler_view = true);

// The timed build of a request's text on the GPU: the median of kTimedRepeats launches after a
// warm-up, in microseconds (what Run shows beside the trace, and the original beside an edit).
// Throws UsageError / cuda::CudaError for a bad request, std::runtime_error for a CUDA error.
constexpr int kTimedRepeats = 7;
double gpu_time_us(const TraceRequest& r);
double gpu_time_us(const ResolvedKernel& k);

// The timed kernel once on the GPU (for ncu and compute-sanitizer); with warm_up an untimed launch
// comes first. Returns the output; *ms the time of the timed launch.
std::vector<double> run_gpu_timed(const TraceRequest& r, float* ms, bool warm_up = true);
std::vector<double> run_gpu_timed(const ResolvedKernel& k, float* ms, bool warm_up = true);

// Checks the trace's output against the sequential CPU reference of its kernel's check.
bool check_output(const Trace& t, std::string* why);

// A comparison partner of request r: `kernel` (when not empty) on the same input, with its own
// block size and options and no padding unless it takes --pad; `pad` (when not empty) another
// padding. Throws UsageError naming `kernel_key` or `pad_key` (the option or lesson key given).
TraceRequest partner_request(TraceRequest r, const std::string& kernel, const std::string& pad, const std::string& kernel_key,
                             const std::string& pad_key);

// Field-by-field comparison of two traces (device label aside); `why` names the first difference.
bool traces_equal(const Trace& a, const Trace& b, std::string* why);

}  // namespace scanscope
