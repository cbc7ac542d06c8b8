// Interpreter runs, the GPU check, output checks and trace comparison.
#include "engine/runner.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "engine/compiler_view.h"
#include "engine/gpu/kernel_gpu.h"
#include "engine/interp.h"

namespace scanscope {

namespace {
double timed_us(const ResolvedKernel& k) { return run_kernel_on_gpu(k, /*traced=*/false, /*warm_up=*/true, kTimedRepeats).ms * 1000.0; }
}  // namespace

const TraceRequest& request_of(const Trace& t) { return t.request; }

namespace {

// The view of a trace whose compiler view was not asked for: every access as written.
std::shared_ptr<const CompilerView> view_not_asked() {
  auto v = std::make_shared<CompilerView>();
  v->compiler = "not asked (--no-compiler-view): every shared access is modelled as the source writes it";
  return v;
}

// The interpreter's trace with the compiler's view of it; a fault's trace up to it gets the view too.
// (run where the GPU places the shared arrays, where the view says)
Trace interpret(const ResolvedKernel& k, bool with_view = true) {
  const std::shared_ptr<const CompilerView> view = with_view ? compiler_view(k) : view_not_asked();
  try {
    Trace t = run_interpreter(k, gpu_shared_layouts(*view, k.request));
    apply_compiler_view(*view, t);
    return t;
  } catch (const TraceFault& f) {
    auto t = std::make_shared<Trace>(*f.trace);
    apply_compiler_view(*view, *t);
    throw TraceFault(f, std::move(t));
  }
}

}  // namespace

Trace run_emulator(const TraceRequest& r) { return interpret(resolve_kernel(r)); }
Trace run_emulator(const ResolvedKernel& k) { return interpret(k); }

Trace run_trace(const TraceRequest& r, Device device, std::string* where) {
  return run_trace(resolve_kernel(r), device, where);  // bad requests fail before any device is touched
}

Trace run_trace(const ResolvedKernel& k, Device device, std::string* where, bool compiler_view) {
  GpuStatus g = gpu_status();
  if (device == Device::Gpu && !g.usable) throw UsageError("--device gpu: no usable GPU: " + g.why);
  Trace t = interpret(k, compiler_view);
  if (device == Device::Cpu || !g.usable) {
    if (where) *where = device == Device::Cpu ? "CPU emulator (--device cpu)" : "CPU emulator (no GPU: " + g.why + ")";
    return t;
  }
  std::string why;
  const bool agrees = gpu_agrees_with(k, t, &why);
  t.device = "gpu:" + g.name;
  t.gpu_check = agrees ? "the GPU run of the same text agrees: " + why.substr(why.find(':') + 2) : "DIFFERS from the GPU run: " + why;
  t.gpu_us = timed_us(k);
  if (where) *where = "CPU emulator, checked on GPU " + g.name + (device == Device::Auto ? " (--device auto found it)" : "");
  return t;
}

double gpu_time_us(const TraceRequest& r) { return timed_us(resolve_kernel(r)); }
double gpu_time_us(const ResolvedKernel& k) { return timed_us(k); }

std::vector<double> run_gpu_timed(const TraceRequest& r, float* ms, bool warm_up) { return run_gpu_timed(resolve_kernel(r), ms, warm_up); }

std::vector<double> run_gpu_timed(const ResolvedKernel& k, float* ms, bool warm_up) {
  GpuKernelRun run = run_kernel_on_gpu(k, /*traced=*/false, warm_up);
  if (ms) *ms = run.ms;
  return run.output;
}

bool check_output(const Trace& t, std::string* why) { return check_kernel_output(t, t.check, why); }

TraceRequest partner_request(TraceRequest r, const std::string& kernel, const std::string& pad, const std::string& kernel_key,
                             const std::string& pad_key) {
  if (!kernel.empty()) {
    const KernelFile* partner = find_kernel_file(kernel);
    if (!partner) throw UsageError(kernel_key + ": unknown kernel '" + kernel + "' (see scanscope list)");
    r.kernel = kernel;
    r.source.clear();
    r.has_source_text = false;
    r.defines.clear();
    r.threads = 0;  // the partner's natural block size
    if (!kernel_options(*partner).pad) r.pad = Pad::None;
  }
  if (!pad.empty() && !parse_pad(pad, &r.pad)) throw UsageError(pad_key + " must be none, harris or zero, not '" + pad + "'");
  return r;
}

bool traces_equal(const Trace& a, const Trace& b, std::string* why) {
  auto fail = [&](const std::string& s) {
    if (why) *why = s;
    return false;
  };
  if (a.kernel != b.kernel || a.n != b.n || a.threads != b.threads || a.op != b.op || a.type != b.type || a.pad != b.pad)
    return fail("the traces are of different requests");
  if (a.output != b.output) return fail("outputs differ");
  if (a.steps.size() != b.steps.size())
    return fail("step counts differ: " + std::to_string(a.steps.size()) + " vs " + std::to_string(b.steps.size()));
  for (size_t s = 0; s < a.steps.size(); ++s) {
    const Step& x = a.steps[s];
    const Step& y = b.steps[s];
    std::string at = "step " + std::to_string(s) + " (" + x.label + "): ";
    if (x.accesses.size() != y.accesses.size())
      return fail(at + std::to_string(x.accesses.size()) + " vs " + std::to_string(y.accesses.size()) + " accesses");
    for (size_t i = 0; i < x.accesses.size(); ++i)
      if (!(x.accesses[i] == y.accesses[i])) {
        const Access& p = x.accesses[i];
        const Access& q = y.accesses[i];
        std::ostringstream os;
        os << at << "access " << i << " differs: tid " << p.tid << " site " << p.site << " " << access_op_name(p.op)
           << " word " << p.word << " value " << p.value << " vs tid " << q.tid << " site " << q.site << " "
           << access_op_name(q.op) << " word " << q.word << " value " << q.value;
        return fail(os.str());
      }
    if (x.smem.size() != y.smem.size()) return fail(at + "shared-memory sizes differ");
    for (size_t w = 0; w < x.smem.size(); ++w) {
      bool same = x.smem[w] == y.smem[w] || (std::isnan(x.smem[w]) && std::isnan(y.smem[w]));
      if (!same) {
        std::ostringstream os;
        os << at << "shared word " << w << ": " << x.smem[w] << " vs " << y.smem[w];
        return fail(os.str());
      }
    }
    if (x.active_threads != y.active_threads) return fail(at + "active threads differ");
  }
  return true;
}

}  // namespace scanscope
