// The GPU probe: whether CUDA sees a usable GPU, and its name.
#include <cuda_runtime.h>

#include <string>

#include "engine/runner.h"

namespace scanscope {

bool gpu_built() { return true; }

GpuStatus gpu_status() {
  static GpuStatus cached = [] {
    GpuStatus s;
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      int driver = 0, runtime = 0;
      cudaDriverGetVersion(&driver);
      cudaRuntimeGetVersion(&runtime);
      auto version = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
      if (e == cudaErrorInsufficientDriver && driver == 0) s.why = "no NVIDIA driver on this machine";
      else if (e == cudaErrorInsufficientDriver)
        s.why = "the NVIDIA driver (CUDA " + version(driver) + ") is older than this build's CUDA runtime (" + version(runtime) + ")";
      else if (e == cudaErrorNoDevice) s.why = "no NVIDIA GPU found";
      else s.why = std::string("CUDA reports ") + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
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

}  // namespace scanscope
