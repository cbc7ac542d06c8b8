// Bank model (DESIGN.md "Bank model"), verified against Nsight Compute on sm_90 for 4-byte accesses.
#include "engine/bank_model.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace scanscope {

int wavefronts_of(const int* words, int count, int banks) {
  if (count == 0) return 0;
  std::map<int, std::set<int>> per_bank;
  for (int i = 0; i < count; ++i) per_bank[((words[i] % banks) + banks) % banks].insert(words[i]);
  int w = 0;
  for (auto& [bank, set] : per_bank) w = std::max<int>(w, static_cast<int>(set.size()));
  return w;
}

uint32_t active_lanes(const Step& step, int warp) {
  uint32_t mask = 0;
  for (const auto& a : step.accesses)
    if (a.tid / kWarpSize == warp) mask |= 1u << (a.tid % kWarpSize);
  return mask;
}

void find_hazards(Step& step) {
  step.hazards.clear();
  // Per word: the accesses so far, in program order; report the first conflicting pair per word.
  std::map<int, std::vector<int>> by_word;
  for (int i = 0; i < static_cast<int>(step.accesses.size()); ++i)
    if (step.accesses[i].op != kShuffle) by_word[step.accesses[i].word].push_back(i);
  for (auto& [word, list] : by_word) {
    bool found = false;
    for (size_t a = 0; a < list.size() && !found; ++a)
      for (size_t b = a + 1; b < list.size() && !found; ++b) {
        const Access& x = step.accesses[list[a]];
        const Access& y = step.accesses[list[b]];
        if (x.tid == y.tid || (x.op == kLoad && y.op == kLoad)) continue;
        Hazard h;
        h.word = word;
        h.first_tid = x.tid;
        h.second_tid = y.tid;
        h.first_access = list[a];
        h.second_access = list[b];
        h.kind = x.op == kStore ? (y.op == kStore ? "write-after-write" : "read-after-write") : "write-after-read";
        step.hazards.push_back(h);
        found = true;
      }
  }
}

void analyze_banks(Trace& trace) {
  const int banks = trace.banks, issue = trace.warp_issue;
  trace.totals = Totals();
  for (auto& step : trace.steps) {
    step.instructions.clear();
    step.max_degree = 0;
    std::set<int> active;
    // Group accesses into warp-instructions: (warp, site, occurrence) where occurrence counts
    // how often this thread has executed this site earlier in the step.
    std::map<std::pair<int, int>, int> seen;  // (tid, site) -> times seen
    std::map<std::tuple<int, int, int>, WarpInstruction> insts;
    for (int i = 0; i < static_cast<int>(step.accesses.size()); ++i) {
      const Access& a = step.accesses[i];
      active.insert(a.tid);
      int occ = seen[{a.tid, a.site}]++;
      auto key = std::make_tuple(a.tid / kWarpSize, a.site, occ);
      auto it = insts.find(key);
      if (it == insts.end()) {
        WarpInstruction wi;
        wi.warp = a.tid / kWarpSize;
        wi.site = a.site;
        wi.occurrence = occ;
        wi.op = a.op;
        it = insts.emplace(key, wi).first;
      }
      it->second.lanes |= 1u << (a.tid % kWarpSize);
      it->second.access_index.push_back(i);
    }
    step.active_threads = static_cast<int>(active.size());
    find_hazards(step);
    for (auto& [key, wi] : insts) {
      std::sort(wi.access_index.begin(), wi.access_index.end(),
                [&](int x, int y) { return step.accesses[x].tid < step.accesses[y].tid; });
      if (wi.op != kShuffle) {
        // One issue per warp (or per half-warp in G80 mode) that has an active lane.
        for (int first = 0; first < kWarpSize; first += issue) {
          int words[kWarpSize];
          int count = 0;
          for (int idx : wi.access_index) {
            int lane = step.accesses[idx].tid % kWarpSize;
            if (lane >= first && lane < first + issue) words[count++] = step.accesses[idx].word;
          }
          if (count == 0) continue;
          int w = wavefronts_of(words, count, banks);
          wi.wavefronts += w;
          wi.conflicts += w - 1;
          wi.degree = std::max(wi.degree, w);
        }
        step.max_degree = std::max(step.max_degree, wi.degree);
        OpTotals& t = wi.op == kLoad ? trace.totals.ld : trace.totals.st;
        t.inst += 1;
        t.wavefronts += wi.wavefronts;
        t.conflicts += wi.conflicts;
      }
      step.instructions.push_back(std::move(wi));
    }
  }
}

}  // namespace scanscope
