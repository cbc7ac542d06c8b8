// What the compiler makes of the shared accesses (see compiler_view.h).
#include "engine/compiler_view.h"

#include <list>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "engine/bank_model.h"
#include "engine/cuda/printer.h"
#include "engine/gpu/nvrtc.h"
#include "engine/gpu/ptx.h"

namespace scanscope {

namespace {

// Orphan sites (a line the PTX has no access of that kind for) this many lines from a vector
// access are taken as merged into it: nvcc names one of the merged statements' lines.
constexpr int kMergeReach = 4;

using LineKey = std::tuple<int, int, bool>;

std::shared_ptr<CompilerView> analyze(const ResolvedKernel& k) {
  auto v = std::make_shared<CompilerView>();
  std::string why;
  if (!nvrtc::available(&why)) {
    v->compiler = "no CUDA compiler (" + why + "): every access is modelled as the 4-byte access the source writes";
    return v;
  }
  const std::string text = cuda::print_tokens(k.build->files, k.build->pre.tokens);
  nvrtc::Result r = nvrtc::compile(text, k.file.display, "compute_90", false);
  if (!r.ok) {
    v->compiler = "NVRTC " + nvrtc::version() + " rejected the kernel: every access is modelled as written";
    v->notes.push_back("NVRTC: " + r.log.substr(0, r.log.find('\n')));
    return v;
  }
  v->asked = true;
  v->ptx = r.ptx;
  v->compiler = "NVRTC " + nvrtc::version() + " (PTX for sm_90)";
  for (const auto& in : ptx::shared_instructions(r.ptx)) {
    if (in.atomic || in.line <= 0) continue;
    // NVRTC makes the #line names absolute (from the working folder): match by suffix
    int fi = -1;
    for (size_t i = 0; i < k.build->files.files.size(); ++i) {
      const std::string& path = k.build->files.files[i].path;
      if (in.file == path || (in.file.size() > path.size() && in.file.compare(in.file.size() - path.size(), path.size(), path) == 0 &&
                              in.file[in.file.size() - path.size() - 1] == '/'))
        fi = static_cast<int>(i);
    }
    if (fi >= 0) v->lines[LineKey{fi, in.line, in.store}].push_back(in.width);
  }
  return v;
}

struct ViewCache {
  std::mutex mu;
  std::list<std::pair<std::string, std::shared_ptr<const CompilerView>>> entries;
};

}  // namespace

std::shared_ptr<const CompilerView> compiler_view(const ResolvedKernel& k) {
  static ViewCache cache;
  const std::string key = k.prelude + '\0' + k.file.path + '\0' + std::to_string(std::hash<std::string>()(k.file.text));
  {
    std::lock_guard<std::mutex> lock(cache.mu);
    for (auto it = cache.entries.begin(); it != cache.entries.end(); ++it)
      if (it->first == key) {
        cache.entries.splice(cache.entries.begin(), cache.entries, it);
        return it->second;
      }
  }
  std::shared_ptr<const CompilerView> v = analyze(k);
  std::lock_guard<std::mutex> lock(cache.mu);
  cache.entries.emplace_front(key, v);
  if (cache.entries.size() > 64) cache.entries.pop_back();
  return v;
}

void apply_compiler_view(const CompilerView& v, Trace& t) {
  t.compiler = v.compiler;
  t.compiler_notes = v.notes;
  for (auto& s : t.sites) {
    s.vector_group = -1;
    s.vector_width = 1;
  }
  const bool g80 = t.warp_issue == 16 || t.banks == 16;
  if (g80 && v.asked) t.compiler += "; G80 mode: every access 4 bytes, as the scan paper's compiler issued them";
  if (!v.asked || g80) {
    analyze_banks(t);
    return;
  }
  // The sites that touched shared memory in this run, by (file, statement line, store?).
  std::vector<char> shared(t.sites.size(), 0);
  for (const auto& st : t.steps)
    for (const auto& a : st.accesses)
      if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(shared.size())) shared[a.site] = 1;
  std::map<LineKey, std::vector<int>> sites_at;
  for (size_t s = 0; s < t.sites.size(); ++s)
    if (shared[s]) sites_at[LineKey{t.sites[s].file, t.sites[s].stmt_line, t.sites[s].op == kStore}].push_back(static_cast<int>(s));
  // Vector accesses: one group per (line, kind, width), with the line's own sites and the orphan
  // sites of that kind nearby (nvcc names one of the merged statements' lines).
  int groups = 0;
  for (const auto& [key, widths] : v.lines) {
    std::set<int> ws(widths.begin(), widths.end());
    for (int w : ws) {
      if (w < 2) continue;
      const auto [file, line, store] = key;
      std::vector<int> members;
      auto own = sites_at.find(key);
      if (own != sites_at.end()) members = own->second;
      for (int l = line - kMergeReach; l <= line + kMergeReach; ++l) {
        LineKey other{file, l, store};
        if (l == line || v.lines.count(other)) continue;  // that line has its own accesses
        auto o = sites_at.find(other);
        if (o != sites_at.end()) members.insert(members.end(), o->second.begin(), o->second.end());
      }
      for (int s : members)
        if (t.sites[s].vector_group < 0) {
          t.sites[s].vector_group = groups;
          t.sites[s].vector_width = w;
        }
      ++groups;
    }
  }
  // Lines where the source accesses shared memory and the PTX does not (nor a merge explains it).
  for (const auto& [key, sites] : sites_at) {
    if (v.lines.count(key)) continue;
    bool merged = false;
    for (int s : sites) merged = merged || t.sites[s].vector_group >= 0;
    if (merged) continue;
    const auto [file, line, store] = key;
    const std::string path = file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : "?";
    t.compiler_notes.push_back(path + ":" + std::to_string(line) + ": the PTX has no shared-memory " + (store ? "store" : "load") +
                               " on this line (the compiler moved or removed it); the model counts the source's");
  }
  analyze_banks(t);
}

}  // namespace scanscope
