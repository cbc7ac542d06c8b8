// What the compiler makes of the shared accesses (see compiler_view.h).
#include "engine/compiler_view.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <tuple>

#include "engine/bank_model.h"
#include "engine/cuda/printer.h"
#include "engine/gpu/nvrtc.h"
#include "engine/gpu/ptx.h"
#include "engine/gpu/sass.h"

namespace scanscope {

namespace {

// Orphan sites (a line the PTX has no access of that kind for) this many lines from a vector
// access are taken as merged into it: nvcc names one of the merged statements' lines.
constexpr int kMergeReach = 4;
// The same access written in the arms of a branch, this many lines apart at most, is taken as the
// one instruction the compiler made of them where the SASS names no instruction for a line of them.
constexpr int kArmReach = 12;
// How far from a SASS vector access's line the sites it joins may be (an unrolled exchange of four
// two-line statements spans 16 lines).
constexpr int kBlockReach = 16;

using LineKey = std::tuple<int, int, bool>;

// Loops ptxas unrolled with a remainder (SourceSite::unrolled): a line's instructions of one kind
// in one function, split into segments by the control flow around them. A back edge (a branch to
// itself or before) closes a loop; the line's copies in the innermost such loop that holds some of
// them but not all, and no other loop of them, are a loop segment; the others are blocks, a block
// ending where a control-flow instruction or another guard predicate comes between two copies
// (`@P3 STS` after an unpredicated one: the remainder's last copy, which only some threads run).
// A line whose segments have the shape unrolled_slot follows gets them; one with more instructions
// than the PTX in another shape is noted (which copies a warp runs is not known).
// The shared instructions' shapes go to v.unrolled (and v.unrolled_unknown); the global ones', with
// `global`, to v.unrolled_global (a line of several LDGs in another shape is left as written: no
// PTX count to set beside it).
// Loads ptxas made inside the branch around a global atomic that uses their values
// (CompilerView::gated_red, sass::MemInstruction::red_line): a shared-load line of 4-byte copies in
// one function, some of them in the straight run after a predicated forward branch that ends in an
// unpredicated RED / ATOMG, none gated by a store (gate_line), the atomics' line with as many
// copies in that function, no loop holding some of the copies or atomics and not the others.
template <class FileOf>
void red_gates(CompilerView& v, const std::vector<sass::MemInstruction>& mi, const std::vector<sass::MemInstruction>& reds,
               const std::vector<sass::FlowInstruction>& flow, FileOf file_of, bool dump) {
  std::map<std::pair<int, int>, std::vector<const sass::MemInstruction*>> loads;  // (file, line)
  for (const auto& m : mi) {
    const int f = file_of(m.file);
    if (!m.store && !m.atomic && m.line > 0 && f >= 0) loads[{f, m.line}].push_back(&m);
  }
  for (const auto& [key, list] : loads) {
    const sass::MemInstruction* gated = nullptr;
    bool fits = true;
    for (const auto* m : list) {
      fits = fits && m->function == list[0]->function && m->bytes == 4 && m->gate_line < 0;
      if (m->red_line <= 0) continue;
      if (!gated) gated = m;
      fits = fits && m->red_line == gated->red_line && m->red_file == gated->red_file;
    }
    const int gf = gated ? file_of(gated->red_file) : -1;
    if (!fits || !gated || gf < 0) continue;
    std::vector<const sass::MemInstruction*> atomics;
    for (const auto& r : reds)
      if (r.function == gated->function && r.line == gated->red_line && file_of(r.file) == gf) atomics.push_back(&r);
    if (atomics.size() != list.size()) continue;
    CompilerView::GatedCopies gc{gf, gated->red_line, {}};
    for (const auto* m : list) {
      int index = -1;
      for (size_t r = 0; r < atomics.size() && m->red_line > 0; ++r)
        if (static_cast<int>(atomics[r]->offset) == m->red_offset) index = static_cast<int>(r);
      if (m->red_line > 0 && index < 0) fits = false;
      gc.copies.push_back(index);
    }
    for (const auto& fl : flow) {  // a back edge: around all of them or none
      if (fl.function != list[0]->function || !fl.branch || fl.target < 0 || fl.target > static_cast<long long>(fl.offset)) continue;
      auto inside = [&](const sass::MemInstruction* m) { return static_cast<long long>(m->offset) >= fl.target && m->offset <= fl.offset; };
      const auto in = std::count_if(list.begin(), list.end(), inside) + std::count_if(atomics.begin(), atomics.end(), inside);
      if (in != 0 && in != static_cast<long long>(list.size() + atomics.size())) fits = false;
    }
    if (!fits) continue;
    if (dump) {
      std::string p;
      for (int c : gc.copies) p += " " + std::to_string(c);
      std::fprintf(stderr, "SASS line %d ld gated copy by copy by the atomics of line %d (inside their branches):%s\n", key.second, gc.line, p.c_str());
    }
    v.gated_red[key] = gc;
  }
}

template <class FileOf>
void unrolled_loops(CompilerView& v, const std::vector<sass::MemInstruction>& mi, const std::vector<sass::FlowInstruction>& flow, FileOf file_of,
                    bool dump, bool global = false) {
  std::map<std::tuple<std::string, int, int, bool>, std::vector<const sass::MemInstruction*>> copies;  // (function, file, line, store?)
  std::map<LineKey, int> functions;
  for (const auto& m : mi) {
    const int f = file_of(m.file);
    if (m.atomic || m.line <= 0 || f < 0) continue;
    auto& list = copies[{m.function, f, m.line, m.store}];
    if (list.empty()) ++functions[LineKey{f, m.line, m.store}];
    list.push_back(&m);
  }
  for (const auto& [key, list] : copies) {
    const auto& [function, f, line, store] = key;
    const LineKey lk{f, line, store};
    auto ptx = v.ptx_lines.find(lk);
    const int in_ptx = global ? 0 : ptx == v.ptx_lines.end() ? 0 : static_cast<int>(ptx->second.size());
    if (list.size() < 2) continue;
    bool same = functions[lk] == 1;
    for (const auto* m : list) same = same && m->bytes == list[0]->bytes && m->bytes <= 4;
    // a global line only where no copy is predicated: a guarded load (`g < n ? src[g] : 0`) skips
    // iterations, and its executions no longer count the loop's (the copies run are not known)
    if (global)
      for (const auto* m : list) same = same && m->guard < 0;
    std::vector<std::pair<long long, long long>> loops;  // (first, back edge)
    std::vector<long long> others;                        // offsets of every control-flow instruction
    for (const auto& fi : flow) {
      if (fi.function != function) continue;
      others.push_back(fi.offset);
      if (fi.branch && fi.target >= 0 && fi.target <= static_cast<long long>(fi.offset)) loops.push_back({fi.target, fi.offset});
    }
    auto innermost = [&](long long off) {
      int best = -1;
      for (int i = 0; i < static_cast<int>(loops.size()); ++i)
        if (loops[i].first <= off && off <= loops[i].second &&
            (best < 0 || loops[i].second - loops[i].first < loops[best].second - loops[best].first))
          best = i;
      return best;
    };
    std::vector<int> in;
    for (const auto* m : list) in.push_back(innermost(m->offset));
    std::set<int> held(in.begin(), in.end());
    held.erase(-1);
    std::set<int> unroll;
    for (int a : held) {
      bool inner = true;
      for (int b : held)
        if (a != b && loops[a].first <= loops[b].first && loops[b].second <= loops[a].second) inner = false;
      if (inner && std::count(in.begin(), in.end(), a) < static_cast<long>(list.size())) unroll.insert(a);
    }
    // a global line's copies in one loop segment are one straight run: a branch between two of them
    // (`if (g < n) dst[g] = v[j]` unrolled, each copy skipped by its own test) makes the line's
    // executions no count of the loop's iterations
    if (global)
      for (size_t i = 1; i < list.size() && same; ++i)
        if (in[i] == in[i - 1] && unroll.count(in[i]))
          for (long long o : others)
            if (o > list[i - 1]->offset && o < list[i]->offset) same = false;
    std::vector<int> plan;
    for (size_t i = 0; i < list.size(); ++i) {
      if (unroll.count(in[i])) {
        if (i > 0 && in[i - 1] == in[i]) --plan.back();
        else plan.push_back(-1);
        continue;
      }
      bool joins = i > 0 && !unroll.count(in[i - 1]) && list[i]->guard == list[i - 1]->guard;
      for (long long o : others)
        if (joins && o > list[i - 1]->offset && o < list[i]->offset) joins = false;
      if (joins) ++plan.back();
      else plan.push_back(1);
    }
    if (dump) {
      std::string p;
      for (int c : plan) p += " " + std::to_string(c);
      std::fprintf(stderr, "SASS %s line %d %s%s copies:%s\n", function.c_str(), line, global ? "global " : "", store ? "st" : "ld", p.c_str());
    }
    if (global) {
      if (same && unrolled_shape(plan)) v.unrolled_global[lk] = plan;
      continue;
    }
    if (same && unrolled_shape(plan)) v.unrolled[lk] = plan;
    else if (static_cast<int>(list.size()) > in_ptx) {
      // (a line in several functions: the flags of every function's copies together)
      auto& u = v.unrolled_unknown[lk];
      u.sass = std::max(u.sass, static_cast<int>(list.size()));
      u.ptx = in_ptx;
      int g = 0;
      for (int c : plan) g = std::gcd(g, std::abs(c));
      for (int c : plan) {
        u.looped = u.looped || c < 0;
        const int q = g > 0 ? std::abs(c) / g : 1;
        u.irregular = u.irregular || (q & (q - 1)) != 0;
      }
      for (const auto* m : list) u.widest = std::max(u.widest, m->bytes);
    }
  }
  for (const auto& [lk, plan] : v.unrolled) v.unrolled_unknown.erase(lk);
}

// A control-flow instruction's name for SCANSCOPE_SASS_DUMP.
std::string flow_name(const sass::FlowInstruction& f) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "%x", f.opcode);
  return f.opcode == 0x147 ? "BRA ->" : f.opcode == 0x14d ? "EXIT" : f.opcode == 0x11d ? "BAR" : std::string("FLOW 0x") + hex;
}

// The words each thread's loads and stores at the sites `in` reach in the step, in program order,
// by (thread, kind); false where one of them is narrower than a word (a byte member's mask).
bool words_by_thread(const Step& st, const std::set<int>& in, std::map<std::pair<int, AccessOp>, std::vector<int>>* words) {
  for (const auto& a : st.accesses)
    if ((a.op == kLoad || a.op == kStore) && in.count(a.site)) {
      if (a.mask) return false;
      (*words)[{a.tid, a.op}].push_back(a.word);
    }
  return true;
}

// Whether the accesses of `members` (one group, a line of several widths in the SASS), joined in
// each thread's program order (in_order_run), make every thread the same instructions, of the
// widths the line's SASS has (in any order): ptxas joined an unrolled loop's neighbouring
// statements as they come (words 1, 0 | 7, 6, 5, 4 | 3, 2: STS.64, STS.128, STS.64), not by aligned
// blocks of the widest whatever the order (1, 0, 3, 2 | 7, 6, 5, 4: two STS.128).
bool in_order_matches(const Trace& t, const std::vector<int>& members, std::vector<int> sass_widths, int widest) {
  std::set<int> in(members.begin(), members.end());
  std::sort(sass_widths.begin(), sass_widths.end());
  std::vector<int> first;
  for (const auto& st : t.steps) {
    std::map<std::pair<int, AccessOp>, std::vector<int>> words;  // (thread, kind) -> its words in order
    if (!words_by_thread(st, in, &words)) return false;
    for (const auto& [who, w] : words) {
      std::vector<int> runs;
      for (size_t i = 0; i < w.size();) {
        runs.push_back(in_order_run(w, i, widest));
        i += static_cast<size_t>(runs.back());
      }
      if (first.empty()) first = runs;
      if (runs != first) return false;
    }
  }
  // (a thread that runs the line again in one step, a loop around it: the widths once a round)
  if (first.empty() || first.size() % sass_widths.size() != 0) return false;
  for (size_t r = 0; r < first.size(); r += sass_widths.size()) {
    std::vector<int> round(first.begin() + static_cast<long>(r), first.begin() + static_cast<long>(r + sass_widths.size()));
    std::sort(round.begin(), round.end());
    if (round != sass_widths) return false;
  }
  return true;
}

// Whether the SASS's addresses of a line of several widths (LineGroup::sass_layout) place every
// round of each thread's accesses of `members` (layout_cover): each instruction's words known
// from its base register and offset, not from the order or aligned blocks.
bool layout_matches(const Trace& t, const std::vector<int>& members, const std::vector<int>& flat) {
  if (flat.size() < 4 || flat[0] <= 0) return false;
  const size_t round = static_cast<size_t>(flat[0]);
  std::vector<LayoutInstruction> layout;
  for (size_t k = 1; k + 2 < flat.size(); k += 3) layout.push_back({flat[k], flat[k + 1], flat[k + 2]});
  std::set<int> in(members.begin(), members.end());
  bool any = false;
  for (const auto& st : t.steps) {
    std::map<std::pair<int, AccessOp>, std::vector<int>> words;  // (thread, kind) -> its words in order
    if (!words_by_thread(st, in, &words)) return false;
    for (const auto& [who, w] : words) {
      if (w.size() % round != 0) return false;
      for (size_t r = 0; r < w.size(); r += round) {
        std::vector<std::vector<int>> cover;
        if (!layout_cover(std::vector<int>(w.begin() + static_cast<long>(r), w.begin() + static_cast<long>(r + round)), layout, who.second == kLoad, &cover))
          return false;
        any = true;
      }
    }
  }
  return any;
}

// Whether every thread's stores at `members` in each step reach whole aligned blocks of `width`
// words, each word of a block once (the lanes of wide instructions, one a block), in one step at
// least.
bool fills_blocks(const Trace& t, const std::vector<int>& members, int width) {
  if (width < 2) return false;
  const std::set<int> in(members.begin(), members.end());
  bool any = false;
  for (const auto& st : t.steps) {
    std::map<std::pair<int, AccessOp>, std::vector<int>> words;
    if (!words_by_thread(st, in, &words)) return false;
    for (const auto& [who, w] : words) {
      if (who.second != kStore || w.size() % static_cast<size_t>(width) != 0) return false;
      std::map<int, int> blocks;  // block -> words of it
      std::set<int> seen;
      for (int x : w) {
        if (!seen.insert(x).second) return false;
        ++blocks[x / width];
      }
      for (const auto& [b, n] : blocks)
        if (n != width) return false;
      any = true;
    }
  }
  return any;
}

// The first and last lines of a statement and the statements inside it, in `file` (-1: none).
void statement_lines(const cuda::Stmt& s, int file, int* first, int* last) {
  if (s.pos.file == file && s.pos.line > 0) {
    *first = *first < 0 ? s.pos.line : std::min(*first, s.pos.line);
    *last = std::max(*last, s.pos.line);
  }
  if (s.init) statement_lines(*s.init, file, first, last);
  for (const auto& b : s.body)
    if (b) statement_lines(*b, file, first, last);
}

// The if/else statements of a function's body (CompilerView::branches): both arms in the `if`'s
// file, the then-arm's lines before the else-arm's.
void collect_branches(const cuda::Stmt& s, std::vector<CompilerView::Branch>* out) {
  if (s.kind == cuda::Sk::If && s.body.size() == 2 && s.body[0] && s.body[1] && s.pos.file >= 0) {
    CompilerView::Branch b;
    b.file = s.pos.file;
    b.line = s.pos.line;
    b.then_first = b.then_last = b.else_first = b.else_last = -1;
    statement_lines(*s.body[0], b.file, &b.then_first, &b.then_last);
    statement_lines(*s.body[1], b.file, &b.else_first, &b.else_last);
    if (b.then_first >= b.line && b.then_last >= 0 && b.then_last < b.else_first) out->push_back(b);
  }
  if (s.init) collect_branches(*s.init, out);
  for (const auto& b : s.body)
    if (b) collect_branches(*b, out);
}

// The source name of a shared array the PTX names: plain for a file's array, the local name of
// _ZZ<function>E<len><name> (with a discriminator _N or __N_ after it, for a second array of one
// name in a function) for a function's; "" for anything else (an array in a namespace).
std::string ptx_array_name(const std::string& s) {
  if (s.compare(0, 2, "_Z") != 0) return s;
  if (s.compare(0, 3, "_ZZ") != 0) return "";
  for (size_t e = s.size(); e-- > 3;) {
    if (s[e] != 'E' || e + 1 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[e + 1]))) continue;
    size_t p = e + 1;
    size_t len = 0;
    while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) len = len * 10 + static_cast<size_t>(s[p++] - '0');
    if (len == 0 || p + len > s.size()) continue;
    const std::string rest = s.substr(p + len);
    auto digits = [](const std::string& d) { return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }); };
    if (rest.empty() || (rest[0] == '_' && digits(rest.substr(1))) ||
        (rest.size() > 3 && rest.compare(0, 2, "__") == 0 && rest.back() == '_' && digits(rest.substr(2, rest.size() - 3))))
      return s.substr(p, len);
  }
  return "";
}

// A kernel's name in the PTX (_Z<len><name>..., or plain for extern "C") without its parameters.
std::string ptx_function_name(const std::string& s) {
  if (s.compare(0, 2, "_Z") != 0) return s;
  size_t p = 2, len = 0;
  while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) len = len * 10 + static_cast<size_t>(s[p++] - '0');
  return p == 2 || p + len > s.size() ? "" : s.substr(p, len);
}

// Where ptxas placed each launched kernel's static shared arrays (CompilerView::layouts): the
// PTX's arrays of the kernel in ptxas's order (ptx::kernel_shared_arrays), matched by name with the
// interpreter's, checked against the cubin's .nv.shared section (the arrays' bytes and the 1 KiB
// sm_90 reserves). Nothing where a name, a size or an offset does not match, or the layout is
// the interpreter's own. `why`: what was left out (SCANSCOPE_SASS_DUMP).
void read_layouts(const ResolvedKernel& k, const std::string& ptx, const std::vector<char>& cubin, CompilerView* v, std::vector<std::string>* why) {
  bool complete = false;
  const std::vector<ptx::KernelShared> ks = ptx::kernel_shared_arrays(ptx, &complete);
  if (!complete) return why->push_back("a function the kernels call names shared memory");
  std::map<std::string, long long> sizes;
  if (!sass::shared_sizes(cubin, &sizes)) return why->push_back("the cubin's sections not read");
  const cuda::Compiled& prog = k.build->compiled;
  std::set<int> entries;
  for (const auto& L : k.launches) entries.insert(L.entry);
  for (int e : entries) {
    const cuda::CompiledFunction& f = prog.functions.at(static_cast<size_t>(e));
    const ptx::KernelShared* mine = nullptr;
    int named = 0;
    for (const auto& x : ks)
      if (ptx_function_name(x.entry) == f.name) mine = &x, ++named;
    int kernels = 0;
    for (const auto& g : prog.functions)
      if (g.fn && g.fn->is_global && g.name == f.name) ++kernels;
    if (named != 1 || kernels != 1) {
      why->push_back(f.name + ": " + std::to_string(named) + " kernels of its name in the PTX");
      continue;
    }
    std::vector<const cuda::Var*> vars;  // the interpreter's static arrays of the kernel
    for (const cuda::Var* var : f.shared_vars)
      if (!var->extern_shared) vars.push_back(var);
    cuda::SharedLayout lay;
    std::set<const cuda::Var*> placed;
    long long end = 0;
    bool ok = true, same = true;
    for (const ptx::SharedArray& a : mine->arrays) {
      const std::string name = ptx_array_name(a.name);
      const cuda::Var* var = nullptr;
      int n = 0;
      for (const cuda::Var* x : vars)
        if (!name.empty() && x->name == name) var = x, ++n;
      const long long at = (end + a.align - 1) / a.align * a.align;
      const int words = var ? (var->array_len < 0 ? var->type.words() : var->array_len) : 0;
      if (n != 1 || placed.count(var) || at % 4 != 0 || (a.bytes + 3) / 4 != words) {
        why->push_back(f.name + ": the PTX's " + a.name + " not matched");
        ok = false;
        break;
      }
      placed.insert(var);
      lay.arrays.push_back({var->slot, words, std::max(1, var->type.align()), static_cast<int>(at / 4)});
      same = same && var->slot == at / 4;
      end = at + a.bytes;
    }
    if (!ok) continue;
    auto sec = sizes.find(mine->entry);
    const long long bytes = sec == sizes.end() ? 0 : sec->second;
    if (bytes != (end > 0 ? end + 1024 : 0) && !(end == 0 && bytes == 1024)) {
      why->push_back(f.name + ": .nv.shared holds " + std::to_string(bytes) + " bytes, the PTX's arrays " + std::to_string(end));
      continue;
    }
    for (const cuda::Var* x : vars)
      if (!placed.count(x)) {
        lay.arrays.push_back({x->slot, x->array_len < 0 ? x->type.words() : x->array_len, std::max(1, x->type.align()), -1});
        same = false;
      }
    lay.static_words = static_cast<int>((end + 3) / 4);
    lay.dynamic_base = (lay.static_words + 3) / 4 * 4;  // 16-byte aligned
    if (same && lay.dynamic_base == f.dynamic_base) continue;  // the interpreter's own
    v->layouts[e] = std::move(lay);
  }
}

std::shared_ptr<CompilerView> analyze(const ResolvedKernel& k) {
  auto v = std::make_shared<CompilerView>();
  if (k.build && k.build->compiled.program) {
    for (const auto& f : k.build->compiled.program->functions)
      if (f && f->body) collect_branches(*f->body, &v->branches);
    std::sort(v->branches.begin(), v->branches.end(), [](const auto& a, const auto& b) {
      return std::tie(a.file, a.line, a.then_first, a.else_last) < std::tie(b.file, b.line, b.then_first, b.else_last);
    });
    v->branches.erase(std::unique(v->branches.begin(), v->branches.end(),
                                  [](const auto& a, const auto& b) {
                                    return std::tie(a.file, a.line, a.then_first, a.then_last, a.else_first, a.else_last) ==
                                           std::tie(b.file, b.line, b.then_first, b.then_last, b.else_first, b.else_last);
                                  }),
                      v->branches.end());
  }
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
  // One compile for sm_90 gives both the PTX and the cubin ptxas made of it. The PTX alone (for
  // compute_90) only where that compile made none but the text may still have one: ptxas may
  // refuse what the front end accepts; a front-end error (FILE(LINE): error: ...) is the answer.
  const nvrtc::Result c = nvrtc::compile(text, k.file.display, "sm_90", true, instances);
  nvrtc::LogError front_end;
  const bool again = c.ok ? c.ptx.empty() : !nvrtc::first_error(c.log, &front_end);
  const nvrtc::Result r = again ? nvrtc::compile(text, k.file.display, "compute_90", false, instances) : c;
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
    if (!ins[i].atomic && ins[i].line > 0 && file[i] >= 0) v->ptx_lines[LineKey{file[i], ins[i].line, ins[i].store}].push_back(ins[i].width);
  }
  // SCANSCOPE_SASS_DUMP=1: the PTX's and the SASS's shared-memory instructions with their lines,
  // on stderr (to see why a prediction differs from Nsight Compute's counts without a disassembler)
  const bool dump = std::getenv("SCANSCOPE_SASS_DUMP") != nullptr;
  if (dump)
    for (const auto& m : ins) std::fprintf(stderr, "PTX %s.shared w%d line %d\n", m.atomic ? "atom" : m.store ? "st" : "ld", m.width, m.line);
  // The machine code itself where it can be read: the cubin of the very text the GPU runs
  // (scanscope's timed kernel is this printed program), its shared instructions by source line.
  {
    std::vector<sass::MemInstruction> mi;
    std::vector<sass::FlowInstruction> flow;
    if (const char* keep = std::getenv("SCANSCOPE_CUBIN"); keep && c.ok) {  // the cubin itself, for a disassembler
      if (FILE* f = std::fopen(keep, "wb")) {
        std::fwrite(c.cubin.data(), 1, c.cubin.size(), f);
        std::fclose(f);
      }
    }
    if (c.ok) {  // where ptxas placed the shared arrays (the trace's words are then the GPU's)
      std::vector<std::string> left;
      read_layouts(k, c.ptx, c.cubin, v.get(), &left);
      if (dump) {
        for (const auto& [e, lay] : v->layouts) {
          std::fprintf(stderr, "LAYOUT %s: static %d words, dynamic at %d;", k.build->compiled.functions[static_cast<size_t>(e)].name.c_str(),
                       lay.static_words, lay.dynamic_base);
          for (const auto& a : lay.arrays) std::fprintf(stderr, " %d->%d", a.slot, a.first);
          std::fprintf(stderr, "\n");
        }
        for (const auto& w : left) std::fprintf(stderr, "LAYOUT not read: %s\n", w.c_str());
      }
    }
    if (!c.ok) v->sass_why = "NVRTC made no cubin";
    else if (std::vector<sass::MemInstruction> gi, reds; sass::shared_instructions(c.cubin, &mi, &v->sass_why, &flow, &gi, &reds)) {
      v->sass = true;
      v->compiler = "NVRTC " + nvrtc::version() + " (SASS for sm_90, read from the cubin: the instructions the GPU runs)";
      std::set<std::tuple<int, int, bool, int>> seen;
      if (dump) {  // the shared and global instructions and the control flow, in code order
        std::vector<const sass::MemInstruction*> all;
        for (const auto* list : {&mi, &gi, &reds})
          for (const auto& m : *list) all.push_back(&m);
        std::stable_sort(all.begin(), all.end(), [](auto* a, auto* b) { return std::tie(a->function, a->offset) < std::tie(b->function, b->offset); });
        const auto guard = [](int g) { return g < 0 ? std::string() : std::string("@") + (g >= 8 ? "!" : "") + "P" + std::to_string(g & 7) + " "; };
        const auto print_flow = [&](const sass::FlowInstruction& f) {
          std::fprintf(stderr, "SASS %s %04x %s%s %s\n", f.function.c_str(), f.offset, guard(f.guard).c_str(), flow_name(f).c_str(),
                       f.branch ? std::to_string(f.target).c_str() : "");
        };
        // (the control flow in the same order as the instructions: by function, then offset)
        std::vector<const sass::FlowInstruction*> fl;
        for (const auto& f : flow) fl.push_back(&f);
        std::stable_sort(fl.begin(), fl.end(), [](auto* a, auto* b) { return std::tie(a->function, a->offset) < std::tie(b->function, b->offset); });
        size_t q = 0;
        for (const auto* m : all) {
          for (; q < fl.size() && std::tie(fl[q]->function, fl[q]->offset) < std::tie(m->function, m->offset); ++q) print_flow(*fl[q]);
          std::fprintf(stderr, "SASS %s %04x %s%s line %d%s", m->function.c_str(), m->offset, guard(m->guard).c_str(), m->opcode.c_str(), m->line,
                       m->exit_after >= 0 ? " (before a predicated EXIT)" : "");
          if (m->addr_reg >= 0) std::fprintf(stderr, " [R%d%+lld]", m->addr_reg, m->addr_imm);
          if (m->gate_line >= 0) std::fprintf(stderr, " (gated by the %s at line %d%s)", m->gate_global ? "STG" : "STS", m->gate_line, m->gate_exit ? ", after an EXIT" : "");
          if (m->red_line >= 0) std::fprintf(stderr, " (inside the branch around the atomic at line %d)", m->red_line);
          std::fprintf(stderr, "\n");
        }
        for (; q < fl.size(); ++q) print_flow(*fl[q]);
      }
      // The loop ptxas makes of a shared atomic the GPU has no instruction for (a float atomicAdd
      // on sm_90): an LDS of the old value and an ATOMS.CAS of one line inside one back edge (a
      // branch to or before the LDS from after the CAS). Each round of it is a load instruction
      // for Nsight Compute; the CAS is neither a load nor a store. The line goes to v->cas_loops
      // with the LDS's bytes, and the loop's instructions leave the list: the bank model makes the
      // rounds' loads from the atomic's accesses (SourceSite::cas_loop), and no other rule sees
      // them (a CAS outside such a loop is left out as before).
      {
        std::set<size_t> drop;
        for (const auto& fl : flow) {
          if (!fl.branch || fl.target < 0 || fl.target > static_cast<long long>(fl.offset)) continue;
          std::vector<size_t> inside;
          for (size_t i = 0; i < mi.size(); ++i)
            if (mi[i].function == fl.function && static_cast<long long>(mi[i].offset) >= fl.target && mi[i].offset < fl.offset) inside.push_back(i);
          for (size_t c : inside) {
            const sass::MemInstruction& cas = mi[c];
            const int f = file_of(cas.file);
            if (!cas.cas || cas.line <= 0 || f < 0) continue;
            for (size_t l : inside) {
              const sass::MemInstruction& ld = mi[l];
              if (ld.store || ld.atomic || ld.line != cas.line || ld.file != cas.file || ld.offset > cas.offset) continue;
              v->cas_loops[{f, cas.line}] = ld.bytes;
              drop.insert(l);
              drop.insert(c);
            }
          }
        }
        std::vector<sass::MemInstruction> kept;
        for (size_t i = 0; i < mi.size(); ++i)
          if (!drop.count(i) && !mi[i].cas) kept.push_back(std::move(mi[i]));
        mi = std::move(kept);
      }
      // Loads ptxas made only in the threads of a later store (sass::MemInstruction::gate_line):
      // a line's loads of one space, all of them gated by stores of one line (by the predicate or
      // after an EXIT, some one way and some the other as may be; `exit` where all after one).
      {
        std::map<LineKeyT, std::vector<const sass::MemInstruction*>> loads;  // (file, line, global?)
        for (const auto* list : {&mi, &gi})
          for (const auto& m : *list) {
            const int f = file_of(m.file);
            if (!m.store && !m.atomic && m.line > 0 && f >= 0) loads[LineKeyT{f, m.line, m.global}].push_back(&m);
          }
        for (const auto& [key, list] : loads) {
          CompilerView::SomeGated some;
          some.of = static_cast<int>(list.size());
          for (const auto* m : list)
            if (m->gate_line > 0 && file_of(m->gate_file) >= 0) {
              ++some.gated;
              some.gates.insert(LineKeyT{file_of(m->gate_file), m->gate_line, m->gate_global});
            }
          if (some.gated > 0) v->gated_some[key] = some;
        }
        for (const auto& [key, list] : loads) {
          const sass::MemInstruction& a = *list[0];
          const int gf = file_of(a.gate_file);
          bool all = a.gate_line > 0 && gf >= 0;
          for (const auto* m : list)
            all = all && m->gate_line == a.gate_line && m->gate_file == a.gate_file && m->gate_global == a.gate_global;
          bool exit = true;
          for (const auto* m : list) exit = exit && m->gate_exit;
          if (all) v->gated[key] = CompilerView::Gate{gf, a.gate_line, a.gate_global, exit};
        }
        // The same, copy by copy (CompilerView::gated_copies): a shared-load line of several 4-byte
        // copies in one function, some gated by STGs of one line that has as many STGs there, no
        // loop holding some of the copies or STGs and not the others.
        for (const auto& [key, list] : loads) {
          if (std::get<2>(key) || list.size() < 2) continue;
          const sass::MemInstruction* gated = nullptr;
          bool fits = true;
          for (const auto* m : list) {
            fits = fits && m->function == list[0]->function && m->bytes == 4;
            if (m->gate_line < 0) continue;
            if (!gated) gated = m;
            fits = fits && m->gate_global && m->gate_offset >= 0 && m->gate_line == gated->gate_line && m->gate_file == gated->gate_file;
          }
          const int gf = gated ? file_of(gated->gate_file) : -1;
          if (!fits || !gated || gf < 0) continue;
          std::vector<const sass::MemInstruction*> stores;
          for (const auto& m : gi)
            if (m.store && !m.atomic && m.function == gated->function && m.line == gated->gate_line && file_of(m.file) == gf) stores.push_back(&m);
          if (stores.size() != list.size()) continue;
          CompilerView::GatedCopies gc{gf, gated->gate_line, {}};
          for (const auto* m : list) {
            int index = -1;
            for (size_t s = 0; s < stores.size() && m->gate_line >= 0; ++s)
              if (static_cast<int>(stores[s]->offset) == m->gate_offset) index = static_cast<int>(s);
            if (m->gate_line >= 0 && index < 0) fits = false;
            gc.copies.push_back(index);
          }
          for (const auto& fl : flow) {  // a back edge: around all of them or none
            if (fl.function != list[0]->function || !fl.branch || fl.target < 0 || fl.target > static_cast<long long>(fl.offset)) continue;
            int in = 0;
            auto inside = [&](const sass::MemInstruction* m) { return static_cast<long long>(m->offset) >= fl.target && m->offset <= fl.offset; };
            in += static_cast<int>(std::count_if(list.begin(), list.end(), inside) + std::count_if(stores.begin(), stores.end(), inside));
            if (in != 0 && in != static_cast<int>(list.size() + stores.size())) fits = false;
          }
          if (!fits) continue;
          if (dump) {
            std::string p;
            for (int c : gc.copies) p += " " + std::to_string(c);
            std::fprintf(stderr, "SASS line %d ld gated copy by copy by the STGs of line %d:%s\n", std::get<1>(key), gc.line, p.c_str());
          }
          v->gated_copies[{std::get<0>(key), std::get<1>(key)}] = gc;
        }
        // Copies gated each by the one STG of its own line (CompilerView::gated_each): a shared-load
        // line of several 4-byte copies in one function that no rule above gates, some gated by an
        // STG whose line has no other STG in the function, no loop holding some of the copies or
        // STGs and not the others.
        for (const auto& [key, list] : loads) {
          if (std::get<2>(key) || list.size() < 2 || v->gated.count(key) || v->gated_copies.count({std::get<0>(key), std::get<1>(key)})) continue;
          bool fits = true;
          std::vector<std::pair<int, int>> gates;
          std::vector<const sass::MemInstruction*> around(list.begin(), list.end());
          for (const auto* m : list) {
            fits = fits && m->function == list[0]->function && m->bytes == 4;
            if (m->gate_line < 0) continue;
            const int gf = file_of(m->gate_file);
            fits = fits && m->gate_global && gf >= 0;
            int n = 0;
            for (const auto& g : gi)
              if (g.store && !g.atomic && g.function == m->function && g.line == m->gate_line && file_of(g.file) == gf) {
                ++n;
                around.push_back(&g);
              }
            fits = fits && n == 1;
            gates.push_back({gf, m->gate_line});
          }
          if (!fits || gates.empty()) continue;
          for (const auto& fl : flow) {  // a back edge: around all of them or none
            if (fl.function != list[0]->function || !fl.branch || fl.target < 0 || fl.target > static_cast<long long>(fl.offset)) continue;
            auto inside = [&](const sass::MemInstruction* m) { return static_cast<long long>(m->offset) >= fl.target && m->offset <= fl.offset; };
            const auto in = std::count_if(around.begin(), around.end(), inside);
            if (in != 0 && in != static_cast<long long>(around.size())) fits = false;
          }
          if (!fits) continue;
          std::vector<std::pair<int, int>> copies;
          for (const auto* m : list) copies.push_back(m->gate_line < 0 ? std::make_pair(-1, -1) : std::make_pair(file_of(m->gate_file), m->gate_line));
          if (dump) {
            std::string p;
            for (const auto& c : copies) p += " " + std::to_string(c.second);
            std::fprintf(stderr, "SASS line %d ld gated copy by copy by STGs of their own lines:%s\n", std::get<1>(key), p.c_str());
          }
          v->gated_each[{std::get<0>(key), std::get<1>(key)}] = copies;
        }
      }
      for (const auto& m : mi)
        if (m.after_exit && m.gate_line < 0 && m.line > 0 && file_of(m.file) >= 0) v->after_exit.insert(LineKey{file_of(m.file), m.line, false});
      std::map<std::string, int> function_index;
      for (const auto& m : mi) {
        const int f = file_of(m.file);
        if (m.atomic || m.line <= 0 || f < 0) continue;
        const int words = std::max(1, m.bytes / 4);  // LDS.U16, STS.U8 ...: one instruction of one word's lanes
        v->lines[LineKey{f, m.line, m.store}].push_back(words);
        CompilerView::Place place;
        place.function = function_index.emplace(m.function, static_cast<int>(function_index.size())).first->second;
        for (const auto& fl : flow) {
          if (fl.function == m.function && fl.offset < m.offset) {
            ++place.run;
            if (fl.opcode == 0x11d) ++place.region;
          }
          if (fl.function != m.function || !fl.branch || fl.target < 0 || fl.target > static_cast<long long>(fl.offset) ||
              static_cast<long long>(m.offset) < fl.target || m.offset >= fl.offset)
            continue;
          bool barrier = false;  // (a loop with a BAR in it: a warp passes once between two barriers)
          for (const auto& b : flow)
            barrier = barrier || (b.function == fl.function && b.opcode == 0x11d && static_cast<long long>(b.offset) >= fl.target && b.offset < fl.offset);
          place.looped = place.looped || !barrier;
        }
        place.guarded = m.guard >= 0;
        place.guard = m.guard;
        v->places[LineKey{f, m.line, m.store}].push_back(place);
        v->line_bytes[LineKey{f, m.line, m.store}].push_back(m.bytes);
        if (words > 1 && seen.insert({f, m.line, m.store, words}).second)
          v->groups.push_back(line_group(f, m.store, {m.line}, words, false, "SASS " + m.opcode));
      }
      unrolled_loops(*v, mi, flow, file_of, dump);
      unrolled_loops(*v, gi, flow, file_of, dump, true);
      red_gates(*v, mi, reds, flow, file_of, dump);
      // A line's loads before a predicated EXIT that the line's other instructions follow (the
      // loads of `t == 0 && part[0].count > 0 && part[0].seen` made before the threads other than
      // 0 leave; the load of what the branch uses after it): the first of the line's loads.
      {
        std::map<std::tuple<std::string, int, int>, std::vector<const sass::MemInstruction*>> by_line;  // (function, file, line)
        for (const auto& m : mi) {
          const int f = file_of(m.file);
          if (m.line > 0 && f >= 0) by_line[{m.function, f, m.line}].push_back(&m);
        }
        for (const auto& [key, list] : by_line) {
          std::vector<int> bytes;
          size_t k = 0;
          for (; k < list.size() && !list[k]->store && !list[k]->atomic && list[k]->exit_after >= 0 && list[k]->exit_after == list[0]->exit_after; ++k)
            bytes.push_back(list[k]->bytes);
          if (bytes.empty() || k == list.size() || static_cast<int>(list[k]->offset) < list[0]->exit_after) continue;
          const auto wkey = std::make_pair(std::get<1>(key), std::get<2>(key));
          if (v->before_exit.count(wkey)) {  // two functions' copies of the line: not known which runs
            v->before_exit[wkey].clear();
            continue;
          }
          v->before_exit[wkey] = bytes;
        }
        for (auto it = v->before_exit.begin(); it != v->before_exit.end();) it = it->second.empty() ? v->before_exit.erase(it) : std::next(it);
      }
      // A line whose copies (a loop unrolled, with its remainder) are not all of one width: which
      // copy runs is not known here, so the PTX's vector access of the line stands (nvcc's
      // ld/st.shared.vN, where the SASS has that width too: the unrolled copies ptxas made of it);
      // without one its accesses stay as written.
      auto mixed = [&](const LineGroup& g) {
        const auto& w = v->lines[LineKey{g.file, g.lines[0], g.store}];
        return std::any_of(w.begin(), w.end(), [&](int x) { return x != g.width; });
      };
      std::set<LineKey> mixed_lines;
      for (const LineGroup& g : v->groups)
        if (mixed(g)) mixed_lines.insert(LineKey{g.file, g.lines[0], g.store});
      v->groups.erase(std::remove_if(v->groups.begin(), v->groups.end(), mixed), v->groups.end());
      std::set<std::tuple<int, int, bool, int>> ptx_seen;
      for (size_t i = 0; i < ins.size(); ++i) {
        const LineKey key{file[i], ins[i].line, ins[i].store};
        if (ins[i].width < 2 || ins[i].atomic || !mixed_lines.count(key) || !ptx_seen.insert({file[i], ins[i].line, ins[i].store, ins[i].width}).second) continue;
        const auto& w = v->lines[key];
        if (std::find(w.begin(), w.end(), ins[i].width) == w.end()) continue;
        v->groups.push_back(line_group(file[i], ins[i].store, {ins[i].line}, ins[i].width, false,
                             "nvcc (PTX " + std::string(ins[i].store ? "st" : "ld") + ".shared.v" + std::to_string(ins[i].width) + ")"));
      }
      // Without such a PTX vector access: ptxas's own mix of widths on the line (a loop of four
      // loads made LDS + LDS.128, the 16-byte one where an aligned block starts): the line's
      // accesses in one aligned block of the widest are one lane of one instruction, the others
      // one each (the bank model's blocks of a group).
      for (const LineKey& key : mixed_lines) {
        bool has = false;
        auto of_line = [&](const LineGroup& g) { return g.file == std::get<0>(key) && g.lines == std::vector<int>{std::get<1>(key)} && g.store == std::get<2>(key); };
        for (const LineGroup& g : v->groups) has = has || of_line(g);
        // (only where the line's instructions of the kind lie in one straight run of one function's
        // code: copies split by branches are the paths of an unrolled loop, which one runs not known)
        std::string function;
        long long lo = -1, hi = -1;
        bool one_run = true;
        for (const auto& m : mi) {
          if (m.atomic || m.line != std::get<1>(key) || m.store != std::get<2>(key) || file_of(m.file) != std::get<0>(key)) continue;
          if (lo < 0) function = m.function, lo = m.offset;
          one_run = one_run && m.function == function;
          hi = m.offset;
        }
        for (const auto& f : flow)
          if (f.function == function && f.offset > lo && f.offset < hi) one_run = false;
        if (!one_run) {
          // A runtime-bounded loop's row (LineGroup::row_words): loads of one function whose first
          // instructions are one straight block of wide ones, unpredicated, and whose others (after
          // a control-flow instruction) are of one narrower width, every loop of the code that holds
          // the block holding them too (the block is not the unrolled body's: ptxas took it out of
          // the loop, whose addresses repeat each round; the remainder may be a loop of its own)
          std::vector<const sass::MemInstruction*> line;
          bool one_function = true;
          for (const auto& m : mi)
            if (!m.atomic && m.line == std::get<1>(key) && m.store == std::get<2>(key) && file_of(m.file) == std::get<0>(key)) {
              one_function = one_function && m.function == function;
              line.push_back(&m);
            }
          if (std::get<2>(key) || !one_function || line.size() < 2) continue;
          size_t k = 0;
          while (k < line.size() && line[k]->bytes == line[0]->bytes) ++k;
          bool row = k < line.size() && line[0]->bytes > line[k]->bytes;
          for (size_t i = 0; i < line.size() && row; ++i)
            row = i < k ? line[i]->guard < 0 : line[i]->bytes == line[k]->bytes;
          bool split = false;  // a control-flow instruction between the block and the rest
          for (const auto& f : flow) {
            if (f.function != function) continue;
            if (f.offset > line[0]->offset && f.offset < line[k - 1]->offset) row = false;
            if (f.offset > line[k - 1]->offset && f.offset < line[k]->offset) split = true;
            if (f.branch && f.target >= 0 && f.target <= static_cast<long long>(f.offset)) {
              auto holds = [&](unsigned off) { return static_cast<long long>(off) >= f.target && off <= f.offset; };
              if (holds(line[0]->offset))
                for (size_t i = k; i < line.size(); ++i) row = row && holds(line[i]->offset);
            }
          }
          if (!row || !split) continue;
          LineGroup g = line_group(std::get<0>(key), false, {std::get<1>(key)}, line[0]->bytes / 4, false,
                      "SASS (a runtime-bounded loop's row: one LDS." + std::to_string(8 * line[0]->bytes) + (k > 1 ? " block" : "") +
                          " for a thread's first iterations, its remainder's copies one element each)");
          g.row_words = static_cast<int>(k) * line[0]->bytes / 4;
          v->groups.erase(std::remove_if(v->groups.begin(), v->groups.end(), of_line), v->groups.end());  // the PTX's ld.shared.v2 of an int2
          v->groups.push_back(g);
          continue;
        }
        const auto& w = v->lines[key];
        const int widest = *std::max_element(w.begin(), w.end());
        // the instructions' addresses (base register and offset), for layout_matches
        int round = 0;
        if (auto p = v->ptx_lines.find(key); p != v->ptx_lines.end())
          for (int pw : p->second) round += pw;
        std::vector<int> layout = {round};
        for (const auto& m : mi)
          if (!m.atomic && m.line == std::get<1>(key) && m.store == std::get<2>(key) && file_of(m.file) == std::get<0>(key) && m.addr_reg >= 0)
            layout.insert(layout.end(), {m.addr_reg, static_cast<int>(m.addr_imm), m.bytes});
        const bool placed = round > 0 && layout.size() == 1 + 3 * w.size();
        if (has) {
          // The PTX's vector access of the line (an int2's st.shared.v2) where ptxas joined some of
          // them into wider ones (a loop's four int2 stores STS.64, STS.64, STS.128: gen-20261205-75):
          // the instructions' addresses where they place every thread's words, else the PTX's width
          for (LineGroup& g : v->groups)
            if (of_line(g) && placed && widest > g.width && g.sass_layout.empty()) g.sass_layout = layout;
          continue;
        }
        v->groups.push_back(line_group(std::get<0>(key), std::get<2>(key), {std::get<1>(key)}, widest, false,
                             std::string("SASS (") + (std::get<2>(key) ? "STS" : "LDS") + " of several widths on one line: each aligned block one instruction)"));
        v->groups.back().sass_widths = w;
        if (placed) v->groups.back().sass_layout = layout;
        // Instructions holding more words a thread than the PTX's accesses of the line: ptxas joined
        // other lines' stores into them (LineGroup::joined_layout). The lines whose instructions of
        // this run share a base register with the line's, with no control-flow instruction between.
        int sass_words = 0;
        for (size_t k = 3; k < layout.size(); k += 3) sass_words += layout[k] / 4;
        if (placed && std::get<2>(key) && sass_words > round) {
          std::set<int> regs;
          for (size_t k = 1; k < layout.size(); k += 3) regs.insert(layout[k]);
          auto straight = [&](long long a, long long b) {
            if (a > b) std::swap(a, b);
            for (const auto& f : flow)
              if (f.function == function && static_cast<long long>(f.offset) > a && static_cast<long long>(f.offset) < b) return false;
            return true;
          };
          std::set<int> joined;
          for (const auto& m : mi)
            if (!m.atomic && m.store && m.function == function && file_of(m.file) == std::get<0>(key) && m.line > 0 && m.line != std::get<1>(key) &&
                m.addr_reg >= 0 && regs.count(m.addr_reg) && straight(m.offset, lo) && straight(m.offset, hi))
              joined.insert(m.line);
          std::vector<int> all = {0};
          bool ok = true;
          for (const auto& m : mi) {
            if (m.atomic || !m.store || file_of(m.file) != std::get<0>(key) || (m.line != std::get<1>(key) && !joined.count(m.line))) continue;
            ok = ok && m.function == function && m.addr_reg >= 0 && m.bytes >= 4 && straight(m.offset, lo) && straight(m.offset, hi);
            all.insert(all.end(), {m.addr_reg, static_cast<int>(m.addr_imm), m.bytes});
            all[0] += m.bytes / 4;
          }
          if (ok) {
            v->groups.back().joined_lines.assign(joined.begin(), joined.end());
            v->groups.back().joined_layout = all;
          }
        }
      }
      // Wide stores named with a line where the PTX stores nothing (LineGroup::foreign_layout): the
      // line's store instructions, in one straight run of one function, with their addresses.
      for (LineGroup& g : v->groups) {
        if (!g.store || g.lines.size() != 1 || g.width < 2 || v->ptx_lines.count(LineKey{g.file, g.lines[0], true})) continue;
        std::vector<int> layout = {0};
        std::string function;
        long long lo = -1, hi = -1;
        bool ok = true;
        for (const auto& m : mi) {
          if (m.atomic || !m.store || m.line != g.lines[0] || file_of(m.file) != g.file) continue;
          if (lo < 0) function = m.function, lo = m.offset;
          ok = ok && m.function == function && m.addr_reg >= 0 && m.bytes >= 4;
          hi = m.offset;
          layout.insert(layout.end(), {m.addr_reg, static_cast<int>(m.addr_imm), m.bytes});
          layout[0] += m.bytes / 4;
        }
        for (const auto& f : flow)
          if (f.function == function && static_cast<long long>(f.offset) > lo && static_cast<long long>(f.offset) < hi) ok = false;
        if (ok && layout.size() >= 4) g.foreign_layout = layout;
      }
      // ptxas's one load for the identical loads of an if/else's two arms (predicted from the PTX,
      // as below), where the SASS agrees: it has fewer loads on the two arms' lines than the PTX.
      auto count = [](const std::map<LineKey, std::vector<int>>& m, const LineKey& key) {
        auto it = m.find(key);
        return it == m.end() ? 0 : static_cast<int>(it->second.size());
      };
      for (const auto& m : ptx::assembler_merges(r.ptx, ins)) {
        const auto& a = ins[m.first];
        const auto& b = ins[m.second];
        if (m.width != 1 || file[m.first] < 0 || file[m.first] != file[m.second]) continue;
        const LineKey ka{file[m.first], a.line, a.store}, kb{file[m.first], b.line, b.store};
        const int in_sass = count(v->lines, ka) + (kb != ka ? count(v->lines, kb) : 0);
        const int in_ptx = count(v->ptx_lines, ka) + (kb != ka ? count(v->ptx_lines, kb) : 0);
        if (in_sass >= in_ptx) continue;
        LineGroup g = line_group(file[m.first], a.store, {a.line}, 1, true, "ptxas (the same load in both arms of an if/else)");
        if (b.line != a.line) g.lines.push_back(b.line);
        v->groups.push_back(g);
      }
      return v;
    }
    v->notes.push_back("SASS not read (" + v->sass_why + "): what ptxas makes of the PTX is predicted");
  }
  v->lines = v->ptx_lines;
  // nvcc's vector accesses: one group per (line, kind, width)
  std::set<std::tuple<int, int, bool, int>> seen;
  for (size_t i = 0; i < ins.size(); ++i)
    if (ins[i].width > 1 && file[i] >= 0 && !ins[i].atomic && seen.insert({file[i], ins[i].line, ins[i].store, ins[i].width}).second)
      v->groups.push_back(line_group(file[i], ins[i].store, {ins[i].line}, ins[i].width, false, "nvcc (PTX " + std::string(ins[i].store ? "st" : "ld") + ".shared.v" + std::to_string(ins[i].width) + ")"));
  // ptxas's merges
  for (const auto& m : ptx::assembler_merges(r.ptx, ins)) {
    const auto& a = ins[m.first];
    const auto& b = ins[m.second];
    if (file[m.first] < 0 || file[m.first] != file[m.second]) continue;
    LineGroup g = line_group(file[m.first], a.store, {a.line}, m.width, m.width == 1,
                m.width == 2 ? "ptxas (an 8-byte aligned pair)" : "ptxas (the same load in both arms of an if/else)");
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

const cuda::SharedLayouts* gpu_shared_layouts(const CompilerView& v, const TraceRequest& r) {
  if (v.layouts.empty() || r.banks == 16 || r.warp_issue == 16) return nullptr;
  return &v.layouts;
}

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

// Which arm of an if/else a statement line lies in: 0 the then arm, 1 the else arm, -1 neither.
static int branch_arm(const CompilerView::Branch& br, int line) {
  return line >= br.then_first && line <= br.then_last ? 0 : line >= br.else_first && line <= br.else_last ? 1 : -1;
}

// Which memory each site of the trace loads or stores in: 1 shared, 2 global (3 both).
static std::vector<char> site_spaces(const Trace& t) {
  const int nsites = static_cast<int>(t.sites.size());
  std::vector<char> space(t.sites.size(), 0);
  for (const auto& st : t.steps) {
    for (const auto& a : st.accesses)
      if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < nsites) space[a.site] |= 1;
    for (const auto& a : st.global)
      if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < nsites) space[a.site] |= 2;
  }
  return space;
}

// A site whose accesses the rules take one instruction each: in no vector group, not wider than
// its type, not made in every warp, not copied by an unrolled-loop plan. The gate rules take only
// such a site.
static bool lone_access(const SourceSite& x) {
  return x.vector_group < 0 && x.vector_width == 1 && !x.every_warp && x.unrolled.empty();
}
// Loaded values that map one to one to written values, for each key (a, b): the same loaded value
// always written as the same value, and no two loaded values as one. Each call adds a pair and
// says whether every pair of its key so far fits.
struct OneToOne {
  std::map<std::tuple<int, int, double>, double> to_written, to_load;
  bool operator()(int a, int b, double loaded, double written) {
    const double w = to_written.emplace(std::make_tuple(a, b, loaded), written).first->second;
    const double l = to_load.emplace(std::make_tuple(a, b, written), loaded).first->second;
    return w == written && l == loaded;
  }
};
// The values each thread loaded at site s in a step, in order.
static std::map<int, std::vector<double>> loads_by_thread(const Step& st, int s) {
  std::map<int, std::vector<double>> got;
  for (const auto& a : st.accesses)
    if (a.site == s && a.op == kLoad) got[a.tid].push_back(a.value);
  return got;
}

// Which of a thread's n loads at shared site `s` feeds its global access of kind `op` (kStore, kAtomic)
// at site `g` in iteration m of that access's innermost loop (GlobalAccess::iteration): load m
// (order[0]: the loops run alike) or load n - 1 - m (order[1]: one counts down). Read from the
// values: the access of iteration m writes a value made of that load by a one-to-one function (the
// same loaded value always written as the same value, and no two as one). fits: every thread that
// loads there makes n loads in a step, and each access has its thread's n loads; any: an access
// was seen. by[h][k]: the copy (index into `copies`' iterations) that reads load k in order h.
struct CopyOrder {
  bool fits = true, any = false;
  bool order[2] = {true, true};
  std::vector<int> by[2];
};
static CopyOrder copy_order(const Trace& t, int s, int g, int op, const std::vector<int>& copies) {
  CopyOrder r;
  const int n = static_cast<int>(copies.size());
  OneToOne one_to_one;  // keyed by (order, iteration)
  for (const auto& st : t.steps) {
    const std::map<int, std::vector<double>> got = loads_by_thread(st, s);
    for (const auto& [tid, values] : got) r.fits = r.fits && static_cast<int>(values.size()) == n;
    for (const auto& a : st.global) {
      if (a.site != g || a.op != op) continue;
      auto l = got.find(a.tid);
      if (l == got.end() || a.iteration < 0 || a.iteration >= n || static_cast<int>(l->second.size()) != n) {
        r.fits = false;
        continue;
      }
      r.any = true;
      r.order[0] = r.order[0] && one_to_one(0, a.iteration, l->second[static_cast<size_t>(a.iteration)], a.value);
      r.order[1] = r.order[1] && one_to_one(1, a.iteration, l->second[static_cast<size_t>(n - 1 - a.iteration)], a.value);
    }
  }
  r.by[0].assign(static_cast<size_t>(n), -1);
  r.by[1].assign(static_cast<size_t>(n), -1);
  for (int m : copies)
    if (m >= 0 && m < n) {
      r.by[0][static_cast<size_t>(m)] = m;
      r.by[1][static_cast<size_t>(n - 1 - m)] = m;
    }
  return r;
}

// Loads of an unrolled loop that ptxas made inside the branches around the global atomics that use
// their values (v.gated_red: `@P2 BRA` over `LDS; RED` of `if (g >= 0 && g < n) atomicAdd(&dst[g],
// v[j])`): the line's one shared load site and the atomic line's one global atomic site, of 4
// bytes. As the copies gated by STGs (v.gated_copies): each thread that reaches the load makes N
// loads there in a step (N the line's copies) and its atomics at iterations 0 to N - 1 of their
// innermost loop (GlobalAccess::iteration), in the order of the REDs; the atomic of iteration m
// writes a value made of the thread's load m or of load N - 1 - m (a one-to-one function of it),
// whichever every atomic of the run fits, and not both where the gated copies would differ. A load
// whose atomic copy is inside the branch is made by the threads that make that atomic.
// Whether two lines' sites may be one instruction by the launches that run them: false where
// both are run and no launch runs a site of each (the kernels of a file are separate functions
// in the SASS: a line of one kernel is never the other's instruction, gen-20261206-149's line 147
// of gk0, whose loads the line table names with a line of no sites, is not gk1's line 205).
static bool share_a_launch(const Trace& t, const std::vector<int>& a, const std::vector<int>& b) {
  std::set<int> in_a, in_b;
  const std::set<int> sa(a.begin(), a.end()), sb(b.begin(), b.end());
  for (const auto& st : t.steps)
    for (const auto& x : st.accesses) {
      if (sa.count(x.site)) in_a.insert(st.launch);
      if (sb.count(x.site)) in_b.insert(st.launch);
    }
  if (in_a.empty() || in_b.empty()) return true;
  for (int l : in_a)
    if (in_b.count(l)) return true;
  return false;
}

// Loads of an if/else's arms that ptxas made one LDS after the join, gated by a later store
// (gen-20261208-107's gk1: `v = sg1_1[el]` in one arm and `v = sg1_2[..]` in the other, one
// `LDS` after `@P0 EXIT` named with line 146, `v -= 377`, which has no shared sites; the store
// `if (g < n) dst[g] = v` at line 155). A gated line (v.gated: all its loads gated by one store
// line) with no load sites of its own lends its gate to the load sites before it, of its store's
// launch, on lines with no shared-load instruction of their own in the SASS: where, in every step,
// each thread that stores makes exactly one of those loads and some thread loads without storing.
static void apply_joined_arm_gates(const CompilerView& v, Trace& t, std::vector<std::string>& used) {
  if (!v.sass || v.gated.empty()) return;
  const int nsites = static_cast<int>(t.sites.size());
  const std::vector<char> space = site_spaces(t);  // 1 shared, 2 global
  auto on = [&](int s, int file, int line) { return t.sites[s].file == file && (t.sites[s].stmt_line == line || t.sites[s].line == line); };
  auto has_load = [&](int s) {
    const SourceSite& x = t.sites[s];
    return v.lines.count(LineKeyT{x.file, x.stmt_line, false}) > 0 || v.lines.count(LineKeyT{x.file, x.line, false}) > 0;
  };
  for (const auto& [key, gate] : v.gated) {
    const auto [file, line, global] = key;
    if (global || gate.global == false) continue;  // shared loads gated by an STG
    std::vector<int> stores;
    bool own = false;
    for (int s = 0; s < nsites; ++s) {
      if (on(s, file, line) && t.sites[s].op == kLoad && space[s] == 1) own = true;
      if (on(s, gate.file, gate.line) && t.sites[s].op == kStore && space[s] == 2) stores.push_back(s);
    }
    if (own || stores.size() != 1) continue;
    const int g = stores[0];
    std::vector<int> cands;
    for (int s = 0; s < nsites; ++s) {
      const SourceSite& x = t.sites[s];
      if (x.op != kLoad || space[s] != 1 || x.file != file || x.stmt_line >= line || has_load(s)) continue;
      if (!lone_access(x) || x.words() != 1 || x.gated >= 0) continue;
      if (!share_a_launch(t, {s}, {g})) continue;
      cands.push_back(s);
    }
    if (cands.empty()) continue;
    const std::set<int> cs(cands.begin(), cands.end());
    bool fits = true, fewer = false;
    for (const auto& st : t.steps) {
      std::map<int, std::pair<int, int>> n;  // thread -> (loads at the candidates, stores at g)
      for (const auto& a : st.accesses)
        if (cs.count(a.site)) ++n[a.tid].first;
      for (const auto& a : st.global)
        if (a.site == g && a.op == kStore) ++n[a.tid].second;
      for (const auto& kv : n) {
        const auto& c = kv.second;
        fits = fits && (c.second == 0 || c.first == 1);
        fewer = fewer || (c.first > 0 && c.second == 0);
      }
    }
    if (!fits || !fewer) continue;
    for (int s : cands) {
      t.sites[s].gated = g;
      t.sites[s].gated_exit = gate.exit;
    }
    used.push_back("ptxas (the arms' loads made one after the join, only by the threads that store the value)");
  }
}

static void apply_red_gates(const CompilerView& v, Trace& t, std::vector<std::string>& used) {
  if (!v.sass || v.gated_red.empty()) return;
  const int nsites = static_cast<int>(t.sites.size());
  const std::vector<char> space = site_spaces(t);  // 1 shared, 2 global
  std::vector<char> atomic(t.sites.size(), 0);     // global atomic sites
  for (const auto& st : t.steps)
    for (const auto& a : st.global)
      if (a.op == kAtomic && a.site >= 0 && a.site < nsites) atomic[a.site] = 1;
  for (const auto& [fl, gc] : v.gated_red) {
    std::vector<int> loads, atomics;
    for (int s = 0; s < nsites; ++s) {
      const SourceSite& x = t.sites[s];
      if (x.file == fl.first && x.stmt_line == fl.second && x.op == kLoad && space[s] == 1) loads.push_back(s);
      if (x.file == gc.file && x.stmt_line == gc.line && atomic[s]) atomics.push_back(s);
    }
    if (loads.size() != 1 || atomics.size() != 1) continue;
    const int s = loads[0], g = atomics[0];
    const SourceSite& x = t.sites[s];
    if (!lone_access(x) || x.bytes != 4 || x.gated >= 0 || t.sites[g].bytes != 4)
      continue;
    const CopyOrder o = copy_order(t, s, g, kAtomic, gc.copies);
    if (!o.fits || !o.any) continue;
    if ((o.order[0] && o.order[1] && o.by[0] != o.by[1]) || (!o.order[0] && !o.order[1])) continue;
    t.sites[s].gated = g;
    t.sites[s].gated_exit = false;
    t.sites[s].gated_copies = o.order[0] ? o.by[0] : o.by[1];
    used.push_back("ptxas (copies of an unrolled loop's load made inside the branch around the global atomic that uses the value)");
  }
}

// Where the SASS shows that the prediction of a line may be wrong and no rule above explains it:
// a note on the line (issue 26: a difference the model cannot know of is shown where it occurs).
// After the bank model: the prediction's instructions (Step::instructions) are compared, line by
// line, with the SASS's shared instructions of the line (CompilerView::lines and places). The
// sites of one kind on a statement line are taken together, and lines whose sites share a vector
// group (one instruction for several lines) with them. Counters are not changed.
//  - more instructions predicted for a warp between two barriers than the SASS has on the lines,
//    none of them in a loop of the machine code (a warp executes each at most once there);
//  - fewer predicted for a warp than the SASS has there, all of them unpredicated in one straight
//    run of one function (a warp that makes one makes all);
//  - no instruction of the kind on the lines, and one on a line of the file without a site of
//    its kind, of a width the prediction gives no instruction of the kind (merged there).
// Lines with a note of the rules above, sites the rules mark (every warp, a CAS loop, gated,
// unrolled copies, removed) and steps a tile barrier polls are left alone.
static void note_uncertain_lines(const CompilerView& v, Trace& t) {
  const int nsites = static_cast<int>(t.sites.size());
  const std::vector<char> space = site_spaces(t);
  std::set<std::pair<std::string, int>> noted;  // (path, line) of the notes already there
  for (const auto& n : t.compiler_notes) {
    const size_t colon = n.find(": ");
    const size_t c2 = colon == std::string::npos ? std::string::npos : n.rfind(':', colon - 1);
    if (c2 == std::string::npos || c2 == 0) continue;
    try {
      noted.insert({n.substr(0, c2), std::stoi(n.substr(c2 + 1, colon - c2 - 1))});
    } catch (const std::exception&) {
    }
  }
  auto path_of = [&](int file) { return file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : std::string("?"); };
  // the pools: statement lines of one kind joined by a shared vector group
  std::map<LineKey, int> pool_of;
  std::vector<int> parent;
  auto find = [&](int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  };
  std::map<int, int> group_pool;
  std::vector<int> site_pool(t.sites.size(), -1);
  for (int s = 0; s < nsites; ++s) {
    const SourceSite& x = t.sites[s];
    if (!(space[s] & 1) || (x.op != kLoad && x.op != kStore)) continue;
    const LineKey key{x.file, x.stmt_line, x.op == kStore};
    auto it = pool_of.find(key);
    if (it == pool_of.end()) {
      it = pool_of.emplace(key, static_cast<int>(parent.size())).first;
      parent.push_back(it->second);
    }
    site_pool[s] = it->second;
    if (x.vector_group >= 0) {
      auto g = group_pool.emplace(x.vector_group, it->second).first;
      parent[find(it->second)] = find(g->second);
    }
  }
  const int npools = static_cast<int>(parent.size());
  if (npools == 0) return;
  struct Pool {
    std::set<int> lines;      // statement and written lines of its sites
    std::set<int> stmt_lines;
    int file = 0;
    bool store = false, marked = false;
    bool grouped = false, narrow = false;  // a site in a vector group; a site of 1 or 2 bytes
    int widest = 0;                        // the widest site's bytes
    std::set<int> widths;     // of the prediction's instructions
    long long made = 0;       // instructions predicted
    int most = 0, fewest = 0; // a warp's most and fewest (of those with one or more) between two barriers
  };
  std::vector<Pool> pools(static_cast<size_t>(npools));
  for (int s = 0; s < nsites; ++s) {
    if (site_pool[s] < 0) continue;
    const SourceSite& x = t.sites[s];
    Pool& p = pools[static_cast<size_t>(find(site_pool[s]))];
    p.file = x.file;
    p.store = x.op == kStore;
    p.lines.insert({x.stmt_line, x.line});
    p.stmt_lines.insert(x.stmt_line);
    p.marked = p.marked || x.every_warp || x.cas_loop || x.gated >= 0 || !x.unrolled.empty() || x.vector_width == 0;
    p.grouped = p.grouped || x.vector_group >= 0;
    p.narrow = p.narrow || x.bytes < 4;
    p.widest = std::max(p.widest, x.bytes);
    p.grouped = p.grouped || x.vector_width != 1;
  }
  std::map<bool, std::set<int>> kind_widths;  // the prediction's instruction widths, loads and stores
  // (counted between two barriers: the steps that end at a warp's synchronisation, a shuffle or a
  // ballot, taken together up to the step that ends at a __syncthreads())
  std::map<std::pair<int, int>, int> per_warp;  // (pool, warp) -> instructions
  for (size_t k = 0; k < t.steps.size(); ++k) {
    const Step& st = t.steps[k];
    for (const auto& wi : st.instructions) {
      if ((wi.op != kLoad && wi.op != kStore) || wi.site < 0 || wi.site >= nsites || site_pool[wi.site] < 0) continue;
      const int p = find(site_pool[wi.site]);
      ++per_warp[{p, wi.warp}];
      pools[static_cast<size_t>(p)].widths.insert(wi.width);
      kind_widths[wi.op == kStore].insert(wi.width);
    }
    const bool ends = st.barrier || k + 1 == t.steps.size() || t.steps[k + 1].block != st.block || t.steps[k + 1].launch != st.launch;
    if (!ends) continue;
    for (const auto& [pw, n] : per_warp) {
      Pool& p = pools[static_cast<size_t>(pw.first)];
      p.made += n;
      p.most = std::max(p.most, n);
      p.fewest = p.fewest == 0 ? n : std::min(p.fewest, n);
    }
    per_warp.clear();
  }
  // the SASS's instructions of each pool's lines: how many, whether one of them lies in a loop
  // without a barrier, whether all lie unpredicated in one straight run of one function
  std::vector<int> sass_count(static_cast<size_t>(npools), 0), ptx_count(static_cast<size_t>(npools), 0);
  std::vector<char> looped(static_cast<size_t>(npools), 0), straight(static_cast<size_t>(npools), 0);
  std::set<LineKey> pool_lines;
  for (int i = 0; i < npools; ++i) {
    if (find(i) != i) continue;
    const Pool& p = pools[static_cast<size_t>(i)];
    bool one = true;
    std::set<std::pair<int, int>> runs;  // (function, run)
    for (int l : p.lines) {
      const LineKey key{p.file, l, p.store};
      pool_lines.insert(key);
      auto w = v.lines.find(key);
      if (w != v.lines.end()) sass_count[static_cast<size_t>(i)] += static_cast<int>(w->second.size());
      if (auto x = v.ptx_lines.find(key); x != v.ptx_lines.end()) ptx_count[static_cast<size_t>(i)] += static_cast<int>(x->second.size());
      auto pl = v.places.find(key);
      if (pl == v.places.end()) continue;
      for (const auto& place : pl->second) {
        looped[static_cast<size_t>(i)] = looped[static_cast<size_t>(i)] || place.looped;
        one = one && !place.guarded && !place.looped;
        runs.insert({place.function, place.run});
      }
    }
    straight[static_cast<size_t>(i)] = one && runs.size() == 1;
  }
  // The line table may name a neighbouring statement's line for an instruction (the arms of an
  // if/else, statements ptxas joined): a pool's instructions more or fewer than predicted are
  // noted only where the lines within kArmReach of it, outside loops, do not make up the difference
  // (their instructions beyond their prediction, or the prediction beyond their instructions;
  // instructions on lines without sites of the kind count as beyond).
  auto near = [&](const Pool& p, int file, int line) {
    return file == p.file && line >= *p.lines.begin() - kArmReach && line <= *p.lines.rbegin() + kArmReach;
  };
  auto spare = [&](int i, bool sass_beyond) {  // the neighbours' instructions beyond the prediction, or the reverse
    const Pool& p = pools[static_cast<size_t>(i)];
    int sum = 0;
    for (int q = 0; q < npools; ++q) {
      if (find(q) != q || q == i || looped[static_cast<size_t>(q)]) continue;
      const Pool& o = pools[static_cast<size_t>(q)];
      bool close = false;
      for (int l : o.lines) close = close || near(p, o.file, l);
      if (!close || o.store != p.store) continue;
      const int d = sass_beyond ? sass_count[static_cast<size_t>(q)] - o.most : o.most - sass_count[static_cast<size_t>(q)];
      sum += std::max(0, d);
    }
    if (sass_beyond)
      for (const auto& [key, widths] : v.lines)
        if (std::get<2>(key) == p.store && near(p, std::get<0>(key), std::get<1>(key)) && !pool_lines.count(key)) {
          bool in_loop = false;
          if (auto pl = v.places.find(key); pl != v.places.end())
            for (const auto& place : pl->second) in_loop = in_loop || place.looped;
          if (!in_loop) sum += static_cast<int>(widths.size());
        }
    return sum;
  };
  auto kind = [](bool store, bool plural) { return std::string(store ? (plural ? "stores" : "store") : (plural ? "loads" : "load")); };
  auto opcode = [](bool store, int words) { return std::string(store ? "STS" : "LDS") + (words > 1 ? "." + std::to_string(32 * words) : ""); };
  for (int i = 0; i < npools; ++i) {
    if (find(i) != i) continue;
    const Pool& p = pools[static_cast<size_t>(i)];
    if (p.marked || p.made == 0) continue;
    const std::string path = path_of(p.file);
    bool has_note = false;
    for (int l : p.lines) has_note = has_note || noted.count({path, l});
    if (has_note) continue;
    const int at = *p.stmt_lines.begin();
    std::string where = "this line";
    if (p.stmt_lines.size() > 1) {
      where = "lines";
      int k = 0;
      for (int l : p.stmt_lines) where += (k++ == 0 ? " " : (k == static_cast<int>(p.stmt_lines.size()) ? " and " : ", ")) + std::to_string(l);
      where += " (one group in the prediction)";
    }
    const int n = sass_count[static_cast<size_t>(i)];
    const std::string head = path + ":" + std::to_string(at) + ": ";
    // a load after the EXIT of some threads, which no store gates: noted where a warp of the run
    // loads here and no thread of it makes an access after the load (a shared access later in the
    // step, a global store or atomic in the step, any access in a later step of its block), so
    // that all its threads may have left at the EXIT
    bool exit_line = false;
    for (int l : p.lines) exit_line = exit_line || (!p.store && v.after_exit.count(LineKey{p.file, l, false}));
    if (exit_line) {
      bool leaves = false;
      std::map<std::tuple<int, int, int>, size_t> last;  // (launch, block, thread) -> its last step with an access
      for (size_t k = 0; k < t.steps.size(); ++k) {
        const Step& st = t.steps[k];
        for (const auto& a : st.accesses) last[{st.launch, st.block, a.tid}] = k;
        for (const auto& a : st.global) last[{st.launch, st.block, a.tid}] = k;
      }
      for (size_t k = 0; k < t.steps.size() && !leaves; ++k) {
        const Step& st = t.steps[k];
        std::map<int, bool> stays;  // warp -> a thread of it accesses memory after its load here
        std::set<int> loaded;
        for (const auto& a : st.accesses) {
          const bool here = a.op == kLoad && a.site >= 0 && a.site < nsites && site_pool[a.site] >= 0 && find(site_pool[a.site]) == i;
          if (here) {
            loaded.insert(a.tid);
            stays.emplace(a.tid / kWarpSize, false);
            if (last[{st.launch, st.block, a.tid}] > k) stays[a.tid / kWarpSize] = true;
          } else if (loaded.count(a.tid)) {
            stays[a.tid / kWarpSize] = true;
          }
        }
        for (const auto& a : st.global)
          if (a.op != kLoad && loaded.count(a.tid)) stays[a.tid / kWarpSize] = true;
        for (const auto& kv : stays) leaves = leaves || !kv.second;
      }
      if (leaves) {
        t.compiler_notes.push_back(head + "the SASS makes this line's load after an EXIT of some threads (ptxas moved it below the condition of "
                                   "what follows), and a warp of this run makes no access after it here: such a warp may have left before the "
                                   "load, and the prediction counts it, so the load counters may differ from the hardware's");
        continue;
      }
    }
    // loads ptxas made only in the threads of a later store, which no rule above gated: where some
    // warp of a step loads here and makes no store at the gate's line (else gating changes nothing:
    // a warp with one storing lane makes the instruction)
    if (!p.store) {
      const CompilerView::SomeGated* gate = nullptr;
      for (int l : p.lines)
        if (auto g = v.gated_some.find(LineKey{p.file, l, false}); g != v.gated_some.end() && !gate) gate = &g->second;
      if (gate) {
        bool fewer = false;
        int by = 0;  // the gate's line where a warp stores nothing
        // (a shared store of the gate's line in a group: the group's other sites are the same
        // instruction, the arms' stores ptxas made one, gen-20261206-77)
        std::map<LineKeyT, std::set<int>> gate_groups;
        for (const LineKeyT& g : gate->gates)
          for (const auto& y : t.sites)
            if (!std::get<2>(g) && y.op == kStore && y.vector_group >= 0 && y.file == std::get<0>(g) && (y.stmt_line == std::get<1>(g) || y.line == std::get<1>(g)))
              gate_groups[g].insert(y.vector_group);
        for (const auto& st : t.steps)
          for (const LineKeyT& g : gate->gates) {
            std::map<int, std::pair<int, int>> by_warp;  // warp -> (loads here, stores at the gate's line)
            auto count = [&](int site, int tid, AccessOp op, bool global) {
              if (site < 0 || site >= nsites) return;
              const SourceSite& x = t.sites[site];
              if (op == kLoad && !global && site_pool[site] >= 0 && find(site_pool[site]) == i) ++by_warp[tid / kWarpSize].first;
              if (op == kStore && global == std::get<2>(g) &&
                  ((x.file == std::get<0>(g) && (x.stmt_line == std::get<1>(g) || x.line == std::get<1>(g))) ||
                   (!global && x.vector_group >= 0 && gate_groups.count(g) && gate_groups.at(g).count(x.vector_group))))
                ++by_warp[tid / kWarpSize].second;
            };
            for (const auto& a : st.accesses) count(a.site, a.tid, a.op, false);
            for (const auto& a : st.global) count(a.site, a.tid, a.op, true);
            for (const auto& kv : by_warp)
              if (kv.second.first > 0 && kv.second.second == 0 && !fewer) {
                fewer = true;
                by = std::get<1>(g);
              }
          }
        if (fewer) {
          t.compiler_notes.push_back(head + "ptxas makes " + (gate->gated == gate->of ? "this line's " + kind(false, gate->of != 1) : std::to_string(gate->gated) + " of this line's " + std::to_string(gate->of) + " loads") +
                                     " only in the threads that then store the value (predicated with the store's condition, or after an EXIT of "
                                     "the others), and a warp of this run loads here and stores nothing at line " + std::to_string(by) +
                                     "; the prediction makes the " + kind(false, false) + " in every thread that reaches " + where +
                                     ", so the load counters may differ from the hardware's");
          continue;
        }
      }
    }
    // an 8- or 16-byte instruction on a line whose accesses the source writes as 4 bytes or fewer
    // and the prediction makes apart (no group): ptxas joined some (neighbouring statements', a
    // loop's copies, an if/else's arms), which the prediction counts as several instructions
    if (!p.grouped && p.widest <= 4) {
      int wide = 0;
      for (int l : p.lines)
        if (auto b = v.line_bytes.find(LineKey{p.file, l, p.store}); b != v.line_bytes.end())
          for (int x : b->second) wide = std::max(wide, x);
      if (wide > 4) {
        t.compiler_notes.push_back(head + "the SASS has a " + std::to_string(wide) + "-byte shared-memory " + kind(p.store, false) + " (" +
                                   opcode(p.store, wide / 4) + ") on " + where + ", whose " + kind(p.store, true) +
                                   " the source writes as 4 bytes or fewer and the prediction makes one by one: ptxas joined some of them "
                                   "(neighbouring statements', a loop's copies, an if/else's arms), so the " + kind(p.store, false) +
                                   " counters of this line may differ from the hardware's");
        continue;
      }
    }
    if (n == 0) {
      // an instruction of the kind on a line without sites of the kind, of a width the prediction has none of
      int foreign_line = 0, foreign_words = 0;
      for (const auto& [key, widths] : v.lines) {
        if (std::get<0>(key) != p.file || std::get<2>(key) != p.store || foreign_line || pool_lines.count(key)) continue;
        for (int w : widths)
          if (!kind_widths[p.store].count(w) && w > 1) {
            foreign_line = std::get<1>(key);
            foreign_words = w;
          }
      }
      // (not where the prediction makes the pool's accesses wide instructions only, of a width a
      // line near it has: another line's STS.128 that holds them, as the rules above found)
      bool wide_near = !p.widths.empty() && *p.widths.begin() > 1;
      if (wide_near) {
        bool found = false;
        for (const auto& [key, widths] : v.lines)
          if (std::get<2>(key) == p.store && near(p, std::get<0>(key), std::get<1>(key)))
            for (int w : widths) found = found || p.widths.count(w) > 0;
        wide_near = found;
      }
      if (foreign_line && wide_near) continue;
      if (!foreign_line) {
        // the PTX's accesses of the line, and the lines within reach with fewer in the SASS than in
        // the PTX, none in a loop: ptxas removed them or merged them with another line's
        const int in_ptx = ptx_count[static_cast<size_t>(i)];
        int sass_near = 0, ptx_near = 0;
        bool in_loop = false;
        for (const auto* m : {&v.lines, &v.ptx_lines})
          for (const auto& [key, widths] : *m)
            if (std::get<2>(key) == p.store && near(p, std::get<0>(key), std::get<1>(key))) {
              (m == &v.lines ? sass_near : ptx_near) += static_cast<int>(widths.size());
              if (auto pl = v.places.find(key); m == &v.lines && pl != v.places.end())
                for (const auto& place : pl->second) in_loop = in_loop || place.looped;
            }
        if (in_loop || p.stmt_lines.size() > 1 || p.narrow) continue;
        if (in_ptx == 0) {
          // nor in the PTX: nvcc kept the value in a register or named another line; noted where
          // the lines near it have no more instructions than predicted for them
          if (p.most <= spare(i, true)) continue;
          t.compiler_notes.push_back(head + "neither the PTX nor the SASS has a shared-memory " + kind(p.store, false) +
                                     " on this line, and the lines near it have no more than the prediction counts for them: the compiler kept the value "
                                     "in a register or merged the " + kind(p.store, false) + " with another line's, and the prediction counts up to " +
                                     std::to_string(p.most) + " for a warp between two barriers here, so the " + kind(p.store, false) +
                                     " counters may differ from the hardware's");
          continue;
        }
        if (sass_near >= ptx_near) continue;
        t.compiler_notes.push_back(head + "the PTX has " + std::to_string(in_ptx) + " shared-memory " + kind(p.store, in_ptx != 1) +
                                   " on this line and the SASS none, and the lines near it have fewer in the SASS than in the PTX (" +
                                   std::to_string(sass_near) + " and " + std::to_string(ptx_near) + "): ptxas removed this line's " +
                                   kind(p.store, true) + " or merged them with another line's, and the prediction counts them as the source makes them, so the " +
                                   kind(p.store, false) + " counters may differ from the hardware's");
        continue;
      }
      t.compiler_notes.push_back(head + "the SASS has no shared-memory " + kind(p.store, false) + " on " + where + ", and a " +
                                 std::to_string(4 * foreign_words) + "-byte " + kind(p.store, false) + " (" + opcode(p.store, foreign_words) +
                                 ") on line " + std::to_string(foreign_line) + ", where the source " + kind(p.store, true) +
                                 " nothing, of a width the prediction gives no " + kind(p.store, false) +
                                 ": the compiler may have merged this line's " + kind(p.store, true) + " into it, so the " + kind(p.store, false) +
                                 " counters may differ from the hardware's");
      continue;
    }
    // (the checks below: one statement line, 4 bytes or wider: groups of several lines, and a
    // struct's byte members, are the other rules' to join)
    if (p.narrow || p.stmt_lines.size() > 1) continue;
    if (!looped[static_cast<size_t>(i)] && n < ptx_count[static_cast<size_t>(i)] && p.most - n > spare(i, true)) {
      t.compiler_notes.push_back(head + "the SASS has " + std::to_string(n) + " shared-memory " + kind(p.store, n != 1) + " on " + where +
                                 " where the PTX has " + std::to_string(ptx_count[static_cast<size_t>(i)]) +
                                 ", none in a loop, and the prediction counts up to " + std::to_string(p.most) +
                                 " for a warp between two barriers: ptxas merged or removed some of them, so the " + kind(p.store, false) +
                                 " counters of this line may differ from the hardware's");
      continue;
    }
    // (a line with more instructions than the PTX in a shape no rule follows was judged where its
    // copies are: CompilerView::unrolled_unknown, noted by apply_compiler_view or left as other
    // lines' instructions the line table names with it)
    bool judged = false;
    for (int l : p.lines) judged = judged || v.unrolled_unknown.count(LineKey{p.file, l, p.store});
    if (straight[static_cast<size_t>(i)] && !judged && p.fewest > 0 && n - p.fewest > spare(i, false)) {
      t.compiler_notes.push_back(head + "the SASS has " + std::to_string(n) + " shared-memory " + kind(p.store, true) + " on " + where +
                                 " with no branch between them (a warp that makes one makes all " + std::to_string(n) +
                                 "), and the prediction counts " + std::to_string(p.fewest) + " for a warp there: the " + kind(p.store, false) +
                                 " counters may differ from the hardware's");
      continue;
    }
  }
}

// What the run says of a line whose SASS has more copies than the PTX in a shape the model does
// not follow (CompilerView::unrolled_unknown), copies of a loop: whether they may count otherwise
// than one instruction per execution of the source's access. A warp whose lanes make the line's
// access equally often runs one copy a pass, whatever ptxas's unrolling; a copy is left out only
// where a value may stay in a register (a thread loads a word it loaded or stored since the last
// barrier) or a store is overwritten (a thread stores a word again before the next barrier); one
// copy serves two lines where the SASS has no instruction for a line near it whose accesses other
// lanes of the same warps make in the same step (the arms of an if/else).
struct CopiesRun {
  bool uneven = false;  // lanes of one warp make the access a different number of times (of those that make it)
  bool again = false;   // a thread reloads a word since the last barrier, or stores a word twice before the next
  int other_arm = -1;   // a line near it with no instruction of the kind, whose accesses other lanes of the warps make
};

static CopiesRun copies_run(const Trace& t, const std::set<int>& line_sites, const std::map<int, int>& near_line_of, bool store) {
  CopiesRun r;
  const AccessOp op = store ? kStore : kLoad;
  std::map<std::tuple<int, int, int, int>, int> made;  // (launch, block, site, tid) -> accesses
  struct Region {
    std::map<int, std::set<int>> loaded, stored;   // tid -> words since the last barrier
    std::set<std::pair<int, int>> line_stored;     // (tid, word) the line's stores wrote
  };
  std::map<std::pair<int, int>, Region> regions;    // (launch, block)
  for (const auto& st : t.steps) {
    Region& g = regions[{st.launch, st.block}];
    std::map<int, std::pair<uint32_t, uint32_t>> lanes;  // warp -> (the line's lanes, a near line's lanes)
    std::map<int, int> near_of_warp;
    for (const auto& a : st.accesses) {
      const bool mine = line_sites.count(a.site) > 0 && a.op == op;
      if (mine) ++made[{st.launch, st.block, a.site, a.tid}];
      if (mine) lanes[a.tid / 32].first |= 1u << (a.tid % 32);
      if (auto n = near_line_of.find(a.site); n != near_line_of.end() && a.op == op) {
        lanes[a.tid / 32].second |= 1u << (a.tid % 32);
        near_of_warp[a.tid / 32] = n->second;
      }
      if (a.op == kLoad) {
        if (mine && !store && (g.loaded[a.tid].count(a.word) || g.stored[a.tid].count(a.word))) r.again = true;
        g.loaded[a.tid].insert(a.word);
      } else if (a.op == kStore) {
        if (mine && store && g.stored[a.tid].count(a.word)) r.again = true;
        if (store && g.line_stored.count({a.tid, a.word})) r.again = true;
        if (mine) g.line_stored.insert({a.tid, a.word});
        g.stored[a.tid].insert(a.word);
      } else if (a.op == kAtomic) {
        g.loaded[a.tid].insert(a.word);
        g.stored[a.tid].insert(a.word);
      }
    }
    for (const auto& [warp, l] : lanes)
      if (l.first && l.second && !(l.first & l.second) && r.other_arm < 0) r.other_arm = near_of_warp[warp];
    if (st.barrier) regions.erase({st.launch, st.block});
  }
  std::map<std::tuple<int, int, int, int>, std::set<int>> counts;  // (launch, block, site, warp) -> a lane's accesses
  for (const auto& [k, n] : made) counts[{std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k) / 32}].insert(n);
  for (const auto& [k, c] : counts) r.uneven = r.uneven || c.size() > 1;
  return r;
}

// The common head of an if/else (apply_compiler_view's comment there says when): pairs each arm's
// first stores written alike, one group a pair. `text_of` gives a site's access as written,
// `assign` makes a group of sites; the lines whose instructions the head explains are added to
// `explained`.
template <class TextOf, class Assign>
static void common_head(const CompilerView& v, const Trace& t, const std::vector<char>& touched, const TextOf& text_of, const Assign& assign,
                        std::set<LineKey>* explained, std::vector<std::string>* used) {
  std::set<std::pair<int, int>> store_lines;  // (file, line) with shared store sites in this run
  for (size_t s = 0; s < t.sites.size(); ++s)
    if (touched[s] && t.sites[s].op == kStore) store_lines.insert({t.sites[s].file, t.sites[s].stmt_line});
  auto has_instruction = [&](int s) { return v.lines.count(LineKey{t.sites[s].file, t.sites[s].stmt_line, true}) > 0; };
  for (const auto& br : v.branches) {
    std::map<int, int> arm_of;  // site -> arm
    bool ok = true;
    for (size_t s = 0; s < t.sites.size() && ok; ++s) {
      const SourceSite& x = t.sites[s];
      if (!touched[s] || x.op != kStore || x.file != br.file) continue;
      const int arm = branch_arm(br, x.stmt_line);
      if (arm < 0) continue;
      if (x.words() != 1 || x.vector_group >= 0 || x.vector_width != 1 || text_of(static_cast<int>(s)).empty()) ok = false;
      else arm_of[static_cast<int>(s)] = arm;
    }
    if (!ok || arm_of.empty()) continue;
    // the trace: one arm a thread, the same sequence of sites in every thread of an arm
    std::vector<int> seq[2];
    bool seen[2] = {false, false};
    for (const auto& st : t.steps) {
      std::map<int, std::pair<int, std::vector<int>>> by_thread;  // thread -> (arms taken, a bit each; sites stored, in order)
      for (const auto& a : st.accesses) {
        auto it = a.op == kStore ? arm_of.find(a.site) : arm_of.end();
        if (it == arm_of.end()) continue;
        auto& m = by_thread[a.tid];
        m.first |= 1 << it->second;
        m.second.push_back(a.site);
      }
      for (const auto& [tid, m] : by_thread) {
        const int arm = m.first == 1 ? 0 : m.first == 2 ? 1 : -1;
        if (arm < 0 || (seen[arm] && seq[arm] != m.second)) ok = false;
        if (!ok) break;
        seen[arm] = true;
        seq[arm] = m.second;
      }
      if (!ok) break;
    }
    if (!ok || !seen[0] || !seen[1]) continue;
    // the pairs written alike at the sequences' start
    auto first_at = [](const std::vector<int>& q, size_t i) { return std::find(q.begin(), q.end(), q[i]) - q.begin() == static_cast<long>(i); };
    auto repeats = [](const std::vector<int>& q, int s) { return std::count(q.begin(), q.end(), s) > 1; };
    std::vector<std::pair<int, int>> pairs;
    std::set<int> in_pairs;
    for (size_t i = 0; i < std::min(seq[0].size(), seq[1].size()); ++i) {
      const int a = seq[0][i], b = seq[1][i];
      if (text_of(a) != text_of(b) || has_instruction(a) == has_instruction(b) || !first_at(seq[0], i) || !first_at(seq[1], i) ||
          (repeats(seq[0], a) && repeats(seq[1], b)) || in_pairs.count(a) || in_pairs.count(b))
        break;
      pairs.push_back({a, b});
      in_pairs.insert({a, b});
    }
    if (pairs.empty()) continue;
    // the SASS: the stores of the branch's lines (and of lines without store sites near it), by
    // barrier region of those on its lines
    auto inside = [&](int line) { return line >= br.line && line <= br.else_last; };
    std::set<std::pair<int, int>> regions;
    for (const auto& [key, places] : v.places)
      if (std::get<0>(key) == br.file && std::get<2>(key) && inside(std::get<1>(key)))
        for (const auto& p : places) regions.insert({p.function, p.region});
    if (regions.empty()) continue;
    std::set<int> head_lines;  // the pairs' lines with instructions
    for (const auto& [a, b] : pairs) head_lines.insert(t.sites[has_instruction(a) ? a : b].stmt_line);
    struct Seen {
      int count = 0, first = std::numeric_limits<int>::max();
    };
    std::map<std::pair<int, int>, Seen> where;  // region -> its stores, its first run
    std::vector<std::pair<LineKey, CompilerView::Place>> counted;
    std::vector<LineKey> lines;
    for (const auto& [key, places] : v.places) {
      const auto [file, line, store] = key;
      if (file != br.file || !store) continue;
      if (!inside(line) && (store_lines.count({file, line}) || line < br.line - kArmReach || line > br.else_last + kArmReach)) continue;
      lines.push_back(key);
      for (const auto& p : places) {
        if (!regions.count({p.function, p.region})) continue;
        Seen& w = where[{p.function, p.region}];
        ++w.count;
        w.first = std::min(w.first, p.run);
        counted.push_back({key, p});
      }
    }
    const int want = static_cast<int>(seq[0].size() + seq[1].size() - pairs.size());
    std::map<std::pair<int, int>, int> head;  // region -> the unpredicated stores of the pairs' lines in its first run
    for (const auto& [key, p] : counted) {
      const Seen& w = where[{p.function, p.region}];
      if (p.run != w.first) continue;
      if (p.guarded || !head_lines.count(std::get<1>(key))) {
        if (!p.guarded) ok = false;  // (an unpredicated store of another line before the arms)
        continue;
      }
      ++head[{p.function, p.region}];
    }
    for (const auto& [r, w] : where) ok = ok && w.count == want && head[r] == static_cast<int>(pairs.size());
    if (!ok) continue;
    explained->insert(lines.begin(), lines.end());
    for (const auto& [a, b] : pairs) assign({a, b}, 1);
    used->push_back("SASS (the arms' first stores written alike: one store before the branch)");
  }
}

void apply_compiler_view(const CompilerView& v, Trace& t) {
  t.compiler = v.compiler;
  t.compiler_notes = v.notes;
  // analyze_global runs again only where a site's gate or unrolled copies change (the interpreter
  // counted the global accesses as written already)
  auto global_marks = [&t] {
    for (const auto& s : t.sites)
      if (s.gated >= 0 || !s.unrolled.empty()) return true;
    return false;
  };
  const bool marked_before = global_marks();
  for (auto& s : t.sites) {
    s.vector_group = -1;
    s.vector_width = 1;
    s.every_warp = false;
    s.cas_loop = false;
    s.vector_layout.clear();
    s.unrolled.clear();
    s.gated = -1;
    s.gated_exit = false;
    s.gated_copies.clear();
    s.gated_sites.clear();
  }
  const bool g80 = t.warp_issue == 16 || t.banks == 16;
  if (g80 && v.asked) t.compiler += "; G80 mode: every access 4 bytes, as the scan paper's compiler issued them";
  if (!v.asked || g80) {
    analyze_banks(t);
    if (marked_before) analyze_global(t);
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
  std::set<std::string> wide_notes;
  std::set<std::tuple<int, int, bool, int>> wide_lines;  // (file, line, store?, words) the source's wide accesses explain
  const std::vector<char> touched = shared;
  // (site, thread) -> the first word it accessed, every site that touched shared memory
  std::map<std::pair<int, int>, int> first_word_any;
  if (v.sass)
    for (const auto& st : t.steps)
      for (const auto& a : st.accesses)
        if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(t.sites.size()) && touched[a.site])
          first_word_any.emplace(std::make_pair(a.site, a.tid), a.word);
  // A wide site whose lines have no instruction of its width, joined with a wide site near it
  // whose line has one (wide_partner): (site, partner, width of the partner's instruction).
  std::vector<std::tuple<int, int, int>> wide_joins;
  auto widths_on = [&](int file, int line, bool store) {
    auto w = v.lines.find(LineKey{file, line, store});
    return w == v.lines.end() ? std::vector<int>() : w->second;
  };
  // whether the SASS has an instruction of the kind and width on a line of the file where no
  // site of the kind is written
  auto foreign_width = [&](int file, bool store, int width) {
    for (const auto& [key, widths] : v.lines) {
      if (std::get<0>(key) != file || std::get<2>(key) != store || std::find(widths.begin(), widths.end(), width) == widths.end()) continue;
      bool sites_here = false;
      for (size_t q = 0; q < t.sites.size() && !sites_here; ++q)
        sites_here = touched[q] && t.sites[q].file == file && t.sites[q].stmt_line == std::get<1>(key) && (t.sites[q].op == kStore) == store;
      if (!sites_here) return true;
    }
    return false;
  };
  auto wide_partner = [&](int s, int* width) {
    const SourceSite& x = t.sites[s];
    const bool store = x.op == kStore;
    if (!v.sass) return -1;
    for (int line : {x.stmt_line, x.line})
      for (int w : widths_on(x.file, line, store))
        if (w >= x.words()) return -1;  // its own line has an instruction that can be its
    int best = -1, best_width = 0;
    for (size_t p = 0; p < t.sites.size(); ++p) {
      const SourceSite& y = t.sites[p];
      if (static_cast<int>(p) == s || !touched[p] || y.words() < 2 || y.op != x.op || y.file != x.file || y.stmt_line == x.stmt_line ||
          std::abs(y.stmt_line - x.stmt_line) > kArmReach)
        continue;
      int w = 0;
      for (int wy : widths_on(y.file, y.stmt_line, store)) w = std::max(w, wy);
      const bool bare = widths_on(x.file, x.stmt_line, store).empty() && widths_on(x.file, x.line, store).empty();
      if (w == 0 && bare && widths_on(y.file, y.line, store).empty() && foreign_width(x.file, store, x.words())) w = x.words();
      if (w < x.words() || w < y.words()) continue;
      bool fits = false;
      if (w == x.words() && w == y.words()) {
        // the same access written in the arms of a branch (`s[w] = make_int2(..)` in both): one
        // instruction of the width after it, which the line table gives to one arm's line, or
        // to a line with no access of the kind (where neither arm's line has an instruction)
        fits = bare && !text_of(s).empty() && text_of(s) == text_of(static_cast<int>(p));
      } else if (w >= x.words() + y.words()) {
        // two wide values of one aligned block of the width (int2s at 2k and 2k + 1): one lane of
        // the wider instruction, whatever thread reaches them
        fits = true;
        bool any = false;
        for (auto it = first_word_any.lower_bound({s, std::numeric_limits<int>::min()}); it != first_word_any.end() && it->first.first == s; ++it) {
          auto o = first_word_any.find({static_cast<int>(p), it->first.second});
          if (o == first_word_any.end()) continue;
          any = true;
          if (o->second / w != it->second / w) fits = false;
        }
        fits = fits && any;
      }
      // (the nearest; a wider instruction that holds both before one of its own width)
      const bool wider = w > x.words(), best_wider = best_width > x.words();
      if (fits && (best < 0 || (wider && !best_wider) ||
                   (wider == best_wider && std::abs(y.stmt_line - x.stmt_line) < std::abs(t.sites[best].stmt_line - x.stmt_line)))) {
        best = static_cast<int>(p);
        best_width = w;
      }
    }
    *width = best_width;
    return best;
  };
  for (size_t s = 0; s < t.sites.size(); ++s) {
    const SourceSite& x = t.sites[s];
    if (!shared[s] || x.words() < 2) continue;
    if (v.sass) {  // the machine code moves more on its line (two int2 as one STS.128): it joins that group
      bool wider = false;
      for (int line : {x.stmt_line, x.line}) {
        auto w = v.lines.find(LineKey{x.file, line, x.op == kStore});
        if (w != v.lines.end() && *std::max_element(w->second.begin(), w->second.end()) > x.words()) wider = true;
      }
      if (wider) continue;
    }
    shared[s] = 0;
    // a wider instruction of a neighbour's line whose aligned block holds its words and the
    // neighbour's (two int2 stores of one row, elements 0 and 1, one STS.128 named with element 1's
    // line: gen-20261207-189), before an instruction of its own width near it (another element's)
    int width = 0;
    const int partner = wide_partner(static_cast<int>(s), &width);
    if (partner >= 0 && width > x.words()) {
      wide_joins.push_back({static_cast<int>(s), partner, width});
      continue;
    }
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
    if (partner >= 0) {
      wide_joins.push_back({static_cast<int>(s), partner, width});
      continue;
    }
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
  // The sites whose words a thread reaches in the same aligned block as a site of a SASS vector
  // access's line: what the one LDS.64 / LDS.128 loads. The line table names one line of the
  // statements ptxas joined (four `v[k] = s[r + k]` of an unrolled exchange, two arrays' loads
  // interleaved), so the other lines' sites are found by their words, not by distance.
  std::map<std::pair<int, int>, int> first_word;  // (site, thread) -> the first word it accessed
  if (v.sass)
    for (const auto& st : t.steps)
      for (const auto& a : st.accesses)
        if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(t.sites.size()) && shared[a.site])
          first_word.emplace(std::make_pair(a.site, a.tid), a.word);
  // (a 4-byte site, or a whole int2 / float2 of a 16-byte block: two of them one lane of an STS.128)
  auto part_of_block = [&](int s, int width) { return t.sites[s].words() == 1 || (t.sites[s].words() == 2 && width == 4 && t.sites[s].bytes == 8); };
  auto block_members = [&](const LineGroup& g, const std::vector<int>& own) {
    std::vector<int> out;
    if (g.lines.size() != 1) return out;
    const int line = g.lines[0];
    for (int s0 : own) {
      if (!part_of_block(s0, g.width) || t.sites[s0].vector_group >= 0) continue;
      auto first = first_word.lower_bound({s0, std::numeric_limits<int>::min()});
      if (first == first_word.end() || first->first.first != s0) continue;
      const int tid = first->first.second, block = first->second / g.width;
      out.push_back(s0);
      for (const auto& [key, sites] : sites_at) {
        const auto [file, l, store] = key;
        if (file != g.file || store != g.store || std::abs(l - line) > kBlockReach || (l != line && v.lines.count(key))) continue;
        for (int c : sites) {
          if (c == s0 || !part_of_block(c, g.width) || t.sites[c].vector_group >= 0) continue;
          auto w = first_word.find({c, tid});
          if (w != first_word.end()) {
            if (w->second / g.width == block) out.push_back(c);
            continue;
          }
          // a site the first thread did not reach (one arm of `if (..) s[w] = v; else s[w] = v;`
          // among statements ptxas joined into one STS.128): by the threads that reached both,
          // each of whose words lies in the block of its own access at s0
          bool any = false, same = true;
          for (auto it = first_word.lower_bound({c, std::numeric_limits<int>::min()}); it != first_word.end() && it->first.first == c && same; ++it) {
            auto o = first_word.find({s0, it->first.second});
            if (o == first_word.end()) continue;
            any = true;
            same = o->second / g.width == it->second / g.width;
          }
          if (any && same) out.push_back(c);
        }
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
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
  std::set<LineKey> joined_explained;  // lines whose wider instructions hold other lines' words (LineGroup::joined_layout)
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
    if (members.empty() && v.sass && !g.foreign_layout.empty()) {
      // Wide stores named with a line without stores of its own (LineGroup::foreign_layout): the
      // stores of one array near it, on lines without a store instruction (all of them, else those
      // after it, else those before), where the instructions' addresses place every thread's words
      // of them (layout_matches): each instruction's lanes are those words.
      // (lines within kBlockReach of it, and lines chained to those within kMergeReach: the last
      // arm of a one-line inner if/else just past the reach)
      const int line = g.lines[0];
      std::set<int> reach;
      for (const auto& [key, sites] : sites_at) {
        const auto [file, l, store] = key;
        if (file == g.file && store == g.store && !v.lines.count(key) && std::abs(l - line) <= kBlockReach) reach.insert(l);
      }
      for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [key, sites] : sites_at) {
          const auto [file, l, store] = key;
          if (file != g.file || store != g.store || v.lines.count(key) || reach.count(l)) continue;
          auto it = reach.lower_bound(l - kMergeReach);
          if (it != reach.end() && *it <= l + kMergeReach) grew = reach.insert(l).second;
        }
      }
      bool done = false;
      for (int side = 0; side < 3 && !done; ++side) {
        std::map<std::string, std::vector<int>> by_array;
        for (const auto& [key, sites] : sites_at) {
          const auto [file, l, store] = key;
          if (file != g.file || store != g.store || !reach.count(l) || (side == 1 && l < line) || (side == 2 && l > line)) continue;
          for (int c : sites) {
            const std::string x = text_of(c);
            if (t.sites[c].words() != 1 || t.sites[c].vector_group >= 0 || x.find('[') == std::string::npos || x.find('[') == 0) continue;
            by_array[x.substr(0, x.find('['))].push_back(c);
          }
        }
        for (const auto& [array, near] : by_array) {
          if (done || !layout_matches(t, near, g.foreign_layout)) continue;
          assign(near, g.width);
          for (int c : near) {
            t.sites[c].vector_layout = g.foreign_layout;
            joined_explained.insert(LineKey{g.file, t.sites[c].stmt_line, g.store});
          }
          joined_explained.insert(LineKey{g.file, line, g.store});
          used.push_back(std::string("SASS (wide STS named with a line without stores: each instruction's words from its address)"));
          done = true;
        }
      }
      if (done) continue;
    }
    if (g.same_text) {  // only the accesses written the same on every line of the group
      std::map<std::string, std::vector<int>> by_text;
      for (int s : members) by_text[text_of(s)].push_back(s);
      members.clear();
      for (const auto& [text, sites] : by_text)
        if (!text.empty() && sites.size() >= g.lines.size()) members = sites;
    } else if (g.width > 1) {
      const std::vector<int> same_block = v.sass ? block_members(g, members) : std::vector<int>();
      if (same_block.size() > members.size()) {
        members = same_block;
      } else {
        for (int line : g.lines) {
          auto near = orphans_near(g.file, line, g.store);
          members.insert(members.end(), near.begin(), near.end());
        }
      }
    }
    if (members.size() < 1 || (g.width == 1 && members.size() < 2)) continue;
    if (g.row_words > 0) {  // a runtime-bounded loop's row: only where each thread reads the whole row, once
      const std::set<int> in(members.begin(), members.end());
      // (and the loop's iterations at least 4: ptxas unrolls a loop of a runtime trip count by 4,
      // and a row of 2 words is loaded wide only where the loop runs 4 times: gen-20261201-51's
      // two-word rows, e = 2, are the remainder's 4-byte copies)
      const int per = std::max(1, t.sites[static_cast<size_t>(members[0])].words());  // words an iteration reads
      bool whole = true, unknown = false;  // unknown: a thread of 4 iterations or more that reads other words than the row's
      for (const auto& st : t.steps) {
        std::map<int, int> words;
        for (const auto& a : st.accesses)
          if (a.op == kLoad && in.count(a.site)) ++words[a.tid];
        for (const auto& [tid, n] : words) {
          whole = whole && n == g.row_words && n / per >= 4;
          unknown = unknown || (n / per >= 4 && n != g.row_words);
        }
      }
      if (!whole) {  // as written: right for a thread of fewer than 4 iterations (the remainder's copies alone)
        if (unknown)
          t.compiler_notes.push_back((g.file >= 0 && g.file < static_cast<int>(t.files.size()) ? t.files[static_cast<size_t>(g.file)] : std::string("?")) + ":" +
                                     std::to_string(g.lines[0]) + ": ptxas made this loop's loads one wide load of " + std::to_string(g.row_words) +
                                     " words before its body unrolled by 4, and one copy a remainder's iteration; a thread here reads "
                                     "other words in a step, which copies it runs is not known: the model counts its accesses as written");
        continue;
      }
    }
    if (!g.joined_layout.empty() && !(g.sass_layout.empty() ? false : layout_matches(t, members, g.sass_layout))) {
      // ptxas's instructions of the line hold other lines' words (LineGroup::joined_layout): the
      // sites of the lines whose instructions share their base registers, and those of the lines
      // near them without a store instruction that write the same array, where the instructions'
      // addresses place every thread's words of them all (one round a run of the lines)
      std::vector<int> joined;
      std::set<int> lines(g.lines.begin(), g.lines.end());
      lines.insert(g.joined_lines.begin(), g.joined_lines.end());
      std::set<std::string> arrays;
      for (int line : lines) {
        auto own = sites_at.find(LineKey{g.file, line, g.store});
        if (own == sites_at.end()) continue;
        for (int s : own->second) {
          const std::string x = text_of(s);
          arrays.insert(x.substr(0, x.find('[')));
          joined.push_back(s);
        }
      }
      const int lo = *lines.begin(), hi = *lines.rbegin();
      for (const auto& [key, sites] : sites_at) {
        const auto [file, l, store] = key;
        if (file != g.file || store != g.store || lines.count(l) || l < lo - kMergeReach || l > hi + kMergeReach || v.lines.count(key)) continue;
        for (int c : sites) {
          const std::string x = text_of(c);
          if (arrays.count(x.substr(0, x.find('[')))) joined.push_back(c);
        }
      }
      bool free = !joined.empty();
      for (int s : joined) free = free && t.sites[s].vector_group < 0 && t.sites[s].words() == 1;
      if (free && layout_matches(t, joined, g.joined_layout)) {
        assign(joined, g.width);
        for (int s : joined) t.sites[s].vector_layout = g.joined_layout;
        for (int line : lines) joined_explained.insert(LineKey{g.file, line, g.store});
        used.push_back(std::string("SASS (") + (g.store ? "STS" : "LDS") +
                       " of several widths holding other lines' stores: each instruction's words from its address, a base register and offset)");
        continue;
      }
    }
    assign(members, g.width);
    used.push_back(g.why);
    if (!g.sass_layout.empty() && layout_matches(t, members, g.sass_layout)) {
      for (int s : members) t.sites[s].vector_layout = g.sass_layout;
      used.back() = std::string("SASS (") + (g.store ? "STS" : "LDS") +
                    " of several widths on one line: each instruction's words from its address, a base register and offset)";
    } else if (!g.sass_widths.empty() && in_order_matches(t, members, g.sass_widths, g.width)) {
      for (int s : members) t.sites[s].vector_in_order = true;
      used.back() = std::string("SASS (") + (g.store ? "STS" : "LDS") + " of several widths on one line: a thread's accesses joined in the order it makes them)";
    }
  }
  // Wide sites without an instruction of their width on their lines, with their partners
  // (wide_partner): the arms' two int2 stores one STS.64 (a group of their own), or an int2 one
  // lane's half of its neighbour's STS.128 (the partner's group of that width).
  for (const auto& [s, p, width] : wide_joins) {
    SourceSite& x = t.sites[s];
    const SourceSite& y = t.sites[p];
    if (width == x.words()) {
      if (x.vector_group >= 0 && y.vector_group >= 0) continue;
      if (x.vector_group < 0 && y.vector_group < 0) {
        assign({s, p}, width);
      } else {
        const SourceSite& grouped = x.vector_group >= 0 ? x : y;
        if (grouped.vector_width != width) continue;
        SourceSite& other = x.vector_group >= 0 ? t.sites[p] : x;
        other.vector_group = grouped.vector_group;
        other.vector_width = width;
      }
    } else if (y.vector_group >= 0 && y.vector_width == width) {
      x.vector_group = y.vector_group;
      x.vector_width = width;
    } else if (y.vector_group < 0) {
      assign({s, p}, width);
    } else {
      continue;
    }
    used.push_back(std::string("SASS (") + (x.op == kStore ? "stores" : "loads") + " of whole " + std::to_string(x.bytes) + "-byte values on two lines, one " +
                   std::to_string(4 * width) + "-byte instruction)");
  }
  // The arms of an if/else that ptxas made one straight run of code (v.branches): every thread runs
  // each of the run's stores, its address (and value) chosen per thread by the arm it took, so each
  // arm's k-th store and the other arm's k-th are one instruction, whichever lines the line table
  // names for them (one arm's, a line without stores, a line with more stores than the PTX). Taken
  // where both hold:
  //  - the SASS: the stores that may be the branch's (on its lines, on lines without store sites, on
  //    lines with more stores than the PTX) in the barrier region of those on its lines (with none
  //    there, of the nearest such line's within reach) are unpredicated, in one straight run, n;
  //  - the trace: in every step each thread that stores in the branch took one arm only (no loop
  //    around it within the step: one thread in both arms), and every thread of either arm stored
  //    to the same arrays in the same order, n stores.
  //    Arms kept apart have 2n there (or are predicated, or branched around: two runs).
  // The sites of each array then form one group: a thread's k-th store to it in a step is its lane
  // of the warp's k-th instruction there. Outer branches first (an inner if/else of one arm, both
  // of whose arms store the same array, is then one of that arm's stores).
  std::map<LineKey, int> arms_explained;  // lines whose stores a paired branch explains: how many
  if (v.sass) {
    std::set<std::pair<int, int>> store_lines;  // (file, line) with store sites, run or not
    for (const auto& x : t.sites)
      if (x.op == kStore) store_lines.insert({x.file, x.stmt_line});
    auto count_of = [](const std::map<LineKey, std::vector<int>>& m, const LineKey& key) {
      auto it = m.find(key);
      return it == m.end() ? 0 : static_cast<int>(it->second.size());
    };
    std::vector<CompilerView::Branch> order = v.branches;
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.else_last - a.line > b.else_last - b.line; });
    for (const auto& br : order) {
      std::map<int, std::pair<int, std::string>> arm_of;  // site -> (arm, array)
      bool ok = true, grouped = false;  // grouped: some arm site already in a group (taken only for wide instructions, below)
      for (size_t s = 0; s < t.sites.size() && ok; ++s) {
        const SourceSite& x = t.sites[s];
        if (!touched[s] || x.op != kStore || x.file != br.file) continue;
        const int arm = branch_arm(br, x.stmt_line);
        if (arm < 0) continue;
        const std::string text = text_of(static_cast<int>(s));
        const size_t bracket = text.find('[');
        if (x.words() != 1 || bracket == std::string::npos || bracket == 0) ok = false;
        else arm_of[static_cast<int>(s)] = {arm, text.substr(0, bracket)};
        if (x.vector_group >= 0 || x.vector_width != 1) grouped = true;
      }
      bool arms[2] = {false, false};
      for (const auto& [s, arm] : arm_of) arms[arm.first] = true;
      if (!ok || !arms[0] || !arms[1]) continue;
      struct May {
        LineKey key;
        CompilerView::Place place;
        int words = 1;  // the instruction's words a lane (STS.128: 4)
      };
      std::vector<May> may;  // the SASS's stores that may be the branch's
      auto inside = [&](int line) { return line >= br.line && line <= br.else_last; };
      auto distance = [&](int line) { return line < br.line ? br.line - line : line > br.else_last ? line - br.else_last : 0; };
      for (const auto& [key, places] : v.places) {
        const auto [file, line, store] = key;
        if (file != br.file || !store) continue;
        if (!inside(line) && store_lines.count({file, line}) && count_of(v.lines, key) <= count_of(v.ptx_lines, key)) continue;
        const auto w = v.lines.find(key);
        for (size_t i = 0; i < places.size(); ++i)
          may.push_back({key, places[i], w != v.lines.end() && i < w->second.size() ? w->second[i] : 1});
      }
      std::set<std::pair<int, int>> regions;  // (function, barrier region)
      for (const auto& m : may)
        if (inside(std::get<1>(m.key))) regions.insert({m.place.function, m.place.region});
      if (regions.empty()) {
        int nearest = kArmReach + 1;
        for (const auto& m : may) nearest = std::min(nearest, distance(std::get<1>(m.key)));
        for (const auto& m : may)
          if (nearest <= kArmReach && distance(std::get<1>(m.key)) == nearest) regions.insert({m.place.function, m.place.region});
      }
      if (regions.size() != 1) continue;
      const auto [function, region] = *regions.begin();
      int count = 0, words = 0;
      std::set<int> widths;
      std::set<int> runs;
      std::map<LineKey, int> in_region;  // line -> its instructions there
      for (const auto& m : may) {
        if (m.place.function != function || m.place.region != region) continue;
        ++count;
        words += m.words;
        widths.insert(m.words);
        ++in_region[m.key];
        runs.insert(m.place.run);
        ok = ok && !m.place.guarded;
      }
      if (!ok || runs.size() != 1) continue;
      // (the trace: each thread in one arm, both arms storing the same arrays in the same order, n)
      std::vector<std::string> seq[2];
      bool seen[2] = {false, false};
      for (const auto& st : t.steps) {
        std::map<int, std::pair<int, std::vector<std::string>>> by_thread;  // thread -> (arms taken, bit each; arrays stored, in order)
        for (const auto& a : st.accesses) {
          auto it = a.op == kStore ? arm_of.find(a.site) : arm_of.end();
          if (it == arm_of.end()) continue;
          auto& m = by_thread[a.tid];
          m.first |= 1 << it->second.first;
          m.second.push_back(it->second.second);
        }
        for (const auto& [tid, m] : by_thread) {
          const int arm = m.first == 1 ? 0 : m.first == 2 ? 1 : -1;
          if (arm < 0 || (seen[arm] && seq[arm] != m.second)) ok = false;
          if (!ok) break;
          seen[arm] = true;
          seq[arm] = m.second;
        }
        if (!ok) break;
      }
      if (!ok || !seen[0] || !seen[1] || seq[0] != seq[1]) continue;
      // (wide instructions: ptxas joined each arm's stores of one aligned block, made straight
      // code, into one STS.64 / STS.128 for both arms: gen-20261208-67's four stores an arm, one
      // STS.128 named with the else arm's last line. Taken where the run's instructions are of one
      // width and every thread's words of each array fill whole aligned blocks of it, each once.)
      const int wide = widths.size() == 1 ? *widths.begin() : 0;
      if (static_cast<int>(seq[0].size()) == count && !grouped) {
        std::map<std::string, std::vector<int>> by_array;
        for (const auto& [s, arm] : arm_of) by_array[arm.second].push_back(s);
        for (const auto& [array, members] : by_array) assign(members, 1);
      } else if (wide > 1 && count > 0 && static_cast<int>(seq[0].size()) == words) {
        std::map<std::string, std::vector<int>> by_array;
        for (const auto& [s, arm] : arm_of) by_array[arm.second].push_back(s);
        for (const auto& [array, members] : by_array) ok = ok && fills_blocks(t, members, wide);
        if (!ok) continue;
        for (const auto& [s, arm] : arm_of) {
          t.sites[static_cast<size_t>(s)].vector_group = -1;
          t.sites[static_cast<size_t>(s)].vector_width = 1;
          t.sites[static_cast<size_t>(s)].vector_layout.clear();
          t.sites[static_cast<size_t>(s)].vector_in_order = false;
        }
        for (const auto& [array, members] : by_array) assign(members, wide);
        for (const auto& [key, c] : in_region) arms_explained[key] += c;
        used.push_back("SASS (an if/else made one straight run: each arm's stores of one aligned block and the other's one " +
                       std::string(wide == 2 ? "STS.64" : "STS.128") + ")");
        continue;
      } else {
        continue;
      }
      for (const auto& [key, c] : in_region) arms_explained[key] += c;
      used.push_back("SASS (an if/else made one straight run: each arm's k-th store to an array and the other's one store)");
    }
  }
  // An arm's wide stores named with the other arm's line: an if/else whose arms ptxas kept apart
  // (predicated @P0 / @!P0, or branched around) and whose arms' stores of one aligned block it
  // joined into STS.64 / STS.128, the line table naming one arm's line for both arms' instructions
  // (gen-20261208-81: `@P0 STS.128` and `@!P0 STS.128` named with the then arm's loop's line, the
  // else arm's loop of inner if/else `if (c) s[w] = v[j]; else s[w] = v[j];` without an
  // instruction of its own). Taken where:
  //  - the SASS: one arm has store instructions on one line only, all of one width w > 1, and holds
  //    more words than the PTX's stores of that line (the extra ones: the other arm's); the other
  //    arm has no line with a store instruction;
  //  - the trace: each thread that stores in the other arm makes exactly those extra words in a
  //    step, filling aligned blocks of w (fills_blocks), each array's apart.
  // The other arm's sites of each array are then a group of width w (one instruction a block), in
  // place of any narrower grouping (the inner if/else's arms' one instruction).
  if (v.sass) {
    for (const auto& br : v.branches) {
      std::vector<int> arm_sites[2];
      bool ok = true;
      for (size_t s = 0; s < t.sites.size() && ok; ++s) {
        const SourceSite& x = t.sites[s];
        if (!touched[s] || x.op != kStore || x.file != br.file) continue;
        const int arm = branch_arm(br, x.stmt_line);
        if (arm < 0) continue;
        if (x.words() != 1 || text_of(static_cast<int>(s)).find('[') == std::string::npos) ok = false;
        else arm_sites[arm].push_back(static_cast<int>(s));
      }
      if (!ok || arm_sites[0].empty() || arm_sites[1].empty()) continue;
      std::set<LineKey> wide_lines_of[2];
      for (int a = 0; a < 2; ++a)
        for (const auto& [key, widths] : v.lines) {
          const auto [file, line, store] = key;
          if (file == br.file && store && branch_arm(br, line) == a) wide_lines_of[a].insert(key);
        }
      for (int a = 0; a < 2; ++a) {
        const int b = 1 - a;
        if (wide_lines_of[a].size() != 1 || !wide_lines_of[b].empty()) continue;
        const LineKey key = *wide_lines_of[a].begin();
        const std::vector<int>& widths = v.lines.at(key);
        const int w = widths.empty() ? 0 : widths[0];
        if (w < 2 || std::any_of(widths.begin(), widths.end(), [&](int x) { return x != w; })) continue;
        int sass_words = 0, ptx_words = 0;
        for (int x : widths) sass_words += x;
        if (auto p = v.ptx_lines.find(key); p != v.ptx_lines.end())
          for (int x : p->second) ptx_words += x;
        // (the extra words: the instructions' beyond the PTX's stores of the line, or beyond the
        // words each thread of the line's arm stores there, where the line table names the arm's
        // other statements' instructions with the line too: gen-20261206-106's then arm of four
        // statements, its STS.128 and the else arm's named with its last statement's line)
        int own = -1;
        {
          const std::set<int> in_a(arm_sites[a].begin(), arm_sites[a].end());
          for (const auto& st : t.steps) {
            std::map<int, int> n;
            for (const auto& x : st.accesses)
              if (x.op == kStore && in_a.count(x.site)) ++n[x.tid];
            for (const auto& [tid, c] : n) own = own == -1 || own == c ? c : -2;
          }
        }
        int extra = sass_words - ptx_words;
        if (own > 0 && extra != sass_words - own) {
          // which one the other arm's threads make, if either
          const std::set<int> in(arm_sites[b].begin(), arm_sites[b].end());
          int made = -1;
          for (const auto& st : t.steps) {
            std::map<int, int> n;
            for (const auto& x : st.accesses)
              if (x.op == kStore && in.count(x.site)) ++n[x.tid];
            for (const auto& [tid, c] : n) made = made == -1 || made == c ? c : -2;
          }
          if (made == sass_words - own) extra = made;
        }
        if (extra <= 0 || extra % w != 0) continue;
        bool fits = true;
        for (int s : arm_sites[b]) fits = fits && t.sites[s].vector_width <= 1;
        std::map<std::string, std::vector<int>> by_array;
        for (int s : arm_sites[b]) {
          const std::string x = text_of(s);
          by_array[x.substr(0, x.find('['))].push_back(s);
        }
        // every thread of the other arm: `extra` words in a step
        const std::set<int> in(arm_sites[b].begin(), arm_sites[b].end());
        for (const auto& st : t.steps) {
          std::map<int, int> n;
          for (const auto& x : st.accesses)
            if (x.op == kStore && in.count(x.site)) ++n[x.tid];
          for (const auto& [tid, c] : n) fits = fits && c == extra;
        }
        for (const auto& [array, members] : by_array) fits = fits && fills_blocks(t, members, w);
        if (!fits) continue;
        for (int s : arm_sites[b]) {
          t.sites[static_cast<size_t>(s)].vector_group = -1;
          t.sites[static_cast<size_t>(s)].vector_width = 1;
        }
        for (const auto& [array, members] : by_array) assign(members, w);
        arms_explained[key] += extra / w;
        used.push_back(std::string("SASS (an arm's stores of one aligned block one ") + (w == 2 ? "STS.64" : "STS.128") +
                       ", named with the other arm's line)");
      }
    }
  }
  // The arms' last statements one instruction after the join (a common tail): an if/else whose arms
  // ptxas kept apart (branched around, or predicated @P0 / @!P0) but whose last stores, written
  // alike (`sx[PAD(w)] = x[3]` in both, the address per arm), it made one instruction after the
  // arms, named with one arm's line; the other arm's line has none (gen-20261205-172). Taken where:
  //  - the trace: in every step each thread that stores in the branch took one arm, and made each
  //    of its stores there once (no loop inside or around the branch within the step);
  //  - the arms' stores, in line order, as units (a one-line inner if/else written alike on lines
  //    without instructions, `if (c) s[w] = v; else s[w] = v;`, is one unit: ptxas made one
  //    instruction of it), end in k units of one site each, written alike in both arms, one of each
  //    pair on a line without an instruction of the kind and the other on a line with one;
  //  - the SASS: the stores on the branch's lines and on lines within reach without store sites (an
  //    inner if/else's instruction named with a line of loads), in the barrier region of those on its
  //    lines, are the arms' units less k.
  // Each pair is then one group. Its sites count as explained in arms_apart (below): an inner
  // if/else in each arm is then one instruction of each arm's own (gen-20261205-174). The lines
  // counted get no note of unknown copies: their instructions are the units'.
  std::set<int> tail_paired;
  std::set<LineKey> tail_explained;
  if (v.sass) {
    std::set<std::pair<int, int>> store_lines;  // (file, line) with shared store sites in this run
    for (size_t s = 0; s < t.sites.size(); ++s)
      if (touched[s] && t.sites[s].op == kStore) store_lines.insert({t.sites[s].file, t.sites[s].stmt_line});
    for (const auto& br : v.branches) {
      std::vector<int> arm_sites[2];
      bool ok = true;
      for (size_t s = 0; s < t.sites.size() && ok; ++s) {
        const SourceSite& x = t.sites[s];
        if (!touched[s] || x.op != kStore || x.file != br.file) continue;
        const int arm = branch_arm(br, x.stmt_line);
        if (arm < 0) continue;
        if ((x.words() != 1 && x.words() != 2 && x.words() != 4) || x.vector_group >= 0 || x.vector_width != 1 || text_of(static_cast<int>(s)).empty())
          ok = false;
        else arm_sites[arm].push_back(static_cast<int>(s));
      }
      if (!ok || arm_sites[0].empty() || arm_sites[1].empty()) continue;
      auto has_instruction = [&](int s) { return v.lines.count(LineKey{t.sites[s].file, t.sites[s].stmt_line, true}) > 0; };
      // (a whole int2 / int4 stored, gen-20261207-23's `sp0_2[w] = make_int2(v[1], x[1])` in both
      // arms: the pair's instruction on its line is of the sites' width)
      auto tail_width_fits = [&](int a, int b) {
        if (t.sites[a].words() != t.sites[b].words()) return false;
        if (t.sites[a].words() == 1) return true;
        const int with = has_instruction(a) ? a : b;
        const auto w = widths_on(t.sites[with].file, t.sites[with].stmt_line, true);
        return std::find(w.begin(), w.end(), t.sites[a].words()) != w.end();
      };
      std::vector<std::vector<int>> units[2];
      for (int a = 0; a < 2; ++a) {
        std::sort(arm_sites[a].begin(), arm_sites[a].end(), [&](int p, int q) {
          return std::tie(t.sites[p].stmt_line, t.sites[p].col, p) < std::tie(t.sites[q].stmt_line, t.sites[q].col, q);
        });
        for (int s : arm_sites[a]) {
          if (!units[a].empty()) {
            const std::vector<int>& u = units[a].back();
            const int last = t.sites[u.back()].stmt_line;
            bool bare = !has_instruction(s);
            for (int m : u) bare = bare && !has_instruction(m);
            if (bare && text_of(s) == text_of(u[0]) && (t.sites[s].stmt_line == last || t.sites[s].stmt_line == last + 1)) {
              units[a].back().push_back(s);
              continue;
            }
          }
          units[a].push_back({s});
        }
      }
      // the common tail: pairs of single sites written alike, one with an instruction on its line
      std::vector<std::pair<int, int>> pairs;
      for (size_t k = 1; k <= std::min(units[0].size(), units[1].size()); ++k) {
        const std::vector<int>& a = units[0][units[0].size() - k];
        const std::vector<int>& b = units[1][units[1].size() - k];
        if (a.size() != 1 || b.size() != 1 || text_of(a[0]) != text_of(b[0]) || has_instruction(a[0]) == has_instruction(b[0]) ||
            !tail_width_fits(a[0], b[0]))
          break;
        pairs.push_back({a[0], b[0]});
      }
      if (pairs.empty()) continue;
      // the trace: one arm a thread, each store once
      std::set<int> arm_of[2];
      for (int a = 0; a < 2; ++a) arm_of[a].insert(arm_sites[a].begin(), arm_sites[a].end());
      bool seen[2] = {false, false};
      for (const auto& st : t.steps) {
        std::map<int, int> arms;                       // thread -> arms taken, a bit each
        std::map<std::pair<int, int>, int> made;       // (thread, site) -> its words there (a whole int2: 2)
        for (const auto& a : st.accesses) {
          if (a.op != kStore) continue;
          const int arm = arm_of[0].count(a.site) ? 0 : arm_of[1].count(a.site) ? 1 : -1;
          if (arm < 0) continue;
          arms[a.tid] |= 1 << arm;
          seen[arm] = true;
          if (++made[{a.tid, a.site}] > t.sites[a.site].words()) ok = false;
        }
        for (const auto& [tid, m] : arms) ok = ok && m != 3;
        if (!ok) break;
      }
      if (!ok || !seen[0] || !seen[1]) continue;
      // the SASS: the stores of the branch's lines (and of lines without store sites near it), in
      // the barrier region of those on its lines, are the units less the pairs
      auto inside = [&](int line) { return line >= br.line && line <= br.else_last; };
      std::set<std::pair<int, int>> regions;
      for (const auto& [key, places] : v.places)
        if (std::get<0>(key) == br.file && std::get<2>(key) && inside(std::get<1>(key)))
          for (const auto& p : places) regions.insert({p.function, p.region});
      // (one barrier region, or several each holding that many: the branch in a loop with a
      // barrier that ptxas unrolled, a copy of the branch a region, gen-20261207-23)
      if (regions.empty()) continue;
      std::map<std::pair<int, int>, int> count;  // region -> the stores there
      std::vector<LineKey> counted;
      for (const auto& [key, places] : v.places) {
        const auto [file, line, store] = key;
        if (file != br.file || !store) continue;
        if (!inside(line) && (store_lines.count({file, line}) || line < br.line - kArmReach || line > br.else_last + kArmReach)) continue;
        for (const auto& p : places)
          if (regions.count({p.function, p.region})) ++count[{p.function, p.region}];
        counted.push_back(key);
      }
      bool each = count.size() == regions.size();
      for (const auto& [where, n] : count) each = each && n == static_cast<int>(units[0].size() + units[1].size() - pairs.size());
      if (!each) continue;
      tail_explained.insert(counted.begin(), counted.end());
      for (const auto& [a, b] : pairs) {
        assign({a, b}, t.sites[a].words());
        tail_paired.insert({a, b});
      }
      used.push_back("SASS (the arms' last stores written alike: one store after the join)");
    }
  }
  // The arms' first statements one instruction before the branch (a common head, the mirror of the
  // tail above): an if/else whose arms ptxas kept apart (branched around, or predicated) but whose
  // first stores, written alike (`sx[(w) / 32][(w) % 32] = x[0]` in one arm and the first copy of
  // the other arm's loop, the address per arm), it made one unpredicated instruction before the
  // arms, named with one arm's line; the other arm's line has none (gen-20261206-260). Taken where:
  //  - the trace: in every step each thread that stores in the branch took one arm, and the threads
  //    of an arm made the same stores there in the same order (a loop's site once an iteration);
  //  - the arms' sequences begin with k pairs of stores written alike, one of each on a line without
  //    a store instruction and the other on a line with one, each store the first of its site in
  //    its arm (at most one of a pair's two sites made again later), no site in two pairs;
  //  - the SASS: in each barrier region of the branch's lines' stores, the stores on its lines and
  //    on lines within reach without store sites are the two sequences' less k, and the k of them
  //    in the region's first straight run are unpredicated and the pairs' lines' (every other one
  //    predicated or in a later run).
  // Each pair is then one group (a thread's first store of it its lane of one instruction).
  std::set<LineKey> head_explained;
  if (v.sass) common_head(v, t, touched, text_of, assign, &head_explained, &used);
  // The threads that made a site's accesses: (launch, block, thread).
  std::map<int, std::set<std::tuple<int, int, int>>> threads_at;
  auto threads_of = [&](int site) -> const std::set<std::tuple<int, int, int>>& {
    auto it = threads_at.find(site);
    if (it != threads_at.end()) return it->second;
    auto& out = threads_at[site];
    for (const auto& st : t.steps)
      for (const auto& a : st.accesses)
        if (a.site == site) out.insert({st.launch, st.block, a.tid});
    return out;
  };
  // Whether the instructions of a line without sites of their kind (`other`) are not an arm's own
  // beside the instructions of line `near` (an if/else's arm may have its own instruction named
  // with such a line: the line table names a loop's line for an unrolled arm's stores, also a
  // loop's header further away than the arms reach, `for (tile ...)` 15 lines above). They are
  // not where the if/else became one straight run of code, ptxas choosing each statement's
  // address per thread: every instruction of that line unpredicated, and in the straight run of
  // an unpredicated instruction of the near line, or in another barrier region or function than
  // all of them; an arm's own is predicated or branched around, between the same barriers.
  auto not_an_arms = [&](const LineKey& near, const LineKey& other) {
    auto po = v.places.find(other);
    auto pn = v.places.find(near);
    if (po == v.places.end() || pn == v.places.end()) return false;
    for (const auto& a : po->second) {
      bool same_region = false, same_run = false;
      for (const auto& b : pn->second)
        if (b.function == a.function && b.region == a.region) {
          same_region = true;
          same_run = same_run || (b.run == a.run && !b.guarded);
        }
      if (a.guarded || (same_region && !same_run)) return false;
    }
    return true;
  };
  // The most accesses one thread makes at the sites `in` in one step.
  auto most_per_thread = [&](const std::set<int>& in) {
    int most = 0;
    for (const auto& st : t.steps) {
      std::map<int, int> n;
      for (const auto& a : st.accesses)
        if ((a.op == kLoad || a.op == kStore) && in.count(a.site)) most = std::max(most, ++n[a.tid]);
    }
    return most;
  };
  // Whether ptxas kept the arms of `br` apart by branching around them, each arm's `members` (the
  // same access written alike in both arms, an inner if/else in each, on lines without instructions)
  // one instruction a copy of its own: no store of the kind on the branch's lines predicated (the
  // caller's test), the instructions named with lines of each arm without sites of the kind (the
  // arm's loop's line, gen-20261206-186) in straight runs of that arm only, and in each barrier
  // region as many as the most executions one thread makes of the arm's members in a step.
  auto arms_branched_around = [&](const CompilerView::Branch& br, int file, bool store, const std::vector<std::vector<int>>& arms) {
    std::set<std::tuple<int, int, int>> runs[2];          // (function, region, run) of each arm's instructions
    std::map<std::pair<int, int>, int> count[2];          // (function, region) -> each arm's instructions there
    for (const auto& [other, pls] : v.places) {
      if (std::get<0>(other) != file || std::get<2>(other) != store || sites_at.count(other)) continue;
      const int arm = branch_arm(br, std::get<1>(other));
      if (arm < 0) continue;
      for (const auto& pl : pls) {
        runs[arm].insert({pl.function, pl.region, pl.run});
        ++count[arm][{pl.function, pl.region}];
      }
    }
    if (runs[0].empty() || runs[1].empty()) return false;
    for (const auto& r : runs[0])
      if (runs[1].count(r)) return false;
    for (int a = 0; a < 2; ++a) {
      if (arms[static_cast<size_t>(a)].empty()) return false;
      const int most = most_per_thread(std::set<int>(arms[static_cast<size_t>(a)].begin(), arms[static_cast<size_t>(a)].end()));
      for (const auto& [where, n] : count[a])
        if (n != most) return false;
    }
    return true;
  };
  // Whether a line has sites of a kind (shared loads or stores) that ran.
  auto has_sites_of_kind = [&](int file, int line, bool store) {
    for (size_t q = 0; q < t.sites.size(); ++q)
      if (touched[q] && t.sites[q].file == file && t.sites[q].stmt_line == line && (t.sites[q].op == kStore) == store) return true;
    return false;
  };
  // The same access written on several lines without instructions, in clusters of adjacent lines
  // (an if/else inside each arm of a divergent if/else: `if (c) s[w] = v[j];` and `else s[w] =
  // v[j];` on two lines, in both arms): ptxas made one instruction of each inner if/else, which
  // the line table names with a line near it (the arm's next statement, a line of loads), and
  // kept the outer arms apart (branched around, or predicated @P0 / @!P0). Where the
  // instructions of the kind on the lines within reach, in the clusters' barrier regions, exceed
  // the PTX's there by exactly what the clusters make apart (each cluster the most executions one
  // thread makes of it in a step) and what the other lines without instructions there make (each
  // group's, each other text's as one), and not by what the clusters would make as one (two arms
  // made one straight run: gen-20261204-52), each cluster is one instruction of its own: the
  // clusters, else none.
  std::set<LineKey> extra_explained;  // lines whose instructions beyond the PTX's arms_apart gave to clusters
  auto arms_apart = [&](const std::vector<int>& members) {
    std::vector<std::vector<int>> clusters;
    std::map<int, std::vector<int>> by_line;
    for (int m : members) by_line[t.sites[m].stmt_line].push_back(m);
    int last = 0;
    for (const auto& [l, sl] : by_line) {
      if (clusters.empty() || l != last + 1) clusters.emplace_back();
      clusters.back().insert(clusters.back().end(), sl.begin(), sl.end());
      last = l;
    }
    if (clusters.size() < 2) return std::vector<std::vector<int>>();
    int apart = 0;
    for (const auto& c : clusters) apart += most_per_thread(std::set<int>(c.begin(), c.end()));
    const int together = most_per_thread(std::set<int>(members.begin(), members.end()));
    const int file = t.sites[members[0]].file;
    const bool store = t.sites[members[0]].op == kStore;
    // the barrier regions the clusters run in: those of the instructions of lines whose sites
    // are executed in the steps the clusters' sites are
    std::set<std::pair<int, int>> regions;  // (function, region)
    const int lo = by_line.begin()->first - kArmReach, hi = by_line.rbegin()->first + kArmReach;
    int others = 0;  // what the other orphans within reach in those steps make: each group's, each other text's as one
    {
      std::set<int> in(members.begin(), members.end()), steps;
      for (size_t i = 0; i < t.steps.size(); ++i)
        for (const auto& a : t.steps[i].accesses)
          if (in.count(a.site)) steps.insert(static_cast<int>(i));
      std::set<LineKey> lines;
      for (int i : steps)
        for (const auto& a : t.steps[i].accesses)
          if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(t.sites.size()) && touched[a.site])
            lines.insert(LineKey{t.sites[a.site].file, t.sites[a.site].stmt_line, a.op == kStore});
      for (const LineKey& k : lines)
        if (auto p = v.places.find(k); p != v.places.end())
          for (const auto& pl : p->second) regions.insert({pl.function, pl.region});
      std::map<std::string, std::set<int>> by_text;
      for (const LineKey& k : lines) {
        if (std::get<0>(k) != file || std::get<2>(k) != store || std::get<1>(k) < lo || std::get<1>(k) > hi || v.lines.count(k) || !sites_at.count(k)) continue;
        for (int s : sites_at.at(k))  // (those in a group already: the group's)
          if (!in.count(s) && t.sites[s].vector_width == 1 && !tail_paired.count(s))  // (a common tail's: its instruction is its partner's line's)
            by_text[t.sites[s].vector_group >= 0 ? "\n" + std::to_string(t.sites[s].vector_group) : text_of(s)].insert(s);
      }
      for (const auto& [text, sl] : by_text) others += most_per_thread(sl);
    }
    int extra = 0;
    std::vector<LineKey> with_extra;
    for (const auto& [key, widths] : v.lines) {
      if (std::get<0>(key) != file || std::get<2>(key) != store || std::get<1>(key) < lo || std::get<1>(key) > hi) continue;
      // (a line with instructions of the kind in those regions and others: its extra ones in
      // them are known only where the PTX has none of the kind on it)
      int inside = 0;
      for (const auto& pl : v.places.at(key)) inside += regions.count({pl.function, pl.region}) ? 1 : 0;
      auto in_ptx = v.ptx_lines.find(key);
      const int ptx = in_ptx == v.ptx_lines.end() ? 0 : static_cast<int>(in_ptx->second.size());
      if (inside == 0) continue;
      if (inside != static_cast<int>(widths.size()) && ptx > 0) return std::vector<std::vector<int>>();
      extra += std::max(0, inside - ptx);
      if (inside > ptx) with_extra.push_back(key);
    }
    if (extra != apart + others || apart == together) clusters.clear();
    else extra_explained.insert(with_extra.begin(), with_extra.end());
    return clusters;
  };
  // Orphans next to a line of single accesses: nvcc merged the statements into one instruction
  // (the stores of an if/else to the same word).
  for (const auto& [key, sites] : sites_at) {
    if (v.lines.count(key)) continue;
    bool grouped = false;
    for (int s : sites) grouped = grouped || t.sites[s].vector_group >= 0;
    if (grouped) continue;
    const auto [file, line, store] = key;
    if (v.sass) {
      // The same access written on lines near it that have no instruction either (the stores
      // of an if/else's arms to one array element, its address chosen per arm): the compiler
      // made one instruction of them after the branch, which the line table gives to another
      // line (nvcc's PTX often names none). One group: lanes of both arms issue it together,
      // while one thread's executions stay one instruction each.
      std::vector<int> members;
      bool split = false;  // (arms_apart: the clusters are grouped)
      for (int a : sites) {
        const std::string text = text_of(a);
        if (text.empty() || t.sites[a].vector_group >= 0 || t.sites[a].words() != 1) continue;
        // (chained: a line within reach of any line the group holds joins it, so that three
        // one-line inner if/else in a row, whose last `else` lies 13 lines from the first `if`,
        // stay one group: gen-20261205-2)
        std::set<int> held{line};
        for (bool grew = true; grew;) {
          grew = false;
          for (const auto& [other, osites] : sites_at) {
            if (std::get<0>(other) != file || std::get<2>(other) != store || other == key || held.count(std::get<1>(other)) ||
                v.lines.count(other))  // (a line with instructions of its own keeps them: an arm's store of its own)
              continue;
            const int ol = std::get<1>(other);
            auto after = held.lower_bound(ol);
            const bool within = (after != held.end() && *after - ol <= kArmReach) ||
                                (after != held.begin() && ol - *std::prev(after) <= kArmReach);
            if (!within) continue;
            bool any = false;
            for (int b : osites)
              if (t.sites[b].vector_group < 0 && t.sites[b].words() == 1 && text_of(b) == text) {
                members.push_back(b);
                any = true;
              }
            if (any) {
              held.insert(ol);
              grew = true;
            }
          }
        }
        if (!members.empty()) {
          members.push_back(a);
          {
            // (the group spans both arms of a divergent if/else whose arms ptxas kept apart by
            // predicates: store instructions named with the branch's lines guarded by a predicate
            // and by its complement, the unguarded ones, if any, in several straight runs of their
            // barrier region (arms branched around); each arm's inner if/else is one instruction a
            // copy of its own, not one for the lanes of both arms: gen-20261207-260, whose loops'
            // copies arms_apart cannot count)
            const CompilerView::Branch* outer = nullptr;
            for (const auto& br : v.branches) {
              if (br.file != file) continue;
              bool all = true, then_arm = false, else_arm = false;
              for (int m : members) {
                const int arm = branch_arm(br, t.sites[m].stmt_line);
                all = all && arm >= 0;
                then_arm = then_arm || arm == 0;
                else_arm = else_arm || arm == 1;
              }
              if (all && then_arm && else_arm && (!outer || br.line > outer->line)) outer = &br;
            }
            std::vector<std::vector<int>> arms(2);
            bool kept_apart = false, branched = false;
            if (outer) {
              std::set<int> guards, near_guards;
              std::map<std::pair<int, int>, std::set<int>> unguarded;  // (function, region) -> runs
              for (const auto& [other, pls] : v.places) {
                if (std::get<0>(other) != file || std::get<2>(other) != store) continue;
                const int ol = std::get<1>(other);
                if (ol < outer->line || ol > outer->else_last) {
                  // (a line within reach outside the branch without sites of the kind: the line
                  // table may name one arm's predicated copies with the loop's line around the
                  // branch, gen-20261206-183's `@P0 STS` named with its tile loop's line; 4-byte
                  // ones, as the members': not a copy ptxas joined with the next one, the `@P0
                  // STS.64` of gen-20261208-98's then arm)
                  if (ol >= outer->line - kArmReach && ol <= outer->else_last + kArmReach && !has_sites_of_kind(file, ol, store)) {
                    auto bytes = v.line_bytes.find(other);
                    for (size_t i = 0; i < pls.size(); ++i)
                      if (pls[i].guard >= 0 && bytes != v.line_bytes.end() && i < bytes->second.size() && bytes->second[i] == 4)
                        near_guards.insert(pls[i].guard);
                  }
                  continue;
                }
                for (const auto& pl : pls) {
                  if (pl.guard < 0) unguarded[{pl.function, pl.region}].insert(pl.run);
                  else guards.insert(pl.guard);
                }
              }
              for (int g : guards) kept_apart = kept_apart || guards.count(g ^ 8) || near_guards.count(g ^ 8);
              for (int m : members) arms[branch_arm(*outer, t.sites[m].stmt_line)].push_back(m);
              if (guards.empty()) kept_apart = branched = arms_branched_around(*outer, file, store, arms);
              // (unguarded ones only in arms branched around, a loop's remainder: never one straight
              // run of a barrier region, which is the two arms made one run of code)
              for (const auto& [where, runs] : unguarded) kept_apart = kept_apart && runs.size() > 1;
              // (in each arm an inner if/else, two lines or more: a single line of one arm may be
              // its last statement that ptxas made one store with the other arm's after the join,
              // gen-20261205-269)
              for (int arm = 0; arm < 2; ++arm) {
                std::set<int> lines;
                for (int m : arms[static_cast<size_t>(arm)]) lines.insert(t.sites[m].stmt_line);
                // (with the arm's sites written alike on lines without instructions that no thread
                // of this run reached: an inner if/else whose one arm none took, gen-20261206-183)
                for (size_t q = 0; q < t.sites.size(); ++q)
                  if (t.sites[q].file == file && (t.sites[q].op == kStore) == store && t.sites[q].op != kAtomic &&
                      branch_arm(*outer, t.sites[q].stmt_line) == arm && !v.lines.count(LineKey{file, t.sites[q].stmt_line, store}) &&
                      text_of(static_cast<int>(q)) == text)
                    lines.insert(t.sites[q].stmt_line);
                kept_apart = kept_apart && lines.size() >= 2;
              }
              // (divergent: no thread makes both arms' stores)
              for (int m : arms[0])
                for (const auto& x : threads_of(m))
                  for (int o : arms[1]) kept_apart = kept_apart && !threads_of(o).count(x);
            }
            if (kept_apart) {
              for (const auto& c : arms) assign(c, 1);
              used.push_back(std::string("SASS (one ") + (store ? "store" : "load") +
                             " for the same access in the arms of an inner if/else, in each outer arm kept apart by " +
                             (branched ? "branches)" : "predicates)"));
              members.clear();
              split = true;
              break;
            }
          }
          const auto clusters = arms_apart(members);
          if (!clusters.empty()) {
            for (const auto& c : clusters) assign(c, 1);
            used.push_back(std::string("SASS (one ") + (store ? "store" : "load") + " for the same access in the arms of an inner if/else, in each outer arm)");
            members.clear();
            split = true;
            break;
          }
          members.pop_back();
        }
        {
          // (alone: no other line without instructions writes it; then only with such a line, the
          // other arm's `s[w] = v[3]` that ptxas made one STS after the branch with this arm's)
          const bool alone = members.empty();
          members.push_back(a);
          // and the same access on the nearest line that has an instruction of the kind, where
          // that line has no more in the SASS than in the PTX and holds only that access: the
          // line table names the instruction the compiler made of all the arms with that line
          // (`if (c) s[w] = v; else s[w] = v;` in one arm, `s[w] = v;` in the other: one STS)
          int near = -1, near_site = -1;
          for (const auto& [other, osites] : sites_at) {
            const int d = std::abs(std::get<1>(other) - line);
            if (std::get<0>(other) != file || std::get<2>(other) != store || d > (alone ? 2 * kArmReach : kArmReach) || !v.lines.count(other) || osites.size() != 1 ||
                (near >= 0 && d >= std::abs(near - line)))
              continue;
            const int b = osites[0];
            auto in_ptx = v.ptx_lines.find(other);
            if (t.sites[b].vector_group >= 0 || t.sites[b].words() != 1 || text_of(b) != text || in_ptx == v.ptx_lines.end() ||
                v.lines.at(other).size() > in_ptx->second.size())
              continue;
            if (alone) {  // (the other arm's: the statements before it in this arm are written alike too)
              bool apart = true;
              for (const auto& x : threads_of(a)) apart = apart && !threads_of(b).count(x);
              if (!apart) continue;
            }
            near = std::get<1>(other);
            near_site = b;
          }
          // (the arms' threads: no thread makes both, else they are statements one after the
          // other; and no instruction of the kind on a line without its sites that may be this
          // arm's own: not_an_arms)
          const LineKey near_key{file, near, store};  // (structured bindings are not captured before C++20)
          for (const auto& [other, widths] : v.lines) {
            if (std::get<0>(other) != file || std::get<2>(other) != store) continue;
            auto in_ptx = v.ptx_lines.find(other);
            if ((!sites_at.count(other) && (near < 0 || !not_an_arms(near_key, other))) ||
                (std::abs(std::get<1>(other) - line) <= kArmReach && (in_ptx == v.ptx_lines.end() || widths.size() > in_ptx->second.size())))
              near_site = -1;
          }
          bool joined = false;
          if (near_site >= 0) {
            const auto& own = threads_of(near_site);
            bool apart = true;
            for (int m : members)
              for (const auto& x : threads_of(m)) apart = apart && !own.count(x);
            if (apart) members.push_back(near_site);
            joined = apart;
          }
          if (alone && !joined) {
            members.clear();
            continue;
          }
          break;
        }
      }
      if (split) continue;
      if (!members.empty()) {
        assign(members, 1);
        used.push_back(std::string("SASS (one ") + (store ? "store" : "load") + " for the same access in the arms of a branch)");
        continue;
      }
    }
    int host = -1;
    for (int d = 1; d <= kMergeReach && host < 0; ++d)
      for (int l : {line + d, line - d})
        if (host < 0 && v.lines.count(LineKey{file, l, store}) && sites_at.count(LineKey{file, l, store})) host = l;
    if (host < 0 && v.sass) {
      // The SASS names another line for this line's accesses (the other arm of a branch, its
      // accesses made once after it): the nearest line with instructions of this kind and sites.
      // (first a line whose access is written as this line's: the other arm's statement)
      int near = -1;
      bool near_same = false;
      for (const auto& [other, osites] : sites_at) {
        if (std::get<0>(other) != file || std::get<2>(other) != store || !v.lines.count(other)) continue;
        if (!share_a_launch(t, sites, osites)) continue;  // another kernel's line
        bool same = false;
        for (int a : sites)
          for (int b : osites) same = same || (!text_of(a).empty() && text_of(a) == text_of(b));
        if (near < 0 || (same && !near_same) || (same == near_same && std::abs(std::get<1>(other) - line) < std::abs(near - line))) {
          near = std::get<1>(other);
          near_same = same;
        }
      }
      // Merged only where that line has no more instructions in the SASS than in the PTX: with
      // more, this line's are among them (the line table names the line before for instructions
      // the PTX gave no line of their own, or for a loop ptxas unrolled), and it stays as written.
      auto count = [](const std::map<LineKey, std::vector<int>>& m, const LineKey& key) {
        auto it = m.find(key);
        return it == m.end() ? 0 : static_cast<int>(it->second.size());
      };
      if (near >= 0 && count(v.lines, LineKey{file, near, store}) > count(v.ptx_lines, LineKey{file, near, store})) {
        const std::string path = file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : "?";
        t.compiler_notes.push_back(path + ":" + std::to_string(line) + ": the SASS names no shared-memory " + (store ? "store" : "load") +
                                   " for this line and more on line " + std::to_string(near) +
                                   " than the PTX (this line's among them): the model counts the source's");
        continue;
      }
      // Nor where an instruction of the kind on a line without sites, between the barriers of
      // one of that line's, may be this line's own: predicated, or in another straight run than
      // the near line's unpredicated ones (an inner if/else's one instruction, which the line
      // table names with a loop's header or a line of loads, in its outer arm's code)
      bool own_elsewhere = false;
      if (near >= 0)
        for (const auto& [other, widths] : v.lines) {
          if (std::get<0>(other) != file || std::get<2>(other) != store || sites_at.count(other)) continue;
          auto po = v.places.find(other);
          auto pn = v.places.find(LineKey{file, near, store});
          if (po == v.places.end() || pn == v.places.end()) continue;
          for (const auto& a : po->second) {
            bool same_region = false, same_run = false;
            for (const auto& b : pn->second)
              if (b.function == a.function && b.region == a.region) {
                same_region = true;
                same_run = same_run || (b.run == a.run && !b.guarded);
              }
            own_elsewhere = own_elsewhere || (same_region && (a.guarded || !same_run));
          }
        }
      if (near >= 0 && !own_elsewhere) {
        std::vector<int> members = sites;
        const auto& h = sites_at.at(LineKey{file, near, store});
        bool wide = false;
        for (int s : h) wide = wide || t.sites[s].vector_group >= 0 || t.sites[s].words() > 1;
        for (int s : sites) wide = wide || t.sites[s].words() > 1;
        if (!wide) {
          members.insert(members.end(), h.begin(), h.end());
          assign(members, 1);
          used.push_back(std::string("SASS (one ") + (store ? "store" : "load") + " for the statements of two lines)");
          continue;
        }
      }
    }
    // Removed only where the PTX has the access on this line and the SASS has no access of this
    // kind on a line the PTX has none on (where the line table names lines the PTX did not give,
    // this line's may be among them: then it stays as written).
    bool foreign = false;
    if (host < 0 && v.sass)
      for (const auto& [other, widths] : v.lines)
        if (std::get<0>(other) == file && std::get<2>(other) == store && !v.ptx_lines.count(other)) foreign = true;
    if (host < 0 && v.sass && (foreign || !v.ptx_lines.count(key))) {
      const std::string path = file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : "?";
      t.compiler_notes.push_back(path + ":" + std::to_string(line) + ": the SASS has no shared-memory " + (store ? "store" : "load") +
                                 " on this line, and " + (foreign ? "has some on lines the PTX has none on" : "the PTX has none here either") +
                                 " (the compiler moved it or removed it); the model counts the source's");
      continue;
    }
    if (host < 0 && v.sass) {  // no instruction of the machine code is this line's: ptxas kept the value in a register
      const std::string path = file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : "?";
      t.compiler_notes.push_back(path + ":" + std::to_string(line) + ": the SASS has no shared-memory " + (store ? "store" : "load") +
                                 " on this line (ptxas kept the value in a register): the model counts none");
      for (int s : sites) t.sites[s].vector_width = 0;  // the bank model issues no instruction for it
      used.push_back(std::string("ptxas (") + (store ? "a store" : "a reload") + " removed)");
      continue;
    }
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
      used.push_back((v.sass ? "SASS (one " : "nvcc (one ") + std::string(store ? "store" : "load") + " for two statements)");
    }
  }
  // Members of a struct narrower than a word that ptxas moves as one wider access (`part[t] = mine`
  // with a 1-byte `seen` at byte 0 and a char2 at bytes 2-3: one STS of the word, then STS.U16 and
  // STS for the others). Where a line has fewer instructions of a kind in the SASS than the source
  // has sites there, and more of 4 bytes or wider than its sites of 4 bytes or wider, sites of 1
  // or 2 bytes whose bytes one thread reaches in one word, without overlap, are one instruction:
  // in source order, until the line's sites are as many as its instructions (with the lines
  // within reach that have instructions and sites of the kind, counted together). SASS instructions on
  // lines with no site of their kind in this run (a struct read through a reference, its members'
  // loads named by the lines of an inlined function) count as this line's where it is the file's
  // only such line; with two, which line they serve is not known and nothing is joined.
  if (v.sass) {
    std::map<std::pair<int, int>, std::pair<int, uint8_t>> first_bytes;  // (site, thread) -> its first access's (word, mask)
    for (const auto& st : t.steps)
      for (const auto& a : st.accesses)
        if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(t.sites.size()) && shared[a.site])
          first_bytes.emplace(std::make_pair(a.site, a.tid), std::make_pair(a.word, a.mask));
    for (const bool store : {false, true}) {
      std::map<int, std::pair<int, int>> foreign;  // file -> (instructions, of them 4 bytes or wider) on lines without sites
      for (const auto& [key, bytes] : v.line_bytes)
        if (std::get<2>(key) == store && !sites_at.count(key))
          for (int b : bytes) {
            ++foreign[std::get<0>(key)].first;
            foreign[std::get<0>(key)].second += b >= 4;
          }
      // lines of this kind with SASS instructions and sites, all of them in no group yet
      auto plain = [&](const LineKey& key) {
        if (std::get<2>(key) != store || !v.line_bytes.count(key) || !sites_at.count(key)) return false;
        for (int s : sites_at.at(key))
          if (t.sites[s].vector_group >= 0 || t.sites[s].vector_width != 1) return false;
        return true;
      };
      std::vector<LineKey> short_lines;
      std::map<int, int> short_in_file;
      for (const auto& [key, sites] : sites_at)
        if (plain(key) && sites.size() > v.line_bytes.at(key).size()) {
          short_lines.push_back(key);
          ++short_in_file[std::get<0>(key)];
        }
      std::set<LineKey> done;
      for (const LineKey& key : short_lines) {
        if (done.count(key)) continue;
        const int file = std::get<0>(key);
        const auto f = foreign.count(file) ? foreign.at(file) : std::make_pair(0, 0);
        if (f.first > 0 && short_in_file[file] > 1) continue;
        // The line and those near it with instructions and sites of this kind: the line table may
        // name one statement's line for another's member (two records stored by two statements
        // as three words: the word that holds the first's last member and the second's first is
        // named by the second's line).
        std::vector<LineKey> lines;
        for (int l = std::get<1>(key) - kMergeReach; l <= std::get<1>(key) + kMergeReach; ++l)
          if (plain(LineKey{file, l, store})) lines.push_back(LineKey{file, l, store});
        int extra = -f.first, wide_ins = f.second, wide_sites = 0;
        std::vector<int> narrow;
        for (const LineKey& k : lines) {
          done.insert(k);
          extra += static_cast<int>(sites_at.at(k).size()) - static_cast<int>(v.line_bytes.at(k).size());
          for (int b : v.line_bytes.at(k)) wide_ins += b >= 4;
          for (int s : sites_at.at(k)) {
            if (t.sites[s].bytes >= 4) ++wide_sites;
            else narrow.push_back(s);
          }
        }
        extra = std::min(extra, wide_ins - wide_sites);
        if (extra <= 0 || narrow.size() < 2) continue;
        std::sort(narrow.begin(), narrow.end(), [&](int a, int b) {
          return std::tie(t.sites[a].line, t.sites[a].col, a) < std::tie(t.sites[b].line, t.sites[b].col, b);
        });
        auto first = [&](int s) {  // the first thread's first access of the site: (thread, word, mask)
          auto it = first_bytes.lower_bound({s, std::numeric_limits<int>::min()});
          return it == first_bytes.end() || it->first.first != s ? std::make_tuple(-1, -1, 0) : std::make_tuple(it->first.second, it->second.first, static_cast<int>(it->second.second));
        };
        std::set<int> taken;
        bool joined = false;
        for (size_t i = 0; i < narrow.size() && extra > 0; ++i) {
          if (taken.count(narrow[i])) continue;
          const auto [tid, word, mask0] = first(narrow[i]);
          if (tid < 0 || mask0 == 0) continue;
          int mask = mask0;
          std::vector<int> members = {narrow[i]};
          for (size_t j = i + 1; j < narrow.size() && static_cast<int>(members.size()) <= extra; ++j) {
            if (taken.count(narrow[j])) continue;
            auto other = first_bytes.find({narrow[j], tid});
            if (other == first_bytes.end() || other->second.first != word || !other->second.second || (other->second.second & mask)) continue;
            mask |= other->second.second;
            members.push_back(narrow[j]);
          }
          if (members.size() < 2) continue;
          for (int s : members) taken.insert(s);
          extra -= static_cast<int>(members.size()) - 1;
          assign(members, 1);
          joined = true;
        }
        if (joined) used.push_back(std::string("ptxas (a struct's narrow members ") + (store ? "stored" : "loaded") + " as one word)");
      }
    }
  }
  // A value loaded twice in one statement (`if (s[b] > 0) atomicAdd(&out[b], s[b]);`): where the
  // SASS has fewer loads on the line than the source has sites there, and some of the line's
  // sites are written the same, ptxas loaded the word once and kept it in a register. The later
  // copies (by column) issue nothing, until the line's sites are as many as its instructions.
  if (v.sass)
    for (const auto& [key, sites] : sites_at) {
      if (std::get<2>(key)) continue;  // loads only: a store written twice is two stores
      auto in = v.lines.find(key);
      if (in == v.lines.end()) continue;
      std::vector<int> free;
      for (int s : sites)
        if (t.sites[s].vector_group < 0 && t.sites[s].vector_width == 1 && t.sites[s].bytes == 4) free.push_back(s);
      int extra = static_cast<int>(sites.size()) - static_cast<int>(in->second.size());
      if (extra <= 0 || free.size() < 2) continue;
      std::sort(free.begin(), free.end(), [&](int a, int b) { return std::tie(t.sites[a].line, t.sites[a].col) < std::tie(t.sites[b].line, t.sites[b].col); });
      // (written the same and reading the same word: `part[0].count` and `part[0].sum` are one
      // array element's two words, two loads)
      std::map<std::pair<std::string, int>, int> seen_text;
      auto word_of = [&](int s) {
        auto w = first_word.lower_bound({s, std::numeric_limits<int>::min()});
        return w == first_word.end() || w->first.first != s ? -1 : w->second;
      };
      bool removed = false;
      for (int s : free) {
        const std::string text = text_of(s);
        if (text.empty()) continue;
        if (seen_text.emplace(std::make_pair(text, word_of(s)), s).second || extra <= 0) continue;
        t.sites[s].vector_width = 0;  // the bank model issues no instruction for it
        --extra;
        removed = true;
      }
      if (removed) used.push_back("ptxas (a value loaded twice in one statement, loaded once)");
    }
  // Loads the SASS makes before the exit the statement's condition makes (v.before_exit): the
  // statement's first load sites by column, their bytes the instructions' in order, each reading
  // one word whatever the thread (`part[0].count`), are made by every warp of the block.
  if (v.sass)
    for (const auto& [fl, bytes] : v.before_exit) {
      auto own = sites_at.find(LineKey{fl.first, fl.second, false});
      if (own == sites_at.end() || own->second.size() < bytes.size()) continue;
      std::vector<int> sites = own->second;
      std::sort(sites.begin(), sites.end(), [&](int a, int b) { return std::tie(t.sites[a].line, t.sites[a].col, a) < std::tie(t.sites[b].line, t.sites[b].col, b); });
      bool fits = true;
      for (size_t k = 0; k < bytes.size() && fits; ++k) {
        const SourceSite& x = t.sites[sites[k]];
        fits = x.bytes == bytes[k] && x.vector_group < 0 && x.vector_width == 1;
      }
      if (!fits) continue;
      std::set<int> words;
      for (const auto& st : t.steps)
        for (const auto& a : st.accesses)
          if (a.op == kLoad && a.site >= 0)
            for (size_t k = 0; k < bytes.size(); ++k)
              if (a.site == sites[k]) words.insert(a.word * static_cast<int>(bytes.size()) + static_cast<int>(k));
      if (words.size() != bytes.size()) continue;  // each site one word (a thread's own element differs by thread)
      for (size_t k = 0; k < bytes.size(); ++k) t.sites[sites[k]].every_warp = true;
      used.push_back("ptxas (loads of a condition made in every warp, before the exit)");
    }
  // Loops ptxas unrolled with a remainder (v.unrolled): the line's one site of the kind, as the
  // source writes it (4 bytes or fewer, in no group), runs through the copies; a line with more
  // instructions than the PTX in a shape the model does not follow is noted.
  if (v.sass) {
    auto path_of = [&](int file) { return file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : std::string("?"); };
    for (const auto& [key, sites] : sites_at) {
      const auto [file, line, store] = key;
      auto plan = v.unrolled.find(key);
      if (plan != v.unrolled.end()) {
        const SourceSite& x = t.sites[sites[0]];
        if (sites.size() == 1 && x.vector_group < 0 && x.vector_width == 1 && x.bytes <= 4 && !x.every_warp) {
          t.sites[sites[0]].unrolled = plan->second;
          used.push_back(std::string("ptxas (a loop unrolled with a remainder: each warp runs the copies its lanes' ") + (store ? "stores" : "loads") +
                         " reach)");
          continue;
        }
        t.compiler_notes.push_back(path_of(file) + ":" + std::to_string(line) + ": the SASS's " + (store ? "stores" : "loads") +
                                   " of this line are a loop ptxas unrolled with a remainder, and the line has " +
                                   (sites.size() == 1 ? "an access the compiler merged" : "several accesses of the kind") +
                                   ": the model counts one instruction per execution of the source's access");
        continue;
      }
      auto unknown = v.unrolled_unknown.find(key);
      if (unknown == v.unrolled_unknown.end() || unknown->second.ptx == 0 || extra_explained.count(key) || tail_explained.count(key) || head_explained.count(key) ||
          joined_explained.count(key))
        continue;
      const CompilerView::Unknown& u = unknown->second;
      // (the stores of an if/else made straight code, paired above, are the extra ones)
      if (auto e = arms_explained.find(key); e != arms_explained.end() && u.sass - e->second <= u.ptx) continue;
      // Noted where the copies may count otherwise than one instruction per execution of the
      // source's access: some wider than the line's accesses (ptxas joined copies), or copies of a
      // loop (a segment of the plan) where the run or the plan says a warp's copies may not be its
      // passes (copies_run; segments that are no pass's copies times a power of two). Copies in
      // straight code, and a loop's where none of that holds, are the PTX's accesses run as
      // written: the extra ones are other lines' instructions that the line table names with this
      // line (an if/else's arms, statements the PTX gave no line), which those lines count.
      int bytes = 0;
      for (int s : sites) bytes = std::max(bytes, t.sites[s].bytes);
      const bool wider = u.widest > std::max(bytes, 4);
      std::vector<std::string> why;
      if (wider)
        why.push_back("some of them " + std::to_string(u.widest) + "-byte, wider than the source's " + (store ? "store" : "load") +
                      ": ptxas joined accesses (a loop's copies, or another line's) that the model counts apart");
      if (!wider && u.looped) {
        std::map<int, int> near_line_of;
        for (const auto& [other, osites] : sites_at)
          if (std::get<0>(other) == file && std::get<2>(other) == store && std::get<1>(other) != line &&
              std::abs(std::get<1>(other) - line) <= kArmReach && !v.lines.count(other))
            for (int s : osites) near_line_of[s] = std::get<1>(other);
        const CopiesRun run = copies_run(t, std::set<int>(sites.begin(), sites.end()), near_line_of, store);
        if (run.uneven)
          why.push_back("the lanes of a warp make this access a different number of times, and which copies a warp then runs (the unrolled "
                        "body's or the remainder's) is not known before running");
        if (run.other_arm >= 0)
          why.push_back("line " + std::to_string(run.other_arm) + " near it has no " + (store ? "store" : "load") +
                        " in the SASS, and other lanes of the same warps make its accesses at the same time: one copy may serve both "
                        "(the arms of an if/else)");
        if (run.again)
          why.push_back(store ? std::string("a thread stores a word here that it stores again before the next barrier: ptxas may leave the "
                                            "overwritten store out of some copies")
                              : std::string("a thread loads a word here that it loaded or stored since the last barrier: ptxas may keep the "
                                            "value in a register in some copies"));
        if (u.irregular)
          why.push_back("the copies' loop segments are not a pass's copies times powers of two: ptxas left some out or moved them");
      }
      if (why.empty()) continue;
      std::string text;
      for (const auto& w : why) text += (text.empty() ? "" : "; ") + w;
      t.compiler_notes.push_back(path_of(file) + ":" + std::to_string(line) + ": the SASS has " + std::to_string(u.sass) +
                                 " shared-memory " + (store ? "stores" : "loads") + " on this line and the PTX " + std::to_string(u.ptx) +
                                 (u.looped ? " (copies of a loop ptxas unrolled further): " : ": ") + text +
                                 "; the model counts one instruction per execution of the source's access");
    }
  }
  // Global loads or stores of a loop ptxas unrolled with a remainder (v.unrolled_global: the
  // grid-stride loop `for (i = t; i < n; i += stride) sum += in[i]` as 16, 16, ..., 8, 4 copies and a
  // remainder loop): the line's one global site of the kind, of one word, runs through the copies.
  if (v.sass && !v.unrolled_global.empty()) {
    std::vector<char> global(t.sites.size(), 0);
    for (const auto& st : t.steps)
      for (const auto& a : st.global)
        if ((a.op == kLoad || a.op == kStore) && a.site >= 0 && a.site < static_cast<int>(global.size())) global[a.site] = 1;
    std::map<LineKey, std::vector<int>> global_at;
    for (size_t s = 0; s < t.sites.size(); ++s)
      if (global[s] && !shared[s]) global_at[LineKey{t.sites[s].file, t.sites[s].stmt_line, t.sites[s].op == kStore}].push_back(static_cast<int>(s));
    for (const auto& [key, sites] : global_at) {
      auto plan = v.unrolled_global.find(key);
      if (plan == v.unrolled_global.end() || sites.size() != 1 || t.sites[sites[0]].bytes > 4) continue;
      t.sites[sites[0]].unrolled = plan->second;
      used.push_back(std::string("ptxas (a loop unrolled with a remainder: each warp runs the copies its lanes' global ") +
                     (std::get<2>(key) ? "stores" : "loads") + " reach)");
    }
  }
  // Loads of an unrolled loop that ptxas made copy by copy only in the threads of the store copy
  // that uses the value (v.gated_copies): the line's one shared load site and the STG line's one
  // global store site. Each thread that reaches them makes N loads at the site in a step (N the
  // line's copies) and stores in iterations 0 to N - 1 of the store's innermost loop
  // (GlobalAccess::iteration), in the order of the STGs. Which load feeds which store is read from
  // the values: the store of iteration m stores a value made of the thread's load m (the loops run
  // alike) or of load N - 1 - m (one counts down), whichever every store of the run fits, where
  // "made of" is any one-to-one function of the iteration's loads (`v[j] -= 991` between them):
  // the same loaded value always stored as the same value, and no two as one. A load whose store
  // copy is gated is made by the threads that store in its iteration.
  if (v.sass && !v.gated_copies.empty()) {
    const int nsites = static_cast<int>(t.sites.size());
    const std::vector<char> space = site_spaces(t);  // 1 shared, 2 global
    auto path_of = [&](int file) { return file >= 0 && file < static_cast<int>(t.files.size()) ? t.files[file] : std::string("?"); };
    for (const auto& [fl, gc] : v.gated_copies) {
      std::vector<int> loads, stores;
      for (int s = 0; s < nsites; ++s) {
        const SourceSite& x = t.sites[s];
        if (x.file == fl.first && x.stmt_line == fl.second && x.op == kLoad && space[s] == 1) loads.push_back(s);
        if (x.file == gc.file && x.stmt_line == gc.line && x.op == kStore && space[s] == 2) stores.push_back(s);
      }
      if (loads.size() != 1 || stores.size() != 1) continue;
      const int s = loads[0], g = stores[0];
      const SourceSite& x = t.sites[s];
      if (!lone_access(x) || x.bytes != 4 || t.sites[g].bytes != 4) continue;
      const int n = static_cast<int>(gc.copies.size());
      const CopyOrder o = copy_order(t, s, g, kStore, gc.copies);
      if (!o.fits || !o.any) continue;
      if (o.order[0] && o.order[1] && o.by[0] != o.by[1]) {
        t.compiler_notes.push_back(path_of(fl.first) + ":" + std::to_string(fl.second) + ": ptxas made some of the SASS's " + std::to_string(n) +
                                   " loads of this line only in the threads that store their values at line " + std::to_string(gc.line) +
                                   ", and which load's value each store uses is not known from this run (the values fit either order): the "
                                   "model does not gate them copy by copy, and its load count may differ from the GPU's");
        continue;
      }
      if (!o.order[0] && !o.order[1]) continue;
      t.sites[s].gated = g;
      t.sites[s].gated_exit = false;
      t.sites[s].gated_copies = o.order[0] ? o.by[0] : o.by[1];
      used.push_back("ptxas (copies of an unrolled loop's load made only by the threads that store its value, each with its store's copy)");
    }
  }
  // Loads of an unrolled loop that ptxas made copy by copy, some only in the threads of a store of
  // their own line (v.gated_each): the line's one shared load site, each gate line's one global
  // store site of 4 bytes, made at most once a step by a thread. Each thread that reaches the load
  // makes N loads there in a step (N the line's copies); which execution a gated copy is comes from
  // the values: the one k whose loaded value every store at its gate site is made of (a one-to-one
  // function of it: the same loaded value always stored as the same value, and no two as one),
  // distinct copies distinct executions. The k-th execution of a gated copy is made by the threads
  // that store at its gate site in the step.
  if (v.sass && !v.gated_each.empty()) {
    const int nsites = static_cast<int>(t.sites.size());
    const std::vector<char> space = site_spaces(t);  // 1 shared, 2 global
    for (const auto& [fl, copies] : v.gated_each) {
      std::vector<int> loads;
      for (int s = 0; s < nsites; ++s)
        if (t.sites[s].file == fl.first && t.sites[s].stmt_line == fl.second && t.sites[s].op == kLoad && space[s] == 1) loads.push_back(s);
      if (loads.size() != 1) continue;
      const int s = loads[0];
      const SourceSite& x = t.sites[s];
      if (!lone_access(x) || x.bytes != 4 || x.gated >= 0) continue;
      const int n = static_cast<int>(copies.size());
      bool fits = true;
      std::vector<int> gate_site;  // per gated copy (in order), its store site
      for (const auto& c : copies) {
        if (c.second < 0) continue;
        std::vector<int> st;
        for (int g = 0; g < nsites; ++g)
          if (t.sites[g].file == c.first && t.sites[g].stmt_line == c.second && t.sites[g].op == kStore && space[g] == 2) st.push_back(g);
        if (st.size() != 1 || t.sites[st[0]].bytes != 4) fits = false;
        else gate_site.push_back(st[0]);
      }
      if (!fits || gate_site.empty()) continue;
      // (gate index, k) fits: every store at the gate is made of the thread's k-th load
      std::vector<std::vector<char>> can(gate_site.size(), std::vector<char>(static_cast<size_t>(n), 1));
      std::vector<char> any(gate_site.size(), 0);
      OneToOne one_to_one;  // keyed by (gate index, k)
      for (const auto& st : t.steps) {
        const std::map<int, std::vector<double>> got = loads_by_thread(st, s);
        for (const auto& [tid, values] : got) fits = fits && static_cast<int>(values.size()) == n;
        std::map<std::pair<int, int>, int> made;  // (thread, gate) -> its stores in the step
        for (const auto& a : st.global)
          for (size_t c = 0; c < gate_site.size(); ++c) {
            if (a.site != gate_site[c] || a.op != kStore) continue;
            auto l = got.find(a.tid);
            if (l == got.end() || static_cast<int>(l->second.size()) != n || ++made[{a.tid, static_cast<int>(c)}] > 1) {
              fits = false;
              continue;
            }
            any[c] = 1;
            for (int k = 0; k < n; ++k)
              if (can[c][static_cast<size_t>(k)] && !one_to_one(static_cast<int>(c), k, l->second[static_cast<size_t>(k)], a.value)) can[c][static_cast<size_t>(k)] = 0;
          }
      }
      if (!fits) continue;
      std::vector<int> sites(static_cast<size_t>(n), -1);
      for (size_t c = 0; c < gate_site.size() && fits; ++c) {
        int k = -1, found = 0;
        for (int j = 0; j < n; ++j)
          if (can[c][static_cast<size_t>(j)]) {
            k = j;
            ++found;
          }
        if (!any[c] || found != 1 || sites[static_cast<size_t>(k)] >= 0) fits = false;
        else sites[static_cast<size_t>(k)] = gate_site[c];
      }
      if (!fits) continue;
      t.sites[s].gated = gate_site[0];
      t.sites[s].gated_exit = false;
      t.sites[s].gated_sites = sites;
      used.push_back("ptxas (copies of an unrolled loop's load made only by the threads that make the one store of the line that uses each)");
    }
  }
  apply_red_gates(v, t, used);
  // Loads ptxas made only in the threads of a later store (v.gated): the line's load sites of the
  // space and the store line's one store site of its space. Each thread that stores in a step
  // loads there too (else the lines name other statements than these), and some thread loads
  // without storing (else nothing changes).
  if (v.sass && !v.gated.empty()) {
    const int nsites = static_cast<int>(t.sites.size());
    const std::vector<char> space = site_spaces(t);  // 1 shared, 2 global
    auto on = [&](int s, int file, int line) { return t.sites[s].file == file && (t.sites[s].stmt_line == line || t.sites[s].line == line); };
    // (a store site of a group is one instruction with the group's other sites, the arms' `sp[w] =
    // make_int2(..)` that ptxas made one STS.64 named with one arm's line: the threads of every
    // site of the group make the gating store, gen-20261206-77; analyze_banks's gate_executions
    // reads them so)
    auto same_instruction = [&](int site, int gate) {
      return site >= 0 && site < nsites && site != gate && space[site] == 1 && space[gate] == 1 && t.sites[gate].vector_group >= 0 &&
             t.sites[site].vector_group == t.sites[gate].vector_group && t.sites[site].op == kStore;
    };
    for (const auto& [key, gate] : v.gated) {
      const auto [file, line, global] = key;
      std::vector<int> loads, stores;
      for (int s = 0; s < nsites; ++s) {
        const SourceSite& x = t.sites[s];
        if (on(s, file, line) && x.op == kLoad && space[s] == (global ? 2 : 1)) loads.push_back(s);
        if (on(s, gate.file, gate.line) && x.op == kStore && space[s] == (gate.global ? 2 : 1)) stores.push_back(s);
      }
      if (stores.size() != 1) continue;
      const int g = stores[0];
      for (int s : loads) {
        const SourceSite& x = t.sites[s];
        if (!lone_access(x) || x.words() != 1 || x.gated >= 0) continue;
        bool fits = true, fewer = false;
        for (const auto& st : t.steps) {
          std::map<int, std::pair<int, int>> n;  // thread -> (load words, store words)
          auto count = [&](int site, int tid) {
            if (site == s) ++n[tid].first;
            else if (site == g || same_instruction(site, g)) ++n[tid].second;
          };
          for (const auto& a : st.accesses) count(a.site, a.tid);
          for (const auto& a : st.global) count(a.site, a.tid);
          for (const auto& kv : n) {
            const auto& c = kv.second;
            fits = fits && (c.second == 0 || c.first > 0);
            fewer = fewer || (c.first > 0 && c.second == 0);
          }
        }
        if (!fits || !fewer) continue;
        t.sites[s].gated = g;
        t.sites[s].gated_exit = gate.exit;
        used.push_back(std::string("ptxas (a load made only by the threads that store after it, ") +
                       (gate.exit ? "the others leaving at an EXIT" : "predicated with the store's condition") + ")");
      }
    }
  }
  apply_joined_arm_gates(v, t, used);
  // Shared atomics that ptxas made a loop of (v.cas_loops): the atomic sites of the line, of the
  // LDS's width, make a load instruction a round (SourceSite::cas_loop).
  if (v.sass && !v.cas_loops.empty()) {
    std::vector<char> atomic(t.sites.size(), 0);
    for (const auto& st : t.steps)
      for (const auto& a : st.accesses)
        if (a.op == kAtomic && a.site >= 0 && a.site < static_cast<int>(atomic.size())) atomic[a.site] = 1;
    std::set<std::pair<int, int>> noted_loops;
    for (size_t s = 0; s < t.sites.size(); ++s) {
      auto it = v.cas_loops.find({t.sites[s].file, t.sites[s].stmt_line});
      if (!atomic[s] || it == v.cas_loops.end()) continue;
      if (it->second != 4 || t.sites[s].bytes != 4) {  // (an 8-byte atomic's loop: its rounds are not modelled)
        if (noted_loops.insert(it->first).second)
          t.compiler_notes.push_back((t.sites[s].file >= 0 && t.sites[s].file < static_cast<int>(t.files.size()) ? t.files[t.sites[s].file] : std::string("?")) +
                                     ":" + std::to_string(it->first.second) + ": ptxas made this " + std::to_string(it->second) +
                                     "-byte atomic a loop of a shared load and a compare-and-swap, again while a lane's swap failed; each round is a "
                                     "load instruction for the GPU's counters, and the prediction counts none of them, so the load counters differ "
                                     "from the hardware's");
        continue;
      }
      t.sites[s].cas_loop = true;
      used.push_back("ptxas (a shared atomic made a loop of a load and a compare-and-swap, a load a round)");
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
  if (marked_before || global_marks()) analyze_global(t);  // the gated and unrolled global sites above
  if (v.sass) note_uncertain_lines(v, t);
  // SCANSCOPE_SASS_DUMP=1: the prediction by source line (instructions, wavefronts, conflicts of
  // each kind), to set beside the SASS's instructions above and Nsight Compute's totals
  if (std::getenv("SCANSCOPE_SASS_DUMP")) {
    std::map<std::tuple<int, int, bool>, std::tuple<long long, long long, long long>> by_line;
    for (const auto& st : t.steps)
      for (const auto& wi : st.instructions) {
        if ((wi.op != kLoad && wi.op != kStore) || wi.site < 0 || wi.site >= static_cast<int>(t.sites.size())) continue;
        auto& [n, wf, c] = by_line[{t.sites[wi.site].file, t.sites[wi.site].stmt_line, wi.op == kStore}];
        ++n, wf += wi.wavefronts, c += wi.conflicts;
      }
    for (const auto& note : t.compiler_notes) std::fprintf(stderr, "NOTE %s\n", note.c_str());
    for (size_t s = 0; s < t.sites.size(); ++s)  // the sites the rules grouped, widened or removed
      if (touched[s] && (t.sites[s].vector_group >= 0 || t.sites[s].vector_width != 1))
        std::fprintf(stderr, "GROUPED file %d line %d %s %s: group %d width %d\n", t.sites[s].file, t.sites[s].stmt_line,
                     t.sites[s].op == kStore ? "st" : "ld", text_of(static_cast<int>(s)).c_str(), t.sites[s].vector_group, t.sites[s].vector_width);
    for (const auto& [key, v] : by_line)
      std::fprintf(stderr, "PREDICTED file %d line %d %s: inst %lld wavefronts %lld conflicts %lld\n", std::get<0>(key), std::get<1>(key),
                   std::get<2>(key) ? "st" : "ld", std::get<0>(v), std::get<1>(v), std::get<2>(v));
  }
}

}  // namespace scanscope
