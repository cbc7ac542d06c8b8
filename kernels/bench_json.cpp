// Bench JSON: writing, and reading with validation that names the file and the problem.
//   { "format": "scanscope-bench", "version": 1, "device": ..., "driver": ..., "date": ...,
//     "type": "int"|"float", "messages": [...],
//     "points": [ { "kernel", "family", "n", "ms", "gbps", "ratio_to_cub", "ratio_to_copy",
//                   "verified", "note" } ] }
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bench.h"

namespace scanscope {

using nlohmann::json;

std::string bench_to_json(const BenchResults& r) {
  json j;
  j["format"] = "scanscope-bench";
  j["version"] = 1;
  j["device"] = r.device;
  j["driver"] = r.driver;
  j["date"] = r.date;
  j["type"] = r.type;
  j["messages"] = r.messages;
  json pts = json::array();
  for (const auto& p : r.points)
    pts.push_back({{"kernel", p.kernel}, {"family", p.family}, {"n", p.n}, {"ms", p.ms}, {"gbps", p.gbps},
                   {"ratio_to_cub", p.ratio_to_cub}, {"ratio_to_copy", p.ratio_to_copy}, {"verified", p.verified}, {"note", p.note}});
  j["points"] = pts;
  return j.dump(1) + "\n";
}

namespace {

[[noreturn]] void fail(const std::string& origin, const std::string& where, const std::string& what) {
  throw std::runtime_error(origin + ": " + where + ": " + what);
}

const json& field(const json& obj, const char* key, json::value_t type, const std::string& origin, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) fail(origin, where, std::string("missing \"") + key + "\"");
  bool ok = it->type() == type || (type == json::value_t::number_float && it->is_number()) ||
            (type == json::value_t::number_integer && (it->is_number_integer()));
  if (!ok) fail(origin, where, std::string("\"") + key + "\" has the wrong type (" + it->type_name() + ")");
  return *it;
}

}  // namespace

BenchResults bench_from_json(const std::string& text, const std::string& origin) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw std::runtime_error(origin + ": not valid JSON (byte " + std::to_string(e.byte) + ")");
  }
  if (!j.is_object()) fail(origin, "top level", "not a JSON object");
  using vt = json::value_t;
  if (field(j, "format", vt::string, origin, "top level") != "scanscope-bench")
    fail(origin, "format", "is '" + j["format"].get<std::string>() + "', expected 'scanscope-bench'");
  if (field(j, "version", vt::number_integer, origin, "top level") != 1) fail(origin, "version", "only version 1 is known");
  BenchResults r;
  r.device = field(j, "device", vt::string, origin, "top level");
  r.driver = field(j, "driver", vt::string, origin, "top level");
  r.date = field(j, "date", vt::string, origin, "top level");
  r.type = field(j, "type", vt::string, origin, "top level");
  if (r.type != "int" && r.type != "float") fail(origin, "type", "must be int or float, not '" + r.type + "'");
  if (j.contains("messages")) {
    const json& m = field(j, "messages", vt::array, origin, "top level");
    for (const auto& s : m) {
      if (!s.is_string()) fail(origin, "messages", "every message must be a string");
      r.messages.push_back(s);
    }
  }
  const json& pts = field(j, "points", vt::array, origin, "top level");
  for (size_t i = 0; i < pts.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    const json& p = pts[i];
    if (!p.is_object()) fail(origin, where, "not an object");
    BenchPoint b;
    b.kernel = field(p, "kernel", vt::string, origin, where);
    b.family = field(p, "family", vt::string, origin, where);
    if (b.family != "reduce" && b.family != "scan" && b.family != "copy" && b.family != "cpu")
      fail(origin, where, "family must be reduce, scan, copy or cpu, not '" + b.family + "'");
    b.n = field(p, "n", vt::number_integer, origin, where);
    if (b.n < 1) fail(origin, where, "n must be at least 1");
    b.ms = field(p, "ms", vt::number_float, origin, where);
    b.gbps = field(p, "gbps", vt::number_float, origin, where);
    b.ratio_to_cub = field(p, "ratio_to_cub", vt::number_float, origin, where);
    b.ratio_to_copy = field(p, "ratio_to_copy", vt::number_float, origin, where);
    if (b.ms < 0 || b.gbps < 0 || b.ratio_to_cub < 0 || b.ratio_to_copy < 0) fail(origin, where, "times, GB/s and ratios must not be negative");
    b.verified = field(p, "verified", vt::boolean, origin, where);
    b.note = field(p, "note", vt::string, origin, where);
    r.points.push_back(b);
  }
  return r;
}

BenchResults load_bench_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(path + ": cannot open the file");
  std::stringstream ss;
  ss << f.rdbuf();
  return bench_from_json(ss.str(), path);
}

}  // namespace scanscope
