// The interpreter's trace against a traced GPU run of the same text (see kernel_gpu.h).
#include <algorithm>
#include <cmath>
#include <iterator>
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
  // Every block of every launch: its barrier steps against its snapshots.
  const bool is_float = t.type == ValueType::Float;
  // each launch's kernel has its own shared memory (the arrays it can reach)
  // (where the trace placed it: the GPU's layout of the static arrays where the compiler view gave it)
  auto base_of = [&](int launch) { return t.launches.at(static_cast<size_t>(launch)).dynamic_base; };
  // The interpreter's blocks in order, each with its barrier steps.
  struct Mine {
    int launch, block;
    std::vector<size_t> steps;
    bool taken = false;
  };
  std::vector<Mine> blocks;
  size_t next_step = 0, barriers = 0;
  for (const GpuKernelRun::BlockSnapshots& bs : g.blocks) {
    Mine m{bs.launch, bs.block, {}};
    size_t s = next_step;
    for (; s < t.steps.size() && t.steps[s].launch == bs.launch && t.steps[s].block == bs.block; ++s)
      if (t.steps[s].barrier) m.steps.push_back(s);
    next_step = s;
    blocks.push_back(std::move(m));
  }
  // Why GPU block bs differs from the interpreter's block m ("" when they agree).
  auto differs = [&](const GpuKernelRun::BlockSnapshots& bs, const Mine& m) -> std::string {
    const std::string who = g.blocks.size() > 1 ? "launch " + std::to_string(bs.launch + 1) + ", block " + std::to_string(bs.block) + ": " : "";
    if (m.steps.size() != bs.snapshots.size())
      return who + "the GPU passed " + std::to_string(bs.snapshots.size()) + " barriers (with the kernel's end), the interpreter " +
             std::to_string(m.steps.size());
    for (size_t b = 0; b < m.steps.size(); ++b) {
      const Step& st = t.steps[m.steps[b]];
      const std::vector<uint32_t>& snap = bs.snapshots[b];
      const int base = base_of(bs.launch);
      // the snapshot is the dynamic memory: an 8-byte extern array's words there
      std::vector<cuda::Base> wide(st.smem.size(), cuda::Base::Void);
      for (const cuda::Var* v : k.build->compiled.functions.at(static_cast<size_t>(k.launches.at(static_cast<size_t>(bs.launch)).entry)).shared_vars)
        if (v->extern_shared && v->type.is_wide())
          for (size_t w = static_cast<size_t>(std::max(0, base)); w < wide.size(); ++w) wide[w] = v->type.base;
      for (size_t w = 0; w < snap.size(); ++w) {
        const size_t word = static_cast<size_t>(base) + w;
        if (word >= st.smem.size() || std::isnan(st.smem[word])) continue;  // not written (in the interpreter's run)
        double gv = decode(snap[w], is_float);
        const size_t lo = w & ~size_t{1};  // an 8-byte element's words (the dynamic base is 16-byte aligned)
        if (wide[word] != cuda::Base::Void && lo + 1 < snap.size())
          gv = cuda::value_of(snap[lo] | (static_cast<uint64_t>(snap[lo + 1]) << 32), wide[word]);
        if (!same(gv, st.smem[word]))
          return who + "step " + std::to_string(m.steps[b]) + " (" + st.label + "): shared word " + std::to_string(word) + " is " +
                 std::to_string(gv) + " on the GPU, " + std::to_string(st.smem[word]) + " in the interpreter";
      }
    }
    return "";
  };
  // A kernel whose blocks' roles follow the GPU's schedule (`schedule:`, e.g. the last block to
  // finish adds the partial sums) is compared block for block with any interpreter block of the
  // same launch that did the same work: the interpreter runs blocks in order, the GPU does not.
  const bool by_schedule = !k.file.header.schedule.empty();
  for (size_t i = 0; i < g.blocks.size(); ++i) {
    const GpuKernelRun::BlockSnapshots& bs = g.blocks[i];
    const std::string own = differs(bs, blocks[i]);
    size_t match = blocks.size();
    if (own.empty() && !blocks[i].taken) match = i;
    for (size_t j = 0; match == blocks.size() && by_schedule && j < blocks.size(); ++j)
      if (!blocks[j].taken && blocks[j].launch == bs.launch && differs(bs, blocks[j]).empty()) match = j;
    if (match == blocks.size())
      return fail(!own.empty() ? own : "launch " + std::to_string(bs.launch + 1) + ", block " + std::to_string(bs.block) +
                                           ": its barriers match only interpreter blocks already paired with other GPU blocks");
    blocks[match].taken = true;
    barriers += blocks[match].steps.size();
  }
  if (next_step != t.steps.size())
    return fail("the interpreter's trace has " + std::to_string(t.steps.size() - next_step) + " steps of blocks the GPU run did not log");
  // Every global array after the last launch (the input included: a kernel may write it).
  for (size_t a = 0; a < g.arrays.size() && a < t.global_arrays.size(); ++a) {
    const bool arr_float = k.arrays[a].type == cuda::Base::Float;
    const std::vector<double> wide = k.arrays[a].words() == 2 || k.arrays[a].is_small() ? array_word_values(k.arrays[a], g.arrays[a]) : std::vector<double>{};
    for (size_t i = 0; i < g.arrays[a].size() && i < t.global_arrays[a].final.size(); ++i) {
      const double gv = !wide.empty() ? wide[i] : k.arrays[a].type == cuda::Base::Unsigned ? static_cast<double>(g.arrays[a][i]) : decode(g.arrays[a][i], arr_float);
      if (!same(gv, t.global_arrays[a].final[i]))
        return fail(t.global_arrays[a].name + "[" + std::to_string(i) + "] after the last launch: GPU " + std::to_string(gv) + ", interpreter " +
                    std::to_string(t.global_arrays[a].final[i]));
    }
  }
  // printf's lines: the same lines, as many times each (the GPU's order across threads is not
  // defined; the interpreter's is launch, block, step, thread).
  std::vector<std::string> mine;
  for (const PrintLine& l : t.prints) mine.push_back(l.text);
  std::vector<std::string> theirs = g.printed;
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  if (mine != theirs) {
    std::vector<std::string> only_gpu, only_mine;
    std::set_difference(theirs.begin(), theirs.end(), mine.begin(), mine.end(), std::back_inserter(only_gpu));
    std::set_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(only_mine));
    std::string s = "printf: the GPU printed " + std::to_string(theirs.size()) + " lines, the interpreter " + std::to_string(mine.size());
    if (!only_gpu.empty()) s += "; only the GPU's: \"" + only_gpu.front() + "\"";
    if (!only_mine.empty()) s += "; only the interpreter's: \"" + only_mine.front() + "\"";
    return fail(s);
  }
  if (why)
    *why = "equal: output" + std::string(g.blocks.size() > 1 ? ", global arrays" : "") + (mine.empty() ? " and " : ", ") + std::to_string(barriers) + " barrier snapshots" +
           (g.blocks.size() > 1 ? " of " + std::to_string(g.blocks.size()) + " blocks" : "") +
           (mine.empty() ? "" : " and " + std::to_string(mine.size()) + " printf lines");
  return true;
}

}  // namespace scanscope
