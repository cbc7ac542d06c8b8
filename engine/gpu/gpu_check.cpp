// The interpreter's trace against a traced GPU run of the same text (see kernel_gpu.h).
#include <cmath>
#include <cstring>

#include "engine/gpu/kernel_gpu.h"

namespace scanscope {

namespace {

double decode(uint32_t bits, bool is_float) {
  if (is_float) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  return static_cast<int32_t>(bits);
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

}  // namespace

bool gpu_agrees_with(const ResolvedKernel& k, const Trace& t, std::string* why) {
  auto fail = [&](const std::string& s) {
    if (why) *why = s;
    return false;
  };
  GpuKernelRun g = run_kernel_on_gpu(k, /*traced=*/true);
  if (g.output.size() != t.output.size())
    return fail("the GPU wrote " + std::to_string(g.output.size()) + " outputs, the interpreter " + std::to_string(t.output.size()));
  for (size_t i = 0; i < g.output.size(); ++i)
    if (!same(g.output[i], t.output[i]))
      return fail("output[" + std::to_string(i) + "]: GPU " + std::to_string(g.output[i]) + ", interpreter " + std::to_string(t.output[i]));
  std::vector<size_t> barriers;
  for (size_t s = 0; s < t.steps.size(); ++s)
    if (t.steps[s].barrier) barriers.push_back(s);
  if (barriers.size() != g.snapshots.size())
    return fail("the GPU passed " + std::to_string(g.snapshots.size()) + " barriers (with the kernel's end), the interpreter " +
                std::to_string(barriers.size()));
  const bool is_float = t.type == ValueType::Float;
  const int base = k.build->compiled.dynamic_base;
  for (size_t b = 0; b < barriers.size(); ++b) {
    const Step& st = t.steps[barriers[b]];
    const std::vector<uint32_t>& snap = g.snapshots[b];
    for (size_t w = 0; w < snap.size(); ++w) {
      const size_t word = static_cast<size_t>(base) + w;
      if (word >= st.smem.size() || std::isnan(st.smem[word])) continue;  // not written (in the interpreter's run)
      const double gv = decode(snap[w], is_float);
      if (!same(gv, st.smem[word]))
        return fail("step " + std::to_string(barriers[b]) + " (" + st.label + "): shared word " + std::to_string(word) + " is " +
                    std::to_string(gv) + " on the GPU, " + std::to_string(st.smem[word]) + " in the interpreter");
    }
  }
  if (why) *why = "equal: output and " + std::to_string(barriers.size()) + " barrier snapshots";
  return true;
}

}  // namespace scanscope
