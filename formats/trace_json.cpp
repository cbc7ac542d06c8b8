// Trace JSON writer and validating reader.
#include "formats/trace_json.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/bank_model.h"
#include "engine/catalogue.h"
#include "formats/json_reader.h"

namespace scanscope {

using nlohmann::json;

namespace {
json number_or_null(double v) { return std::isnan(v) ? json(nullptr) : json(v); }

json totals_json(const OpTotals& t) { return json{{"inst", t.inst}, {"wavefronts", t.wavefronts}, {"conflicts", t.conflicts}}; }
}  // namespace

std::string trace_to_json(const Trace& t, int indent) {
  json j;
  j["format"] = "scanscope-trace";
  j["version"] = 1;
  j["kernel"] = t.kernel;
  j["n"] = t.n;
  j["threads"] = t.threads;
  j["banks"] = t.banks;
  j["warp_issue"] = t.warp_issue;
  j["pad"] = pad_name(t.pad);
  j["op"] = t.op;
  j["type"] = t.type;
  j["scan"] = t.inclusive ? "inclusive" : "exclusive";
  if (t.bits) j["bits"] = t.bits;
  j["device"] = t.device;
  j["smem_words"] = t.smem_words;
  if (!t.arrays.empty()) {
    json arr = json::array();
    for (const auto& a : t.arrays) arr.push_back(json{{"name", a.name}, {"first", a.first_word}, {"words", a.words}});
    j["arrays"] = std::move(arr);
  }
  j["input"] = t.input;
  j["output"] = t.output;
  json steps = json::array();
  for (const auto& s : t.steps) {
    json js;
    js["label"] = s.label;
    js["phase"] = phase_name(s.phase);
    js["active_threads"] = s.active_threads;
    json smem = json::array();
    for (double v : s.smem) smem.push_back(number_or_null(v));
    js["smem"] = std::move(smem);
    js["max_degree"] = s.max_degree;
    json acc = json::array();
    for (const auto& a : s.accesses)
      acc.push_back(json{{"tid", a.tid}, {"site", a.site}, {"op", access_op_name(a.op)}, {"word", a.word}, {"value", a.value}});
    js["accesses"] = std::move(acc);
    steps.push_back(std::move(js));
  }
  j["steps"] = std::move(steps);
  j["totals"] = json{{"ld", totals_json(t.totals.ld)}, {"st", totals_json(t.totals.st)}};
  return j.dump(indent);
}

Trace trace_from_json(const std::string& text, const std::string& origin) {
  JsonReader rd(origin);
  json j = rd.parse(text);
  if (!j.is_object()) rd.fail("", "expected an object");
  if (rd.string(j, "format", "") != "scanscope-trace")
    rd.fail("format", "is not \"scanscope-trace\" (is this a benchmark or lesson file?)");
  int version = static_cast<int>(rd.integer(j, "version", "", 0, 1 << 30));
  if (version != 1) rd.fail("version", "is " + std::to_string(version) + "; this scanscope reads version 1");
  Trace t;
  t.kernel = rd.string(j, "kernel", "");
  const KernelInfo* info = find_kernel(t.kernel);
  if (!info) rd.fail("kernel", "unknown kernel '" + t.kernel + "'");
  t.n = static_cast<int>(rd.integer(j, "n", "", 1, info->max_n));
  t.threads = static_cast<int>(rd.integer(j, "threads", "", 1, kMaxThreads));
  t.banks = static_cast<int>(rd.integer(j, "banks", "", 16, 32));
  if (t.banks != 16 && t.banks != 32) rd.fail("banks", "must be 16 or 32");
  t.warp_issue = static_cast<int>(rd.integer(j, "warp_issue", "", 16, 32));
  if (t.warp_issue != 16 && t.warp_issue != 32) rd.fail("warp_issue", "must be 16 or 32");
  if (!parse_pad(rd.string(j, "pad", ""), &t.pad)) rd.fail("pad", "must be none, harris or zero");
  t.op = rd.string(j, "op", "");
  {
    const auto& ops = operator_names();
    if (std::find(ops.begin(), ops.end(), t.op) == ops.end()) rd.fail("op", "must be sum, min, max, or or mat2");
  }
  t.type = rd.string(j, "type", "");
  if (t.type != "int" && t.type != "float") rd.fail("type", "must be int or float");
  if (j.contains("scan")) {
    std::string s = rd.string(j, "scan", "");
    if (s != "inclusive" && s != "exclusive") rd.fail("scan", "must be inclusive or exclusive");
    t.inclusive = s == "inclusive";
  }
  t.device = rd.string(j, "device", "");
  const int max_words = kMaxSharedBytes / 4;
  t.input = rd.numbers(j, "input", "", info->max_n, false);
  if (static_cast<int>(t.input.size()) != t.n)
    rd.fail("input", "has " + std::to_string(t.input.size()) + " values but n is " + std::to_string(t.n));
  t.output = rd.numbers(j, "output", "", info->max_n, false);
  const size_t capacity = static_cast<size_t>(output_capacity(*info, t.n));
  const size_t expected = info->id == KernelId::AppCompact ? t.output.size() : capacity;
  if (t.output.size() != expected || t.output.size() > capacity)
    rd.fail("output", "has " + std::to_string(t.output.size()) + " values; " + info->name + " with n=" + std::to_string(t.n) +
                          " writes " + std::to_string(capacity));
  if (j.contains("bits")) t.bits = static_cast<int>(rd.integer(j, "bits", "", 0, 31));
  t.smem_words = j.contains("smem_words") ? static_cast<int>(rd.integer(j, "smem_words", "", 0, max_words)) : -1;
  const json& steps = rd.field(j, "steps", "");
  if (!steps.is_array()) rd.fail("steps", "expected an array");
  if (steps.size() > 4096) rd.fail("steps", "has " + std::to_string(steps.size()) + " steps, more than 4096");
  for (size_t s = 0; s < steps.size(); ++s) {
    std::string where = "steps[" + std::to_string(s) + "]";
    const json& js = steps[s];
    Step st;
    st.label = rd.string(js, "label", where);
    if (!parse_phase(rd.string(js, "phase", where), &st.phase)) rd.fail(where + ".phase", "unknown phase");
    st.smem = rd.numbers(js, "smem", where, max_words, true);
    if (t.smem_words < 0) t.smem_words = static_cast<int>(st.smem.size());
    if (static_cast<int>(st.smem.size()) != t.smem_words)
      rd.fail(where + ".smem", "has " + std::to_string(st.smem.size()) + " words, expected " + std::to_string(t.smem_words));
    const json& acc = rd.field(js, "accesses", where);
    if (!acc.is_array()) rd.fail(where + ".accesses", "expected an array");
    if (acc.size() > 1000000) rd.fail(where + ".accesses", "more than 1000000 accesses");
    for (size_t i = 0; i < acc.size(); ++i) {
      std::string aw = where + ".accesses[" + std::to_string(i) + "]";
      Access a;
      a.tid = static_cast<int>(rd.integer(acc[i], "tid", aw, 0, t.threads - 1));
      a.site = static_cast<int>(rd.integer(acc[i], "site", aw, 0, 1000));
      std::string op = rd.string(acc[i], "op", aw);
      if (op == "ld") a.op = kLoad;
      else if (op == "st") a.op = kStore;
      else if (op == "shfl") a.op = kShuffle;
      else rd.fail(aw + ".op", "must be ld, st or shfl");
      a.word = static_cast<int>(rd.integer(acc[i], "word", aw, 0, a.op == kShuffle ? kWarpSize - 1 : std::max(0, t.smem_words - 1)));
      a.value = rd.number(rd.field(acc[i], "value", aw), aw + ".value", false);
      st.accesses.push_back(a);
    }
    t.steps.push_back(std::move(st));
  }
  if (t.smem_words < 0) t.smem_words = 0;
  if (j.contains("arrays")) {
    const json& arr = rd.field(j, "arrays", "");
    if (!arr.is_array() || arr.size() > 64) rd.fail("arrays", "expected an array of at most 64 entries");
    for (size_t i = 0; i < arr.size(); ++i) {
      std::string where = "arrays[" + std::to_string(i) + "]";
      SharedArrayInfo a;
      a.name = rd.string(arr[i], "name", where);
      a.first_word = static_cast<int>(rd.integer(arr[i], "first", where, 0, t.smem_words));
      a.words = static_cast<int>(rd.integer(arr[i], "words", where, 0, t.smem_words - a.first_word));
      t.arrays.push_back(a);
    }
  }
  // Derived data is recomputed, never trusted from the file.
  analyze_banks(t);
  return t;
}

Trace load_trace_file(const std::string& path) { return trace_from_json(read_text_file(path, 512LL << 20, "a trace"), path); }

void write_file_atomic(const std::string& path, const std::string& contents) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error(path + ": cannot write (" + tmp + " could not be created)");
    f.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    f.flush();
    if (!f) {
      std::remove(tmp.c_str());
      throw std::runtime_error(path + ": write failed (disk full?)");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error(path + ": cannot replace the file");
  }
}

}  // namespace scanscope
