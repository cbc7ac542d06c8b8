// The window's data model (see model.h): edges, padding, heatmap, level alignment, sentences.
#include "model.h"

#include "engine/bank_model.h"
#include "engine/check.h"
#include "engine/format.h"
#include "engine/reference.h"
#include "palette.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <iterator>
#include <map>
#include <sstream>

namespace scanscope {

namespace {

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

}  // namespace

std::vector<TreeEdge> step_edges(const Trace& t, int step) {
  std::vector<TreeEdge> edges;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return edges;
  const Step& s = t.steps[step];
  // Accesses are in program order by thread: walk each thread's run.
  size_t i = 0;
  while (i < s.accesses.size()) {
    size_t j = i;
    const int tid = s.accesses[i].tid;
    while (j < s.accesses.size() && s.accesses[j].tid == tid) ++j;
    int stores = 0;
    for (size_t k = i; k < j; ++k) stores += s.accesses[k].op == kStore;
    std::vector<std::pair<int, double>> loaded;  // distinct words, latest value, in load order
    int last_load = -1;
    for (size_t k = i; k < j; ++k) {
      const Access& a = s.accesses[k];
      if (a.op == kShuffle) {
        // Lane tid receives lane a.word's register (of its own warp) and combines it with its own.
        const int from = a.tid - a.tid % kWarpSize + a.word;
        edges.push_back({from, a.tid, a.tid, false, true});
        if (from != a.tid) edges.push_back({a.tid, a.tid, a.tid, false, true});
        continue;
      }
      if (a.op == kLoad) {
        auto it = std::find_if(loaded.begin(), loaded.end(), [&](auto& p) { return p.first == a.word; });
        if (it == loaded.end()) loaded.push_back({a.word, a.value});
        else it->second = a.value;
        last_load = a.word;
        continue;
      }
      if (loaded.empty()) continue;  // value came from registers or global memory
      if (loaded.size() == 1) {
        edges.push_back({loaded[0].first, a.word, tid, loaded[0].first != a.word});
        continue;
      }
      double last_value = 0;
      for (auto& p : loaded)
        if (p.first == last_load) last_value = p.second;
      const bool is_copy = last_load != a.word && same(last_value, a.value);
      std::vector<double> vals;
      for (auto& p : loaded) vals.push_back(p.second);
      const bool is_comb = same(reference_reduce(vals, t.op, t.type), a.value);
      bool copy = is_copy && (!is_comb || stores > 1);
      if (copy) {
        edges.push_back({last_load, a.word, tid, true});
      } else {
        for (auto& p : loaded) edges.push_back({p.first, a.word, tid, false});
      }
    }
    i = j;
  }
  return edges;
}

std::vector<TreeEdge> tree_edges(const Trace& t, int step) {
  if (step <= 0 || step >= static_cast<int>(t.steps.size())) return step_edges(t, step);
  const Step& prev = t.steps[step - 1];
  bool prev_read_only = !prev.accesses.empty();
  for (const auto& a : prev.accesses)
    if (a.op != kLoad) prev_read_only = false;
  bool cur_has_loads = false;
  for (const auto& a : t.steps[step].accesses)
    if (a.op == kLoad) cur_has_loads = true;
  if (!prev_read_only || cur_has_loads) return step_edges(t, step);
  Trace merged;
  merged.op = t.op;
  merged.type = t.type;
  Step s;
  s.accesses = prev.accesses;
  s.accesses.insert(s.accesses.end(), t.steps[step].accesses.begin(), t.steps[step].accesses.end());
  std::stable_sort(s.accesses.begin(), s.accesses.end(), [](const Access& x, const Access& y) { return x.tid < y.tid; });
  merged.steps.push_back(std::move(s));
  return step_edges(merged, 0);
}

bool has_shuffles(const Trace& t) {
  for (const auto& s : t.steps)
    for (const auto& a : s.accesses)
      if (a.op == kShuffle) return true;
  return false;
}

float value_font_size(float box_w, float box_h, float font_px, float one_line_w, float two_line_w) {
  if (one_line_w <= box_w - 2.0f && box_h >= font_px) return font_px;
  if (two_line_w <= 0 || font_px <= 0) return 0;
  const float size = std::min({font_px, box_h / 2, font_px * (box_w - 2.0f) / two_line_w});
  return size >= std::max(7.0f, 0.5f * font_px) ? size : 0;
}

std::vector<int> changed_words(const Trace& t, int step) {
  std::vector<int> out;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return out;
  const auto& cur = t.steps[step].smem;
  const std::vector<double>* prev = step > 0 ? &t.steps[step - 1].smem : nullptr;
  for (size_t w = 0; w < cur.size(); ++w) {
    double before = prev && w < prev->size() ? (*prev)[w] : NAN;
    if (!same(before, cur[w])) out.push_back(static_cast<int>(w));
  }
  return out;
}

std::vector<int> logical_index_of_words(const Trace& t) {
  int words = t.smem_words;
  for (const auto& s : t.steps) words = std::max(words, static_cast<int>(s.smem.size()));
  std::vector<int> idx(words, -1);
  for (int w = 0; w < words; ++w) idx[w] = t.word_index.empty() ? w : w < static_cast<int>(t.word_index.size()) ? t.word_index[w] : -1;
  return idx;
}

std::vector<bool> padding_slots(const Trace& t) {
  auto idx = logical_index_of_words(t);
  std::vector<bool> pad(idx.size(), false);
  for (size_t w = 0; w < idx.size(); ++w) pad[w] = idx[w] < 0;
  return pad;
}

std::vector<int> tree_rows(const Trace& t) {
  std::vector<int> rows;
  for (int i = 0; i < static_cast<int>(t.steps.size()); ++i) {
    bool changes = false;
    for (const auto& a : t.steps[i].accesses)
      if (a.op != kLoad) changes = true;
    if (changes) rows.push_back(i);
  }
  return rows;
}

int warp_count(const Trace& t) {
  int threads = t.threads;
  for (const auto& s : t.steps)
    for (const auto& a : s.accesses) threads = std::max(threads, a.tid + 1);
  return std::max(1, (threads + kWarpSize - 1) / kWarpSize);
}

Heatmap conflict_heatmap(const Trace& t) {
  Heatmap h;
  h.steps = static_cast<int>(t.steps.size());
  h.warps = warp_count(t);
  h.degree.assign(static_cast<size_t>(h.steps) * h.warps, 0);
  h.shuffled.assign(static_cast<size_t>(h.steps) * h.warps, 0);
  for (int s = 0; s < h.steps; ++s)
    for (const auto& wi : t.steps[s].instructions) {
      if (wi.warp < 0 || wi.warp >= h.warps) continue;
      if (wi.op == kShuffle) {
        h.shuffled[static_cast<size_t>(s) * h.warps + wi.warp] = 1;
        continue;
      }
      int& d = h.degree[static_cast<size_t>(s) * h.warps + wi.warp];
      d = std::max(d, wi.degree);
      h.max_degree = std::max(h.max_degree, d);
    }
  return h;
}

int heat_class(const Heatmap& h, int step, int warp) {
  const int d = h.at(step, warp);
  const size_t i = static_cast<size_t>(step) * h.warps + warp;
  if (d == 0 && i < h.shuffled.size() && h.shuffled[i]) return kShuffleClass;
  return degree_class(d);
}

int step_heat_class(const Step& s) {
  if (s.max_degree > 0) return degree_class(s.max_degree);
  bool shuffles = false, smem = false;
  for (const auto& wi : s.instructions) (wi.op == kShuffle ? shuffles : smem) = true;
  return shuffles && !smem ? kShuffleClass : degree_class(s.max_degree);
}

BankLaneGrid bank_lane_grid(const Trace& t, const Step& s, const WarpInstruction& wi) {
  BankLaneGrid g;
  g.banks = std::max(1, t.banks);
  g.issue = lanes_per_issue(std::max(1, t.warp_issue), wi.width);  // an 8-byte access: a half-warp at a time
  g.width = wi.width;
  g.wavefronts = wi.wavefronts;
  g.conflicts = wi.conflicts;
  g.degree = wi.degree;
  if (wi.op == kShuffle) return g;
  for (int ai : wi.access_index) {
    const int lane = s.accesses[ai].tid % kWarpSize;
    if (std::find(g.lanes.begin(), g.lanes.end(), lane) == g.lanes.end()) g.lanes.push_back(lane);
  }
  std::sort(g.lanes.begin(), g.lanes.end());
  // Per issue (warp, half-warp or quarter-warp): the distinct words asked of each bank.
  std::vector<std::vector<std::vector<int>>> words_in(kWarpSize / g.issue + 1, std::vector<std::vector<int>>(g.banks));
  for (int ai : wi.access_index) {
    const Access& acc = s.accesses[ai];
    auto& v = words_in[(acc.tid % kWarpSize) / g.issue][acc.word % g.banks];
    if (std::find(v.begin(), v.end(), acc.word) == v.end()) v.push_back(acc.word);
  }
  for (int ai : wi.access_index) {
    const Access& acc = s.accesses[ai];
    BankLaneCell c;
    c.lane = acc.tid % kWarpSize;
    c.row = static_cast<int>(std::find(g.lanes.begin(), g.lanes.end(), c.lane) - g.lanes.begin());
    c.bank = acc.word % g.banks;
    c.word = acc.word;
    c.degree = static_cast<int>(words_in[c.lane / g.issue][c.bank].size());
    g.cells.push_back(c);
  }
  return g;
}

int pick_instruction(const Step& s, int warp, int k) {
  const std::vector<int> insts = warp_instructions(s, warp);
  if (insts.empty()) return -1;
  return insts[std::clamp(k, 0, static_cast<int>(insts.size()) - 1)];
}

SmemLines smem_lines(const Trace& t, int step, int words, int selected_warp, int selected_inst, int max_lines) {
  SmemLines out;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return out;
  const Step& s = t.steps[step];
  std::vector<int> all;
  std::map<int, int> per_warp;  // warp -> accesses
  for (int i = 0; i < static_cast<int>(s.accesses.size()); ++i) {
    const Access& a = s.accesses[i];
    if (a.op == kShuffle || a.word < 0 || a.word >= words) continue;
    all.push_back(i);
    ++per_warp[a.tid / kWarpSize];
  }
  out.total = static_cast<int>(all.size());
  if (out.total <= max_lines) {
    out.accesses = std::move(all);
    return out;
  }
  // One warp: the selected one, else the nearest warp that touched shared memory in this step.
  int warp = -1;
  for (const auto& [w, count] : per_warp)
    if (warp < 0 || std::abs(w - selected_warp) < std::abs(warp - selected_warp)) warp = w;
  out.one_warp = per_warp.size() > 1;
  out.warp = warp;
  for (int i : all)
    if (s.accesses[i].tid / kWarpSize == warp) out.accesses.push_back(i);
  const std::string of = std::to_string(out.total) + " accesses; more than " + std::to_string(max_lines) + " lines would hide the cells";
  if (static_cast<int>(out.accesses.size()) > max_lines) {  // still too many: the warp's selected instruction
    const int wi = pick_instruction(s, warp, selected_inst);
    if (wi >= 0 && s.instructions[wi].op != kShuffle) {
      const WarpInstruction& ins = s.instructions[wi];
      out.instruction = wi;
      out.accesses.clear();
      for (int ai : ins.access_index)
        if (s.accesses[ai].word >= 0 && s.accesses[ai].word < words) out.accesses.push_back(ai);
      const int line = ins.site >= 0 && ins.site < static_cast<int>(t.sites.size()) ? t.sites[ins.site].line : 0;
      out.caption = "lines: warp " + std::to_string(warp) + "'s " + (ins.op == kStore ? "store" : "load") + " at line " + std::to_string(line) +
                    " only (the Warps view's instruction), " + std::to_string(out.accesses.size()) + " of " + of;
      out.short_caption = "lines: warp " + std::to_string(warp) + ", line " + std::to_string(line) + " only (" + std::to_string(out.accesses.size()) + " of " +
                          std::to_string(out.total) + ")";
      return out;
    }
  }
  if (out.one_warp) {
    out.caption = "lines: warp " + std::to_string(warp) + " only (pick a warp in the Warps view or on the threads), " + std::to_string(out.accesses.size()) +
                  " of " + of;
    out.short_caption = "lines: warp " + std::to_string(warp) + " only (" + std::to_string(out.accesses.size()) + " of " + std::to_string(out.total) + ")";
  }
  return out;
}

GridWindow grid_window(int rows, int fit, const std::vector<int>& touched_rows, int scroll) {
  GridWindow g;
  g.rows = std::max(0, rows);
  g.count = std::clamp(fit, 1, std::max(1, g.rows));
  if (g.count >= g.rows) {
    g.count = g.rows;
    return g;
  }
  int first = touched_rows.empty() ? 0 : *std::min_element(touched_rows.begin(), touched_rows.end());
  first += scroll;
  g.first = std::clamp(first, 0, g.rows - g.count);
  return g;
}

std::vector<int> labelled_rows(int rows, float row_h, float label_h, int current, int* every) {
  std::vector<int> out;
  int k = row_h >= label_h || row_h <= 0 ? 1 : static_cast<int>(std::ceil(label_h / row_h));
  if (row_h <= 0) k = std::max(1, rows);
  if (every) *every = k;
  for (int i = 0; i < rows; ++i) {
    if (current >= 0 && current < rows && k > 1) {
      if (i == current) {
        out.push_back(i);
        continue;
      }
      if (std::abs(i - current) < k) continue;  // the current row's label takes this place
    }
    if (i % k == 0) out.push_back(i);
  }
  return out;
}

TreeModel tree_model(const Trace& t, int lane_warp) {
  TreeModel m;
  int words = 0;
  for (const auto& st : t.steps) words = std::max(words, static_cast<int>(st.smem.size()));
  m.lanes = has_shuffles(t);
  m.warps = std::max(1, (t.threads + kWarpSize - 1) / kWarpSize);
  if (m.lanes && m.warps > 1 && lane_warp >= 0) m.lane_warp = std::min(lane_warp, m.warps - 1);
  const int lane_base = m.lane_warp >= 0 ? m.lane_warp * kWarpSize : 0;
  // A shuffle's thread: its column, or -1 outside the warp shown.
  auto lane_column = [&](int tid) { return m.lane_warp < 0 ? tid : tid >= lane_base && tid < lane_base + kWarpSize ? tid - lane_base : -1; };
  if (m.lanes) words = std::max(words, m.lane_warp >= 0 ? kWarpSize : t.threads);
  words = std::max(1, words);
  const std::vector<int> steps = tree_rows(t);
  // Which half of the array each row writes (-1: both, or none).
  auto half_written = [&](int step, int half) {
    int h = -1;
    for (const auto& a : t.steps[step].accesses) {
      if (a.op != kStore) continue;
      const int hw = a.word / half;
      if (h >= 0 && hw != h) return -2;
      h = hw;
    }
    return h;
  };
  if (!m.lanes && words % 2 == 0 && steps.size() >= 3) {
    const int half = words / 2;
    bool one_half = true, both = false;
    int prev = -1;
    for (int step : steps) {
      const int h = half_written(step, half);
      if (h < 0 || h > 1) one_half = false;
      if (prev >= 0 && h >= 0 && h != prev) both = true;
      prev = h;
    }
    if (one_half && both) m.folded_half = half;
  }
  m.columns = m.folded_half > 0 ? m.folded_half : words;
  auto column = [&](int word) { return m.folded_half > 0 ? word % m.folded_half : word; };
  for (int step : steps) {
    const Step& st = t.steps[step];
    TreeRow row;
    row.step = step;
    row.label = st.label;
    row.written.assign(m.columns, 0);
    row.values.assign(m.columns, NAN);
    for (TreeEdge e : tree_edges(t, step)) {
      if (e.shuffle) {
        e.from_word = lane_column(e.from_word);
        e.to_word = lane_column(e.to_word);
        if (e.from_word >= 0 && e.to_word >= 0) row.edges.push_back(e);
        continue;
      }
      e.from_word = column(e.from_word);
      e.to_word = column(e.to_word);
      row.edges.push_back(e);
    }
    int half = 0;
    for (const auto& acc : st.accesses)
      if (acc.op == kStore && acc.word < words) {
        row.written[column(acc.word)] = 1;
        half = m.folded_half > 0 ? acc.word / m.folded_half : 0;
      } else if (acc.op == kShuffle && lane_column(acc.tid) >= 0 && lane_column(acc.tid) < words) {
        row.written[lane_column(acc.tid)] = 1;
        row.values[lane_column(acc.tid)] = acc.value;  // the value the lane received (registers hold no other record)
      }
    if (!m.lanes)
      for (int c = 0; c < m.columns; ++c) {
        const int w = half * m.folded_half + c;
        if (w < static_cast<int>(st.smem.size())) row.values[c] = st.smem[w];
      }
    m.rows.push_back(std::move(row));
  }
  if (m.lanes && m.lane_warp >= 0)
    m.notes.push_back("shuffle rows: warp " + std::to_string(m.lane_warp) + "'s lanes (threads " + std::to_string(lane_base) + "-" +
                      std::to_string(lane_base + kWarpSize - 1) + " of " + std::to_string(t.threads) + "), the value each received; W: the next warp");
  else if (m.lanes)
    m.notes.push_back("shuffle rows: columns are lanes, the value each received");
  if (m.folded_half > 0)
    m.notes.push_back("columns: array positions (word k+" + std::to_string(m.folded_half) + " folded onto k)");
  // A compaction's output (the kept values; the trace's output holds them alone, its length the
  // count): the scatter step loads each position's exclusive scan, the output index; position i is
  // kept when the scan steps up after it (the count after the last).
  if (t.check == "compact" && t.n > 0 && static_cast<int>(t.output.size()) <= t.n) {
    int scatter = -1;
    for (int i = 0; i < static_cast<int>(t.steps.size()); ++i)
      if (t.steps[i].phase == Phase::Store) scatter = i;
    if (scatter >= 0) {
      std::vector<double> excl(t.n + 1, NAN);
      std::vector<int> tid_of(t.n, 0);
      for (const auto& a : t.steps[scatter].accesses)
        if (a.op == kLoad && a.word >= 0 && a.word < t.n) {
          excl[a.word] = a.value;
          tid_of[a.word] = a.tid;
        }
      const double count = static_cast<double>(t.output.size());
      excl[t.n] = count;
      TreeRow row;
      row.step = scatter;
      row.output = true;
      row.written.assign(m.columns, 0);
      row.values.assign(m.columns, NAN);
      for (int i = 0; i < t.n; ++i) {
        if (std::isnan(excl[i]) || std::isnan(excl[i + 1]) || excl[i + 1] != excl[i] + 1) continue;
        const int where = static_cast<int>(excl[i]);
        if (where < 0 || where >= m.columns || where >= static_cast<int>(t.output.size())) continue;
        row.edges.push_back({column(i), where, tid_of[i], true});
        row.written[where] = 1;
        row.values[where] = t.output[where];
      }
      row.label = "output (global): " + format_value(count, t.op) + " kept";
      m.rows.push_back(std::move(row));
    }
  }
  return m;
}

int busiest_banks(const BankLaneGrid& g, int rows, int shown) {
  const int banks = std::max(1, g.banks);
  shown = std::clamp(shown, 1, banks);
  std::vector<int> per_bank(banks, 0);
  for (const BankLaneCell& c : g.cells)
    if (c.row < rows && c.bank >= 0 && c.bank < banks) ++per_bank[c.bank];
  int best = 0, best_n = -1;
  for (int first = 0; first + shown <= banks; ++first) {
    int n = 0;
    for (int b = first; b < first + shown; ++b) n += per_bank[b];
    if (n > best_n) best = first, best_n = n;
  }
  return best;
}

std::vector<int> warp_instructions(const Step& s, int warp) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(s.instructions.size()); ++i)
    if (s.instructions[i].warp == warp) out.push_back(i);
  return out;
}

StepTotals step_totals(const Step& s) {
  StepTotals tot;
  for (const auto& wi : s.instructions) {
    if (wi.op == kShuffle) continue;
    ++tot.instructions;
    tot.wavefronts += wi.wavefronts;
    tot.conflicts += wi.conflicts;
  }
  return tot;
}

std::vector<LevelPair> align_levels(const Trace& a, const Trace& b) {
  // Key: (phase, ordinal within the phase). Keep a's order; b's steps without a partner follow
  // the last pair of the same phase.
  auto keys = [](const Trace& t) {
    std::vector<std::pair<int, int>> k;
    std::map<int, int> count;
    for (const auto& s : t.steps) {
      int p = static_cast<int>(s.phase);
      k.push_back({p, count[p]++});
    }
    return k;
  };
  auto ka = keys(a), kb = keys(b);
  std::vector<LevelPair> out;
  std::vector<bool> used(kb.size(), false);
  for (size_t i = 0; i < ka.size(); ++i) {
    LevelPair lp;
    lp.a = static_cast<int>(i);
    lp.label = a.steps[i].label;
    for (size_t j = 0; j < kb.size(); ++j)
      if (!used[j] && kb[j] == ka[i]) {
        lp.b = static_cast<int>(j);
        used[j] = true;
        if (b.steps[j].label != lp.label) lp.label += " | " + b.steps[j].label;
        break;
      }
    out.push_back(lp);
  }
  for (size_t j = 0; j < kb.size(); ++j) {
    if (used[j]) continue;
    LevelPair lp;
    lp.b = static_cast<int>(j);
    lp.label = b.steps[j].label;
    // insert after the last pair whose b index is smaller
    size_t pos = out.size();
    for (size_t k = 0; k < out.size(); ++k)
      if (out[k].b > static_cast<int>(j)) {
        pos = k;
        break;
      }
    out.insert(out.begin() + pos, lp);
  }
  return out;
}

std::string describe_step(const Trace& t, int step) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return "";
  const Step& s = t.steps[step];
  const int active = s.active_threads;
  int loads = 0, stores = 0, shuffles = 0;  // words
  int load_insts = 0, store_insts = 0;        // accesses: a whole float4 is one of 4 words
  int wide_left = 0;
  for (size_t i = 0; i < s.accesses.size(); ++i) {
    const Access& a = s.accesses[i];
    loads += a.op == kLoad;
    stores += a.op == kStore;
    shuffles += a.op == kShuffle;
    const bool same = i > 0 && s.accesses[i - 1].tid == a.tid && s.accesses[i - 1].site == a.site && s.accesses[i - 1].op == a.op;
    if (wide_left > 0 && same) {
      --wide_left;
      continue;
    }
    wide_left = a.site >= 0 && a.site < static_cast<int>(t.sites.size()) ? t.sites[static_cast<size_t>(a.site)].words() - 1 : 0;
    load_insts += a.op == kLoad;
    store_insts += a.op == kStore;
  }
  const std::string who = counted(active, "thread");
  // the verb agrees with `who`; "each" only for several
  auto verb = [&](const std::string& v) { return verb_for(active, v); };
  const std::string each = active == 1 ? " " : " each ";
  const char* op = operator_info(t.op).verb;
  std::ostringstream os;
  switch (s.phase) {
    case Phase::Load:
      if (loads > 0)  // it works on what shared memory holds (e.g. radix sort's flags from its keys)
        os << who << " " << verb("read") << " " << counted(loads, "shared-memory word") << " and " << verb("write") << " " << stores << ".";
      else
        os << who << " " << verb("fill") << " shared memory from the input in global memory (" << counted(stores, "word") << ").";
      break;
    case Phase::Reduce:
      if (stores == 0) os << who << " of the last warp " << verb("read") << " two partials" << (active == 1 ? "" : " each") << " into a register; the write follows after __syncwarp().";
      else if (loads == 0) os << who << " of the last warp " << verb("write") << (active == 1 ? " its" : " their") << " register back to shared memory.";
      else os << who << each << verb(op) << " two partial results and " << verb("store") << " one; " << counted(std::max(0, t.threads - active), "thread")
                << " " << verb_for(std::max(0, t.threads - active), "stay") << " idle.";
      break;
    case Phase::Up:
      os << "Up-sweep: " << who << each << verb(op) << " a left child into its right sibling, building partial sums up the tree.";
      break;
    case Phase::Clear:
      os << "The root (last element) is cleared to the identity: the down-sweep starts from it.";
      break;
    case Phase::Down:
      os << "Down-sweep: " << who << each << verb("pass") << " the right value to the left child (swap) and " << verb("store")
         << " left + right in the right child (add).";
      break;
    case Phase::Scan:
      os << "Each element k >= offset adds element k - offset from the other buffer; the first 'offset' elements copy through.";
      break;
    case Phase::Shuffle:
      os << who << " " << verb("exchange") << " register values between lanes with a warp shuffle (" << counted(shuffles, "lane") << " "
         << verb_for(shuffles, "receive") << ")";
      if (loads + stores == 0) os << ": no shared memory, no bank conflicts.";
      else os << "; the step also reads " << counted(loads, "shared-memory word") << " and writes " << stores << ".";
      break;
    case Phase::Combine:
      os << "Warps hand their totals to each other through shared memory (" << counted(loads, "read") << ", " << counted(stores, "write") << ").";
      break;
    case Phase::Store:
      if (stores > 0)  // a scatter inside shared memory (radix sort)
        os << who << " " << verb("read") << " " << counted(loads, "shared-memory word") << " and " << verb("write") << " " << counted(stores, "word")
         << (stores == 1 ? " to its new place" : " to their new places") << " in shared memory.";
      else if (loads > 0)
        os << who << " " << verb("read") << " the results from shared memory and " << verb("write") << " them to global memory.";
      else
        os << who << " " << verb("move") << " values in global memory, without shared memory.";
      break;
    case Phase::Other:
      os << who << " active: " << counted(load_insts, "shared load") << ", " << counted(store_insts, "store")
         << (shuffles ? ", " + counted(shuffles, "shuffled value") : "") << ".";
      break;
  }
  if (!s.global.empty()) {  // the global model: requests and 32-byte sectors (docs/architecture.md)
    const GlobalTotals& g = s.global_totals;
    const long long req = g.ld.requests + g.st.requests, sec = g.ld.sectors + g.st.sectors;
    if (req > 0) {
      char buf[160];
      std::snprintf(buf, sizeof buf, " Global memory: %s, %s of 32 bytes (%.1f per request).", counted(req, "request").c_str(),
                    counted(sec, "sector").c_str(), static_cast<double>(sec) / static_cast<double>(req));
      os << buf;
    }
  }
  if (!s.hazards.empty()) {
    const Hazard& h = s.hazards.front();
    const Access& a1 = s.accesses[h.first_access];
    const Access& a2 = s.accesses[h.second_access];
    auto verb = [](const Access& a) { return a.op == kStore ? "writes" : "reads"; };
    std::vector<int> words;
    for (const auto& hz : s.hazards)
      if (std::find(words.begin(), words.end(), hz.word) == words.end()) words.push_back(hz.word);
    os << " RACE on " << words.size() << (words.size() == 1 ? " word" : " words") << " (no barrier between the accesses): e.g. thread "
       << h.first_tid << " " << verb(a1) << " word " << h.word << " (line " << (a1.site >= 0 && a1.site < static_cast<int>(t.sites.size()) ? t.sites[a1.site].line : 0)
       << ") and thread " << h.second_tid << " " << verb(a2) << " it (line "
       << (a2.site >= 0 && a2.site < static_cast<int>(t.sites.size()) ? t.sites[a2.site].line : 0) << ") in the same step (" << h.kind
       << "); the result depends on which runs first.";
  }
  if (!s.global_hazards.empty()) {
    const Hazard& h = s.global_hazards.front();
    auto line_of = [&](int access) {
      const int site = s.global[access].site;
      return site >= 0 && site < static_cast<int>(t.sites.size()) ? t.sites[site].line : 0;
    };
    os << " RACE in global memory on " << counted(static_cast<long long>(s.global_hazards.size()), "element") << ": e.g. threads "
       << h.first_tid << " (line " << line_of(h.first_access) << ") and " << h.second_tid << " (line " << line_of(h.second_access)
       << ") both touch " << global_element_name(t, h) << " with no barrier between (" << h.kind
       << "); on a GPU updates are lost: make it one atomic.";
  }
  if (s.max_degree > 1) os << " Worst bank conflict: " << s.max_degree << "-way (one instruction needs " << s.max_degree << " wavefronts).";
  return os.str();
}

bool is_gpu_measurement(const Trace& t) { return t.device.rfind("gpu:", 0) == 0; }

std::string device_badge(const Trace& t) {
  if (is_gpu_measurement(t)) return "GPU: " + t.device.substr(4);
  return "CPU emulator";
}

const std::vector<InputPreset>& input_presets() {
  static const std::vector<InputPreset> kPresets = {
      {"scan paper, Figs. 2-4: [3 1 7 0 4 1 6 3]", "scan-blelloch", "3,1,7,0,4,1,6,3", 0},
      {"primitives tutorial: [1 2 3 4]", "scan-hillis-steele", "1,2,3,4", 0},
      {"primitives tutorial: [2 4 6 8 1 3 5 7]", "reduce-sequential", "2,4,6,8,1,3,5,7", 0},
      {"reduction problem: [5 3 8 1 7 2 9 4]", "reduce-sequential", "5,3,8,1,7,2,9,4", 0},
      {"Demouth's slides: 16 values, 4 threads", "reduce-sequential", "1,4,3,2,8,6,3,2,1,0,3,2,1,3,2,3", 4},
  };
  return kPresets;
}

int panel_index(const std::string& name) {
  for (size_t i = 0; i < std::size(kPanels); ++i)
    if (name == kPanels[i].name) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> default_panels() {
  std::vector<std::string> out;
  for (const PanelInfo& p : kPanels)
    if (p.in_default) out.push_back(p.name);
  return out;
}

std::vector<std::string> parse_panels(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    if (panel_index(item) < 0) throw UsageError("--panels: unknown panel '" + item + "' (accepted: " + panel_name_list() + ")");
    if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
  }
  return out;
}

std::vector<SharedArray> shared_arrays(const Trace& t) {
  // The arrays the kernel named when it carved its shared memory (recorded in the trace).
  std::vector<SharedArray> out;
  for (const auto& a : t.arrays) out.push_back({a.name, a.first_word, a.words});
  return out;
}

SmemLayout smem_layout(const Trace& t) {
  SmemLayout l;
  l.words = t.steps.empty() ? t.smem_words : static_cast<int>(t.steps.front().smem.size());
  const int banks = std::max(1, t.banks);
  l.columns = std::max(1, std::min(banks, std::max(1, l.words)));
  // A matrix only where the one array is the whole of shared memory: several arrays (or one
  // carved from an extern array at an offset) keep the bank rows, where their brackets are drawn.
  if (t.arrays.size() == 1) {
    const SharedArrayInfo& a = t.arrays.front();
    long long product = 1;
    for (int d : a.dims) product *= std::max(0, d);
    // Rows wider than kMaxMatrixColumns words would leave cells too narrow to read: bank rows then.
    if (a.dims.size() >= 2 && a.first_word == 0 && a.words == l.words && product == a.words && a.dims.back() > 0 &&
        a.dims.back() <= kMaxMatrixColumns) {
      l.matrix = true;
      l.columns = a.dims.back();
      l.name = a.name;
      l.dims = a.dims;
    }
  }
  l.rows = std::max(1, (l.words + l.columns - 1) / l.columns);
  return l;
}

std::string SmemLayout::declared() const {
  std::string s = name;
  for (int d : dims) s += "[" + std::to_string(d) + "]";
  return s;
}

std::vector<char> hazard_words(const Step& s, int words) {
  std::vector<char> out(std::max(0, words), 0);
  for (const auto& h : s.hazards)
    if (h.word >= 0 && h.word < words) out[h.word] = 1;
  return out;
}

}  // namespace scanscope
