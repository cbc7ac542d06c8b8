// Recursive-descent parser of the CUDA C subset (see parser.h). Names are resolved and types
// checked while parsing; implicit conversions become explicit Cast nodes.
#include "engine/cuda/parser.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "engine/cuda/const_expr.h"
#include "engine/cuda/limits.h"
#include "engine/cuda/math_builtins.h"
#include "engine/cuda/overload.h"

namespace scanscope::cuda {

std::string Type::name() const {
  if (base == Base::Group) {
    switch (group) {
      case GroupKind::Block: return "cooperative_groups::thread_block";
      case GroupKind::Tile: return "cooperative_groups::thread_block_tile<" + std::to_string(tile) + ">";
      case GroupKind::Coalesced: return "cooperative_groups::coalesced_group";
      default: return "cooperative_groups::thread_group";
    }
  }
  std::string b = base == Base::Void ? "void" : base == Base::Bool ? "bool" : base == Base::Int ? "int"
                  : base == Base::Unsigned ? "unsigned" : base == Base::Struct ? (sdef ? sdef->name : "struct")
                  : base == Base::Long ? "long long" : base == Base::ULong ? "unsigned long long" : base == Base::Double ? "double"
                  : base == Base::Char ? "char" : base == Base::SChar ? "signed char" : base == Base::UChar ? "unsigned char" : base == Base::Short ? "short"
                  : base == Base::UShort ? "unsigned short" : "float";
  return pointer ? b + "*" : b;
}

bool parse_step_comment(const std::string& comment, Phase* phase, std::string* label) {
  size_t i = comment.find_first_not_of(" \t");
  if (i == std::string::npos || comment.compare(i, 4, "step") != 0) return false;
  i += 4;
  std::string ph;
  if (i < comment.size() && comment[i] == '(') {
    size_t close = comment.find(')', i);
    if (close == std::string::npos) return false;
    ph = comment.substr(i + 1, close - i - 1);
    i = close + 1;
  }
  if (i >= comment.size() || comment[i] != ':') return false;
  Phase p = Phase::Other;
  if (!ph.empty() && (!parse_phase(ph, &p) || p == Phase::Other)) {
    std::vector<std::string> known;
    for (int k = 0; k < static_cast<int>(Phase::Other); ++k) known.push_back(phase_name(static_cast<Phase>(k)));
    throw std::invalid_argument("unknown phase '" + ph + "' in a step comment (known: " + name_list(known) + ")");
  }
  std::string l = comment.substr(i + 1);
  size_t a = l.find_first_not_of(" \t"), b = l.find_last_not_of(" \t\r");
  *label = a == std::string::npos ? "" : l.substr(a, b - a + 1);
  *phase = p;
  return true;
}

namespace {

using ExprP = std::unique_ptr<Expr>;
using StmtP = std::unique_ptr<Stmt>;

const Type kInt{Base::Int, false}, kUnsigned{Base::Unsigned, false}, kFloat{Base::Float, false}, kBool{Base::Bool, false},
    kVoid{Base::Void, false};
const Type kLong{Base::Long, false}, kULong{Base::ULong, false}, kDouble{Base::Double, false};  // the 8-byte scalars

struct BuiltinInfo {
  const char* name;
  Builtin id;
};
const BuiltinInfo kBuiltins[] = {
    {"__syncthreads", Builtin::SyncThreads}, {"__syncwarp", Builtin::SyncWarp}, {"__shfl_sync", Builtin::ShflSync},
    {"__shfl_up_sync", Builtin::ShflUpSync}, {"__shfl_down_sync", Builtin::ShflDownSync}, {"__shfl_xor_sync", Builtin::ShflXorSync},
    {"__ballot_sync", Builtin::BallotSync}, {"__any_sync", Builtin::AnySync}, {"__all_sync", Builtin::AllSync},
    {"atomicAdd", Builtin::AtomicAdd}, {"atomicSub", Builtin::AtomicSub}, {"atomicMin", Builtin::AtomicMin},
    {"atomicMax", Builtin::AtomicMax}, {"atomicExch", Builtin::AtomicExch}, {"atomicCAS", Builtin::AtomicCAS},
    {"atomicAnd", Builtin::AtomicAnd}, {"atomicOr", Builtin::AtomicOr}, {"atomicXor", Builtin::AtomicXor},
    {"atomicInc", Builtin::AtomicInc}, {"atomicDec", Builtin::AtomicDec}, {"__syncthreads_count", Builtin::SyncThreadsCount},
    {"__syncthreads_and", Builtin::SyncThreadsAnd}, {"__syncthreads_or", Builtin::SyncThreadsOr}, {"__activemask", Builtin::ActiveMask},
    {"__threadfence", Builtin::ThreadFence}, {"__threadfence_block", Builtin::ThreadFence}, {"min", Builtin::Min},
    {"max", Builtin::Max}, {"abs", Builtin::Abs}, {"fminf", Builtin::Fminf}, {"fmaxf", Builtin::Fmaxf}, {"fabsf", Builtin::Fabsf},
    {"__popc", Builtin::Popc}, {"__clz", Builtin::Clz}, {"__ffs", Builtin::Ffs}, {"__float_as_int", Builtin::FloatAsInt},
    {"__int_as_float", Builtin::IntAsFloat}, {"__float_as_uint", Builtin::FloatAsUint}, {"__uint_as_float", Builtin::UintAsFloat},
    {"__double_as_longlong", Builtin::DoubleAsLongLong}, {"__longlong_as_double", Builtin::LongLongAsDouble},
    {"__reduce_add_sync", Builtin::ReduceAddSync}, {"__reduce_min_sync", Builtin::ReduceMinSync}, {"__reduce_max_sync", Builtin::ReduceMaxSync},
    {"__reduce_and_sync", Builtin::ReduceAndSync}, {"__reduce_or_sync", Builtin::ReduceOrSync}, {"__reduce_xor_sync", Builtin::ReduceXorSync},
};

Builtin find_builtin(const std::string& name) {
  for (const auto& b : kBuiltins)
    if (name == b.name) return b.id;
  return Builtin::None;
}

bool is_sync_builtin(Builtin b) {
  switch (b) {
    case Builtin::SyncThreads: case Builtin::SyncWarp: case Builtin::ShflSync: case Builtin::ShflUpSync:
    case Builtin::ShflDownSync: case Builtin::ShflXorSync: case Builtin::BallotSync: case Builtin::AnySync: case Builtin::AllSync:
    case Builtin::SyncThreadsCount: case Builtin::SyncThreadsAnd: case Builtin::SyncThreadsOr:
      return true;
    default: return is_warp_reduce(b);
  }
}

const char* const kUnsupportedTypes[] = {"half", "__half", "dim3", "auto", "char3", "uchar3", "short1", "short3", "ushort1", "ushort3",
                                         "long2", "long4", "ulong2", "ulong4", "longlong2", "longlong4", "ulonglong2", "ulonglong4",
                                         "double2", "double4", "int1", "uint1", "float1"};

const VectorTypeInfo kVectorTypes[] = {
    {"int2", Base::Int, 2},        {"int3", Base::Int, 3},        {"int4", Base::Int, 4},
    {"uint2", Base::Unsigned, 2},  {"uint3", Base::Unsigned, 3},  {"uint4", Base::Unsigned, 4},
    {"float2", Base::Float, 2},    {"float3", Base::Float, 3},    {"float4", Base::Float, 4},
    // vectors of bytes and shorts: packed as CUDA's vector_types.h lays them out (char2 2 bytes,
    // aligned 2; char4 and short2 4 bytes, aligned 4; short4 8 bytes, aligned 8)
    {"char1", Base::Char, 1},      {"char2", Base::Char, 2},      {"char4", Base::Char, 4},
    {"uchar1", Base::UChar, 1},    {"uchar2", Base::UChar, 2},    {"uchar4", Base::UChar, 4},
    {"short2", Base::Short, 2},    {"short4", Base::Short, 4},
    {"ushort2", Base::UShort, 2},  {"ushort4", Base::UShort, 4},
};

// Warp intrinsics of before CUDA 9, which assumed a warp runs in lockstep: gone since Volta's
// independent thread scheduling; each has a _sync form that names the lanes taking part.
const char* const kLegacyWarpIntrinsics[][2] = {
    {"__shfl", "__shfl_sync(0xffffffff, v, lane)"}, {"__shfl_up", "__shfl_up_sync(0xffffffff, v, delta)"},
    {"__shfl_down", "__shfl_down_sync(0xffffffff, v, delta)"}, {"__shfl_xor", "__shfl_xor_sync(0xffffffff, v, mask)"},
    {"__ballot", "__ballot_sync(0xffffffff, pred)"}, {"__any", "__any_sync(0xffffffff, pred)"}, {"__all", "__all_sync(0xffffffff, pred)"},
};

}  // namespace

const VectorTypeInfo* find_vector_type(const std::string& name) {
  for (const auto& v : kVectorTypes)
    if (name == v.name) return &v;
  return nullptr;
}

namespace {

class Parser {
  // ---- what templates and constants keep
  struct TParam {
    std::string name;
    Pos pos;
    bool is_type = false;
    Type value_type;                           // of a value parameter
    size_t default_begin = 0, default_end = 0;  // its default's tokens (0: none)
  };
  struct TArg {
    bool is_type = false;
    Type type;           // a type argument
    long long value = 0;  // a value argument, of type value_type
    Type value_type;
  };
  struct Template {
    std::string name;
    Pos pos, name_pos;
    std::vector<TParam> params;
    size_t begin = 0, end = 0;  // the declaration after template<...> (a class template's: from its '{' to its ';')
    size_t params_begin = 0;    // its '('
    bool is_class = false;
    // A class template's explicit specializations (template <> struct NAME<ARGS> {...};): the
    // tokens of ARGS and of the body.
    struct Spec {
      size_t args_begin = 0, args_end = 0, begin = 0, end = 0;
    };
    std::vector<Spec> specs;
    // Function templates of one name with other parameters (overloads): the next one, in the
    // order declared (Parser::template_overloads_ owns them; templates_ holds the first).
    Template* next = nullptr;
  };
  struct Constant {
    Type type;
    long long ival = 0;
    double fval = 0;  // a float's value, or a double's
  };


 public:
  Parser(const SourceSet& f, const Preprocessed& pp) : files_(f), pp_(pp), tokens_(pp.tokens), t_(tokens_) {}

  Program run(const std::vector<std::vector<Token>>& launch_ids) {
    declarations_prepass();
    while (!at_end()) {
      if (accept(";")) continue;
      external();
    }
    // The launch lines' template-ids: NAME < ARGS > (their tokens parsed as the file's own).
    for (const auto& id : launch_ids) {
      if (id.empty()) {
        prog_.launch_instances.emplace_back();
        continue;
      }
      prog_.launch_instances.push_back(launch_instance(id));
    }
    for (const auto& fn : prog_.functions)
      if (!fn->body && called_.count(fn.get()))
        fail_at(files_, fn->pos, "function '" + fn->name + "' is declared but never defined");
    shared_layout();
    return std::move(prog_);
  }

  // ---- each kernel's shared memory: the sized __shared__ arrays of the functions it can reach
  // (itself and the __device__ functions it calls, and theirs), and the file's own. Arrays that no
  // one kernel reaches together may share words; an array keeps one offset for every kernel.
  static void callees(const Stmt* s, std::set<const Function*>* out) {
    if (!s) return;
    for (const auto& b : s->body) callees(b.get(), out);
    callees(s->init.get(), out);
    callees(s->expr.get(), out);
    callees(s->step.get(), out);
    for (const auto& e : s->array_init) callees(e.get(), out);
  }
  static void callees(const Expr* e, std::set<const Function*>* out) {
    if (!e) return;
    if (e->callee) out->insert(e->callee);
    for (const auto& k : e->kids) callees(k.get(), out);
  }
  void shared_layout() {
    std::map<const Function*, std::set<const Function*>> calls;
    for (const auto& f : prog_.functions) callees(f->body.get(), &calls[f.get()]);
    std::vector<Function*> kernels;
    std::map<const Function*, std::set<size_t>> reached_by;  // function -> the kernels (indices) that reach it
    for (const auto& f : prog_.functions)
      if (f->is_global && f->body) kernels.push_back(f.get());
    for (size_t k = 0; k < kernels.size(); ++k) {
      std::vector<const Function*> todo{kernels[k]};
      while (!todo.empty()) {
        const Function* f = todo.back();
        todo.pop_back();
        if (!reached_by[f].insert(k).second) continue;
        for (const Function* c : calls[f]) todo.push_back(c);
      }
    }
    std::set<size_t> all;
    for (size_t k = 0; k < kernels.size(); ++k) all.insert(k);
    auto users = [&](const Var* v) {
      auto o = shared_owner_.find(v);
      if (o == shared_owner_.end()) return all;  // the file's own: every kernel's
      auto r = reached_by.find(o->second);
      return r == reached_by.end() ? std::set<size_t>{} : r->second;
    };
    struct Placed {
      Var* v;
      int begin, end;
      std::set<size_t> users;
    };
    std::vector<Placed> placed;
    int total = 0;
    for (const Var* cv : prog_.static_shared) {
      Var* v = const_cast<Var*>(cv);  // the program's own (prog_.vars)
      const std::set<size_t> u = users(v);
      const int align = v->type.align(), len = v->array_len < 0 ? v->type.words() : v->array_len;
      auto meets = [&](const Placed& p) {
        for (size_t k : u)
          if (p.users.count(k)) return true;
        return false;
      };
      // after every array placed before it that a kernel reaching it reaches too (declaration
      // order, as one kernel's arrays always were), aligned
      int at = 0;
      for (const Placed& p : placed)
        if (meets(p)) at = std::max(at, (p.end + align - 1) / align * align);
      v->slot = at;
      placed.push_back({v, at, at + len, u});
      total = std::max(total, at + len);
    }
    prog_.static_shared_words = total;
    for (size_t k = 0; k < kernels.size(); ++k) {
      Function* f = kernels[k];
      f->shared_words = 0;
      f->shared_vars.clear();
      for (const Placed& p : placed)
        if (p.users.count(k)) {
          f->shared_words = std::max(f->shared_words, p.end);
          f->shared_vars.push_back(p.v);
        }
      for (const Var* v : prog_.extern_shared) {
        auto o = shared_owner_.find(v);
        if (o == shared_owner_.end() || (reached_by.count(o->second) && reached_by[o->second].count(k))) f->shared_vars.push_back(v);
      }
    }
  }

 private:
  // ---- namespaces and linkage specifications, before parsing
  // `namespace A { namespace B { ... } }` (and `namespace A::B {`, `namespace { ... }`),
  // `extern "C"` before a declaration or around several (`extern "C" { ... }`), `using namespace A;`,
  // `using A::f;` and `namespace S = A::B;` shape no code: their tokens are taken out here, and so
  // is a qualifier `A::` of the file's own namespaces wherever it stands (`A::B::f(x)`, `A::N`).
  // Names in namespaces are the file's names, one scope (two functions of one name and
  // parameters in two namespaces are refused as a redefinition); each function keeps its
  // namespaces (Function::scope) for the GPU's name expression. The token indices the GPU's
  // traced build needs (group syncs) are translated back through orig_.
  void declarations_prepass() {
    const std::vector<Token>& in = pp_.tokens;
    auto punct = [&](size_t k, const char* p) { return k < in.size() && in[k].kind == Tok::Punct && in[k].text == p; };
    auto ident = [&](size_t k) { return k < in.size() && in[k].kind == Tok::Ident; };
    auto word = [&](size_t k, const char* w) { return ident(k) && in[k].text == w; };
    // the file's namespace names first (a qualifier may name one before its `namespace` line... in
    // another namespace's body: C++ needs the declaration first, so this only widens what is known)
    for (size_t k = 0; k + 1 < in.size(); ++k)
      if (word(k, "namespace") && !(k > 0 && word(k - 1, "using")))
        for (size_t j = k + 1; ident(j) && !word(j, "cooperative_groups"); j += 2) {
          if (punct(j + 1, "=")) break;  // an alias: added when its target is one of them
          user_ns_.insert(in[j].text);
          if (!punct(j + 1, "::")) break;
        }
    bool any = false;
    for (size_t k = 0; k + 1 < in.size() && !any; ++k)
      any = word(k, "namespace") || (word(k, "extern") && in[k + 1].kind == Tok::String);
    if (!any) return;
    std::map<std::string, std::string> alias_target;  // namespace S = A::B;  S -> "A::B::"
    std::vector<Token> out;
    out.reserve(in.size());
    // Open braces: whether each is a namespace's or linkage block's (taken out), and the scope
    // it opened (its name, with the enclosing ones').
    struct Open {
      bool taken;
      int scope;
      Pos at;
      std::string what;
    };
    std::vector<Open> opens;
    int ordinary = 0;  // open braces of code (a struct, a function): namespaces are not declared there
    int scope = 0;
    auto scope_index = [&](const std::string& name) {
      for (size_t x = 0; x < scope_names_.size(); ++x)
        if (scope_names_[x] == name) return static_cast<int>(x);
      scope_names_.push_back(name);
      return static_cast<int>(scope_names_.size() - 1);
    };
    int linkage_blocks = 0;      // open extern "C" { ... } blocks
    bool linkage_next = false;   // the next token starts a declaration after extern "C"
    auto keep = [&](size_t k) {
      out.push_back(in[k]);
      scope_of_.push_back(scope);
      orig_.push_back(k);
      linkage_.push_back(linkage_blocks > 0 || linkage_next);
      linkage_next = false;
    };
    // A qualified namespace name at k (A::B): its text, and the index after it.
    auto ns_path = [&](size_t k, std::string* path) {
      path->clear();
      while (ident(k) && (user_ns_.count(in[k].text) || alias_target.count(in[k].text))) {
        auto al = alias_target.find(in[k].text);
        *path += al != alias_target.end() ? al->second : in[k].text + "::";
        if (!punct(k + 1, "::") || !ident(k + 2) || !(user_ns_.count(in[k + 2].text) || alias_target.count(in[k + 2].text))) return k + 1;
        k += 2;
      }
      return k;
    };
    for (size_t k = 0; k < in.size(); ++k) {
      const Token& t = in[k];
      const bool file_level = ordinary == 0;
      if (t.kind == Tok::End) {
        for (const Open& o : opens)
          if (o.taken) fail_at(files_, o.at, o.what + "'s '{' is not closed before the end of the file");
        keep(k);
        break;
      }
      if (file_level && word(k, "namespace")) {
        // namespace S = A::B;
        if (ident(k + 1) && punct(k + 2, "=") && !word(k + 3, "cooperative_groups")) {
          std::string path;
          const size_t after = ns_path(k + 3, &path);
          if (path.empty() || !punct(after, ";"))
            fail_at(files_, in[k + 3].pos, "a namespace alias names a namespace of this file or cooperative_groups, not '" + in[k + 3].text + "'");
          alias_target[in[k + 1].text] = path;
          k = after;
          continue;
        }
        // namespace { / namespace A { / namespace A::B {
        size_t j = k + 1;
        std::string name = scope_names_[static_cast<size_t>(scope)];
        std::string shown;
        while (ident(j) && user_ns_.count(in[j].text)) {
          name += in[j].text + "::";
          shown += (shown.empty() ? "" : "::") + in[j].text;
          if (!punct(j + 1, "::")) {
            ++j;
            break;
          }
          j += 2;
        }
        if (punct(j, "{") && (j == k + 1 || !shown.empty())) {
          opens.push_back({true, scope, in[j].pos, shown.empty() ? "the anonymous namespace" : "namespace " + shown});
          if (!shown.empty()) scope = scope_index(name);
          k = j;
          continue;
        }
        keep(k);  // the parser says what is wrong with it
        continue;
      }
      if (file_level && word(k, "extern") && k + 1 < in.size() && in[k + 1].kind == Tok::String) {
        if (in[k + 1].text != "\"C\"" && in[k + 1].text != "\"C++\"")
          fail_at(files_, in[k + 1].pos, "linkage " + in[k + 1].text + " is not one C++ knows (extern \"C\" or extern \"C++\")");
        if (punct(k + 2, "{")) {
          opens.push_back({true, scope, in[k + 2].pos, "extern " + in[k + 1].text});
          ++linkage_blocks;
          k += 2;
        } else {
          linkage_next = true;
          ++k;
        }
        continue;
      }
      // using namespace A::B;  using A::f;
      if (word(k, "using")) {
        std::string path;
        const size_t from = word(k + 1, "namespace") ? k + 2 : k + 1;
        const size_t after = ns_path(from, &path);
        if (!path.empty() && from == k + 2 && punct(after, ";")) {
          k = after;
          continue;
        }
        if (!path.empty() && from == k + 1 && punct(after, "::") && ident(after + 1) && punct(after + 2, ";")) {
          k = after + 2;
          continue;
        }
      }
      // A:: before a name (not after another `::`: X::A is some other X's)
      if (ident(k) && punct(k + 1, "::") && (user_ns_.count(t.text) || alias_target.count(t.text)) && !(k > 0 && punct(k - 1, "::"))) {
        std::string path;
        const size_t after = ns_path(k, &path);
        if (punct(after, "::")) {
          k = after;  // the last '::': the name follows
          continue;
        }
      }
      if (punct(k, "{")) {
        opens.push_back({false, scope, t.pos, ""});
        ++ordinary;
      } else if (punct(k, "}") && !opens.empty()) {
        const Open o = opens.back();
        opens.pop_back();
        if (o.taken) {
          scope = o.scope;
          if (o.what.rfind("extern", 0) == 0) --linkage_blocks;
          continue;
        }
        --ordinary;
      }
      keep(k);
    }
    tokens_ = std::move(out);
  }
  static std::string scope_shown(const std::string& scope) {
    return scope.empty() ? "the file's scope" : "namespace " + scope.substr(0, scope.size() - 2);
  }
  // Where a host declaration starting at token k begins in the preprocessed tokens: its
  // `extern "C"` included.
  size_t host_decl_first(size_t k) const {
    size_t first = orig_index(k);
    const std::vector<Token>& pt = pp_.tokens;
    if (first >= 2 && pt[first - 1].kind == Tok::String && pt[first - 2].kind == Tok::Ident && pt[first - 2].text == "extern") first -= 2;
    return first;
  }
  size_t orig_index(size_t k) const { return orig_.empty() ? k : k < orig_.size() ? orig_[k] : pp_.tokens.size() - 1; }
  const std::string& scope_at(size_t k) const {
    return scope_of_.empty() || k >= scope_of_.size() ? scope_names_[0] : scope_names_[static_cast<size_t>(scope_of_[k])];
  }

  // ---- tokens
  const Token& cur() const { return t_[i_]; }
  const Token& peek(int k = 1) const { return t_[std::min(i_ + k, t_.size() - 1)]; }
  bool at_end() const { return cur().kind == Tok::End; }
  bool is(const char* p) const { return cur().kind == Tok::Punct && cur().text == p; }
  bool is_word(const char* w) const { return cur().kind == Tok::Ident && cur().text == w; }
  bool accept(const char* p) {
    if (!is(p)) return false;
    ++i_;
    return true;
  }
  bool accept_word(const char* w) {
    if (!is_word(w)) return false;
    ++i_;
    return true;
  }
  void expect(const char* p, const char* context = nullptr) {
    if (accept(p)) return;
    fail(cur().pos, std::string("expected '") + p + "'" + (context ? std::string(" ") + context : "") + ", found " + found());
  }
  std::string found() const {
    if (at_end()) return "the end of the file";
    return "'" + cur().text + "'";
  }
  [[noreturn]] void fail(Pos p, const std::string& m) const {
    if (instantiating_.empty()) fail_at(files_, p, m);
    const auto& in = instantiating_.back();
    fail_at(files_, p, m + " (in " + in.first + ", used at " + files_.where(in.second) + ")");
  }
  Pos end_of(const Token& t) const { return Pos{t.pos.file, t.pos.line, t.pos.col + static_cast<int>(t.text.size())}; }
  Pos prev_end() const { return i_ > 0 ? end_of(t_[i_ - 1]) : cur().pos; }

  // ---- nesting: parentheses, prefix operators, calls, indices, blocks and statements inside one
  // another, and each operator of a chain (`a + b + c` is a tree that deep), at most kMaxNesting
  // levels: the parser, the compiler and the tree's destructor recurse that deep.
  struct Nest {
    int& depth;
    int saved;
    ~Nest() { depth = saved; }
  };
  [[nodiscard]] Nest nest() {
    deeper();
    return Nest{depth_, depth_ - 1};
  }
  void deeper() {
    if (++depth_ > kMaxNesting)
      fail(cur().pos, "nested more than " + std::to_string(kMaxNesting) + " levels deep (parentheses, operators, calls, blocks or statements)");
  }

  // ---- types
  // type = qualifiers* ("typename")? (builtin-words | alias | template-parameter | group-type) qualifiers* "*"? ("&")?
  // group-type = ("cg" | "cooperative_groups") "::" ("thread_block" | "thread_group" | "coalesced_group"
  //              | "thread_block_tile" "<" constant ">")
  bool starts_type() const {
    if (cur().kind != Tok::Ident) return false;
    static const char* const words[] = {"__shared__", "extern", "static", "__restrict__", "register", "constexpr", "struct", "class"};
    for (const char* w : words)
      if (cur().text == w) return true;
    return is_type_start(i_);
  }

  // Does the token at k start a type (not counting storage classes)?
  bool is_type_start(size_t k) const {
    const Token& t = t_[std::min(k, t_.size() - 1)];
    if (t.kind != Tok::Ident) return false;
    static const char* const words[] = {"void", "bool", "int", "unsigned", "signed", "float", "const", "volatile", "typename",
                                        "uint32_t", "int32_t", "long", "double", "size_t", "int64_t", "uint64_t", "ptrdiff_t",
                                        "char", "short", "int8_t", "uint8_t", "int16_t", "uint16_t"};
    for (const char* w : words)
      if (t.text == w) return true;
    for (const char* w : kUnsupportedTypes)
      if (t.text == w) return true;
    if (find_alias(t.text)) return true;
    if (find_vector_type(t.text)) return true;
    if (group_type_at(k)) return true;
    if (structs_.count(t.text) || class_templates_.count(t.text)) return true;
    if ((t.text == "struct" || t.text == "class") && k + 1 < t_.size() && structs_.count(t_[k + 1].text)) return true;
    return false;
  }

  // A cooperative-groups type name at token k (qualified, or after `using namespace`), or null.
  const char* group_type_at(size_t k) const {
    static const char* const names[] = {"thread_block", "thread_group", "coalesced_group", "thread_block_tile", "grid_group"};
    size_t n = k;
    if (n + 2 < t_.size() && t_[n].kind == Tok::Ident && t_[n + 1].kind == Tok::Punct && t_[n + 1].text == "::" &&
        is_cg_namespace(t_[n].text))
      n += 2;
    else if (!using_cg_)
      return nullptr;
    if (n >= t_.size() || t_[n].kind != Tok::Ident) return nullptr;
    for (const char* w : names)
      if (t_[n].text == w) return w;
    return nullptr;
  }
  bool is_cg_namespace(const std::string& w) const {
    return w == "cooperative_groups" || ns_aliases_.count(w) != 0;
  }
  // Takes `cg::` or `cooperative_groups::` before a name, when there is one.
  bool accept_cg_qualifier() {
    if (cur().kind == Tok::Ident && is_cg_namespace(cur().text) && peek().kind == Tok::Punct && peek().text == "::") {
      need_cg_header(cur().pos);
      i_ += 2;
      return true;
    }
    return false;
  }
  void need_cg_header(Pos p) const {
    if (!pp_.cooperative_groups)
      fail(p, "cooperative groups need '#include <cooperative_groups.h>' (before their first use)");
  }

  void skip_qualifiers() {
    while (cur().kind == Tok::Ident &&
           (cur().text == "const" || cur().text == "volatile" || cur().text == "__restrict__" || cur().text == "register" ||
            cur().text == "constexpr")) {
      if (cur().text == "const" || cur().text == "constexpr") saw_const_ = true;
      ++i_;
    }
  }

  // `param`: a function parameter, where `const T&` (and a group by reference) means a copy.
  // `ref`: where a reference (T &r) may stand (a parameter, a local): set when it is one.
  Type parse_type(bool param = false, bool* ref = nullptr) {
    saw_const_ = false;
    const_ref_ = false;
    skip_qualifiers();
    accept_word("typename");
    if ((is_word("struct") || is_word("class")) && peek().kind == Tok::Ident && structs_.count(peek().text)) ++i_;  // struct NAME
    else if (is_word("struct") || is_word("class"))
      fail(cur().pos, "a struct is defined at file scope, on its own: struct NAME { ... };");
    Type t;
    const Token& w = cur();
    if (w.kind != Tok::Ident) fail(w.pos, "expected a type, found " + found());
    for (const char* u : kUnsupportedTypes)
      if (w.text == u)
        fail(w.pos, "type '" + w.text + "' is not supported (kernel files use int, unsigned, float, bool, char, short, long long, unsigned long long, "
                    "size_t, double and the vector types int2, int4, uint2, uint4, float2, float4, int3, uint3, float3, char1, char2, char4, "
                    "uchar1, uchar2, uchar4, short2, short4, ushort2, ushort4)");
    if (group_type_at(i_)) {
      t = group_type();
    } else if (const VectorTypeInfo* vi = find_vector_type(w.text); vi && !find_alias(w.text)) {
      t = vector_type(*vi);
      ++i_;
    } else if (auto st = structs_.find(w.text); st != structs_.end() && !find_alias(w.text)) {
      t.base = Base::Struct;
      t.sdef = st->second;
      ++i_;
    } else if (auto ct = class_templates_.find(w.text); ct != class_templates_.end()) {
      const Pos at = w.pos;
      ++i_;
      if (!is("<")) fail(cur().pos, "'" + ct->second->name + "' is a class template: give its arguments, " + ct->second->name + "<...>");
      ++i_;
      std::vector<TArg> args = template_args(*ct->second);
      complete_args(*ct->second, args, nullptr, at);
      t.base = Base::Struct;
      t.sdef = instantiate_struct(*ct->second, args, at);
    } else if (const Type* a = find_alias(w.text)) {
      t = *a;
      ++i_;
    } else if (accept_word("void")) t.base = Base::Void;
    else if (accept_word("bool")) t.base = Base::Bool;
    else if (accept_word("float")) t.base = Base::Float;
    else if (accept_word("int") || accept_word("int32_t")) t.base = Base::Int;
    else if (accept_word("uint32_t")) t.base = Base::Unsigned;
    else if (accept_word("double")) t.base = Base::Double;
    else if (accept_word("size_t") || accept_word("uint64_t")) t.base = Base::ULong;  // LP64: 8 bytes, as on the GPU
    else if (accept_word("int64_t") || accept_word("ptrdiff_t")) t.base = Base::Long;
    else if (accept_word("char")) t.base = Base::Char;  // signed on the GPU (as on x86-64), a type of its own
    else if (accept_word("int8_t")) t.base = Base::SChar;
    else if (accept_word("uint8_t")) t.base = Base::UChar;
    else if (accept_word("int16_t")) t.base = Base::Short;
    else if (accept_word("uint16_t")) t.base = Base::UShort;
    else if (short_words()) t.base = Base::Short;
    else if (long_words()) t.base = Base::Long;
    else if (accept_word("unsigned")) {
      t.base = accept_word("char") ? Base::UChar : short_words() ? Base::UShort : long_words() ? Base::ULong : Base::Unsigned;
      if (t.base != Base::UChar) accept_word("int");
    } else if (accept_word("signed")) {
      t.base = accept_word("char") ? Base::SChar : short_words() ? Base::Short : long_words() ? Base::Long : Base::Int;
      if (t.base != Base::SChar) accept_word("int");
    } else {
      if (is_cg_namespace(w.text) && peek().kind == Tok::Punct && peek().text == "::" && peek(2).text == "block_tile_memory")
        fail(peek(2).pos, "block_tile_memory is the type of a __shared__ variable only (__shared__ " + w.text + "::block_tile_memory<BlockSize> scratch;)");
      if (is_cg_namespace(w.text) && peek().kind == Tok::Punct && peek().text == "::" && peek(2).kind == Tok::Ident)
        fail(w.pos, w.text + "::" + peek(2).text + " is not supported (kernel files know the cooperative-groups types thread_block, "
                    "thread_group, coalesced_group, thread_block_tile<N> and grid_group)");
      fail(w.pos, "expected a type, found '" + w.text + "'" + (w.text == "T" ? " (T is defined by the host: is this file run through scanscope?)" : ""));
    }
    skip_qualifiers();
    if (is_word("long") || is_word("short") || is_word("char") || is_word("unsigned") || is_word("signed") || is_word("int"))
      fail(cur().pos, "'" + cur().text + "' after " + t.name() + " (write the type's words in the usual order: unsigned short, long long int, ...)");
    const bool const_object = saw_const_ || t.is_const;  // const int, const int*: what a pointer points to
    if (!t.pointer) t.is_const = const_object;
    if (accept("*")) {
      if (t.pointer || t.is_group()) fail(prev_end(), "pointers to pointers are not supported");
      t.pointer = true;
      skip_qualifiers();
      if (is("*")) fail(cur().pos, "pointers to pointers are not supported");
    }
    if (is("&") && ref && !t.is_group() && !(param && saw_const_)) {
      if (t.pointer) fail(cur().pos, "references to pointers are not supported (pass the pointer, or a pointer to what it points to)");
      *ref = true;
      ++i_;
    } else if (is("&")) {
      if (!param || t.pointer || (!saw_const_ && !t.is_group()))
        fail(cur().pos, "references are not supported (a parameter may be a const reference, `const T &x`, which is a copy here)");
      const_ref_ = !t.is_group();
      ++i_;
    }
    return t;
  }

  // `short`, `short int` (after `unsigned` or `signed` too): true when there was one.
  bool short_words() {
    if (!accept_word("short")) return false;
    accept_word("int");
    return true;
  }

  // `long`, `long long`, `long int`, `long long int` (after `unsigned` or `signed` too): true when
  // there was one. long and long long are both 8 bytes (LP64, as nvcc on Linux): one type here.
  bool long_words() {
    if (!accept_word("long")) return false;
    if (is_word("double")) fail(cur().pos, "type 'long double' is not supported (the GPU has no long double; use double)");
    accept_word("long");
    accept_word("int");
    return true;
  }

  // group-type, after the qualifier (see parse_type).
  Type group_type() {
    accept_cg_qualifier();
    const Token w = cur();
    ++i_;
    Type t;
    t.base = Base::Group;
    if (w.text == "thread_block") t.group = GroupKind::Block;
    else if (w.text == "thread_group") t.group = GroupKind::Dynamic;
    else if (w.text == "coalesced_group") t.group = GroupKind::Coalesced;
    else if (w.text == "grid_group")
      fail(w.pos, "grid_group (a grid-wide barrier) needs a cooperative launch, which kernel files do not have");
    else {
      t.group = GroupKind::Tile;
      expect("<", "after thread_block_tile");
      t.tile = tile_size(template_constant(), true);
      expect_close_angle();
    }
    return t;
  }

  // `large`: a thread_block_tile<N> or tiled_partition<N>, which CUDA 12 takes up to 1024 threads
  // (a tile of whole warps); a dynamic partition stays within a warp.
  int tile_size(const std::pair<long long, Pos>& v, bool large = false) {
    if (large && v.first > 32 && v.first <= 1024 && !(v.first & (v.first - 1))) return static_cast<int>(v.first);
    if (v.first < 1 || v.first > 32 || (v.first & (v.first - 1)))
      fail(v.second, large ? "a thread_block_tile has 1, 2, 4, ..., 512 or 1024 threads (a power of two), not " + std::to_string(v.first)
                           : "a thread_block_tile has 1, 2, 4, 8, 16 or 32 threads, not " + std::to_string(v.first));
    return static_cast<int>(v.first);
  }

  // A constant expression inside `<...>`: a '>' there closes the list.
  std::map<const Var*, long long> ref_array_len_;  // parameters T (&a)[N]: N
  std::set<std::string> tile_memory_;  // names of __shared__ cg::block_tile_memory<N> variables
  std::pair<long long, Pos> template_constant() {
    const Pos p = cur().pos;
    const int saved = angle_;
    angle_ = 1;
    ExprP e = conditional();
    angle_ = saved;
    std::optional<long long> v = fold(*e);
    if (!v) fail(p, "a template argument must be a constant");
    return {*v, p};
  }

  // '>' closing a template's list; half of a '>>' token counts.
  void expect_close_angle() {
    if (half_gt_) {
      half_gt_ = false;
      ++i_;
      return;
    }
    if (is(">>")) {
      half_gt_ = true;
      return;
    }
    expect(">", "to close the template's '<'");
  }
  bool at_close_angle() const { return half_gt_ || is(">") || is(">>"); }

  const Type* find_alias(const std::string& name) const {
    auto tb = tbind_.find(name);
    if (tb != tbind_.end() && tb->second.is_type) return &tb->second.type;
    for (auto it = alias_scopes_.rbegin(); it != alias_scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return &f->second;
    }
    auto g = global_aliases_.find(name);
    return g != global_aliases_.end() ? &g->second : nullptr;
  }
  void declare_alias(const Token& name, Type t) {
    auto& scope = alias_scopes_.empty() ? global_aliases_ : alias_scopes_.back();
    if (scope.count(name.text) || (alias_scopes_.empty() && globals_.count(name.text)))
      fail(name.pos, "'" + name.text + "' is already declared in this scope");
    scope[name.text] = t;
  }

  // typedef TYPE NAME; | using NAME = TYPE;  (the keyword already taken)
  void alias_decl(bool is_using) {
    if (is_using) {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name after 'using', found " + found());
      const Token name = cur();
      ++i_;
      expect("=", "in 'using NAME = TYPE'");
      declare_alias(name, parse_type());
      expect(";");
      return;
    }
    Type t = parse_type();
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected the new type's name, found " + found());
    const Token name = cur();
    ++i_;
    if (is("[") || is("(")) fail(cur().pos, "typedefs of arrays and functions are not supported");
    declare_alias(name, t);
    expect(";");
  }

  // ---- scopes
  void push_scope() {
    scopes_.emplace_back();
    alias_scopes_.emplace_back();
  }
  void pop_scope() {
    scopes_.pop_back();
    alias_scopes_.pop_back();
  }
  const Var* lookup(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return f->second;
    }
    auto g = globals_.find(name);
    return g != globals_.end() ? g->second : nullptr;
  }
  Var* declare(const Token& name, Type type, int array_len, Storage storage) {
    if (find_builtin(name.text) != Builtin::None || is_special(name.text))
      fail(name.pos, "'" + name.text + "' is a CUDA built-in and cannot be redeclared");
    auto& scope = scopes_.empty() ? globals_ : scopes_.back();
    if (scope.count(name.text)) fail(name.pos, "'" + name.text + "' is already declared in this scope");
    auto v = std::make_unique<Var>();
    v->name = name.text;
    v->type = type;
    v->array_len = array_len;
    v->storage = storage;
    v->pos = name.pos;
    Var* raw = v.get();
    prog_.vars.push_back(std::move(v));
    scope[name.text] = raw;
    return raw;
  }
  int alloc_slots(int n) {
    int s = fn_->frame_slots;
    fn_->frame_slots += n;
    if (fn_->frame_slots > kMaxFrameWords)
      fail(cur().pos, "function '" + fn_->name + "' needs more than " + std::to_string(kMaxFrameWords) + " words of local variables and parameters");
    return s;
  }

  static bool is_special(const std::string& n) {
    return n == "threadIdx" || n == "blockIdx" || n == "blockDim" || n == "gridDim" || n == "warpSize";
  }

  // ---- file scope
  struct Specs {
    bool global = false, device = false, host = false, shared = false, is_extern = false, is_static = false;
    bool is_const = false;  // const or constexpr among them (volatile const __shared__ ...)
  };
  static bool is_specifier_word(const std::string& w) {
    return w == "__global__" || w == "__device__" || w == "__host__" || w == "__shared__" || w == "extern" || w == "static" || w == "inline" ||
           w == "__inline__" || w == "__forceinline__" || w == "__noinline__";
  }
  static bool is_cv_word(const std::string& w) {
    return w == "const" || w == "volatile" || w == "constexpr" || w == "register" || w == "__restrict__";
  }
  // Does a specifier (__shared__, extern, ...) follow the qualifiers (const, volatile) at token k?
  bool specifier_after_cv(size_t k) const {
    while (k < t_.size() && t_[k].kind == Tok::Ident && is_cv_word(t_[k].text)) ++k;
    return k < t_.size() && t_[k].kind == Tok::Ident && is_specifier_word(t_[k].text);
  }
  // C++ takes a declaration's specifiers in any order, before or after its type and qualifiers:
  // `extern float __shared__ s[]` and `volatile extern __shared__ int s[]` are
  // `extern __shared__ float s[]`. The ones after the type (and qualifiers between specifiers)
  // are read here; parse_type reads the qualifiers around the type.
  void trailing_specifiers(Specs* s) {
    Specs more = specifiers();
    s->global |= more.global;
    s->device |= more.device;
    s->host |= more.host;
    s->shared |= more.shared;
    s->is_extern |= more.is_extern;
    s->is_static |= more.is_static;
    if (more.is_const || s->is_const) saw_const_ = true;
    skip_qualifiers();
  }
  Specs specifiers() {
    Specs s;
    while (cur().kind == Tok::Ident) {
      const std::string& w = cur().text;
      if (is_cv_word(w) && specifier_after_cv(i_)) {  // volatile __shared__ int a[]: the qualifier belongs to the type
        if (w == "const" || w == "constexpr") s.is_const = true;
        ++i_;
        continue;
      }
      if (w == "__global__") s.global = true;
      else if (w == "__device__") s.device = true;
      else if (w == "__host__") s.host = true;
      else if (w == "__shared__") s.shared = true;
      else if (w == "extern") s.is_extern = true;
      else if (w == "static") s.is_static = true;
      else if (w == "inline" || w == "__inline__" || w == "__forceinline__" || w == "__noinline__") {
      } else if (w == "union" || w == "enum" || w == "__constant__" || w == "__managed__") {
        fail(cur().pos, "'" + w + "' is not supported in kernel files (see docs/kernel-files.md for the subset)");
      } else {
        break;
      }
      ++i_;
    }
    return s;
  }

  // external = template-decl | alias-decl | namespace-alias | "using" "namespace" NAME ";"
  //          | specifiers type NAME (function | constant-decl | shared-decl ("," NAME shared-decl)* ";")
  void external() {
    const Pos at = cur().pos;
    const size_t decl_first = i_;
    if (accept_word("template")) return template_decl(at);
    if (accept_word("typedef")) return alias_decl(false);
    if (accept_word("namespace")) {
      // namespace cg = cooperative_groups;
      if (cur().kind != Tok::Ident || peek().kind != Tok::Punct || peek().text != "=")
        fail(at, "this namespace declaration is not supported (kernel files take namespace NAME { ... }, namespace { ... }, "
                 "namespace NAME = OTHER; and namespace cg = cooperative_groups;)");
      const Token alias = cur();
      i_ += 2;
      if (!is_word("cooperative_groups")) fail(cur().pos, "only cooperative_groups can be given a namespace alias here, not " + found());
      need_cg_header(cur().pos);
      ++i_;
      ns_aliases_.insert(alias.text);
      expect(";");
      return;
    }
    if (accept_word("using")) {
      if (accept_word("namespace")) {
        if (!is_word("cooperative_groups"))
          fail(cur().pos, "only 'using namespace cooperative_groups;' and the file's own namespaces are supported, not " + found());
        need_cg_header(cur().pos);
        ++i_;
        using_cg_ = true;
        expect(";");
        return;
      }
      return alias_decl(true);
    }
    if ((is_word("struct") || is_word("class")) && !(peek().kind == Tok::Ident && structs_.count(peek().text))) return struct_decl();
    Specs s = specifiers();
    if (accept("\"") || cur().kind == Tok::String) fail(cur().pos, "linkage specifications (extern \"C\") are not supported");
    if (!s.shared && !s.global && auto_at(i_)) {  // const auto NAME = VALUE;: a constant of the value's type
      saw_const_ = false;
      skip_qualifiers();
      const bool is_const = saw_const_ || s.is_const;
      expect_word_auto();
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token name = cur();
      ++i_;
      if (is("(")) fail(name.pos, "a function returning 'auto' is not supported in kernel files: give its return type");
      if (!is_const)
        fail(name.pos, "variables at file scope are not supported, except constants (const auto " + name.text + " = VALUE;), __device__ variables and __shared__ arrays ('" +
                           name.text + "')");
      return constant_decl(Type{}, name, true);
    }
    bool ret_ref = false;
    Type type = parse_type(false, &ret_ref);
    trailing_specifiers(&s);
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
    Token name = cur();
    if (operator_name(&name)) {
      if (!is("(")) fail(cur().pos, "expected '(' after '" + name.text + "', found " + found());
    } else {
      ++i_;
    }
    if (is("(")) {
      next_ret_ref_ = ret_ref;
      const Function* f = function(s, type, name);
      if (!s.global && !s.device && !s.host && !f->body && i_ > 0 && t_[i_ - 1].kind == Tok::Punct && t_[i_ - 1].text == ";") {
        // a host function's prototype: the GPU's text leaves it out, with an `extern "C"` before it
        prog_.host_decls.push_back({host_decl_first(decl_first), orig_index(i_ - 1)});
      }
      return;
    }
    if (ret_ref) fail(name.pos, "references at file scope are not supported");
    // `extern "C" const uint MAX_BATCH_ELEMENTS;`: a host variable of host code, declared without
    // a value; ignored here and left out of the GPU's text (device code cannot read it)
    if (decl_first < linkage_.size() && linkage_[decl_first] && !s.device && !s.shared && !s.global && is(";")) {
      host_vars_[name.text] = name.pos;
      prog_.host_decls.push_back({host_decl_first(decl_first), orig_index(i_)});
      ++i_;
      return;
    }
    // `__device__ const int X = 4;` is a constant like any other (its uses are its value)
    if (!s.shared && saw_const_ && (!s.device || !is("["))) return constant_decl(type, name);
    if (!s.shared && s.device) {
      device_decl(s, type, name);
      while (accept(",")) {
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
        const Token n2 = cur();
        ++i_;
        device_decl(s, type, n2);
      }
      expect(";");
      return;
    }
    if (!s.shared)
      fail(name.pos, "variables at file scope are not supported, except constants (const int NAME = VALUE;), __device__ variables and __shared__ arrays ('" +
                         name.text + "')");
    shared_decl(s, type, name);
    while (accept(",")) {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token n2 = cur();
      ++i_;
      shared_decl(s, type, n2);
    }
    expect(";");
  }

  // device-decl = ("[" constant "]")? ("=" (constant | "{" constants "}") | "{" constants "}")?   (after `__device__ TYPE NAME`)
  // A variable in global memory, shared by every block and launch of a run: an int, unsigned or
  // float, or a 1-D array of them, zero unless a constant initialiser says otherwise (as CUDA
  // sets it when the module loads).
  void device_decl(const Specs& s, Type type, const Token& name) {
    const std::string what = "__device__ variable '" + name.text + "'";
    if (s.is_extern) fail(name.pos, "extern " + what + ": declare it with its size in this file");
    if (s.global || s.host) fail(name.pos, what + ": only __device__ applies to a variable");
    if (type.pointer || !(type.base == Base::Int || type.base == Base::Unsigned || type.base == Base::Float))
      fail(name.pos, what + " of type " + (type.pointer ? type.name() : type.is_group() ? std::string("a cooperative group") : type.name()) +
                         " is not supported (a __device__ variable here is an int, unsigned or float, or a 1-D array of them)");
    if (find_builtin(name.text) != Builtin::None || is_special(name.text))
      fail(name.pos, "'" + name.text + "' is a CUDA built-in and cannot be redeclared");
    if (constants_.count(name.text) || find_function(name.text) || templates_.count(name.text))
      fail(name.pos, "'" + name.text + "' is already declared");
    if (prog_.device_vars.size() >= static_cast<size_t>(kMaxDeviceVars))
      fail(name.pos, "more than " + std::to_string(kMaxDeviceVars) + " __device__ variables");
    long long len = -1;
    if (accept("[")) {
      if (is("]")) fail(cur().pos, what + " needs its length (" + name.text + "[COUNT])");
      ExprP n = assignment();
      std::optional<long long> v = n->type.is_integer() ? fold(*n) : std::nullopt;
      if (!v) fail(n->span.begin, "the length of " + what + " must be an integer constant");
      if (*v < 1 || *v > kMaxDeviceElements)
        fail(n->span.begin, what + " has " + std::to_string(*v) + " elements; a __device__ array has 1 to " + std::to_string(kMaxDeviceElements));
      len = *v;
      expect("]");
      if (is("[")) fail(cur().pos, what + ": __device__ arrays of more than one dimension are not supported (declare it 1-D)");
    }
    long long total = len < 0 ? 1 : len;
    for (const auto& d : prog_.device_vars) total += d.var->is_array() ? d.var->array_len : 1;
    if (total > kMaxDeviceElements)
      fail(name.pos, "the __device__ variables have more than " + std::to_string(kMaxDeviceElements) + " elements together");
    Program::DeviceVar dv;
    auto value = [&](Pos at) {  // one constant of the variable's type, as its bits
      ExprP e = convert(assignment(), type, "initializer");
      uint32_t bits = 0;
      if (type.is_float()) {
        std::optional<double> f = fold_float(*e);
        if (!f) fail(at, "the initial value of " + what + " must be a constant (the GPU sets it when the module loads)");
        const float ff = static_cast<float>(*f);
        std::memcpy(&bits, &ff, 4);
      } else {
        std::optional<long long> v = fold(*e);
        if (!v) fail(at, "the initial value of " + what + " must be a constant (the GPU sets it when the module loads)");
        bits = static_cast<uint32_t>(*v);
      }
      dv.init.push_back(bits);
    };
    const bool eq = accept("=");
    if (accept("{")) {
      while (!is("}")) {
        if (static_cast<long long>(dv.init.size()) >= (len < 0 ? 1 : len))
          fail(cur().pos, "too many initial values for " + what + " (it has " + std::to_string(len < 0 ? 1 : len) + ")");
        value(cur().pos);
        if (!accept(",")) break;
      }
      expect("}");
    } else if (eq) {
      if (len >= 0) fail(cur().pos, what + " is an array: give its values in braces, {a, b, ...}");
      value(cur().pos);
    }
    Var* v = declare(name, type, static_cast<int>(len), Storage::Device);
    v->slot = static_cast<int>(prog_.device_vars.size());
    dv.var = v;
    prog_.device_vars.push_back(std::move(dv));
  }

  // constant-decl = ("=" expr | "{" expr "}" | "(" expr ")") ("," NAME ...)* ";"   (after `const TYPE NAME`)
  // A file-scope constant is its value: every use of it is that literal. `deduce` (const auto):
  // each constant takes its value's type, as auto deduces it.
  void constant_decl(Type type, Token name, bool deduce = false) {
    for (bool first = true;; first = false) {
      if (!deduce && !type.is_arithmetic())
        fail(name.pos, "a file-scope constant must be a number (int, unsigned, float or bool), not " + type.name());
      const char* close = accept("=") ? nullptr : accept("{") ? "}" : accept("(") ? ")" : "";
      if (close && !*close)
        fail(cur().pos, "the constant '" + name.text + "' needs a value (const " + (deduce ? std::string("auto") : type.name()) + " " + name.text + " = ...;)");
      if (deduce && close && *close == '}') fail(name.pos, "'const auto " + name.text + "{...}': give the type, or write = VALUE");
      ExprP e = assignment();
      if (deduce) {
        Type t = e->type;
        t.is_const = false;
        if (!first && t != type)  // C++: every declarator of one auto declaration deduces the same type
          fail(e->span.begin, "'" + name.text + "' deduces " + t.name() + ", but this const auto declaration's first constant deduced " +
                                  type.name() + " (declare it on its own)");
        type = t;
        if (!type.is_arithmetic() || type.pointer)
          fail(e->span.begin, "a file-scope constant must be a number (int, unsigned, float or bool), not " + type.name());
      }
      e = convert(std::move(e), type, "constant");
      if (close) expect(close);
      Constant c;
      c.type = type;
      if (type.is_float()) {
        std::optional<double> f = fold_float(*e);
        if (!f) fail(e->span.begin, "the value of '" + name.text + "' must be a constant");
        c.fval = type.base == Base::Float ? static_cast<float>(*f) : *f;
      } else {
        std::optional<long long> v = fold(*e);
        if (!v) fail(e->span.begin, "the value of '" + name.text + "' must be a constant");
        c.ival = type.base == Base::Bool ? *v != 0 : type.base == Base::Unsigned ? static_cast<long long>(static_cast<uint32_t>(*v))
                 : type.is_wide() ? *v : static_cast<long long>(static_cast<int32_t>(*v));
      }
      if (globals_.count(name.text) || constants_.count(name.text) || find_function(name.text))
        fail(name.pos, "'" + name.text + "' is already declared");
      constants_[name.text] = c;
      if (!type.is_float()) prog_.int_constants[name.text] = c.ival;
      if (!accept(",")) break;
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      name = cur();
      ++i_;
    }
    expect(";");
  }

  // A float or double constant's value (a float's rounded to float).
  std::optional<double> fold_float(const Expr& e) const {
    if (e.kind == Ek::FloatLit) return e.fval;
    if (e.kind == Ek::Unary && e.uop == UnaryOp::Neg) {
      auto v = fold_float(*e.kids[0]);
      if (v) return -*v;
      return v;
    }
    if (e.kind == Ek::Cast && e.type.is_float()) {
      const Expr& k = *e.kids[0];
      if (k.type.is_float()) {
        auto v = fold_float(k);
        if (v && e.type.base == Base::Float) return static_cast<float>(*v);  // a double constant made float
        return v;
      }
      auto v = fold(k);
      if (!v) return std::nullopt;
      if (e.type.base == Base::Double)
        return k.type.is_unsigned() ? static_cast<double>(static_cast<unsigned long long>(*v)) : static_cast<double>(*v);
      if (k.type.base == Base::ULong) return static_cast<float>(static_cast<unsigned long long>(*v));
      return k.type.base == Base::Unsigned ? static_cast<float>(static_cast<uint32_t>(*v)) : static_cast<float>(*v);
    }
    return std::nullopt;
  }

  // ---- templates
  // template-decl = "template" "<" tparam ("," tparam)* ">" (function | "struct"/"class" ...)
  // tparam = ("typename" | "class") NAME ("=" type)? | type NAME ("=" constant)?
  // The declaration's tokens are kept; each use with new arguments parses them again with the
  // parameters bound (an instantiation: `reduce4<int, 256>` is a function of its own).
  void template_decl(Pos at) {
    if (tbind_.size() || fn_) fail(at, "a template inside a template or a function is not supported");
    expect("<", "after 'template'");
    if (is(">")) return specialization(at);
    auto t = std::make_unique<Template>();
    t->pos = at;
    do {
      TParam p;
      if (accept_word("typename") || accept_word("class")) {
        p.is_type = true;
      } else {
        p.value_type = parse_type();
        if (!p.value_type.is_integer())
          fail(cur().pos, "a template's value parameter must be an integer or bool, not " + p.value_type.name());
      }
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected the template parameter's name, found " + found());
      p.name = cur().text;
      p.pos = cur().pos;
      ++i_;
      if (accept("=")) {
        p.default_begin = i_;
        // skip to the ',' or '>' that ends the default (parentheses may hold either)
        int depth = 0;
        while (!at_end() && (depth > 0 || (!is(",") && !is(">") && !is(">>")))) {
          if (is("(") || is("<")) ++depth;
          if (is(")") || is(">")) --depth;
          ++i_;
        }
        p.default_end = i_;
      }
      t->params.push_back(std::move(p));
    } while (accept(","));
    expect_close_angle();
    if (half_gt_) fail(cur().pos, "expected '>' to close the template's parameters");
    // The declaration: a function (its name is the identifier before its first '(').
    t->begin = i_;
    if (is_word("struct") || is_word("class")) return class_template(std::move(t));
    if (is_word("union")) fail(cur().pos, "unions are not supported in kernel files");
    size_t k = i_;
    while (k < t_.size() && t_[k].kind != Tok::End && !(t_[k].kind == Tok::Punct && (t_[k].text == "(" || t_[k].text == ";" || t_[k].text == "{")))
      ++k;
    if (k >= t_.size() || t_[k].text != "(" || k == i_ || t_[k - 1].kind != Tok::Ident)
      fail(at, "expected a function after template<...>");
    t->name = t_[k - 1].text;
    t->name_pos = t_[k - 1].pos;
    t->params_begin = k;
    // skip the parameter list and the body (or the ';' of a prototype)
    int depth = 0;
    for (; k < t_.size() && t_[k].kind != Tok::End; ++k) {
      if (t_[k].kind != Tok::Punct) continue;
      if (t_[k].text == "(" || t_[k].text == "{") ++depth;
      if (t_[k].text == ")" || t_[k].text == "}") {
        if (--depth == 0 && t_[k].text == "}") break;
      }
      if (depth == 0 && t_[k].text == ";") break;
    }
    if (k >= t_.size() || t_[k].kind == Tok::End) fail(at, "the template's declaration is not closed before the end of the file");
    t->end = k + 1;
    i_ = t->end;
    if (auto old = templates_.find(t->name); old != templates_.end()) {  // an overload: other parameters (a call picks one)
      const bool body = t_[t->end - 1].text == "}";
      for (Template* o = old->second.get(); o; o = o->next) {
        if (!same_tokens(o->params_begin, t->params_begin) || o->params.size() != t->params.size()) continue;
        if (!body) return;  // a prototype of one declared before
        if (t_[o->end - 1].text == "}")
          fail(t->name_pos, "template '" + t->name + "' is defined twice with these parameters (first at " + files_.where(o->name_pos) + ")");
        o->begin = t->begin, o->end = t->end, o->params_begin = t->params_begin, o->pos = t->pos, o->name_pos = t->name_pos;
        o->params = t->params;  // the definition's (its defaults)
        return;
      }
      Template* last = old->second.get();
      while (last->next) last = last->next;
      last->next = t.get();
      template_overloads_.push_back(std::move(t));
      return;
    }
    if (class_templates_.count(t->name) || structs_.count(t->name))  // a function of the name is an overload (a call picks one)
      fail(t->name_pos, "'" + t->name + "' is already declared (a function template and a struct of one name are not supported)");
    templates_[t->name] = std::move(t);
  }

  // Are the parenthesised token sequences at a and b (each at its '(') the same, up to their ')'?
  bool same_tokens(size_t a, size_t b) const {
    int depth = 0;
    for (; a < t_.size() && b < t_.size(); ++a, ++b) {
      if (t_[a].text != t_[b].text || t_[a].kind != t_[b].kind) return false;
      if (t_[a].kind != Tok::Punct) continue;
      if (t_[a].text == "(") ++depth;
      if (t_[a].text == ")" && --depth == 0) return true;
    }
    return false;
  }

  // ---- structs
  // struct-decl = ("struct" | "class") NAME "{" member* "}" ";"
  // member = ("public" | "private" | "protected") ":" | type NAME ("," NAME)* ";"
  //        | "__device__" ... function (structs without data members) | "__device__" ... "operator" type "(" ")" "const"? body
  void struct_decl() {
    const Pos at = cur().pos;
    ++i_;  // struct or class
    if (is_word("__align__") || is_word("alignas")) fail(cur().pos, "'" + cur().text + "' is not supported in kernel files");
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected the struct's name, found " + found());
    const Token name = cur();
    ++i_;
    if (is(";")) fail(name.pos, "declare struct '" + name.text + "' with its members (forward declarations are not supported)");
    if (is(":")) fail(cur().pos, "struct inheritance is not supported in kernel files");
    if (is("<")) fail(at, "an explicit specialization needs 'template <>' before it");
    if (find_vector_type(name.text)) fail(name.pos, "'" + name.text + "' is one of CUDA's vector types (the runtime declares it)");
    if (structs_.count(name.text) || class_templates_.count(name.text) || templates_.count(name.text) || find_function(name.text) ||
        constants_.count(name.text) || globals_.count(name.text))
      fail(name.pos, "'" + name.text + "' is already declared");
    struct_body(name.text, name.pos, name.text);
    if (!is(";")) fail(cur().pos, "expected ';' after the struct's '}' (declare its variables separately), found " + found());
    ++i_;
  }

  // CUDA's vector type `vi` (int2, float4, ...), made on its first use: members x, y, z, w of one
  // 4-byte type; int2/float2 8-byte and int4/float4 16-byte aligned, moved whole by one access.
  Type vector_type(const VectorTypeInfo& vi) {
    Type t;
    t.base = Base::Struct;
    if (auto it = structs_.find(vi.name); it != structs_.end()) {
      t.sdef = it->second;
      return t;
    }
    auto owned = std::make_unique<StructDef>();
    StructDef* d = owned.get();
    d->name = vi.name;
    d->vector = true;
    static const char* const members[] = {"x", "y", "z", "w"};
    if (is_small_base(vi.member)) {  // char2, uchar4, short2, ...: members packed, the whole vector one access of its bytes
      const int mb = base_bytes(vi.member);
      d->packed = true;
      d->bytes = mb * vi.count;
      d->words = (d->bytes + 3) / 4;
      d->vector_words = d->words;
      d->align = d->words;  // short4: 8-byte aligned; the others 4 bytes or less (char2's 2 within its word)
      d->align_bytes = d->bytes;
      for (int k = 0; k < vi.count; ++k) {
        StructDef::Field f;
        f.name = members[k];
        f.type = Type{vi.member, false};
        f.byte = k * mb;
        f.offset = f.byte / 4;
        d->fields.push_back(f);
      }
      prog_.structs.push_back(std::move(owned));
      structs_[vi.name] = d;
      t.sdef = d;
      return t;
    }
    d->vector_words = vi.count == 3 ? 1 : vi.count;
    d->align = d->vector_words;
    for (int k = 0; k < vi.count; ++k) {
      StructDef::Field f;
      f.name = members[k];
      f.type = Type{vi.member, false};
      f.offset = k;
      f.byte = 4 * k;
      d->fields.push_back(f);
    }
    d->words = vi.count;
    prog_.structs.push_back(std::move(owned));
    structs_[vi.name] = d;
    t.sdef = d;
    return t;
  }

  // The members from '{' to '}' of a struct (or of a class template's instantiation, `bare` the
  // name its constructors would have).
  StructDef* struct_body(const std::string& name, Pos pos, const std::string& bare) {
    auto owned = std::make_unique<StructDef>();
    StructDef* d = owned.get();
    d->name = name;
    d->pos = pos;
    prog_.structs.push_back(std::move(owned));
    structs_[name] = d;  // its member functions may take and return it
    expect("{", "to start the struct's members");
    // Member functions are parsed once the struct is complete (their bodies may use members
    // declared after them, as in C++): here their tokens are skipped and kept.
    struct Pending {
      size_t begin;
      enum Kind { Method, Ctor, Conversion } kind;
    };
    std::vector<Pending> pending;
    int end = 0, align = 1;  // the data members' bytes so far, their largest alignment
    while (!accept("}")) {
      if (at_end()) fail(pos, "struct '" + name + "' is not closed with '}'");
      if (accept(";")) continue;
      if ((is_word("public") || is_word("private") || is_word("protected")) && peek().kind == Tok::Punct && peek().text == ":") {
        i_ += 2;
        continue;
      }
      const Pos mp = cur().pos;
      const size_t member_begin = i_;
      if (is_word("struct") || is_word("class") || is_word("union") || is_word("enum") || is_word("template") ||
          is_word("typedef") || is_word("using") || is_word("friend") || is_word("virtual"))
        fail(mp, "'" + cur().text + "' inside a struct is not supported in kernel files");
      if (is("~")) fail(mp, "destructors are not supported in kernel files");
      Specs s = specifiers();
      if (s.shared || s.is_extern || s.global) fail(mp, "a struct's member cannot be __shared__, extern or __global__");
      if (is_word(bare.c_str()) && peek().kind == Tok::Punct && peek().text == "(") {
        if (!s.device) fail(mp, "a constructor needs __device__");
        if (s.is_static) fail(mp, "a constructor cannot be static");
        ++i_;
        skip_member_function(mp);
        pending.push_back({member_begin, Pending::Ctor});
        continue;
      }
      if (is_word("operator") && peek().kind == Tok::Ident) {
        const Token op = cur();
        ++i_;
        if (!s.device) fail(mp, "a member function needs __device__");
        if (s.is_static) fail(mp, "a conversion operator cannot be static");
        Type to = parse_type();
        if (!to.pointer && !to.is_arithmetic()) fail(op.pos, "a conversion operator gives a number or a pointer, not " + to.name());
        if (!is("(") || peek().text != ")") fail(cur().pos, "a conversion operator takes no parameters: operator " + to.name() + "()");
        skip_member_function(mp);
        pending.push_back({member_begin, Pending::Conversion});
        continue;
      }
      bool ret_ref = false;
      Type t = parse_type(false, &ret_ref);
      Token mname = cur();
      const bool is_op = operator_name(&mname);
      if (is_op || (mname.kind == Tok::Ident && peek().kind == Tok::Punct && peek().text == "(")) {
        if (!is_op) ++i_;
        if (!s.device) fail(mname.pos, "a member function needs __device__");
        skip_member_function(mp);
        pending.push_back({member_begin, Pending::Method});
        continue;
      }
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member's name, found " + found());
      if (ret_ref) fail(mname.pos, "reference members are not supported");
      ++i_;
      if (s.device || s.host) fail(mp, "__device__ on a data member: the struct's variables say where they live");
      if (s.is_static) fail(mp, "static data members are not supported in kernel files (static member functions are)");
      while (true) {
        if (t.is_void()) fail(mname.pos, "a member cannot be void");
        if (t.pointer) fail(mname.pos, "pointer members are not supported (a pointer is 8 bytes on the GPU, a word here)");
        if (t.is_group()) fail(mname.pos, "a cooperative group cannot be a struct's member here");
        if (t.is_struct() && t.sdef == d) fail(mname.pos, "struct '" + name + "' cannot contain itself");
        if (is("[")) fail(cur().pos, "array members are not supported yet (member '" + mname.text + "')");
        if (is("=") || is("{")) fail(cur().pos, "default member initializers are not supported: initialise the members in a constructor or with braces");
        if (d->field(mname.text)) fail(mname.pos, "member '" + mname.text + "' is declared twice");
        StructDef::Field f;
        f.name = mname.text;
        f.type = t;
        const int ma = t.align_bytes();  // CUDA's layout: each member at its alignment (a float4 at 16, a char2 at 2)
        end = (end + ma - 1) / ma * ma;
        align = std::max(align, ma);
        f.byte = end;
        f.offset = end / 4;
        f.pos = mname.pos;
        end += t.bytes();
        if (t.bytes() % 4 != 0 || f.byte % 4 != 0 || (t.is_struct() && t.sdef->bytewise)) d->bytewise = true;
        d->words = (end + 3) / 4;
        if (d->words > kMaxStructWords)
          fail(mname.pos, "struct '" + name + "' of more than " + std::to_string(kMaxStructWords) + " words");
        d->fields.push_back(f);
        if (!accept(",")) break;
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member's name, found " + found());
        mname = cur();
        ++i_;
      }
      expect(";", "after the member");
    }
    end = (end + align - 1) / align * align;  // sizeof is a multiple of the alignment, as in C++
    d->words = (end + 3) / 4;
    d->align = std::max(1, align / 4);
    d->align_bytes = align;
    if (d->bytewise) d->bytes = end;
    // The member functions, now that the struct is complete. One of a struct with data members
    // takes the object's address (`this`), unless it is static.
    const size_t after = i_;
    const StructDef* saved_struct = cur_struct_;
    cur_struct_ = d;
    for (const Pending& pm : pending) {
      i_ = pm.begin;
      Specs s = specifiers();
      const StructDef* self = d->fields.empty() || s.is_static ? nullptr : d;
      if (pm.kind == Pending::Ctor) {
        Token fname = cur();
        ++i_;
        fname.text = name + "::" + bare;
        ctor_key_[d] = fname.text;
        method_this_ = self;
        ctor_of_ = d;
        method_ = false;
        function(s, kVoid, fname);
        continue;
      }
      if (pm.kind == Pending::Conversion) {
        Token fname = cur();
        ++i_;
        Type to = parse_type();
        fname.text = name + "::operator " + to.name();
        if (overloads_.count(fname.text)) fname.text += " const";  // operator const T*() const beside operator T*()
        if (overloads_.count(fname.text)) fail(fname.pos, "'" + fname.text + "' is declared twice");
        method_this_ = self;
        method_ = true;
        const Function* f = function(s, to, fname);
        bool have = false;
        for (const auto& c : d->conversions) have = have || c.first == to;
        if (!have) d->conversions.push_back({to, f});
        continue;
      }
      bool ret_ref = false;
      Type t = parse_type(false, &ret_ref);
      Token mname = cur();
      if (!operator_name(&mname)) ++i_;
      Token fname = mname;
      fname.text = name + "::" + mname.text;
      method_this_ = self;
      method_ = true;
      next_ret_ref_ = ret_ref;
      Function* f = function(s, t, fname);
      if (!d->methods.count(mname.text)) d->methods[mname.text] = f;
    }
    cur_struct_ = saved_struct;
    i_ = after;
    return d;
  }

  // From a member function's '(' past its body (its parameters, `const`, a constructor's member
  // initializer list, the body): the tokens are parsed again once the struct is complete.
  void skip_member_function(Pos at) {
    if (!is("(")) fail(cur().pos, "expected '(' after the member function's name, found " + found());
    skip_balanced("(", ")", at);
    accept_word("const");
    if (accept(":")) {
      do {
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member's name in the initializer list, found " + found());
        ++i_;
        if (is("(")) skip_balanced("(", ")", at);
        else if (is("{")) skip_balanced("{", "}", at);
        else fail(cur().pos, "expected '(' or '{' after the member's name in the initializer list, found " + found());
      } while (accept(","));
    }
    if (is(";")) fail(cur().pos, "define a member function inside its struct (definitions outside it, S::f() {...}, are not supported)");
    if (!is("{")) fail(cur().pos, "expected '{' to start the member function's body, found " + found());
    skip_balanced("{", "}", at);
  }
  void skip_balanced(const char* open, const char* close, Pos at) {
    int depth = 0;
    for (; !at_end(); ++i_) {
      if (is(open)) ++depth;
      if (is(close) && --depth == 0) {
        ++i_;
        return;
      }
    }
    fail(at, std::string("'") + open + "' not closed before the end of the file");
  }

  // `operator` and an operator (at `operator`): the function's name, "operator+" (taken), or false.
  bool operator_name(Token* name) {
    if (!is_word("operator") || peek().kind != Tok::Punct) return false;
    static const char* const ops[] = {"+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&", "|", "^",
                                      "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="};
    const Token& op = peek();
    bool known = false;
    for (const char* o : ops) known = known || op.text == o;
    if (!known)
      fail(op.pos, "operator" + op.text + " is not supported in kernel files (the arithmetic, comparison and compound assignment operators are)");
    *name = cur();
    name->text = "operator" + op.text;
    i_ += 2;
    return true;
  }

  // template <class T, ...> struct NAME { ... };   (after template<...>: its tokens are kept)
  void class_template(std::unique_ptr<Template> t) {
    ++i_;  // struct or class
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected the class template's name, found " + found());
    t->name = cur().text;
    t->name_pos = cur().pos;
    t->is_class = true;
    ++i_;
    if (!is("{")) fail(cur().pos, "expected '{' after the class template's name, found " + found());
    t->begin = i_;
    t->end = skip_braces_and_semicolon(t->pos);
    if (find_function(t->name) || templates_.count(t->name) || class_templates_.count(t->name) || structs_.count(t->name))
      fail(t->name_pos, "'" + t->name + "' is already declared");
    class_templates_[t->name] = std::move(t);
  }

  // From a '{': past its '}' and the ';' after it; returns the index after the ';'.
  size_t skip_braces_and_semicolon(Pos at) {
    int depth = 0;
    for (; !at_end(); ++i_) {
      if (cur().kind != Tok::Punct) continue;
      if (is("{")) ++depth;
      if (is("}") && --depth == 0) break;
    }
    if (at_end()) fail(at, "the declaration is not closed before the end of the file");
    ++i_;
    if (!is(";")) fail(cur().pos, "expected ';' after the struct's '}', found " + found());
    return ++i_;
  }

  // template <> struct NAME<ARGS> { ... };   (at the '>' of template<>)
  void specialization(Pos at) {
    ++i_;
    if (!is_word("struct") && !is_word("class")) return function_specialization(at);
    ++i_;
    if (cur().kind != Tok::Ident || !class_templates_.count(cur().text))
      fail(cur().pos, "an explicit specialization of " + found() + ", which is not a class template declared before");
    Template& t = *class_templates_.at(cur().text);
    ++i_;
    expect("<", "after the class template's name");
    Template::Spec sp;
    sp.args_begin = i_;
    int depth = 1;
    for (; !at_end(); ++i_) {
      if (is("<") || is("(")) ++depth;
      if ((is(">") || is(")")) && --depth == 0) break;
      if (is(">>")) fail(cur().pos, "write '> >' to close the specialization's arguments");
    }
    if (at_end()) fail(at, "the specialization's arguments are not closed");
    sp.args_end = i_++;
    if (!is("{")) fail(cur().pos, "expected '{' after the specialization's arguments, found " + found());
    sp.begin = i_;
    sp.end = skip_braces_and_semicolon(at);
    t.specs.push_back(sp);
  }

  // template <> SPECIFIERS TYPE NAME<ARGS>(PARAMS) { ... }: an explicit specialization of a function
  // template declared before (the samples' warpReduceSum<int> with __reduce_add_sync). An
  // instantiation whose arguments are ARGS parses it instead of the template.
  void function_specialization(Pos at) {
    const std::string shape = "explicit specializations (template <>) are supported for class templates and for function templates "
                              "named with their arguments (template <> __device__ int f<int>(int v) { ... })";
    const size_t begin = i_;
    size_t k = i_;
    while (k < t_.size() && t_[k].kind != Tok::End && !(t_[k].kind == Tok::Punct && (t_[k].text == "(" || t_[k].text == ";" || t_[k].text == "{")))
      ++k;
    if (k >= t_.size() || t_[k].text != "(" || k == begin || t_[k - 1].kind != Tok::Punct || t_[k - 1].text != ">") fail(at, shape);
    // back from the '>' to its '<'
    size_t open = k - 1;
    for (int depth = 0; open > begin; --open) {
      if (t_[open].kind == Tok::Punct && t_[open].text == ">") ++depth;
      if (t_[open].kind == Tok::Punct && t_[open].text == ">>") fail(t_[open].pos, "write '> >' to close the specialization's arguments");
      if (t_[open].kind == Tok::Punct && t_[open].text == "<" && --depth == 0) break;
    }
    if (open <= begin || t_[open - 1].kind != Tok::Ident) fail(at, shape);
    auto tp = templates_.find(t_[open - 1].text);
    if (tp == templates_.end())
      fail(t_[open - 1].pos, "an explicit specialization of '" + t_[open - 1].text + "', which is not a function template declared before");
    Template::Spec sp;
    sp.args_begin = open + 1;
    sp.args_end = k - 1;
    sp.begin = begin;
    int depth = 0;  // the parameters and the body
    for (; k < t_.size() && t_[k].kind != Tok::End; ++k) {
      if (t_[k].kind != Tok::Punct) continue;
      if (t_[k].text == "(" || t_[k].text == "{") ++depth;
      if ((t_[k].text == ")" || t_[k].text == "}") && --depth == 0 && t_[k].text == "}") break;
      if (depth == 0 && t_[k].text == ";") break;
    }
    if (k >= t_.size() || t_[k].kind == Tok::End) fail(at, "the specialization is not closed before the end of the file");
    sp.end = k + 1;
    i_ = sp.end;
    tp->second->specs.push_back(sp);
  }

  // Does specialization `sp` of `t` name these arguments? A type the interpreter does not know
  // (the samples' SharedMemory<double>) names none of the ones it can be given.
  bool spec_matches(const Template& t, const Template::Spec& sp, const std::vector<TArg>& args) {
    const size_t saved = i_;
    const int saved_angle = angle_;
    const bool saved_half = half_gt_;
    bool match = true;
    try {
      i_ = sp.args_begin;
      ++angle_;
      for (size_t q = 0; q < t.params.size() && match; ++q) {
        if (q && !accept(",")) match = false;
        else if (t.params[q].is_type) match = args[q].is_type && parse_type() == args[q].type;
        else match = !args[q].is_type && template_constant().first == args[q].value;
      }
      match = match && i_ == sp.args_end;
    } catch (const CudaError&) {
      match = false;
    }
    i_ = saved;
    angle_ = saved_angle;
    half_gt_ = saved_half;
    return match;
  }

  // The struct `t<args>`, made now if it is the first use of these arguments.
  StructDef* instantiate_struct(const Template& t, const std::vector<TArg>& args, Pos use) {
    const std::string key = instance_name(t, args);
    if (auto it = structs_.find(key); it != structs_.end()) return it->second;
    size_t begin = t.begin;
    bool special = false;
    for (const auto& sp : t.specs)
      if (!special && spec_matches(t, sp, args)) {
        begin = sp.begin;
        special = true;
      }
    count_instantiation(t, use);
    Reparse saved(*this);
    if (!special)
      for (size_t k = 0; k < args.size(); ++k) tbind_[t.params[k].name] = args[k];
    i_ = begin;
    instantiating_.push_back({key, use});
    StructDef* d = struct_body(key, use, t.name);
    instantiating_.pop_back();
    structs_[key] = d;
    return d;
  }

  // The limits every instantiation counts against.
  void count_instantiation(const Template& t, Pos use) {
    if (++instantiations_ > kMaxInstantiations)
      fail(use, "more than " + std::to_string(kMaxInstantiations) + " template instantiations (a template instantiating itself?)");
    instantiated_tokens_ += static_cast<long long>(t.end - t.begin);
    if (instantiated_tokens_ > kMaxInstantiatedTokens)
      fail(use, "templates instantiated to more than " + std::to_string(kMaxInstantiatedTokens) + " tokens in all (a large template used with many arguments?)");
    if (instantiation_depth_ >= kMaxInstantiationDepth)
      fail(use, "templates instantiated more than " + std::to_string(kMaxInstantiationDepth) + " deep inside each other");
  }

  // An instantiation parses a template's tokens again, in file scope: what the parser was doing
  // is kept here and put back when it is done.
  struct Reparse {
    Parser& p;
    size_t i;
    std::vector<std::map<std::string, const Var*>> scopes;
    std::vector<std::map<std::string, Type>> aliases;
    std::map<std::string, TArg> bind;
    Function* fn;
    int loops, angle;
    Pos stmt;
    bool half;
    const Var* this_var;
    const StructDef* cur_struct;
    explicit Reparse(Parser& pr)
        : p(pr), i(pr.i_), scopes(std::move(pr.scopes_)), aliases(std::move(pr.alias_scopes_)), bind(std::move(pr.tbind_)),
          fn(pr.fn_), loops(pr.loops_), angle(pr.angle_), stmt(pr.stmt_pos_), half(pr.half_gt_), this_var(pr.this_var_),
          cur_struct(pr.cur_struct_) {
      p.this_var_ = nullptr;
      p.cur_struct_ = nullptr;
      p.scopes_.clear();
      p.alias_scopes_.clear();
      p.tbind_.clear();
      p.fn_ = nullptr;
      p.loops_ = 0;
      p.angle_ = 0;
      p.half_gt_ = false;
      ++p.instantiation_depth_;
    }
    ~Reparse() {
      --p.instantiation_depth_;
      p.i_ = i;
      p.scopes_ = std::move(scopes);
      p.alias_scopes_ = std::move(aliases);
      p.tbind_ = std::move(bind);
      p.fn_ = fn;
      p.loops_ = loops;
      p.stmt_pos_ = stmt;
      p.angle_ = angle;
      p.half_gt_ = half;
      p.this_var_ = this_var;
      p.cur_struct_ = cur_struct;
    }
    Reparse(const Reparse&) = delete;
    Reparse& operator=(const Reparse&) = delete;
  };

  // The arguments of a template-id after its '<' (explicit ones; the rest deduced or defaulted later).
  std::vector<TArg> template_args(const Template& t) {
    std::vector<TArg> args;
    if (at_close_angle()) {
      expect_close_angle();
      return args;
    }
    do {
      if (args.size() >= t.params.size())
        fail(cur().pos, "'" + t.name + "' takes " + std::to_string(t.params.size()) + " template arguments");
      const TParam& p = t.params[args.size()];
      TArg a;
      if (p.is_type) {
        a.is_type = true;
        if (!is_type_start(i_)) fail(cur().pos, "template parameter '" + p.name + "' of '" + t.name + "' is a type, found " + found());
        a.type = parse_type();
      } else {
        a.value = template_constant().first;
      }
      args.push_back(a);
    } while (accept(","));
    expect_close_angle();
    return args;
  }

  // Each function parameter's tokens in template t's declaration, split at top-level commas.
  std::vector<std::pair<size_t, size_t>> param_tokens(const Template& t) const {
    std::vector<std::pair<size_t, size_t>> fparams;
    int depth = 0;
    size_t start = t.params_begin + 1;
    for (size_t k = t.params_begin; k < t.end; ++k) {
      const Token& tk = t_[k];
      if (tk.kind != Tok::Punct) continue;
      if (tk.text == "(" || tk.text == "<") ++depth;
      else if (tk.text == ")" || tk.text == ">") {
        if (--depth == 0) {
          if (k > start) fparams.push_back({start, k});
          break;
        }
      } else if (tk.text == "," && depth == 1) {
        fparams.push_back({start, k});
        start = k + 1;
      }
    }
    return fparams;
  }

  // Deduces the type parameters not given from the call's argument types, then the defaults.
  void complete_args(const Template& t, std::vector<TArg>& args, const std::vector<ExprP>* call_args, Pos p) {
    std::vector<bool> given(t.params.size(), false);
    for (size_t k = 0; k < args.size(); ++k) given[k] = true;
    args.resize(t.params.size());
    if (call_args) {
      const std::vector<std::pair<size_t, size_t>> fparams = param_tokens(t);
      for (size_t f = 0; f < fparams.size() && f < call_args->size(); ++f) {
        for (size_t q = 0; q < t.params.size(); ++q) {
          // thread_block_tile<NAME> g: NAME is the tile's size
          if (!t.params[q].is_type && !given[q] && (*call_args)[f]->type.group == GroupKind::Tile) {
            for (size_t k = fparams[f].first; k + 3 < fparams[f].second; ++k)
              if (t_[k].text == "thread_block_tile" && t_[k + 1].text == "<" && t_[k + 2].text == t.params[q].name) {
                // C++17 deduces a value parameter from a template argument of the same type only
                if (t.params[q].value_type.base != Base::Unsigned)
                  fail(t.params[q].pos, "'" + t.params[q].name + "' cannot be deduced from thread_block_tile's size, which is unsigned: "
                                        "declare it 'unsigned int " + t.params[q].name + "'");
                args[q].value = (*call_args)[f]->type.tile;
                given[q] = true;
              }
            continue;
          }
          if (!t.params[q].is_type && !given[q]) {  // T (&a)[N]: N is the array argument's length
            const Expr& g = *(*call_args)[f];
            for (size_t k = fparams[f].first; k + 5 < fparams[f].second + 1; ++k)
              if (t_[k].text == "(" && t_[k + 1].text == "&" && t_[k + 3].text == ")" && t_[k + 4].text == "[" && k + 5 < fparams[f].second &&
                  t_[k + 5].text == t.params[q].name && g.kind == Ek::Var && g.var->is_array() && g.var->dims.empty() && g.var->array_len > 0) {
                args[q].value = g.var->byte_len >= 0 ? g.var->byte_len / g.var->type.bytes() : g.var->array_len / g.var->type.words();
                given[q] = true;
              }
            continue;
          }
          if (!t.params[q].is_type || given[q]) continue;
          int stars = -1;
          for (size_t k = fparams[f].first; k < fparams[f].second; ++k) {
            if (t_[k].kind == Tok::Ident && t_[k].text == t.params[q].name) stars = 0;
            else if (stars >= 0 && t_[k].kind == Tok::Punct && t_[k].text == "*") ++stars;
            else if (stars >= 0 && t_[k].kind == Tok::Punct && t_[k].text == "[") ++stars;
          }
          if (stars < 0) continue;
          bool amp = false, cnst = false;  // T& x: T keeps the argument's const; T x and const T& x do not
          for (size_t k = fparams[f].first; k < fparams[f].second; ++k) {
            amp = amp || (t_[k].kind == Tok::Punct && t_[k].text == "&");
            cnst = cnst || (t_[k].kind == Tok::Ident && t_[k].text == "const");
          }
          const bool by_ref = amp && !cnst;
          Type at = (*call_args)[f]->type;
          if (stars == 0 && !by_ref && !at.pointer) at.is_const = false;
          const ExprP& arg = (*call_args)[f];
          if (arg->kind == Ek::Var && arg->var->is_array()) at = arg->var->type.pointer_to();
          if (stars == 1) {
            if (!at.pointer) continue;
            at = at.pointee();
          } else if (stars > 1) {
            continue;
          }
          if (at.is_void()) continue;
          args[q].is_type = true;
          args[q].type = at;
          given[q] = true;
        }
      }
    }
    for (size_t q = 0; q < t.params.size(); ++q) {
      if (given[q]) continue;
      const TParam& tp = t.params[q];
      if (!tp.default_begin)
        fail(p, "cannot deduce template parameter '" + tp.name + "' of '" + t.name + "': give it, as in " + t.name + "<...>(...)");
      // The default, read with the parameters before it bound.
      const size_t saved = i_;
      auto saved_bind = tbind_;
      for (size_t b = 0; b < q; ++b) tbind_[t.params[b].name] = args[b];
      i_ = tp.default_begin;
      TArg a;
      if (tp.is_type) {
        a.is_type = true;
        a.type = parse_type();
      } else {
        a.value = template_constant().first;
      }
      if (i_ != tp.default_end) fail(cur().pos, "unexpected " + found() + " in the default of '" + tp.name + "'");
      i_ = saved;
      tbind_ = std::move(saved_bind);
      args[q] = a;
      given[q] = true;
    }
    for (size_t q = 0; q < t.params.size(); ++q) {
      if (t.params[q].is_type) continue;
      const Type vt = t.params[q].value_type;
      args[q].value_type = vt;
      long long& v = args[q].value;
      v = vt.base == Base::Bool ? v != 0 : vt.base == Base::Unsigned ? static_cast<long long>(static_cast<uint32_t>(v))
                                                                      : static_cast<long long>(static_cast<int32_t>(v));
    }
  }

  static std::string instance_name(const Template& t, const std::vector<TArg>& args) {
    std::string n = t.name + "<";
    for (size_t k = 0; k < args.size(); ++k) {
      if (k) n += ", ";
      if (args[k].is_type) n += (args[k].type.is_const && !args[k].type.is_group() ? "const " : "") + args[k].type.name();
      else if (t.params[k].value_type.base == Base::Bool) n += args[k].value ? "true" : "false";
      else n += std::to_string(args[k].value) + (t.params[k].value_type.base == Base::Unsigned ? "u" : "");
    }
    return n + ">";
  }

  // The function `t<args>`, parsed now if it is the first use of these arguments.
  // `params`: t is one of several templates of its name, and its parameters' types ("(float4,
  // unsigned*)") tell its instantiations from the others'.
  Function* instantiate(const Template& t, const std::vector<TArg>& args, Pos use, const std::string& params = "") {
    const std::string key = instance_name(t, args) + params;
    if (auto it = functions_.find(key); it != functions_.end()) return it->second;
    count_instantiation(t, use);
    const Template::Spec* spec = nullptr;  // an explicit specialization for these arguments
    for (const auto& sp : t.specs)
      if (spec_matches(t, sp, args)) spec = &sp;
    {
      // Parse the declaration again, in file scope, with the parameters bound (a specialization's
      // own, which has none).
      Reparse saved(*this);
      if (!spec)
        for (size_t k = 0; k < args.size(); ++k) tbind_[t.params[k].name] = args[k];
      i_ = spec ? spec->begin : t.begin;
      instantiating_.push_back({key, use});
      Specs s = specifiers();
      bool ret_ref = false;
      Type ret = parse_type(false, &ret_ref);
      trailing_specifiers(&s);
      next_ret_ref_ = ret_ref;
      if (cur().kind != Tok::Ident || cur().text != t.name) fail(cur().pos, "expected '" + t.name + "', found " + found());
      Token name = cur();
      name.text = key;
      ++i_;
      if (spec) i_ = spec->args_end + 1;  // past NAME<ARGS>
      if (!is("(")) fail(cur().pos, "expected '(' after '" + t.name + "', found " + found());
      function(s, ret, name);
      instantiating_.pop_back();
    }
    Function* f = functions_.at(key);
    f->instance_of = t.name;
    f->instance_pos = use;
    return f;
  }

  // A function's declaration or definition, `name` its key (a template's instantiation "f<int>",
  // a member "S::m", a constructor "S::S"). Functions of one name with different parameters are
  // overloads (overloads_), picked at each call (resolve).
  Function* function(const Specs& s, Type ret, const Token& name) {
    if (s.global && !ret.is_void()) fail(name.pos, "a __global__ function must return void");
    if (s.host && !s.device && !s.global) fail(name.pos, "host functions are not supported in kernel files");
    if (find_builtin(name.text) != Builtin::None) fail(name.pos, "'" + name.text + "' is a CUDA built-in and cannot be redefined");
    // The parameters are read into a new function first: they say which declaration this is.
    auto owned = std::make_unique<Function>();
    Function* nf = owned.get();
    nf->name = name.text;
    nf->scope = scope_at(i_ > 0 ? i_ - 1 : 0);
    nf->is_global = s.global;
    nf->ret = ret;
    nf->pos = name.pos;
    Function* saved = fn_;
    const Var* saved_this = this_var_;
    const StructDef* this_struct = method_this_;
    const StructDef* ctor = ctor_of_;
    const bool method = method_;
    if (next_ret_ref_) {  // T &f(): returns the address of what it refers to
      if (ret.is_group() || ret.is_void()) fail(name.pos, "a function returning a reference to " + ret.name() + " is not supported");
      ret = ret.pointer_to();
    }
    const bool ret_ref = next_ret_ref_;
    next_ret_ref_ = false;
    method_this_ = nullptr;
    ctor_of_ = nullptr;
    method_ = false;
    this_var_ = nullptr;
    fn_ = nf;
    push_scope();
    expect("(");
    std::vector<const Var*> params;
    std::map<size_t, std::pair<size_t, size_t>> defs;  // default arguments: parameter index, tokens
    std::map<size_t, Function::LaunchDefault> kernel_defaults;  // a kernel's: their values
    if (ret.is_struct()) {  // the caller's place for the struct returned: a hidden first parameter
      if (s.global) fail(name.pos, "a __global__ function must return void");
      Var* r = hidden_var(ret.pointer_to(), name.pos, "(the value returned)", Storage::Param);
      params.push_back(r);
      nf->sret = true;
    }
    if (this_struct) {  // a member function of a struct with data: the object's address
      Type tt;
      tt.base = Base::Struct;
      tt.sdef = this_struct;
      tt.pointer = true;
      Var* th = hidden_var(tt, name.pos, "this", Storage::Param);
      params.push_back(th);
      this_var_ = th;
      has_this_.insert(nf);
    }
    const size_t hidden = params.size();
    if (is_word("void") && peek().kind == Tok::Punct && peek().text == ")") ++i_;
    if (!is(")")) {
      do {
        bool ref = false;
        const size_t type_first = i_;
        Type pt = parse_type(true, &ref);
        const bool const_ref = const_ref_;
        if (pt.is_void()) fail(cur().pos, "a parameter cannot be void");
        long long ref_array = -1;  // T (&a)[N]: a reference to an array of N, passed as its first element's address
        if (is("(") && peek().kind == Tok::Punct && peek().text == "&") {
          if (ref || pt.pointer) fail(cur().pos, "a reference to an array of references or pointers is not supported");
          i_ += 2;
          if (cur().kind != Tok::Ident) fail(cur().pos, "expected a parameter name, found " + found());
        }
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a parameter name, found " + found());
        const Token pn = cur();
        std::string written;  // the parameter's type as the file writes it (an overloaded kernel's name expression)
        for (size_t k = type_first; k < i_; ++k) written += (k > type_first ? " " : "") + t_[k].text;
        ++i_;
        if (t_[i_ - 2].text == "&" && t_[i_ - 3].text == "(") {
          expect(")", "to close the reference to an array");
          if (!is("[")) fail(cur().pos, "expected '[' after (&" + pn.text + "), found " + found());
          ++i_;
          const Pos lp = cur().pos;
          ref_array = template_constant().first;
          if (ref_array < 1) fail(lp, "an array of " + std::to_string(ref_array) + " elements");
          expect("]");
          if (is("[")) fail(cur().pos, "a reference to an array of more than one dimension is not supported (parameter '" + pn.text + "')");
          if (s.global) fail(pn.pos, "a kernel's parameters are not references (the launch passes values)");
          pt.pointer = true;
          written += " (&)[" + std::to_string(ref_array) + "]";
        }
        if (ref_array < 0 && accept("[")) {  // T a[] is T* a
          expect("]");
          if (pt.pointer || ref) fail(pn.pos, "pointers to pointers are not supported");
          pt.pointer = true;
          written += " *";
        }
        nf->cpp_params += (nf->cpp_params.empty() ? "" : ", ") + written;
        if (s.global && ref) fail(pn.pos, "a kernel's parameters are not references (the launch passes values)");
        if (s.global && pt.base == Base::Struct && !(pt.pointer && pt.sdef->vector && (pt.sdef->vector_words > 1 || pt.sdef->packed)))
          fail(pn.pos, pt.pointer ? "a kernel's pointer parameters point to numbers or to int2, int4, uint2, uint4, float2, float4, uchar4 and the other "
                                    "vectors of bytes and shorts, not to structs (" + pt.name() + ")"
                                  : "a kernel's parameters are numbers and pointers to them, not structs (" + pt.name() + ")");
        // a reference parameter (T &r) is the address of the caller's variable, used through it
        Var* v = declare(pn, ref ? pt.pointer_to() : pt, -1, Storage::Param);
        v->slot = alloc_slots(!ref && pt.is_struct() ? pt.words() : 1);  // a scalar's value is one slot, 8 bytes too
        if (ref) ref_vars_.insert(v);
        if (const_ref) const_ref_vars_.insert(v);
        if (ref_array > 0) ref_array_len_[v] = ref_array;
        else if (pt.is_struct()) make_members(v);
        params.push_back(v);
        if (is("=")) {  // a default argument: its tokens, read at each call that leaves it out
          if (s.global) {  // the launch line may leave it out: a constant, known here
            const Pos at = peek().pos;
            ++i_;
            const size_t begin = i_;
            ExprP d = assignment();
            Function::LaunchDefault ld;
            for (size_t k = begin; k < i_; ++k) ld.text += (k > begin && t_[k].space_before ? " " : "") + t_[k].text;
            if (v->type.pointer) {
              if (!is_null_constant(*d)) fail(at, "a kernel's pointer parameter '" + pn.text + "' may default to NULL or nullptr only (the launch passes the arrays)");
            } else if (d->kind == Ek::FloatLit) {
              ld.is_float = true;
              ld.fval = d->fval;
            } else if (std::optional<long long> c = d->type.is_integer() ? fold(*d) : std::nullopt) {
              ld.ival = *c;
            } else {
              fail(at, "a kernel's default argument must be a constant (the launch line gives it otherwise): '" + ld.text + "'");
            }
            kernel_defaults[params.size() - 1] = ld;
            defs[params.size() - 1] = {begin, i_};
            if (params.size() > static_cast<size_t>(kMaxParams))
              fail(pn.pos, "function '" + name.text + "' has more than " + std::to_string(kMaxParams) + " parameters");
            continue;
          }
          const size_t begin = ++i_;
          int depth = 0;
          while (!at_end() && (depth > 0 || (!is(",") && !is(")")))) {
            if (is("(") || is("{") || is("[")) ++depth;
            if (is(")") || is("}") || is("]")) --depth;
            ++i_;
          }
          if (begin == i_) fail(cur().pos, "expected the default argument's value, found " + found());
          defs[params.size() - 1] = {begin, i_};
        } else if (!defs.empty()) {
          fail(pn.pos, "parameter '" + pn.text + "' needs a default argument: the parameters before it have one");
        }
        if (params.size() > static_cast<size_t>(kMaxParams))
          fail(pn.pos, "function '" + name.text + "' has more than " + std::to_string(kMaxParams) + " parameters");
      } while (accept(","));
    }
    expect(")", "after the parameters");
    if (method) accept_word("const");
    // Which function this declares: an earlier declaration with these parameters, or a new one
    // (an overload when the name has others).
    auto& set = overloads_[name.text];
    Function* fn = nullptr;
    for (Function* o : set)
      if (same_params(*o, params, hidden)) fn = o;
    const bool existed = fn != nullptr;
    for (Function* o : set)
      if (o->scope != nf->scope && (fn == o || s.global || o->is_global))
        fail(name.pos, "'" + name.text + "' is declared in " + scope_shown(nf->scope) + " and in " + scope_shown(o->scope) + " (at " +
                           files_.where(o->pos) + "): a kernel file's namespaces share one set of names; rename one");
    if (fn) {
      if (fn->ret != ret || fn->is_global != s.global)
        fail(name.pos, "'" + name.text + "' declared differently at " + files_.where(fn->pos));
    } else {
      // Kernels may be overloaded among themselves (the launch's arguments pick one), not with
      // __device__ functions (a call names those, a launch these: C++ would mix them up)
      for (Function* o : set)
        if (o->is_global != s.global)
          fail(name.pos, "'" + name.text + "' is both a __global__ and a __device__ function (the other at " + files_.where(o->pos) +
                             "); give the kernel a name of its own");
      if (s.global && !tbind_.empty() && !set.empty())
        fail(name.pos, "'" + name.text + "' is an overloaded kernel template; kernel files overload kernels that are not templates "
                       "(the other at " + files_.where(set.front()->pos) + ")");
      prog_.functions.push_back(std::move(owned));
      fn = nf;
      fn->params = params;
      set.push_back(fn);
      if (!functions_.count(name.text)) functions_[name.text] = fn;
      if (set.size() > 1)  // overloads are told apart by their parameters: f(int), f(float)
        for (Function* o : set) o->name = name.text + "(" + param_list(*o) + ")";
    }
    if (existed && !defs.empty()) {
      for (const auto& d : defs)
        if (defaults_[fn].count(d.first)) fail(name.pos, "'" + name.text + "' gives a default argument twice (it has one at " + files_.where(fn->pos) + ")");
    }
    for (const auto& d : defs) defaults_[fn][d.first] = d.second;
    for (const auto& d : kernel_defaults) fn->launch_defaults[d.first] = d.second;
    if (existed && has_this_.count(nf)) has_this_.insert(fn);
    if (ret_ref) ref_ret_.insert(fn);
    fn->params = params;
    if (accept(";")) {  // a prototype
      pop_scope();
      fn_ = saved;
      this_var_ = saved_this;
      return fn;
    }
    if (fn->body) fail(name.pos, "function '" + name.text + "' is defined twice (first at " + files_.where(fn->pos) + ")");
    fn->frame_slots = nf->frame_slots;
    fn_ = fn;
    std::vector<StmtP> inits;
    if (ctor) inits = member_initializers(*ctor);
    if (!is("{")) fail(cur().pos, "expected '{' to start the body of '" + name.text + "', found " + found());
    fn->pos = name.pos;
    const Pos saved_open = body_open_;
    body_open_ = cur().pos;
    fn->body = block();
    body_open_ = saved_open;
    if (!inits.empty()) fn->body->body.insert(fn->body->body.begin(), std::make_move_iterator(inits.begin()), std::make_move_iterator(inits.end()));
    fn->close = t_[i_ - 1].pos;
    fn->end_label = step_label_at(fn->close, /*required_vars_in_scope=*/false);
    pop_scope();
    fn_ = saved;
    this_var_ = saved_this;
    return fn;
  }

  // Do a function's parameters (after its `hidden` ones: the place for a struct returned, this)
  // have these types (references as references)?
  bool same_params(const Function& f, const std::vector<const Var*>& params, size_t hidden) const {
    const size_t fh = hidden_params(f);
    if (f.params.size() - fh != params.size() - hidden) return false;
    for (size_t k = 0; k < params.size() - hidden; ++k) {
      const Var* a = f.params[fh + k];
      const Var* b = params[hidden + k];
      if (a->type != b->type || ref_vars_.count(a) != ref_vars_.count(b)) return false;
      if (a->type.pointer && a->type.is_const != b->type.is_const) return false;  // f(const int*) beside f(int*)
      if (const_ref_vars_.count(a) != const_ref_vars_.count(b)) return false;       // f(const int&) beside f(int)
    }
    return true;
  }
  size_t hidden_params(const Function& f) const { return (f.sret ? 1 : 0) + (has_this_.count(&f) ? 1 : 0); }
  // "int, float&": the parameters' types as a call gives them
  std::string param_list(const Function& f) const {
    std::string s;
    for (size_t k = hidden_params(f); k < f.params.size(); ++k) {
      if (k > hidden_params(f)) s += ", ";
      const Type& t = f.params[k]->type;
      s += ref_vars_.count(f.params[k]) ? (t.is_const ? "const " : "") + t.pointee().name() + "&"
           : const_ref_vars_.count(f.params[k]) ? "const " + t.name() + "&" : const_shown(t);
    }
    return s;
  }
  // An argument's type as overload messages tell it: nullptr, const int* (what it points to is
  // const), const int (a const object, which no T& takes).
  std::string arg_shown(const Expr& a) const {
    if (is_nullptr(a)) return "nullptr";
    return (a.type.is_const && (a.type.pointer || (a.lvalue && !a.type.is_group())) ? "const " : "") + a.type.name();
  }
  // A type as overloads tell it: const int* when what it points to is const.
  static std::string const_shown(const Type& t) { return (t.is_const && t.pointer ? "const " : "") + t.name(); }

  // ---- arrays of one or more dimensions: T a[A][B][C] is A*B*C elements, row-major; a[i] of a
  // 2-D array is row i (a pointer to its first element), a[i][j] the word i*B + j.
  // The lengths [A][B]... after a declarator's name (at '['): constants from 1 to `max` elements
  // in all.
  int sizeof_ = 0;  // inside sizeof(...)
  std::vector<int> array_dims(const Token& name, const char* what, long long max, const char* limit) {
    std::vector<int> dims;
    long long total = 1;
    while (accept("[")) {
      if (is("]")) fail(cur().pos, std::string(what) + " '" + name.text + "': only the first dimension of an extern __shared__ array may be left out");
      ExprP e = expr();
      expect("]");
      std::optional<long long> v = fold(*e);
      if (!v) fail(e->span.begin, std::string("the size of a ") + (what[0] == '_' ? "__shared__ array" : "local array") + " must be a constant");
      total = *v > 0 && total <= max ? total * *v : 0;
      if (*v <= 0 || total > max)
        fail(e->span.begin, std::string(what) + " '" + name.text + "' of " + (dims.empty() ? std::to_string(*v) : std::to_string(total) + " (" + std::to_string(*v) + " per row)") +
                                " elements (1 to " + std::to_string(max) + " " + limit + ")");
      dims.push_back(static_cast<int>(*v));
      if (dims.size() > 3 && is("[")) fail(cur().pos, std::string(what) + " '" + name.text + "': more than 4 dimensions are not supported");
    }
    return dims;
  }
  static int dims_product(const std::vector<int>& d) {
    long long p = 1;
    for (int x : d) p *= x;
    return static_cast<int>(p);
  }
  // The dimensions of the array an expression designates (an array variable, or a row of one:
  // a[i] of a 2-D array); empty when it designates none.
  static std::vector<int> designated_dims(const Expr& e) {
    if (e.kind == Ek::Var && e.var->is_array()) return e.var->dims.empty() ? std::vector<int>{e.var->array_len} : e.var->dims;
    if (e.kind == Ek::Binary && e.bop == BinaryOp::Row) {
      std::vector<int> d = designated_dims(*e.kids[0]);
      if (!d.empty()) d.erase(d.begin());
      return d;
    }
    return {};
  }
  // `= {...}` of a local array of dims[level..], its first element at `base`: nested braces fill
  // a row each (the rest of the row zero), values without braces fill element after element.
  void array_initializer(const Token& name, Type type, const std::vector<int>& dims, size_t level, size_t base,
                         std::vector<ExprP>* init, size_t* used) {
    Nest n = nest();
    size_t stride = 1;
    for (size_t k = level + 1; k < dims.size(); ++k) stride *= static_cast<size_t>(dims[k]);
    const size_t end = base + stride * static_cast<size_t>(dims[level]);
    expect("{", "to start the array's initializer");
    size_t at = base;
    if (!is("}")) {
      do {
        if (at >= end) fail(cur().pos, "too many initializers for '" + name.text + "'");
        if (is("{") && level + 1 < dims.size()) {
          at = base + (at - base + stride - 1) / stride * stride;  // a brace starts the next row
          if (at >= end) fail(cur().pos, "too many initializers for '" + name.text + "'");
          array_initializer(name, type, dims, level + 1, at, init, used);
          at += stride;
          continue;
        }
        (*init)[at++] = convert(assignment(), type, "initializer");
        *used = std::max(*used, at);
      } while (accept(",") && !is("}"));
    }
    expect("}");
  }

  void shared_decl(const Specs& s, Type type, const Token& name) {
    if (type.is_void()) fail(name.pos, "a shared variable cannot be void");
    if (type.pointer) fail(name.pos, "__shared__ pointers are not supported (declare a __shared__ array)");
    int len = -1, v_bytes = -1;
    std::vector<int> dims;
    if (accept("[")) {
      if (accept("]")) {
        if (!s.is_extern) fail(name.pos, "a __shared__ array without a size must be extern (dynamic shared memory)");
        len = 0;
        if (is("[")) fail(cur().pos, "an extern __shared__ array has one dimension (index it as a 1-D array)");
      } else {
        --i_;  // back to '['
        // bool, char, short and structs whose size is no multiple of 4 (three chars, three
        // shorts: 3, 6 bytes) are packed at their size, as CUDA lays them out
        const bool packed = type.bytes() % 4 != 0;
        dims = packed ? array_dims(name, "__shared__ array", 49152 / type.bytes(),
                                   type.is_struct() ? "structs fit in 48 KiB" : type.bytes() == 1 ? "bytes fit in 48 KiB" : "shorts fit in 48 KiB")
                      : array_dims(name, "__shared__ array", 12288 / type.words(), type.words() > 1 ? "structs fit in 48 KiB" : "words fit in 48 KiB");
        len = dims_product(dims);
        if (type.is_struct() && dims.size() > 1) fail(name.pos, "arrays of structs have one dimension here");
        if (packed) v_bytes = len * type.bytes();  // bool, char, short: 4 or 2 a word; a 6-byte struct 2 in 3 words
        len = packed ? (len * type.bytes() + 3) / 4 : len * type.words();  // in words
        if (dims.size() == 1) dims.clear();
        if (s.is_extern) fail(name.pos, "an extern __shared__ array takes no size (its size comes from the launch)");
      }
    } else if (s.is_extern) {
      fail(name.pos, "extern __shared__ must declare an array: " + type.name() + " " + name.text + "[]");
    }
    if (is("=")) fail(cur().pos, "__shared__ variables cannot have an initializer (CUDA forbids it)");
    if (type.is_struct() && has_ctors(type.sdef)) {  // only an empty default constructor: CUDA does not run constructors of __shared__ variables
      const Function* dc = nullptr;
      for (const Function* c : overloads_.at(ctor_key_.at(type.sdef)))
        if (given_params(*c) == defaulted_params(*c)) dc = c;
      if (!dc) fail(name.pos, "__shared__ " + type.name() + " '" + name.text + "': " + type.name() + " has no default constructor");
      if (!dc->body || !dc->body->body.empty())
        fail(name.pos, "__shared__ " + type.name() + " '" + name.text + "': CUDA does not run constructors of __shared__ variables, and " + type.name() +
                           "'s default constructor sets members (give it an empty one, or set the members after the declaration)");
    }
    Var* v = declare(name, type, len, Storage::Shared);
    v->byte_len = v_bytes;
    if (fn_) shared_owner_[v] = fn_;
    v->dims = std::move(dims);
    v->extern_shared = s.is_extern;
    if (s.is_extern) {
      prog_.extern_shared.push_back(v);
    } else {
      v->slot = (prog_.static_shared_words + type.align() - 1) / type.align() * type.align();  // a float4 array 16-byte aligned
      prog_.static_shared_words = v->slot + (len < 0 ? type.words() : len);
      prog_.static_shared.push_back(v);
    }
  }

  // ---- statements
  StmtP block() {
    auto b = std::make_unique<Stmt>(Sk::Block, cur().pos);
    expect("{");
    push_scope();
    while (!is("}")) {
      if (at_end()) fail(b->pos, "'{' not closed before the end of the file");
      b->body.push_back(statement());
    }
    expect("}");
    pop_scope();
    return b;
  }

  StmtP statement() {
    Nest n = nest();
    stmt_pos_ = cur().pos;
    const Pos p = cur().pos;
    if (is("{")) return block();
    if (accept(";")) return std::make_unique<Stmt>(Sk::Empty, p);
    if (cur().kind == Tok::Ident) {
      const std::string& w = cur().text;
      if (w == "if") {
        ++i_;
        auto s = std::make_unique<Stmt>(Sk::If, p);
        expect("(", "after 'if'");
        s->expr = to_bool(expr());
        expect(")", "after the condition");
        s->body.push_back(sub_statement());
        if (accept_word("else")) s->body.push_back(sub_statement());
        return s;
      }
      if (w == "for") {
        ++i_;
        auto s = std::make_unique<Stmt>(Sk::For, p);
        expect("(", "after 'for'");
        push_scope();
        if (!accept(";")) {
          stmt_pos_ = cur().pos;
          if (starts_type()) s->init = declaration();
          else {
            auto e = std::make_unique<Stmt>(Sk::Expr, cur().pos);
            e->expr = expr();
            expect(";");
            s->init = std::move(e);
          }
        }
        stmt_pos_ = cur().pos;
        if (!is(";")) s->expr = to_bool(expr());
        expect(";", "after the loop condition");
        stmt_pos_ = cur().pos;
        if (!is(")")) s->step = expr();
        expect(")", "to close 'for ('");
        ++loops_;
        s->body.push_back(sub_statement());
        --loops_;
        pop_scope();
        return s;
      }
      if (w == "while") {
        ++i_;
        auto s = std::make_unique<Stmt>(Sk::While, p);
        expect("(", "after 'while'");
        s->expr = to_bool(expr());
        expect(")");
        ++loops_;
        s->body.push_back(sub_statement());
        --loops_;
        return s;
      }
      if (w == "do") {
        ++i_;
        auto s = std::make_unique<Stmt>(Sk::Do, p);
        ++loops_;
        s->body.push_back(sub_statement());
        --loops_;
        if (!accept_word("while")) fail(cur().pos, "expected 'while' after the body of 'do', found " + found());
        expect("(");
        stmt_pos_ = cur().pos;
        s->expr = to_bool(expr());
        expect(")");
        expect(";");
        return s;
      }
      if (w == "break" || w == "continue") {
        ++i_;
        if (!loops_) fail(p, "'" + w + "' outside a loop");
        expect(";");
        return std::make_unique<Stmt>(w == "break" ? Sk::Break : Sk::Continue, p);
      }
      if (w == "return") {
        ++i_;
        auto s = std::make_unique<Stmt>(Sk::Return, p);
        if (fn_->sret && !is(";")) {  // a struct: copied to the caller's place, then a plain return
          ExprP v = is("{") ? brace_temp(fn_->ret, cur().pos) : convert(expr(), fn_->ret, "return value");
          expect(";");
          auto b = std::make_unique<Stmt>(Sk::Block, p);
          auto copy = std::make_unique<Stmt>(Sk::Expr, p);
          copy->expr = struct_copy(deref(var_expr(fn_->params[0], p), p), std::move(v));
          b->body.push_back(std::move(copy));
          b->body.push_back(std::move(s));
          return b;
        }
        if (!is(";") && ref_ret_.count(fn_)) {  // T &f(): the address of what the value names
          ExprP v = expr();
          if (!v->lvalue || v->type != fn_->ret.pointee())
            fail(v->span.begin, "'" + fn_->name + "' returns a reference (" + fn_->ret.pointee().name() + "&): return a variable or an element of that type");
          s->expr = address_of(std::move(v));
        } else if (!is(";")) {
          if (fn_->ret.is_void()) fail(cur().pos, "'" + fn_->name + "' returns void but return has a value");
          s->expr = convert(expr(), fn_->ret, "return value");
        } else if (!fn_->ret.is_void()) {
          fail(p, "'" + fn_->name + "' must return a " + fn_->ret.name());
        }
        expect(";");
        return s;
      }
      if (w == "typedef" || (w == "using" && peek().kind == Tok::Ident && peek(2).text == "=")) {
        ++i_;
        alias_decl(w == "using");
        return std::make_unique<Stmt>(Sk::Empty, p);
      }
      // a declaration of file scope inside a body: a '}' is missing before it
      if (w == "__global__" || w == "__device__" || w == "__host__" || w == "template" || w == "namespace")
        fail(p, "'" + w + "' inside the body of '" + fn_->name + "': a '}' is missing before it (the body's '{' at " +
                    files_.where(body_open_) + " is not closed)");
      if (w == "switch" || w == "goto" || w == "case" || w == "default" || w == "asm" || w == "try" || w == "throw")
        fail(p, "'" + w + "' is not supported in kernel files (see docs/kernel-files.md for the subset)");
      if (starts_type()) return declaration();
    }
    auto s = std::make_unique<Stmt>(Sk::Expr, p);
    s->expr = expr();
    if (s->expr->kind == Ek::Deref && s->expr->uop == UnaryOp::Ref) s->expr = std::move(s->expr->kids[0]);  // `a += b;` of an operator+= returning *this
    expect(";", "after the expression");
    return s;
  }

  // `cg::block_tile_memory<BlockSize> scratch` at token k (qualified, or after `using namespace`)?
  bool tile_memory_at(size_t k) const {
    if (k + 2 < t_.size() && t_[k].kind == Tok::Ident && is_cg_namespace(t_[k].text) && t_[k + 1].text == "::") k += 2;
    else if (!using_cg_) return false;
    return k < t_.size() && t_[k].kind == Tok::Ident && t_[k].text == "block_tile_memory";
  }
  // __shared__ cg::block_tile_memory<BlockSize> NAME; the scratch CUDA 11 wants for tiles of more
  // than 32 threads (CUDA 12 needs none on sm_80 and later): here nothing, its name known to
  // this_thread_block(NAME).
  StmtP tile_memory_decl() {
    const Pos p = cur().pos;
    accept_cg_qualifier();
    ++i_;  // block_tile_memory
    expect("<", "after block_tile_memory");
    const auto size = template_constant();
    if (size.first < 1 || size.first > 1024) fail(size.second, "block_tile_memory<" + std::to_string(size.first) + ">: a block has 1 to 1024 threads");
    if (accept(",")) template_constant();
    expect_close_angle();
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
    tile_memory_.insert(cur().text);
    ++i_;
    expect(";", "after the block_tile_memory variable");
    return std::make_unique<Stmt>(Sk::Empty, p);
  }

  // A statement that is the body of if/for/while: a declaration there gets its own scope.
  StmtP sub_statement() {
    push_scope();
    StmtP s = statement();
    pop_scope();
    return s;
  }

  StmtP declaration() {
    const Pos p = cur().pos;
    Specs s = specifiers();
    if (s.global || s.device || s.host) fail(p, "functions cannot be declared inside functions");
    if (auto_at(i_)) {
      if (s.is_static) fail(p, "static local variables are not supported");
      if (s.shared || s.is_extern) fail(p, "'auto' declares a local variable with an initializer here, not a __shared__ or extern one");
      return auto_declaration();
    }
    if (s.shared && tile_memory_at(i_)) return tile_memory_decl();
    bool ref = false;
    Type type = parse_type(false, &ref);
    trailing_specifiers(&s);
    if (s.global || s.device || s.host) fail(p, "functions cannot be declared inside functions");
    if (s.is_static && !s.shared) fail(p, "static local variables are not supported");
    auto block = std::make_unique<Stmt>(Sk::Block, p);  // several declarators
    do {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token name = cur();
      ++i_;
      if (is("(") && !type.is_struct()) fail(name.pos, "functions cannot be declared inside functions");
      if (ref) {
        if (s.shared || s.is_extern) fail(name.pos, "a reference cannot be __shared__ or extern");
        block->body.push_back(ref_local(type, name, saw_const_));
        break;
      }
      if (s.shared) {
        shared_decl(s, type, name);
        continue;
      }
      if (s.is_extern) fail(name.pos, "extern is only for __shared__ arrays here");
      if (type.is_void()) fail(name.pos, "a variable cannot be void");
      if (type.is_struct()) {
        struct_local(type, name, block.get());
        continue;
      }
      auto d = std::make_unique<Stmt>(Sk::Decl, name.pos);
      if (is("[")) {
        std::vector<int> dims = array_dims(name, "local array", kMaxFrameWords, "allowed");
        const int len = dims_product(dims);
        if (type.pointer) fail(name.pos, "arrays of pointers are not supported");
        // an 8-byte element takes two slots; bool, char and short elements are packed, 4 or 2 a slot
        const int slots = type.bytes() < 4 ? (len * type.bytes() + 3) / 4 : len * type.words();
        Var* v2 = declare(name, type, slots, Storage::Local);
        v2->slot = alloc_slots(slots);
        if (type.bytes() < 4) v2->byte_len = len * type.bytes();
        if (dims.size() > 1) v2->dims = dims;
        d->var = v2;
        if (accept("=")) {
          std::vector<ExprP> init(static_cast<size_t>(len));
          size_t used = 0;
          array_initializer(name, type, dims, 0, 0, &init, &used);
          for (size_t k = 0; k < used; ++k)  // elements the braces leave out are zero
            d->array_init.push_back(init[k] ? std::move(init[k]) : convert(int_lit(0, kInt, name.pos), type, "initializer"));
        }
      } else {
        // The variable is in scope from its declarator on; its initializer may not use it.
        ExprP init;
        if (accept("=")) init = convert(assignment(), type, "initializer");
        Var* v2 = declare(name, type, -1, Storage::Local);
        v2->slot = alloc_slots(1);
        d->var = v2;
        d->expr = std::move(init);
      }
      block->body.push_back(std::move(d));
    } while (accept(","));
    expect(";", "after the declaration");
    if (block->body.size() == 1) return std::move(block->body[0]);
    block->kind = Sk::Block;
    return block;
  }

  // Does `auto` (after qualifiers) start the declaration at token k?
  bool auto_at(size_t k) const {
    while (k < t_.size() && t_[k].kind == Tok::Ident &&
           (t_[k].text == "const" || t_[k].text == "volatile" || t_[k].text == "constexpr" || t_[k].text == "register"))
      ++k;
    return k < t_.size() && t_[k].kind == Tok::Ident && t_[k].text == "auto";
  }

  // auto NAME = VALUE (, NAME = VALUE)*;   auto &NAME = LVALUE;   a local of the value's type.
  StmtP auto_declaration() {
    const Pos p = cur().pos;
    saw_const_ = false;
    skip_qualifiers();
    const bool is_const = saw_const_;
    expect_word_auto();
    const bool ref = accept("&");
    const bool star = !ref && accept("*");
    if (is("&&")) fail(cur().pos, "'auto &&' is not supported in kernel files (write auto or auto &)");
    auto block = std::make_unique<Stmt>(Sk::Block, p);
    do {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token name = cur();
      ++i_;
      if (is("[")) fail(cur().pos, "an array cannot be declared 'auto'");
      ExprP init;
      const size_t at = i_;
      if (accept("=")) {
        if (is("{")) fail(cur().pos, "'auto " + name.text + " = {...}' is an initializer list: give the type");
        init = assignment();
      } else if (accept("(") || accept("{")) {
        const char* close = t_[at].text == "(" ? ")" : "}";
        init = assignment();
        expect(close);
      } else {
        fail(name.pos, "'auto' needs an initializer (auto " + name.text + " = ...;)");
      }
      Type t = init->type;
      if (!t.pointer) t.is_const = is_const && !ref;  // auto drops the value's own const; const auto keeps it (auto& binds as it is)
      if (ref && !t.pointer) t.is_const = is_const || init->type.is_const;
      if (t.is_void()) fail(init->span.begin, "'auto " + name.text + "': the value has no type (void)");
      if (is_nullptr(*init)) fail(init->span.begin, "'auto " + name.text + "' of a null pointer: give the pointer's type");
      if (star && !t.pointer) fail(init->span.begin, "'auto *" + name.text + "' needs a pointer, not " + t.name());
      if (ref) {
        block->body.push_back(ref_local_from(t, name, is_const, std::move(init)));
        continue;
      }
      if (t.is_struct()) {
        Var* v = local_var(name, t);
        block->body.push_back(decl_stmt(v, name.pos));
        block->body.push_back(expr_stmt(struct_copy(var_expr(v, name.pos), std::move(init)), name.pos));
        continue;
      }
      block->body.push_back(decl_stmt(local_var(name, t), name.pos, std::move(init)));
    } while (accept(","));
    expect(";", "after the declaration");
    if (block->body.size() == 1) return std::move(block->body[0]);
    return block;
  }
  // A local of this frame (a struct's members each a variable), its declaration, a statement.
  Var* local_var(const Token& name, Type t) {
    Var* v = declare(name, t, -1, Storage::Local);
    v->slot = alloc_slots(t.words());
    if (t.is_struct()) make_members(v);
    return v;
  }
  StmtP decl_stmt(const Var* v, Pos p, ExprP init = nullptr) {
    auto d = std::make_unique<Stmt>(Sk::Decl, p);
    d->var = v;
    d->expr = std::move(init);
    return d;
  }
  StmtP expr_stmt(ExprP e, Pos p) {
    auto st = std::make_unique<Stmt>(Sk::Expr, p);
    st->expr = std::move(e);
    return st;
  }
  void expect_word_auto() {
    if (!accept_word("auto")) fail(cur().pos, "expected 'auto', found " + found());
  }

  // T &NAME = LVALUE; (after NAME): a local reference, the address of what it names. A const
  // reference to a value that is not a variable holds a copy, as C++ keeps the temporary.
  StmtP ref_local(Type t, const Token& name, bool is_const) {
    if (!accept("=")) fail(name.pos, "the reference '" + name.text + "' needs what it refers to (" + t.name() + " &" + name.text + " = ...;)");
    ExprP init = assignment();
    StmtP s = ref_local_from(t, name, is_const, std::move(init));
    if (is(",")) fail(cur().pos, "declare one reference per declaration");
    return s;
  }
  StmtP ref_local_from(Type t, const Token& name, bool is_const, ExprP init) {
    if (is_const && (!init->lvalue || init->type != t)) {  // a copy
      if (t.is_struct()) fail(init->span.begin, "a const reference to a struct needs a variable of that struct here");
      ExprP value = convert(std::move(init), t, "initializer");
      return decl_stmt(local_var(name, t), name.pos, std::move(value));
    }
    if (!init->lvalue || init->type != t)
      fail(init->span.begin, "the reference '" + name.text + "' (" + t.name() + "&) needs a variable or an element of type " + t.name() +
                                 (init->lvalue ? ", not " + init->type.name() : ", not a value"));
    if (t.is_group()) fail(name.pos, "a reference to a cooperative group: copy the group instead");
    ExprP addr = address_of(std::move(init));
    Var* v = local_var(name, t.pointer_to());
    ref_vars_.insert(v);
    return decl_stmt(v, name.pos, std::move(addr));
  }

  // ---- expressions
  ExprP make(Ek k, Pos begin, Type t) { return std::make_unique<Expr>(k, Span{begin, prev_end()}, t); }

  ExprP expr() {
    Nest chain{depth_, depth_};
    ExprP e = assignment();
    while (is(",")) {
      deeper();
      ++i_;
      ExprP r = assignment();
      auto c = make(Ek::Comma, e->span.begin, r->type);
      c->kids.push_back(std::move(e));
      c->kids.push_back(std::move(r));
      e = std::move(c);
    }
    return e;
  }

  static bool is_assign_op(const std::string& s) {
    return s == "=" || s == "+=" || s == "-=" || s == "*=" || s == "/=" || s == "%=" || s == "<<=" || s == ">>=" || s == "&=" ||
           s == "|=" || s == "^=";
  }

  void need_lvalue(const Expr& e, const char* what) const {
    if (!e.lvalue) fail(e.span.begin, std::string("the left side of ") + what + " is not something that can be assigned");
  }

  ExprP assignment() {
    ExprP lhs = conditional();
    if (cur().kind == Tok::Punct && is_assign_op(cur().text)) {
      const std::string op = cur().text;
      const Pos at = cur().pos;
      ++i_;
      need_lvalue(*lhs, ("'" + op + "'").c_str());
      Nest n = nest();
      if (lhs->type.is_struct()) {
        if (op != "=" && !lhs->type.sdef->vector && overloads_.count(lhs->type.sdef->name + "::operator" + op)) {  // a member operator+=
          std::vector<ExprP> args;
          args.push_back(assignment());
          const StructDef& sd = *lhs->type.sdef;  // before lhs is moved from
          return method_call(sd, "operator" + op, std::move(args), std::move(lhs), at);
        }
        if (op != "=" && lhs->type.sdef->vector)
          fail(at, "'" + op + "' on " + lhs->type.name() + ": CUDA defines no operators on its vector types; write them on the members (a.x " + op + " b.x, ...)");
        if (op != "=") fail(at, "'" + op + "' on a struct (" + lhs->type.name() + ")");
        ExprP rhs = is("{") ? brace_temp(lhs->type, cur().pos) : convert(assignment(), lhs->type, "assignment");
        return struct_copy(std::move(lhs), std::move(rhs));
      }
      ExprP rhs = assignment();
      if (op == "=") {
        auto e = make(Ek::Assign, lhs->span.begin, lhs->type);
        rhs = convert(std::move(rhs), lhs->type, "assignment");
        e->kids.push_back(std::move(lhs));
        e->kids.push_back(std::move(rhs));
        e->stmt = stmt_pos_;
        return e;
      }
      const std::string bop = op.substr(0, op.size() - 1);
      // The operation's type: as for `lhs bop rhs`; the result converts back to lhs's type.
      Type optype;
      if (lhs->type.pointer) {
        if (bop != "+" && bop != "-") fail(at, "'" + op + "' on a pointer");
        if (!rhs->type.is_integer()) fail(rhs->span.begin, "a pointer moves by an integer");
        optype = lhs->type;  // an unsigned offset keeps its type: it moves the pointer forward (machine: PAdd)
        rhs = scaled(pointer_offset(std::move(rhs), "pointer offset"), lhs->type.pointee().bytes());
      } else {
        if (!lhs->type.is_arithmetic() || !rhs->type.is_arithmetic()) fail(at, "'" + op + "' needs numbers");
        if (bop == "<<" || bop == ">>") {
          optype = promote(lhs->type);
          const Type tr = promote(rhs->type);  // before rhs is moved from
          rhs = convert(std::move(rhs), tr, "shift");
        } else {
          optype = common(lhs->type, rhs->type);
          if ((bop == "%" || bop == "&" || bop == "|" || bop == "^") && optype.is_float()) fail(at, "'" + op + "' needs integers");
          rhs = convert(std::move(rhs), optype, "operand");
        }
      }
      auto e = make(Ek::Compound, lhs->span.begin, lhs->type);
      e->bop = binary_op(bop);
      e->ival = static_cast<long long>(optype.base) | (optype.pointer ? 16 : 0);  // the operation's type
      e->kids.push_back(std::move(lhs));
      e->kids.push_back(std::move(rhs));
      e->stmt = stmt_pos_;
      return e;
    }
    return lhs;
  }

  ExprP conditional() {
    ExprP c = binary(1);
    if (!is("?")) return c;
    Nest n = nest();
    ++i_;
    ExprP a = expr();
    expect(":", "in '?:'");
    ExprP b = conditional();
    Type t;
    if (a->type.is_struct() || b->type.is_struct()) fail(a->span.begin, "'?:' choosing between structs is not supported (use if/else)");
    if (a->type.pointer || b->type.pointer) {
      if (is_null_constant(*a) && b->type.pointer) a = null_as(*a, b->type);
      if (is_null_constant(*b) && a->type.pointer) b = null_as(*b, a->type);
      if (a->type != b->type) fail(a->span.begin, "the two sides of '?:' have different pointer types");
      t = a->type;
    } else if (a->type.is_void() || b->type.is_void()) {
      fail(a->span.begin, "the sides of '?:' must have values");
    } else {
      t = common(a->type, b->type);
    }
    auto e = make(Ek::Cond, c->span.begin, t);
    e->kids.push_back(to_bool(std::move(c)));
    e->kids.push_back(convert(std::move(a), t, "'?:'"));
    e->kids.push_back(convert(std::move(b), t, "'?:'"));
    return e;
  }

  ExprP binary(int min_prec) {
    Nest chain{depth_, depth_};
    ExprP lhs = unary();
    while (cur().kind == Tok::Punct) {
      const std::string op = cur().text;
      const int p = binary_precedence(op);
      if (p < min_prec || (angle_ && (op == ">" || op == ">>"))) break;  // '>' closes a template's list
      deeper();
      const Pos at = cur().pos;
      ++i_;
      ExprP rhs = binary(p + 1);
      lhs = make_binary(op, std::move(lhs), std::move(rhs), at);
    }
    return lhs;
  }

  // C++'s integer promotions: bool, char and short (signed or not) become int.
  static Type promote(Type t) { return (t.base == Base::Bool || t.is_small()) && !t.pointer ? kInt : t; }
  static Type common(Type a, Type b) {
    a = promote(a);
    b = promote(b);
    // C++'s usual arithmetic conversions: double over float over the integers; among those the
    // 8-byte ones (unsigned long long over long long, which holds every unsigned int), then
    // unsigned int over int
    if (a.base == Base::Double || b.base == Base::Double) return kDouble;
    if (a.is_float() || b.is_float()) return kFloat;
    if (a.base == Base::ULong || b.base == Base::ULong) return kULong;
    if (a.base == Base::Long || b.base == Base::Long) return kLong;
    if (a.base == Base::Unsigned || b.base == Base::Unsigned) return kUnsigned;
    return kInt;
  }

  ExprP make_binary(const std::string& op, ExprP a, ExprP b, Pos at) {
    const Pos begin = a->span.begin;
    if (a->type.is_void() || b->type.is_void()) fail(at, "'" + op + "' on a value of type void");
    if (a->type.is_struct() || b->type.is_struct()) {
      const Type st = a->type.is_struct() ? a->type : b->type;
      if (op != "&&" && op != "||")
        if (ExprP r = struct_operator(op, std::move(a), std::move(b), at)) return r;
      if (st.sdef->vector)
        fail(at, "'" + op + "' on " + st.name() + ": CUDA defines no operators on its vector types; write them on the members (a.x " + op + " b.x, ...)");
      fail(at, "'" + op + "' on " + st.name() + " (operators on structs are not supported: write a __device__ function)");
    }
    if (op == "&&" || op == "||") {
      auto e = make(Ek::Logical, begin, kBool);
      e->bop = binary_op(op);
      e->kids.push_back(to_bool(std::move(a)));
      e->kids.push_back(to_bool(std::move(b)));
      return e;
    }
    const bool cmp = op == "==" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=";
    if (a->type.pointer || b->type.pointer) {
      if (cmp) {  // a null pointer constant takes the other side's type (`p == NULL`, `p != 0`)
        if (is_null_constant(*a) && b->type.pointer && !is_nullptr(*b)) a = null_as(*a, b->type);
        if (is_null_constant(*b) && a->type.pointer && !is_nullptr(*a)) b = null_as(*b, a->type);
        if (a->type != b->type)
          fail(at, "comparing " + (is_nullptr(*a) ? std::string("a null pointer") : a->type.name()) + " with " +
                       (is_nullptr(*b) ? std::string("a null pointer") : b->type.name()));
        auto e = make(Ek::Binary, begin, kBool);
        e->bop = binary_op(op);
        e->kids.push_back(std::move(a));
        e->kids.push_back(std::move(b));
        return e;
      }
      if (is_nullptr(*a) || is_nullptr(*b)) fail(at, "'" + op + "' on a null pointer");
      if (op == "+" && b->type.pointer && a->type.is_integer()) std::swap(a, b);
      if ((op == "+" || op == "-") && a->type.pointer && b->type.is_integer()) {
        auto e = make(Ek::Binary, begin, a->type);
        e->bop = binary_op(op);
        const int w = a->type.pointee().bytes();
        e->kids.push_back(std::move(a));
        e->kids.push_back(scaled(pointer_offset(std::move(b), "pointer offset"), w));
        return e;
      }
      if (op == "-" && a->type.pointer && b->type == a->type) {
        auto e = make(Ek::Binary, begin, kInt);
        e->bop = binary_op(op);
        const int w = a->type.pointee().bytes();
        e->kids.push_back(std::move(a));
        e->kids.push_back(std::move(b));
        if (w == 1) return e;
        auto d = make(Ek::Binary, begin, kInt);  // bytes apart, in elements
        d->bop = BinaryOp::Div;
        d->ival = static_cast<long long>(Base::Int);
        d->kids.push_back(std::move(e));
        d->kids.push_back(int_lit(w, kInt, at));
        return d;
      }
      fail(at, "'" + op + "' on " + a->type.name() + " and " + b->type.name());
    }
    if (op == "<<" || op == ">>") {
      if (!a->type.is_integer() || !b->type.is_integer()) fail(at, "'" + op + "' needs integers");
      Type t = promote(a->type);
      auto e = make(Ek::Binary, begin, t);
      e->bop = binary_op(op);
      const Type tb = promote(b->type);  // before b is moved from (argument order is unspecified)
      e->kids.push_back(convert(std::move(a), t, "shift"));
      e->kids.push_back(convert(std::move(b), tb, "shift"));
      return e;
    }
    Type t = common(a->type, b->type);
    if ((op == "%" || op == "&" || op == "|" || op == "^") && t.is_float()) fail(at, "'" + op + "' needs integers, not float");
    auto e = make(Ek::Binary, begin, cmp ? kBool : t);
    e->bop = binary_op(op);
    e->ival = static_cast<long long>(t.base);  // operand type
    e->kids.push_back(convert(std::move(a), t, "operand"));
    e->kids.push_back(convert(std::move(b), t, "operand"));
    return e;
  }

  ExprP unary() {
    const Pos p = cur().pos;
    Nest n = nest();
    if (cur().kind == Tok::Punct) {
      const std::string op = cur().text;
      if (op == "++" || op == "--") {
        ++i_;
        ExprP x = unary();
        return inc_dec(std::move(x), op, true, p);
      }
      if (op == "+" || op == "-" || op == "!" || op == "~") {
        ++i_;
        ExprP x = unary();
        if (op == "!") {
          auto e = make(Ek::Unary, p, kBool);
          e->uop = UnaryOp::Not;
          e->kids.push_back(to_bool(std::move(x)));
          return e;
        }
        if (!x->type.is_arithmetic()) fail(p, "'" + op + "' needs a number, not " + x->type.name());
        if (op == "~" && x->type.is_float()) fail(p, "'~' needs an integer, not float");
        Type t = promote(x->type);
        if (op == "+") return convert(std::move(x), t, "'+'");
        auto e = make(Ek::Unary, p, t);
        e->uop = unary_op(op);
        e->kids.push_back(convert(std::move(x), t, "operand"));
        return e;
      }
      if (op == "*") {
        ++i_;
        ExprP x = unary();
        if (!x->type.pointer) fail(p, "'*' needs a pointer, not " + x->type.name());
        if (is_nullptr(*x)) fail(p, "'*' on a null pointer");
        auto e = make(Ek::Deref, p, x->type.pointee());
        e->lvalue = true;
        e->stmt = stmt_pos_;
        e->kids.push_back(std::move(x));
        return e;
      }
      if (op == "&") {
        ++i_;
        ExprP x = unary();
        if (!x->lvalue && !(x->kind == Ek::Var && x->var->is_array()))
          fail(p, "'&' needs a variable or an array element");
        if (x->kind == Ek::Var && x->var->is_array()) return x;  // &array is its address
        if (x->type.pointer) fail(p, "pointers to pointers are not supported");
        if (x->kind == Ek::Comma) fail(p, "'&' needs a variable or an array element, not a struct a call returns");
        auto e = make(Ek::AddrOf, p, x->type.pointer_to());
        e->kids.push_back(std::move(x));
        return e;
      }
      if (op == "(" && is_type_start(i_ + 1)) {
        ++i_;
        Type t = parse_type();
        expect(")", "to close the cast");
        ExprP x = unary();
        return explicit_cast(std::move(x), t, p);
      }
    }
    if (is_word("alignof") || is_word("__alignof__")) {  // of a type: CUDA's alignments (char2 2, short4 8, a struct its largest member's)
      const std::string w = cur().text;
      ++i_;
      expect("(", ("after " + w).c_str());
      if (!is_type_start(i_)) fail(cur().pos, w + " takes a type here");
      const Type t = parse_type();
      if (t.is_void()) fail(p, w + "(void)");
      expect(")");
      auto e = make(Ek::IntLit, p, kUnsigned);
      e->ival = t.align_bytes();
      return e;
    }
    if (is_word("sizeof")) {
      ++i_;
      expect("(", "after sizeof");
      long long size = 4;
      if (is_type_start(i_)) {
        Type t = parse_type();
        size = t.bytes();
        if (t.is_void()) fail(p, "sizeof(void)");
      } else {
        ++sizeof_;  // an array of several dimensions may stand here whole
        ExprP x = expr();
        --sizeof_;
        const std::vector<int> dims = designated_dims(*x);
        const bool in_words = x->kind == Ek::Var && x->var->dims.empty();  // a 1-D array's length counts words
        if (x->kind == Ek::Var && ref_array_len_.count(x->var)) size = ref_array_len_.at(x->var) * x->type.pointee().bytes();  // T (&a)[N]
        else if (in_words && x->var->byte_len >= 0) size = x->var->byte_len;  // a 1-D array of bool, char or short
        else if (!dims.empty() && dims_product(dims) > 0) size = in_words ? 4LL * dims_product(dims) : 1LL * dims_product(dims) * x->type.pointee().bytes();  // an array, or a row of one
        else size = x->type.bytes();
      }
      expect(")");
      auto e = make(Ek::IntLit, p, kUnsigned);
      e->ival = size;
      return e;
    }
    return postfix();
  }

  bool is_type_start(const Token& t) const {
    if (t.kind != Tok::Ident) return false;
    static const char* const words[] = {"void", "bool", "int", "unsigned", "signed", "float", "const", "volatile",
                                        "long", "double", "size_t", "int64_t", "uint64_t", "ptrdiff_t", "char", "short",
                                        "int8_t", "uint8_t", "int16_t", "uint16_t"};
    for (const char* w : words)
      if (t.text == w) return true;
    for (const char* w : kUnsupportedTypes)
      if (t.text == w) return true;
    return false;
  }

  ExprP explicit_cast(ExprP x, Type t, Pos p) {
    if (t.is_void()) {
      auto e = make(Ek::Cast, p, kVoid);
      e->kids.push_back(std::move(x));
      return e;
    }
    if (t.is_struct() || x->type.is_struct()) return convert(std::move(x), t, "cast");
    if (t.pointer != x->type.pointer)
      fail(p, "casting between pointers and numbers is not supported (" + x->type.name() + " to " + t.name() + ")");
    if (x->type.is_void()) fail(p, "casting a void value");
    auto e = make(Ek::Cast, p, t);
    e->kids.push_back(std::move(x));
    return e;
  }

  ExprP inc_dec(ExprP x, const std::string& op, bool prefix, Pos p) {
    need_lvalue(*x, ("'" + op + "'").c_str());
    if (!x->type.is_scalar() || x->type.base == Base::Bool) fail(p, "'" + op + "' on " + x->type.name());
    if (x->type.pointer && x->type.pointee().is_struct() && x->type.pointee().words() != 1)
      fail(p, "'" + op + "' on a pointer to a struct is not supported: write p += 1");
    auto e = make(Ek::IncDec, prefix ? p : x->span.begin, x->type);
    e->uop = unary_op(op);
    e->prefix = prefix;
    e->stmt = stmt_pos_;
    e->kids.push_back(std::move(x));
    return e;
  }

  ExprP postfix() {
    const size_t first_token = i_;
    ExprP e = primary();
    while (true) {
      const Pos p = cur().pos;
      if (accept("[")) {
        ExprP idx = expr();
        expect("]");
        if (!e->type.pointer) fail(p, "'[]' needs an array or a pointer, not " + e->type.name());
        if (is_nullptr(*e)) fail(p, "'[]' on a null pointer");
        if (!idx->type.is_integer()) fail(idx->span.begin, "an index must be an integer, not " + idx->type.name());
        const std::vector<int> dims = designated_dims(*e);
        if (dims.size() > 1) {  // a row of a 2-D array (a plane of a 3-D one): its first element
          const long long stride = dims_product(std::vector<int>(dims.begin() + 1, dims.end()));
          const Pos ib = idx->span.begin;
          ExprP off = make_binary("*", convert(std::move(idx), kInt, "index"), int_lit(stride * e->type.pointee().bytes(), kInt, ib), ib);
          auto x = make(Ek::Binary, e->span.begin, e->type);
          x->bop = BinaryOp::Row;
          x->kids.push_back(std::move(e));
          x->kids.push_back(std::move(off));
          e = std::move(x);
          continue;
        }
        if (e->type.pointee().is_struct()) {  // p[i] of structs: *(p + i), i counted in structs
          const Pos begin = e->span.begin;
          e = deref(make_binary("+", std::move(e), std::move(idx), p), begin);
          continue;
        }
        auto x = make(Ek::Index, e->span.begin, e->type.pointee());
        x->lvalue = true;
        x->stmt = stmt_pos_;
        x->kids.push_back(std::move(e));
        x->kids.push_back(scaled(pointer_offset(std::move(idx), "index"), x->type.bytes()));  // pointer offsets count bytes
        e = std::move(x);
        continue;
      }
      if (is("++") || is("--")) {
        const std::string op = cur().text;
        ++i_;
        e = inc_dec(std::move(e), op, false, p);
        continue;
      }
      if (is(".") && e->type.is_group()) {
        const size_t dot = i_++;
        e = group_member(std::move(e), first_token, dot);
        continue;
      }
      if ((is(".") && e->type.is_struct()) || (is("->") && e->type.pointer && e->type.base == Base::Struct)) {
        const Pos begin = e->span.begin;
        if (accept("->")) e = deref(std::move(e), begin);
        else ++i_;
        e = member(std::move(e));
        continue;
      }
      if (is("->") && e->type.pointer) fail(p, "'->' needs a pointer to a struct, not " + e->type.name());
      if (is(".") || is("->")) fail(p, "member access ('" + cur().text + "') is for structs, threadIdx, blockIdx, blockDim, gridDim and cooperative groups, not " + e->type.name());
      if (is("(")) fail(p, "only functions can be called");
      if (!sizeof_ && designated_dims(*e).size() > 1)
        fail(e->span.begin, "an array of " + std::to_string(designated_dims(*e).size()) +
                                " dimensions is used here only with all its indices, or a row (a[i][j], a[i]), or in sizeof");
      return e;
    }
  }

  ExprP primary() {
    const Token& t = cur();
    const Pos p = t.pos;
    if (t.kind == Tok::Number) {
      ++i_;
      return number(t);
    }
    if (t.kind == Tok::String) fail(p, "strings are not supported in kernel files");
    if (t.kind == Tok::Char) {  // 'a': a char
      int v = 0;
      std::string why;
      if (!char_constant_value(t.text, &v, &why)) fail(p, "character constant " + t.text + " is not supported: " + why);
      ++i_;
      return int_lit(v, Type{Base::Char, false}, p, end_of(t));
    }
    if (accept("(")) {
      const int saved_angle = angle_;
      angle_ = 0;
      ExprP e = expr();
      angle_ = saved_angle;
      expect(")", "to close '('");
      e->span.begin = p;
      e->span.end = prev_end();
      return e;
    }
    if (t.kind != Tok::Ident) fail(p, "expected an expression, found " + found());
    if (is_cg_namespace(t.text) && peek().kind == Tok::Punct && peek().text == "::") {
      const size_t first = i_;
      accept_cg_qualifier();
      return cg_call(p, first);
    }
    // A functional cast: int(x), float(x), T(x)
    if (t.text != "const" && t.text != "volatile" && t.text != "typename" && is_type_start(i_) && !group_type_at(i_) && !lookup(t.text)) {
      Type ty = parse_type();
      if (ty.is_struct() && accept("::")) {  // S::f(...): a static member function
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member function's name after '" + ty.name() + "::', found " + found());
        const Token m = cur();
        ++i_;
        if (!is("(")) fail(cur().pos, "'" + ty.name() + "::" + m.text + "': only member functions can be named this way (call it with (...))");
        std::vector<ExprP> args = call_arguments();
        return method_call(*ty.sdef, m.text, std::move(args), nullptr, m.pos);
      }
      if (ty.is_struct() && has_ctors(ty.sdef)) {  // S(a, b), S{a, b}: a temporary its constructor sets
        const bool braces = is("{");
        if (!braces && !is("(")) fail(cur().pos, "expected '(' or '{' after " + ty.name() + ", found " + found());
        std::vector<ExprP> args = braces ? brace_arguments() : call_arguments();
        Var* v = hidden_local(ty, p, "(a struct temporary)");
        std::vector<ExprP> sets;
        sets.push_back(init_object(var_expr(v, p), std::move(args), braces, p));
        return value_temp(ty, p, v, std::move(sets));
      }
      if (ty.is_struct()) {  // S() and S{...}: a temporary
        if (is("{")) return brace_temp(ty, p);
        expect("(", ("after " + ty.name()).c_str());
        if (!is(")"))
          fail(cur().pos, ty.sdef->vector ? "CUDA's vector types have no constructors: write make_" + ty.name() + "(...) or " + ty.name() + "{a, b, ...}"
                                          : "'" + ty.name() + "' has no constructor: " + ty.name() + "{a, b} sets the members in order (or declare a constructor)");
        ++i_;
        return value_temp(ty, p, nullptr);
      }
      if (!is("(")) fail(cur().pos, "expected '(' after the type " + ty.name() + " (a functional cast, " + ty.name() + "(x)), found " + found());
      ++i_;
      ExprP x = expr();
      expect(")", "to close the cast");
      return explicit_cast(std::move(x), ty, p);
    }
    const std::string name = t.text;
    ++i_;
    for (const auto& legacy : kLegacyWarpIntrinsics)
      if (name == legacy[0] && is("("))
        fail(p, "'" + name + "' assumed that a warp runs in lockstep and was removed in CUDA 9 for Volta and later GPUs; write " +
                    legacy[1] + ", which names the lanes that take part");
    if (templates_.count(name) && (is("<") || is("("))) return template_call(*templates_.at(name), p);
    if (name == "printf" && is("(") && !find_function(name)) return printf_call(p);
    if (using_cg_ && !lookup(name) && !find_function(name) && is_cg_function(name)) {
      --i_;
      need_cg_header(p);
      return cg_call(p, i_);
    }
    if (name == "true" || name == "false") {
      auto e = make(Ek::IntLit, p, kBool);
      e->ival = name == "true";
      return e;
    }
    if ((name == "nullptr" || name == "NULL") && !lookup(name)) return null_lit(p, prev_end());
    if (name == "reinterpret_cast") {  // between pointers: the vectorized-load idiom, reinterpret_cast<const int4 *>(in)[i]
      expect("<", "after reinterpret_cast");
      Type ty = parse_type();
      expect(">", "to close reinterpret_cast<...>");
      expect("(");
      ExprP x = expr();
      expect(")");
      if (!ty.pointer || !x->type.pointer)
        fail(p, "reinterpret_cast is supported between pointers only, not from " + x->type.name() + " to " + ty.name());
      auto e = make(Ek::Cast, p, ty);
      e->kids.push_back(std::move(x));
      return e;
    }
    if (name == "static_cast") {
      expect("<", "after static_cast");
      Type ty = parse_type();
      expect(">", "to close static_cast<...>");
      expect("(");
      ExprP x = expr();
      expect(")");
      return explicit_cast(std::move(x), ty, p);
    }
    if (name == "threadIdx" || name == "blockIdx" || name == "blockDim" || name == "gridDim") {
      expect(".", ("after " + name).c_str());
      if (cur().kind != Tok::Ident || cur().text.size() != 1 || cur().text[0] < 'x' || cur().text[0] > 'z')
        fail(cur().pos, name + " has members x, y and z");
      const int comp = cur().text[0] - 'x';
      ++i_;
      const SpecialReg x = name == "threadIdx" ? SpecialReg::ThreadIdxX : name == "blockIdx" ? SpecialReg::BlockIdxX
                           : name == "blockDim" ? SpecialReg::BlockDimX : SpecialReg::GridDimX;
      return special(special_reg(x, comp), p);
    }
    if (name == "warpSize") return special(SpecialReg::WarpSize, p);
    if (name == "this") {
      if (!this_var_) fail(p, "'this' outside a member function of a struct with data members");
      auto e = var_expr(this_var_, p);
      e->lvalue = false;
      e->span = Span{p, prev_end()};
      return e;
    }
    if (is("(")) return call(name, p);
    size_t member_k = 0;
    if (!lookup_local(name) && this_member(name, &member_k)) return this_field(member_k, p);  // a member, without this->
    const Var* v = lookup(name);
    if (!v) {
      auto tb = tbind_.find(name);
      if (tb != tbind_.end() && !tb->second.is_type) return int_lit(tb->second.value, tb->second.value_type, p, prev_end());
      auto c = constants_.find(name);
      if (c != constants_.end()) {
        if (c->second.type.is_float()) {
          auto e = make(Ek::FloatLit, p, c->second.type);
          e->fval = c->second.fval;
          return e;
        }
        return int_lit(c->second.ival, c->second.type, p, prev_end());
      }
      if (find_function(name)) fail(p, "'" + name + "' is a function: call it with (...)");
      if (auto hv = host_vars_.find(name); hv != host_vars_.end())
        fail(p, "'" + name + "' is a variable of host code (declared without a value at " + files_.where(hv->second) +
                    "): device code cannot read it; give it a value (const unsigned " + name + " = ...;) or use a macro");
      fail(p, "'" + name + "' is not declared" + (name == "IDENTITY" || name == "OP" || name == "T" ? " (the host defines it: run the file through scanscope)" : ""));
    }
    return use_var(v, p);
  }

  ExprP number(const Token& t) {
    std::string s = t.text;
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const bool is_float = !hex && s.find_first_of(".eE") != std::string::npos;
    if (is_float || (!hex && (s.back() == 'f' || s.back() == 'F'))) {
      bool f_suffix = s.back() == 'f' || s.back() == 'F';
      if (s.back() == 'l' || s.back() == 'L') fail(t.pos, "'" + s + "' is a long double constant; the GPU has no long double (write it without L: a double)");
      if (!f_suffix) {  // a double constant, as C++ reads 1.0
        errno = 0;
        char* dend = nullptr;
        const double d = std::strtod(s.c_str(), &dend);
        if (*dend != '\0') fail(t.pos, "'" + t.text + "' is not a number");
        if (errno == ERANGE && std::isinf(d)) fail(t.pos, "'" + t.text + "' does not fit in a double");
        auto e = make(Ek::FloatLit, t.pos, kDouble);
        e->fval = d;
        return e;
      }
      s.pop_back();
      errno = 0;
      char* end = nullptr;
      float v = std::strtof(s.c_str(), &end);
      if (*end != '\0') fail(t.pos, "'" + t.text + "' is not a number");
      if (errno == ERANGE && std::isinf(v)) fail(t.pos, "'" + t.text + "' does not fit in a float");
      auto e = make(Ek::FloatLit, t.pos, kFloat);
      e->fval = v;
      return e;
    }
    bool u = false, l = false;
    while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L')) {
      if (s.back() == 'u' || s.back() == 'U') u = true;
      else l = true;
      s.pop_back();
    }
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE) fail(t.pos, "'" + t.text + "' is not a valid integer");
    // C++'s rule: the first of int, unsigned int (hex and octal, or a u suffix), long long,
    // unsigned long long (likewise) that holds the value; an l or ll suffix starts at long long
    const bool any_unsigned = hex || (s.size() > 1 && s[0] == '0');
    Type ty;
    if (!l && !u && v <= 0x7fffffffULL) ty = kInt;
    else if (!l && (u || any_unsigned) && v <= 0xffffffffULL) ty = kUnsigned;
    else if (!u && v <= 0x7fffffffffffffffULL) ty = kLong;
    else if (u || any_unsigned) ty = kULong;
    else fail(t.pos, "'" + t.text + "' does not fit in a long long (write it with a u suffix: an unsigned long long)");
    auto e = make(Ek::IntLit, t.pos, ty);
    e->ival = static_cast<long long>(v);
    return e;
  }

  // args = "(" (assignment ("," assignment)*)? ")"
  std::vector<ExprP> call_arguments() {
    expect("(");
    const int saved_angle = angle_;
    angle_ = 0;
    std::vector<ExprP> args;
    if (!is(")")) {
      do args.push_back(assignment());
      while (accept(","));
    }
    angle_ = saved_angle;
    expect(")", "to close the call");
    return args;
  }

  ExprP call(const std::string& name, Pos p) {
    std::vector<ExprP> args = call_arguments();
    Builtin b = find_builtin(name);
    if (b != Builtin::None) return builtin_call(b, name, std::move(args), p);
    int row = -1;
    if (const MathBuiltin* m = find_math_builtin(name, &row)) return math_call(row, *m, std::move(args), name, p);
    if (is_load_intrinsic(name)) return load_intrinsic(name, std::move(args), p);
    if (cur_struct_ && overloads_.count(cur_struct_->name + "::" + name) && !lookup_local(name))  // a member function, without this->
      return method_call(*cur_struct_, name, std::move(args), nullptr, p);
    if (auto ov = overloads_.find(name); ov != overloads_.end() && ov->second.size() > 1) {
      const Function* picked = resolve(ov->second, args, p, "'" + name + "'");
      return function_call(picked, std::move(args), p);
    }
    const Function* fn = find_function(name);
    if (!fn && name.rfind("make_", 0) == 0)
      if (const VectorTypeInfo* vi = find_vector_type(name.substr(5))) return make_vector(*vi, std::move(args), p);
    if (!fn) {
      if (const char* why = refused_math_builtin(name)) fail(p, "'" + name + "' is not supported: " + why);
      if (name == "assert" || name == "malloc" || name == "free")
        fail(p, "'" + name + "' is not supported in kernel files");
      fail(p, "unknown function '" + name + "'");
    }
    return function_call(fn, std::move(args), p);
  }

  // `self`: a member function's object (its address), else null.
  ExprP function_call(const Function* fn, std::vector<ExprP> args, Pos p, ExprP self = nullptr) {
    const std::string& name = fn->name;
    if (fn->is_global) fail(p, "a __global__ function cannot be called from device code (dynamic parallelism is not supported)");
    const size_t first = hidden_params(*fn);
    if (has_this_.count(fn) && !self) fail(p, "'" + name + "' is a member function: call it on an object");
    if (auto d = defaults_.find(fn); d != defaults_.end() && args.size() < fn->params.size() - first) {
      // the left-out arguments' defaults, read where the call is
      for (size_t k = first + args.size(); k < fn->params.size(); ++k) {
        auto at = d->second.find(k);
        if (at == d->second.end()) break;
        if (!fn->instance_of.empty())
          if (auto tp = templates_.find(fn->instance_of); tp != templates_.end())
            for (size_t x = at->second.first; x < at->second.second; ++x)
              for (const TParam& prm : tp->second->params)
                if (t_[x].kind == Tok::Ident && t_[x].text == prm.name)
                  fail(p, "the default argument of '" + fn->params[k]->name + "' (" + files_.where(t_[x].pos) + ") uses the template's parameter '" +
                              prm.name + "': kernel files read a default argument where the call is, which does not know '" + prm.name +
                              "'; give the argument at the call");
        const size_t saved = i_;
        const int saved_angle = angle_;
        i_ = at->second.first;
        angle_ = 0;
        ExprP v = assignment();
        if (i_ != at->second.second) fail(cur().pos, "unexpected " + found() + " in the default argument of '" + fn->params[k]->name + "'");
        i_ = saved;
        angle_ = saved_angle;
        args.push_back(std::move(v));
      }
    }
    if (args.size() != fn->params.size() - first)
      fail(p, "'" + name + "' takes " + std::to_string(fn->params.size() - first) + " arguments, given " + std::to_string(args.size()));
    auto e = make(Ek::Call, p, fn->sret ? kVoid : fn->ret);
    e->callee = fn;
    e->stmt = stmt_pos_;
    called_.insert(fn);
    if (ref_ret_.count(fn)) {  // a reference returned: what it refers to
      ExprP call = function_call_args(fn, std::move(args), p, std::move(self), std::move(e));
      ExprP d = deref(std::move(call), p);
      d->span = Span{p, prev_end()};
      d->uop = UnaryOp::Ref;  // a statement of it alone reads nothing (statement())
      return d;
    }
    return function_call_args(fn, std::move(args), p, std::move(self), std::move(e));
  }
  ExprP function_call_args(const Function* fn, std::vector<ExprP> args, Pos p, ExprP self, ExprP e) {
    const std::string& name = fn->name;
    const size_t first = hidden_params(*fn);
    const Var* result = nullptr;
    if (fn->sret) {  // the caller's place for the struct: a temporary of its frame
      result = hidden_local(fn->ret, p, "(a struct returned)");
      auto a = make(Ek::AddrOf, p, fn->ret.pointer_to());
      a->kids.push_back(var_expr(result, p));
      e->kids.push_back(std::move(a));
    }
    if (self) e->kids.push_back(std::move(self));
    std::vector<ExprP> before;  // what struct arguments need done first (calls filling temporaries)
    for (size_t k = 0; k < args.size(); ++k) {
      const Var* prm = fn->params[first + k];
      if (ref_vars_.count(prm)) {  // by reference: the variable's address
        const Type want = prm->type.pointee();
        if (!args[k]->lvalue || args[k]->type != want)
          fail(args[k]->span.begin, "'" + name + "' takes '" + prm->name + "' by reference (" + want.name() + "&): give it a variable or an element of type " +
                                        want.name() + (args[k]->lvalue ? ", not " + args[k]->type.name() : ", not a value"));
        e->kids.push_back(address_of(std::move(args[k])));
        continue;
      }
      if (auto ra = ref_array_len_.find(prm); ra != ref_array_len_.end()) {  // T (&a)[N]: an array of exactly N
        const Expr& g = *args[k];
        const long long have = g.kind == Ek::Var && g.var->is_array() && g.var->dims.empty() && g.var->array_len > 0
                                   ? (g.var->byte_len >= 0 ? g.var->byte_len / g.var->type.bytes() : g.var->array_len / g.var->type.words())
                                   : -1;
        if (have != ra->second)
          fail(g.span.begin, "'" + prm->name + "' is a reference to an array of " + std::to_string(ra->second) + " elements: pass such an array" +
                                 (have > 0 ? " (this one has " + std::to_string(have) + ")" : ""));
      }
      ExprP a = convert(std::move(args[k]), prm->type, "argument");
      if (!a->type.is_struct()) {
        e->kids.push_back(std::move(a));
        continue;
      }
      // a float4 (a uchar4) in memory: loaded whole, as the compiler does; a struct of bytes member by member, into a frame
      if ((a->type.vector_words() > 1 || a->type.is_packed() || a->type.sdef->bytewise) && in_memory(*a)) {
        const Type at = a->type;
        Var* tmp = hidden_local(at, p, "(a vector argument)");
        before.push_back(struct_copy(var_expr(tmp, p), std::move(a)));
        a = var_expr(tmp, p);
        a->lvalue = false;
      }
      Place pl = place_of(std::move(a), true);  // a struct goes by value: its words, as the callee's frame lays them out
      if (pl.prefix) before.push_back(std::move(pl.prefix));
      int next = 0;
      arg_words(pl, pl.type, 0, &next, &e->kids, p);
      for (; next < pl.type.words(); ++next) e->kids.push_back(int_lit(0, kInt, p));  // the padding at its end
    }
    if (!result && before.empty()) return e;
    before.push_back(std::move(e));
    if (result) before.push_back(var_expr(result, p));
    return sequence(std::move(before), p);
  }

  ExprP builtin_call(Builtin b, const std::string& name, std::vector<ExprP> args, Pos p) {
    auto nargs = [&](size_t lo, size_t hi) {
      if (args.size() < lo || args.size() > hi)
        fail(p, "'" + name + "' takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                    " arguments, given " + std::to_string(args.size()));
    };
    auto numeric = [&](const ExprP& a) {
      if (!a->type.is_arithmetic()) fail(a->span.begin, "'" + name + "' needs a number, not " + a->type.name());
    };
    Type result = kVoid;
    std::vector<Type> want;
    switch (b) {
      case Builtin::SyncThreads:
      case Builtin::ThreadFence:
        nargs(0, 0);
        break;
      case Builtin::SyncThreadsCount: case Builtin::SyncThreadsAnd: case Builtin::SyncThreadsOr:
        nargs(1, 1);
        result = kInt;
        want = {kInt};
        args[0] = convert(to_bool(std::move(args[0])), kInt, "predicate");
        break;
      case Builtin::ActiveMask:
        nargs(0, 0);
        result = kUnsigned;
        break;
      case Builtin::AtomicInc: case Builtin::AtomicDec:
        nargs(2, 2);
        if (!args[0]->type.pointer || args[0]->type.pointee() != kUnsigned)
          fail(args[0]->span.begin, "'" + name + "' needs a pointer to unsigned int (CUDA has no other " + name + "), not " +
                                        (is_null_constant(*args[0]) ? std::string("a null pointer") : args[0]->type.name()));
        result = kUnsigned;
        want = {args[0]->type, kUnsigned};
        break;
      case Builtin::SyncWarp:
        nargs(0, 1);
        if (args.empty()) args.push_back(int_lit(0xffffffffLL, kUnsigned, p));
        want = {kUnsigned};
        break;
      case Builtin::TileSync:  // the tile's size (group_sync)
        nargs(1, 1);
        want = {kUnsigned};
        break;
      case Builtin::ShflSync: case Builtin::ShflUpSync: case Builtin::ShflDownSync: case Builtin::ShflXorSync: {
        nargs(3, 4);
        if (args.size() == 3) args.push_back(int_lit(32, kInt, p));
        numeric(args[1]);
        Type vt = promote(args[1]->type);
        result = vt;
        want = {kUnsigned, vt, b == Builtin::ShflUpSync || b == Builtin::ShflDownSync ? kUnsigned : kInt, kInt};
        break;
      }
      case Builtin::ReduceAddSync: case Builtin::ReduceMinSync: case Builtin::ReduceMaxSync: case Builtin::ReduceAndSync:
      case Builtin::ReduceOrSync: case Builtin::ReduceXorSync: case Builtin::ReduceUMinSync: case Builtin::ReduceUMaxSync: {
        // int and unsigned overloads for add, min and max; and, or, xor take unsigned
        nargs(2, 2);
        const Type vt = promote(args[1]->type);
        if (vt != kInt && vt != kUnsigned)
          fail(args[1]->span.begin, "'" + name + "' combines int or unsigned values, not " + args[1]->type.name());
        const bool bits = b == Builtin::ReduceAndSync || b == Builtin::ReduceOrSync || b == Builtin::ReduceXorSync;
        result = bits ? kUnsigned : vt;
        if (vt == kUnsigned && b == Builtin::ReduceMinSync) b = Builtin::ReduceUMinSync;
        if (vt == kUnsigned && b == Builtin::ReduceMaxSync) b = Builtin::ReduceUMaxSync;
        want = {kUnsigned, result};
        break;
      }
      case Builtin::BallotSync: case Builtin::AnySync: case Builtin::AllSync:
        nargs(2, 2);
        result = b == Builtin::BallotSync ? kUnsigned : kInt;
        want = {kUnsigned, kInt};
        args[1] = convert(to_bool(std::move(args[1])), kInt, "predicate");
        break;
      case Builtin::AtomicAdd: case Builtin::AtomicSub: case Builtin::AtomicMin: case Builtin::AtomicMax: case Builtin::AtomicExch:
      case Builtin::AtomicAnd: case Builtin::AtomicOr: case Builtin::AtomicXor: case Builtin::AtomicCAS: {
        nargs(b == Builtin::AtomicCAS ? 3 : 2, b == Builtin::AtomicCAS ? 3 : 2);
        if (!args[0]->type.pointer || args[0]->type.base == Base::Bool || args[0]->type.base == Base::Void || args[0]->type.base == Base::Struct)
          fail(args[0]->span.begin, "'" + name + "' needs a pointer to int, unsigned or float");
        Type et = args[0]->type.pointee();
        if (et.is_small())
          fail(args[0]->span.begin, "'" + name + "' on " + et.name() + " does not exist in CUDA (its atomics take int, unsigned, float, unsigned long long and double; count in an int array)");
        const bool float_ok = b == Builtin::AtomicAdd || b == Builtin::AtomicExch;
        if (et.base == Base::Float && !float_ok) fail(p, "'" + name + "' on float is not supported");
        if (et.is_wide()) {  // CUDA's 64-bit atomics: add on unsigned long long and double, min and max on both integers, the rest unsigned long long
          const bool ok = b == Builtin::AtomicAdd ? et.base != Base::Long
                          : b == Builtin::AtomicMin || b == Builtin::AtomicMax ? et.base != Base::Double
                          : b == Builtin::AtomicSub ? false : et.base == Base::ULong;
          if (!ok) fail(p, "'" + name + "' on " + et.name() + " is not one of CUDA's atomics (its 64-bit ones: atomicAdd on unsigned long long and double, atomicMin and atomicMax on long long and unsigned long long, atomicExch, atomicCAS, atomicAnd, atomicOr, atomicXor on unsigned long long)");
        }
        result = et;
        want = {args[0]->type, et};
        if (b == Builtin::AtomicCAS) want.push_back(et);
        break;
      }
      case Builtin::Min: case Builtin::Max: {
        nargs(2, 2);
        numeric(args[0]);
        numeric(args[1]);
        result = common(args[0]->type, args[1]->type);
        want = {result, result};
        break;
      }
      case Builtin::Abs:
        nargs(1, 1);
        numeric(args[0]);
        result = args[0]->type.base == Base::Double ? kDouble : args[0]->type.is_float() ? kFloat : args[0]->type.is_wide() ? kLong : kInt;
        want = {result};
        break;
      case Builtin::Fminf: case Builtin::Fmaxf:
        nargs(2, 2);
        result = kFloat;
        want = {kFloat, kFloat};
        break;
      case Builtin::Fabsf:
        nargs(1, 1);
        result = kFloat;
        want = {kFloat};
        break;
      case Builtin::Popc:
        nargs(1, 1);
        result = kInt;
        want = {kUnsigned};
        break;
      case Builtin::Clz: case Builtin::Ffs:
        nargs(1, 1);
        result = kInt;
        want = {kInt};
        break;
      case Builtin::FloatAsInt: nargs(1, 1); result = kInt; want = {kFloat}; break;
      case Builtin::FloatAsUint: nargs(1, 1); result = kUnsigned; want = {kFloat}; break;
      case Builtin::IntAsFloat: nargs(1, 1); result = kFloat; want = {kInt}; break;
      case Builtin::UintAsFloat: nargs(1, 1); result = kFloat; want = {kUnsigned}; break;
      case Builtin::DoubleAsLongLong: nargs(1, 1); result = kLong; want = {kDouble}; break;
      case Builtin::LongLongAsDouble: nargs(1, 1); result = kDouble; want = {kLong}; break;
      case Builtin::None: case Builtin::Math: case Builtin::Printf: break;  // printf_call and math_call read their own
    }
    auto e = make(Ek::Call, p, result);
    e->builtin = b;
    e->stmt = stmt_pos_;
    for (size_t k = 0; k < args.size(); ++k)
      e->kids.push_back(k < want.size() ? convert(std::move(args[k]), want[k], "argument") : std::move(args[k]));
    if (is_sync_builtin(b)) e->label = step_label_at(p, true);
    return e;
  }

  // A row of the arithmetic builtins' table (math_builtins.h), its arguments converted to its types.
  ExprP math_call(int row, const MathBuiltin& m, std::vector<ExprP> args, const std::string& name, Pos p) {
    if (args.size() != static_cast<size_t>(m.nargs))
      fail(p, "'" + name + "' takes " + std::to_string(m.nargs) + (m.nargs == 1 ? " argument" : " arguments") + ", given " + std::to_string(args.size()));
    auto e = make(Ek::Call, p, Type{m.result, false});
    e->builtin = Builtin::Math;
    e->ival = row;
    e->stmt = stmt_pos_;
    for (size_t k = 0; k < args.size(); ++k) {
      if (!args[k]->type.is_arithmetic()) fail(args[k]->span.begin, "'" + name + "' needs a number, not " + args[k]->type.name());
      e->kids.push_back(convert(std::move(args[k]), Type{m.args[k], false}, "argument"));
    }
    return e;
  }

  // __ldg(p) and the other cache-hinted loads: the value p points to, read as any load (the
  // trace records a global load there); the hint changes which cache serves it, not the value.
  static bool is_load_intrinsic(const std::string& n) {
    return n == "__ldg" || n == "__ldca" || n == "__ldcg" || n == "__ldcs" || n == "__ldlu" || n == "__ldcv";
  }
  ExprP load_intrinsic(const std::string& name, std::vector<ExprP> args, Pos p) {
    if (args.size() != 1) fail(p, "'" + name + "' takes 1 argument (a pointer), given " + std::to_string(args.size()));
    const Type t = args[0]->type;
    if (!t.pointer || is_nullptr(*args[0]) || t.base == Base::Void || (t.base == Base::Struct && !t.sdef->vector))
      fail(args[0]->span.begin, "'" + name + "' needs a pointer to a number or a vector type (const float *, const int4 *), not " +
                                    (is_nullptr(*args[0]) ? std::string("a null pointer") : t.name()));
    ExprP e = deref(std::move(args[0]), p);
    e->lvalue = false;
    e->span = Span{p, prev_end()};
    return e;
  }

  // A launch line's template-id (NAME < ARGS >): its tokens go after the program's, and are parsed
  // there as a use of the template.
  std::string launch_instance(const std::vector<Token>& id) {
    Token end = tokens_.back();
    tokens_.pop_back();
    const size_t at = tokens_.size();
    tokens_.insert(tokens_.end(), id.begin(), id.end());
    end.pos = id.back().pos;
    end.pos.col += static_cast<int>(id.back().text.size());
    tokens_.push_back(end);
    i_ = at;
    const Token name = cur();
    auto t = templates_.find(name.text);
    if (name.kind != Tok::Ident || t == templates_.end())
      fail(name.pos, "the launch names '" + name.text + "<...>', but the file has no template of that name");
    if (t->second->next)
      fail(name.pos, "the launch names '" + name.text + "<...>', an overloaded template (also at " + files_.where(t->second->next->name_pos) +
                         "); kernel files launch kernel templates of a name of their own");
    ++i_;
    expect("<");
    std::vector<TArg> args = template_args(*t->second);
    complete_args(*t->second, args, nullptr, name.pos);
    if (!at_end()) fail(cur().pos, "unexpected " + found() + " after the template's arguments");
    const Function* f = instantiate(*t->second, args, name.pos);
    if (!f->is_global) fail(name.pos, "the launch names '" + f->name + "', which is not a __global__ function");
    return f->name;
  }

  // printf-call = "printf" "(" STRING+ ("," assignment)* ")"
  // The format is checked here against the values' types, as nvcc warns and the GPU then prints
  // garbage: %d %i %u %x %X %o %c take an integer, %f %F %e %E %g %G %a %A a float.
  ExprP printf_call(Pos p) {
    expect("(");
    if (cur().kind != Tok::String) fail(cur().pos, "printf needs a format in quotes first, found " + found());
    std::string fmt;
    const Pos fpos = cur().pos;
    while (cur().kind == Tok::String) fmt += string_value(cur()), ++i_;
    std::vector<FormatPiece> pieces;
    std::vector<std::string> written;  // each conversion as the format writes it (%ld), for messages
    std::string lit;
    for (size_t k = 0; k < fmt.size(); ++k) {
      if (fmt[k] != '%') {
        lit += fmt[k];
        continue;
      }
      if (k + 1 < fmt.size() && fmt[k + 1] == '%') {
        lit += '%';
        ++k;
        continue;
      }
      if (!lit.empty()) pieces.push_back({lit, false, false});
      lit.clear();
      size_t e = k + 1;
      while (e < fmt.size() && std::string("-+ #0").find(fmt[e]) != std::string::npos) ++e;
      while (e < fmt.size() && isdigit(static_cast<unsigned char>(fmt[e]))) ++e;
      if (e < fmt.size() && fmt[e] == '.') {
        ++e;
        while (e < fmt.size() && isdigit(static_cast<unsigned char>(fmt[e]))) ++e;
      }
      const size_t width_end = e;
      bool l = false;  // l, ll, z, j, t: a 64-bit integer (or, before a float conversion, nothing)
      std::string h;   // h, hh: an int printed as a short or a char (C converts it so)
      if (e < fmt.size() && (fmt[e] == 'z' || fmt[e] == 'j' || fmt[e] == 't')) l = true, ++e;
      else if (e < fmt.size() && fmt[e] == 'l') l = true, e += e + 1 < fmt.size() && fmt[e + 1] == 'l' ? 2 : 1;
      else if (e < fmt.size() && fmt[e] == 'h') h = e + 1 < fmt.size() && fmt[e + 1] == 'h' ? "hh" : "h", e += h.size();
      if (e >= fmt.size()) fail(fpos, "printf: the format ends inside a conversion ('" + fmt.substr(k) + "')");
      const char c = fmt[e];
      const std::string conv = fmt.substr(k, e + 1 - k);
      if (e - k > 12) fail(fpos, "printf: conversion '" + conv + "' is too wide");
      const bool is_int = std::string("diuxXoc").find(c) != std::string::npos;
      const bool is_flt = std::string("fFeEgGaA").find(c) != std::string::npos;
      if (!is_int && !is_flt)
        fail(fpos, "printf: conversion '" + conv + "' is not supported (kernel files print numbers: %d %i %u %x %X %o %c %f %e %g %a, and %%)");
      if (!h.empty() && (is_flt || c == 'c'))
        fail(fpos, "printf: conversion '" + conv + "': the length '" + h + "' is for the integer conversions (%hd %hhu %hx ...)");
      pieces.push_back({fmt.substr(k, width_end - k) + (l && !is_flt ? "ll" : h) + c, true, is_flt, l && !is_flt});
      written.push_back(conv);
      k = e;
    }
    if (!lit.empty()) pieces.push_back({lit, false, false});
    std::vector<ExprP> args;
    const int saved_angle = angle_;
    angle_ = 0;
    while (accept(",")) args.push_back(assignment());
    angle_ = saved_angle;
    expect(")", "to close printf");
    size_t conversions = 0;
    for (const auto& piece : pieces) conversions += piece.conversion;
    if (conversions != args.size())
      fail(p, "printf's format has " + std::to_string(conversions) + " conversions for " + std::to_string(args.size()) + " values");
    auto e = make(Ek::Call, p, kInt);
    e->builtin = Builtin::Printf;
    e->stmt = stmt_pos_;
    size_t a = 0;
    for (const auto& piece : pieces) {
      if (!piece.conversion) continue;
      ExprP& v = args[a++];
      if (!v->type.is_arithmetic()) fail(v->span.begin, "printf '" + piece.text + "' prints a number, not " + v->type.name());
      if (piece.is_float != v->type.is_float())
        fail(v->span.begin, "printf '" + piece.text + "' prints " + (piece.is_float ? "a float" : "an integer") + ", and this value is " +
                                v->type.name() + (piece.is_float ? " (convert it, or use %d)" : " (convert it, or use %f)"));
      if (!piece.is_float && piece.wide != v->type.is_wide())
        fail(v->span.begin, "printf '" + written[a - 1] + "' prints " + (piece.wide ? "a 64-bit integer" : "a 32-bit integer") + ", and this value is " +
                                v->type.name() + (piece.wide ? " (convert it, or use %d)" : " (use %lld or %llu)"));
      if (v->type.is_float()) v = convert(std::move(v), kDouble, "printf value");  // C passes a float as a double
      e->kids.push_back(v->type.base == Base::Bool ? convert(std::move(v), kInt, "printf value") : std::move(v));
    }
    e->ival = static_cast<long long>(prog_.formats.size());
    prog_.formats.push_back(std::move(pieces));
    return e;
  }

  // The characters a string literal stands for (its escapes: \n \t \" \\ \' \%).
  std::string string_value(const Token& t) const {
    std::string out;
    for (size_t k = 1; k + 1 < t.text.size(); ++k) {
      char c = t.text[k];
      if (c == '\\' && k + 2 < t.text.size()) {
        const char n = t.text[++k];
        if (n == 'n') c = '\n';
        else if (n == 't') c = '\t';
        else if (n == '"' || n == '\\' || n == '\'' || n == '%' || n == '?') c = n;
        else fail(t.pos, std::string("printf: the escape \\") + n + " is not supported (\\n, \\t, \\\", \\\\ are)");
      }
      out += c;
    }
    return out;
  }

  // template-call = NAME ("<" targs ">")? "(" args ")"
  ExprP template_call(const Template& t, Pos p) {
    if (t.next || (is("(") && overloads_.count(t.name))) return overloaded_template_call(t, p);
    std::vector<TArg> args;
    if (accept("<")) args = template_args(t);
    if (!is("(")) fail(cur().pos, "expected '(' to call '" + t.name + "', found " + found());
    std::vector<ExprP> call_args = call_arguments();
    complete_args(t, args, &call_args, p);
    const Function* fn = instantiate(t, args, p);
    return function_call(fn, std::move(call_args), p);
  }

  // ---- partial ordering of function templates ([temp.func.order]), on the parameters' tokens:
  // the shapes courses write (T, const T, T&, const T&, T*, const T*, T a[], T (&a)[N], and
  // types that name no template parameter).
  struct ParamShape {
    bool ref = false;         // T&, const T&, T (&a)[N]
    bool is_const = false;    // of the object (const T, const T&'s T)
    int form = 0;             // 0 a value, 1 a pointer (T*, T a[]), 2 an array (T (&a)[N])
    bool elem_const = false;  // of what a pointer or an array holds
    std::string base;         // a template parameter's name, or the type's words ("unsigned int", "float4")
    bool dependent = false;   // base names a type parameter of the template
    std::string bound;        // an array's length: a value parameter's name or a number
    bool bound_dependent = false;
    bool opaque = false;      // another shape (thread_block_tile<N>, S<T>): equal only to the same tokens
    std::string text;
  };
  ParamShape param_shape(const Template& t, size_t b, size_t e) const {
    auto type_param = [&](const std::string& w, bool type) {
      for (const auto& tp : t.params)
        if (tp.name == w && tp.is_type == type) return true;
      return false;
    };
    ParamShape s;
    for (size_t k = b; k < e; ++k) {
      if (t_[k].kind == Tok::Punct && t_[k].text == "=") {  // a default argument
        e = k;
        break;
      }
      s.text += t_[k].text + " ";
    }
    bool array_ref = false;
    for (size_t k = b; k + 1 < e; ++k) array_ref = array_ref || (t_[k].text == "(" && t_[k + 1].text == "&");
    if (!array_ref && e > b + 1 && t_[e - 1].kind == Tok::Punct && t_[e - 1].text == "]") {  // T a[], T a[N]
      size_t k = e - 1;
      while (k > b && t_[k].text != "[") --k;
      s.form = 1;
      e = k;
    }
    bool saw_const = false;
    for (size_t k = b; k < e; ++k) {
      const Token& tk = t_[k];
      const std::string& w = tk.text;
      if (tk.kind == Tok::Ident && (w == "const" || w == "constexpr")) saw_const = true;
      else if (tk.kind == Tok::Ident && (w == "volatile" || w == "__restrict__" || w == "typename" || w == "struct" || w == "class" || w == "register")) continue;
      else if (tk.kind == Tok::Punct && w == "*") {
        if (s.form) s.opaque = true;
        s.form = 1;
        s.elem_const = saw_const;
        saw_const = false;  // T* const p: the pointer's own const, which no overload sees
      } else if (tk.kind == Tok::Punct && w == "&") {
        s.ref = true;
      } else if (tk.kind == Tok::Punct && w == "(" && k + 1 < e && t_[k + 1].text == "&") {  // T (&a)[N]
        size_t c = k + 1;
        while (c < e && t_[c].text != ")") ++c;
        if (c + 3 >= e || t_[c + 1].text != "[") {
          s.opaque = true;
          break;
        }
        s.ref = true;
        s.form = 2;
        s.elem_const = saw_const;
        s.bound = t_[c + 2].text;
        s.bound_dependent = type_param(s.bound, false);
        if (t_[c + 3].text != "]") s.opaque = true;
        break;
      } else if (tk.kind == Tok::Ident) {
        const bool last = k + 1 == e && !s.base.empty();  // the parameter's name
        if (last) break;
        if (type_param(w, true)) s.dependent = true;
        s.base += (s.base.empty() ? "" : " ") + w;
      } else {
        s.opaque = true;  // <, ::, and the rest
      }
    }
    if (s.dependent && s.base.find(' ') != std::string::npos) s.opaque = true;  // unsigned T, T::type
    if (s.form == 0) s.is_const = saw_const;
    return s;
  }
  // The unique type a shape stands for when it is the argument (its template parameters as
  // types of their own), without its reference and its own const.
  static std::string shape_key(const ParamShape& a, bool with_elem_const = true) {
    const std::string base = (a.dependent ? "#" : "") + a.base;
    if (a.form == 0) return base;
    const std::string elem = (with_elem_const && a.elem_const ? "const " : "") + base;
    return a.form == 1 ? elem + "*" : elem + "[" + (a.bound_dependent ? "#" : "") + a.bound + "]";
  }
  // Does parameter shape `p` (of the other template) deduce from argument shape `a`, its
  // parameters bound as `bind` says so far ([temp.deduct.partial]: no reference, no top const, no
  // conversion)?
  static bool shape_deduces(const ParamShape& p, const ParamShape& a, std::map<std::string, std::string>* bind) {
    auto bind_one = [&](const std::string& name, const std::string& to) {
      auto [it, fresh] = bind->insert({name, to});
      return fresh || it->second == to;
    };
    if (p.opaque || a.opaque) return p.text == a.text && !p.dependent && !a.dependent;
    if (p.form == 0) return p.dependent ? bind_one(p.base, shape_key(a)) : !a.dependent && a.form == 0 && a.base == p.base;
    if (a.form != p.form) return false;  // no decay of an array here
    if (p.elem_const && !a.elem_const) return false;
    if (p.form == 2 && !(p.bound_dependent ? bind_one(p.bound, (a.bound_dependent ? "#" : "") + a.bound) : !a.bound_dependent && a.bound == p.bound))
      return false;
    if (p.dependent) return bind_one(p.base, std::string(a.elem_const && !p.elem_const ? "const " : "") + (a.dependent ? "#" : "") + a.base);
    return !a.dependent && a.base == p.base && a.elem_const == p.elem_const;
  }
  // Is template f more specialised than g for a call of n arguments: g's parameters deduce from
  // f's, f's not from g's ([temp.func.order]; between T& and const T&, the const one)?
  bool more_specialised(const Template& f, const Template& g, size_t n) const {
    const auto fr = param_tokens(f), gr = param_tokens(g);
    if (fr.size() < n || gr.size() < n) return false;
    std::vector<ParamShape> fs, gs;
    for (size_t k = 0; k < n; ++k) {
      fs.push_back(param_shape(f, fr[k].first, fr[k].second));
      gs.push_back(param_shape(g, gr[k].first, gr[k].second));
    }
    std::map<std::string, std::string> fg, gf;
    bool f_ge_g = true, g_ge_f = true;
    for (size_t k = 0; k < n; ++k) {
      f_ge_g = f_ge_g && shape_deduces(gs[k], fs[k], &fg);
      g_ge_f = g_ge_f && shape_deduces(fs[k], gs[k], &gf);
    }
    if (f_ge_g && g_ge_f)  // both ways: a reference to the more const type is the more specialised
      for (size_t k = 0; k < n; ++k)
        if (fs[k].ref && gs[k].ref && fs[k].is_const != gs[k].is_const) (fs[k].is_const ? g_ge_f : f_ge_g) = false;
    return f_ge_g && !g_ge_f;
  }

  // A call of a function template that has overloads (other templates of its name, or functions
  // that are not templates): each template deduces its arguments (one that cannot is left out,
  // as C++'s SFINAE leaves it), its parameters' types are read with them bound, and the call
  // picks the one that fits each argument at least as well as every other and one better
  // (resolve's ranks); between ones that fit equally well, a function beats a template and a
  // more specialised template a less specialised one. Only the template picked is instantiated.
  ExprP overloaded_template_call(const Template& first, Pos p) {
    size_t lt = 0;  // the explicit arguments' '<'
    if (is("<")) {
      lt = i_;
      int depth = 0, parens = 0;
      for (; !at_end(); ++i_) {
        const Token& tk = cur();
        if (tk.kind != Tok::Punct) continue;
        if (tk.text == "(") ++parens;
        else if (tk.text == ")") --parens;
        else if (parens == 0 && tk.text == "<") ++depth;
        else if (parens == 0 && (tk.text == ">" || tk.text == ">>")) {
          depth -= tk.text == ">>" ? 2 : 1;
          if (depth <= 0) break;
        }
      }
      if (depth < 0) fail(cur().pos, "write '> >' to close the template arguments of '" + first.name + "'");
      ++i_;
    }
    if (!is("(")) fail(cur().pos, "expected '(' to call '" + first.name + "', found " + found());
    std::vector<ExprP> call_args = call_arguments();
    const size_t after = i_;
    struct Cand {
      const Template* t;
      std::vector<TArg> args;
      std::vector<Fit> ranks;
      std::string params;
      Function* fn = nullptr;  // a function of the name that is no template
    };
    std::vector<Cand> viable;
    std::string all, why;
    for (const Template* c = &first; c; c = c->next) {
      const int saved_angle = angle_;
      const bool saved_half = half_gt_;
      const auto saved_bind = tbind_;
      try {
        std::vector<TArg> args;
        if (lt) {
          i_ = lt + 1;
          args = template_args(*c);
          if (!is("(")) fail(cur().pos, "unexpected " + found() + " after the template's arguments");
        }
        complete_args(*c, args, &call_args, p);
        std::vector<std::pair<Type, bool>> sig;
        std::vector<bool> crefs;
        const size_t defaults = template_signature(*c, args, &sig, &crefs);
        all += (all.empty() ? "" : "; ") + signature_text(*c, sig);
        i_ = after;
        angle_ = saved_angle;
        half_gt_ = saved_half;
        if (call_args.size() > sig.size() || call_args.size() + defaults < sig.size()) {
          if (why.empty()) why = signature_text(*c, sig) + " takes " + std::to_string(sig.size()) + " arguments";
          continue;
        }
        std::vector<Fit> ranks;
        bool ok = true;
        for (size_t k = 0; k < call_args.size(); ++k) {
          ranks.push_back(fit(*call_args[k], sig[k].first, sig[k].second, crefs[k]));
          ok = ok && ranks.back().rank >= 0;
          if (ranks.back().rank < 0 && why.empty())
            why = signature_text(*c, sig) + ": argument " + std::to_string(k + 1) + " is " + arg_shown(*call_args[k]) + ", not " +
                  (sig[k].second ? (sig[k].first.is_const ? "const " : "") + sig[k].first.name() + "&" : const_shown(sig[k].first));
        }
        if (!ok) continue;
        std::string params = "(";
        for (size_t k = 0; k < sig.size(); ++k) params += (k ? ", " : "") + sig[k].first.name() + (sig[k].second ? "&" : "");
        viable.push_back({c, std::move(args), std::move(ranks), params + ")"});
      } catch (const CudaError& e) {
        i_ = after;
        angle_ = saved_angle;
        half_gt_ = saved_half;
        tbind_ = saved_bind;
        all += (all.empty() ? "" : "; ") + first.name + " at " + files_.where(c->name_pos);
        if (why.empty()) why = first.name + " at " + files_.where(c->name_pos) + ": " + e.message;
      }
    }
    auto types = [&] {
      std::string t;
      for (size_t k = 0; k < call_args.size(); ++k)
        t += (k ? ", " : "") + arg_shown(*call_args[k]);
      return t;
    };
    if (auto ov = overloads_.find(first.name); ov != overloads_.end() && !lt)  // f<...>(...) names templates only
      for (Function* f : ov->second) {
        all += (all.empty() ? "" : "; ") + signature(*f);
        std::vector<Fit> ranks;
        if (function_fits(*f, call_args, &ranks, &why)) viable.push_back({nullptr, {}, std::move(ranks), "", f});
      }
    if (viable.empty())
      fail(p, "no overload of template '" + first.name + "' takes (" + types() + "): " + no_fit_text(why, all));
    std::vector<std::vector<Fit>> ranks;
    for (const auto& v : viable) ranks.push_back(v.ranks);
    const int pick = best_ranked(ranks, [&](size_t v, size_t w) {
      if (viable[v].fn || viable[w].fn) return viable[v].fn && !viable[w].fn;
      return more_specialised(*viable[v].t, *viable[w].t, call_args.size());
    });
    const Cand* best = pick < 0 ? nullptr : &viable[static_cast<size_t>(pick)];
    if (!best) {
      std::string c;
      for (const auto& v : viable) c += (c.empty() ? "" : " and ") + std::string("the one at ") + files_.where(v.fn ? v.fn->pos : v.t->name_pos);
      fail(p, "the call " + first.name + "(" + types() + ") is ambiguous: " + c + " fit it equally well");
    }
    if (best->fn) return function_call(best->fn, std::move(call_args), p);
    const Function* fn = instantiate(*best->t, best->args, p, best->params);
    return function_call(fn, std::move(call_args), p);
  }

  // The parameters of template t with `args` bound: their types (a reference's flag beside it),
  // and how many have defaults. Reads the declaration's parameter list only.
  size_t template_signature(const Template& t, const std::vector<TArg>& args, std::vector<std::pair<Type, bool>>* out,
                            std::vector<bool>* crefs = nullptr) {
    Reparse saved(*this);
    for (size_t k = 0; k < args.size(); ++k) tbind_[t.params[k].name] = args[k];
    i_ = t.params_begin + 1;
    size_t defaults = 0;
    if (is_word("void") && peek().kind == Tok::Punct && peek().text == ")") ++i_;
    while (!is(")")) {
      bool ref = false;
      Type pt = parse_type(true, &ref);
      if (crefs) crefs->push_back(const_ref_);
      if (is("(") && peek().kind == Tok::Punct && peek().text == "&") {  // T (&a)[N]: the array's first element's address
        i_ += 2;
        if (cur().kind == Tok::Ident) ++i_;
        expect(")");
        expect("[");
        while (!at_end() && !is("]")) ++i_;
        expect("]");
        pt.pointer = true;
      } else {
        if (cur().kind == Tok::Ident) ++i_;
        if (accept("[")) {
          expect("]");
          pt.pointer = true;
        }
      }
      if (accept("=")) {
        ++defaults;
        int depth = 0;
        while (!at_end() && (depth > 0 || (!is(",") && !is(")")))) {
          if (is("(") || is("{") || is("[")) ++depth;
          if (is(")") || is("}") || is("]")) --depth;
          ++i_;
        }
      }
      out->push_back({pt, ref});
      if (!accept(",")) break;
    }
    if (!is(")")) fail(cur().pos, "unexpected " + found() + " in the parameters of '" + t.name + "'");
    return defaults;
  }
  std::string signature_text(const Template& t, const std::vector<std::pair<Type, bool>>& sig) const {
    std::string s = t.name + "(";
    for (size_t k = 0; k < sig.size(); ++k)
      s += (k ? ", " : "") + (sig[k].second ? (sig[k].first.is_const ? "const " : "") + sig[k].first.name() + "&" : const_shown(sig[k].first));
    return s + ") at " + files_.where(t.name_pos);
  }

  // ---- structs in expressions. The compiler sees no struct: a struct in a frame (a local, a
  // parameter, a temporary) is its members' variables, one in memory (shared memory, through a
  // pointer) its members' words at its address plus their offsets; a copy, an argument or a
  // return copies word by word, in the members' order.

  // An integer times w (an offset in structs to one in words).
  ExprP scaled(ExprP k, int w) {
    if (w == 1) return k;
    // in 64 bits, as the GPU's address arithmetic is: an int2 pointer moved by 2^31 elements is 2^32
    // words on, not back at the array's start
    if (!k->type.is_wide()) {
      const Type wide = k->type.is_unsigned() ? kULong : kLong;  // before k is moved from
      k = convert(std::move(k), wide, "pointer offset");
    }
    const Pos p = k->span.begin;
    const Type t = k->type;  // long long, or unsigned long long
    auto e = make(Ek::Binary, p, t);
    e->span = k->span;
    e->bop = BinaryOp::Mul;
    e->ival = static_cast<long long>(t.base);
    e->kids.push_back(std::move(k));
    e->kids.push_back(int_lit(w, t, p));
    return e;
  }

  ExprP deref(ExprP ptr, Pos begin) {
    auto e = make(Ek::Deref, begin, ptr->type.pointee());
    e->lvalue = true;
    e->stmt = stmt_pos_;
    e->kids.push_back(std::move(ptr));
    return e;
  }

  ExprP var_expr(const Var* v, Pos p) {
    auto e = std::make_unique<Expr>(Ek::Var, Span{p, p}, v->type);
    e->var = v;
    e->lvalue = !v->is_array();
    e->stmt = stmt_pos_;
    return e;
  }

  // Where a struct value is: the variables of a frame struct, or an address.
  struct Place {
    ExprP prefix;              // to evaluate first (a call filling a temporary), or null
    const Var* var = nullptr;  // a struct in a frame
    ExprP ptr;                 // else its address: an expression free of effects and loads
    Type type;
    Span span;
  };

  // Can e be evaluated again without doing anything twice (no calls, stores or loads)?
  static bool pure(const Expr& e) {
    switch (e.kind) {
      case Ek::IntLit: case Ek::FloatLit: case Ek::Special: return true;
      case Ek::Var: return e.var->is_array() || (e.var->storage != Storage::Shared && e.var->storage != Storage::Device);
      case Ek::AddrOf: return e.kids[0]->kind == Ek::Var || pure(*e.kids[0]->kids[0]);
      case Ek::Unary: case Ek::Binary: case Ek::Cast:
        for (const auto& k : e.kids)
          if (!pure(*k)) return false;
        return true;
      default: return false;
    }
  }
  static ExprP clone(const Expr& e) {
    auto c = std::make_unique<Expr>(e.kind, e.span, e.type);
    c->lvalue = e.lvalue;
    c->bop = e.bop;
    c->uop = e.uop;
    c->ival = e.ival;
    c->fval = e.fval;
    c->var = e.var;
    c->stmt = e.stmt;
    for (const auto& k : e.kids) c->kids.push_back(clone(*k));
    return c;
  }

  // `hoist`: the address will be used more than once (a copy): one that is not pure is kept in
  // a hidden pointer first.
  Place place_of(ExprP e, bool hoist) {
    Place pl;
    pl.type = e->type;
    pl.span = e->span;
    if (e->kind == Ek::Comma) {
      ExprP first = std::move(e->kids[0]);
      Place rest = place_of(std::move(e->kids[1]), hoist);
      if (rest.prefix) {
        std::vector<ExprP> both;
        both.push_back(std::move(first));
        both.push_back(std::move(rest.prefix));
        rest.prefix = sequence(std::move(both), pl.span.begin);
      } else {
        rest.prefix = std::move(first);
      }
      rest.span = pl.span;
      return rest;
    }
    if (e->kind == Ek::Var && e->var->storage != Storage::Shared && e->var->storage != Storage::Device) {
      pl.var = e->var;
      return pl;
    }
    if (e->kind == Ek::Var) {  // a __shared__ struct
      auto a = make(Ek::AddrOf, e->span.begin, e->type.pointer_to());
      a->span = e->span;
      a->kids.push_back(std::move(e));
      pl.ptr = std::move(a);
      return pl;
    }
    if (e->kind != Ek::Deref) fail(e->span.begin, "internal: a struct value of an unexpected form");
    pl.ptr = std::move(e->kids[0]);
    if (hoist && !pure(*pl.ptr)) {
      const Pos p = pl.ptr->span.begin;
      Var* h = hidden_local(pl.ptr->type, p, "(a struct's address)");
      auto as = make(Ek::Assign, p, pl.ptr->type);
      as->stmt = stmt_pos_;
      as->kids.push_back(var_expr(h, p));
      as->kids.push_back(std::move(pl.ptr));
      pl.prefix = std::move(as);
      pl.ptr = var_expr(h, p);
    }
    return pl;
  }

  // Member f of the struct at pl (its variable, or the word at the address plus its offset).
  // The address of the struct at pl (a frame's struct: &local).
  ExprP place_address(const Place& pl) {
    if (pl.ptr) return clone(*pl.ptr);
    auto a = make(Ek::AddrOf, pl.span.begin, pl.var->type.pointer_to());
    a->span = pl.span;
    a->kids.push_back(var_expr(pl.var, pl.span.begin));
    return a;
  }

  ExprP field_of(const Place& pl, size_t k, Span span) {
    const StructDef::Field& f = pl.type.sdef->fields[k];
    // a member of 1 or 2 bytes, or at a byte offset no multiple of 4: its bytes of the frame's slots, through the struct's address
    const bool at_bytes = f.type.bytes() % 4 != 0 || f.byte % 4 != 0;
    if (pl.var && !pl.type.is_packed() && !at_bytes) {
      ExprP e = var_expr(pl.var->members[k], span.begin);
      e->span = span;
      return e;
    }
    ExprP a = place_address(pl);  // a packed vector's member: its bytes of the frame's slot, through its address
    if (f.byte) {
      auto b = std::make_unique<Expr>(Ek::Binary, span, f.type.pointer_to());
      b->bop = BinaryOp::Add;
      b->kids.push_back(std::move(a));
      b->kids.push_back(int_lit(f.byte, kInt, span.begin));  // pointer offsets count bytes
      a = std::move(b);
    } else {
      a->type = f.type.pointer_to();
    }
    ExprP e = deref(std::move(a), span.begin);
    e->span = span;
    return e;
  }

  // x.NAME or p->NAME (at NAME): a data member, or a member function called (x(...)).
  ExprP member(ExprP obj) {
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member's name, found " + found());
    const Token name = cur();
    ++i_;
    const StructDef& d = *obj->type.sdef;
    if (overloads_.count(d.name + "::" + name.text)) {
      if (!is("(")) fail(cur().pos, "'" + name.text + "' is a member function: call it with (...)");
      std::vector<ExprP> args = call_arguments();
      return method_call(d, name.text, std::move(args), std::move(obj), name.pos);
    }
    size_t k = 0;
    while (k < d.fields.size() && d.fields[k].name != name.text) ++k;
    if (k == d.fields.size()) fail(name.pos, "'" + d.name + "' has no member '" + name.text + "'");
    const Span span{obj->span.begin, prev_end()};
    Place pl = place_of(std::move(obj), false);
    ExprP e = field_of(pl, k, span);
    if (!pl.prefix) return e;
    auto c = make(Ek::Comma, span.begin, e->type);  // f().x: the call, then its member
    c->kids.push_back(std::move(pl.prefix));
    c->kids.push_back(std::move(e));
    return c;
  }

  // The scalar members of the struct at pl (nested structs' members in their place), in order.
  void leaves(const Place& pl, const Type& t, std::vector<ExprP>* out) {
    for (size_t k = 0; k < t.sdef->fields.size(); ++k) {
      ExprP f = field_of(pl, k, pl.span);
      if (!f->type.is_struct()) {
        out->push_back(std::move(f));
        continue;
      }
      const Type ft = f->type;
      Place sub = place_of(std::move(f), false);
      leaves(sub, ft, out);
    }
  }

  // A struct argument's slots, as the callee's frame holds its members (a slot per word, at the
  // member's offset): each leaf member's value, a second slot after an 8-byte one (its value is
  // whole in the first), and a zero for each word of padding before a member aligned to 8 or 16.
  void arg_words(const Place& pl, const Type& t, int base, int* next, std::vector<ExprP>* out, Pos p) {
    if (t.is_packed() || t.sdef->bytewise) {  // its words as they lie (char1, char2: its 1 or 2 bytes, zero-extended)
      for (; *next < base; ++*next) out->push_back(int_lit(0, kInt, p));
      for (int w = 0; w < t.words(); ++w) {
        const Type wt{t.bytes() == 1 ? Base::UChar : t.bytes() == 2 ? Base::UShort : Base::Unsigned, false};
        ExprP a = place_address(pl);
        if (w) {
          auto b = std::make_unique<Expr>(Ek::Binary, pl.span, wt.pointer_to());
          b->bop = BinaryOp::Add;
          b->kids.push_back(std::move(a));
          b->kids.push_back(int_lit(4LL * w, kInt, p));
          a = std::move(b);
        } else {
          a->type = wt.pointer_to();
        }
        ExprP e = deref(std::move(a), p);
        e->span = pl.span;
        out->push_back(convert(std::move(e), kUnsigned, "argument"));
        *next = base + w + 1;
      }
      return;
    }
    for (size_t k = 0; k < t.sdef->fields.size(); ++k) {
      const int off = base + t.sdef->fields[k].offset;
      for (; *next < off; ++*next) out->push_back(int_lit(0, kInt, p));
      ExprP f = field_of(pl, k, pl.span);
      const Type ft = f->type;
      if (ft.is_struct()) {
        Place sub = place_of(std::move(f), false);
        arg_words(sub, ft, off, next, out, p);
        continue;
      }
      out->push_back(std::move(f));
      *next = off + 1;
      for (; *next < off + ft.words(); ++*next) out->push_back(int_lit(0, kInt, p));
    }
  }

  // a, b, c: each for its effects, the last for its value.
  ExprP sequence(std::vector<ExprP> es, Pos p) {
    ExprP e = std::move(es.back());
    for (size_t k = es.size() - 1; k-- > 0;) {
      auto c = make(Ek::Comma, p, e->type);
      c->span = Span{es[k]->span.begin, e->span.end};
      c->kids.push_back(std::move(es[k]));
      c->kids.push_back(std::move(e));
      e = std::move(c);
    }
    return e;
  }
  ExprP void_sequence(std::vector<ExprP> es, Pos p) {
    if (es.empty()) es.push_back(int_lit(0, kInt, p));
    ExprP e = sequence(std::move(es), p);
    auto v = make(Ek::Cast, p, kVoid);
    v->span = e->span;
    v->kids.push_back(std::move(e));
    return v;
  }

  ExprP assign(ExprP lhs, ExprP rhs) {
    const Span span{lhs->span.begin, rhs->span.end};
    auto e = std::make_unique<Expr>(Ek::Assign, span, lhs->type);
    e->stmt = stmt_pos_;
    rhs = convert(std::move(rhs), lhs->type, "assignment");
    e->kids.push_back(std::move(lhs));
    e->kids.push_back(std::move(rhs));
    return e;
  }

  // dst = src for structs of one type: the source's words first (C++17), then each member.
  ExprP struct_copy(ExprP dst, ExprP src) {
    const Pos p = dst->span.begin;
    if (dst->type != src->type) fail(src->span.begin, "cannot assign " + src->type.name() + " to " + dst->type.name());
    const Type t = dst->type;
    Place s = place_of(std::move(src), true);
    Place d = place_of(std::move(dst), true);
    std::vector<ExprP> seq;
    if (s.prefix) seq.push_back(std::move(s.prefix));
    if (d.prefix) seq.push_back(std::move(d.prefix));
    if ((t.vector_words() > 1 && (s.ptr || d.ptr)) || t.is_packed()) {
      seq.push_back(vector_move(s, d, t));
    } else {
      for (size_t k = 0; k < t.sdef->fields.size(); ++k) {
        ExprP to = field_of(d, k, d.span), from = field_of(s, k, s.span);
        // a nested struct member by member too, a vector member in memory whole
        seq.push_back(to->type.is_struct() ? struct_copy(std::move(to), std::move(from)) : assign(std::move(to), std::move(from)));
      }
    }
    return void_sequence(std::move(seq), p);
  }

  // Is the struct value e in memory (shared or global, or a local through a pointer), not a frame's variables?
  static bool in_memory(const Expr& e) {
    if (e.kind == Ek::Comma) return in_memory(*e.kids[1]);
    return e.kind == Ek::Deref || (e.kind == Ek::Var && e.var->storage == Storage::Shared);
  }

  // A vector type (int2, float4) copied whole: one 8- or 16-byte access on each side in memory.
  ExprP vector_move(const Place& s, const Place& d, const Type& t) {
    auto side = [&](const Place& pl) {
      ExprP e = pl.ptr || t.is_packed() ? deref(place_address(pl), pl.span.begin) : var_expr(pl.var, pl.span.begin);
      e->span = pl.span;
      return e;
    };
    auto e = std::make_unique<Expr>(Ek::VecMove, Span{d.span.begin, s.span.end}, kVoid);
    e->ival = t.vector_words();
    e->stmt = stmt_pos_;
    e->kids.push_back(side(s));
    e->kids.push_back(side(d));
    return e;
  }

  // make_int2(a, b), make_float4(a, b, c, d), ...: a temporary of this frame, its members set in order.
  ExprP make_vector(const VectorTypeInfo& vi, std::vector<ExprP> args, Pos p) {
    const Type t = vector_type(vi);
    if (args.size() != static_cast<size_t>(vi.count))
      fail(p, "'make_" + std::string(vi.name) + "' takes " + std::to_string(vi.count) + " arguments, given " + std::to_string(args.size()));
    Var* v = hidden_local(t, p, "(a vector made)");
    std::vector<ExprP> sets;
    Place pl;
    pl.var = v;
    pl.type = t;
    pl.span = Span{p, p};
    for (size_t k = 0; k < args.size(); ++k) {
      if (args[k]->type.is_struct() || args[k]->type.pointer)
        fail(args[k]->span.begin, "'make_" + std::string(vi.name) + "' takes numbers, not " + args[k]->type.name());
      sets.push_back(assign(field_of(pl, k, pl.span), std::move(args[k])));
    }
    return value_temp(t, p, v, std::move(sets));
  }

  // { a, b, {c, d} }: the members of the struct at pl in order, nested braces for nested structs;
  // members left out are zero.
  void brace_fields(const Place& pl, const Type& t, std::vector<ExprP>* out) {
    Nest n = nest();
    expect("{", "to start the struct's initializer");
    size_t k = 0;
    if (!is("}")) {
      do {
        if (k >= t.sdef->fields.size()) fail(cur().pos, "too many initializers for " + t.name());
        ExprP f = field_of(pl, k, Span{cur().pos, cur().pos});
        const Type ft = f->type;
        ++k;
        if (ft.is_struct() && is("{")) {
          Place sub = place_of(std::move(f), false);
          brace_fields(sub, ft, out);
        } else if (ft.is_struct()) {
          out->push_back(struct_copy(std::move(f), convert(assignment(), ft, "initializer")));
        } else {
          out->push_back(assign(std::move(f), assignment()));
        }
      } while (accept(",") && !is("}"));
    }
    expect("}", "to close the struct's initializer");
    for (; k < t.sdef->fields.size(); ++k) zero_fields(field_of(pl, k, pl.span), out);
  }
  void zero_fields(ExprP f, std::vector<ExprP>* out) {
    if (!f->type.is_struct()) {
      const Pos p = f->span.begin;
      out->push_back(assign(std::move(f), int_lit(0, kInt, p)));
      return;
    }
    const Type t = f->type;
    Place pl = place_of(std::move(f), false);
    std::vector<ExprP> ls;
    leaves(pl, t, &ls);
    for (auto& l : ls) zero_fields(std::move(l), out);
  }

  // S{...} and S(): a temporary of this frame, set member by member.
  ExprP brace_temp(Type t, Pos p) {
    Var* v = hidden_local(t, p, "(a struct temporary)");
    Place pl;
    pl.var = v;
    pl.type = t;
    pl.span = Span{p, p};
    std::vector<ExprP> sets;
    brace_fields(pl, t, &sets);
    return value_temp(t, p, v, std::move(sets));
  }
  ExprP value_temp(Type t, Pos p, Var* v, std::vector<ExprP> sets = {}) {
    if (!v) {  // S(): every member zero
      v = hidden_local(t, p, "(a struct temporary)");
      std::vector<ExprP> ls;
      Place pl;
      pl.var = v;
      pl.type = t;
      pl.span = Span{p, prev_end()};
      leaves(pl, t, &ls);
      for (auto& l : ls) zero_fields(std::move(l), &sets);
    }
    ExprP e = var_expr(v, p);
    e->lvalue = false;
    e->span = Span{p, prev_end()};
    if (sets.empty()) return e;
    sets.push_back(std::move(e));
    ExprP s = sequence(std::move(sets), p);
    s->span = Span{p, prev_end()};
    return s;
  }

  // A local struct (or array of structs) of a declaration, its initializer after it.
  void struct_local(Type type, const Token& name, Stmt* block) {
    auto d = std::make_unique<Stmt>(Sk::Decl, name.pos);
    if (is("[")) {
      std::vector<int> dims = array_dims(name, "local array", kMaxFrameWords / std::max(1, type.words()), "structs allowed");
      if (dims.size() > 1) fail(name.pos, "arrays of structs have one dimension here");
      const bool small = type.bytes() % 4 != 0;  // char1, char2, uchar2, three shorts: packed at their size, elements across slots
      Var* v = declare(name, type, small ? (dims[0] * type.bytes() + 3) / 4 : dims[0] * type.words(), Storage::Local);
      if (small) v->byte_len = dims[0] * type.bytes();
      v->slot = alloc_slots(v->array_len);
      d->var = v;
      if (is("=")) fail(cur().pos, "an array of structs cannot have an initializer here: set its elements");
      block->body.push_back(std::move(d));
      if (has_ctors(type.sdef))  // each element default-constructed, as C++ does
        for (int k = 0; k < dims[0]; ++k) {
          ExprP elem = deref(make_binary("+", use_var(v, name.pos), int_lit(k, kInt, name.pos), name.pos), name.pos);
          block->body.push_back(expr_stmt(init_object(std::move(elem), {}, false, name.pos), name.pos));
        }
      return;
    }
    if (has_ctors(type.sdef)) {  // P p(a, b);  P p{a, b};  P p = {a, b};  P p;  (P p = v; is a copy, below)
      const bool braces = is("{") || (is("=") && peek().kind == Tok::Punct && peek().text == "{");
      const bool parens = is("(");
      if (braces || parens || !is("=")) {
        accept("=");
        std::vector<ExprP> args;
        if (braces) args = brace_arguments();
        else if (parens) args = call_arguments();
        Var* v = local_var(name, type);
        block->body.push_back(decl_stmt(v, name.pos));
        block->body.push_back(expr_stmt(init_object(var_expr(v, name.pos), std::move(args), braces, name.pos), name.pos));
        return;
      }
    } else if (is("(")) {
      std::vector<ExprP> args = call_arguments();
      if (args.size() != 1 || args[0]->type != type)
        fail(name.pos, "'" + type.name() + "' has no constructor: initialise '" + name.text + "' with braces, " + type.name() + " " + name.text + " = {a, b};");
      Var* v = local_var(name, type);
      block->body.push_back(decl_stmt(v, name.pos));
      block->body.push_back(expr_stmt(struct_copy(var_expr(v, name.pos), std::move(args[0])), name.pos));
      return;
    }
    // in scope from its declarator on; the initializer may not use it
    ExprP init;
    const bool braces = is("{") || (is("=") && peek().kind == Tok::Punct && peek().text == "{");
    std::vector<ExprP> sets;
    if (!braces && accept("=")) init = convert(assignment(), type, "initializer");
    Var* v = declare(name, type, -1, Storage::Local);
    v->slot = alloc_slots(type.words());
    make_members(v);
    d->var = v;
    block->body.push_back(std::move(d));
    auto set = std::make_unique<Stmt>(Sk::Expr, name.pos);
    if (braces) {
      accept("=");
      Place pl;
      pl.var = v;
      pl.type = type;
      pl.span = Span{name.pos, name.pos};
      brace_fields(pl, type, &sets);
      set->expr = void_sequence(std::move(sets), name.pos);
    } else if (init) {
      set->expr = struct_copy(var_expr(v, name.pos), std::move(init));
    } else {
      return;  // like any local: what the frame holds
    }
    block->body.push_back(std::move(set));
  }

  // ---- overloads, references, member functions and constructors

  // How well argument a fits a parameter of type `to` (a reference when `ref`, a const T& when
  // `cref`), as C++ ranks it (overload.h's Fit): fit_rank's rank; a const object or what a const
  // pointer points to is no T& and no T* (unless T is const); int* to const int* adds const; a
  // reference parameter binds (T&: 1, const T&: 2).
  Fit fit(const Expr& a, Type to, bool ref, bool cref = false) const {
    Fit f;
    f.rank = fit_rank(a, to, ref);
    if (f.rank < 0) return f;
    const Type from = a.kind == Ek::Var && a.var->is_array() && !ref ? a.var->type.pointer_to() : a.type;
    if (ref) {
      if (from.is_const && !to.is_const) f.rank = -1;
      f.binds = to.is_const ? 2 : 1;
    } else if (cref) {
      f.binds = 2;
    } else if (to.pointer && from.pointer && f.rank == 0) {
      if (from.is_const && !to.is_const) f.rank = -1;
      f.adds_const = !from.is_const && to.is_const;
    }
    return f;
  }

  // fit's rank: 0 an exact match, 1 a promotion (bool to int, float to double), 2 a conversion, -1 none.
  int fit_rank(const Expr& a, Type to, bool ref) const {
    const Type from = a.type;
    if (!ref && a.kind == Ek::Var && a.var->is_array() && to.pointer && a.var->type.pointer_to() == to) return 0;  // an array's decay
    if (ref) return a.lvalue && from == to ? 0 : -1;
    if (from == to) return 0;
    if (from.is_void()) return -1;
    if (from.is_struct()) {
      for (const auto& c : from.sdef->conversions)
        if (c.first == to) return 2;
      return -1;
    }
    if (to.is_struct()) return -1;
    if (to.is_group() || from.is_group())
      return to.is_group() && from.is_group() && to.group == GroupKind::Dynamic && (from.group == GroupKind::Tile || from.group == GroupKind::Block) ? 2 : -1;
    if (to.pointer) return is_null_constant(a) ? 2 : -1;
    if (from.pointer) return -1;
    if ((from.base == Base::Bool || from.is_small()) && !from.pointer && to.base == Base::Int && !to.pointer) return 1;
    if (from.base == Base::Float && to.base == Base::Double) return 1;
    return 2;
  }

  // The parameters a call gives (all but the hidden ones), and how many of them have defaults.
  size_t given_params(const Function& f) const { return f.params.size() - hidden_params(f); }
  size_t defaulted_params(const Function& f) const {
    auto d = defaults_.find(&f);
    return d == defaults_.end() ? 0 : d->second.size();
  }
  // "f(int, float) at FILE:LINE:COL"
  std::string signature(const Function& f) const {
    return f.name.substr(0, f.name.find('(')) + "(" + param_list(f) + ") at " + files_.where(f.pos);
  }

  // When no overload fits: the first candidate's reason (`why`, "SIGNATURE at L: REASON"), then
  // the others tried, short enough to keep the reason on the one line ("(also tried: B at L, C at L)").
  static std::string no_fit_text(const std::string& why, const std::string& all) {
    if (why.empty()) return "the candidates are " + all;
    std::string rest;
    size_t from = 0;
    while (from <= all.size()) {
      size_t to = all.find("; ", from);
      if (to == std::string::npos) to = all.size();
      const std::string one = all.substr(from, to - from);
      if (!one.empty() && why.compare(0, one.size(), one) != 0) rest += (rest.empty() ? "" : ", ") + one;
      from = to + 2;
    }
    return why + (rest.empty() ? "" : " (also tried: " + rest + ")");
  }

  // Does function f take these arguments? How well each fits (ranks); when it does not, and
  // `why` is empty, the reason.
  bool function_fits(const Function& f, const std::vector<ExprP>& args, std::vector<Fit>* ranks, std::string* why) const {
    const size_t n = given_params(f), h = hidden_params(f);
    if (args.size() > n || args.size() + defaulted_params(f) < n) {
      if (why->empty()) *why = signature(f) + ": takes " + std::to_string(n) + " arguments";
      return false;
    }
    for (size_t k = 0; k < args.size(); ++k) {
      const Var* prm = f.params[h + k];
      const bool ref = ref_vars_.count(prm) != 0;
      const Fit r = fit(*args[k], ref ? prm->type.pointee() : prm->type, ref, const_ref_vars_.count(prm) != 0);
      ranks->push_back(r);
      if (r.rank >= 0) continue;
      if (why->empty())
        *why = signature(f) + ": argument " + std::to_string(k + 1) + " is " + arg_shown(*args[k]) + ", not " +
               (ref ? (prm->type.is_const ? "const " : "") + prm->type.pointee().name() + "&" : const_shown(prm->type));
      return false;
    }
    return true;
  }

  // The overload of `shown` (what the call names) that these arguments pick: the one that fits
  // each argument at least as well as every other and one better, as C++ picks.
  Function* resolve(const std::vector<Function*>& cands, const std::vector<ExprP>& args, Pos p, const std::string& shown) {
    if (cands.size() == 1) return cands.front();  // its own errors say what does not fit
    std::vector<std::pair<Function*, std::vector<Fit>>> viable;
    std::string why;  // the first candidate's reason for not fitting
    for (Function* f : cands) {
      std::vector<Fit> ranks;
      if (function_fits(*f, args, &ranks, &why)) viable.push_back({f, ranks});
    }
    auto types = [&] {
      std::string t;
      for (size_t k = 0; k < args.size(); ++k) t += (k ? ", " : "") + arg_shown(*args[k]);
      return t;
    };
    if (viable.empty()) {
      std::string c;
      for (size_t k = 0; k < cands.size(); ++k) c += (k ? "; " : "") + signature(*cands[k]);
      fail(p, "no overload of " + shown + " takes (" + types() + "): " + no_fit_text(why, c));
    }
    std::vector<std::vector<Fit>> ranks;
    for (const auto& v : viable) ranks.push_back(v.second);
    if (const int pick = best_ranked(ranks); pick >= 0) return viable[static_cast<size_t>(pick)].first;
    const auto& a = viable[0];
    const auto* b = &viable[1];
    for (const auto& w : viable)
      if (&w != &a && !candidate_better(ranks, 0, static_cast<size_t>(&w - &viable[0]), [](size_t, size_t) { return false; })) {
        b = &w;
        break;
      }
    fail(p, "the call " + shown + "(" + types() + ") is ambiguous: " + signature(*a.first) + " and " + signature(*b->first) +
                " fit it equally well");
  }

  // The address of an object (an lvalue, or a struct a call returns): what a reference or a
  // member function's `this` gets.
  ExprP address_of(ExprP e) {
    const Pos p = e->span.begin;
    if (e->type.is_struct() && e->kind != Ek::Var) {
      Place pl = place_of(std::move(e), false);
      ExprP a = pl.var ? address_of(var_expr(pl.var, p)) : std::move(pl.ptr);
      if (!pl.prefix) return a;
      std::vector<ExprP> both;
      both.push_back(std::move(pl.prefix));
      both.push_back(std::move(a));
      return sequence(std::move(both), p);
    }
    if (e->kind == Ek::Deref) return std::move(e->kids[0]);
    auto a = make(Ek::AddrOf, p, e->type.pointer_to());
    a->span = e->span;
    a->kids.push_back(std::move(e));
    return a;
  }

  // A use of variable v: a reference is the variable it refers to.
  ExprP use_var(const Var* v, Pos p) {
    auto e = make(Ek::Var, p, v->type);
    e->var = v;
    if (v->is_array()) {
      e->type = v->type.pointer_to();  // the array decays to a pointer to its first element
    } else {
      e->lvalue = true;
      e->stmt = stmt_pos_;
    }
    if (!ref_vars_.count(v)) return e;
    ExprP d = deref(std::move(e), p);
    d->span = Span{p, prev_end()};
    return d;
  }

  // Member k of the object `this` points to.
  ExprP this_field(size_t k, Pos p) {
    Place pl;
    pl.ptr = var_expr(this_var_, p);
    pl.type = this_var_->type.pointee();
    pl.span = Span{p, prev_end()};
    return field_of(pl, k, pl.span);
  }
  // A member of the struct whose member function is being parsed, named without `this->`.
  const StructDef::Field* this_member(const std::string& n, size_t* k) const {
    if (!this_var_) return nullptr;
    const StructDef& d = *this_var_->type.sdef;
    for (size_t q = 0; q < d.fields.size(); ++q)
      if (d.fields[q].name == n) {
        *k = q;
        return &d.fields[q];
      }
    return nullptr;
  }
  const Var* lookup_local(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return f->second;
    }
    return nullptr;
  }

  // A call of member function NAME of struct d (args parsed): on the object `obj` (null: a
  // static member, S::f(...), or one called inside another without `this->`).
  ExprP method_call(const StructDef& d, const std::string& mname, std::vector<ExprP> args, ExprP obj, Pos p) {
    auto ov = overloads_.find(d.name + "::" + mname);
    if (ov == overloads_.end()) fail(p, "'" + d.name + "' has no member function '" + mname + "'");
    Function* fn = resolve(ov->second, args, p, "'" + d.name + "::" + mname + "'");
    if (!has_this_.count(fn)) return function_call(fn, std::move(args), p);  // static, or a struct that holds nothing
    if (!obj) {
      if (!this_var_ || this_var_->type.sdef != &d)
        fail(p, "'" + d.name + "::" + mname + "' is a member function: call it on an object (x." + mname + "(...)), or declare it static");
      obj = var_expr(this_var_, p);
      return function_call(fn, std::move(args), p, std::move(obj));
    }
    ExprP self = address_of(std::move(obj));
    return function_call(fn, std::move(args), p, std::move(self));
  }

  bool has_ctors(const StructDef* d) const { return ctor_key_.count(d) != 0; }

  // Sets the object `target` (an lvalue) from these arguments: T x(args), T x{args}, T(args),
  // a member initializer. A struct with constructors runs the one the arguments pick; one
  // without takes its members in order (braces) or a copy; a number takes one value.
  ExprP init_object(ExprP target, std::vector<ExprP> args, bool braces, Pos p) {
    const Type t = target->type;
    if (!t.is_struct()) {
      if (args.size() > 1) fail(p, "a " + t.name() + " is initialised with one value, given " + std::to_string(args.size()));
      return assign(std::move(target), args.empty() ? convert(int_lit(0, kInt, p), t, "initializer") : std::move(args[0]));
    }
    if (has_ctors(t.sdef)) {
      if (args.size() == 1 && args[0]->type == t) return struct_copy(std::move(target), std::move(args[0]));  // the copy constructor
      auto ov = overloads_.find(ctor_key_.at(t.sdef));
      std::string shown = t.sdef->name;
      if (args.empty()) {
        bool dflt = false;
        std::string c;
        for (const Function* k : ov->second) {
          dflt = dflt || given_params(*k) == defaulted_params(*k);
          c += (c.empty() ? "" : "; ") + signature(*k);
        }
        if (!dflt) fail(p, "'" + shown + "' has no default constructor (its constructors: " + c + ")");
      }
      Function* fn = resolve(ov->second, args, p, "the constructor " + shown);
      ExprP self = address_of(std::move(target));
      return function_call(fn, std::move(args), p, std::move(self));
    }
    if (args.size() == 1 && args[0]->type == t) return struct_copy(std::move(target), std::move(args[0]));
    if (!braces && !args.empty())
      fail(p, "'" + t.name() + "' has no constructor: initialise it with braces, " + t.name() + "{a, b}, or declare one");
    if (args.size() > t.sdef->fields.size()) fail(p, "too many initializers for " + t.name());
    Place pl = place_of(std::move(target), true);
    std::vector<ExprP> sets;
    if (pl.prefix) sets.push_back(std::move(pl.prefix));
    for (size_t k = 0; k < t.sdef->fields.size(); ++k) {
      ExprP f = field_of(pl, k, pl.span);
      if (k >= args.size()) zero_fields(std::move(f), &sets);
      else if (f->type.is_struct()) sets.push_back(struct_copy(std::move(f), convert(std::move(args[k]), t.sdef->fields[k].type, "initializer")));
      else sets.push_back(assign(std::move(f), std::move(args[k])));
    }
    return void_sequence(std::move(sets), p);
  }

  // "{ a, b }": the values in braces (a constructor's arguments).
  std::vector<ExprP> brace_arguments() {
    expect("{");
    const int saved_angle = angle_;
    angle_ = 0;
    std::vector<ExprP> args;
    if (!is("}")) {
      do args.push_back(assignment());
      while (accept(",") && !is("}"));
    }
    angle_ = saved_angle;
    expect("}", "to close the initializer");
    return args;
  }

  // A constructor's member initializer list (at ':' or its body's '{'): a statement per member
  // set, in the members' order as C++ runs them; members of a struct type with a default
  // constructor that the list leaves out get it.
  std::vector<StmtP> member_initializers(const StructDef& d) {
    std::vector<std::pair<size_t, ExprP>> sets;
    if (accept(":")) {
      do {
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member's name in the initializer list, found " + found());
        const Token m = cur();
        ++i_;
        size_t k = 0;
        if (!this_member(m.text, &k)) fail(m.pos, "'" + d.name + "' has no data member '" + m.text + "' to initialise");
        for (const auto& s : sets)
          if (s.first == k) fail(m.pos, "member '" + m.text + "' is initialised twice");
        stmt_pos_ = m.pos;
        const bool braces = is("{");
        std::vector<ExprP> args = braces ? brace_arguments() : call_arguments();
        sets.push_back({k, init_object(this_field(k, m.pos), std::move(args), braces, m.pos)});
      } while (accept(","));
    }
    for (size_t k = 0; k < d.fields.size(); ++k) {
      const Type ft = d.fields[k].type;
      bool named = false;
      for (const auto& s : sets) named = named || s.first == k;
      if (!named && ft.is_struct() && has_ctors(ft.sdef)) sets.push_back({k, init_object(this_field(k, cur().pos), {}, false, cur().pos)});
    }
    std::stable_sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<StmtP> out;
    for (auto& s : sets) {
      const Pos at = s.second->span.begin;
      out.push_back(expr_stmt(std::move(s.second), at));
    }
    return out;
  }

  // a OP b with a struct on a side: the operator function the operands pick (a member of a's
  // struct, or a function of the file).
  ExprP struct_operator(const std::string& op, ExprP a, ExprP b, Pos at) {
    const std::string fname = "operator" + op;
    std::vector<Function*> cands;
    if (a->type.is_struct())
      if (auto m = overloads_.find(a->type.sdef->name + "::" + fname); m != overloads_.end()) cands = m->second;
    const size_t members = cands.size();
    if (auto f = overloads_.find(fname); f != overloads_.end()) cands.insert(cands.end(), f->second.begin(), f->second.end());
    if (cands.empty()) return nullptr;
    // a member takes b (a is its object); a function of the file takes both
    std::vector<ExprP> one;
    one.push_back(std::move(b));
    std::vector<Function*> mem(cands.begin(), cands.begin() + static_cast<long>(members)), fre(cands.begin() + static_cast<long>(members), cands.end());
    Function* m = nullptr;
    Function* f = nullptr;
    bool m_ok = false, f_ok = false;
    auto viable = [&](const std::vector<Function*>& set, const std::vector<ExprP>& args) {
      for (Function* c : set) {
        if (given_params(*c) != args.size()) continue;
        bool ok = true;
        for (size_t k = 0; k < args.size(); ++k) {
          const Var* prm = c->params[hidden_params(*c) + k];
          const bool ref = ref_vars_.count(prm) != 0;
          ok = ok && fit(*args[k], ref ? prm->type.pointee() : prm->type, ref, const_ref_vars_.count(prm) != 0).rank >= 0;
        }
        if (ok) return true;
      }
      return false;
    };
    if (!mem.empty() && viable(mem, one)) {
      m = resolve(mem, one, at, "'" + a->type.sdef->name + "::" + fname + "'");
      m_ok = true;
    }
    std::vector<ExprP> two;
    two.push_back(std::move(a));
    two.push_back(std::move(one[0]));
    if (!fre.empty() && viable(fre, two)) {
      f = resolve(fre, two, at, "'" + fname + "'");
      f_ok = true;
    }
    if (m_ok && f_ok) fail(at, "'" + op + "' is ambiguous: " + signature(*m) + " and " + signature(*f) + " fit it equally well");
    if (f_ok) return function_call(f, std::move(two), at);
    if (m_ok) {
      std::vector<ExprP> arg;
      arg.push_back(std::move(two[1]));
      ExprP self = address_of(std::move(two[0]));
      return function_call(m, std::move(arg), at, std::move(self));
    }
    std::string c;
    for (Function* k : cands) c += (c.empty() ? "" : "; ") + signature(*k);
    fail(at, "no " + fname + " takes (" + two[0]->type.name() + ", " + two[1]->type.name() + "): the candidates are " + c);
  }

  // ---- cooperative groups (the parts courses use), lowered to barriers and warp intrinsics
  static bool is_cg_function(const std::string& n) {
    static const char* const names[] = {"this_thread_block", "tiled_partition", "sync", "reduce", "coalesced_threads", "this_grid",
                                        "labeled_partition", "binary_partition", "inclusive_scan", "exclusive_scan"};
    for (const char* w : names)
      if (n == w) return true;
    return false;
  }

  ExprP special(SpecialReg which, Pos p) {
    auto e = make(Ek::Special, p, which == SpecialReg::WarpSize ? kInt : kUnsigned);
    e->ival = static_cast<int>(which);
    return e;
  }
  ExprP bin(const char* op, ExprP a, ExprP b, Pos p) { return make_binary(op, std::move(a), std::move(b), p); }
  ExprP uint_lit(long long v, Pos p) { return int_lit(v, kUnsigned, p); }
  // threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y: the hardware's
  // order of a block's threads (warps are consecutive runs of 32).
  ExprP linear_tid(Pos p) {
    using R = SpecialReg;
    return bin("+", bin("+", special(R::ThreadIdxX, p), bin("*", special(R::ThreadIdxY, p), special(R::BlockDimX, p), p), p),
               bin("*", special(R::ThreadIdxZ, p), bin("*", special(R::BlockDimX, p), special(R::BlockDimY, p), p), p), p);
  }
  ExprP block_threads(Pos p) {
    return bin("*", bin("*", special(SpecialReg::BlockDimX, p), special(SpecialReg::BlockDimY, p), p), special(SpecialReg::BlockDimZ, p), p);
  }
  ExprP lane(Pos p) { return bin("%", linear_tid(p), uint_lit(32, p), p); }
  // The lanes of a tile of `size` threads (a power of two up to 32) holding this thread.
  ExprP tile_mask(ExprP size, Pos p) {
    ExprP size2 = clone_size(*size, p), size3 = clone_size(*size, p);  // before `size` is moved from
    auto lanes = bin(">>", uint_lit(0xffffffffLL, p), bin("-", uint_lit(32, p), std::move(size2), p), p);
    auto first = bin("*", bin("/", lane(p), std::move(size3), p), std::move(size), p);
    return bin("<<", std::move(lanes), std::move(first), p);
  }
  // A group's size expression used twice: a literal, or the group's word read again.
  ExprP clone_size(const Expr& e, Pos p) {
    if (e.kind == Ek::IntLit) return int_lit(e.ival, e.type, p);
    if (e.kind == Ek::Var) {
      auto v = make(Ek::Var, p, e.type);
      v->var = e.var;
      v->lvalue = e.lvalue;
      v->stmt = stmt_pos_;
      return v;
    }
    if (e.kind == Ek::Binary && e.bop == BinaryOp::BitAnd) return bin("&", clone_size(*e.kids[0], p), clone_size(*e.kids[1], p), p);
    if (e.kind == Ek::Cast) return convert(clone_size(*e.kids[0], p), e.type, "group");
    fail(p, "internal: a group's size is not a variable or a constant");
  }
  ExprP group_value(Type t, ExprP word) {
    word->type = t;
    return word;
  }
  ExprP group_lit(Type t, long long word, Pos p) { return int_lit(word, t, p, prev_end()); }
  static Type group_of(GroupKind k, int tile = 0) {
    Type t;
    t.base = Base::Group;
    t.group = k;
    t.tile = tile;
    return t;
  }
  // The size of group value g (unsigned).
  ExprP group_size(const ExprP& g, Pos p) {
    switch (g->type.group) {
      case GroupKind::Block: return block_threads(p);
      case GroupKind::Tile: return uint_lit(g->type.tile, p);
      case GroupKind::Coalesced: {  // its word is its lanes' mask
        std::vector<ExprP> a;
        a.push_back(group_as_word(g, p));
        return convert(builtin_call(Builtin::Popc, "size", std::move(a), p), kUnsigned, "size");
      }
      default: return group_as_word(g, p);
    }
  }

  // A call after `cg::` (or a name of cooperative_groups after `using namespace`).
  ExprP cg_call(Pos p, size_t first) {
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name after 'cooperative_groups::', found " + found());
    const Token w = cur();
    if (group_type_at(i_)) fail(w.pos, "'" + w.text + "' is a type: declare a variable of it (cg::" + w.text + " g = ...)");
    ++i_;
    if (w.text == "this_thread_block") {
      expect("(");
      if (cur().kind == Tok::Ident && tile_memory_.count(cur().text)) ++i_;  // this_thread_block(scratch): the block
      else if (!is(")")) fail(cur().pos, "this_thread_block takes no argument, or a __shared__ cg::block_tile_memory variable");
      expect(")");
      return group_lit(group_of(GroupKind::Block), 0, p);
    }
    if (w.text == "coalesced_threads") {  // the lanes of the warp here together: __activemask()
      expect("(");
      expect(")");
      ExprP e = builtin_call(Builtin::ActiveMask, "coalesced_threads", {}, p);
      e->type = group_of(GroupKind::Coalesced);
      return e;
    }
    if (w.text == "tiled_partition") {
      if (accept("<")) {
        const int size = tile_size(template_constant(), true);
        expect_close_angle();
        expect("(");
        ExprP parent = assignment();
        expect(")");
        partition_parent(parent, size, p);
        if (size > 32 && parent->type.group != GroupKind::Block)
          fail(p, "a tile of " + std::to_string(size) + " threads is cut from the thread_block here (cg::tiled_partition<" + std::to_string(size) +
                      ">(block)), not from " + parent->type.name());
        return group_lit(group_of(GroupKind::Tile, size), size, p);
      }
      expect("(");
      ExprP parent = assignment();
      expect(",", "in tiled_partition(parent, size)");
      ExprP n = assignment();
      expect(")");
      std::optional<long long> v = fold(*n);
      if (!v) fail(n->span.begin, "tiled_partition(parent, size): the size must be a constant here (or use tiled_partition<SIZE>(parent))");
      if (*v > 32 && *v <= 1024 && !(*v & (*v - 1)))
        fail(n->span.begin, "tiled_partition(parent, " + std::to_string(*v) + "): CUDA's thread_group tiles have 1, 2, 4, ..., 32 threads (its "
                            "library aborts for more); a tile of several warps is tiled_partition<" + std::to_string(*v) + ">(block)");
      const int size = tile_size({*v, n->span.begin});
      partition_parent(parent, size, p);
      return group_lit(group_of(GroupKind::Dynamic), size, p);
    }
    if (w.text == "sync") {
      expect("(");
      const size_t obj = i_;
      ExprP g = assignment();
      const size_t obj_last = i_ - 1;
      expect(")");
      if (!g->type.is_group()) fail(g->span.begin, "cg::sync needs a group, not " + g->type.name());
      note_group_sync(g->type, first, obj, obj_last, i_ - 1);
      return group_sync(std::move(g), p, token_text(first, i_ - 1));
    }
    if (w.text == "reduce") {
      const auto& inc = pp_.system_includes;
      if (std::find(inc.begin(), inc.end(), "cooperative_groups/reduce.h") == inc.end())
        fail(w.pos, "cg::reduce needs '#include <cooperative_groups/reduce.h>'");
      return cg_reduce(p);
    }
    if (w.text == "block_tile_memory")
      fail(w.pos, "block_tile_memory is the type of a __shared__ variable only (__shared__ cg::block_tile_memory<BlockSize> scratch;)");
    if (w.text == "this_grid")
      fail(w.pos, "this_grid() (a grid-wide barrier) needs a cooperative launch, which kernel files do not have");
    fail(w.pos, "cooperative_groups::" + w.text + " is not supported yet (supported: this_thread_block, tiled_partition, sync, reduce, "
                "and the groups' thread_rank, size, num_threads, meta_group_rank, meta_group_size, sync, shfl, shfl_up, "
                "shfl_down, shfl_xor, any, all, ballot)");
  }

  void partition_parent(const ExprP& parent, int size, Pos p) {
    if (!parent->type.is_group()) fail(parent->span.begin, "tiled_partition needs a group, not " + parent->type.name());
    if (parent->type.group == GroupKind::Tile && size > parent->type.tile)
      fail(p, "a tile of " + std::to_string(size) + " threads cannot be cut from a tile of " + std::to_string(parent->type.tile));
    if (parent->type.group == GroupKind::Coalesced) fail(p, "tiled_partition of a coalesced group is not supported");
  }

  // A sync of a block (or of a thread_group, which may be one) ends a step that the GPU's traced
  // build snapshots: it needs to find the call's tokens. A tile's (of several warps too) is the
  // tile's own barrier there and here, and ends no step.
  void note_group_sync(Type g, size_t first, size_t obj_first, size_t obj_last, size_t last) {
    if (g.group != GroupKind::Block && g.group != GroupKind::Dynamic) return;
    first = orig_index(first), obj_first = orig_index(obj_first), obj_last = orig_index(obj_last), last = orig_index(last);
    for (auto& s : prog_.group_syncs)
      if (s.first == first) {
        if (s.block != (g.group == GroupKind::Block)) s.block = false;  // instantiations disagree: decided when it runs
        return;
      }
    prog_.group_syncs.push_back({first, obj_first, obj_last, last, g.group == GroupKind::Block});
  }

  // The text of tokens [first, last] as faults quote it ("t.sync()").
  std::string token_text(size_t first, size_t last) const {
    std::string out;
    for (size_t k = first; k <= last && k < t_.size(); ++k) out += t_[k].text;
    return out;
  }

  // The barrier of a tile of several warps: its threads only (Builtin::TileSync, `size` its
  // threads); `text` names the call in faults.
  ExprP tile_barrier(ExprP size, const std::string& text, Pos p) {
    std::vector<ExprP> a;
    a.push_back(std::move(size));
    ExprP e = builtin_call(Builtin::TileSync, "sync", std::move(a), p);
    auto& texts = prog_.tile_sync_texts;
    auto it = std::find(texts.begin(), texts.end(), text);
    e->ival = it - texts.begin();
    if (it == texts.end()) texts.push_back(text);
    return e;
  }

  ExprP group_sync(ExprP g, Pos p, const std::string& text) {
    std::vector<ExprP> none;
    switch (g->type.group) {
      case GroupKind::Block: return builtin_call(Builtin::SyncThreads, "sync", std::move(none), p);
      case GroupKind::Tile: {
        // a tile of whole warps: the barrier of its warps (of the tile's threads only)
        if (g->type.tile > 32) {
          if (step_label_at(p, true))
            fail(p, "a step label on " + text + ": the barrier of a tile of " + std::to_string(g->type.tile) +
                        " threads ends no step (the GPU's traced build snapshots at the block's barriers only); put the label on a __syncthreads()");
          return tile_barrier(uint_lit(g->type.tile, p), text, p);
        }
        std::vector<ExprP> a;
        a.push_back(tile_mask(uint_lit(g->type.tile, p), p));
        return builtin_call(Builtin::SyncWarp, "sync", std::move(a), p);
      }
      case GroupKind::Coalesced: {  // its lanes
        std::vector<ExprP> a;
        a.push_back(group_as_word(g, p));
        return builtin_call(Builtin::SyncWarp, "sync", std::move(a), p);
      }
      default: {
        // a thread_group: the whole block when it has the block's size (as the GPU's traced build
        // decides too), else a tile of a warp (CUDA makes no thread_group of several warps but the
        // block: tiled_partition(block, 64) aborts, a thread_block_tile<64> does not convert)
        auto flag = bin("==", group_size(g, p), block_threads(p), p);
        std::vector<ExprP> a;
        a.push_back(tile_mask(group_size(g, p), p));
        auto e = make(Ek::Cond, p, kVoid);
        e->kids.push_back(std::move(flag));
        e->kids.push_back(builtin_call(Builtin::SyncThreads, "sync", std::move(none), p));
        e->kids.push_back(builtin_call(Builtin::SyncWarp, "sync", std::move(a), p));
        return e;
      }
    }
  }
  // A thread_group's word: its size.
  ExprP group_as_word(const ExprP& g, Pos p) {
    auto w = clone_size(*g, p);
    w->type = kUnsigned;
    return w;
  }

  // g.NAME(args): the group's members.
  // `first`, `dot`: the tokens where the object starts and its '.' (a block barrier's, for the GPU's traced build).
  ExprP group_member(ExprP g, size_t first, size_t dot) {
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a member of " + g->type.name() + ", found " + found());
    const Token m = cur();
    const Pos p = m.pos;
    ++i_;
    const GroupKind k = g->type.group;
    // dim3 members of a thread_block: group_index().x, thread_index().y, group_dim().z
    if (k == GroupKind::Block && (m.text == "group_index" || m.text == "thread_index" || m.text == "group_dim" || m.text == "dim_threads")) {
      expect("(");
      expect(")");
      expect(".", ("after " + m.text + "()").c_str());
      if (cur().kind != Tok::Ident || cur().text.size() != 1 || cur().text[0] < 'x' || cur().text[0] > 'z')
        fail(cur().pos, m.text + "() has members x, y and z");
      const int comp = cur().text[0] - 'x';
      ++i_;
      const SpecialReg x = m.text == "group_index" ? SpecialReg::BlockIdxX : m.text == "thread_index" ? SpecialReg::ThreadIdxX : SpecialReg::BlockDimX;
      return special(special_reg(x, comp), p);
    }
    if (k == GroupKind::Coalesced) return coalesced_member(std::move(g), m);
    std::vector<ExprP> args = call_arguments();
    auto nargs = [&](size_t n) {
      if (args.size() != n)
        fail(p, m.text + "() of " + g->type.name() + " takes " + std::to_string(n) + " arguments, given " + std::to_string(args.size()));
    };
    if (m.text == "sync") {
      nargs(0);
      note_group_sync(g->type, first, first, dot - 1, i_ - 1);
      return group_sync(std::move(g), p, token_text(first, i_ - 1));
    }
    if (m.text == "thread_rank") {
      nargs(0);
      if (k == GroupKind::Block) return linear_tid(p);
      return bin("%", linear_tid(p), group_size(g, p), p);
    }
    if (m.text == "size" || m.text == "num_threads") {
      nargs(0);
      return group_size(g, p);
    }
    if (k == GroupKind::Tile || k == GroupKind::Dynamic) {
      if (m.text == "meta_group_rank") {
        nargs(0);
        return bin("/", linear_tid(p), group_size(g, p), p);
      }
      if (m.text == "meta_group_size") {
        nargs(0);
        auto s = group_size(g, p);
        return bin("/", bin("-", bin("+", block_threads(p), group_size(g, p), p), uint_lit(1, p), p), std::move(s), p);
      }
    }
    if (k == GroupKind::Tile && g->type.tile > 32)
      fail(p, "'" + m.text + "' does not exist on a tile of " + std::to_string(g->type.tile) +
                  " threads (CUDA gives tiles of more than 32 threads thread_rank, size, num_threads, meta_group_rank, meta_group_size "
                  "and sync; cg::reduce takes them)");
    if (k == GroupKind::Tile) {
      const int S = g->type.tile;
      auto mask = [&] { return tile_mask(uint_lit(S, p), p); };
      struct Shfl {
        const char* name;
        Builtin b;
      };
      static const Shfl shuffles[] = {{"shfl", Builtin::ShflSync}, {"shfl_up", Builtin::ShflUpSync}, {"shfl_down", Builtin::ShflDownSync},
                                      {"shfl_xor", Builtin::ShflXorSync}};
      for (const Shfl& sh : shuffles)
        if (m.text == sh.name) {
          nargs(2);
          std::vector<ExprP> a;
          a.push_back(mask());
          a.push_back(std::move(args[0]));
          a.push_back(std::move(args[1]));
          a.push_back(int_lit(S, kInt, p));
          return builtin_call(sh.b, m.text, std::move(a), p);
        }
      if (m.text == "any" || m.text == "all" || m.text == "ballot") {
        nargs(1);
        std::vector<ExprP> a;
        a.push_back(mask());
        a.push_back(std::move(args[0]));
        const Builtin b = m.text == "any" ? Builtin::AnySync : m.text == "all" ? Builtin::AllSync : Builtin::BallotSync;
        ExprP r = builtin_call(b, m.text, std::move(a), p);
        if (b != Builtin::BallotSync || S == 32) return r;
        // bit i of a tile's ballot is the tile's thread i
        return bin(">>", std::move(r), bin("*", bin("/", lane(p), uint_lit(S, p), p), uint_lit(S, p), p), p);
      }
    }
    fail(p, "'" + m.text + "' is not a member of " + g->type.name() + " that kernel files support");
  }

  // g.NAME(args) of a coalesced group (its word: the mask of its lanes in the warp), as the
  // library computes them: a thread's rank is the number of the group's lanes below its own;
  // shuffles name a rank, which is the lane of the rank-th set bit of the mask.
  ExprP coalesced_member(ExprP g, const Token& m) {
    const Pos p = m.pos;
    std::vector<ExprP> seq;
    if (g->kind != Ek::Var) {  // cg::coalesced_threads().thread_rank(): the mask kept first
      Var* h = hidden_local(g->type, p, "(a coalesced group)");
      auto as = make(Ek::Assign, p, g->type);
      as->stmt = stmt_pos_;
      as->kids.push_back(var_expr(h, p));
      as->kids.push_back(std::move(g));
      seq.push_back(std::move(as));
      g = var_expr(h, p);
    }
    std::vector<ExprP> args = call_arguments();
    auto nargs = [&](size_t n) {
      if (args.size() != n)
        fail(p, m.text + "() of " + g->type.name() + " takes " + std::to_string(n) + " arguments, given " + std::to_string(args.size()));
    };
    auto word = [&] { return group_as_word(g, p); };
    auto popc = [&](ExprP x) {
      std::vector<ExprP> a;
      a.push_back(std::move(x));
      return convert(builtin_call(Builtin::Popc, "__popc", std::move(a), p), kUnsigned, "rank");
    };
    auto rank = [&] { return popc(bin("&", word(), bin("-", bin("<<", uint_lit(1, p), lane(p), p), uint_lit(1, p), p), p)); };
    auto lane_of = [&](ExprP r) {
      const int row = math_builtin_lane_of_rank();
      std::vector<ExprP> a;
      a.push_back(word());
      a.push_back(std::move(r));
      return math_call(row, *math_builtin(row), std::move(a), "lane of rank", p);
    };
    auto shfl = [&](ExprP v, ExprP src) {
      std::vector<ExprP> a;
      a.push_back(word());
      a.push_back(std::move(v));
      a.push_back(convert(std::move(src), kInt, "lane"));
      a.push_back(int_lit(32, kInt, p));
      return builtin_call(Builtin::ShflSync, m.text, std::move(a), p);
    };
    auto cond = [&](ExprP c, ExprP a, ExprP b) {
      auto e = make(Ek::Cond, p, kUnsigned);
      e->kids.push_back(to_bool(std::move(c)));
      e->kids.push_back(convert(std::move(a), kUnsigned, "lane"));
      e->kids.push_back(convert(std::move(b), kUnsigned, "lane"));
      return e;
    };
    ExprP r;
    if (m.text == "sync") {
      nargs(0);
      std::vector<ExprP> a;
      a.push_back(word());
      r = builtin_call(Builtin::SyncWarp, "sync", std::move(a), p);
    } else if (m.text == "thread_rank") {
      nargs(0);
      r = rank();
    } else if (m.text == "size" || m.text == "num_threads") {
      nargs(0);
      r = group_size(g, p);
    } else if (m.text == "meta_group_rank" || m.text == "meta_group_size") {
      nargs(0);
      r = uint_lit(m.text == "meta_group_rank" ? 0 : 1, p);
    } else if (m.text == "shfl") {  // from the thread of rank `src`
      nargs(2);
      ExprP src = convert(std::move(args[1]), kUnsigned, "rank");
      r = shfl(std::move(args[0]), lane_of(std::move(src)));
    } else if (m.text == "shfl_up" || m.text == "shfl_down") {  // from rank -/+ delta, or its own value past the group's ends
      nargs(2);
      Var* d = hidden_local(kUnsigned, p, "(a shuffle's delta)");
      seq.push_back(assign(var_expr(d, p), std::move(args[1])));
      ExprP v = std::move(args[0]);
      if (m.text == "shfl_up")
        r = shfl(std::move(v), cond(bin(">=", rank(), var_expr(d, p), p), lane_of(bin("-", rank(), var_expr(d, p), p)), lane(p)));
      else
        r = shfl(std::move(v), cond(bin("<", bin("+", rank(), var_expr(d, p), p), group_size(g, p), p),
                                    lane_of(bin("+", rank(), var_expr(d, p), p)), lane(p)));
    } else if (m.text == "any" || m.text == "all" || m.text == "ballot") {
      nargs(1);
      std::vector<ExprP> a;
      a.push_back(word());
      a.push_back(std::move(args[0]));
      const Builtin b = m.text == "any" ? Builtin::AnySync : m.text == "all" ? Builtin::AllSync : Builtin::BallotSync;
      r = builtin_call(b, m.text, std::move(a), p);
      if (b == Builtin::BallotSync) {  // bit r: the thread of rank r
        const int row = math_builtin_pack_lanes();
        std::vector<ExprP> pk;
        pk.push_back(word());
        pk.push_back(std::move(r));
        r = math_call(row, *math_builtin(row), std::move(pk), "ballot", p);
      }
    } else {
      fail(p, "'" + m.text + "' is not a member of " + g->type.name() + " that kernel files support (thread_rank, size, num_threads, "
              "meta_group_rank, meta_group_size, sync, shfl, shfl_up, shfl_down, any, all, ballot)");
    }
    if (seq.empty()) return r;
    seq.push_back(std::move(r));
    return sequence(std::move(seq), p);
  }

  // cg::reduce(tile, value, cg::plus<T>()): a butterfly of shfl_xor over the tile, every thread
  // ending with the tile's result (what the library returns).
  ExprP cg_reduce(Pos p) {
    expect("(", "after cg::reduce");
    ExprP g = assignment();
    expect(",");
    ExprP v = assignment();
    expect(",");
    const Pos op_pos = cur().pos;
    accept_cg_qualifier();
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected an operator such as cg::plus<int>(), found " + found());
    const std::string op = cur().text;
    static const char* const ops[][2] = {{"plus", "+"}, {"less", "min"}, {"greater", "max"}, {"bit_and", "&"}, {"bit_or", "|"}, {"bit_xor", "^"}};
    const char* how = nullptr;
    for (const auto& o : ops)
      if (op == o[0]) how = o[1];
    if (!how) fail(op_pos, "cg::reduce takes cg::plus, cg::less, cg::greater, cg::bit_and, cg::bit_or or cg::bit_xor here, not '" + op + "'");
    ++i_;
    expect("<", ("after " + op).c_str());
    Type t = parse_type();
    expect_close_angle();
    expect("(");
    expect(")");
    expect(")", "to close cg::reduce");
    if (g->type.group != GroupKind::Tile) fail(g->span.begin, "cg::reduce needs a thread_block_tile, not " + g->type.name());
    if (!t.is_arithmetic()) fail(op_pos, "cg::" + op + " needs a number type, not " + t.name());
    if ((how[0] == '&' || how[0] == '|' || how[0] == '^') && t.is_float()) fail(op_pos, "cg::" + op + " needs an integer type");
    const int S = g->type.tile;
    // r = v; r = r OP shfl_xor(r, S/2); ...; r
    // A tile of whole warps (S > 32): each warp so over its 32 lanes, then the warps' values meet
    // in a scratch array of the interpreter's own (32 per block, in shared memory): lane 0 of each
    // warp stores its value, the tile's barrier, each thread combines its tile's warps in order,
    // the tile's barrier (tiles touch words of their own warps: no tile waits for another).
    const int W = S > 32 ? 32 : S;
    Var* r = hidden_local(t, p);
    auto var = [&] {
      auto e = make(Ek::Var, p, t);
      e->var = r;
      e->lvalue = true;
      e->stmt = stmt_pos_;
      return e;
    };
    auto assign = [&](ExprP value) {
      auto a = make(Ek::Assign, p, t);
      a->kids.push_back(var());
      a->kids.push_back(convert(std::move(value), t, "cg::reduce"));
      a->stmt = stmt_pos_;
      return a;
    };
    auto combine = [&](ExprP other) {  // r OP other
      if (how[0] != 'm') return make_binary(how, var(), std::move(other), p);
      std::vector<ExprP> mm;
      mm.push_back(var());
      mm.push_back(std::move(other));
      return builtin_call(how[1] == 'i' ? Builtin::Min : Builtin::Max, how, std::move(mm), p);
    };
    ExprP seq = assign(std::move(v));
    for (int off = W / 2; off >= 1; off /= 2) {
      std::vector<ExprP> a;
      a.push_back(tile_mask(uint_lit(W, p), p));
      a.push_back(var());
      a.push_back(int_lit(off, kInt, p));
      a.push_back(int_lit(W, kInt, p));
      ExprP other = builtin_call(Builtin::ShflXorSync, "shfl_xor", std::move(a), p);
      auto c = make(Ek::Comma, p, t);
      c->kids.push_back(std::move(seq));
      c->kids.push_back(assign(combine(std::move(other))));
      seq = std::move(c);
    }
    if (S > 32) {
      auto sv = std::make_unique<Var>();
      sv->name = "(cg::reduce scratch)";
      sv->type = t;
      sv->array_len = 32 * t.words();
      sv->storage = Storage::Shared;
      sv->pos = p;
      Var* scratch = sv.get();
      prog_.vars.push_back(std::move(sv));
      if (fn_) shared_owner_[scratch] = fn_;
      scratch->slot = (prog_.static_shared_words + t.align() - 1) / t.align() * t.align();
      prog_.static_shared_words = scratch->slot + scratch->array_len;
      prog_.static_shared.push_back(scratch);
      auto elem = [&](ExprP index) {
        ExprP e = deref(make_binary("+", use_var(scratch, p), std::move(index), p), p);
        e->stmt = stmt_pos_;
        return e;
      };
      auto comma = [&](ExprP x) {
        auto c = make(Ek::Comma, p, x->type);
        c->kids.push_back(std::move(seq));
        c->kids.push_back(std::move(x));
        seq = std::move(c);
      };
      auto barrier = [&] { return tile_barrier(uint_lit(S, p), "cg::reduce", p); };
      // if (lane == 0) scratch[warp] = r;
      auto store = make(Ek::Assign, p, t);
      store->stmt = stmt_pos_;
      store->kids.push_back(elem(bin("/", linear_tid(p), uint_lit(32, p), p)));
      store->kids.push_back(var());
      auto stored = make(Ek::Comma, p, kInt);
      stored->kids.push_back(std::move(store));
      stored->kids.push_back(int_lit(0, kInt, p));
      auto cond = make(Ek::Cond, p, kInt);
      cond->kids.push_back(to_bool(bin("==", lane(p), uint_lit(0, p), p)));
      cond->kids.push_back(std::move(stored));
      cond->kids.push_back(int_lit(0, kInt, p));
      comma(std::move(cond));
      comma(barrier());
      // r = scratch[first]; r = r OP scratch[first + 1]; ... (first: the tile's first warp)
      auto first_warp = [&] { return bin("*", bin("/", linear_tid(p), uint_lit(S, p), p), uint_lit(S / 32, p), p); };
      comma(assign(elem(first_warp())));
      for (int k = 1; k < S / 32; ++k) {
        comma(assign(combine(elem(bin("+", first_warp(), uint_lit(k, p), p)))));
      }
      comma(barrier());  // the scratch is free for the next reduce
    }
    auto c = make(Ek::Comma, p, t);
    c->kids.push_back(std::move(seq));
    auto last = var();
    last->lvalue = false;
    c->kids.push_back(std::move(last));
    return c;
  }

  // A local the parser needs (cg::reduce's running value, a struct a call returns): slots of its
  // own, no name in scope.
  Var* hidden_local(Type t, Pos p, const char* name = "(cg::reduce)") { return hidden_var(t, p, name, Storage::Local); }
  Var* hidden_var(Type t, Pos p, const char* name, Storage storage) {
    if (!fn_) fail(p, std::string(name) + " outside a function");
    auto v = std::make_unique<Var>();
    v->name = name;
    v->type = t;
    v->storage = storage;
    v->pos = p;
    v->slot = alloc_slots(t.words());
    Var* raw = v.get();
    prog_.vars.push_back(std::move(v));
    if (t.is_struct()) make_members(raw);
    return raw;
  }

  // A struct in a frame: a variable for each member (nested structs too), named "x.m".
  void make_members(Var* v) {
    for (const auto& f : v->type.sdef->fields) {
      auto m = std::make_unique<Var>();
      m->name = v->name + "." + f.name;
      m->type = f.type;
      m->storage = v->storage;
      m->pos = v->pos;
      m->slot = v->slot + f.offset;
      Var* raw = m.get();
      prog_.vars.push_back(std::move(m));
      if (f.type.is_struct() && !f.type.is_packed()) make_members(raw);  // a packed vector's members are reached through its address
      v->members.push_back(raw);
    }
  }

  // A pointer's offset or index: an unsigned one keeps its type (the machine's PAdd zero-extends it
  // to 64 bits, as the GPU does: p[4294967295u] is not p[-1]); anything else becomes an int.
  ExprP pointer_offset(ExprP e, const char* what) {
    if (e->type.is_unsigned() || e->type.base == Base::Long) return e;  // a 64-bit one is taken whole (PAdd)
    return convert(std::move(e), kInt, what);
  }

  ExprP int_lit(long long v, Type t, Pos p, Pos end = Pos{}) {
    auto e = std::make_unique<Expr>(Ek::IntLit, Span{p, end.line ? end : p}, t);
    e->ival = v;
    return e;
  }

  // The `// step(PHASE): LABEL` comment on the line of `at`, if any.
  std::unique_ptr<StepLabel> step_label_at(Pos at, bool vars_in_scope) {
    auto fc = pp_.comments.find(at.file);
    if (fc == pp_.comments.end()) return nullptr;
    auto lc = fc->second.find(at.line);
    if (lc == fc->second.end()) return nullptr;
    auto l = std::make_unique<StepLabel>();
    try {
      if (!parse_step_comment(lc->second, &l->phase, &l->text)) return nullptr;
    } catch (const std::invalid_argument& e) {
      fail(at, e.what());
    }
    l->pos = at;
    if (l->text.size() > static_cast<size_t>(kMaxLabelChars))
      fail(at, "a step label of " + std::to_string(l->text.size()) + " characters (at most " + std::to_string(kMaxLabelChars) + ")");
    // {name} placeholders: variables in scope here (for the end of a kernel: none are)
    size_t k = 0;
    while ((k = l->text.find('{', k)) != std::string::npos) {
      size_t close = l->text.find('}', k);
      if (close == std::string::npos) fail(at, "step label: '{' without '}'");
      const std::string name = l->text.substr(k + 1, close - k - 1);
      const Var* v = vars_in_scope ? lookup(name) : nullptr;
      if (!v || v->is_array())
        fail(at, "step label names {" + name + "}, but no variable '" + name + "' is in scope at this line");
      if (v->storage == Storage::Shared || v->storage == Storage::Device)
        fail(at, "step label names {" + name + "}, a variable in " + (v->storage == Storage::Shared ? "shared" : "global") +
                     " memory: a label shows a thread's own variables (copy it into a local first)");
      if (v->type.is_struct()) fail(at, "step label names {" + name + "}, a struct: name one of its members' variables instead");
      l->vars.push_back(v);
      l->var_names.push_back(name);
      k = close + 1;
    }
    return l;
  }

  // ---- null pointers: NULL and nullptr are a literal 0 of type void* (the machine's pointer that
  // points nowhere); a literal integer 0 is one too where a pointer is expected, as in C++.
  static Type null_type() { return Type{Base::Void, true}; }
  ExprP null_lit(Pos p, Pos end) { return int_lit(0, null_type(), p, end); }
  static bool is_nullptr(const Expr& e) { return e.kind == Ek::IntLit && e.type == null_type(); }
  static bool is_null_constant(const Expr& e) {
    return e.kind == Ek::IntLit && (e.type.pointer || (e.type.is_integer() && e.type.base != Base::Bool && e.ival == 0));
  }
  // A null pointer constant as a pointer of type t.
  ExprP null_as(const Expr& e, Type t) {
    ExprP n = int_lit(0, t, e.span.begin, e.span.end);
    n->span = e.span;
    return n;
  }

  // ---- conversions
  ExprP to_bool(ExprP e) {
    if (e->type.is_void()) fail(e->span.begin, "a condition needs a value");
    if (e->type.pointer) {  // `if (p)`, `!p`: p != nullptr
      const Pos p = e->span.begin;
      ExprP n = null_as(*e, e->type);
      return make_binary("!=", std::move(e), std::move(n), p);
    }
    return convert(std::move(e), kBool, "condition");
  }

  ExprP convert(ExprP e, Type to, const char* what) {
    if (e->type == to) return e;
    if (e->type.is_void()) fail(e->span.begin, std::string("a ") + what + " needs a value, not void");
    if (e->type.is_struct()) {  // a conversion operator (SharedMemory<T> to T*)
      for (const auto& c : e->type.sdef->conversions)
        if (c.first == to) {
          const Pos p = e->span.begin;
          ExprP call = function_call(c.second, {}, p);
          if (e->kind != Ek::Comma) return call;  // the object holds nothing: only its conversion runs
          auto c2 = make(Ek::Comma, p, call->type);
          c2->kids.push_back(std::move(e->kids[0]));
          c2->kids.push_back(std::move(call));
          return c2;
        }
    }
    if (e->type.is_struct() || to.is_struct())
      fail(e->span.begin, std::string("cannot convert ") + e->type.name() + " to " + to.name() + " (" + what + ")");
    if (to.is_group() || e->type.is_group()) {
      // to a thread_group: the size of a tile, the block's size with the top bit set
      if (to.is_group() && e->type.is_group() && to.group == GroupKind::Dynamic) {
        const Pos p = e->span.begin;
        if (e->type.group == GroupKind::Tile && e->type.tile > 32)
          fail(p, "a tile of " + std::to_string(e->type.tile) + " threads as a thread_group: CUDA has no such conversion (keep its thread_block_tile<" +
                      std::to_string(e->type.tile) + "> type)");
        if (e->type.group == GroupKind::Tile) return group_lit(to, e->type.tile, p);
        if (e->type.group == GroupKind::Block) {
          auto w = block_threads(p);
          w->type = to;
          return w;
        }
      }
      fail(e->span.begin, std::string("cannot convert ") + e->type.name() + " to " + to.name() + " (" + what + ")");
    }
    if (to.pointer && is_null_constant(*e)) return null_as(*e, to);
    if (to.pointer || e->type.pointer) {
      fail(e->span.begin, std::string("cannot convert ") + (is_nullptr(*e) ? std::string("a null pointer") : e->type.name()) + " to " +
                              to.name() + " (" + what + ")");
    }
    Span s = e->span;
    auto c = std::make_unique<Expr>(Ek::Cast, s, to);
    c->kids.push_back(std::move(e));
    return c;
  }

  // Integer constant folding (array sizes, template arguments, constants, default arguments): the
  // value as its type holds it, by the one evaluator's rules (const_expr.h), those of the machine
  // that runs the same expression. nullopt: not a constant (or a division by zero).
  std::optional<long long> fold(const Expr& e) const {
    std::optional<ConstInt> v = fold_int(e);
    if (!v) return std::nullopt;
    return v->value;
  }
  std::optional<ConstInt> fold_int(const Expr& e) const {
    if (!e.type.is_integer()) return std::nullopt;
    switch (e.kind) {
      case Ek::IntLit: return const_convert({e.ival, e.type.base}, e.type.base);
      case Ek::Cast: {
        if (!e.kids[0]->type.is_integer()) return std::nullopt;
        auto v = fold_int(*e.kids[0]);
        if (!v) return v;
        return const_convert(*v, e.type.base);  // the 1- and 2-byte integers keep their low bytes
      }
      case Ek::Unary: {
        auto v = fold_int(*e.kids[0]);
        if (!v) return v;
        return const_unary(e.uop, *v);
      }
      case Ek::Binary: case Ek::Logical: {
        if (!e.kids[0]->type.is_integer() || !e.kids[1]->type.is_integer()) return std::nullopt;
        auto a = fold_int(*e.kids[0]), b = fold_int(*e.kids[1]);
        if (!a || !b) return std::nullopt;
        auto v = const_binary(e.bop, *a, *b);
        if (!v) return v;
        return const_convert(*v, e.type.base);
      }
      case Ek::Cond: {
        auto c = fold_int(*e.kids[0]);
        if (!c) return c;
        return fold_int(*e.kids[c->value ? 1 : 2]);
      }
      default: return std::nullopt;
    }
  }

  const SourceSet& files_;
  const Preprocessed& pp_;
  std::vector<Token> tokens_;  // the program's, then the launch lines' template-ids
  const std::vector<Token>& t_;
  std::map<std::string, std::unique_ptr<Template>> templates_;
  std::vector<std::unique_ptr<Template>> template_overloads_;  // the second and later templates of a name (Template::next)
  std::map<std::string, std::unique_ptr<Template>> class_templates_;
  std::map<std::string, StructDef*> structs_;  // by name: the file's structs and class templates' instantiations ("S<int>")
  bool method_ = false;  // parsing a member function: `const` may follow its parameters
  // The next function() is a member function of this struct with data (it takes `this`), or
  // this struct's constructor (a member initializer list may follow its parameters).
  const StructDef* method_this_ = nullptr;
  const StructDef* ctor_of_ = nullptr;
  const Var* this_var_ = nullptr;          // the member function being parsed: its `this`
  const StructDef* cur_struct_ = nullptr;  // the struct whose member function is being parsed
  std::set<const Function*> has_this_;     // member functions that take the object's address
  std::set<const Var*> ref_vars_;          // references (T &r): pointers used through
  std::set<const Function*> ref_ret_;      // functions returning a reference (T &f()): a pointer, used through
  bool next_ret_ref_ = false;              // the next function() returns a reference
  // Functions by the name a call gives ("f", "S::m", "S::S", "operator+"), overloads in
  // declaration order; constructors by struct.
  std::map<std::string, std::vector<Function*>> overloads_;
  std::map<const StructDef*, std::string> ctor_key_;
  // Default arguments: by function, the parameter's index and its value's tokens.
  std::map<const Function*, std::map<size_t, std::pair<size_t, size_t>>> defaults_;
  std::map<std::string, TArg> tbind_;  // the arguments of the instantiation being parsed
  std::vector<std::pair<std::string, Pos>> instantiating_;  // instantiations being parsed, and where each was used
  int instantiations_ = 0, instantiation_depth_ = 0;
  long long instantiated_tokens_ = 0;
  int angle_ = 0;          // inside a template's <...>: '>' closes it
  bool half_gt_ = false;   // the first '>' of a '>>' token closed a template's list
  bool saw_const_ = false;  // the last type read had const or constexpr
  bool const_ref_ = false;  // the last type read was a parameter's const T& (a copy here)
  std::set<const Var*> const_ref_vars_;  // parameters declared const T& (overload resolution ranks them as references)
  std::vector<std::map<std::string, Type>> alias_scopes_;  // typedef and using, beside scopes_
  std::map<std::string, Type> global_aliases_;
  std::map<std::string, Constant> constants_;  // file-scope constants
  std::set<std::string> ns_aliases_;            // names of cooperative_groups (namespace cg = ...)
  // The file's own namespaces (see declarations_prepass): their names (and aliases), and per
  // token of the program the namespaces it stands in as a qualifier ("A::B::", "" at file scope)
  // and its index in the preprocessed tokens.
  std::set<std::string> user_ns_;
  std::vector<std::string> scope_names_{""};
  std::vector<int> scope_of_;
  std::vector<size_t> orig_;
  std::vector<char> linkage_;  // per token: under extern "C" (a block's, or the declaration after one)
  std::map<std::string, Pos> host_vars_;  // extern "C" const uint N; of host code: declared, no value here
  bool using_cg_ = false;                       // using namespace cooperative_groups;
  size_t i_ = 0;
  Program prog_;
  std::vector<std::map<std::string, const Var*>> scopes_;
  std::map<std::string, const Var*> globals_;
  std::map<std::string, Function*> functions_;  // by name (a text may define tens of thousands)
  const Function* find_function(const std::string& name) const {
    auto it = functions_.find(name);
    return it == functions_.end() ? nullptr : it->second;
  }
  Function* fn_ = nullptr;
  int loops_ = 0;
  int depth_ = 0;
  Pos stmt_pos_;
  Pos body_open_;  // the '{' of the function body being parsed (line 0: none)
  std::map<const Var*, const Function*> shared_owner_;  // __shared__ variables declared in a function body
  std::set<const Function*> called_;
};

}  // namespace

Program parse_program(const SourceSet& files, const Preprocessed& pp, const std::vector<std::vector<Token>>& launch_ids) {
  Parser p(files, pp);
  return p.run(launch_ids);
}

}  // namespace scanscope::cuda
