// `scanscope bench`: device-wide timings (bench/bench.h): a table on stdout, progress on
// stderr, JSON on request. Bad option values throw UsageError (one line, exit 2).
#include "bench_cli.h"
#include "formats/shown_text.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

#include "bench/bench.h"
#include "engine/catalogue.h"
#include "engine/runner.h"
#include "formats/files.h"
#include "formats/trace_json.h"

namespace scanscope {

namespace {

std::vector<std::string> split_ids(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// The kernel, and for a compaction the kept fraction it ran at: "compact-best 10%".
std::string point_label(const BenchPoint& p) {
  std::string label = shown_text(p.kernel);
  if (p.kept_percent >= 0) label += " " + std::to_string(p.kept_percent) + "%";
  return label;
}

void print_table(const BenchResults& r, FILE* out) {
  std::fprintf(out, "device: %s (%s%s%s), type %s, %s\n", shown_text(r.device).c_str(), shown_text(r.driver).c_str(), r.cub.empty() ? "" : ", ",
               shown_text(r.cub).c_str(), type_name(r.type), shown_text(r.date).c_str());
  std::fprintf(out, "%-24s %11s %11s %9s %8s %8s  %s\n", "kernel", "n", "time ms", "GB/s", "x CUB", "x copy", "check");
  long long last_n = -1;
  for (const auto& p : r.points) {
    if (p.n != last_n && last_n != -1) std::fprintf(out, "\n");
    last_n = p.n;
    std::string check = p.note.empty() ? (p.verified ? "ok" : "NOT CHECKED") : shown_text(p.note);
    if (p.note.empty() && p.selected >= 0) check += " (" + std::to_string(p.selected) + " kept)";
    const std::string label = point_label(p);
    if (p.ms <= 0 && !p.note.empty()) {
      std::fprintf(out, "%-24s %11lld %11s %9s %8s %8s  %s\n", label.c_str(), p.n, "-", "-", "-", "-", check.c_str());
      continue;
    }
    std::fprintf(out, "%-24s %11lld %11s %9s %8s %8s  %s\n", label.c_str(), p.n, fmt("%.4f", p.ms).c_str(), fmt("%.1f", p.gbps).c_str(),
                p.ratio_to_cub > 0 ? fmt("%.2f", p.ratio_to_cub).c_str() : "-", p.ratio_to_copy > 0 ? fmt("%.2f", p.ratio_to_copy).c_str() : "-",
                check.c_str());
  }
  // Our best kernels against their baselines, measured in this run.
  std::map<std::string, bool> best;
  for (const auto& k : bench_kernels()) best[k.id] = k.best;
  std::map<std::tuple<std::string, long long, int>, const BenchPoint*> at;
  for (const auto& p : r.points)
    if (p.ms > 0 && p.note.empty()) at[{p.kernel, p.n, p.kept_percent}] = &p;
  bool header = false;
  for (const auto& [key, p] : at) {
    if (!best[std::get<0>(key)]) continue;
    if (!header) {
      std::fprintf(out, "\nbest kernels (same run): %-22s %11s %9s %8s %8s %10s\n", "kernel", "n", "GB/s", "x CUB", "x copy", "x probe");
      header = true;
    }
    auto probe = at.find({"read-probe", std::get<1>(key), -1});
    std::string xprobe = p->family == BenchFamily::Reduce && probe != at.end() ? fmt("%.3f", p->gbps / probe->second->gbps) : "-";
    std::fprintf(out, "%25s %-22s %11lld %9.1f %8s %8s %10s\n", "", point_label(*p).c_str(), std::get<1>(key), p->gbps, p->ratio_to_cub > 0 ? fmt("%.3f", p->ratio_to_cub).c_str() : "-",
                p->ratio_to_copy > 0 ? fmt("%.3f", p->ratio_to_copy).c_str() : "-", xprobe.c_str());
  }
  for (const auto& m : r.messages) std::fprintf(out, "note: %s\n", shown_text(m).c_str());
}

}  // namespace

CLI::App* add_bench_command(CLI::App& app, BenchOptions& o) {
  std::string ids, sorts, tuning;
  for (const auto& k : bench_kernels()) {
    std::string& list = k.in_all ? ids : k.sort != BenchSort::None && k.id.rfind("x-", 0) != 0 ? sorts : tuning;
    list += (list.empty() ? "" : ", ") + k.id;
  }
  std::string aliases;
  for (const auto& a : bench_kernel_aliases()) aliases += (aliases.empty() ? "" : ", ") + std::string(a.name) + " (" + a.id + ")";
  CLI::App* cmd = app.add_subcommand("bench", "device-wide timings against CUB, a device copy and the CPU (every result checked)");
  cmd->add_option("--kernel", o.kernel, "kernel ids, comma-separated, or all: " + ids + "; radix sorts (not in all: their CPU check is slow at 2^28): " + sorts +
                                          "; tuning variants (int only, not in all): " + tuning + "; other names: " + aliases);
  cmd->add_option("--min", o.min_n, "smallest n (sizes double up to --max)");
  cmd->add_option("--max", o.max_n, "largest n (default 2^28 with a GPU, 2^24 without; at most 2^30)");
  cmd->add_option("--json", o.json, "also write the results to FILE (JSON)");
  cmd->add_option("--type", o.type, "value type: " + name_list(type_names(), ", ", " or "));
  cmd->add_option("--repeats", o.repeats, "timed runs per point (the median is reported)");
  cmd->add_option("--warmup", o.warmup, "untimed runs first");
  cmd->add_option("--preset", o.preset, "re-run a source's table: harris-table2 (Harris's scan paper, Table 2) or oancea (Oancea and Henriksen's notes: reduce at n = 1000 and 10^6)");
  cmd->add_option("--kept", o.kept, "the stream compactions' kept fractions in percent, comma-separated (default 10,50,90): one point each");
  cmd->add_flag("--quiet", o.quiet, "no progress on stderr");
  return cmd;
}

int run_bench_command(const BenchOptions& o, const CLI::App& cmd) {
  BenchConfig c;
  if (o.kernel != "all") {
    c.kernels = split_ids(o.kernel);
    if (c.kernels.empty()) throw UsageError("--kernel needs an id or all");
  }
  if (!parse_value_type(o.type, &c.type)) throw UsageError("--type must be " + name_list(type_names(), ", ", " or ") + ", not '" + o.type + "'");
  if (o.repeats < 1 || o.repeats > 1000) throw UsageError("--repeats must be 1 to 1000, not " + std::to_string(o.repeats));
  if (o.warmup < 0 || o.warmup > 100) throw UsageError("--warmup must be 0 to 100, not " + std::to_string(o.warmup));
  if (!o.preset.empty() && o.preset != "harris-table2" && o.preset != "oancea")
    throw UsageError("--preset must be harris-table2 or oancea, not '" + o.preset + "'");
  if (!o.preset.empty() && (cmd.count("--min") || cmd.count("--max"))) throw UsageError("--preset sets its own sizes; leave out --min and --max");
  c.min_n = o.min_n;
  c.max_n = o.max_n;
  const bool gpu = gpu_status().usable;
  if (!cmd.count("--max")) {  // left out (a given 0 is refused below, never the default)
    c.max_n = gpu ? (1LL << 28) : (1LL << 24);
    if (c.max_n < c.min_n) c.max_n = c.min_n;
  }
  if (c.min_n < 1 || c.min_n > c.max_n || c.max_n > (1LL << 30))
    throw UsageError("sizes must satisfy 1 <= --min <= --max <= 2^30 (1073741824), not --min " + std::to_string(c.min_n) + " --max " + std::to_string(c.max_n));
  // Without a GPU the CPU baselines hold input, output and workspace in memory: 2^30 ints would
  // take over 8 GB for a timing nobody needs.
  if (!gpu && c.max_n > (1LL << 26))
    throw UsageError("without a GPU --max is at most 2^26 (67108864), not " + std::to_string(c.max_n) + " (" + gpu_status().why + ")");
  if (!o.json.empty()) check_output_path(o.json, "--json");  // before the sweep, not after it
  c.kept_percent.clear();
  for (const auto& k : split_ids(o.kept)) {
    size_t used = 0;
    int v = -1;
    try {
      v = std::stoi(k, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != k.size() || v < 0 || v > 100) throw UsageError("--kept takes percentages 0 to 100, comma-separated, not '" + k + "'");
    c.kept_percent.push_back(v);
  }
  if (c.kept_percent.empty()) throw UsageError("--kept needs at least one percentage");
  c.repeats = o.repeats;
  c.warmup = o.warmup;
  c.preset = o.preset;

  const bool tty = isatty(2);
  long long shown_n = -1;
  BenchProgress progress = [&](int done, int total, const std::string& label) {
    if (o.quiet) return;
    if (tty) {
      std::fprintf(stderr, "\r[%d/%d] %-48s", done, total, label.c_str());
      if (done == total) std::fprintf(stderr, "\n");
    } else {
      auto at = label.find(" n=");
      long long n = at == std::string::npos ? -1 : std::stoll(label.substr(at + 3));
      if (n != shown_n && n >= 0) std::fprintf(stderr, "bench: [%d/%d] n=%lld\n", done, total, n);
      shown_n = n;
    }
  };
  BenchResults r = run_bench(c, progress, nullptr);
  print_table(r, o.json == "-" ? stderr : stdout);  // the JSON may be what stdout carries
  if (!gpu) std::cerr << "scanscope bench: no GPU kernels: " << gpu_status().why << "; timed the CPU baselines only\n";
  if (!o.json.empty()) {
    write_output(o.json, bench_to_json(r));
    std::cerr << "scanscope bench: wrote " << shown_text(o.json) << "\n";  // a path may hold escape sequences
  }
  for (const auto& p : r.points)
    if (!p.verified && p.note.rfind("skipped", 0) != 0) return 1;  // a wrong result or a CUDA error
  return 0;
}

}  // namespace scanscope
