// Bench JSON: writing, and reading with validation that names the file and the problem.
//   { "format": "scanscope-bench", "version": 1, "device": ..., "driver": ..., "cub": ... (optional), "date": ...,
//     "type": "int"|"float", "messages": [...],   (family: reduce, scan, copy, cpu, select or sort)
//     "points": [ { "kernel", "family", "n", "ms", "gbps", "ratio_to_cub", "ratio_to_copy",
//                   "verified", "note", and for family "select" only "kept_percent", "selected" } ] }
// A file without "select" points (every file before the stream compactions) reads as before; a
// "sort" point (the radix sorts) has the common fields only.
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bench/bench.h"
#include "formats/files.h"
#include "formats/json_reader.h"

namespace scanscope {

using nlohmann::json;

namespace {
const char* const kBenchFamilyNames[] = {"reduce", "scan", "copy", "cpu", "select", "sort"};
}  // namespace

const char* bench_family_name(BenchFamily f) { return kBenchFamilyNames[static_cast<int>(f)]; }

bool parse_bench_family(const std::string& s, BenchFamily* out) { return parse_name(kBenchFamilyNames, s, out); }

std::string bench_to_json(const BenchResults& r) {
  json j;
  j["format"] = "scanscope-bench";
  j["version"] = 1;
  j["device"] = r.device;
  j["driver"] = r.driver;
  if (!r.cub.empty()) j["cub"] = r.cub;
  j["date"] = r.date;
  j["type"] = type_name(r.type);
  j["messages"] = r.messages;
  json pts = json::array();
  for (const auto& p : r.points) {
    json q = {{"kernel", p.kernel}, {"family", bench_family_name(p.family)}, {"n", p.n}, {"ms", p.ms}, {"gbps", p.gbps},
              {"ratio_to_cub", p.ratio_to_cub}, {"ratio_to_copy", p.ratio_to_copy}, {"verified", p.verified}, {"note", p.note}};
    if (p.kept_percent >= 0) q["kept_percent"] = p.kept_percent;
    if (p.selected >= 0) q["selected"] = p.selected;
    pts.push_back(q);
  }
  j["points"] = pts;
  return j.dump(1) + "\n";
}

BenchResults bench_from_json(const std::string& text, const std::string& origin) {
  JsonReader rd(origin);
  json j = rd.parse(text);
  if (!j.is_object()) rd.fail("", "expected an object");
  std::string format = rd.string(j, "format", "");
  if (format != "scanscope-bench") rd.fail("format", "is '" + format + "', expected 'scanscope-bench' (is this a trace file?)");
  if (rd.integer(j, "version", "", 0, 1LL << 30) != 1) rd.fail("version", "only version 1 is known");
  BenchResults r;
  r.device = rd.string(j, "device", "");
  r.driver = rd.string(j, "driver", "");
  if (j.contains("cub")) r.cub = rd.string(j, "cub", "");
  r.date = rd.string(j, "date", "");
  const std::string type = rd.string(j, "type", "");
  if (!parse_value_type(type, &r.type)) rd.fail("type", "must be " + name_list(type_names(), ", ", " or ") + ", not '" + type + "'");
  if (j.contains("messages")) {
    const json& m = rd.field(j, "messages", "");
    if (!m.is_array()) rd.fail("messages", "expected an array");
    for (const auto& s : m) {
      if (!s.is_string()) rd.fail("messages", "every message must be a string");
      r.messages.push_back(s);
    }
  }
  const json& pts = rd.field(j, "points", "");
  if (!pts.is_array()) rd.fail("points", "expected an array");
  if (pts.size() > 1000000) rd.fail("points", "more than 1000000 points");
  for (size_t i = 0; i < pts.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    const json& p = pts[i];
    BenchPoint b;
    b.kernel = rd.string(p, "kernel", where);
    const std::string family = rd.string(p, "family", where);
    if (!parse_bench_family(family, &b.family)) {
      std::vector<std::string> names(std::begin(kBenchFamilyNames), std::end(kBenchFamilyNames));
      rd.fail(where + ".family", "must be " + name_list(names, ", ", " or ") + ", not '" + family + "'");
    }
    b.n = rd.integer(p, "n", where, 1, 1LL << 40);
    // Times, GB/s and ratios are never negative; 1e12 of anything is a corrupt file.
    b.ms = rd.number(p, "ms", where, 0, 1e12);
    b.gbps = rd.number(p, "gbps", where, 0, 1e12);
    b.ratio_to_cub = rd.number(p, "ratio_to_cub", where, 0, 1e12);
    b.ratio_to_copy = rd.number(p, "ratio_to_copy", where, 0, 1e12);
    b.verified = rd.boolean(p, "verified", where);
    b.note = rd.string(p, "note", where);
    if (p.contains("kept_percent")) b.kept_percent = static_cast<int>(rd.integer(p, "kept_percent", where, 0, 100));
    if (p.contains("selected")) b.selected = rd.integer(p, "selected", where, 0, b.n);
    if (b.family == BenchFamily::Select && b.kept_percent < 0) rd.fail(where, "a select point needs kept_percent");
    r.points.push_back(b);
  }
  return r;
}

BenchResults load_bench_file(const std::string& path) {
  return bench_from_json(read_text_file(path, 16LL << 20, "a benchmark file"), path);
}

}  // namespace scanscope
