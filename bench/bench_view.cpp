// The timing panel's data without drawing (bench_view.h).
#include "bench/bench_view.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "bench/bench_detail.h"
#include "engine/catalogue.h"
#include "engine/sources.h"
#include "engine/vocab.h"
#include "kernels/device/strategies.h"

namespace scanscope {

namespace {

const BenchKernel* find_kernel(const std::string& id) {
  for (const auto& k : bench_kernels())
    if (k.id == id) return &k;
  return nullptr;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool timed(const BenchPoint& p) { return p.ms > 0 && p.note.empty(); }

// The kept fraction a compaction's series shows (it has a point per kept fraction at each n): 50 %
// where recorded, else the first recorded; -1 (every point) for the other series.
int shown_kept(const BenchResults& r, const std::string& id) {
  int first = -1;
  for (const auto& p : r.points) {
    if (p.kernel != id || p.kept_percent < 0 || !timed(p)) continue;
    if (p.kept_percent == 50) return 50;
    if (first < 0) first = p.kept_percent;
  }
  return first;
}

// n -> point of one series (the last one recorded for an n wins, as compute_ratios's map does).
std::map<long long, const BenchPoint*> by_n(const BenchResults& r, const std::string& id) {
  std::map<long long, const BenchPoint*> m;
  const int kept = shown_kept(r, id);
  for (const auto& p : r.points)
    if (p.kernel == id && timed(p) && p.kept_percent == kept) m[p.n] = &p;
  return m;
}

SeriesPoints values(const BenchResults& r, const std::string& id, double BenchPoint::*field) {
  SeriesPoints v;
  for (const auto& [n, p] : by_n(r, id)) v.push_back({static_cast<double>(n), p->*field});
  return v;
}

// this / reference at each n where both are timed and the reference is positive.
SeriesPoints relative(const BenchResults& r, const std::string& id, const std::string& ref, double BenchPoint::*field) {
  SeriesPoints v;
  if (ref.empty()) return v;
  const auto refs = by_n(r, ref);
  for (const auto& [n, p] : by_n(r, id)) {
    auto it = refs.find(n);
    if (it != refs.end() && it->second->*field > 0) v.push_back({static_cast<double>(n), p->*field / (it->second->*field)});
  }
  return v;
}

}  // namespace

const std::vector<TimingPreset>& timing_presets() {
  static const std::vector<TimingPreset> presets = [] {
    std::vector<TimingPreset> v;
    v.push_back({"reduce-vs-cub", "reduce: ours vs CUB vs copy", {"reduce-best", "cub-reduce", "copy"}, ""});
    v.push_back({"scan-vs-cub", "scan: ours vs CUB vs copy", {"scan-best", "cub-scan", "copy"}, ""});
    v.push_back({"compaction-vs-cub", "compaction: ours vs CUB vs copy",
                 {"compact-best", "cub-select", "compact-flagged", "cub-select-flagged", "compact-partition", "cub-partition", "copy"}, ""});
    // What a fast scan buys: the device-wide compaction and radix sort against CUB's, and the copy.
    v.push_back({"applications-vs-cub", "applications: ours vs CUB vs copy", {"compact-best", "cub-select", "sort-onesweep", "cub-sort-keys", "copy"}, ""});
    TimingPreset sources{"sources", "the sources' strategies", {}, ""};
    for (const auto& s : device::strategies())  // the registry's source column cites the document a strategy comes from
      if (document_cited_first(s.source) && !s.tuning()) sources.series.push_back(s.id);
    sources.series.push_back("copy");
    v.push_back(sources);
    v.push_back({"harris-table2", "Harris Table 2", bench_detail::preset_kernels("harris-table2"), "harris-table2"});
    v.push_back({"oancea", "Oancea", bench_detail::preset_kernels("oancea"), "oancea"});
    return v;
  }();
  return presets;
}

const TimingPreset* find_timing_preset(const std::string& name) {
  const std::string n = current_timing_preset(lower(name));  // a former id finds the preset it became
  for (const auto& p : timing_presets())
    if (lower(p.id) == n || lower(p.title) == n) return &p;
  return nullptr;
}

std::string timing_preset_ids() {
  std::string s;
  for (const auto& p : timing_presets()) s += (s.empty() ? "" : ", ") + p.id;
  return s;
}

const TimingPreset& timing_preset_or_throw(const std::string& name, const std::string& option) {
  if (const TimingPreset* p = find_timing_preset(name)) return *p;
  throw UsageError(option + ": no preset '" + name + "' (one of: " + timing_preset_ids() + ")");
}

std::vector<std::string> parse_timing_series(const std::string& list, const std::string& option) {
  // The kernels of --kernel all by name; the radix sorts and the tuning variants (x-..., many) as a
  // pointer to their list.
  std::string accepted;
  for (const auto& k : bench_kernels())
    if (k.in_all) accepted += (accepted.empty() ? "" : ", ") + k.id;
  accepted += "; the sorts and tuning variants: scanscope bench --help";  // short: a UsageError keeps 600 characters
  std::vector<std::string> out;
  std::stringstream ss(list);
  std::string name;
  while (std::getline(ss, name, ',')) {
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    while (!name.empty() && name.back() == ' ') name.pop_back();
    if (name.empty()) throw UsageError(option + ": an empty series name in '" + list + "' (accepted: " + accepted + ")");
    if (!find_kernel(name)) throw UsageError(option + ": no series '" + name + "' (accepted: " + accepted + ")");
    if (std::find(out.begin(), out.end(), name) != out.end()) throw UsageError(option + ": '" + name + "' is named twice");
    out.push_back(name);
  }
  if (out.empty()) throw UsageError(option + ": no series named (accepted: " + accepted + ")");
  return out;
}

BenchFamily series_family(const BenchResults& r, const std::string& id) {
  if (const BenchKernel* k = find_kernel(id)) return k->family;
  for (const auto& p : r.points)
    if (p.kernel == id) return p.family;
  return BenchFamily::Reduce;
}

std::vector<std::string> recorded_series(const BenchResults& r) {
  std::set<std::string> have;
  std::vector<std::string> order;  // the recording's, for ids this program does not know
  for (const auto& p : r.points)
    if (timed(p) && have.insert(p.kernel).second) order.push_back(p.kernel);
  std::vector<std::string> out;
  for (const auto& k : bench_kernels())
    if (have.count(k.id)) out.push_back(k.id);
  for (const auto& id : order)
    if (!find_kernel(id)) out.push_back(id);
  return out;
}

std::vector<std::string> missing_series(const BenchResults& r, const std::vector<std::string>& wanted) {
  const auto have = recorded_series(r);
  std::vector<std::string> out;
  for (const auto& id : wanted)
    if (std::find(have.begin(), have.end(), id) == have.end()) out.push_back(id);
  return out;
}

std::string cub_counterpart(const BenchResults& r, const std::string& id) {
  const BenchKernel* k = find_kernel(id);
  if (id == "copy" || (!k && series_family(r, id) == BenchFamily::Copy)) return "";
  if (k && k->select != BenchSelect::None) return bench_detail::select_cub_counterpart(k->select);
  if (!k && series_family(r, id) == BenchFamily::Select) return "";
  if (k && k->sort != BenchSort::None) return bench_detail::sort_cub_counterpart(k->sort);
  if (!k && series_family(r, id) == BenchFamily::Sort) return "";
  const bool scan = k ? k->scan : series_family(r, id) == BenchFamily::Scan;
  if (!scan) return "cub-reduce";
  if (k && k->inclusive && !by_n(r, "cub-scan-inclusive").empty()) return "cub-scan-inclusive";
  return "cub-scan";
}

SeriesPoints series_ms(const BenchResults& r, const std::string& id) { return values(r, id, &BenchPoint::ms); }
SeriesPoints series_gbps(const BenchResults& r, const std::string& id) { return values(r, id, &BenchPoint::gbps); }
SeriesPoints series_times_cub(const BenchResults& r, const std::string& id) { return relative(r, id, cub_counterpart(r, id), &BenchPoint::ms); }
SeriesPoints series_fraction_of_copy(const BenchResults& r, const std::string& id) { return relative(r, id, "copy", &BenchPoint::gbps); }

RecordingList list_recordings(const std::string& dir) {
  RecordingList out;
  std::vector<std::string> paths;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".json") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  for (const auto& path : paths) {
    std::ifstream f(path);
    std::string head(4096, '\0');
    f.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(f.gcount()));
    if (head.find("\"scanscope-bench\"") == std::string::npos) continue;  // another kind of file (the interpreter's speed)
    try {
      out.files.push_back({path, load_bench_file(path)});
    } catch (const std::exception& e) {
      out.errors.push_back(e.what());
    }
  }
  return out;
}

std::string recording_label(const Recording& r) {
  const std::string file = std::filesystem::path(r.path).filename().string();
  return r.results.device + ", " + type_name(r.results.type) + ", " + r.results.date.substr(0, 10) + " (" + file + ")";
}

int default_recording(const RecordingList& list, const std::string& gpu_name, const std::vector<std::string>& series, const std::string& fallback_file) {
  int best = -1;
  auto key = [&](const Recording& rec) {
    const int held = static_cast<int>(series.size() - missing_series(rec.results, series).size());
    return std::make_tuple(rec.results.type == ValueType::Int, held, rec.results.points.size());
  };
  if (!gpu_name.empty())
    for (size_t i = 0; i < list.files.size(); ++i)
      if (list.files[i].results.device == gpu_name && (best < 0 || key(list.files[i]) > key(list.files[best]))) best = static_cast<int>(i);
  if (best >= 0) return best;
  int fallback = -1;
  for (size_t i = 0; i < list.files.size(); ++i)
    if (std::filesystem::path(list.files[i].path).filename() == fallback_file) fallback = static_cast<int>(i);
  if (fallback < 0) return -1;
  // No recording of this machine's GPU: the fallback, unless another holds more of the series (the
  // applications preset: the sorts' and the compactions' recordings hold three of its five); of
  // those holding the most, one of the fallback's device first.
  auto held = [&](int i) { return series.size() - missing_series(list.files[i].results, series).size(); };
  auto rank = [&](int i) { return std::make_tuple(held(i), list.files[i].results.device == list.files[fallback].results.device, key(list.files[i])); };
  for (size_t i = 0; i < list.files.size(); ++i) {
    const int ii = static_cast<int>(i);
    if (held(ii) <= held(fallback)) continue;
    if (best < 0 || rank(ii) > rank(best)) best = ii;
  }
  return best >= 0 ? best : fallback;
}

std::string missing_series_note(const RecordingList& list, const std::vector<std::string>& missing) {
  const std::vector<std::string> nowhere = series_in_no_recording(list, missing);
  std::vector<std::string> elsewhere;
  for (const auto& id : missing)
    if (std::find(nowhere.begin(), nowhere.end(), id) == nowhere.end()) elsewhere.push_back(id);
  std::string note;
  if (!elsewhere.empty()) {
    int best = -1;
    size_t best_held = 0;
    for (size_t i = 0; i < list.files.size(); ++i) {  // the one holding the most; int first on a tie
      const size_t held = elsewhere.size() - missing_series(list.files[i].results, elsewhere).size();
      const bool better = best < 0 || held > best_held ||
                          (held == best_held && list.files[i].results.type == ValueType::Int && list.files[best].results.type != ValueType::Int);
      if (held > 0 && better) best = static_cast<int>(i), best_held = held;
    }
    const Recording& rec = list.files[best];
    std::vector<std::string> there, rest;
    for (const auto& id : elsewhere) (missing_series(rec.results, {id}).empty() ? there : rest).push_back(id);
    note = name_list(there, ", ", " and ") + ": in " + std::filesystem::path(rec.path).filename().string() + " (" + rec.results.device + "); File... opens it.";
    if (!rest.empty()) note += " " + name_list(rest, ", ", " and ") + ": in other shipped recordings.";
  }
  if (!nowhere.empty())
    note += std::string(note.empty() ? "" : " ") + "No shipped recording has " + name_list(nowhere, ", ", " and ") + " yet: Run sweep times " + (nowhere.size() == 1 ? "it" : "them") + " on a GPU.";
  return note;
}

std::vector<std::string> series_in_no_recording(const RecordingList& list, const std::vector<std::string>& series) {
  std::vector<std::string> out;
  for (const auto& id : series)
    if (std::all_of(list.files.begin(), list.files.end(), [&](const Recording& rec) { return !missing_series(rec.results, {id}).empty(); })) out.push_back(id);
  return out;
}

std::vector<std::string> sweep_kernels(const std::vector<std::string>& shown, bool gpu) {
  std::set<std::string> want;
  for (const auto& id : shown) {
    const BenchKernel* k = find_kernel(id);
    if (!k) continue;
    want.insert(id);
    if (k->sort != BenchSort::None) want.insert(bench_detail::sort_cub_counterpart(k->sort));
    else if (k->select != BenchSelect::None) want.insert(bench_detail::select_cub_counterpart(k->select));
    else if (id != "copy") want.insert(k->scan ? (k->inclusive ? "cub-scan-inclusive" : "cub-scan") : "cub-reduce");
    want.insert("copy");
  }
  std::vector<std::string> out;
  for (const auto& k : bench_kernels())
    if (want.count(k.id) && (gpu || !k.gpu)) out.push_back(k.id);
  return out;
}

}  // namespace scanscope
