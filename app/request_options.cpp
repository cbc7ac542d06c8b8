// The options of a trace request on the command line (request_options.h).
#include "request_options.h"

#include <sys/stat.h>

#include <CLI/CLI.hpp>

#include "engine/interp.h"
#include "engine/sources.h"

namespace scanscope {

void add_request_options(CLI::App* app, RequestOptions& o, RequestFlags which) {
  const bool all = which == RequestFlags::All;
  if (all) app->add_option("--kernel", o.kernel, "kernel id (see `scanscope list`)");
  app->add_option("--n", o.n, "number of elements (default 16)");
  app->add_option("--threads", o.threads, "threads in the block (default: what the kernel needs for n)");
  app->add_option("--banks", o.banks, "shared-memory banks: 32 (since Fermi) or 16 (G80)");
  app->add_option("--warp-issue", o.warp_issue, "lanes issued together: 32, or 16 (G80 half-warps; default with --banks 16)");
  app->add_option("--pad", o.pad, "scan-blelloch padding: none, harris (index/NUM_BANKS) or zero (+ index/NUM_BANKS^2)");
  std::vector<std::string> int_only;
  for (const OperatorInfo& op : operators())
    if (op.int_only) int_only.emplace_back(op.name);
  app->add_option("--op", o.op, "operator: " + name_list(operator_names()) + " (" + name_list(int_only) + ": int only)");
  app->add_option("--type", o.type, "value type: " + name_list(type_names(), ", ", " or "));
  app->add_option("--scan", o.scan, "scan kind: inclusive or exclusive (default: the kernel's own)");
  app->add_option("--input", o.input, "comma-separated input values, e.g. 3,1,7,0,4,1,6,3 (sets --n)");
  app->add_option("--seed", o.seed, "seed of the random input (when no --input)");
  app->add_option("--bits", o.bits, "app-radix-sort: key bits to sort by (1 = the one-bit split; default: what the largest key needs)");
  if (all) {
    app->add_option("--device", o.device, "auto (GPU when there is one), cpu (emulator) or gpu");
    app->add_option("--source", o.source, "run this kernel file instead of a catalogue kernel (docs/kernel-files.md)");
    app->add_option("--include-dir", o.include_dirs,
                    "DIR: a folder the kernel file's #include may also reach (repeatable; always: its own folder and the project's kernels/)")
        ->type_name("DIR");
  }
  app->add_option("--entry", o.entry, "the __global__ function to launch (default: the one the launch line names)");
  app->add_option("-D,--define", o.defines, "NAME=VALUE: set a macro of the kernel file (repeatable)");
}

TraceRequest to_request(const RequestOptions& o, Device* device, bool resolve, ResolvedKernel* resolved) {
  TraceRequest r;
  r.kernel = current_kernel_id(o.kernel);
  r.source = o.source;
  r.entry = o.entry;
  for (const auto& d : o.include_dirs) {
    struct stat st {};
    if (::stat(d.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) throw UsageError("--include-dir " + d + ": not a folder");
    r.include_dirs.push_back(d);
  }
  if (!o.source.empty()) {
    const size_t slash = o.source.find_last_of('/');
    std::string base = o.source.substr(slash == std::string::npos ? 0 : slash + 1);
    r.kernel = base.size() > 3 && base.compare(base.size() - 3, 3, ".cu") == 0 ? base.substr(0, base.size() - 3) : base;
  }
  for (const auto& d : o.defines) {
    const size_t eq = d.find('=');
    r.defines.emplace_back(d.substr(0, eq), eq == std::string::npos ? "" : d.substr(eq + 1));
  }
  // A value given is that value: 0 is refused, never taken as "the default" (docs/bad-inputs.md).
  if (o.threads != kNotGiven && o.threads < 1)
    throw UsageError("--threads must be from 1 to 1024 (a block's limit), not " + std::to_string(o.threads) + " (leave it out for the kernel's own)");
  if (o.warp_issue != kNotGiven && o.warp_issue != 32 && o.warp_issue != 16)
    throw UsageError("--warp-issue must be 32 or 16 (G80 half-warps), not " + std::to_string(o.warp_issue));
  if (o.bits != kNotGiven && o.bits < 1)
    throw UsageError("--bits must be from 1 to 31, not " + std::to_string(o.bits) + " (leave it out for what the largest key needs)");
  r.threads = o.threads != kNotGiven ? o.threads : 0;
  r.banks = o.banks;
  r.warp_issue = o.warp_issue != kNotGiven ? o.warp_issue : (o.banks == 16 ? 16 : 32);
  if (!parse_pad(o.pad, &r.pad)) throw UsageError("--pad must be none, harris or zero, not '" + o.pad + "'");
  if (!parse_operator(o.op, &r.op)) throw UsageError("unknown --op '" + o.op + "' (accepted: " + name_list(operator_names()) + ")");
  if (!parse_value_type(o.type, &r.type))
    throw UsageError("--type must be " + name_list(type_names(), ", ", " or ") + ", not '" + o.type + "'");
  r.scan = o.scan;
  r.seed = o.seed;
  r.bits = o.bits != kNotGiven ? o.bits : 0;
  if (o.n != kNotGiven && o.n < 0) throw UsageError("--n must be 1 or more, not " + std::to_string(o.n));
  r.n = o.n != kNotGiven ? o.n : 16;
  if (!o.input.empty()) {
    r.input = parse_input_list(o.input, r.type);
    if (o.n != kNotGiven && o.n != static_cast<int>(r.input.size()))
      throw UsageError("--input has " + std::to_string(r.input.size()) + " values but --n is " + std::to_string(o.n) +
                       " (give one of them, or make them agree)");
    r.n = static_cast<int>(r.input.size());
  }
  if (device) {
    if (o.device == "auto") *device = Device::Auto;
    else if (o.device == "cpu") *device = Device::Cpu;
    else if (o.device == "gpu") *device = Device::Gpu;
    else throw UsageError("--device must be auto, cpu or gpu, not '" + o.device + "'");
  }
  if (resolve) {  // every check of the request against the kernel file, before anything runs
    ResolvedKernel k = resolve_kernel(r);
    if (resolved) *resolved = std::move(k);
  } else {
    check_request_values(r);
  }
  return r;
}

}  // namespace scanscope
