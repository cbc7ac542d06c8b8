// NVRTC through dlopen (see nvrtc.h): no link-time dependency on the CUDA toolkit.
#include "engine/gpu/nvrtc.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <mutex>

namespace scanscope::nvrtc {

namespace {

using Program = void*;
using CreateFn = int (*)(Program*, const char*, const char*, int, const char* const*, const char* const*);
using CompileFn = int (*)(Program, int, const char* const*);
using SizeFn = int (*)(Program, size_t*);
using GetFn = int (*)(Program, char*);
using DestroyFn = int (*)(Program*);
using AddNameFn = int (*)(Program, const char*);
using LoweredFn = int (*)(Program, const char*, const char**);
using ErrorFn = const char* (*)(int);
using VersionFn = int (*)(int*, int*);

struct Api {
  bool loaded = false;
  std::string why;
  CreateFn create = nullptr;
  CompileFn compile = nullptr;
  SizeFn log_size = nullptr, ptx_size = nullptr, cubin_size = nullptr;
  GetFn log = nullptr, ptx = nullptr, cubin = nullptr;
  DestroyFn destroy = nullptr;
  AddNameFn add_name = nullptr;
  LoweredFn lowered = nullptr;
  ErrorFn error = nullptr;
  VersionFn version = nullptr;
  std::string include_dir;  // the toolkit's headers (cooperative_groups.h), beside its lib64
};

const Api& api() {
  static const Api a = [] {
    Api r;
    std::vector<std::string> dirs;
    if (const char* h = std::getenv("CUDA_HOME"); h && *h) dirs.push_back(std::string(h) + "/lib64/");
    dirs.push_back("/usr/local/cuda/lib64/");
    dirs.push_back("");
    void* lib = nullptr;
    for (const auto& d : dirs) {
      // the builtins first, from the same folder, so that NVRTC finds them without LD_LIBRARY_PATH
      if (!d.empty()) dlopen((d + "libnvrtc-builtins.so.13.0").c_str(), RTLD_NOW | RTLD_GLOBAL);
      for (const char* n : {"libnvrtc.so.13", "libnvrtc.so"}) {
        lib = dlopen((d + n).c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib) break;
      }
      if (lib) {
        r.include_dir = (d.empty() ? std::string("/usr/local/cuda/lib64/") : d) + "../include";
        break;
      }
    }
    if (!lib) {
      r.why = "NVRTC (libnvrtc.so.13 of the CUDA toolkit) not found in $CUDA_HOME/lib64, /usr/local/cuda/lib64 or the library path";
      return r;
    }
    auto sym = [&](const char* n) { return dlsym(lib, n); };
    r.create = reinterpret_cast<CreateFn>(sym("nvrtcCreateProgram"));
    r.compile = reinterpret_cast<CompileFn>(sym("nvrtcCompileProgram"));
    r.log_size = reinterpret_cast<SizeFn>(sym("nvrtcGetProgramLogSize"));
    r.log = reinterpret_cast<GetFn>(sym("nvrtcGetProgramLog"));
    r.ptx_size = reinterpret_cast<SizeFn>(sym("nvrtcGetPTXSize"));
    r.ptx = reinterpret_cast<GetFn>(sym("nvrtcGetPTX"));
    r.cubin_size = reinterpret_cast<SizeFn>(sym("nvrtcGetCUBINSize"));
    r.cubin = reinterpret_cast<GetFn>(sym("nvrtcGetCUBIN"));
    r.destroy = reinterpret_cast<DestroyFn>(sym("nvrtcDestroyProgram"));
    r.add_name = reinterpret_cast<AddNameFn>(sym("nvrtcAddNameExpression"));
    r.lowered = reinterpret_cast<LoweredFn>(sym("nvrtcGetLoweredName"));
    r.error = reinterpret_cast<ErrorFn>(sym("nvrtcGetErrorString"));
    r.version = reinterpret_cast<VersionFn>(sym("nvrtcVersion"));
    if (!r.create || !r.compile || !r.log_size || !r.log || !r.ptx_size || !r.ptx || !r.cubin_size || !r.cubin || !r.destroy ||
        !r.add_name || !r.lowered || !r.error || !r.version) {
      r.why = "the NVRTC library found lacks functions scanscope needs";
      return r;
    }
    r.loaded = true;
    return r;
  }();
  return a;
}

std::mutex& compile_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

bool available(std::string* why) {
  const Api& a = api();
  if (!a.loaded && why) *why = a.why;
  return a.loaded;
}

std::string version() {
  const Api& a = api();
  if (!a.loaded) return "";
  int major = 0, minor = 0;
  a.version(&major, &minor);
  return std::to_string(major) + "." + std::to_string(minor);
}

Result compile(const std::string& source, const std::string& name, const std::string& arch, bool want_cubin,
               const std::string& name_expression, const std::vector<std::string>& extra_options) {
  Result r;
  const Api& a = api();
  if (!a.loaded) {
    r.log = a.why;
    return r;
  }
  std::lock_guard<std::mutex> lock(compile_mutex());
  Program prog = nullptr;
  int e = a.create(&prog, source.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (e != 0) {
    r.log = std::string("nvrtcCreateProgram: ") + a.error(e);
    return r;
  }
  // Several name expressions, one a line (a template is compiled only where one names it); the
  // first one's lowered name is returned.
  const std::string first_name = name_expression.substr(0, name_expression.find('\n'));
  for (size_t b = 0; b < name_expression.size();) {
    size_t e = name_expression.find('\n', b);
    if (e == std::string::npos) e = name_expression.size();
    if (e > b) a.add_name(prog, name_expression.substr(b, e - b).c_str());
    b = e + 1;
  }
  std::vector<std::string> opts = {"--gpu-architecture=" + arch, "-lineinfo", "--std=c++17"};
  // A kernel with cooperative groups includes the toolkit's header (the interpreter has its own).
  // (CUDA 13 keeps the libcu++ headers it needs under include/cccl.)
  if (source.find("#include <cooperative_groups") != std::string::npos) {
    opts.push_back("-I" + a.include_dir);
    opts.push_back("-I" + a.include_dir + "/cccl");
  }
  for (const auto& o : extra_options) opts.push_back(o);
  std::vector<const char*> argv;
  for (const auto& o : opts) argv.push_back(o.c_str());
  e = a.compile(prog, static_cast<int>(argv.size()), argv.data());
  size_t n = 0;
  a.log_size(prog, &n);
  if (n > 1) {
    r.log.resize(n);
    a.log(prog, r.log.data());
    r.log.resize(n - 1);
  }
  if (e == 0) {
    r.ok = true;
    if (want_cubin) {
      a.cubin_size(prog, &n);
      r.cubin.resize(n);
      a.cubin(prog, r.cubin.data());
    }
    n = 0;  // the PTX too: a compile for a real architecture (sm_XX) makes it on the way to the cubin
    if (a.ptx_size(prog, &n) == 0 && n > 0) {
      r.ptx.resize(n);
      a.ptx(prog, r.ptx.data());
      if (!r.ptx.empty() && r.ptx.back() == '\0') r.ptx.pop_back();
    }
    if (!name_expression.empty()) {
      const char* low = nullptr;
      if (a.lowered(prog, first_name.c_str(), &low) == 0 && low) r.lowered_name = low;
    }
  } else if (r.log.empty()) {
    r.log = a.error(e);
  }
  a.destroy(&prog);
  return r;
}

bool first_error(const std::string& log, LogError* out) {
  size_t start = 0;
  while (start < log.size()) {
    size_t end = log.find('\n', start);
    if (end == std::string::npos) end = log.size();
    const std::string line = log.substr(start, end - start);
    start = end + 1;
    const size_t open = line.find('('), close = line.find("): ");
    if (open == std::string::npos || close == std::string::npos || close < open) continue;
    const std::string number = line.substr(open + 1, close - open - 1);
    if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string rest = line.substr(close + 3);
    for (const char* kind : {"error: ", "catastrophic error: "})
      if (rest.rfind(kind, 0) == 0) {
        std::string file = line.substr(0, open);
        if (file.size() >= 2 && file.front() == '"' && file.back() == '"') file = file.substr(1, file.size() - 2);
        *out = LogError{file, std::stoi(number), rest.substr(std::strlen(kind))};
        return true;
      }
  }
  return false;
}

}  // namespace scanscope::nvrtc
