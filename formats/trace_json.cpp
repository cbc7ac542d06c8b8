// Trace JSON writer and validating reader.
#include "formats/trace_json.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/bank_model.h"
#include "engine/catalogue.h"
#include "engine/cuda/limits.h"
#include "engine/kernel_file.h"
#include "engine/sources.h"
#include "formats/files.h"
#include "formats/json_reader.h"

namespace scanscope {

// A kernel file's text in a trace: at most what the interpreter reads from a file (1 MiB).
constexpr size_t kMaxSourceText = 1 << 20;


using nlohmann::json;

namespace {
json number_or_null(double v) { return std::isnan(v) ? json(nullptr) : json(v); }
// An access's tile_syncs without their trailing zeros.
json tile_syncs_json(const TileSyncs& s) {
  size_t n = s.size();
  while (n > 0 && s[n - 1] == 0) --n;
  json out = json::array();
  for (size_t k = 0; k < n; ++k) out.push_back(s[k]);
  return out;
}

json totals_json(const OpTotals& t) { return json{{"inst", t.inst}, {"wavefronts", t.wavefronts}, {"conflicts", t.conflicts}}; }
json global_json(const GlobalTotals& g) {
  return json{{"ld", {{"requests", g.ld.requests}, {"sectors", g.ld.sectors}}},
              {"st", {{"requests", g.st.requests}, {"sectors", g.st.sectors}}},
              {"atomics", g.atomics}};
}
}  // namespace

std::string trace_to_json(const Trace& t, int indent) {
  json j;
  j["format"] = "scanscope-trace";
  j["version"] = 1;
  j["kernel"] = t.kernel;
  if (!t.source.empty()) j["source"] = t.source;
  j["n"] = t.n;
  j["threads"] = t.threads;
  j["banks"] = t.banks;
  j["warp_issue"] = t.warp_issue;
  j["pad"] = pad_name(t.pad);
  j["op"] = operator_name(t.op);
  j["type"] = type_name(t.type);
  j["scan"] = t.inclusive ? "inclusive" : "exclusive";
  if (!t.check.empty()) j["check"] = t.check;
  if (t.bits) j["bits"] = t.bits;
  if (t.matrix_cols) j["matrix_cols"] = t.matrix_cols;
  if (!t.request.defines.empty()) {
    json d = json::object();
    for (const auto& [name, value] : t.request.defines) d[name] = value;
    j["defines"] = std::move(d);
  }
  if (!t.launch.empty()) j["launch"] = t.launch;
  if (!t.word_index.empty()) j["word_index"] = t.word_index;
  j["device"] = t.device;
  if (!t.gpu_check.empty()) j["gpu_check"] = t.gpu_check;
  if (t.gpu_us > 0) j["gpu_us"] = t.gpu_us;
  if (!t.compiler.empty()) j["compiler"] = t.compiler;
  if (!t.compiler_notes.empty()) j["compiler_notes"] = t.compiler_notes;
  if (t.tile_barriers) j["tile_barriers"] = true;
  if (!t.fault.empty()) j["fault"] = {{"text", t.fault}, {"src", t.fault_file}, {"line", t.fault_line}, {"col", t.fault_col}, {"tid", t.fault_tid}};
  j["smem_words"] = t.smem_words;
  if (!t.arrays.empty()) {
    json arr = json::array();
    for (const auto& a : t.arrays) {
      json ja{{"name", a.name}, {"first", a.first_word}, {"words", a.words}};
      if (!a.dims.empty()) ja["dims"] = a.dims;  // tile[32][33]: [32, 33]
      arr.push_back(std::move(ja));
    }
    j["arrays"] = std::move(arr);
  }
  j["input"] = t.input;
  j["output"] = t.output;
  if (!t.files.empty()) {
    json files = json::array();
    for (size_t f = 0; f < t.files.size(); ++f)
      files.push_back(json{{"path", t.files[f]}, {"text", f < t.file_texts.size() ? t.file_texts[f] : ""}});
    j["files"] = std::move(files);
    j["main_file"] = t.main_file;
    json sites = json::array();
    for (const auto& s : t.sites) {
      json site{{"src", {s.file, s.line, s.col}}, {"end", {s.end_line, s.end_col}}, {"stmt", {s.stmt_line, s.stmt_col}},
                {"op", access_op_name(s.op)}, {"vector_group", s.vector_group}, {"vector_width", s.vector_width}};
      if (s.bytes != 4) site["bytes"] = s.bytes;  // a bool, char or short: 1 or 2; a whole int2 / float4: 8 or 16 (traces before it hold none)
      if (s.vector_in_order) site["vector_in_order"] = true;  // a group of several widths joined in program order (traces before it hold none)
      if (s.every_warp) site["every_warp"] = true;  // a load made in every warp of the block (traces before it hold none)
      if (!s.unrolled.empty()) site["unrolled"] = s.unrolled;  // the copies of a loop ptxas unrolled (traces before it hold none)
      if (!s.vector_layout.empty()) site["vector_layout"] = s.vector_layout;  // a group placed by the SASS's addresses (traces before it hold none)
      if (s.gated >= 0) {  // a load made only by the threads of a later store (traces before it hold none)
        site["gated"] = s.gated;
        if (s.gated_exit) site["gated_exit"] = true;
        if (!s.gated_copies.empty()) site["gated_copies"] = s.gated_copies;
        if (!s.gated_sites.empty()) site["gated_sites"] = s.gated_sites;
      }
      sites.push_back(std::move(site));
    }
    j["sites"] = std::move(sites);
  }
  json steps = json::array();
  for (const auto& s : t.steps) {
    json js;
    js["label"] = s.label;
    js["phase"] = phase_name(s.phase);
    js["barrier"] = s.barrier;
    js["active_threads"] = s.active_threads;
    json smem = json::array();
    for (double v : s.smem) smem.push_back(number_or_null(v));
    js["smem"] = std::move(smem);
    js["max_degree"] = s.max_degree;
    json acc = json::array();
    for (const auto& a : s.accesses) {
      json ja = {{"tid", a.tid}, {"site", a.site}, {"op", access_op_name(a.op)}, {"word", a.word}, {"value", a.value}};
      if (a.site >= 0 && a.site < static_cast<int>(t.sites.size())) {
        const SourceSite& s2 = t.sites[a.site];
        ja["src"] = {s2.file, s2.line, s2.col};
      }
      if (a.mask) ja["byte"] = __builtin_ctz(a.mask);  // a 1- or 2-byte access: its first byte in the word
      if (a.tile_syncs != TileSyncs{}) ja["tile_syncs"] = tile_syncs_json(a.tile_syncs);
      acc.push_back(std::move(ja));
    }
    js["accesses"] = std::move(acc);
    if (t.is_grid()) {
      js["launch"] = s.launch;
      js["block"] = s.block;
    }
    if (!s.global.empty()) {
      json ga = json::array();
      for (const auto& a : s.global) {
        json jg = {{"tid", a.tid}, {"site", a.site}, {"op", access_op_name(a.op)}, {"array", a.array}, {"index", a.index}, {"value", number_or_null(a.value)}};
        if (a.site >= 0 && a.site < static_cast<int>(t.sites.size())) {
          const SourceSite& s2 = t.sites[a.site];
          jg["src"] = {s2.file, s2.line, s2.col};
        }
        if (a.iter) jg["iter"] = a.iter;
        if (a.iteration) jg["iteration"] = a.iteration;  // the innermost loop's count (traces before it hold none)
        if (a.mask) jg["byte"] = __builtin_ctz(a.mask);  // a 1- or 2-byte access: its first byte in the word
        if (a.tile_syncs != TileSyncs{}) jg["tile_syncs"] = tile_syncs_json(a.tile_syncs);
        ga.push_back(std::move(jg));
      }
      js["global_accesses"] = std::move(ga);
      js["global"] = global_json(s.global_totals);
    }
    steps.push_back(std::move(js));
  }
  j["steps"] = std::move(steps);
  if (!t.prints.empty()) {  // printf's output (traces without any are written as before)
    json ps = json::array();
    for (const auto& l : t.prints) ps.push_back({{"launch", l.launch}, {"block", l.block}, {"thread", l.tid}, {"step", l.step}, {"text", l.text}});
    j["printf"] = std::move(ps);
  }
  if (!t.launches.empty()) {
    json ls = json::array();
    for (const auto& l : t.launches) {
      json jl{{"text", l.text}, {"entry", l.entry}, {"grid", l.grid}, {"block", l.block}, {"smem_bytes", l.smem_bytes},
              {"first_step", l.first_step}, {"steps", l.steps}};
      if (!l.grid_dim.linear() || !l.block_dim.linear()) {  // a 2-D or 3-D launch: its shapes (1-D traces stay as they were)
        jl["grid_dim"] = {l.grid_dim.x, l.grid_dim.y, l.grid_dim.z};
        jl["block_dim"] = {l.block_dim.x, l.block_dim.y, l.block_dim.z};
      }
      ls.push_back(std::move(jl));
    }
    j["launches"] = std::move(ls);
  }
  if (!t.global_arrays.empty()) {
    json ga = json::array();
    for (const auto& g : t.global_arrays) {
      json fin = json::array();
      for (double v : g.final) fin.push_back(number_or_null(v));
      ga.push_back(json{{"name", g.name}, {"count", g.count}, {"final", std::move(fin)}});
    }
    j["global_arrays"] = std::move(ga);
  }
  j["totals"] = json{{"ld", totals_json(t.totals.ld)}, {"st", totals_json(t.totals.st)}, {"global", global_json(t.totals.global)}};
  // A kernel file's text and its comments (step labels) may hold bytes that are not UTF-8 (a Latin-1
  // comment): shown as U+FFFD rather than refusing to write the trace.
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

// Every key of the format (trace_to_json writes, trace_from_json reads): any other is refused while
// the text is read, before a document is built (issue 28: 67 million numbers under a key nobody
// reads took 2.9 GB). The keys of "defines" are macro names.
static const std::set<std::string>& trace_keys() {
  static const std::set<std::string> keys = {
      "accesses", "active_threads", "array", "arrays", "atomics", "banks", "barrier", "bits", "block", "block_dim", "byte", "bytes", "check",
      "col", "compiler", "compiler_notes", "conflicts", "count", "defines", "device", "dims", "end", "entry", "every_warp", "fault", "files", "final",
      "first", "first_step", "format", "gated", "gated_copies", "gated_exit", "gated_sites", "global", "global_accesses", "global_arrays", "gpu_check", "gpu_us", "grid", "grid_dim",
      "index", "input", "inst", "iter", "iteration", "kernel", "label", "launch", "launches", "ld", "line", "main_file", "matrix_cols", "max_degree",
      "n", "name", "op", "output", "pad", "path", "phase", "printf", "requests", "scan", "sectors", "site", "sites", "smem",
      "smem_bytes", "smem_words", "source", "src", "st", "step", "steps", "stmt", "text", "thread", "threads", "tid", "totals",
      "tile_barriers", "tile_syncs", "type", "unrolled", "value", "vector_group", "vector_in_order", "vector_layout", "vector_width", "version", "warp_issue", "wavefronts", "word", "word_index", "words", "x",
      "y", "z"};
  return keys;
}

// The arrays whose length the format bounds, refused at the first value too many while the text
// is read (60 million numbers under "input" once took 10 s and 2.7 GB before "input" was looked at).
static const std::map<std::string, long long>& trace_array_limits() {
  static const std::map<std::string, long long> limits = {
      {"input", kMaxTraceN},
      {"output", kMaxTraceN + 1},
      {"smem", kMaxSharedBytes / 4},
      {"word_index", kMaxSharedBytes / 4},
      {"final", cuda::kMaxArrayElements},
      {"printf", cuda::kMaxPrintLines},
      {"launches", cuda::kMaxLaunches},
      {"global_arrays", 2 + cuda::kMaxDeclaredArrays + cuda::kMaxDeviceVars},
      {"compiler_notes", 256},
      {"files", 64},
      {"sites", 100000},
      {"src", 3},
      {"end", 2},
      {"stmt", 2},
      {"grid_dim", 3},
      {"block_dim", 3},
      {"dims", 4},
      {"tile_syncs", kTileLevels},
      {"unrolled", 64},
      {"gated_copies", 64},
      {"gated_sites", 64},
      {"vector_layout", 1 + 3 * 64},
  };
  return limits;
}

// The arrays of objects (nothing else of the format is an array): steps, accesses, ...
static const std::set<std::string>& trace_object_arrays() {
  static const std::set<std::string> keys = {"steps", "accesses", "global_accesses", "arrays", "files", "sites", "launches", "global_arrays", "printf"};
  return keys;
}

namespace {
// "byte" of a 1- or 2-byte access (its site's bytes), shared or global: which bytes of the word.
uint8_t access_byte_mask(JsonReader& rd, const json& a, const std::string& aw, const Trace& t, int site) {
  const int size = site >= 0 && site < static_cast<int>(t.sites.size()) ? t.sites[static_cast<size_t>(site)].bytes : 4;
  if (size != 1 && size != 2) rd.fail(aw + ".byte", "is only for an access of a 1- or 2-byte site");
  const int b = static_cast<int>(rd.integer(a, "byte", aw, 0, 4 - size));
  if (b % size) rd.fail(aw + ".byte", "must be a multiple of its site's bytes");
  return static_cast<uint8_t>(((1u << size) - 1) << b);
}
// "tile_syncs" of an access (trace.h, TileSyncs): up to kTileLevels counts, the trailing zeros left out.
TileSyncs access_tile_syncs(JsonReader& rd, const json& a, const std::string& aw) {
  const json& v = rd.field(a, "tile_syncs", aw);
  if (!v.is_array() || v.size() > static_cast<size_t>(kTileLevels))
    rd.fail(aw + ".tile_syncs", "expected an array of at most " + std::to_string(kTileLevels) + " counts");
  TileSyncs out{};
  for (size_t k = 0; k < v.size(); ++k) out[k] = static_cast<uint32_t>(rd.integer(v, k, aw + ".tile_syncs", 0, 0xffffffffLL));
  return out;
}
}  // namespace

Trace trace_from_json(const std::string& text, const std::string& origin) {
  JsonReader rd(origin, &trace_keys(), "defines");
  rd.limit_arrays(&trace_array_limits(), &trace_object_arrays());
  json j = rd.parse(text);
  if (!j.is_object()) rd.fail("", "expected an object");
  if (rd.string(j, "format", "") != "scanscope-trace")
    rd.fail("format", "is not \"scanscope-trace\" (is this a benchmark or lesson file?)");
  int version = static_cast<int>(rd.integer(j, "version", "", 0, 1 << 30));
  if (version != 1) rd.fail("version", "is " + std::to_string(version) + "; this scanscope reads version 1");
  Trace t;
  t.kernel = current_kernel_id(rd.string(j, "kernel", ""));  // a recording of a renamed kernel loads as it
  if (t.kernel.empty() || t.kernel.size() > 200) rd.fail("kernel", "must name the kernel (1 to 200 characters)");
  if (j.contains("source")) t.source = rd.string(j, "source", "");
  const KernelFile* file = t.source.empty() ? find_kernel_file(t.kernel) : nullptr;
  if (t.source.empty() && !file && !j.contains("files"))
    rd.fail("kernel", "unknown kernel '" + t.kernel + "', and the trace holds no source files to show");
  constexpr int kMaxN = kMaxTraceN;
  t.n = static_cast<int>(rd.integer(j, "n", "", 1, kMaxN));
  t.threads = static_cast<int>(rd.integer(j, "threads", "", 1, kMaxThreads));
  t.banks = static_cast<int>(rd.integer(j, "banks", "", 16, 32));
  if (t.banks != 16 && t.banks != 32) rd.fail("banks", "must be 16 or 32");
  t.warp_issue = static_cast<int>(rd.integer(j, "warp_issue", "", 16, 32));
  if (t.warp_issue != 16 && t.warp_issue != 32) rd.fail("warp_issue", "must be 16 or 32");
  if (!parse_pad(rd.string(j, "pad", ""), &t.pad)) rd.fail("pad", "must be none, harris or zero");
  if (!parse_operator(rd.string(j, "op", ""), &t.op)) rd.fail("op", "must be " + name_list(operator_names(), ", ", " or "));
  if (!parse_value_type(rd.string(j, "type", ""), &t.type)) rd.fail("type", "must be " + name_list(type_names(), ", ", " or "));
  if (j.contains("scan")) {
    std::string s = rd.string(j, "scan", "");
    if (s != "inclusive" && s != "exclusive") rd.fail("scan", "must be inclusive or exclusive");
    t.inclusive = s == "inclusive";
  }
  t.device = rd.string(j, "device", "");
  if (j.contains("gpu_check")) t.gpu_check = rd.string(j, "gpu_check", "");
  if (j.contains("gpu_us")) t.gpu_us = rd.number(j, "gpu_us", std::string(), 0.0, 1e9);
  if (j.contains("compiler")) t.compiler = rd.string(j, "compiler", "");
  // NAME<<<...>>>(ARGS): a name of up to 255 characters and up to 256 arguments (cuda/limits.h)
  if (j.contains("launch")) t.launch = rd.string(j, "launch", "", 1 << 16);
  if (j.contains("check")) {
    t.check = rd.string(j, "check", "");
    bool ok = false;
    for (const auto& c : check_names()) ok = ok || t.check == c;
    if (!ok) rd.fail("check", "must be one of " + name_list(check_names()));
  } else if (file) {  // traces written before the check was recorded: the kernel file's
    t.check = file->header.check;
    if ((t.check == "inclusive-scan" || t.check == "exclusive-scan") && kernel_options(*file).can_inclusive &&
        kernel_options(*file).can_exclusive)
      t.check = t.inclusive ? "inclusive-scan" : "exclusive-scan";
  }
  const int max_words = kMaxSharedBytes / 4;
  t.input = rd.numbers(j, "input", "", kMaxN, false);
  if (static_cast<int>(t.input.size()) != t.n)
    rd.fail("input", "has " + std::to_string(t.input.size()) + " values but n is " + std::to_string(t.n));
  // The CPU reference computes in the value type: each input must be one of its values.
  for (size_t i = 0; i < t.input.size(); ++i) {
    const double v = t.input[i];
    const bool fits = t.type == ValueType::Float ? std::fabs(v) <= std::numeric_limits<float>::max()
                                                 : v == std::floor(v) && v >= -2147483648.0 && v <= 2147483647.0;
    if (!fits) {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", v);
      rd.fail("input[" + std::to_string(i) + "]", std::string(text) + " is not " + (t.type == ValueType::Float ? "a float" : "a 32-bit integer"));
    }
  }
  t.output = rd.numbers(j, "output", "", kMaxN + 1, false);
  {  // what the kernel's check says it writes
    const size_t n = static_cast<size_t>(t.n), got = t.output.size();
    // a histogram writes its out: count of bins, whatever n is
    const bool one = t.check == "reduce" || t.check == "max-segment-sum", at_most_n = t.check == "compact";
    const bool ok = one ? got == 1 : at_most_n ? got <= n : t.check == "histogram" ? got >= 1 : t.check.empty() ? got <= n + 1 : got == n;
    if (!ok)
      rd.fail("output", "has " + std::to_string(got) + " values; a " + (t.check.empty() ? "kernel" : t.check) + " of n=" +
                            std::to_string(t.n) + " writes " + (one ? "1" : at_most_n ? "at most n" : t.check == "histogram" ? "at least 1 bin" : "n"));
  }
  if (j.contains("bits")) t.bits = static_cast<int>(rd.integer(j, "bits", "", 0, 31));
  if (j.contains("matrix_cols")) t.matrix_cols = static_cast<int>(rd.integer(j, "matrix_cols", "", 1, std::max(1, t.n)));
  if (t.check == "transpose" && (t.matrix_cols < 1 || t.n % t.matrix_cols != 0))
    rd.fail("matrix_cols", "a transpose's trace names its matrix's columns, a divisor of n (" + std::to_string(t.n) + ")");
  if (j.contains("defines")) {
    const json& d = rd.field(j, "defines", "");
    if (!d.is_object() || d.size() > 64) rd.fail("defines", "expected an object of at most 64 macros");
    for (auto it = d.begin(); it != d.end(); ++it) {
      if (!it.value().is_string()) rd.fail("defines." + it.key(), "expected a string");
      t.defines.emplace_back(it.key(), it.value().get<std::string>());
    }
  }
  if (j.contains("fault")) {  // a kernel that faulted: the trace up to the fault
    const json& f = rd.field(j, "fault", "");
    if (!f.is_object()) rd.fail("fault", "expected an object");
    t.fault = rd.string(f, "text", "fault", 4096);
    if (t.fault.empty()) rd.fail("fault.text", "is empty");
    t.fault_file = static_cast<int>(rd.integer(f, "src", "fault", -1, 63));
    t.fault_line = static_cast<int>(rd.integer(f, "line", "fault", 0, 1 << 24));
    t.fault_col = static_cast<int>(rd.integer(f, "col", "fault", 0, 1 << 24));
    t.fault_tid = static_cast<int>(rd.integer(f, "tid", "fault", -1, 1 << 20));
  }
  if (j.contains("compiler_notes")) {
    const json& notes = rd.field(j, "compiler_notes", "");
    if (!notes.is_array() || notes.size() > 256) rd.fail("compiler_notes", "expected an array of at most 256 strings");
    for (size_t i = 0; i < notes.size(); ++i) t.compiler_notes.push_back(rd.string(notes, i, "compiler_notes"));
  }
  if (j.contains("tile_barriers")) t.tile_barriers = rd.boolean(j, "tile_barriers", "");
  if (j.contains("files")) {
    const json& files = rd.field(j, "files", "");
    if (!files.is_array() || files.size() > 64) rd.fail("files", "expected an array of at most 64 files");
    for (size_t f = 0; f < files.size(); ++f) {
      const std::string where = "files[" + std::to_string(f) + "]";
      t.files.push_back(rd.string(files[f], "path", where));
      t.file_texts.push_back(rd.string(files[f], "text", where, kMaxSourceText));
      if (t.file_texts.back().size() > (1u << 20)) rd.fail(where + ".text", "is larger than 1 MiB");
    }
    t.main_file = static_cast<int>(rd.integer(j, "main_file", "", -1, static_cast<long long>(t.files.size()) - 1));
    if (t.fault_file >= static_cast<int>(t.files.size())) rd.fail("fault.src", "names file " + std::to_string(t.fault_file) + ", which the trace does not hold");
    const json& sites = rd.field(j, "sites", "");
    if (!sites.is_array() || sites.size() > 100000) rd.fail("sites", "expected an array of at most 100000 sites");
    for (size_t s = 0; s < sites.size(); ++s) {
      const std::string where = "sites[" + std::to_string(s) + "]";
      SourceSite ss;
      auto pair = [&](const char* key, size_t count) {
        const json& a = rd.field(sites[s], key, where);
        if (!a.is_array() || a.size() != count) rd.fail(where + "." + key, "expected " + std::to_string(count) + " numbers");
        std::vector<int> v;
        for (size_t i = 0; i < count; ++i) v.push_back(static_cast<int>(rd.integer(a, i, where + "." + key, 0, 1 << 24)));
        return v;
      };
      const auto src = pair("src", 3), end = pair("end", 2), stmt = pair("stmt", 2);
      ss.file = src[0];
      if (ss.file >= static_cast<int>(t.files.size())) rd.fail(where + ".src", "names file " + std::to_string(ss.file) + ", which the trace does not hold");
      ss.line = src[1];
      ss.col = src[2];
      ss.end_line = end[0];
      ss.end_col = end[1];
      ss.stmt_line = stmt[0];
      ss.stmt_col = stmt[1];
      if (!parse_access_op(rd.string(sites[s], "op", where), &ss.op)) rd.fail(where + ".op", "must be ld, st, shfl or atom");
      ss.vector_group = static_cast<int>(rd.integer(sites[s], "vector_group", where, -1, 100000));
      ss.vector_width = static_cast<int>(rd.integer(sites[s], "vector_width", where, 0, 4));
      if (sites[s].contains("bytes")) {
        ss.bytes = static_cast<int>(rd.integer(sites[s], "bytes", where, 1, 16));
        if (ss.bytes != 1 && ss.bytes != 2 && ss.bytes != 4 && ss.bytes != 8 && ss.bytes != 16) rd.fail(where + ".bytes", "must be 1, 2, 4, 8 or 16");
      }
      if (sites[s].contains("every_warp")) ss.every_warp = rd.boolean(sites[s], "every_warp", where);
      if (sites[s].contains("vector_in_order")) ss.vector_in_order = rd.boolean(sites[s], "vector_in_order", where);
      if (sites[s].contains("unrolled")) {
        const json& u = sites[s]["unrolled"];
        if (!u.is_array() || u.size() > 64) rd.fail(where + ".unrolled", "must be an array of at most 64 segments");
        for (const json& c : u) {
          if (!c.is_number_integer() || c.get<long long>() == 0 || c.get<long long>() < -256 || c.get<long long>() > 256)
            rd.fail(where + ".unrolled", "segments are copies from -256 to 256, not 0");
          ss.unrolled.push_back(static_cast<int>(c.get<long long>()));
        }
      }
      if (sites[s].contains("vector_layout")) {
        const json& u = sites[s]["vector_layout"];
        if (!u.is_array() || u.size() < 4 || u.size() > 1 + 3 * 64 || (u.size() - 1) % 3 != 0)
          rd.fail(where + ".vector_layout", "must be [round, reg, offset, bytes, ...] for 1 to 64 instructions");
        for (size_t k = 0; k < u.size(); ++k) {
          const json& c = u[k];
          const long long lo = k == 0 ? 1 : k % 3 == 1 ? 0 : k % 3 == 2 ? -(1LL << 23) : 4, hi = k == 0 ? 4096 : k % 3 == 1 ? 255 : k % 3 == 2 ? (1LL << 23) : 16;
          if (!c.is_number_integer() || c.get<long long>() < lo || c.get<long long>() > hi || (k > 0 && k % 3 == 0 && c.get<long long>() != 4 && c.get<long long>() != 8 && c.get<long long>() != 16))
            rd.fail(where + ".vector_layout", "a round of 1 to 4096, then registers 0-255, 24-bit offsets and 4, 8 or 16 bytes");
          ss.vector_layout.push_back(static_cast<int>(c.get<long long>()));
        }
      }
      if (sites[s].contains("gated")) {
        ss.gated = static_cast<int>(rd.integer(sites[s], "gated", where, 0, static_cast<long long>(sites.size()) - 1));
        if (ss.op != kLoad) rd.fail(where + ".gated", "only a load is gated");
      }
      if (sites[s].contains("gated_exit")) {
        ss.gated_exit = rd.boolean(sites[s], "gated_exit", where);
        if (ss.gated < 0) rd.fail(where + ".gated_exit", "needs \"gated\"");
      }
      if (sites[s].contains("gated_copies")) {
        const json& u = sites[s]["gated_copies"];
        if (ss.gated < 0) rd.fail(where + ".gated_copies", "needs \"gated\"");
        if (!u.is_array() || u.empty() || u.size() > 64) rd.fail(where + ".gated_copies", "must be an array of 1 to 64 executions");
        for (const json& c : u) {
          if (!c.is_number_integer() || c.get<long long>() < -1 || c.get<long long>() > 63)
            rd.fail(where + ".gated_copies", "each execution -1 (not gated) or the gate's iteration, 0 to 63");
          ss.gated_copies.push_back(static_cast<int>(c.get<long long>()));
        }
      }
      if (sites[s].contains("gated_sites")) {
        const json& u = sites[s]["gated_sites"];
        if (ss.gated < 0) rd.fail(where + ".gated_sites", "needs \"gated\"");
        if (!u.is_array() || u.empty() || u.size() > 64) rd.fail(where + ".gated_sites", "must be an array of 1 to 64 executions");
        for (const json& c : u) {
          if (!c.is_number_integer() || c.get<long long>() < -1 || c.get<long long>() >= static_cast<long long>(sites.size()))
            rd.fail(where + ".gated_sites", "each execution -1 (not gated) or a store's site");
          ss.gated_sites.push_back(static_cast<int>(c.get<long long>()));
        }
      }
      t.sites.push_back(ss);
    }
    for (size_t s = 0; s < t.sites.size(); ++s) {
      if (t.sites[s].gated >= 0 && t.sites[static_cast<size_t>(t.sites[s].gated)].op != kStore)
        rd.fail("sites[" + std::to_string(s) + "].gated", "must name a store's site");
      for (int g : t.sites[s].gated_sites)
        if (g >= 0 && t.sites[static_cast<size_t>(g)].op != kStore) rd.fail("sites[" + std::to_string(s) + "].gated_sites", "must name stores' sites");
    }
  }
  if (j.contains("launches")) {
    const json& ls = rd.field(j, "launches", "");
    if (!ls.is_array() || ls.empty() || ls.size() > cuda::kMaxLaunches)
      rd.fail("launches", "expected an array of 1 to " + std::to_string(cuda::kMaxLaunches) + " launches");
    for (size_t i = 0; i < ls.size(); ++i) {
      const std::string where = "launches[" + std::to_string(i) + "]";
      LaunchInfo l;
      l.text = rd.string(ls[i], "text", where, 1 << 16);
      l.entry = rd.string(ls[i], "entry", where);
      l.grid = static_cast<int>(rd.integer(ls[i], "grid", where, 1, cuda::kMaxTracedBlocks));
      l.block = static_cast<int>(rd.integer(ls[i], "block", where, 1, kMaxThreads));
      l.grid_dim = Dim3{l.grid, 1, 1};
      l.block_dim = Dim3{l.block, 1, 1};
      // The shapes of a 2-D or 3-D launch ([x, y, z]); traces of 1-D launches have none.
      auto shape = [&](const char* key, int total, long long max_z) {
        const json& d = rd.field(ls[i], key, where);
        const std::string at = JsonReader::path(where, key);
        if (!d.is_array() || d.size() != 3) rd.fail(at, "expected [x, y, z]");
        const Dim3 v{static_cast<int>(rd.integer(d, size_t{0}, at, 1, total)), static_cast<int>(rd.integer(d, size_t{1}, at, 1, total)),
                     static_cast<int>(rd.integer(d, size_t{2}, at, 1, std::min<long long>(total, max_z)))};
        if (v.count() != total) rd.fail(at, "multiplies to " + std::to_string(v.count()) + ", not " + std::to_string(total));
        return v;
      };
      if (ls[i].contains("grid_dim") || ls[i].contains("block_dim")) {
        l.grid_dim = shape("grid_dim", l.grid, cuda::kMaxTracedBlocks);
        l.block_dim = shape("block_dim", l.block, 64);
      }
      l.smem_bytes = rd.integer(ls[i], "smem_bytes", where, 0, kMaxSharedBytes);
      l.first_step = static_cast<int>(rd.integer(ls[i], "first_step", where, 0, 4096));
      l.steps = static_cast<int>(rd.integer(ls[i], "steps", where, 0, 4096));
      t.launches.push_back(l);
    }
  }
  if (j.contains("global_arrays")) {
    const json& ga = rd.field(j, "global_arrays", "");
    constexpr size_t kMaxGlobalArrays = 2 + cuda::kMaxDeclaredArrays + cuda::kMaxDeviceVars;  // in, out, array: lines, __device__ variables
    if (!ga.is_array() || ga.size() > kMaxGlobalArrays)
      rd.fail("global_arrays", "expected an array of at most " + std::to_string(kMaxGlobalArrays) + " arrays");
    for (size_t i = 0; i < ga.size(); ++i) {
      const std::string where = "global_arrays[" + std::to_string(i) + "]";
      GlobalArrayInfo g;
      g.name = rd.string(ga[i], "name", where);
      g.count = static_cast<int>(rd.integer(ga[i], "count", where, 0, cuda::kMaxArrayElements));
      g.final = rd.numbers(ga[i], "final", where, static_cast<size_t>(g.count), true);
      if (static_cast<int>(g.final.size()) != g.count)
        rd.fail(where + ".final", "has " + std::to_string(g.final.size()) + " values, expected " + std::to_string(g.count));
      t.global_arrays.push_back(std::move(g));
    }
  }
  const int max_site = t.sites.empty() ? 100000 : static_cast<int>(t.sites.size()) - 1;
  t.smem_words = j.contains("smem_words") ? static_cast<int>(rd.integer(j, "smem_words", "", 0, max_words)) : -1;
  if (j.contains("printf")) {
    const json& ps = rd.field(j, "printf", "");
    if (!ps.is_array() || ps.size() > static_cast<size_t>(cuda::kMaxPrintLines))
      rd.fail("printf", "expected an array of at most " + std::to_string(cuda::kMaxPrintLines) + " lines");
    for (size_t i = 0; i < ps.size(); ++i) {
      const std::string where = "printf[" + std::to_string(i) + "]";
      PrintLine l;
      l.launch = static_cast<int>(rd.integer(ps[i], "launch", where, 0, cuda::kMaxLaunches - 1));
      l.block = static_cast<int>(rd.integer(ps[i], "block", where, 0, cuda::kMaxTracedBlocks - 1));
      l.tid = static_cast<int>(rd.integer(ps[i], "thread", where, 0, 1023));
      l.step = static_cast<int>(rd.integer(ps[i], "step", where, -1, 4095));
      l.text = rd.string(ps[i], "text", where, static_cast<size_t>(cuda::kMaxPrintChars));
      t.prints.push_back(std::move(l));
    }
  }
  const json& steps = rd.field(j, "steps", "");
  if (!steps.is_array()) rd.fail("steps", "expected an array");
  if (steps.size() > 4096) rd.fail("steps", "has " + std::to_string(steps.size()) + " steps, more than 4096");
  if (steps.empty()) rd.fail("steps", "is empty (a trace has at least the step that ends the kernel)");
  for (size_t s = 0; s < steps.size(); ++s) {
    std::string where = "steps[" + std::to_string(s) + "]";
    const json& js = steps[s];
    Step st;
    st.label = rd.string(js, "label", where);
    if (!parse_phase(rd.string(js, "phase", where), &st.phase)) rd.fail(where + ".phase", "unknown phase");
    if (js.contains("barrier")) st.barrier = rd.boolean(js, "barrier", where);
    st.smem = rd.numbers(js, "smem", where, max_words, true);
    if (t.smem_words < 0) t.smem_words = static_cast<int>(st.smem.size());
    // a grid's launches may differ in shared memory: smem_words is the largest
    if (t.is_grid() ? static_cast<int>(st.smem.size()) > t.smem_words : static_cast<int>(st.smem.size()) != t.smem_words)
      rd.fail(where + ".smem", "has " + std::to_string(st.smem.size()) + " words, expected " + (t.is_grid() ? "at most " : "") +
                                   std::to_string(t.smem_words));
    int block_threads = t.threads;
    if (t.is_grid()) {
      st.launch = static_cast<int>(rd.integer(js, "launch", where, 0, static_cast<long long>(t.launches.size()) - 1));
      st.block = static_cast<int>(rd.integer(js, "block", where, 0, t.launches[st.launch].grid - 1));
      block_threads = t.launches[st.launch].block;
    }
    if (js.contains("global_accesses")) {
      const json& ga = rd.field(js, "global_accesses", where);
      if (!ga.is_array()) rd.fail(where + ".global_accesses", "expected an array");
      if (ga.size() > 1000000) rd.fail(where + ".global_accesses", "more than 1000000 accesses");
      for (size_t i = 0; i < ga.size(); ++i) {
        std::string aw = where + ".global_accesses[" + std::to_string(i) + "]";
        GlobalAccess a;
        a.tid = static_cast<int>(rd.integer(ga[i], "tid", aw, 0, block_threads - 1));
        a.site = static_cast<int>(rd.integer(ga[i], "site", aw, 0, max_site));
        if (!parse_access_op(rd.string(ga[i], "op", aw), &a.op) || a.op == kShuffle) rd.fail(aw + ".op", "must be ld, st or atom");
        if (t.global_arrays.empty()) rd.fail(aw, "names a global array, but the trace lists none (global_arrays)");
        a.array = static_cast<int>(rd.integer(ga[i], "array", aw, 0, static_cast<long long>(t.global_arrays.size()) - 1));
        a.index = static_cast<int>(rd.integer(ga[i], "index", aw, 0, std::max(0, t.global_arrays[a.array].count - 1)));
        a.value = rd.number(rd.field(ga[i], "value", aw), aw + ".value", true);  // null: a NaN (e.g. a poisoned word)
        if (ga[i].contains("iter")) a.iter = static_cast<uint64_t>(rd.integer(ga[i], "iter", aw, 0, (1LL << 53) - 1));
        if (ga[i].contains("iteration")) a.iteration = static_cast<int>(rd.integer(ga[i], "iteration", aw, 0, std::numeric_limits<int>::max()));
        if (ga[i].contains("byte")) a.mask = access_byte_mask(rd, ga[i], aw, t, a.site);
        if (ga[i].contains("tile_syncs")) a.tile_syncs = access_tile_syncs(rd, ga[i], aw);
        st.global.push_back(a);
      }
    }
    const json& acc = rd.field(js, "accesses", where);
    if (!acc.is_array()) rd.fail(where + ".accesses", "expected an array");
    if (acc.size() > 1000000) rd.fail(where + ".accesses", "more than 1000000 accesses");
    for (size_t i = 0; i < acc.size(); ++i) {
      std::string aw = where + ".accesses[" + std::to_string(i) + "]";
      Access a;
      a.tid = static_cast<int>(rd.integer(acc[i], "tid", aw, 0, block_threads - 1));
      a.site = static_cast<int>(rd.integer(acc[i], "site", aw, 0, max_site));
      if (!parse_access_op(rd.string(acc[i], "op", aw), &a.op)) rd.fail(aw + ".op", "must be ld, st, shfl or atom");
      a.word = static_cast<int>(rd.integer(acc[i], "word", aw, 0, a.op == kShuffle ? kWarpSize - 1 : std::max(0, t.smem_words - 1)));
      a.value = rd.number(rd.field(acc[i], "value", aw), aw + ".value", false);
      if (acc[i].contains("byte")) a.mask = access_byte_mask(rd, acc[i], aw, t, a.site);
      if (acc[i].contains("tile_syncs")) a.tile_syncs = access_tile_syncs(rd, acc[i], aw);
      st.accesses.push_back(a);
    }
    t.steps.push_back(std::move(st));
  }
  if (t.smem_words < 0) t.smem_words = 0;
  if (j.contains("arrays")) {
    const json& arr = rd.field(j, "arrays", "");
    // one per named word at most (interp: the first name at each word)
    if (!arr.is_array() || static_cast<int>(arr.size()) > std::max(1, t.smem_words))
      rd.fail("arrays", "expected an array of at most one entry per shared word (" + std::to_string(t.smem_words) + ")");
    for (size_t i = 0; i < arr.size(); ++i) {
      std::string where = "arrays[" + std::to_string(i) + "]";
      SharedArrayInfo a;
      a.name = rd.string(arr[i], "name", where);
      a.first_word = static_cast<int>(rd.integer(arr[i], "first", where, 0, t.smem_words));
      a.words = static_cast<int>(rd.integer(arr[i], "words", where, 0, t.smem_words - a.first_word));
      if (arr[i].contains("dims")) {  // an array of several dimensions: their lengths multiply to its words
        const json& d = rd.field(arr[i], "dims", where);
        const std::string at = where + ".dims";
        if (!d.is_array() || d.size() < 2 || d.size() > 4) rd.fail(at, "expected 2 to 4 lengths");
        long long cells = 1;
        for (size_t k = 0; k < d.size(); ++k) {
          a.dims.push_back(static_cast<int>(rd.integer(d, k, at, 1, std::max(1, a.words))));
          cells *= a.dims.back();
        }
        if (cells != a.words) rd.fail(at, "multiply to " + std::to_string(cells) + ", not the array's " + std::to_string(a.words) + " words");
      }
      t.arrays.push_back(a);
    }
  }
  if (j.contains("word_index")) {
    const json& wi = rd.field(j, "word_index", "");
    if (!wi.is_array() || static_cast<int>(wi.size()) > t.smem_words) rd.fail("word_index", "expected at most smem_words indices");
    for (size_t i = 0; i < wi.size(); ++i) t.word_index.push_back(static_cast<int>(rd.integer(wi, i, "word_index", -1, kMaxN)));
  }
  // The request the trace was made from (what `--open` re-runs), and derived data recomputed,
  // never trusted from the file.
  TraceRequest& r = t.request;
  r.kernel = t.kernel;
  r.source = t.source;
  r.n = t.n;
  r.threads = t.threads;
  r.banks = t.banks;
  r.warp_issue = t.warp_issue;
  r.pad = t.pad;
  r.op = t.op;
  r.type = t.type;
  if (t.check == "inclusive-scan" || t.check == "exclusive-scan") r.scan = t.inclusive ? "inclusive" : "exclusive";
  r.input = t.input;
  r.bits = t.bits;
  r.defines = t.defines;
  if (t.is_grid()) {  // each launch's steps where it says they are
    int next = 0;
    for (size_t i = 0; i < t.launches.size(); ++i) {
      const LaunchInfo& l = t.launches[i];
      if (l.first_step != next || l.first_step + l.steps > static_cast<int>(t.steps.size()))
        rd.fail("launches[" + std::to_string(i) + "]", "its steps do not follow the launch before it");
      for (int s = l.first_step; s < l.first_step + l.steps; ++s)
        if (t.steps[static_cast<size_t>(s)].launch != static_cast<int>(i))
          rd.fail("steps[" + std::to_string(s) + "].launch", "is not " + std::to_string(i) + ", the launch whose steps these are");
      next += l.steps;
    }
    if (next != static_cast<int>(t.steps.size())) rd.fail("launches", "cover " + std::to_string(next) + " of the trace's steps");
  }
  analyze_banks(t);
  analyze_global(t);
  return t;
}

Trace load_trace_file(const std::string& path) { return trace_from_json(read_text_file(path, kMaxTraceBytes, "a trace"), path); }

}  // namespace scanscope
