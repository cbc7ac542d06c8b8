// Every catalogue kernel file (reduce, scan, app; the sources' listings aside), every operator and
// type it takes, its padding and scan variants, and sizes that are and are not powers of two.
#include "engine/validation_plan.h"

#include <algorithm>
#include <filesystem>

#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/trace.h"

namespace scanscope {

std::string describe(const TraceRequest& r) {
  std::string s = (r.source.empty() ? r.kernel : r.source) + " n=" + std::to_string(r.n);
  if (r.threads) s += " threads=" + std::to_string(r.threads);
  if (r.pad != Pad::None) s += std::string(" pad=") + pad_name(r.pad);
  else if (const KernelFile* f = r.source.empty() ? find_kernel_file(r.kernel) : nullptr; f && kernel_options(*f).pad) s += " pad=none";
  if (r.banks != 32) s += " banks=" + std::to_string(r.banks);
  if (!r.scan.empty()) s += " " + r.scan;
  if (r.bits) s += " bits=" + std::to_string(r.bits);
  for (const auto& [name, value] : r.defines) s += " -D" + name + "=" + value;
  s += std::string(" ") + operator_name(r.op) + "/" + type_name(r.type);
  return s;
}

TraceRequest source_request(const std::string& path, ValueType type, int n) {
  TraceRequest r;
  r.source = path;
  r.type = type;
  r.n = n;
  r.seed = static_cast<unsigned>(3 * n + 1);
  const std::vector<Operator> ops = kernel_options(load_kernel_file(path)).ops;
  if (!ops.empty() && std::find(ops.begin(), ops.end(), Operator::Sum) == ops.end()) r.op = ops.front();
  return r;
}

std::vector<int> accepted_sizes(const std::string& path, ValueType type, const std::vector<int>& spread) {
  std::vector<int> ok;
  for (int n : spread) {
    const TraceRequest r = source_request(path, type, n);
    try {
      resolve_kernel(r);
      ok.push_back(n);
    } catch (const UsageError&) {
    }
  }
  return ok;
}

std::vector<PlanEntry> source_plan(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".cu") files.push_back(e.path().string());
  if (ec) throw UsageError("--sources " + dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  std::vector<PlanEntry> plan;
  for (const auto& path : files) {
    const KernelFile file = load_kernel_file(path);
    for (ValueType type : kernel_options(file).types) {
      const std::vector<int> sizes = accepted_sizes(path, type, {1, 7, 32, 100, 256, 1000});
      std::vector<int> chosen;
      for (int n : {256, 1000})
        if (std::find(sizes.begin(), sizes.end(), n) != sizes.end()) chosen.push_back(n);
      if (chosen.empty() && !sizes.empty()) chosen.push_back(sizes.back());
      for (int n : chosen) {
        const TraceRequest r = source_request(path, type, n);
        plan.push_back({describe(r), r});
      }
    }
  }
  return plan;
}

std::vector<PlanEntry> validation_plan() {
  std::vector<PlanEntry> plan;
  auto add = [&](TraceRequest r) { plan.push_back({describe(r), r}); };
  std::vector<std::pair<Operator, ValueType>> op_types;  // the commutative operators, int then float
  for (ValueType type : value_types())
    for (const OperatorInfo& op : operators())
      if (op.commutative && (!op.int_only || type == ValueType::Int)) op_types.push_back({op.op, type});
  for (const auto& k : kernel_files()) {
    if (k.family == KernelFamily::Listings) continue;  // below
    const KernelOptions o = kernel_options(k);
    if (o.broken) continue;
    auto takes = [&](Operator op, ValueType type) {
      return std::find(o.ops.begin(), o.ops.end(), op) != o.ops.end() && std::find(o.types.begin(), o.types.end(), type) != o.types.end();
    };
    const bool blelloch_like = o.pad;  // two elements per thread: the largest block is 2048
    const int n_main = blelloch_like ? 512 : 256;
    const int n_odd = blelloch_like ? 1000 : 300;
    std::vector<std::string> scans = {""};
    if (o.can_inclusive && o.can_exclusive) scans = {"inclusive", "exclusive"};
    std::vector<Pad> pads = {Pad::None};
    if (o.pad) pads = {Pad::None, Pad::Harris, Pad::Zero};
    if (k.family == KernelFamily::App) {  // int keys, sum scan: sizes and the one-bit split
      for (int n : {512, 1000, 2048}) {
        TraceRequest r;
        r.kernel = k.id;
        r.n = n;
        r.seed = 13;
        add(r);
      }
      if (o.bits) {
        TraceRequest r;
        r.kernel = k.id;
        r.n = 300;
        r.bits = 1;
        add(r);
      }
      continue;
    }
    for (const auto& sc : scans)
      for (Pad pad : pads)
        for (const auto& [op, type] : op_types) {
          if (!takes(op, type)) continue;
          TraceRequest r;
          r.kernel = k.id;
          r.n = n_main;
          r.scan = sc;
          r.pad = pad;
          r.op = op;
          r.type = type;
          r.seed = 7;
          add(r);
        }
    for (const auto& sc : scans)
      for (Pad pad : pads)
        for (ValueType type : {ValueType::Int, ValueType::Float}) {
          if (!takes(Operator::Sum, type)) continue;
          TraceRequest r;
          r.kernel = k.id;
          r.n = n_odd;
          r.scan = sc;
          r.pad = pad;
          r.type = type;
          r.seed = 11;
          add(r);
        }
    for (const OperatorInfo& op : operators()) {  // a non-commutative operator, where the kernel keeps operand order
      if (op.commutative || o.reorders || !takes(op.op, ValueType::Int)) continue;
      TraceRequest r;
      r.kernel = k.id;
      r.n = n_main;
      r.op = op.op;
      r.scan = scans.front();
      r.seed = 5;
      add(r);
    }
    if (o.threads) {  // more elements than threads: the reduction problem's grid-stride load
      TraceRequest r;
      r.kernel = k.id;
      r.n = 5000;
      r.threads = 128;
      r.seed = 3;
      add(r);
    }
    if (o.pad) {  // the largest block: where simple padding still leaves 2-way conflicts
      for (Pad pad : {Pad::None, Pad::Harris, Pad::Zero}) {
        TraceRequest r;
        r.kernel = k.id;
        r.n = 2048;
        r.pad = pad;
        add(r);
      }
    }
  }
  // Grids: the large-array scan at the scan paper's n = 3000 and at a trace's largest n, and the
  // coalescing copies whose global sectors per request are the lesson (4, 32, 5).
  if (find_kernel_file("scan-large-array"))
    for (int n : {3000, 65536}) {
      TraceRequest r;
      r.kernel = "scan-large-array";
      r.n = n;
      r.seed = 19;
      add(r);
    }
  if (find_kernel_file("copy-coalescing"))
    for (const auto& d : std::vector<std::pair<std::string, std::string>>{{"STRIDE", "32"}, {"OFFSET", "1"}, {"STRIDE", "2"}}) {
      TraceRequest r;
      r.kernel = "copy-coalescing";
      r.n = 4096;
      r.defines = {d};
      r.seed = 23;
      add(r);
    }
  // The sources' other multi-block algorithms (docs/kernel-files.md, "Grids and launch sequences"):
  // each at the n = 3000 of the large-array scan (a few blocks) and at a size of many blocks;
  // the chunked reduction uncoalesced and staged (32 and 4 sectors per request); the grid radix
  // sort at 32 keys (Demouth's 2 blocks of 4 threads) and at its largest n. The look-back's
  // global loads on the GPU depend on its schedule (a flag polled before it is set counts again).
  const std::vector<std::pair<std::string, std::vector<int>>> grids = {
      {"problem-reduce-grid", {3000, 65536}}, {"scan-reduce-then-scan-staged", {3000, 65536}},
      {"scan-decoupled-lookback", {3000, 65536}}, {"app-radix-sort-blocks", {32, 8192}}};
  for (const auto& [id, sizes] : grids) {
    if (!find_kernel_file(id)) continue;
    for (int n : sizes) {
      TraceRequest r;
      r.kernel = id;
      r.n = n;
      r.seed = 29;
      add(r);
    }
  }
  if (find_kernel_file("reduce-chunked-staging"))
    for (const char* coalesced : {"0", "1"}) {
      TraceRequest r;
      r.kernel = "reduce-chunked-staging";
      r.n = 4096;
      r.defines = {{"COALESCED", coalesced}};
      r.seed = 29;
      add(r);
    }
  // The sources' listings as printed, and with their corrections: the ones that run to the end
  // (a listing that faults in the interpreter has nothing for the GPU to agree with).
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> listings = {
      {"scan-paper-listing1", {{"CLEAR_OUTPUT_BUFFER", "1"}}}, {"scan-paper-listing2", {}},
      {"scan-paper-listing3", {{"ZERO_BANK_CONFLICTS", "1"}}}, {"scan-paper-algorithm2", {}},
      {"scan-paper-algorithm2", {{"FIXED", "1"}}}, {"tutorial-reduce-warp-shuffle", {}}, {"problem-reduce-sum", {}},
      {"problem-reduce-grid", {}}, {"demouth-reduce-two-blocks", {}}, {"demouth-reduce-two-blocks", {{"BLOCKS", "7"}}},
      {"oancea-scan-inc-warp", {}}};
  for (const auto& [id, defines] : listings) {
    const KernelFile* f = find_kernel_file(id);
    if (!f) continue;
    for (int n : {256, 32, 16}) {
      TraceRequest r;
      r.kernel = id;
      r.n = n;
      r.type = kernel_options(*f).types.front();
      r.defines = defines;
      r.seed = 17;
      try {
        run_interpreter(resolve_kernel(r));
      } catch (const std::exception&) {
        continue;  // too large for it, or it faults at this size
      }
      add(r);
      break;
    }
  }
  return plan;
}

}  // namespace scanscope
