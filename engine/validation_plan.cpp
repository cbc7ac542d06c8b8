// Every traced kernel, every operator and type it takes, padding and scan variants, and sizes
// that are and are not powers of two.
#include "engine/validation_plan.h"

#include "engine/trace.h"

namespace scanscope {

std::string describe(const TraceRequest& r) {
  std::string s = r.kernel + " n=" + std::to_string(r.n);
  if (r.threads) s += " threads=" + std::to_string(r.threads);
  const KernelInfo* k = find_kernel(r.kernel);
  if (r.pad != Pad::None || (k && k->takes_pad)) s += std::string(" pad=") + pad_name(r.pad);
  if (r.banks != 32) s += " banks=" + std::to_string(r.banks);
  if (!r.scan.empty()) s += " " + r.scan;
  if (r.bits) s += " bits=" + std::to_string(r.bits);
  s += " " + r.op + "/" + type_name(r.type);
  return s;
}

std::vector<PlanEntry> validation_plan() {
  std::vector<PlanEntry> plan;
  auto add = [&](TraceRequest r) { plan.push_back({describe(r), r}); };
  const std::vector<std::pair<std::string, ValueType>> op_types = {
      {"sum", ValueType::Int}, {"min", ValueType::Int}, {"max", ValueType::Int}, {"or", ValueType::Int},
      {"sum", ValueType::Float}, {"min", ValueType::Float}, {"max", ValueType::Float}};
  for (const auto& k : catalogue()) {
    if (k.broken) continue;
    const bool scan = std::string(k.family) == "scan";
    const int n_main = k.id == KernelId::ScanBlelloch ? 512 : 256;
    const int n_odd = k.id == KernelId::ScanBlelloch ? 1000 : 300;
    std::vector<std::string> scans = {""};
    if (scan && k.can_inclusive && k.can_exclusive) scans = {"inclusive", "exclusive"};
    std::vector<Pad> pads = {Pad::None};
    if (k.takes_pad) pads = {Pad::None, Pad::Harris, Pad::Zero};
    if (std::string(k.family) == "app") {  // int keys, sum scan: sizes and the one-bit split
      for (int n : {512, 1000, 2048}) {
        TraceRequest r;
        r.kernel = k.name;
        r.n = n;
        r.seed = 13;
        add(r);
      }
      if (k.id == KernelId::AppRadixSort) {
        TraceRequest r;
        r.kernel = k.name;
        r.n = 300;
        r.bits = 1;
        add(r);
      }
      continue;
    }
    for (const auto& sc : scans)
      for (Pad pad : pads)
        for (const auto& [op, type] : op_types) {
          TraceRequest r;
          r.kernel = k.name;
          r.n = n_main;
          r.scan = sc;
          r.pad = pad;
          r.op = op;
          r.type = type;
          r.seed = 7;
          add(r);
        }
    for (const auto& sc : scans)
      for (Pad pad : pads) {
        TraceRequest r;
        r.kernel = k.name;
        r.n = n_odd;
        r.scan = sc;
        r.pad = pad;
        r.seed = 11;
        add(r);
        r.type = ValueType::Float;
        add(r);
      }
    {  // a non-commutative operator, where the kernel keeps operand order
      TraceRequest r;
      r.kernel = k.name;
      r.n = k.id == KernelId::ScanBlelloch ? 512 : 256;
      r.op = "mat2";
      r.scan = scans.front();
      r.seed = 5;
      KernelParams p = resolve(r);
      if (preserves_operand_order(k, p)) add(r);
    }
    if (k.grid_stride) {  // more elements than threads: seed 001's grid-stride load
      TraceRequest r;
      r.kernel = k.name;
      r.n = 5000;
      r.threads = k.min_threads > 128 ? k.min_threads : 128;
      r.seed = 3;
      add(r);
    }
    if (k.takes_pad) {  // the largest block: where simple padding still leaves 2-way conflicts
      for (Pad pad : {Pad::None, Pad::Harris, Pad::Zero}) {
        TraceRequest r;
        r.kernel = k.name;
        r.n = 2048;
        r.pad = pad;
        add(r);
      }
    }
  }
  return plan;
}

}  // namespace scanscope
