// What the compiler makes of the shared accesses (see compiler_view.h).
#include "engine/compiler_view.h"

#include <algorithm>
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
  std::vector<cuda::TokenEdit> host_only;
  cuda::drop_host_decls(*k.build->compiled.program, &host_only);
  const std::string text = cuda::print_program(k.build->files, k.build->pre, host_only);
  std::string instances;  // a template is compiled only where a name expression asks for it
  for (const auto& L : k.launches)
    if (L.entry_name.find('<') != std::string::npos) instances += (L.entry_expr.empty() ? L.entry_name : L.entry_expr) + "\n";
  nvrtc::Result r = nvrtc::compile(text, k.file.display, "compute_90", false, instances);
  if (!r.ok) {
    v->compiler = "NVRTC " + nvrtc::version() + " rejected the kernel: every access is modelled as written";
    v->notes.push_back("NVRTC: " + r.log.substr(0, r.log.find('\n')));
    return v;
  }
  v->asked = true;
  v->ptx = r.ptx;
  v->compiler = "NVRTC " + nvrtc::version() + " (PTX for sm_90; what ptxas merges predicted from it)";
  // NVRTC makes the #line names absolute (from the working folder): match by suffix
  auto file_of = [&](const std::string& name) {
    for (size_t i = 0; i < k.build->files.files.size(); ++i) {
      const std::string& path = k.build->files.files[i].path;
      if (name == path || (name.size() > path.size() && name.compare(name.size() - path.size(), path.size(), path) == 0 &&
                           name[name.size() - path.size() - 1] == '/'))
        return static_cast<int>(i);
    }
    return -1;
  };
  const std::vector<ptx::SharedInstruction> ins = ptx::shared_instructions(r.ptx);
  std::vector<int> file(ins.size(), -1);
  for (size_t i = 0; i < ins.size(); ++i) {
    file[i] = file_of(ins[i].file);
    if (ins[i].atomic || ins[i].line <= 0 || file[i] < 0) continue;
    v->lines[LineKey{file[i], ins[i].line, ins[i].store}].push_back(ins[i].width);
  }
  // nvcc's vector accesses: one group per (line, kind, width)
  std::set<std::tuple<int, int, bool, int>> seen;
  for (size_t i = 0; i < ins.size(); ++i)
    if (ins[i].width > 1 && file[i] >= 0 && !ins[i].atomic && seen.insert({file[i], ins[i].line, ins[i].store, ins[i].width}).second)
      v->groups.push_back({file[i], ins[i].store, {ins[i].line}, ins[i].width, false, "nvcc (PTX " + std::string(ins[i].store ? "st" : "ld") + ".shared.v" + std::to_string(ins[i].width) + ")"});
  // ptxas's merges
  for (const auto& m : ptx::assembler_merges(r.ptx, ins)) {
    const auto& a = ins[m.first];
    const auto& b = ins[m.second];
    if (file[m.first] < 0 || file[m.first] != file[m.second]) continue;
    LineGroup g{file[m.first], a.store, {a.line}, m.width, m.width == 1,
                m.width == 2 ? "ptxas (an 8-byte aligned pair)" : "ptxas (the same load in both arms of an if/else)"};
    if (b.line != a.line) g.lines.push_back(b.line);
    v->groups.push_back(g);
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
  // A whole int2 / float4 the source moves (a site of 8 or 16 bytes) is already one access per
  // thread, as the PTX's ld/st.shared.v2/.v4 of that line: it joins no group; where the PTX has
  // no access of its width on its line, the note says so.
  std::set<std::string> wide_notes;
  std::set<std::tuple<int, int, bool, int>> wide_lines;  // (file, line, store?, words) the source's wide accesses explain
  for (size_t s = 0; s < t.sites.size(); ++s) {
    const SourceSite& x = t.sites[s];
    if (!shared[s] || x.words() < 2) continue;
    shared[s] = 0;
    // its line, or (nvcc names the line where the value is used) one within reach
    std::vector<int> candidates = {x.stmt_line, x.line};
    for (int d = 1; d <= kMergeReach; ++d) candidates.insert(candidates.end(), {x.line + d, x.line - d});
    bool found = false;
    for (int line : candidates) {
      auto w = v.lines.find(LineKey{x.file, line, x.op == kStore});
      if (w == v.lines.end() || std::find(w->second.begin(), w->second.end(), x.words()) == w->second.end()) continue;
      found = true;
      wide_lines.insert({x.file, line, x.op == kStore, x.words()});
      break;
    }
    if (found) continue;
    const std::string path = x.file >= 0 && x.file < static_cast<int>(t.files.size()) ? t.files[x.file] : "?";
    const std::string b = std::to_string(x.bytes);
    if (wide_notes.insert(path + ":" + std::to_string(x.line) + (x.op == kStore ? "st" : "ld")).second)
      t.compiler_notes.push_back(path + ":" + std::to_string(x.line) + ": the source " + (x.op == kStore ? "stores" : "loads") + " a whole " + b +
                                 "-byte value here and the PTX has no " + b + "-byte shared " + (x.op == kStore ? "store" : "load") +
                                 " on this line (the compiler split, moved or removed it); the model counts one " + b + "-byte access per thread");
  }
  std::map<LineKey, std::vector<int>> sites_at;
  for (size_t s = 0; s < t.sites.size(); ++s)
    if (shared[s]) sites_at[LineKey{t.sites[s].file, t.sites[s].stmt_line, t.sites[s].op == kStore}].push_back(static_cast<int>(s));
  auto text_of = [&](int s) {
    const SourceSite& x = t.sites[s];
    if (x.file < 0 || x.file >= static_cast<int>(t.file_texts.size())) return std::string();
    size_t pos = 0;
    for (int l = 1; l < x.line && pos != std::string::npos; ++l) pos = t.file_texts[x.file].find('\n', pos) + 1;
    if (pos == std::string::npos || x.end_line != x.line) return std::string();
    std::string s2 = t.file_texts[x.file].substr(pos + x.col - 1, x.end_col - x.col), out;
    for (char c : s2)
      if (c != ' ' && c != '\t') out += c;
    return out;
  };
  // Orphans: sites on a line where the PTX has no access of their kind. nvcc named another line
  // for them (one of merged statements): they join the group of the nearest line within reach.
  auto orphans_near = [&](int file, int line, bool store) {
    std::vector<int> out;
    for (int l = line - kMergeReach; l <= line + kMergeReach; ++l) {
      LineKey other{file, l, store};
      if (l == line || v.lines.count(other)) continue;
      auto o = sites_at.find(other);
      if (o != sites_at.end()) out.insert(out.end(), o->second.begin(), o->second.end());
    }
    return out;
  };
  int next_group = 0;
  auto assign = [&](const std::vector<int>& members, int width) {
    bool any = false;
    for (int s : members)
      if (t.sites[s].vector_group < 0) {
        t.sites[s].vector_group = next_group;
        t.sites[s].vector_width = width;
        any = true;
      }
    if (any) ++next_group;
  };
  std::vector<std::string> used;
  for (const LineGroup& g : v.groups) {
    // nvcc's vector access of a line where the source moves a whole int2 / float4: that access
    // (unless the line has other accesses of its kind, which nvcc may have merged too)
    if (g.width > 1 && g.lines.size() == 1 && wide_lines.count({g.file, g.lines[0], g.store, g.width}) &&
        !sites_at.count(LineKey{g.file, g.lines[0], g.store}))
      continue;
    std::vector<int> members;
    for (int line : g.lines) {
      auto own = sites_at.find(LineKey{g.file, line, g.store});
      if (own != sites_at.end()) members.insert(members.end(), own->second.begin(), own->second.end());
    }
    if (g.same_text) {  // only the accesses written the same on every line of the group
      std::map<std::string, std::vector<int>> by_text;
      for (int s : members) by_text[text_of(s)].push_back(s);
      members.clear();
      for (const auto& [text, sites] : by_text)
        if (!text.empty() && sites.size() >= g.lines.size()) members = sites;
    } else if (g.width > 1) {
      for (int line : g.lines) {
        auto near = orphans_near(g.file, line, g.store);
        members.insert(members.end(), near.begin(), near.end());
      }
    }
    if (members.size() < 1 || (g.width == 1 && members.size() < 2)) continue;
    assign(members, g.width);
    used.push_back(g.why);
  }
  // Orphans next to a line of single accesses: nvcc merged the statements into one instruction
  // (the stores of an if/else to the same word).
  for (const auto& [key, sites] : sites_at) {
    if (v.lines.count(key)) continue;
    bool grouped = false;
    for (int s : sites) grouped = grouped || t.sites[s].vector_group >= 0;
    if (grouped) continue;
    const auto [file, line, store] = key;
    int host = -1;
    for (int d = 1; d <= kMergeReach && host < 0; ++d)
      for (int l : {line + d, line - d})
        if (host < 0 && v.lines.count(LineKey{file, l, store}) && sites_at.count(LineKey{file, l, store})) host = l;
    if (host < 0) {
      const std::string path = file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : "?";
      t.compiler_notes.push_back(path + ":" + std::to_string(line) + ": the PTX has no shared-memory " + (store ? "store" : "load") +
                                 " on this line (the compiler moved or removed it); the model counts the source's");
      continue;
    }
    std::vector<int> members = sites;
    const auto& h = sites_at.at(LineKey{file, host, store});
    if (h.size() == 1 && sites.size() == 1 && t.sites[h[0]].vector_group < 0) {
      members.push_back(h[0]);
      assign(members, 1);
      used.push_back("nvcc (one " + std::string(store ? "store" : "load") + " for two statements)");
    }
  }
  if (!used.empty()) {
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    std::string list;
    for (const auto& u : used) list += (list.empty() ? "" : "; ") + u;
    t.compiler += ". Merged accesses: " + list;
  }
  analyze_banks(t);
}

}  // namespace scanscope
