// Checks of a traced run (check.h): each reads what the trace already records (the output, the
// bank model's warp instructions, the hazards, the steps) and says in one sentence what is wrong.
#include "engine/check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "engine/compiler_view.h"
#include "engine/gpu/kernel_gpu.h"
#include "engine/format.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/reference.h"
#include "engine/runner.h"

namespace scanscope {

namespace {

struct CheckInfo {
  CheckKind kind;
  const char* name;   // of the outcome
  const char* spec;   // as written in a spec ("" for runs: never written)
  bool takes_number;
};

// One table: the outcome names and the spec words.
const CheckInfo kChecks[] = {
    {CheckKind::Runs, "runs", "", false},
    {CheckKind::Output, "output", "output", false},
    {CheckKind::Conflicts, "conflicts", "max-conflicts", true},
    {CheckKind::Race, "race", "no-race", false},
    {CheckKind::Divergence, "divergence", "max-divergent-steps", true},
    {CheckKind::Barriers, "barriers", "max-barriers", true},
    {CheckKind::ElementsPerThread, "launch", "elements-per-thread", true},
};

const CheckInfo& info(CheckKind k) {
  for (const CheckInfo& i : kChecks)
    if (i.kind == k) return i;
  return kChecks[0];
}

CheckOutcome outcome(CheckKind k) {
  CheckOutcome o;
  o.check = info(k).name;
  return o;
}

std::string plural(long long count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string ordinal(long long k) {
  const long long tens = k % 100;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
  return std::to_string(k) + suffix;
}

std::string step_name(const Step& s) { return "step '" + s.label + "'"; }

int site_line(const Trace& t, int site) {
  return site >= 0 && site < static_cast<int>(t.sites.size()) && t.sites[site].file == t.main_file ? t.sites[site].line : 0;
}

std::string line_text(int line) { return line > 0 ? " (line " + std::to_string(line) + ")" : ""; }

CheckOutcome check_output_of(const Trace& t, const std::string& expect) {
  CheckOutcome o = outcome(CheckKind::Output);
  const std::string op = expect.empty() ? t.check : expect;
  std::vector<double> want;
  bool is_scan = false;
  if (!reference_output(t, op, &want, &is_scan)) {
    o.sentence = "the output is not checked: the kernel file names no operation (no `// check:` line)";
    return o;
  }
  const std::string operation = op == "reduce" ? "reduction" : op == "sort" ? "stable sort" : op == "compact" ? "compaction" : op == "copy" ? "copy"
                                : op == "transpose" ? "transpose" : op == "histogram" ? "histogram" : op == "max-segment-sum" ? "maximum segment sum" : op.substr(0, op.find('-')) + " scan";
  const bool matrices = operator_info(t.op).matrix;
  const std::string type = type_name(t.type);
  const std::string what = "the sequential " + operation + " (" + operator_name(t.op) + ") of the " +
                           (matrices ? plural(t.n, "matrix", "matrices") : plural(t.n, type + " input", type + " inputs"));
  if (t.output.size() != want.size()) {
    o.sentence = "the output has " + plural(static_cast<long long>(t.output.size()), "value", "values") + ", expected " +
                 std::to_string(want.size()) + " (" + what + ")";
    return o;
  }
  const int bad = first_mismatch(t.output, want, t.input, t.op, t.type, is_scan);
  if (bad >= 0) {
    const std::string got = std::isnan(t.output[bad]) ? "never written" : format_value(t.output[bad], t.op);
    o.sentence = "wrong output at element " + std::to_string(bad) + ": " + got + ", expected " + format_value(want[bad], t.op);
    return o;
  }
  o.passed = true;
  o.sentence = "the output matches " + what;
  return o;
}

CheckOutcome check_conflicts(const Trace& t, long long limit) {
  CheckOutcome o = outcome(CheckKind::Conflicts);
  const long long total = t.totals.ld.conflicts + t.totals.st.conflicts;
  const std::string banks = t.banks == 32 ? "" : " with " + std::to_string(t.banks) + " banks";
  const std::string allowed = "at most " + std::to_string(limit) + " allowed";
  if (total <= limit) {
    o.passed = true;
    o.sentence = total == 0 ? "no bank conflicts" + banks : plural(total, "bank conflict", "bank conflicts") + banks + ", " + allowed;
    return o;
  }
  o.sentence = plural(total, "bank conflict", "bank conflicts") + banks + " (loads " + std::to_string(t.totals.ld.conflicts) +
               ", stores " + std::to_string(t.totals.st.conflicts) + "), " + allowed;
  for (const Step& s : t.steps) {
    const WarpInstruction* worst = nullptr;
    for (const WarpInstruction& wi : s.instructions)
      if (wi.conflicts > 0 && (!worst || wi.degree > worst->degree ||
                               (wi.degree == worst->degree && wi.access_index.front() < worst->access_index.front())))
        worst = &wi;
    if (!worst) continue;
    o.line = site_line(t, worst->site);
    o.sentence += ": " + std::to_string(worst->degree) + "-way conflicts remain at " + step_name(s) + line_text(o.line);
    break;
  }
  return o;
}

}  // namespace

std::string race_fix(const Hazard& h) {
  const std::string both = "threads " + std::to_string(h.first_tid) + " and " + std::to_string(h.second_tid);
  if (h.tile && h.first_tid / h.tile != h.second_tid / h.tile)
    return both + " are in different tiles of " + std::to_string(h.tile) + " threads, and a tile's sync() orders only its own threads: put " +
           "__syncthreads() (block.sync()) between the two accesses, or let each tile touch only its own words";
  if (h.tile && h.first_tid / kWarpSize != h.second_tid / kWarpSize)
    return both + " are in one tile of " + std::to_string(h.tile) + " threads, but no sync() of it lies between the two accesses: put the tile's " +
           "sync() (or __syncthreads()) between them";
  if (h.first_tid / kWarpSize != h.second_tid / kWarpSize)
    return "threads " + std::to_string(h.first_tid) + " and " + std::to_string(h.second_tid) + " are in different warps: put __syncthreads() between the two accesses";
  return "threads " + std::to_string(h.first_tid) + " and " + std::to_string(h.second_tid) + " are in one warp, and code that assumed a warp runs in "
         "lockstep (volatile shared memory, no __syncwarp) is a race since Volta's independent thread scheduling: read into a register, "
         "__syncwarp(), then write (v = s[i + d]; __syncwarp(); s[i] += v; __syncwarp();), or use __shfl_down_sync";
}

std::string global_element_name(const Trace& t, const Hazard& h) {
  const std::string name = h.array >= 0 && h.array < static_cast<int>(t.global_arrays.size()) ? t.global_arrays[h.array].name : "global";
  return name + "[" + std::to_string(h.word) + "]";
}

std::string global_race_fix(const Trace& t, const Hazard& h) {
  const std::string e = global_element_name(t, h);
  return "threads " + std::to_string(h.first_tid) + " and " + std::to_string(h.second_tid) + " both touch " + e +
         ": on a GPU their loads and stores interleave and updates are lost; make the update one atomic (atomicAdd(&" + e +
         ", v)), give each thread its own element, or put __syncthreads() between the two accesses" +
         (h.tile && h.first_tid / h.tile != h.second_tid / h.tile
              ? " (they are in different tiles of " + std::to_string(h.tile) + " threads: a tile's sync() orders only its own threads)"
              : "");
}

bool has_race(const Trace& t) {
  for (const Step& s : t.steps)
    if (!s.hazards.empty() || !s.global_hazards.empty()) return true;
  return false;
}

namespace {

CheckOutcome check_race(const Trace& t) {
  CheckOutcome o = outcome(CheckKind::Race);
  long long words = 0, elements = 0;
  const Step* first = nullptr;
  const Step* first_global = nullptr;
  for (const Step& s : t.steps) {
    words += static_cast<long long>(s.hazards.size());
    elements += static_cast<long long>(s.global_hazards.size());
    if (!first && !s.hazards.empty()) first = &s;
    if (!first_global && !s.global_hazards.empty()) first_global = &s;
  }
  if (!first && !first_global) {
    o.passed = true;
    o.sentence = "no race: no shared word, and no global element within a block, is touched by two threads between two barriers with one of them writing";
    return o;
  }
  if (!first) {  // a race in global memory only
    const Hazard& h = first_global->global_hazards.front();
    const int a = site_line(t, first_global->global[h.first_access].site), b = site_line(t, first_global->global[h.second_access].site);
    o.line = a ? a : b;
    const std::string where = a == b || !b ? (a ? " at line " + std::to_string(a) : "") : " at lines " + std::to_string(a) + " and " + std::to_string(b);
    o.sentence = "RACE between thread " + std::to_string(h.first_tid) + " and thread " + std::to_string(h.second_tid) + where +
                 " of block " + std::to_string(first_global->block) + ": both touch " + global_element_name(t, h) + " (global) in " +
                 step_name(*first_global) + " with no barrier between, one of them writing";
    if (elements > 1) o.sentence += " (" + std::to_string(elements) + " elements raced in all)";
    o.sentence += "; " + global_race_fix(t, h);
    return o;
  }
  const Hazard& h = first->hazards.front();
  const int a = site_line(t, first->accesses[h.first_access].site), b = site_line(t, first->accesses[h.second_access].site);
  o.line = a ? a : b;
  const std::string where = a == b || !b ? (a ? " at line " + std::to_string(a) : "") : " at lines " + std::to_string(a) + " and " + std::to_string(b);
  o.sentence = "RACE between thread " + std::to_string(h.first_tid) + " and thread " + std::to_string(h.second_tid) + where +
               ": both touch shared word " + std::to_string(h.word) + " in " + step_name(*first) +
               " with no barrier between, one of them writing";
  if (words > 1) o.sentence += " (" + std::to_string(words) + " words raced in all)";
  o.sentence += "; " + race_fix(h);
  return o;
}

// A step diverges when its active threads are spread over more warps than they would fill: the
// interleaved tree's tid % (2*s) leaves a few busy lanes in every warp, sequential addressing
// packs them into the first warps.
CheckOutcome check_divergence(const Trace& t, long long limit) {
  CheckOutcome o = outcome(CheckKind::Divergence);
  long long divergent = 0;
  for (const Step& s : t.steps) {
    if (s.active_threads == 0) continue;
    std::map<int, uint32_t> lanes;   // warp -> active lanes
    std::map<int, int> first_site;   // warp -> the site of its first access in program order
    std::map<int, int> first_access;
    for (const WarpInstruction& wi : s.instructions) {
      lanes[wi.warp] |= wi.lanes;
      const int at = wi.access_index.empty() ? 0 : wi.access_index.front();
      if (!first_access.count(wi.warp) || at < first_access[wi.warp]) {
        first_access[wi.warp] = at;
        first_site[wi.warp] = wi.site;
      }
    }
    const int used = static_cast<int>(lanes.size());
    const int fill = (s.active_threads + kWarpSize - 1) / kWarpSize;
    if (used <= fill) continue;
    if (++divergent > 1) continue;
    for (const auto& [warp, mask] : lanes) {
      const int exist = std::min(kWarpSize, t.threads - warp * kWarpSize);
      const int idle = exist - __builtin_popcount(mask);
      if (idle <= 0) continue;
      o.line = site_line(t, first_site[warp]);
      o.sentence = std::to_string(idle) + " of " + std::to_string(exist) + " lanes idle in warp " + std::to_string(warp) + " at " +
                   step_name(s) + line_text(o.line) + ": its " + plural(s.active_threads, "active thread", "active threads") +
                   " are spread over " + plural(used, "warp", "warps") + " but would fill " + std::to_string(fill);
      break;
    }
  }
  if (divergent <= limit) {
    o.passed = true;
    o.sentence = divergent == 0 ? "no divergent warps: in every step the active threads fill whole warps"
                                : plural(divergent, "step spreads", "steps spread") + " its active threads over partly idle warps, at most " +
                                      std::to_string(limit) + " allowed";
    o.line = 0;
    return o;
  }
  if (divergent > 1) o.sentence += " (" + plural(divergent, "step", "steps") + " like this, at most " + std::to_string(limit) + " allowed)";
  return o;
}

CheckOutcome check_barriers(const Trace& t, long long limit) {
  CheckOutcome o = outcome(CheckKind::Barriers);
  std::vector<const Step*> ends;  // the steps that end at a __syncthreads() (the last ends at the kernel's end)
  for (size_t i = 0; i + 1 < t.steps.size(); ++i)
    if (t.steps[i].barrier) ends.push_back(&t.steps[i]);
  const long long count = static_cast<long long>(ends.size());
  const std::string waits = "the block waits at " + plural(count, "__syncthreads() barrier", "__syncthreads() barriers");
  if (count <= limit) {
    o.passed = true;
    o.sentence = waits + ", at most " + std::to_string(limit) + " allowed";
    return o;
  }
  o.sentence = waits + ", at most " + std::to_string(limit) + " allowed: the " + ordinal(limit + 1) + " ends " + step_name(*ends[limit]);
  return o;
}

int launch_line(const Trace& t) {
  if (t.main_file < 0 || t.main_file >= static_cast<int>(t.file_texts.size())) return 0;
  try {
    return parse_kernel_header(t.file_texts[t.main_file], t.files[t.main_file]).launch_line;
  } catch (const std::exception&) {
    return 0;
  }
}

CheckOutcome check_elements_per_thread(const Trace& t, long long per_thread) {
  CheckOutcome o = outcome(CheckKind::ElementsPerThread);
  const long long e = std::max(1LL, per_thread);
  const long long most = host_next_pow2((t.n + e - 1) / e);
  const std::string uses = "the launch uses " + plural(t.threads, "thread", "threads") + " for " + plural(t.n, "element", "elements");
  o.line = launch_line(t);
  if (t.threads <= most) {
    o.passed = true;
    o.sentence = uses + " (at least " + plural(e, "element", "elements") + " per thread)";
    return o;
  }
  o.sentence = uses + "; with " + plural(e, "element", "elements") + " per thread it needs at most " + std::to_string(most);
  return o;
}

// "FILE:LINE:COL: message" -> LINE when FILE is `file`.
int line_in(const std::string& what, const std::string& file) {
  if (file.empty() || what.compare(0, file.size() + 1, file + ":") != 0) return 0;
  return std::atoi(what.c_str() + file.size() + 1);
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  if (from.empty() || from == to) return;
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

// The kernel file's display path (what errors name), or "" when it cannot be read.
std::string display_of(const TraceRequest& r) {
  try {
    if (!r.source.empty()) return load_kernel_file(r.source, r.has_source_text ? &r.source_text : nullptr).display;
    const KernelFile* f = find_kernel_file(r.kernel);
    return f ? f->display : "";
  } catch (const std::exception&) {
    return "";
  }
}

}  // namespace

const char* check_name(CheckKind kind) { return info(kind).name; }

std::string spec_text(const CheckSpec& spec) {
  const CheckInfo& i = info(spec.kind);
  return i.takes_number ? std::string(i.spec) + " " + std::to_string(spec.limit) : i.spec;
}

std::string check_spec_forms() {
  std::vector<std::string> forms;
  for (const CheckInfo& i : kChecks)
    if (*i.spec) forms.push_back(std::string(i.spec) + (i.takes_number ? i.kind == CheckKind::ElementsPerThread ? " E" : " K" : ""));
  return name_list(forms);
}

bool parse_check_spec(const std::string& text, CheckSpec* out, std::string* why) {
  std::istringstream in(text);
  std::string word, number, extra;
  in >> word >> number >> extra;
  for (const CheckInfo& i : kChecks) {
    if (!*i.spec || word != i.spec) continue;
    if (!i.takes_number) {
      if (number.empty()) {
        *out = CheckSpec{i.kind, 0};
        return true;
      }
      if (why) *why = "'" + word + "' takes no number";
      return false;
    }
    char* end = nullptr;
    const long long v = number.empty() ? -1 : std::strtoll(number.c_str(), &end, 10);
    const long long least = i.kind == CheckKind::ElementsPerThread ? 1 : 0;
    if (number.empty() || *end != '\0' || v < least || v > 1000000000 || !extra.empty()) {
      if (why) *why = "'" + word + "' needs one whole number of at least " + std::to_string(least) + " after it, not '" + text + "'";
      return false;
    }
    *out = CheckSpec{i.kind, v};
    return true;
  }
  if (why) *why = "unknown check '" + word + "' (known: " + check_spec_forms() + ")";
  return false;
}

// On a GPU: the same text compiled by NVRTC and run there must give the model's output and shared
// memory at every barrier (what makes the picture the hardware's); its time as written comes along.
CheckOutcome check_on_gpu(const ResolvedKernel& k, const Trace& t, const std::string& display) {
  CheckOutcome o;
  o.check = "gpu";
  try {
    std::string why;
    o.passed = gpu_agrees_with(k, t, &why);
    if (!o.passed) {
      o.sentence = "the GPU's run of the same text differs from the model: " + why;
      return o;
    }
    char us[64];
    std::snprintf(us, sizeof us, "%.2f us", gpu_time_us(k));
    o.sentence = "the GPU (" + gpu_status().name + ") runs the same text to the same result (" + why.substr(why.find(':') + 2) +
                 "), in " + us + " as written";
  } catch (const cuda::CudaError& e) {
    o.sentence = std::string("the GPU's compiler refuses it: ") + e.what();
    o.line = line_in(e.what(), display);
  } catch (const std::exception& e) {
    o.sentence = std::string("the GPU run failed: ") + e.what();
  }
  return o;
}

std::vector<CheckOutcome> check_trace(const Trace& t, const std::vector<CheckSpec>& specs, const std::string& expect) {
  std::vector<CheckOutcome> out;
  for (const CheckSpec& s : specs) {
    switch (s.kind) {
      case CheckKind::Runs: break;  // a trace has run
      case CheckKind::Output: out.push_back(check_output_of(t, expect)); break;
      case CheckKind::Conflicts: out.push_back(check_conflicts(t, s.limit)); break;
      case CheckKind::Race: out.push_back(check_race(t)); break;
      case CheckKind::Divergence: out.push_back(check_divergence(t, s.limit)); break;
      case CheckKind::Barriers: out.push_back(check_barriers(t, s.limit)); break;
      case CheckKind::ElementsPerThread: out.push_back(check_elements_per_thread(t, s.limit)); break;
    }
  }
  return out;
}

CheckReport check_request(const TraceRequest& r, const std::vector<CheckSpec>& specs, const std::string& expect,
                          const std::string& display_name, bool on_gpu) {
  CheckReport rep;
  CheckOutcome runs = outcome(CheckKind::Runs);
  const std::string display = display_of(r);
  Trace t;
  ResolvedKernel k;
  try {
    k = resolve_kernel(r);
    if (!expect.empty()) {  // the exercise's operation, whatever the file's check: line says
      k.check = expect;
      k.inclusive = expect == "inclusive-scan";
    }
    const std::shared_ptr<const CompilerView> view = compiler_view(k);
    t = run_interpreter(k, gpu_shared_layouts(*view, k.request));
    apply_compiler_view(*view, t);
    runs.passed = true;
    runs.sentence = "compiles and runs: " + t.launch;
  } catch (const cuda::CudaError& e) {
    runs.sentence = std::string(e.fault ? "stops with a fault: " : "does not compile: ") + e.what();
    runs.line = line_in(e.what(), display);
  } catch (const UsageError& e) {
    runs.sentence = std::string("cannot run: ") + e.what();
    runs.line = line_in(e.what(), display);
  } catch (const std::exception& e) {
    runs.sentence = std::string("cannot run: ") + e.what();
  }
  rep.checks.push_back(runs);
  if (runs.passed) {
    for (CheckOutcome& o : check_trace(t, specs, expect)) rep.checks.push_back(std::move(o));
    if (on_gpu) rep.checks.push_back(check_on_gpu(k, t, display));
  } else {
    for (const CheckSpec& s : specs) {
      CheckOutcome o = outcome(s.kind);
      o.skipped = true;
      o.sentence = "not checked: the kernel did not run";
      rep.checks.push_back(o);
    }
  }
  rep.passed = true;
  for (CheckOutcome& o : rep.checks) {
    rep.passed = rep.passed && o.passed;
    if (!display_name.empty()) replace_all(o.sentence, display, display_name);
  }
  return rep;
}

}  // namespace scanscope
