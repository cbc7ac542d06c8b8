// Bank model (docs/architecture.md, "The bank model"), verified against Nsight Compute on sm_90
// (docs/validation.md).
#include "engine/bank_model.h"

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <iterator>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace scanscope {

int bank_of(int word, int banks) {
  banks = std::max(1, banks);
  return ((word % banks) + banks) % banks;
}

int wavefronts_of(const int* words, int count, int banks) {
  if (count == 0) return 0;
  // The (bank, word) pairs in order: the most distinct words of one bank. On the stack for a warp
  // instruction's lanes, not a map of sets that allocated a node per bank and word on every call.
  std::pair<int, int> on_stack[128];
  std::vector<std::pair<int, int>> on_heap;
  std::pair<int, int>* p = on_stack;
  if (count > 128) {
    on_heap.resize(count);
    p = on_heap.data();
  }
  for (int i = 0; i < count; ++i) p[i] = {bank_of(words[i], banks), words[i]};
  std::sort(p, p + count);
  int w = 0, run = 0;
  for (int i = 0; i < count; ++i) {
    if (i == 0 || p[i].first != p[i - 1].first) run = 1;
    else if (p[i].second != p[i - 1].second) ++run;
    w = std::max(w, run);
  }
  return w;
}

std::string source_position(const Trace& t, int site) {
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return "site " + std::to_string(site);
  const SourceSite& s = t.sites[site];
  const std::string file = s.file >= 0 && s.file < static_cast<int>(t.files.size()) ? t.files[s.file] : "?";
  return file + ":" + std::to_string(s.line) + ":" + std::to_string(s.col);
}

uint32_t active_lanes(const Step& step, int warp) {
  uint32_t mask = 0;
  for (const auto& a : step.accesses)
    if (a.tid / kWarpSize == warp) mask |= 1u << (a.tid % kWarpSize);
  return mask;
}

namespace {

// The first conflicting pair among one word's accesses, given in program order by `list`: the
// earliest x that conflicts with a later access, and the earliest such y (indices into `list`).
// Two accesses conflict when their threads differ and they are not both loads nor both atomics.
// Found in one pass from the end (a thread's 10^6 accesses of one word must not take 10^12
// comparisons): for each kind of partner x may take (not a load, not an atomic, any), the earliest
// later access of that kind and the earliest one of another thread than that one; one of the two
// is x's earliest partner.
template <class Of>
bool first_conflict(const std::vector<int>& list, Of of, int* found_a, int* found_b) {
  struct Earliest {
    int first = -1, other = -1;  // indices into list; other's thread differs from first's
  };
  Earliest kinds[3];  // 0: not a load, 1: not an atomic, 2: any
  auto kind_of_partner = [&](AccessOp op) { return op == kLoad ? 0 : op == kAtomic ? 1 : 2; };
  auto fits = [](int kind, AccessOp op) { return kind == 2 || (kind == 0 ? op != kLoad : op != kAtomic); };
  *found_a = *found_b = -1;
  for (int a = static_cast<int>(list.size()) - 1; a >= 0; --a) {
    const auto& x = of(list[a]);
    const Earliest& e = kinds[kind_of_partner(x.op)];
    const int b = e.first >= 0 && of(list[e.first]).tid != x.tid ? e.first : e.other;
    if (b >= 0) {
      *found_a = a;
      *found_b = b;
    }
    for (int k = 0; k < 3; ++k) {
      if (!fits(k, x.op)) continue;
      Earliest& ek = kinds[k];
      if (ek.first >= 0 && of(list[ek.first]).tid != x.tid) ek.other = ek.first;
      ek.first = a;  // (when the old first was x's thread's, other stays: another thread's than x)
    }
  }
  return *found_a >= 0;
}

// first_conflict when barriers of tiles of several warps order some of the accesses (their
// tile_syncs, trace.h): two accesses conflict when first_conflict says so and no tile barrier
// orders them. The accesses form groups (threads of one tile of 64, the same tile_syncs): within a
// group none is ordered, and between two groups either every pair or none (tile_ordered). The
// first pair is the first among the pairs of groups that may conflict, each searched by
// first_conflict over the two groups' accesses.
template <class Of>
bool first_unordered_conflict(const std::vector<int>& list, Of of, int* found_a, int* found_b) {
  bool tiles = false;
  for (int i : list)
    if (of(i).tile_syncs != TileSyncs{}) {
      tiles = true;
      break;
    }
  if (!tiles) return first_conflict(list, of, found_a, found_b);
  struct Group {
    int tid;  // a thread of it (its tile of 64)
    TileSyncs syncs;
    std::vector<int> at;  // positions in list, in order
    bool load = false, store = false, atomic = false;
  };
  std::vector<Group> groups;
  std::map<std::pair<int, TileSyncs>, int> index;
  for (int k = 0; k < static_cast<int>(list.size()); ++k) {
    const auto& x = of(list[k]);
    auto [it, added] = index.try_emplace({x.tid >> 6, x.tile_syncs}, static_cast<int>(groups.size()));
    if (added) groups.push_back({x.tid, x.tile_syncs, {}});
    Group& g = groups[static_cast<size_t>(it->second)];
    g.at.push_back(k);
    (x.op == kLoad ? g.load : x.op == kAtomic ? g.atomic : g.store) = true;
  }
  auto may_conflict = [](const Group& g, const Group& h) {
    const bool g_any = g.load || g.store || g.atomic, h_any = h.load || h.store || h.atomic;
    return (g.store && h_any) || (h.store && g_any) || (g.atomic && h.load) || (h.atomic && g.load);
  };
  std::vector<std::pair<int, int>> pairs;  // groups (g <= h) whose accesses are not ordered
  for (int g = 0; g < static_cast<int>(groups.size()); ++g)
    for (int h = g; h < static_cast<int>(groups.size()); ++h) {
      const Group &x = groups[static_cast<size_t>(g)], &y = groups[static_cast<size_t>(h)];
      if (g != h && ((x.tid >> 6) == (y.tid >> 6) || tile_ordered(x.tid, x.syncs, y.tid, y.syncs))) continue;
      if (may_conflict(x, y)) pairs.push_back({g, h});
    }
  // groups are numbered in order of their first access: pairs by their first access
  std::stable_sort(pairs.begin(), pairs.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
  *found_a = *found_b = -1;
  std::vector<int> sub, pos;
  for (const auto& [g, h] : pairs) {
    const Group &x = groups[static_cast<size_t>(g)], &y = groups[static_cast<size_t>(h)];
    if (*found_a >= 0 && x.at.front() > *found_a) break;  // every pair of these begins later
    pos.clear();
    if (g == h) pos = x.at;
    else std::merge(x.at.begin(), x.at.end(), y.at.begin(), y.at.end(), std::back_inserter(pos));
    sub.clear();
    for (int k : pos) sub.push_back(list[static_cast<size_t>(k)]);
    int a, b;
    if (!first_conflict(sub, of, &a, &b)) continue;
    const int pa = pos[static_cast<size_t>(a)], pb = pos[static_cast<size_t>(b)];
    if (*found_a < 0 || std::tie(pa, pb) < std::tie(*found_a, *found_b)) {
      *found_a = pa;
      *found_b = pb;
    }
  }
  return *found_a >= 0;
}

template <class A>
Hazard hazard_of(const A& x, const A& y, int word, int first, int second) {
  Hazard h;
  for (int k = kTileLevels - 1; k >= 0 && !h.tile; --k)
    if (x.tile_syncs[static_cast<size_t>(k)] || y.tile_syncs[static_cast<size_t>(k)]) h.tile = 64 << k;
  h.word = word;
  h.first_tid = x.tid;
  h.second_tid = y.tid;
  h.first_access = first;
  h.second_access = second;
  const bool x_writes = x.op == kStore || x.op == kAtomic, y_writes = y.op == kStore || y.op == kAtomic;
  h.kind = x_writes ? (y_writes ? "write-after-write" : "read-after-write") : "write-after-read";
  return h;
}

}  // namespace

void find_hazards(Step& step) {
  step.hazards.clear();
  // Byte stores are byte-granular on the GPU: a word that 1- or 2-byte accesses touch (Access::mask)
  // is looked at byte by byte (the accesses of each of its bytes), and reported once, at its first
  // byte with a conflicting pair; two threads writing different bytes of one word do not race.
  std::map<int, std::vector<int>> by_word;
  std::map<int, bool> partial;  // words some access touches only part of
  for (int i = 0; i < static_cast<int>(step.accesses.size()); ++i)
    if (step.accesses[i].op != kShuffle) {
      by_word[step.accesses[i].word].push_back(i);
      if (step.accesses[i].mask) partial[step.accesses[i].word] = true;
    }
  std::vector<std::pair<int, std::vector<int>>> lists;  // (word, its accesses), one list per byte for a partial word
  for (auto& [word, list] : by_word) {
    if (!partial.count(word)) {
      lists.emplace_back(word, std::move(list));
      continue;
    }
    for (int b = 0; b < 4; ++b) {
      std::vector<int> of_byte;
      for (int i : list)
        if (!step.accesses[i].mask || (step.accesses[i].mask >> b & 1)) of_byte.push_back(i);
      if (!of_byte.empty()) lists.emplace_back(word, std::move(of_byte));
    }
  }
  auto of = [&](int i) -> const Access& { return step.accesses[i]; };
  int last_word = -1;
  for (auto& [word, list] : lists) {
    if (word == last_word) continue;  // this word's race is reported already (at an earlier byte)
    int a, b;
    if (!first_unordered_conflict(list, of, &a, &b)) continue;
    step.hazards.push_back(hazard_of(of(list[a]), of(list[b]), word, list[a], list[b]));
    last_word = word;
  }
}

void find_global_hazards(Step& step) {
  step.global_hazards.clear();
  // As find_hazards: a word that 1- or 2-byte accesses touch is looked at byte by byte.
  std::map<std::pair<int, int>, std::vector<int>> by_element;
  std::set<std::pair<int, int>> partial;
  for (int i = 0; i < static_cast<int>(step.global.size()); ++i) {
    by_element[{step.global[i].array, step.global[i].index}].push_back(i);
    if (step.global[i].mask) partial.insert({step.global[i].array, step.global[i].index});
  }
  auto of = [&](int i) -> const GlobalAccess& { return step.global[i]; };
  for (auto& [element, list] : by_element) {
    for (int byte = 0; byte < (partial.count(element) ? 4 : 1); ++byte) {
      std::vector<int> of_byte;
      for (int i : list)
        if (!partial.count(element) || !step.global[i].mask || (step.global[i].mask >> byte & 1)) of_byte.push_back(i);
      int a, b;
      if (!first_unordered_conflict(of_byte, of, &a, &b)) continue;
      Hazard h = hazard_of(of(of_byte[a]), of(of_byte[b]), element.second, of_byte[a], of_byte[b]);
      h.array = element.first;
      step.global_hazards.push_back(h);
      break;  // one per word
    }
  }
}

int lanes_per_issue(int warp_issue, int width) { return std::max(1, std::min(warp_issue, kWarpSize / std::max(1, width))); }

namespace {

// Wavefronts of one warp-instruction. A 4-byte access: per issue group of lanes (the warp; a
// half-warp in G80 mode), the most distinct words one bank serves. A wider access is served by
// segments of 128 bytes of requests, 32 / width lanes each (a half-warp for 8-byte accesses, a
// quarter-warp for 16-byte ones), each taking the most distinct words one bank serves in it; but
// the two segments of a pair (the warp's halves for 8 bytes, a half-warp's quarters for 16) share
// one wavefront when together they ask at most one word of each bank and at most 32 words counted
// segment by segment (a broadcast: every lane of a half-warp loading the same float4 takes one
// wavefront, not two). Measured with Nsight Compute on an H200 (docs/validation.md, vector types):
// contiguous, strided, broadcast and paired patterns of LDS.64 and LDS.128. The pair is a load's
// only: a store's segments take their wavefronts each (an STS.64 of lanes 8-15 and 24-31, `if (t &
// 8)`, 16 words of distinct banks in each half-warp, takes 2 wavefronts, no conflict: measured on
// an H100 in runs 20261202-07 of the generator, docs/validation.md, 2026-12-08; the 16-byte store
// is taken alike, not yet measured).
void count_wavefronts(const Step& step, WarpInstruction& wi, int banks, int issue) {
  const int width = std::max(1, wi.width);
  const int group = lanes_per_issue(issue, width);
  const int groups = kWarpSize / group;
  std::vector<std::vector<int>> words(static_cast<size_t>(groups));
  for (int idx : wi.access_index) {
    const int lane = step.accesses[idx].tid % kWarpSize;
    words[static_cast<size_t>(lane / group)].push_back(step.accesses[idx].word);
  }
  auto add = [&](int w) {
    wi.wavefronts += w;
    wi.conflicts += w - 1;
    wi.degree = std::max(wi.degree, w);
  };
  auto distinct = [](std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return static_cast<int>(std::unique(v.begin(), v.end()) - v.begin());
  };
  // (not in G80 mode, whose half-warps issue alone; not for stores)
  const bool pairs = width > 1 && issue == kWarpSize && wi.op == kLoad;
  for (int g = 0; g < groups; g += pairs ? 2 : 1) {
    const std::vector<int>& a = words[static_cast<size_t>(g)];
    if (pairs && g + 1 < groups && !a.empty() && !words[static_cast<size_t>(g + 1)].empty()) {
      const std::vector<int>& b = words[static_cast<size_t>(g + 1)];
      std::vector<int> both = a;
      both.insert(both.end(), b.begin(), b.end());
      if (wavefronts_of(both.data(), static_cast<int>(both.size()), banks) == 1 && distinct(a) + distinct(b) <= banks) {
        add(1);
        continue;
      }
    }
    for (int k = g; k < std::min(groups, g + (pairs ? 2 : 1)); ++k) {
      const std::vector<int>& v = words[static_cast<size_t>(k)];
      if (!v.empty()) add(wavefronts_of(v.data(), static_cast<int>(v.size()), banks));
    }
  }
}

}  // namespace

namespace {

struct UnrollShape {
  size_t main = 0, end = 0;  // the main part: plan[main] its loop, plan[main + 1, end) its blocks
  int M = 0, K = 0;
};

bool unroll_shape(const std::vector<int>& plan, UnrollShape* u) {
  size_t m = 0;
  while (m < plan.size() && plan[m] >= -1) ++m;
  if (m == plan.size()) return false;
  u->main = m;
  u->M = u->K = -plan[m];
  u->end = m + 1;
  while (u->end < plan.size() && plan[u->end] > 0 && plan[u->end] * 2 == u->K) u->K = plan[u->end++];
  // the last of them may be a loop: ptxas's `while (c > 0)` over what is left, which the blocks
  // above leave below its size, so that it runs once at most (a grid-stride load: 16, 8, then 4
  // as a loop, then the remainder)
  if (u->end < plan.size() && plan[u->end] < -1 && plan[u->end] * -2 == u->K) u->K = -plan[u->end++];
  return u->M <= 256;
}

}  // namespace

int in_order_run(const std::vector<int>& words, size_t from, int widest) {
  for (int len = widest; len > 1; len /= 2) {
    if (len > 16 || from + static_cast<size_t>(len) > words.size()) continue;
    int run[16];  // (a vector access is at most 4 words: no allocation per access)
    std::copy(words.begin() + static_cast<long>(from), words.begin() + static_cast<long>(from) + len, run);
    std::sort(run, run + len);
    bool block = run[0] % len == 0;
    for (int i = 1; i < len && block; ++i) block = run[i] == run[0] + i;
    if (block) return len;
  }
  return 1;
}

bool layout_cover(const std::vector<int>& words, const std::vector<LayoutInstruction>& layout, bool load, std::vector<std::vector<int>>* out) {
  out->clear();
  if (words.empty() || layout.empty()) return false;
  std::map<int, int> index;  // word -> its index in the round
  for (size_t i = 0; i < words.size(); ++i)
    if (!index.emplace(words[i], static_cast<int>(i)).second) return false;  // a word twice in one round: not placed
  std::vector<int> regs;
  for (const auto& l : layout) {
    if (l.bytes < 4 || l.bytes % 4 != 0 || l.offset % 4 != 0) return false;
    if (std::find(regs.begin(), regs.end(), l.reg) == regs.end()) regs.push_back(l.reg);
  }
  // each register's possible bases: a word of the round such that its instructions' words all are
  // the round's, each wide one on an address aligned to its size
  std::vector<std::vector<long long>> bases(regs.size());
  long long product = 1;
  for (size_t r = 0; r < regs.size(); ++r) {
    long long first = 0;
    for (const auto& l : layout)
      if (l.reg == regs[r]) {
        first = l.offset / 4;
        break;
      }
    for (const auto& [w, i] : index) {
      const long long b = w - first;
      bool fits = true;
      for (const auto& l : layout) {
        if (l.reg != regs[r] || !fits) continue;
        const long long at = b + l.offset / 4;
        fits = at >= 0 && (at * 4) % l.bytes == 0;
        for (int k = 0; k < l.bytes / 4 && fits; ++k) fits = index.count(static_cast<int>(at + k)) > 0;
      }
      if (fits) bases[r].push_back(b);
    }
    if (bases[r].empty()) return false;
    product *= static_cast<long long>(bases[r].size());
    if (product > 100000) return false;
  }
  // the choices of bases that cover every word (a store's each once): exactly one
  std::vector<long long> pick(regs.size());
  std::vector<std::vector<long long>> solutions;
  std::vector<int> covered(words.size(), 0);
  auto mark = [&](size_t r, int d) {
    bool ok = true;
    for (const auto& l : layout)
      if (l.reg == regs[r])
        for (int k = 0; k < l.bytes / 4; ++k) {
          int& c = covered[static_cast<size_t>(index.at(static_cast<int>(pick[r] + l.offset / 4 + k)))];
          c += d;
          ok = ok && (load || c <= 1);
        }
    return ok;
  };
  auto search = [&](auto&& self, size_t r) -> void {
    if (solutions.size() > 64) return;
    if (r == regs.size()) {
      if (std::all_of(covered.begin(), covered.end(), [](int c) { return c > 0; })) solutions.push_back(pick);
      return;
    }
    for (long long b : bases[r]) {
      pick[r] = b;
      if (mark(r, 1)) self(self, r + 1);
      mark(r, -1);
    }
  };
  search(search, 0);
  if (solutions.size() > 1 && solutions.size() <= 64) {
    // A register whose words the others load too (ptxas loaded them again, the address computed
    // again in another register): where its base may be any of several, the one at another
    // register's base, the same address (R14 = R8 * 12 + R8 * 4 + R0 beside R13 = R8 * 16 + R0).
    auto same_address = [&](const std::vector<long long>& sol) {
      for (size_t r = 0; r < regs.size(); ++r) {
        std::vector<int> others(words.size(), 0);
        for (size_t q = 0; q < regs.size(); ++q)
          if (q != r)
            for (const auto& l : layout)
              if (l.reg == regs[q])
                for (int k = 0; k < l.bytes / 4; ++k) ++others[static_cast<size_t>(index.at(static_cast<int>(sol[q] + l.offset / 4 + k)))];
        if (!std::all_of(others.begin(), others.end(), [](int c) { return c > 0; })) continue;  // not only reloads
        bool at_other = false;
        for (size_t q = 0; q < regs.size(); ++q) at_other = at_other || (q != r && sol[q] == sol[r]);
        if (!at_other) return false;
      }
      return true;
    };
    solutions.erase(std::remove_if(solutions.begin(), solutions.end(), [&](const auto& sol) { return !same_address(sol); }), solutions.end());
  }
  if (solutions.size() != 1) return false;
  const std::vector<long long>& found = solutions[0];
  for (const auto& l : layout) {
    const long long b = found[static_cast<size_t>(std::find(regs.begin(), regs.end(), l.reg) - regs.begin())];
    std::vector<int> mine;
    for (int k = 0; k < l.bytes / 4; ++k) mine.push_back(index.at(static_cast<int>(b + l.offset / 4 + k)));
    out->push_back(mine);
  }
  return true;
}

bool unrolled_shape(const std::vector<int>& plan) {
  UnrollShape u;
  if (plan.size() < 2 || !unroll_shape(plan, &u)) return false;
  // the remainder: before or after the main part, a loop of one copy or K - 1 blocks of one copy
  const std::vector<int> before(plan.begin(), plan.begin() + static_cast<long>(u.main)), after(plan.begin() + static_cast<long>(u.end), plan.end());
  if (!before.empty() && !after.empty()) return false;
  const std::vector<int>& r = before.empty() ? after : before;
  if (r.empty() || r == std::vector<int>{-1}) return true;
  return static_cast<int>(r.size()) == u.K - 1 && std::all_of(r.begin(), r.end(), [](int c) { return c == 1; });
}

int unrolled_slot(const std::vector<int>& plan, int n, int k) {
  UnrollShape u;
  if (n < 0 || k < 0 || k >= n || !unroll_shape(plan, &u)) return -1;
  const int rem = n % u.K, main_n = n - rem, rest = main_n % u.M;
  int pos = 0, rem_block = 0;
  for (size_t s = 0; s < plan.size(); ++s) {
    const int copies = std::abs(plan[s]);
    int runs;
    if (s < u.main || s >= u.end) runs = plan[s] == -1 ? rem : (rem_block++ < rem ? 1 : 0);
    else if (s == u.main) runs = main_n / u.M;
    else runs = (rest / u.K) & (copies / u.K) ? 1 : 0;
    if (k < pos + runs * copies) {
      const int iter = (k - pos) / copies, copy = (k - pos) % copies;
      if (iter >= 1 << 15 || s >= 64) return -1;
      return static_cast<int>(s << 24) | iter << 8 | copy;
    }
    pos += runs * copies;
  }
  return -1;
}

namespace {

// The gate sites of the trace's gated loads (SourceSite::gated) that each thread executes in the
// step: (thread, gate site); with `iterations`, also each global one's (thread, gate site,
// iteration of its innermost loop), for the loads gated copy by copy (SourceSite::gated_copies).
std::set<std::pair<int, int>> gate_executions(const Trace& trace, const Step& step, std::set<std::tuple<int, int, int>>* iterations = nullptr) {
  std::set<std::pair<int, int>> n;
  std::set<int> gates;
  for (const SourceSite& x : trace.sites) {
    if (x.gated >= 0 && x.gated < static_cast<int>(trace.sites.size())) gates.insert(x.gated);
    for (int g : x.gated_sites)
      if (g >= 0) gates.insert(g);
  }
  if (gates.empty()) return n;
  // a shared gate site in a vector group: the group's sites are one instruction (the arms' stores
  // that ptxas made one STS), whose threads all make the gated loads
  std::map<int, std::vector<int>> group_gates;  // vector group -> its gate sites
  const int nsites = static_cast<int>(trace.sites.size());
  for (int g : gates)
    if (trace.sites[g].vector_group >= 0 && trace.sites[g].op == kStore) group_gates[trace.sites[g].vector_group].push_back(g);
  for (const Access& a : step.accesses) {
    if (gates.count(a.site)) n.insert({a.tid, a.site});
    if (group_gates.empty() || a.op != kStore || a.site < 0 || a.site >= nsites || trace.sites[a.site].vector_group < 0) continue;
    if (auto it = group_gates.find(trace.sites[a.site].vector_group); it != group_gates.end())
      for (int g : it->second) n.insert({a.tid, g});
  }
  for (const GlobalAccess& a : step.global)
    if (gates.count(a.site)) {
      n.insert({a.tid, a.site});
      if (iterations) iterations->insert({a.tid, a.site, a.iteration});
    }
  return n;
}

}  // namespace

void analyze_banks(Trace& trace) {
  const int banks = trace.banks, issue = trace.warp_issue;
  const int nsites = static_cast<int>(trace.sites.size());
  trace.totals.ld = OpTotals();  // the global totals are the global model's (analyze_global)
  trace.totals.st = OpTotals();
  for (auto& step : trace.steps) {
    step.instructions.clear();
    step.max_degree = 0;
    // Group accesses into warp-instructions (warp, site, occurrence): occurrence counts how often
    // this thread executed this site earlier in the step. Accesses the compiler merges into one
    // vector access (a site's vector_group) join while they cover consecutive words from an
    // aligned start: one lane of an 8- or 16-byte instruction.
    std::map<std::tuple<int, int, int>, WarpInstruction> insts;
    std::map<int, int> occ;  // per thread: key -> times seen
    struct Run {
      int start = 0, len = 0;
      AccessOp op = kLoad;
      WarpInstruction* inst = nullptr;
      uint32_t bytes = 0;  // the bytes of the block (or word) its accesses covered, bit k for byte k
    };
    // The bytes of its block (of `w` words) an access covers: a 1- or 2-byte access its own
    // (Access::mask), a 4-byte one its word's four.
    auto bytes_of = [](const Access& a, int w) -> uint32_t { return static_cast<uint32_t>(a.mask ? a.mask : 0xf) << (4 * (a.word % w)); };
    std::map<int, Run> runs;  // per thread: vector group (or -1 - site of a wide site) -> the open run
    std::map<std::pair<int, int>, Run> blocks;  // per thread: (vector group, aligned block) -> its instruction, for wide sites in a group
    std::set<int> active;
    // Sites of loops ptxas unrolled (SourceSite::unrolled): how often each thread executes each in
    // this step, which decides the copies it runs.
    std::map<std::pair<int, int>, int> unrolled_n;  // (thread, site) -> executions
    for (const Access& a : step.accesses)
      if (a.site >= 0 && a.site < nsites && (a.op == kLoad || a.op == kStore) && !trace.sites[a.site].unrolled.empty()) ++unrolled_n[{a.tid, a.site}];
    // Loads ptxas made only in the threads of a later store (SourceSite::gated): the threads that
    // execute each gate site in this step.
    std::set<std::tuple<int, int, int>> gate_it;  // (thread, gate site, iteration), for SourceSite::gated_copies
    const std::set<std::pair<int, int>> gate_n = gate_executions(trace, step, &gate_it);
    // Groups whose instructions' addresses the SASS gives (SourceSite::vector_layout): the
    // instructions each access is a lane of, as (instruction of the layout, round, words), where
    // each of the thread's rounds is placed (layout_cover); other rounds as the group's width says.
    std::map<int, std::vector<std::tuple<int, int, int>>> layout_lanes;  // access index -> its instructions
    {
      std::map<std::pair<int, int>, std::vector<int>> mine;  // (thread, group) -> its accesses of the group in order
      for (int i = 0; i < static_cast<int>(step.accesses.size()); ++i) {
        const Access& a = step.accesses[i];
        if (a.site < 0 || a.site >= nsites || (a.op != kLoad && a.op != kStore) || a.mask) continue;
        const SourceSite& x = trace.sites[a.site];
        if (x.vector_group >= 0 && x.vector_width > 1 && x.vector_layout.size() >= 4 && x.gated < 0) mine[{a.tid, x.vector_group}].push_back(i);
      }
      for (const auto& [who, idx] : mine) {
        const std::vector<int>& l = trace.sites[step.accesses[idx[0]].site].vector_layout;
        const int round = l[0];
        std::vector<LayoutInstruction> layout;
        for (size_t k = 1; k + 2 < l.size(); k += 3) layout.push_back({l[k], l[k + 1], l[k + 2]});
        if (round <= 0 || idx.size() % static_cast<size_t>(round) != 0 || layout.size() > 64) continue;
        for (size_t r = 0; r * static_cast<size_t>(round) < idx.size(); ++r) {
          std::vector<int> words;
          for (int k = 0; k < round; ++k) words.push_back(step.accesses[idx[r * round + k]].word);
          std::vector<std::vector<int>> cover;
          if (!layout_cover(words, layout, step.accesses[idx[0]].op == kLoad, &cover)) continue;
          for (size_t s = 0; s < cover.size(); ++s)
            for (int k : cover[s]) layout_lanes[idx[r * round + k]].push_back({static_cast<int>(s), static_cast<int>(r), layout[s].bytes / 4});
        }
      }
    }
    int current_tid = -1;
    for (int i = 0; i < static_cast<int>(step.accesses.size()); ++i) {
      const Access& a = step.accesses[i];
      if (a.tid != current_tid) {
        current_tid = a.tid;
        occ.clear();
        runs.clear();
        blocks.clear();
      }
      active.insert(a.tid);
      const int warp = a.tid / kWarpSize;
      auto add_lane = [&](WarpInstruction& wi) {
        wi.lanes |= 1u << (a.tid % kWarpSize);
        wi.access_index.push_back(i);
      };
      // The warp instruction of this access: the o-th time the thread reaches key (a site, or
      // nsites + a vector group), opened by the first lane of the warp that does.
      auto instruction = [&](int key, int width) -> WarpInstruction& {
        const int o = occ[key]++;
        auto it = insts.find({warp, key, o});
        if (it == insts.end()) {
          WarpInstruction wi;
          wi.warp = warp;
          wi.site = a.site;
          wi.occurrence = o;
          wi.op = a.op;
          wi.width = width;
          it = insts.emplace(std::make_tuple(warp, key, o), wi).first;
        }
        return it->second;
      };
      // A whole int2 / float4 the source loads or stores (a site of 8 or 16 bytes): its words, in a
      // row in the thread's order, are one lane of one instruction of that width.
      const bool shared_site = a.site >= 0 && a.site < nsites && (a.op == kLoad || a.op == kStore);
      if (shared_site && trace.sites[a.site].vector_width == 0) continue;  // kept in a register: no instruction
      if (shared_site && a.op == kLoad && trace.sites[a.site].gated >= 0) {
        // a load made only by the threads that store after it: all of the thread's executions in
        // the step where it stores at all, or (gated_copies) this execution's copy where the
        // thread makes the store copy of its iteration that uses the value
        const SourceSite& x = trace.sites[a.site];
        bool made = gate_n.count({a.tid, x.gated}) > 0;
        if (!x.gated_copies.empty()) {
          const int k = occ[a.site];
          const int m = k < static_cast<int>(x.gated_copies.size()) ? x.gated_copies[static_cast<size_t>(k)] : -1;
          made = m < 0 || gate_it.count({a.tid, x.gated, m}) > 0;
        }
        if (!x.gated_sites.empty()) {
          const int k = occ[a.site];
          const int g = k < static_cast<int>(x.gated_sites.size()) ? x.gated_sites[static_cast<size_t>(k)] : -1;
          made = g < 0 || gate_n.count({a.tid, g}) > 0;
        }
        if (!made) {
          ++occ[a.site];  // this thread does not store: no lane here
          continue;
        }
      }
      const int sw = shared_site ? trace.sites[a.site].words() : 1;
      if (sw > 1 && trace.sites[a.site].vector_group < 0) {  // (in a group: two int2 as one 16-byte access)
        Run& run = runs[-1 - a.site];
        if (run.inst && run.len < sw && run.op == a.op && a.word == run.start + run.len) {
          ++run.len;
          add_lane(*run.inst);
          continue;
        }
        WarpInstruction& wi = instruction(a.site, sw);
        run = Run{a.word, 1, a.op, &wi};
        add_lane(wi);
        continue;
      }
      const int g = a.site >= 0 && a.site < nsites && (a.op == kLoad || a.op == kStore) ? trace.sites[a.site].vector_group : -1;
      if (auto lanes = layout_lanes.find(i); g >= 0 && lanes != layout_lanes.end()) {
        // an instruction of the SASS's layout (above): its key past every site's and group's
        for (const auto& [slot, round, width] : lanes->second) {
          const auto key = std::make_tuple(warp, nsites + (1 << 20) + g * 64 + slot, round);
          auto it = insts.find(key);
          if (it == insts.end()) {
            WarpInstruction wi;
            wi.warp = warp;
            wi.site = a.site;
            wi.occurrence = round;
            wi.op = a.op;
            wi.width = width;
            it = insts.emplace(key, wi).first;
          }
          add_lane(it->second);
        }
        continue;
      }
      if (g >= 0 && trace.sites[a.site].vector_width > 1 && trace.sites[a.site].vector_in_order && !a.mask) {
        // A group of several widths joined in program order: the thread's next accesses of the
        // group (of its kind) that fill an aligned block are one lane of one instruction of that width.
        Run& run = runs[nsites + g];
        if (run.inst && run.op == a.op && run.len > 0) {
          --run.len;
          add_lane(*run.inst);
          continue;
        }
        std::vector<int> words;
        for (int j = i; j < static_cast<int>(step.accesses.size()) && step.accesses[j].tid == a.tid && static_cast<int>(words.size()) < 4; ++j) {
          const Access& b = step.accesses[j];
          if (b.site >= 0 && b.site < nsites && b.op == a.op && trace.sites[b.site].vector_group == g) words.push_back(b.word);
        }
        const int len = in_order_run(words, 0, trace.sites[a.site].vector_width);
        WarpInstruction& wi = instruction(nsites + g, len);
        run = Run{a.word, len - 1, a.op, &wi};
        add_lane(wi);
        continue;
      }
      if (g >= 0 && trace.sites[a.site].vector_width > 1) {
        // Accesses the compiler joins into 8- or 16-byte ones (4-byte words, or whole int2s that
        // ptxas joins into LDS.128/STS.128): each aligned block of the width is one lane of one
        // instruction, in whatever order the thread's accesses reach its words (an unrolled loop
        // running j = 3, 2, 1, 0 over one block; a loop's int2s j = 3, 0 of one block).
        // (members of a struct narrower than a word, bytes 0-1 and 2-3 of one word, are one
        // lane's bytes of the block too: a word joins while its bytes are not taken yet)
        const int w = trace.sites[a.site].vector_width;
        Run& b = blocks[{g, a.word / w}];
        const uint32_t m = bytes_of(a, w);
        if (b.inst && b.op == a.op && (a.mask ? !(b.bytes & m) && (b.len < w || (b.bytes & (0xfu << (4 * (a.word % w))))) : b.len < w)) {
          if (!(b.bytes & (0xfu << (4 * (a.word % w))))) ++b.len;
          b.bytes |= m;
          add_lane(*b.inst);
          continue;
        }
        WarpInstruction& wi = instruction(nsites + g, w);
        b = Run{a.word / w * w, 1, a.op, &wi, m};
        add_lane(wi);
        continue;
      }
      if (g >= 0) {
        // width 1: the group's sites are one instruction (an if/else's two arms), and a thread's
        // narrower accesses of one word at them are one lane of it while their bytes do not
        // overlap (a struct's byte and char2 members ptxas stores as one STS)
        if (a.mask) {
          Run& b = blocks[{g, a.word}];
          if (b.inst && b.op == a.op && b.start == a.word && !(b.bytes & a.mask)) {
            b.bytes |= a.mask;
            add_lane(*b.inst);
            continue;
          }
          WarpInstruction& wi = instruction(nsites + g, 1);
          b = Run{a.word, 1, a.op, &wi, a.mask};
          add_lane(wi);
          continue;
        }
        add_lane(instruction(nsites + g, 1));
        continue;
      }
      if (shared_site && !trace.sites[a.site].unrolled.empty()) {
        // the copy of the unrolled loop this execution runs: the lanes that run it are one instruction
        const int k = occ[a.site]++;
        const int slot = unrolled_slot(trace.sites[a.site].unrolled, unrolled_n[{a.tid, a.site}], k);
        auto it = insts.find({warp, a.site, slot < 0 ? k : (1 << 30) | slot});
        if (it == insts.end()) {
          WarpInstruction wi;
          wi.warp = warp;
          wi.site = a.site;
          wi.op = a.op;
          it = insts.emplace(std::make_tuple(warp, a.site, slot < 0 ? k : (1 << 30) | slot), wi).first;
        }
        add_lane(it->second);
        continue;
      }
      add_lane(instruction(a.site, 1));
    }
    // Loads the machine code makes in every warp of the block (SourceSite::every_warp): one
    // instruction of one wavefront for each warp with none at the site in this step.
    {
      std::map<int, std::set<int>> warps_of;  // site -> the warps with an instruction there
      for (const auto& [key, wi] : insts)
        if (std::get<1>(key) < nsites && trace.sites[std::get<1>(key)].every_warp) warps_of[std::get<1>(key)].insert(std::get<0>(key));
      const int threads = std::max(0, trace.threads);
      for (const auto& [site, warps] : warps_of)
        for (int w = 0; w * kWarpSize < threads; ++w) {
          if (warps.count(w)) continue;
          WarpInstruction wi;
          wi.warp = w;
          wi.site = site;
          wi.op = kLoad;
          const int lanes = std::min(kWarpSize, threads - w * kWarpSize);
          wi.lanes = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1;
          insts.emplace(std::make_tuple(w, site, 0), wi);
        }
    }
    // Atomics ptxas made a loop of (SourceSite::cas_loop): each warp instruction at the site makes
    // rounds of an LDS and a compare-and-swap until every lane's CAS succeeded. A round's CAS
    // succeeds for one lane a bank: the lanes its first wavefront serves, one word a bank, and of
    // the lanes at that word one (the first CAS changes the old value the others compare with);
    // the others retry. Round r is a load instruction of the lanes still trying, so a warp makes
    // as many as the most lanes in one bank (run 20261204 on an H100: a warp of distinct words
    // two to a bank makes two rounds, the second of half the lanes). Which lane of a bank goes
    // first is not known: the lowest here. Its key lies past every site's, group's and layout's.
    {
      std::vector<std::pair<std::tuple<int, int, int>, WarpInstruction>> rounds;
      for (const auto& [key, wi] : insts) {
        if (wi.op != kAtomic || std::get<1>(key) >= nsites || !trace.sites[std::get<1>(key)].cas_loop) continue;
        std::vector<int> left = wi.access_index;  // the lanes still trying, in lane order
        std::stable_sort(left.begin(), left.end(), [&](int x, int y) { return step.accesses[x].tid < step.accesses[y].tid; });
        for (int r = 0; !left.empty() && r < 64 * kWarpSize; ++r) {
          WarpInstruction ld;
          ld.warp = wi.warp;
          ld.site = wi.site;
          ld.occurrence = wi.occurrence;
          ld.op = kLoad;
          ld.access_index = left;
          std::set<int> served;  // the banks whose lane succeeded in this round
          std::vector<int> still;
          for (int idx : left) {
            ld.lanes |= 1u << (step.accesses[idx].tid % kWarpSize);
            if (!served.insert(((step.accesses[idx].word % banks) + banks) % banks).second) still.push_back(idx);
          }
          rounds.push_back({std::make_tuple(wi.warp, nsites + (1 << 21) + wi.site, wi.occurrence * 64 * kWarpSize + r), std::move(ld)});
          left = std::move(still);
        }
      }
      for (auto& [key, ld] : rounds) insts.emplace(key, std::move(ld));
    }
    for (const GlobalAccess& g : step.global) active.insert(g.tid);  // global accesses make a thread active too
    step.active_threads = static_cast<int>(active.size());
    find_hazards(step);
    std::map<std::pair<int, int>, int> rank;  // an unrolled site's instructions numbered per warp in code order
    for (auto& [key, wi] : insts) {
      std::stable_sort(wi.access_index.begin(), wi.access_index.end(),
                       [&](int x, int y) { return step.accesses[x].tid < step.accesses[y].tid; });
      if (std::get<1>(key) < nsites && !trace.sites[std::get<1>(key)].unrolled.empty()) wi.occurrence = rank[{std::get<0>(key), std::get<1>(key)}]++;
      if (wi.op == kLoad || wi.op == kStore) {
        if (wi.access_index.empty()) {  // a load of every warp (above): its lanes read one word
          wi.wavefronts = 1;
          wi.degree = 1;
        }
        count_wavefronts(step, wi, banks, issue);
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

void analyze_global(Trace& trace) {
  constexpr uint64_t kCopy = uint64_t{1} << 63;  // the iteration key of an unrolled site's copies
  trace.totals.global = GlobalTotals();
  const int nsites = static_cast<int>(trace.sites.size());
  for (auto& step : trace.steps) {
    step.global_instructions.clear();
    step.global_totals = GlobalTotals();
    // Warp-instructions: (warp, site, loop iteration, occurrence). The lanes of a warp in the same
    // iteration of the loops around a site execute it together, also where a lane skipped it in an
    // earlier iteration (nvcc's code checked on an H100: docs/validation.md); the occurrence counts
    // how often the thread executed the site earlier in that iteration (a function called twice).
    std::map<std::tuple<int, int, uint64_t, int>, GlobalInstruction> insts;
    std::map<std::pair<int, uint64_t>, int> occ;
    int current_tid = -1;
    int wide_left = 0, wide_site = -1;  // the words still to come of a thread's 8- or 16-byte access, and its site
    // Loads ptxas made only in the threads of a later store (SourceSite::gated): a thread's
    // executions beyond the store's make no request (a predicated-off lane, or a thread gone).
    const std::set<std::pair<int, int>> gate_n = gate_executions(trace, step);
    // Sites of loops ptxas unrolled (SourceSite::unrolled, a grid-stride loop's load): how often
    // each thread executes each in this step, which decides the copies it runs; the lanes that
    // run one copy are one instruction, whatever iteration of the source each is in.
    std::map<std::pair<int, int>, int> unrolled_n, unrolled_k;  // (thread, site) -> executions, and those so far
    for (const GlobalAccess& a : step.global)
      if (a.site >= 0 && a.site < nsites && (a.op == kLoad || a.op == kStore) && !trace.sites[a.site].unrolled.empty()) ++unrolled_n[{a.tid, a.site}];
    for (int i = 0; i < static_cast<int>(step.global.size()); ++i) {
      const GlobalAccess& a = step.global[i];
      if (a.tid != current_tid) {
        current_tid = a.tid;
        occ.clear();
        wide_left = 0;
      }
      if (a.op == kLoad && a.site >= 0 && a.site < nsites && trace.sites[a.site].gated >= 0) {  // (of one word: compiler_view.cpp)
        if (!gate_n.count({a.tid, trace.sites[a.site].gated})) continue;
      }
      const int warp = a.tid / kWarpSize;
      // The instruction: (warp, site, iteration, occurrence); of an unrolled site, the copy of the
      // machine code the execution runs in place of the iteration (kCopy) and occurrence.
      uint64_t iter = a.iter;
      int o = -1;
      if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < nsites && !trace.sites[a.site].unrolled.empty()) {
        const int k = unrolled_k[{a.tid, a.site}]++;
        const int slot = unrolled_slot(trace.sites[a.site].unrolled, unrolled_n[{a.tid, a.site}], k);
        if (slot >= 0) {
          iter = kCopy;
          o = slot;
          wide_left = 0;
        }
      }
      if (o < 0 && wide_left > 0 && a.site == wide_site) {  // the next word of the same int4: the same instruction
        o = occ[{a.site, a.iter}] - 1;
        --wide_left;
      } else if (o < 0) {
        o = occ[{a.site, a.iter}]++;
        wide_left = a.site >= 0 && a.site < nsites && (a.op == kLoad || a.op == kStore) ? trace.sites[a.site].words() - 1 : 0;
        wide_site = a.site;
      }
      auto it = insts.find({warp, a.site, iter, o});
      if (it == insts.end()) {
        GlobalInstruction gi;
        gi.warp = warp;
        gi.site = a.site;
        gi.occurrence = o;
        gi.op = a.op;
        it = insts.emplace(std::make_tuple(warp, a.site, iter, o), gi).first;
      }
      it->second.lanes |= 1u << (a.tid % kWarpSize);
      it->second.access_index.push_back(i);
    }
    std::map<std::pair<int, int>, int> rank;  // an unrolled site's instructions numbered per warp in code order
    for (auto& [key, gi] : insts) {
      if (std::get<2>(key) == kCopy) gi.occurrence = rank[{gi.warp, gi.site}]++;
      std::stable_sort(gi.access_index.begin(), gi.access_index.end(), [&](int x, int y) { return step.global[x].tid < step.global[y].tid; });
      gi.sectors = global_sectors(step, gi);
      if (gi.op == kLoad || gi.op == kStore) {
        GlobalOpTotals& t = gi.op == kLoad ? step.global_totals.ld : step.global_totals.st;
        t.requests += 1;
        t.sectors += gi.sectors;
      } else {
        step.global_totals.atomics += 1;
      }
      step.global_instructions.push_back(std::move(gi));
    }
    find_global_hazards(step);
    trace.totals.global.ld.requests += step.global_totals.ld.requests;
    trace.totals.global.ld.sectors += step.global_totals.ld.sectors;
    trace.totals.global.st.requests += step.global_totals.st.requests;
    trace.totals.global.st.sectors += step.global_totals.st.sectors;
    trace.totals.global.atomics += step.global_totals.atomics;
  }
}

int global_sectors(const Step& step, const GlobalInstruction& gi) {
  // Arrays start 256-byte aligned (as cudaMalloc places them): element i of an array of 4-byte
  // words lies in its sector i / 8.
  std::set<std::pair<int, int>> sectors;
  for (int idx : gi.access_index) sectors.insert({step.global[idx].array, step.global[idx].index >> 3});
  return static_cast<int>(sectors.size());
}

std::vector<LaunchTraffic> launch_traffic(const Trace& t) {
  std::vector<LaunchTraffic> out(std::max<size_t>(t.launches.size(), t.steps.empty() ? 0 : 1));
  for (LaunchTraffic& l : out) l.arrays.resize(t.global_arrays.size());
  for (const Step& step : t.steps) {
    if (step.launch < 0 || step.launch >= static_cast<int>(out.size())) continue;
    LaunchTraffic& l = out[static_cast<size_t>(step.launch)];
    l.totals.ld.requests += step.global_totals.ld.requests;
    l.totals.ld.sectors += step.global_totals.ld.sectors;
    l.totals.st.requests += step.global_totals.st.requests;
    l.totals.st.sectors += step.global_totals.st.sectors;
    l.totals.atomics += step.global_totals.atomics;
    for (const GlobalInstruction& gi : step.global_instructions) {
      if (gi.op != kLoad && gi.op != kStore) continue;
      std::set<std::pair<int, int>> sectors;  // as global_sectors counts them
      for (int idx : gi.access_index)
        if (idx >= 0 && idx < static_cast<int>(step.global.size())) sectors.insert({step.global[idx].array, step.global[idx].index >> 3});
      for (const auto& [array, sector] : sectors) {
        if (array < 0 || array >= static_cast<int>(l.arrays.size())) continue;
        (gi.op == kLoad ? l.arrays[array].ld_sectors : l.arrays[array].st_sectors) += 1;
      }
    }
  }
  return out;
}

double bytes_per_element(long long sectors, int n) { return n < 1 ? 0.0 : 32.0 * static_cast<double>(sectors) / static_cast<double>(n); }

std::string bytes_per_element_text(double bytes) {
  if (!(bytes > 0)) return "0";
  if (bytes < 0.005) return "<0.01";
  char buf[32];
  std::snprintf(buf, sizeof buf, bytes >= 1 ? "%.1f" : "%.2f", bytes);
  return buf;
}

}  // namespace scanscope
