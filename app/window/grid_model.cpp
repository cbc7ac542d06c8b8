// The grid view's data (see grid_model.h).
#include "grid_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

#include "engine/bank_model.h"
#include "engine/format.h"

namespace scanscope {

Trace block_trace(const Trace& grid, int launch, int block) {
  if (!grid.is_grid()) return grid;
  // Every field of the grid's trace but the steps (so a field added to TraceHeader reaches the
  // panels, and the other blocks' steps are not copied), then its grid-wide parts replaced by the
  // block's: its launch, its steps, its shared arrays and totals.
  Trace t;
  static_cast<TraceHeader&>(t) = grid;
  t.launches.clear();
  t.arrays.clear();
  t.word_index.clear();
  t.totals = Totals();
  t.smem_words = 0;
  t.launch.clear();
  if (launch >= 0 && launch < static_cast<int>(grid.launches.size())) {
    t.threads = grid.launches[launch].block;
    t.launch = grid.launches[launch].text;
  }
  for (const Step& s : grid.steps)
    if (s.launch == launch && s.block == block) {
      t.steps.push_back(s);
      t.smem_words = std::max(t.smem_words, static_cast<int>(s.smem.size()));
    }
  if (t.steps.empty()) {  // a block the grid does not have: one empty step, so panels have a step
    Step s;
    s.label = "no such block";
    t.steps.push_back(s);
  }
  for (const auto& a : grid.arrays)
    if (a.first_word + a.words <= t.smem_words) t.arrays.push_back(a);
  if (t.smem_words == static_cast<int>(grid.word_index.size())) t.word_index = grid.word_index;
  analyze_banks(t);
  analyze_global(t);
  return t;
}

GridPlace grid_place(const Trace& grid, int step) {
  GridPlace p;
  if (step < 0 || step >= static_cast<int>(grid.steps.size())) return p;
  p.launch = grid.steps[step].launch;
  p.block = grid.steps[step].block;
  for (int s = step - 1; s >= 0 && grid.steps[s].launch == p.launch && grid.steps[s].block == p.block; --s) ++p.step_in_block;
  return p;
}

int grid_step(const Trace& grid, int launch, int block, int step_in_block) {
  int k = 0;
  for (int s = 0; s < static_cast<int>(grid.steps.size()); ++s)
    if (grid.steps[s].launch == launch && grid.steps[s].block == block && k++ == step_in_block) return s;
  return -1;
}

int next_block_step(const Trace& grid, int launch, int block) {
  bool inside = false;
  for (int s = 0; s < static_cast<int>(grid.steps.size()); ++s) {
    const bool mine = grid.steps[s].launch == launch && grid.steps[s].block == block;
    if (mine) inside = true;
    else if (inside) return s;
  }
  return -1;
}

int previous_block_step(const Trace& grid, int launch, int block) {
  for (int s = 0; s < static_cast<int>(grid.steps.size()); ++s)
    if (grid.steps[s].launch == launch && grid.steps[s].block == block) return s - 1;
  return -1;
}

std::vector<GridStage> grid_stages(const Trace& grid) {
  std::vector<GridStage> out;
  const size_t arrays = grid.global_arrays.size();
  for (size_t l = 0; l < grid.launches.size(); ++l) {
    GridStage g;
    g.launch = static_cast<int>(l);
    g.text = grid.launches[l].text;
    g.grid = grid.launches[l].grid;
    g.block = grid.launches[l].block;
    g.spans.assign(static_cast<size_t>(g.grid), std::vector<BlockSpan>(arrays));
    out.push_back(std::move(g));
  }
  auto widen = [](int& first, int& last, int i) {
    first = first < 0 ? i : std::min(first, i);
    last = std::max(last, i);
  };
  for (const Step& s : grid.steps) {
    if (s.launch < 0 || s.launch >= static_cast<int>(out.size()) || s.block < 0 || s.block >= out[s.launch].grid) continue;
    std::vector<BlockSpan>& spans = out[s.launch].spans[s.block];
    for (const GlobalAccess& a : s.global) {
      if (a.array < 0 || a.array >= static_cast<int>(arrays)) continue;
      BlockSpan& b = spans[a.array];
      if (a.op == kLoad) widen(b.read_first, b.read_last, a.index);
      else widen(b.write_first, b.write_last, a.index);
    }
  }
  return out;
}

namespace {

// The global arrays before the first launch, then every store and atomic of the steps for which
// `take(step)` holds, in order.
template <class Take>
std::vector<std::vector<double>> replay_arrays(const Trace& grid, Take take) {
  std::vector<std::vector<double>> a;
  for (size_t i = 0; i < grid.global_arrays.size(); ++i) {
    const int count = grid.global_arrays[i].count;
    if (i == 0) a.push_back(std::vector<double>(grid.input.begin(), grid.input.begin() + std::min<size_t>(grid.input.size(), count)));
    else a.push_back(std::vector<double>(static_cast<size_t>(count), i == 1 ? std::numeric_limits<double>::quiet_NaN() : 0.0));
    a.back().resize(static_cast<size_t>(count), 0.0);
  }
  for (size_t i = 0; i < grid.steps.size(); ++i) {
    const Step& s = grid.steps[i];
    if (!take(static_cast<int>(i), s)) break;
    for (const GlobalAccess& g : s.global)
      if (g.op != kLoad && g.array >= 0 && g.array < static_cast<int>(a.size()) && g.index >= 0 &&
          g.index < static_cast<int>(a[g.array].size()))
        a[g.array][g.index] = g.value;
  }
  return a;
}

}  // namespace

std::vector<std::vector<double>> arrays_after(const Trace& grid, int launch) {
  return replay_arrays(grid, [&](int, const Step& s) { return s.launch <= launch; });
}

std::vector<std::vector<double>> arrays_at_step(const Trace& grid, int step) {
  return replay_arrays(grid, [&](int i, const Step&) { return i <= step; });
}

StepGlobalView step_global_view(const Trace& grid, int step, int inst) {
  StepGlobalView v;
  for (const auto& g : grid.global_arrays) v.touched.emplace_back(static_cast<size_t>(std::max(0, g.count)), 0);
  if (step < 0 || step >= static_cast<int>(grid.steps.size())) return v;
  const Step& s = grid.steps[step];
  for (const GlobalAccess& a : s.global)
    if (a.array >= 0 && a.array < static_cast<int>(v.touched.size()) && a.index >= 0 && a.index < static_cast<int>(v.touched[a.array].size()))
      v.touched[a.array][a.index] |= a.op == kLoad ? 1 : 2;
  v.requests = static_cast<int>(s.global_totals.ld.requests + s.global_totals.st.requests);
  v.sectors = static_cast<int>(s.global_totals.ld.sectors + s.global_totals.st.sectors);
  if (!s.global_instructions.empty()) {  // `inst` clamped, as the code panel's current_global_site does
    const GlobalInstruction& gi = s.global_instructions[std::clamp(inst, 0, static_cast<int>(s.global_instructions.size()) - 1)];
    std::set<std::pair<int, int>> sectors;
    for (int idx : gi.access_index) sectors.insert({s.global[idx].array, s.global[idx].index >> 3});
    v.inst_sectors.assign(sectors.begin(), sectors.end());
    v.inst_lanes = __builtin_popcount(gi.lanes);
    const int line = gi.site >= 0 && gi.site < static_cast<int>(grid.sites.size()) ? grid.sites[gi.site].line : 0;
    v.inst_text = "warp " + std::to_string(gi.warp) + ", " + (gi.op == kLoad ? "ld" : gi.op == kStore ? "st" : "atomic") + " at line " +
                  std::to_string(line) + ": " + counted(v.inst_lanes, "lane") + ", " + counted(gi.sectors, "sector");
  }
  return v;
}

std::vector<std::vector<std::vector<ProducerRead>>> producer_reads(const Trace& grid) {
  std::vector<std::vector<std::vector<ProducerRead>>> out;
  for (const LaunchInfo& l : grid.launches) out.emplace_back(static_cast<size_t>(std::max(0, l.grid)));
  if (out.empty()) out.emplace_back(1);
  std::vector<std::vector<std::pair<int, int>>> writer;  // [array][element] -> (launch, block); (-1, -1): none yet
  for (const auto& a : grid.global_arrays) writer.emplace_back(static_cast<size_t>(std::max(0, a.count)), std::make_pair(-1, -1));
  std::set<std::tuple<int, int, int, int>> counted;  // (reader launch, reader block, array, element) already counted
  for (const Step& s : grid.steps) {
    if (s.launch < 0 || s.launch >= static_cast<int>(out.size()) || s.block < 0 || s.block >= static_cast<int>(out[s.launch].size()))
      continue;
    std::vector<ProducerRead>& mine = out[s.launch][s.block];
    for (const GlobalAccess& a : s.global) {
      if (a.array < 0 || a.array >= static_cast<int>(writer.size()) || a.index < 0 || a.index >= static_cast<int>(writer[a.array].size()))
        continue;
      std::pair<int, int>& w = writer[a.array][a.index];
      if (a.op != kStore && w.first >= 0 && w != std::make_pair(s.launch, s.block)) {
        auto it = std::find_if(mine.begin(), mine.end(), [&](const ProducerRead& p) { return p.launch == w.first && p.block == w.second; });
        if (it == mine.end()) {
          ProducerRead p;
          p.launch = w.first, p.block = w.second;
          mine.push_back(p);
          it = mine.end() - 1;
        }
        if (counted.insert({s.launch, s.block, a.array, a.index}).second) {
          ++it->words;
          if (it->first.size() < 3) it->first.push_back({a.array, a.index, a.value});
        }
      }
      if (a.op != kLoad) w = {s.launch, s.block};
    }
  }
  return out;
}

std::string producer_read_text(const Trace& grid, const ProducerRead& p) {
  std::string out;
  const size_t shown = std::min<size_t>(2, p.first.size());
  for (size_t i = 0; i < shown; ++i) {
    const ProducerWord& w = p.first[i];
    const std::string name = w.array >= 0 && w.array < static_cast<int>(grid.global_arrays.size()) ? grid.global_arrays[w.array].name : "?";
    out += (i ? ", " : "") + name + "[" + std::to_string(w.index) + "] = " + format_value(w.value, grid.op);
  }
  const int more = p.words - static_cast<int>(shown);
  if (more > 0) out += " and " + counted(more, "more word");
  return out;
}

TrafficPicture traffic_picture(const Trace& t) {
  TrafficPicture p;
  p.n = t.n;
  for (const auto& a : t.global_arrays) {
    p.arrays.push_back(a.name);
    p.counts.push_back(a.count);
  }
  const size_t arrays = p.arrays.size();
  p.array_ld.assign(arrays, 0.0);
  p.array_st.assign(arrays, 0.0);
  const std::vector<LaunchTraffic> traffic = launch_traffic(t);
  for (size_t l = 0; l < traffic.size(); ++l) {
    const LaunchTraffic& lt = traffic[l];
    TrafficRow r;
    const std::string entry = l < t.launches.size() ? t.launches[l].entry : std::string();
    r.name = std::to_string(l + 1) + (entry.empty() ? "" : ": " + entry);
    r.ld_bytes = bytes_per_element(lt.totals.ld.sectors, t.n);
    r.st_bytes = bytes_per_element(lt.totals.st.sectors, t.n);
    for (size_t a = 0; a < arrays && a < lt.arrays.size(); ++a) {
      r.array_ld.push_back(bytes_per_element(lt.arrays[a].ld_sectors, t.n));
      r.array_st.push_back(bytes_per_element(lt.arrays[a].st_sectors, t.n));
      p.array_ld[a] += r.array_ld.back();
      p.array_st[a] += r.array_st.back();
    }
    r.array_ld.resize(arrays, 0.0);
    r.array_st.resize(arrays, 0.0);
    p.ld_sectors += lt.totals.ld.sectors;
    p.st_sectors += lt.totals.st.sectors;
    p.launches.push_back(std::move(r));
  }
  p.ld_bytes = bytes_per_element(p.ld_sectors, t.n);
  p.st_bytes = bytes_per_element(p.st_sectors, t.n);
  return p;
}

std::vector<std::string> traffic_array_lines(const TrafficPicture& p) {
  auto line = [](const std::string& name, double ld, double st) {
    std::string out = name + ":";
    if (ld > 0) out += " read " + bytes_per_element_text(ld);
    if (st > 0) out += std::string(ld > 0 ? "," : "") + " written " + bytes_per_element_text(st);
    return out;
  };
  std::vector<std::string> out;
  std::string small_names;
  double small_ld = 0, small_st = 0;
  for (size_t a = 0; a < p.arrays.size() && a < p.array_ld.size() && a < p.array_st.size(); ++a) {
    const double ld = p.array_ld[a], st = p.array_st[a];
    if (!(ld > 0) && !(st > 0)) continue;
    if (a < p.counts.size() && p.counts[a] < p.n) {
      small_names += (small_names.empty() ? "" : ", ") + p.arrays[a];
      small_ld += ld, small_st += st;
    } else {
      out.push_back(line(p.arrays[a], ld, st));
    }
  }
  if (!small_names.empty()) out.push_back(line(small_names, small_ld, small_st));
  return out;
}

}  // namespace scanscope
