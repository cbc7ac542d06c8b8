// scanscope's command line. Every bad option value gets one clear line on stderr and exit 2.
#include "cli.h"
#include "formats/shown_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "engine/assets.h"
#include "engine/bank_model.h"
#include "engine/check.h"
#include "engine/cuda/disasm.h"
#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "bench_cli.h"
#include "check_cli.h"
#include "help_text.h"
#include "request_options.h"
#include "demos/float_order.h"
#include "engine/format.h"
#include "demos/histeq.h"
#include "formats/exercise.h"
#include "formats/lesson.h"
#include "engine/ncu_check.h"
#include "bench/bench.h"
#include "bench/bench_view.h"
#include "formats/files.h"
#include "formats/trace_json.h"
#include "engine/validation_plan.h"
#include "window/panel_table.h"
#include "window/window_options.h"

namespace scanscope {

namespace {

std::string smem_preview(const Step& s, int max_words, Operator op) {
  std::string out;
  int shown = 0;
  for (double v : s.smem) {
    if (shown == max_words) {
      out += " ...";
      break;
    }
    out += (shown ? " " : "") + format_value(v, op);
    ++shown;
  }
  return out;
}

// The source lines a step's accesses come from, each once, in the order the step first reaches
// them, with the expressions marked under the line: ^ a load, = a store, ~ a shuffle or an atomic.
// What printf printed in step `step` (-1: in the blocks the trace does not record), a line each,
// in thread order, escaped as every text from a kernel is.
void print_printf_lines(const Trace& t, int step, std::ostream& os) {
  bool any = false;
  for (const PrintLine& l : t.prints) {
    if (l.step != step) continue;
    if (step < 0 && !any) os << "printf in blocks the trace does not record:\n";
    any = true;
    std::string who = "thread " + std::to_string(l.tid);
    if (t.is_grid() || step < 0) who = "launch " + std::to_string(l.launch + 1) + ", block " + std::to_string(l.block) + ", " + who;
    os << "    printf " << who << ": " << shown_text(l.text) << "\n";
  }
}

void print_step_code(const Trace& t, const Step& s, std::ostream& os) {
  std::vector<std::pair<int, int>> lines;             // (file, line), first reached first
  std::map<std::pair<int, int>, std::string> marks;   // under the line, by column
  for (const auto& a : s.accesses) {
    if (a.site < 0 || a.site >= static_cast<int>(t.sites.size())) continue;
    const SourceSite& site = t.sites[a.site];
    const std::pair<int, int> key{site.file, site.line};
    std::string& m = marks[key];
    if (m.empty()) lines.push_back(key);
    const int end = site.end_line == site.line ? site.end_col : site.col + 1;
    const char c = a.op == kLoad ? '^' : a.op == kStore ? '=' : '~';
    if (static_cast<int>(m.size()) < end - 1) m.resize(end - 1, ' ');
    for (int col = site.col; col < end; ++col)
      if (m[col - 1] == ' ') m[col - 1] = c;
  }
  for (const auto& key : lines) {
    if (key.first < 0 || key.first >= static_cast<int>(t.file_texts.size())) continue;
    std::istringstream text(t.file_texts[key.first]);
    std::string line;
    for (int i = 0; i < key.second && std::getline(text, line); ++i) {
    }
    for (char& c : line)
      if (c == '\t') c = ' ';  // a tab is one column in the sites' positions
    const size_t lead = std::min(line.find_first_not_of(' '), marks[key].find_first_not_of(' '));
    const std::string where = "      " + t.files[key.first] + ":" + std::to_string(key.second) + "  ";
    os << shown_text(where) << shown_text(line.substr(std::min(lead, line.size()))) << "\n"
       << std::string(where.size(), ' ') << marks[key].substr(std::min(lead, marks[key].size())) << "\n";
  }
}

// What one launch of a grid trace stored to global memory, array by array: the last value at each
// element it wrote (e.g. the block sums "partial[0..1] = 44 42").
void print_launch_writes(const Trace& t, int launch, std::ostream& os) {
  std::map<int, std::map<int, double>> written;  // array -> index -> value
  for (const Step& s : t.steps)
    if (s.launch == launch)
      for (const GlobalAccess& a : s.global)
        if (a.op != kLoad) written[a.array][a.index] = a.value;
  for (const auto& [array, values] : written) {
    const std::string name = array < static_cast<int>(t.global_arrays.size()) ? t.global_arrays[array].name : "array " + std::to_string(array);
    os << "  launch " << launch + 1 << " wrote " << name << "[" << values.begin()->first << ".." << values.rbegin()->first << "] ("
       << values.size() << " elements):";
    int shown = 0;
    for (const auto& [index, v] : values) {
      if (shown++ == 16) {
        os << " ...";
        break;
      }
      os << " " << format_value(v, t.op);
    }
    os << "\n";
  }
}

void print_table(const Trace& t, std::ostream& os, bool code = false) {
  os << std::left << std::setw(4) << "#" << std::setw(38) << "step" << std::setw(8) << "active" << std::setw(8) << "degree"
     << std::setw(9) << "ld wf" << std::setw(9) << "st wf" << "shared memory after the step\n";
  const bool grid = t.is_grid();
  for (size_t i = 0; i < t.steps.size(); ++i) {
    const Step& s = t.steps[i];
    if (grid && (i == 0 || t.steps[i - 1].launch != s.launch) && s.launch < static_cast<int>(t.launches.size()))
      os << "launch " << s.launch + 1 << " of " << t.launches.size() << ": " << shown_text(t.launches[s.launch].text) << "\n";
    long long lw = 0, sw = 0;
    for (const auto& wi : s.instructions) {
      if (wi.op == kLoad) lw += wi.wavefronts;
      if (wi.op == kStore) sw += wi.wavefronts;
    }
    std::string degree = s.max_degree == 0 ? "-" : std::to_string(s.max_degree) + "-way";
    if (s.max_degree == 1) degree = "1 (none)";
    std::string label = shown_text(grid ? "block " + std::to_string(s.block) + ": " + s.label : s.label);
    if (label.size() > 36) label = label.substr(0, 35) + "~";
    os << std::left << std::setw(4) << i << std::setw(38) << label << std::setw(8) << s.active_threads << std::setw(8)
       << (s.max_degree <= 1 ? (s.max_degree == 0 ? "-" : "1") : std::to_string(s.max_degree)) << std::setw(9) << lw
       << std::setw(9) << sw << smem_preview(s, 32, t.op) << "\n";
    if (code) print_step_code(t, s, os);
    if (!s.hazards.empty()) {
      const Hazard& h = s.hazards[0];
      os << "    RACE: " << s.hazards.size() << " shared word(s) touched by two threads with no barrier between; first: word "
         << h.word << ", thread " << h.first_tid << " at " << source_position(t, s.accesses[h.first_access].site) << " then thread "
         << h.second_tid << " at " << source_position(t, s.accesses[h.second_access].site) << " (" << h.kind << ")\n"
         << "    " << race_fix(h) << "\n";
    }
    if (!s.global_hazards.empty()) {
      const Hazard& h = s.global_hazards[0];
      os << "    RACE: " << s.global_hazards.size() << " global element(s) touched by two threads of the block with no barrier between; first: "
         << shown_text(global_element_name(t, h)) << ", thread " << h.first_tid << " at " << source_position(t, s.global[h.first_access].site)
         << " then thread " << h.second_tid << " at " << source_position(t, s.global[h.second_access].site) << " (" << h.kind << ")\n"
         << "    " << shown_text(global_race_fix(t, h)) << "\n";
    }
    print_printf_lines(t, static_cast<int>(i), os);
    if (grid && (i + 1 == t.steps.size() || t.steps[i + 1].launch != s.launch)) print_launch_writes(t, s.launch, os);
  }
  print_printf_lines(t, -1, os);
  os << "totals (Nsight Compute terms): ld inst " << t.totals.ld.inst << ", wavefronts " << t.totals.ld.wavefronts
     << ", conflicts " << t.totals.ld.conflicts << "; st inst " << t.totals.st.inst << ", wavefronts "
     << t.totals.st.wavefronts << ", conflicts " << t.totals.st.conflicts << "\n";
  const GlobalTotals& g = t.totals.global;
  auto per_request = [](const GlobalOpTotals& o) {
    std::ostringstream r;
    if (o.requests > 0) r << " (" << std::fixed << std::setprecision(1) << static_cast<double>(o.sectors) / static_cast<double>(o.requests) << " per request)";
    return r.str();
  };
  os << "global memory (Nsight Compute terms): ld requests " << g.ld.requests << ", sectors " << g.ld.sectors << per_request(g.ld)
     << "; st requests " << g.st.requests << ", sectors " << g.st.sectors << per_request(g.st);
  if (g.atomics > 0) os << "; atomics " << g.atomics;
  os << "\n";
  if (!t.compiler.empty()) os << "compiler: " << shown_text(t.compiler) << "\n";
  for (const auto& n : t.compiler_notes) os << "  note: " << shown_text(n) << "\n";
  if (!t.gpu_check.empty()) os << "GPU: " << shown_text(t.gpu_check) << "\n";
  if (t.gpu_us > 0) os << "GPU time: " << std::fixed << std::setprecision(2) << t.gpu_us << std::defaultfloat << " us (the same text as written, median of " << kTimedRepeats << " launches)\n";
  os << "output:";
  int shown = 0;
  for (double v : t.output) {
    if (shown++ == 32) {
      os << " ...";
      break;
    }
    os << " " << format_value(v, t.op);
  }
  os << "\n";
}

// The kernel files' options, as the command line spells them.
std::vector<std::string> option_flags(const KernelOptions& o) {
  std::vector<std::string> opts = {"--n", "--op", "--type", "--banks", "--warp-issue", "--input", "--seed", "--device", "-D"};
  if (o.pad) opts.push_back("--pad");
  if (o.threads) opts.push_back("--threads");
  if (o.bits) opts.push_back("--bits");
  if (o.is_scan) opts.push_back("--scan");
  return opts;
}

int cmd_list(bool as_json) {
  if (as_json) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& k : kernel_files()) {
      const KernelOptions o = kernel_options(k);
      nlohmann::json scans = nlohmann::json::array();
      if (o.can_inclusive) scans.push_back("inclusive");
      if (o.can_exclusive) scans.push_back("exclusive");
      nlohmann::json requires = nlohmann::json::array();
      for (const auto& r : k.header.requires) requires.push_back({{"expr", r.expr}, {"message", r.message}});
      arr.push_back({{"id", k.id}, {"family", family_info(*k.family).folder}, {"file", k.display}, {"title", k.header.title}, {"source", k.header.from},
                     {"summary", k.header.about}, {"notes", k.header.note}, {"launch", k.header.launch}, {"check", k.header.check},
                     {"options", option_flags(o)}, {"scan", scans}, {"ops", names_of(o.ops)}, {"types", names_of(o.types)}, {"requires", requires},
                     {"broken", o.broken}, {"reorders", o.reorders}});
    }
    std::cout << arr.dump(2) << "\n";
    return 0;
  }
  size_t family_width = 0;  // the longest family name and a blank
  for (const KernelFamilyInfo& f : kernel_families()) family_width = std::max(family_width, std::string(f.folder).size() + 1);
  const int indent = 30 + static_cast<int>(family_width);
  for (const auto& k : kernel_files()) {
    const KernelOptions o = kernel_options(k);
    std::cout << std::left << std::setw(30) << k.id << std::setw(static_cast<int>(family_width)) << family_info(*k.family).folder << k.header.title << "\n";
    std::cout << std::setw(indent) << "" << "file: " << k.display << "\n";
    std::cout << std::setw(indent) << "" << "from: " << k.header.from << "\n";
    std::cout << std::setw(indent) << "" << "launch: " << k.header.launch << "\n";
    std::cout << std::setw(indent) << "" << "options: " << name_list(option_flags(o)) << " (--op " << name_list(names_of(o.ops), " ") << "; --type "
              << name_list(names_of(o.types), " ") << ")\n";
  }
  for (const auto& p : catalogue_problems()) std::cerr << "scanscope list: skipped " << p << "\n";
  return 0;
}

// An output a command makes (a trace, PTX, bytecode, a table): never over one of `inputs` or the
// program's own data, and never a kernel file by its name (`--bytecode mine.cu` is a slip of the
// hand, whether or not that file is read).
void check_made_output(const std::string& path, const char* what, std::vector<std::string> inputs) {
  for (const char* ext : {".cu", ".cuh"}) {
    const size_t n = std::strlen(ext);
    if (path.size() > n && path.compare(path.size() - n, n, ext) == 0)
      throw UsageError(std::string(what) + " " + path + " would replace a kernel file: name a file of another kind, or - for stdout");
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0)  // only a file that exists can be one of them: no walk of the data otherwise
    for (std::string& f : program_data_files()) inputs.push_back(std::move(f));
  check_output_path(path, what, inputs);
}

int cmd_trace(const RequestOptions& o, const std::string& json_path, bool quiet, bool timed, bool code, bool no_compiler_view) {
  Device device;
  ResolvedKernel k;
  TraceRequest r = to_request(o, &device, true, &k);
  if (!json_path.empty()) check_made_output(json_path, "--json", request_input_files(k));  // the kernel file and its includes
  if (timed) {  // the uninstrumented kernel once, on the GPU (for ncu and compute-sanitizer)
    GpuStatus g = gpu_status();
    if (!g.usable) throw UsageError("--timed runs the timed kernel on the GPU: no usable GPU: " + g.why);
    if (!json_path.empty()) throw UsageError("--timed records nothing: drop --json");
    Trace t = run_emulator(k);
    float ms = 0;
    t.output = run_gpu_timed(k, &ms);
    std::string why;
    bool ok = check_output(t, &why);
    std::cout << "timed " << describe(r) << " on " << g.name << ": " << ms * 1000.0f << " us, output "
              << (ok ? "matches the CPU reference" : "DIFFERS: " + why) << "\n";
    return ok ? 0 : 1;
  }
  std::string where;
  std::ostream& table = json_path == "-" ? std::cerr : std::cout;
  auto print_head = [&](const Trace& t) {
    table << "scanscope trace: " << describe(r) << " on " << where << "\n";
    table << "launch: " << shown_text(t.launch) << " (" << shown_text(t.source.empty() ? find_kernel_file(t.kernel)->display : t.source) << ")\n";
    table << "threads " << t.threads << ", shared memory " << t.smem_words << " words, banks " << t.banks
          << (t.warp_issue == 16 ? " (issued as half-warps)" : "") << "\n";
    print_table(t, table, code);
    if (code) table << "(--code: under each line ^ marks a load, = a store, ~ a shuffle or an atomic)\n";
  };
  Trace t;
  try {
    t = run_trace(k, device, &where, !no_compiler_view);
  } catch (const TraceFault& f) {  // what ran before the fault, then the fault's line (exit 1)
    where = "CPU emulator";
    if (!quiet) {
      print_head(*f.trace);
      table << "the kernel faulted: the table stops there (its last step, \"up to the fault\")\n";
    }
    if (!json_path.empty()) write_output(json_path, trace_to_json(*f.trace, f.trace->is_grid() ? -1 : 1) + "\n");
    throw;
  }
  std::string why;
  bool ok = check_output(t, &why);
  if (!quiet) {
    print_head(t);
    std::string hint;
    const std::string reason = ok ? "" : wrong_by_design(k.file, r);
    if (!reason.empty()) hint = " (" + reason + ")";
    if (t.check.empty()) table << "output not checked: the kernel file names no check\n";
    else table << (ok ? "output matches the sequential CPU reference\n" : "OUTPUT DIFFERS from the CPU reference: " + why + hint + "\n");
    if (ok && has_race(t))
      table << "but the trace has races (RACE above): here threads run one after another; on a GPU the result can differ from run to run\n";
  }
  if (!json_path.empty()) {
    write_output(json_path, trace_to_json(t, t.is_grid() ? -1 : 1) + "\n");  // a grid: compact (a 2^16 scan is 77 MB so)
  }
  const bool gpu_ok = t.gpu_check.empty() || t.gpu_check.rfind("DIFFERS", 0) != 0;
  return ok && gpu_ok ? 0 : 1;
}

// GPU validation: every plan entry on the emulator and, where there is a GPU, traced and timed on
// it. With --launch-timed only the timed kernels are launched (for ncu and compute-sanitizer).
int cmd_validate(bool launch_timed, const std::string& ncu_csv, const std::string& markdown, const std::string& cubins, bool metrics,
                 const std::string& sources) {
  if (metrics) {
    std::cout << ncu_metric_list() << "\n";
    return 0;  // main flushes standard output and reports a failed write
  }
  auto plan = sources.empty() ? validation_plan() : source_plan(sources);
  // Each entry resolved once, when first needed, for every step below that needs it.
  std::vector<std::optional<ResolvedKernel>> resolved(plan.size());
  auto resolved_at = [&](size_t i) -> const ResolvedKernel& {
    if (!resolved[i]) resolved[i] = resolve_kernel(plan[i].request);
    return *resolved[i];
  };
  if (!markdown.empty()) {  // before any run: never over the ncu table or a kernel file the plan reads
    std::vector<std::string> inputs = {ncu_csv};
    for (size_t i = 0; i < plan.size(); ++i) {
      try {
        for (const std::string& f : request_input_files(resolved_at(i))) inputs.push_back(f);
      } catch (const cuda::CudaError&) {  // its kernel file at least; the run reports the error
        inputs.push_back(plan[i].request.source);
      }
    }
    check_made_output(markdown, "--markdown", inputs);
  }
  GpuStatus g = gpu_status();
  if (!cubins.empty()) {  // every entry's timed kernel as machine code, for a disassembler
    std::string why;
    if (!nvrtc::available(&why)) throw UsageError("--cubins needs NVRTC: " + why);
    std::ostringstream index;
    for (size_t i = 0; i < plan.size(); ++i) {
      const ResolvedKernel& k = resolved_at(i);
      const GpuSources src = gpu_sources(k, 64);
      nvrtc::Result c = nvrtc::compile(src.timed, k.file.display, "sm_90", true);
      if (!c.ok) throw std::runtime_error(plan[i].name + ": NVRTC: " + c.log);
      const std::string file = cubins + "/" + std::to_string(i) + ".cubin";
      write_output(file, std::string(c.cubin.begin(), c.cubin.end()));
      index << i << "\t" << plan[i].name << "\n";
    }
    write_output(cubins + "/index.tsv", index.str());
    std::cout << plan.size() << " cubins in " << cubins << "\n";
    return 0;
  }
  if (launch_timed) {
    if (!g.usable) throw UsageError("validate --launch-timed needs a GPU: " + g.why);
    int bad = 0;
    for (size_t i = 0; i < plan.size(); ++i) {
      const PlanEntry& e = plan[i];
      const ResolvedKernel& k = resolved_at(i);
      Trace emu = run_emulator(k);
      Trace timed = emu;
      timed.output = run_gpu_timed(k, nullptr, /*warm_up=*/false);  // one launch per entry, for ncu
      std::string why;
      if (timed.output != emu.output && !check_output(timed, &why)) {
        std::cerr << e.name << ": timed kernel output wrong: " << why << "\n";
        ++bad;
      }
    }
    std::cout << plan.size() << " timed launches, " << bad << " with wrong output\n";
    return bad ? 1 : 0;
  }
  std::vector<NcuKernelRow> ncu;
  if (!ncu_csv.empty()) {
    // A regular file of at most 64 MiB (ncu's CSV of the whole catalogue is about 2 MB).
    const std::vector<NcuKernelRow> rows = parse_ncu_csv(read_text_file(ncu_csv, 64LL << 20, "an ncu CSV file"), "");
    // one row per launch: an entry whose file launches a sequence has several, summed
    std::vector<size_t> launches;
    for (size_t i = 0; i < plan.size(); ++i) launches.push_back(resolved_at(i).launches.size());
    try {
      ncu = ncu_rows_per_entry(rows, launches);
    } catch (const std::runtime_error& err) {
      throw UsageError(std::string("--ncu-csv: ") + err.what());
    }
  }
  std::ostringstream md;
  md << "| configuration | output | interpreter == GPU run | ld inst | ld wavefronts | ld conflicts | st inst | st wavefronts | st conflicts | "
        "global ld requests | global ld sectors | global st requests | global st sectors | ncu agrees |\n";
  md << "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  int failures = 0;
  for (size_t i = 0; i < plan.size(); ++i) {
    const auto& e = plan[i];
    const ResolvedKernel& k = resolved_at(i);
    Trace emu = run_emulator(k);
    std::string why;
    bool out_ok = check_output(emu, &why);
    const std::string by_design = wrong_by_design(k.file, e.request);
    if (!out_ok && !by_design.empty()) {  // a listing's erratum: wrong on purpose, not a failure
      out_ok = true;
      why = "wrong by design";
    }
    std::string equal = "no GPU";
    if (g.usable) {
      Trace gpu = run_trace(k, Device::Gpu, nullptr);
      const bool same = gpu.gpu_check.rfind("DIFFERS", 0) != 0;
      equal = same ? "equal" : gpu.gpu_check;
      if (!same && !by_design.empty()) equal = "differs, as a race may: " + gpu.gpu_check.substr(gpu.gpu_check.find(':') + 2);
      else if (!same) ++failures;
      Trace timed = emu;
      timed.output = run_gpu_timed(k, nullptr);
      std::string twhy;
      if (timed.output != emu.output && !(check_output(timed, &twhy) && check_output(emu, &twhy)) && by_design.empty()) {
        out_ok = false;
        why = "timed kernel's output differs from the interpreter's";
      }
    }
    if (!out_ok) ++failures;
    const Totals& p = emu.totals;
    auto cell = [&](long long pred, long long meas) {
      if (ncu.empty()) return std::to_string(pred);
      return pred == meas ? std::to_string(pred) : std::to_string(pred) + " (ncu " + std::to_string(meas) + ")";
    };
    std::string agrees = "not measured";
    Totals m;
    if (!ncu.empty()) {
      m = ncu[i].totals;
      std::string excluded;
      const bool same = ncu_agrees(p, m, k.file.header.schedule, &excluded, has_tile_barriers(k));
      agrees = same ? (excluded.empty() ? "yes" : "yes (" + excluded + ")") : "NO";
      if (!same) ++failures;
    }
    md << "| " << e.name << " | " << (out_ok ? (why == "wrong by design" ? why : "correct") : "WRONG: " + why) << " | " << equal << " | "
       << cell(p.ld.inst, m.ld.inst) << " | " << cell(p.ld.wavefronts, m.ld.wavefronts) << " | "
       << cell(p.ld.conflicts, m.ld.conflicts) << " | " << cell(p.st.inst, m.st.inst) << " | "
       << cell(p.st.wavefronts, m.st.wavefronts) << " | " << cell(p.st.conflicts, m.st.conflicts) << " | "
       << cell(p.global.ld.requests, m.global.ld.requests) << " | " << cell(p.global.ld.sectors, m.global.ld.sectors) << " | "
       << cell(p.global.st.requests, m.global.st.requests) << " | " << cell(p.global.st.sectors, m.global.st.sectors) << " | " << agrees << " |\n";
  }
  std::string device = g.usable ? g.name : "no GPU (" + g.why + ")";
  std::string text = "Device: " + device + "\n\n" + md.str() + "\n" + std::to_string(plan.size()) + " configurations, " +
                     std::to_string(failures) + " failures\n";
  if (markdown == "-") {
    write_output(markdown, text);
  } else {
    if (!markdown.empty()) write_output(markdown, text);
    std::cout << text;
  }
  return failures ? 1 : 0;
}

int cmd_float_order(const std::string& data_kind, int n, unsigned seed) {
  auto data = float_order_data(data_kind, n, seed);
  FloatOrderReport rep = compare_float_orders(data);
  std::cout << "float sums of the same " << rep.n << " values (" << data_kind << ", random seed " << seed << ")\n";
  std::cout << "accurate (compensated double): " << std::setprecision(10) << rep.accurate << "\n\n";
  std::cout << std::left << std::setw(32) << "method" << std::setw(18) << "float result" << std::setw(14) << "error"
            << "ulps\n";
  for (const auto& s : rep.sums)
    std::cout << std::left << std::setw(32) << s.method << std::setw(18) << std::setprecision(10) << s.value << std::setw(14)
              << std::setprecision(3) << s.abs_error << std::setprecision(3) << s.ulps << "\n";
  std::cout << "\n";
  for (const auto& s : rep.sums) std::cout << s.method << ": " << s.explanation << "\n";
  return 0;
}

int cmd_histeq(const std::string& image_path, const std::string& out_path, const std::string& device_name) {
  Device device = device_name == "cpu" ? Device::Cpu : device_name == "gpu" ? Device::Gpu : Device::Auto;
  if (device_name != "cpu" && device_name != "gpu" && device_name != "auto")
    throw UsageError("--device must be auto, cpu or gpu, not '" + device_name + "'");
  if (!out_path.empty()) {  // never over the image, nor a kernel file it traces (the program's data)
    std::vector<std::string> inputs = program_data_files();
    inputs.push_back(image_path);
    check_output_path(out_path, "--out", inputs);
  }
  GrayImage img = image_path.empty() ? synthetic_image(320, 240) : load_gray_image(image_path);
  std::ostream& report = out_path == "-" ? std::cerr : std::cout;  // stdout may carry the PNG
  Equalization e = equalize(img, device);
  auto range = [](const GrayImage& g) {
    int lo = 255, hi = 0;
    for (uint8_t p : g.pixels) {
      lo = std::min<int>(lo, p);
      hi = std::max<int>(hi, p);
    }
    return std::to_string(lo) + ".." + std::to_string(hi);
  };
  report << "histogram equalization of " << (image_path.empty() ? "a synthetic low-contrast picture" : image_path) << " ("
            << img.width << "x" << img.height << ")\n";
  report << "CDF: inclusive scan of the 256-bin histogram with scan-hillis-steele on " << e.where << ", "
            << e.cdf_trace.steps.size() << " steps\n";
  std::string why;
  report << "CDF " << (check_output(e.cdf_trace, &why) ? "matches the sequential scan" : "DIFFERS: " + why) << "; last = "
            << static_cast<long long>(e.cdf.back()) << " pixels\n";
  report << "gray range before " << range(img) << ", after " << range(e.equalized) << "\n";
  if (!out_path.empty()) {
    save_gray_png(out_path, e.equalized);
    if (out_path != "-") report << "wrote " << shown_text(out_path) << "\n";  // a path may hold escape sequences
  }
  return 0;
}

// `lesson list` runs every step of every lesson (an `at` past its trace, a placeholder past its
// words: an error naming file:line); `lesson show` prints the steps with their numbers filled in.
int cmd_lesson(const std::string& action, const std::string& name, int only_step) {
  if (action == "list") {
    const std::vector<Lesson> lessons = load_lessons();
    for (const auto& l : lessons) check_lesson_runs(l);
    for (const auto& l : lessons) std::cout << std::left << std::setw(28) << shown_text(l.name) << shown_text(l.title) << " (" << l.steps.size() << " steps)\n";
    return 0;
  }
  if (action != "show") throw UsageError("lesson: expected list or show NAME, not '" + action + "'");
  if (name.empty()) throw UsageError("lesson show needs a lesson name (see scanscope lesson list)");
  Lesson l = find_lesson(name);
  if (only_step >= static_cast<int>(l.steps.size()))
    throw UsageError("lesson " + l.name + " has steps 0.." + std::to_string(l.steps.size() - 1) + ", not " + std::to_string(only_step));
  std::cout << shown_text(l.title) << "\n(" << shown_text(l.source) << ")\n";
  LessonBudget budget;  // the placeholders and traces of all steps shown together
  for (int i = 0; i < static_cast<int>(l.steps.size()); ++i) {
    if (only_step >= 0 && i != only_step) continue;
    const LessonStep& s = l.steps[i];
    Trace t;
    const FilledStep f = run_lesson_step(l, s, &t, &budget);
    std::cout << "\n[" << i << "] " << shown_text(s.title) << "\n" << shown_text(f.text, kMaxShownText, true) << "\n";
    if (s.has_request) {
      const int k = lesson_at(l, s, t);
      const Step& st = t.steps[k];
      std::cout << "  shows: " << describe(s.request) << ", step " << k << " (" << shown_text(st.label) << "): " << st.active_threads
                << " active threads, worst conflict " << st.max_degree << "-way; shared memory: " << smem_preview(st, 16, t.op)
                << "\n";
    }
    if (!s.question.empty()) std::cout << "  Question: " << shown_text(f.question, kMaxShownText, true) << "\n  Answer: " << shown_text(f.answer, kMaxShownText, true) << "\n";
  }
  return 0;
}

// The texts the GPU compiles for a request, through NVRTC: the PTX (where the compiler's vector
// accesses show) and the machine code (for a disassembler).
int cmd_compile(const RequestOptions& o, const std::string& ptx_path, const std::string& cubin_path, const std::string& bytecode_path,
                const std::string& arch, bool traced) {
  if (ptx_path.empty() && cubin_path.empty() && bytecode_path.empty())
    throw UsageError("compile: give --ptx FILE, --cubin FILE and/or --bytecode FILE");
  if (arch.rfind("sm_", 0) != 0) throw UsageError("--arch must be like sm_90, not '" + arch + "'");
  ResolvedKernel k;
  to_request(o, nullptr, true, &k);
  const std::vector<std::string> inputs = request_input_files(k);  // the kernel file and its includes
  if (!ptx_path.empty()) check_made_output(ptx_path, "--ptx", inputs);
  if (!cubin_path.empty()) check_made_output(cubin_path, "--cubin", inputs);
  if (!bytecode_path.empty()) check_made_output(bytecode_path, "--bytecode", inputs);
  if (!bytecode_path.empty()) write_output(bytecode_path, cuda::disassemble(k.build->compiled, k.build->files));
  if (ptx_path.empty() && cubin_path.empty()) return 0;  // the interpreter's own build needs no toolkit
  std::string why;
  if (!nvrtc::available(&why)) throw UsageError("compile needs the CUDA toolkit's NVRTC: " + why);
  const GpuSources src = gpu_sources(k, 64);
  const std::string& text = traced ? src.traced : src.timed;
  if (!ptx_path.empty()) {
    nvrtc::Result p = nvrtc::compile(text, k.file.display, "compute_" + arch.substr(3), false);
    if (!p.ok) throw std::runtime_error("NVRTC: " + p.log);
    write_output(ptx_path, p.ptx);
  }
  if (!cubin_path.empty()) {
    nvrtc::Result c = nvrtc::compile(text, k.file.display, arch, true);
    if (!c.ok) throw std::runtime_error("NVRTC: " + c.log);
    write_output(cubin_path, std::string(c.cubin.begin(), c.cubin.end()));
  }
  return 0;
}

// What every option's value must be, whatever the option: an empty value (`--json ''`) is a
// mistake, never "use the default", unless the option's value may be left out; a number is decimal (`--n 010` is ten, not octal eight; no
// 0x, 0b or 0o forms).
void check_values(const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    const bool number = opt->get_type_name().find("INT") != std::string::npos;
    for (const std::string& v : opt->results()) {
      if (v.empty() && opt->get_expected_min() == 0) continue;  // a value that may be left out (check --json: stdout)
      if (v.empty()) throw UsageError(opt->get_name() + ": an empty value (leave the option out for its default)");
      if (!number) continue;
      const size_t digits = v[0] == '-' || v[0] == '+' ? 1 : 0;
      const bool decimal = v.size() > digits && v.find_first_not_of("0123456789", digits) == std::string::npos &&
                           (v[digits] != '0' || v.size() == digits + 1);
      if (!decimal) throw UsageError(opt->get_name() + ": '" + v + "' is not a decimal number (write it without leading zeros or a 0x prefix)");
    }
  }
  for (const CLI::App* sub : app.get_subcommands()) check_values(*sub);
}

// `scanscope FILE` (a file manager's "open with"): a kernel file is --source, a lesson --lesson,
// a recording --bench or --open by what its JSON says it is.
void open_by_kind(const std::string& file, const CLI::App& app, RequestOptions& req, WindowOptions& w) {
  auto ends_with = [&](const char* ext) {
    const size_t n = std::strlen(ext);
    return file.size() > n && file.compare(file.size() - n, n, ext) == 0;
  };
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    if (file.find_first_of("./") == std::string::npos) {
      std::string commands;
      for (const CLI::App* sub : app.get_subcommands({})) commands += (commands.empty() ? "" : ", ") + sub->get_name();
      throw UsageError("'" + file + "' is neither a command (" + commands + ") nor a file");
    }
    throw UsageError(file + ": " + std::strerror(errno));
  }
  auto only = [&](const char* opt, bool given) {
    if (given) throw UsageError(file + ": the file to open and " + std::string(opt) + " both say what to show: give one of them");
  };
  if (ends_with(".cu") || ends_with(".cuh")) {
    only("--source/--kernel", app.count("--source") > 0 || app.count("--kernel") > 0);
    req.source = file;
  } else if (ends_with(".lesson")) {
    only("--lesson", !w.lesson.empty());
    w.lesson = file;
  } else if (ends_with(".json")) {
    // the recording's kind, from its "format" (read whole: the loader reads it anyway)
    const std::string text = read_text_file(file, kMaxTraceBytes, "a recording");
    if (text.find("\"scanscope-bench\"") != std::string::npos && text.find("\"scanscope-trace\"") == std::string::npos) {
      only("--bench", !w.bench_path.empty());
      w.bench_path = file;
    } else {
      only("--open", !w.open_path.empty());
      w.open_path = file;
    }
  } else {
    throw UsageError(file + ": scanscope opens kernel files (.cu), lessons (.lesson) and recordings (.json)");
  }
}

}  // namespace

int run_command_line(int argc, char** argv) {
  CLI::App app{"scanscope: watch GPU reduction and scan kernels run, one tree level at a time", "scanscope"};
  use_wrapped_help(app);  // before the subcommands: they take the parent's formatter when added
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", version_text(), "print the version and what this build can run (GPU, window)");
  bool man = false;
  app.add_flag("--man", man, "print the man page (roff) made from this help")->group("");  // the build's man page

  RequestOptions window_req;
  WindowOptions wopt;
  app.add_option("--open", wopt.open_path, "open a trace JSON file");
  std::string open_file;
  app.add_option("file", open_file, "a file to open in the window: a kernel file (.cu), a lesson (.lesson), a trace or bench recording (.json)");
  add_request_options(&app, window_req);
  app.add_option("--step", wopt.step, "step to show first");
  app.add_option("--screenshot", wopt.screenshot_path, "render the window to this PNG and exit");
  std::string panels_help, default_panels;
  for (const PanelInfo& p : kPanels) {
    panels_help += "\n  " + std::string(p.name) + std::string(std::max<size_t>(1, 13 - std::strlen(p.name)), ' ') + p.title;
    if (p.in_default) default_panels += (default_panels.empty() ? "" : ",") + std::string(p.name);
  }
  panels_help = "panels to show, comma-separated (default: " + default_panels + "):" + panels_help;
  app.add_option("--panels", wopt.panels, panels_help);
  app.add_option("--compare-pad", wopt.compare_pad, "comparison partner: the same scan with this padding");
  app.add_option("--compare-kernel", wopt.compare_kernel, "comparison partner: another kernel on the same input");
  app.add_option("--size", wopt.width, "window width (height follows 16:9)");
  app.add_flag("--presenter", wopt.presenter, "presenter mode: large font, high contrast");
  app.add_option("--lesson", wopt.lesson, "start a guided lesson (see `scanscope lesson list`)");
  app.add_option("--lesson-step", wopt.lesson_step, "step of the lesson to open (from 0)");
  app.add_option("--bench", wopt.bench_path, "recorded benchmark JSON to show in the timing panel (default: the shipped recording of this machine's GPU, else assets/bench/h200-int.json)");
  std::string presets_help = "the timing panel's series (default " + std::string(kDefaultTimingPreset) + "):";
  size_t id_width = 0;
  for (const TimingPreset& p : timing_presets()) id_width = std::max(id_width, p.id.size());
  for (const TimingPreset& p : timing_presets()) presets_help += "\n  " + p.id + std::string(id_width + 2 - p.id.size(), ' ') + p.title;
  app.add_option("--timing-preset", wopt.timing_preset, presets_help)->type_name("NAME");
  app.add_option("--series", wopt.timing_series, "the timing panel's series one by one, comma-separated bench kernel ids (scanscope bench --help lists them)")
      ->type_name("A,B,...");
  app.add_option("--timing-view", wopt.timing_view, "the timing panel's view: time (ms and GB/s) or ratio (x CUB and fraction of the copy's bandwidth)")
      ->type_name("time|ratio");
  const std::string scripted = "Scripted runs (tests, documentation screenshots)";
  app.add_flag("--frame-stats", wopt.frame_stats, "with --screenshot: first play every step (12 frames each) and print the frame times")
      ->group(scripted);
  app.add_option("--lesson-walk", wopt.lesson_walk, "with --screenshot: first render every step of every lesson to DIR/NAME-K.png")
      ->type_name("DIR")
      ->group(scripted);
  app.add_flag("--layout-report", wopt.layout_report,
               "with --screenshot: print what each panel had to shrink, thin out or leave out (values, labels), a line each")
      ->group(scripted);
  app.add_flag("--screen-text", wopt.screen_text,
               "with --screenshot: print the text the last frame drew (read back from its draw lists), a line per run: window, size, bounds (at X,Y WxH), text; "
               "with --lesson-walk also each step's text, question and answer as filled")
      ->group(scripted);
  app.add_flag("--show-answer", wopt.show_answer, "lesson steps open with their answer shown")->group(scripted);
  app.add_flag("--welcome", wopt.welcome, "open with the start screen: the lessons in order, the exercises, your own kernel (the first start does)");
  app.add_option("--exit-after-frames", wopt.exit_after_frames, "interactive window: play from step 0 and close after N frames, as the user would")
      ->group(scripted);
  app.add_option("--edit-script", wopt.edit_script,
                 "with --screenshot: first drive the editor as FILE says, a command a line: goto LINE:COL, type TEXT, key ctrl+enter, "
                 "tap KEY [N], frames N, step K, compare original|swap|clear, exercise try|hint|solution|reset, sweep start|wait K|cancel|finish, close, print, shot FILE.png")
      ->type_name("FILE")
      ->group(scripted);

  bool list_json = false;
  auto* list = app.add_subcommand("list", "the kernel catalogue");
  list->add_flag("--json", list_json, "as JSON");

  RequestOptions treq;
  std::string json_path;
  bool quiet = false;
  auto* trace = app.add_subcommand("trace", "record one block and print the per-step table");
  add_request_options(trace, treq);
  trace->add_option("--json", json_path, "write the trace JSON to FILE, or - for stdout (the table then goes to stderr)");
  trace->add_flag("--quiet", quiet, "no table");
  bool timed = false;
  trace->add_flag("--timed", timed, "GPU only: run the uninstrumented kernel once instead (for ncu and compute-sanitizer)");
  bool code = false;
  trace->add_flag("--code", code, "under each step, the source lines it ran with its accesses marked");
  bool no_compiler_view = false;
  trace->add_flag("--no-compiler-view", no_compiler_view,
                  "no NVRTC: every shared access as the source writes it (races, output and the GPU check are the same; faster, for scripts)");

  bool launch_timed = false, ncu_metrics = false;
  std::string ncu_csv, markdown, cubins, validate_sources;
  auto* validate = app.add_subcommand("validate", "GPU validation: emulator vs GPU traces, outputs, and ncu counters");
  validate->add_flag("--ncu-metrics", ncu_metrics, "print the Nsight Compute metrics --ncu-csv compares (for ncu --metrics)");
  validate->add_flag("--launch-timed", launch_timed, "only launch every timed kernel once (run this under ncu or compute-sanitizer)");
  validate->add_option("--ncu-csv", ncu_csv, "compare predicted totals with this `ncu --csv` output of --launch-timed");
  validate->add_option("--markdown", markdown, "also write the table to this file");
  validate->add_option("--sources", validate_sources, "validate the kernel files of this folder (e.g. tests/corpus) instead of the catalogue");
  validate->add_option("--cubins", cubins, "write every entry's timed kernel as an sm_90 cubin into this folder, and stop");

  std::string fo_data = "uniform";
  int fo_n = 65536;
  unsigned fo_seed = 1;
  auto* float_order = app.add_subcommand("float-order", "sum the same floats sequentially, as GPU trees, and with Kahan: see the rounding differ");
  float_order->add_option("--data", fo_data, "uniform, mixed (a few large among many small) or cancel");
  float_order->add_option("--n", fo_n, "number of values (1..65536)");
  float_order->add_option("--seed", fo_seed, "random seed");

  std::string he_image, he_out, he_device = "auto";
  auto* histeq = app.add_subcommand("histeq", "histogram equalization: histogram, its scan (the CDF, traced), the remapped image");
  histeq->add_option("--image", he_image, "PNG, JPEG, PGM/PPM or BMP to equalize (default: a synthetic low-contrast picture)");
  histeq->add_option("--out", he_out, "write the equalized image as PNG here");
  histeq->add_option("--device", he_device, "where the scan runs: auto, cpu or gpu");

  std::string lesson_action, lesson_name;
  int lesson_step = -1;
  auto* lesson = app.add_subcommand("lesson", "guided lessons: `lesson list`, `lesson show NAME [--step K]`");
  lesson->add_option("action", lesson_action, "list or show")->required();
  lesson->add_option("name", lesson_name, "lesson name (for show)");
  lesson->add_option("--step", lesson_step, "only this step");

  RequestOptions creq;
  std::string compile_ptx, compile_cubin, compile_bytecode, compile_arch = "sm_90";
  bool compile_traced = false;
  auto* compile = app.add_subcommand("compile", "compile a kernel (catalogue or --source) with NVRTC as the GPU runs it: PTX, machine code");
  add_request_options(compile, creq);
  compile->add_option("--ptx", compile_ptx, "write the PTX here (- for stdout)");
  compile->add_option("--cubin", compile_cubin, "write the machine code (ELF cubin) here");
  compile->add_option("--bytecode", compile_bytecode,
                      "write the interpreter's bytecode here (- for stdout), an instruction a line with its source position");
  compile->add_option("--arch", compile_arch, "target, e.g. sm_90 (default)");
  compile->add_flag("--traced", compile_traced, "the traced build (shared-memory snapshots at every barrier) instead of the timed one");

  BenchOptions bench_opt;
  CLI::App* bench = add_bench_command(app, bench_opt);

  CheckOptions check_opt;
  CLI::App* check = add_check_command(app, check_opt);
  ExerciseCommandOptions exercise_opt;
  CLI::App* exercise = add_exercise_command(app, exercise_opt);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << " (see scanscope --help)\n";
    return 2;
  }
  try {
    check_values(app);
  } catch (const UsageError& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 2;
  }

  try {
    if (man) {
      std::cout << man_page(app);
      return 0;
    }
    if (*list) return cmd_list(list_json);
    if (*trace) return cmd_trace(treq, json_path, quiet, timed, code, no_compiler_view);
    if (*validate) return cmd_validate(launch_timed, ncu_csv, markdown, cubins, ncu_metrics, validate_sources);
    if (*bench) return run_bench_command(bench_opt, *bench);
    if (*float_order) return cmd_float_order(fo_data, fo_n, fo_seed);
    if (*histeq) return cmd_histeq(he_image, he_out, he_device);
    if (*lesson) {
      if (lesson->count("--step") && lesson_step < 0) throw UsageError("--step must be 0 or more, not " + std::to_string(lesson_step));
      return cmd_lesson(lesson_action, lesson_name, lesson_step);
    }
    if (*compile) return cmd_compile(creq, compile_ptx, compile_cubin, compile_bytecode, compile_arch, compile_traced);
    if (*check) return run_check_command(check_opt, *check);
    if (*exercise) return run_exercise_command(exercise_opt);
    // No subcommand: the window.
    if (!open_file.empty()) open_by_kind(open_file, app, window_req, wopt);
    wopt.have_request = false;
    for (const char* opt : {"--kernel", "--n", "--threads", "--banks", "--warp-issue", "--pad", "--op", "--type", "--scan", "--input", "--seed", "--bits"})
      if (app.count(opt)) wopt.have_request = true;
    if (wopt.width < kMinWindowWidth || wopt.width > kMaxWindowWidth)
      throw UsageError("--size must be from " + std::to_string(kMinWindowWidth) + " to " + std::to_string(kMaxWindowWidth) + " pixels, not " + std::to_string(wopt.width));
    if (wopt.step < 0 && app.count("--step")) throw UsageError("--step must be 0 or more, not " + std::to_string(wopt.step));
    if (wopt.lesson_step < 0) throw UsageError("--lesson-step must be 0 or more, not " + std::to_string(wopt.lesson_step));
    if (app.count("--exit-after-frames") && (wopt.exit_after_frames < 0 || wopt.exit_after_frames > kMaxExitAfterFrames))
      throw UsageError("--exit-after-frames must be from 0 to " + std::to_string(kMaxExitAfterFrames) + ", not " + app.get_option("--exit-after-frames")->results().front());
    try {
      // Resolved once: the checks before any window, the files it reads, and the first run.
      auto resolved = std::make_shared<ResolvedKernel>();
      wopt.request = to_request(window_req, &wopt.device, true, resolved.get());
      wopt.resolved = std::move(resolved);
    } catch (const cuda::CudaError&) {
      // An error in a --source file's text: the window opens on it in the editor, the error on its
      // line, to be fixed there.
      if (window_req.source.empty() || !window_built()) throw;
      wopt.request = to_request(window_req, &wopt.device, false);
    }
    if (!wopt.lesson.empty()) {  // an unknown lesson or step is reported before any window opens
      // The lessons' files parsed, no step's kernel resolved but the one to open: resolved here,
      // its `at` and placeholders checked on its trace, and handed to the window.
      Lesson l = find_lesson(wopt.lesson, "", LessonResolve::OnDemand);
      if (wopt.lesson_step < 0 || wopt.lesson_step >= static_cast<int>(l.steps.size()))
        throw UsageError("lesson " + l.name + " has steps 0.." + std::to_string(l.steps.size() - 1) + ", not " +
                         std::to_string(wopt.lesson_step));
      const LessonStep& st = l.steps[wopt.lesson_step];
      std::shared_ptr<ResolvedKernel> k;
      if (st.has_request) k = std::make_shared<ResolvedKernel>(resolve_lesson_step(l, st));
      run_lesson_step(l, st, nullptr, nullptr, k.get());
      wopt.lesson_checked = true;
      wopt.lesson_resolved = std::move(k);
    }
    // Bad timing-panel names, likewise.
    if (!wopt.timing_preset.empty() && !wopt.timing_series.empty())
      throw UsageError("--timing-preset and --series both choose the timing panel's series: give one of them");
    if (!wopt.timing_preset.empty()) timing_preset_or_throw(wopt.timing_preset, "--timing-preset");
    if (!wopt.timing_series.empty()) parse_timing_series(wopt.timing_series, "--series");
    if (!wopt.timing_view.empty() && wopt.timing_view != "time" && wopt.timing_view != "ratio")
      throw UsageError("--timing-view: '" + wopt.timing_view + "' is not a view (one of: time, ratio)");
    // Every file the window may read: traces, bench, edit script, the lesson, the kernel file and its
    // includes, and the program's own data (catalogue kernels, lessons, exercises, recordings): no
    // picture it writes (--screenshot, --lesson-walk, an edit script's `shot FILE`) replaces one,
    // checked before the window opens.
    std::vector<std::string> inputs;
    if (!wopt.screenshot_path.empty() || !wopt.edit_script.empty()) {
      inputs = {wopt.open_path, wopt.bench_path, window_req.source, wopt.edit_script};
      if (!wopt.lesson.empty()) inputs.push_back(find_lesson(wopt.lesson, "", LessonResolve::OnDemand).file);
      try {
        for (const std::string& f : wopt.resolved ? request_input_files(*wopt.resolved) : request_input_files(wopt.request)) inputs.push_back(f);
      } catch (const cuda::CudaError&) {  // a --source with an error opens in the editor: its own path is among the inputs
      }
      for (std::string& f : program_data_files()) inputs.push_back(std::move(f));
    }
    if (!wopt.screenshot_path.empty()) {
      check_output_path(wopt.screenshot_path, "--screenshot", inputs);
      if (!wopt.lesson_walk.empty()) {  // every picture the walk will write, before it writes one
        for (const Lesson& l : load_lessons("", LessonResolve::OnDemand))  // their names and step counts: no kernel resolved
          for (size_t k = 0; k < l.steps.size(); ++k)
            check_output_path(wopt.lesson_walk + "/" + l.name + "-" + std::to_string(k) + ".png", "--lesson-walk", inputs);
      }
    }
    if (!wopt.edit_script.empty()) {
      wopt.edit_script_text = read_text_file(wopt.edit_script, kMaxEditScriptBytes, "an edit script");
      std::istringstream script(wopt.edit_script_text);
      std::string line;
      for (int no = 1; std::getline(script, line); ++no) {
        const size_t b = line.find_first_not_of(" \t");
        if (b == std::string::npos || line.compare(b, 5, "shot ") != 0) continue;
        check_output_path(line.substr(b + 5), (wopt.edit_script + ":" + std::to_string(no) + ": shot").c_str(), inputs);
      }
    }
    if (!wopt.bench_path.empty()) wopt.opened_bench = std::make_shared<BenchResults>(load_bench_file(wopt.bench_path));  // likewise
    if (!wopt.open_path.empty()) wopt.opened_trace = std::make_shared<Trace>(load_trace_file(wopt.open_path));
    if (!window_built())
      throw UsageError("this scanscope was built without the window (SCANSCOPE_GUI=OFF or GLFW/ImGui missing); use `scanscope list` or `scanscope trace`");
    return run_window(wopt);
  } catch (const UsageError& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 2;
  } catch (const LessonError& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 2;
  } catch (const ExerciseError& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 2;
  } catch (const FileError& e) {  // an input file that cannot be used: a bad value like any other
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 2;
  } catch (const cuda::CudaError& e) {  // an error in the kernel's text (2) or a fault while it ran (1)
    std::cerr << "scanscope: " << (e.fault ? "kernel fault: " : "error: ") << shown_text(e.what(), kMaxShownText, true) << "\n";
    return e.fault ? 1 : 2;
  } catch (const std::exception& e) {
    std::cerr << "scanscope: error: " << shown_text(e.what(), kMaxShownText, true) << "\n";
    return 1;
  }
}

// Whatever a command printed must have reached standard output: a full disk or a closed pipe is an
// error (exit 1), not a silent loss.
int cli_main(int argc, char** argv) {
  int rc = run_command_line(argc, argv);
  std::string why;
  if (!flush_stdout(&why)) {
    std::cerr << "scanscope: error: " << why << "\n";
    return rc == 0 ? 1 : rc;
  }
  return rc;
}

}  // namespace scanscope
