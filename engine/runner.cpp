// Emulator runs, device selection, output checks and trace comparison.
#include "engine/runner.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "engine/bank_model.h"
#include "engine/dispatch.h"
#include "kernels/device/emulated_block.h"
#include "engine/reference.h"

namespace scanscope {

namespace {

struct EmulateCall {
  template <class Alg, class Op, class T>
  static int call(const KernelParams& p, const std::vector<double>& input, std::vector<double>& output,
                  std::vector<Step>& steps, std::vector<SharedArrayInfo>& arrays) {
    std::vector<T> in(input.begin(), input.end());
    std::vector<T> out(output.size(), T(0));
    EmulatedBlock b(p.threads, std::is_floating_point_v<T>, kMaxSharedBytes / 4);
    Alg::template run<Op, T>(b, p, in.data(), out.data());
    output.assign(out.begin(), out.end());
    steps = std::move(b.steps());
    arrays = b.arrays();
    return b.smem_words();
  }
};

Trace skeleton(const TraceRequest& r, const KernelParams& p) {
  Trace t;
  t.kernel = r.kernel;
  t.n = r.n;
  t.threads = p.threads;
  t.banks = r.banks;
  t.warp_issue = r.warp_issue;
  t.pad = r.pad;
  t.op = r.op;
  t.type = type_name(r.type);
  t.inclusive = p.inclusive;
  t.input = request_input(r);
  t.bits = p.bits;
  return t;
}

}  // namespace

TraceRequest request_of(const Trace& t) {
  TraceRequest r;
  r.kernel = t.kernel;
  r.n = t.n;
  r.threads = t.threads;
  r.banks = t.banks;
  r.warp_issue = t.warp_issue;
  r.pad = t.pad;
  r.op = t.op;
  r.type = t.type == "float" ? ValueType::Float : ValueType::Int;
  const KernelInfo* k = find_kernel(t.kernel);
  if (k && std::string(k->family) == "scan") r.scan = t.inclusive ? "inclusive" : "exclusive";
  r.input = t.input;
  r.bits = t.bits;
  return r;
}

Trace run_emulator(const TraceRequest& r) {
  const KernelInfo* info = nullptr;
  KernelParams p = resolve(r, &info);
  Trace t = skeleton(r, p);
  t.output.assign(output_capacity(*info, r.n), 0.0);
  if (r.type == ValueType::Int)
    t.smem_words = dispatch_op<EmulateCall, int32_t>(info->id, r.op, p, t.input, t.output, t.steps, t.arrays);
  else
    t.smem_words = dispatch_op<EmulateCall, float>(info->id, r.op, p, t.input, t.output, t.steps, t.arrays);
  finish_output(*info, r.n, t.output);
  t.device = "cpu-emulator";
  analyze_banks(t);
  return t;
}

Trace run_trace(const TraceRequest& r, Device device, std::string* where) {
  resolve(r);  // bad requests fail before any device is touched
  if (device == Device::Cpu) {
    if (where) *where = "CPU emulator (--device cpu)";
    return run_emulator(r);
  }
  GpuStatus g = gpu_status();
  if (!g.usable) {
    if (device == Device::Gpu) throw UsageError("--device gpu: no usable GPU: " + g.why);
    if (where) *where = "CPU emulator (no GPU: " + g.why + ")";
    return run_emulator(r);
  }
  Trace emu = run_emulator(r);
  Trace t = run_gpu_traced(r, emu);
  if (where) *where = "GPU " + g.name + (device == Device::Auto ? " (--device auto found it)" : "");
  return t;
}

bool check_output(const Trace& t, std::string* why) {
  const bool is_float = t.type == "float";
  const KernelInfo* info = find_kernel(t.kernel);
  const bool is_scan = info && std::string(info->family) == "scan";
  std::vector<double> want;
  if (info && info->id == KernelId::AppCompact) {
    for (double x : t.input)
      if (static_cast<long long>(x) % 2 != 0) want.push_back(x);
  } else if (info && info->id == KernelId::AppRadixSort) {
    // Sorted by the low t.bits bits, stably (all bits: a full sort; one bit: the split).
    const long long mask = t.bits >= 31 ? 0x7fffffffLL : (1LL << t.bits) - 1;
    want = t.input;
    std::stable_sort(want.begin(), want.end(), [&](double a, double b) {
      return (static_cast<long long>(a) & mask) < (static_cast<long long>(b) & mask);
    });
  } else if (is_scan) {
    want = reference_scan(t.input, t.op, is_float, t.inclusive);
  } else {
    want = {reference_reduce(t.input, t.op, is_float)};
  }
  return outputs_match(t.output, want, t.input, t.op, is_float, is_scan, why);
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
