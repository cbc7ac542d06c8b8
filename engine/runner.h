// Running a trace request: on the CPU emulator or on the GPU (traced), and checking the output.
#pragma once

#include <string>

#include "engine/catalogue.h"
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

// The request that reproduces a trace (e.g. one loaded from a file): kernel, sizes, options, input.
TraceRequest request_of(const Trace& t);

// Emulates the request on the CPU. Throws UsageError for bad requests.
Trace run_emulator(const TraceRequest& r);

// Runs the traced kernel on the GPU, using the emulator's trace for the step skeleton (labels,
// phases, how much to allocate). Throws std::runtime_error on CUDA errors, naming the kernel.
Trace run_gpu_traced(const TraceRequest& r, const Trace& emulated);

// Runs the timed (unrecorded) kernel on the GPU and returns its output. With warm_up, an untimed
// launch comes first (the first launch also loads the module); without, exactly one launch, so
// that profilers see one launch per request.
std::vector<double> run_gpu_timed(const TraceRequest& r, float* milliseconds, bool warm_up = true);

// Emulator or GPU as asked; `where` says which ran and why. Throws UsageError for --device gpu
// without a usable GPU.
Trace run_trace(const TraceRequest& r, Device device, std::string* where);

// Checks the trace's output against the sequential CPU reference.
bool check_output(const Trace& t, std::string* why);

// Field-by-field comparison of two traces of the same request (device label aside); `why` names
// the first difference.
bool traces_equal(const Trace& a, const Trace& b, std::string* why);

}  // namespace scanscope
