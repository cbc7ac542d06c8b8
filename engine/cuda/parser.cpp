// Recursive-descent parser of the CUDA C subset (see parser.h). Names are resolved and types
// checked while parsing; implicit conversions become explicit Cast nodes.
#include "engine/cuda/parser.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "engine/cuda/limits.h"

namespace scanscope::cuda {

std::string Type::name() const {
  std::string b = base == Base::Void ? "void" : base == Base::Bool ? "bool" : base == Base::Int ? "int"
                  : base == Base::Unsigned ? "unsigned" : "float";
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
    {"__threadfence", Builtin::ThreadFence}, {"__threadfence_block", Builtin::ThreadFence}, {"min", Builtin::Min},
    {"max", Builtin::Max}, {"abs", Builtin::Abs}, {"fminf", Builtin::Fminf}, {"fmaxf", Builtin::Fmaxf}, {"fabsf", Builtin::Fabsf},
    {"__popc", Builtin::Popc}, {"__clz", Builtin::Clz}, {"__ffs", Builtin::Ffs}, {"__float_as_int", Builtin::FloatAsInt},
    {"__int_as_float", Builtin::IntAsFloat}, {"__float_as_uint", Builtin::FloatAsUint}, {"__uint_as_float", Builtin::UintAsFloat},
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
      return true;
    default: return false;
  }
}

const char* const kUnsupportedTypes[] = {"double", "long", "short", "char", "size_t", "half", "__half", "int2", "int4", "float2",
                                         "float4", "uint2", "uint4", "dim3", "auto", "int64_t", "uint32_t", "int32_t", "uint64_t"};

class Parser {
 public:
  Parser(const SourceSet& f, const Preprocessed& pp) : files_(f), pp_(pp), t_(pp.tokens) {}

  Program run() {
    while (!at_end()) {
      if (accept(";")) continue;
      external();
    }
    for (const auto& fn : prog_.functions)
      if (!fn->body && called_.count(fn.get()))
        fail_at(files_, fn->pos, "function '" + fn->name + "' is declared but never defined");
    return std::move(prog_);
  }

 private:
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
  [[noreturn]] void fail(Pos p, const std::string& m) const { fail_at(files_, p, m); }
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
  bool starts_type() const {
    if (cur().kind != Tok::Ident) return false;
    static const char* const words[] = {"void", "bool", "int", "unsigned", "signed", "float", "const", "volatile", "__shared__",
                                        "extern", "static", "__restrict__", "register"};
    for (const char* w : words)
      if (cur().text == w) return true;
    for (const char* w : kUnsupportedTypes)
      if (cur().text == w) return true;
    return false;
  }

  void skip_qualifiers() {
    while (cur().kind == Tok::Ident &&
           (cur().text == "const" || cur().text == "volatile" || cur().text == "__restrict__" || cur().text == "register"))
      ++i_;
  }

  Type parse_type() {
    skip_qualifiers();
    Type t;
    const Token& w = cur();
    if (w.kind != Tok::Ident) fail(w.pos, "expected a type, found " + found());
    for (const char* u : kUnsupportedTypes)
      if (w.text == u)
        fail(w.pos, "type '" + w.text + "' is not supported (kernel files use int, unsigned, float and bool)");
    if (accept_word("void")) t.base = Base::Void;
    else if (accept_word("bool")) t.base = Base::Bool;
    else if (accept_word("float")) t.base = Base::Float;
    else if (accept_word("int")) t.base = Base::Int;
    else if (accept_word("unsigned")) {
      t.base = Base::Unsigned;
      accept_word("int");
    } else if (accept_word("signed")) {
      t.base = Base::Int;
      accept_word("int");
    } else {
      fail(w.pos, "expected a type, found '" + w.text + "'" + (w.text == "T" ? " (T is defined by the host: is this file run through scanscope?)" : ""));
    }
    skip_qualifiers();
    if (is_word("long") || is_word("short") || is_word("char"))
      fail(cur().pos, "type '" + cur().text + "' is not supported (kernel files use int, unsigned, float and bool)");
    if (accept("*")) {
      t.pointer = true;
      skip_qualifiers();
      if (is("*")) fail(cur().pos, "pointers to pointers are not supported");
    }
    if (is("&")) fail(cur().pos, "references are not supported");
    return t;
  }

  // ---- scopes
  void push_scope() { scopes_.emplace_back(); }
  void pop_scope() { scopes_.pop_back(); }
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
  };
  Specs specifiers() {
    Specs s;
    while (cur().kind == Tok::Ident) {
      const std::string& w = cur().text;
      if (w == "__global__") s.global = true;
      else if (w == "__device__") s.device = true;
      else if (w == "__host__") s.host = true;
      else if (w == "__shared__") s.shared = true;
      else if (w == "extern") s.is_extern = true;
      else if (w == "static") s.is_static = true;
      else if (w == "inline" || w == "__inline__" || w == "__forceinline__" || w == "__noinline__") {
      } else if (w == "template" || w == "typedef" || w == "struct" || w == "class" || w == "union" || w == "enum" ||
                 w == "namespace" || w == "using" || w == "__constant__" || w == "__managed__" || w == "constexpr") {
        fail(cur().pos, "'" + w + "' is not supported in kernel files (see docs/kernel-files.md for the subset)");
      } else {
        break;
      }
      ++i_;
    }
    return s;
  }

  void external() {
    Specs s = specifiers();
    if (accept("\"") || cur().kind == Tok::String) fail(cur().pos, "linkage specifications (extern \"C\") are not supported");
    Type type = parse_type();
    if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
    const Token name = cur();
    ++i_;
    if (is("(")) return function(s, type, name);
    if (!s.shared)
      fail(name.pos, "variables at file scope are not supported, except __shared__ arrays ('" + name.text + "')");
    shared_decl(s, type, name);
    while (accept(",")) {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token n2 = cur();
      ++i_;
      shared_decl(s, type, n2);
    }
    expect(";");
  }

  void function(const Specs& s, Type ret, const Token& name) {
    if (s.global && !ret.is_void()) fail(name.pos, "a __global__ function must return void");
    if (s.host && !s.device && !s.global) fail(name.pos, "host functions are not supported in kernel files");
    if (find_builtin(name.text) != Builtin::None) fail(name.pos, "'" + name.text + "' is a CUDA built-in and cannot be redefined");
    Function*& fn = functions_[name.text];
    const bool existed = fn != nullptr;
    if (!fn) {
      prog_.functions.push_back(std::make_unique<Function>());
      fn = prog_.functions.back().get();
      fn->name = name.text;
      fn->is_global = s.global;
      fn->ret = ret;
      fn->pos = name.pos;
    } else if (fn->ret != ret || fn->is_global != s.global) {
      fail(name.pos, "'" + name.text + "' declared differently at " + files_.where(fn->pos));
    }
    Function* saved = fn_;
    fn_ = fn;
    const int saved_slots = fn->frame_slots;
    fn->frame_slots = 0;
    push_scope();
    expect("(");
    std::vector<const Var*> params;
    if (is_word("void") && peek().kind == Tok::Punct && peek().text == ")") ++i_;
    if (!is(")")) {
      do {
        Type pt = parse_type();
        if (pt.is_void()) fail(cur().pos, "a parameter cannot be void");
        if (cur().kind != Tok::Ident) fail(cur().pos, "expected a parameter name, found " + found());
        const Token pn = cur();
        ++i_;
        if (accept("[")) {  // T a[] is T* a
          expect("]");
          if (pt.pointer) fail(pn.pos, "pointers to pointers are not supported");
          pt.pointer = true;
        }
        Var* v = declare(pn, pt, -1, Storage::Param);
        v->slot = alloc_slots(1);
        params.push_back(v);
        if (params.size() > static_cast<size_t>(kMaxParams))
          fail(pn.pos, "function '" + name.text + "' has more than " + std::to_string(kMaxParams) + " parameters");
      } while (accept(","));
    }
    expect(")", "after the parameters");
    if (existed && fn->params.size() != params.size())
      fail(name.pos, "'" + name.text + "' declared with " + std::to_string(fn->params.size()) + " parameters at " + files_.where(fn->pos));
    fn->params = params;
    if (accept(";")) {  // a prototype
      pop_scope();
      fn->frame_slots = saved_slots;
      fn_ = saved;
      return;
    }
    if (fn->body) fail(name.pos, "function '" + name.text + "' is defined twice (first at " + files_.where(fn->pos) + ")");
    if (!is("{")) fail(cur().pos, "expected '{' to start the body of '" + name.text + "', found " + found());
    fn->pos = name.pos;
    fn->body = block();
    fn->close = t_[i_ - 1].pos;
    fn->end_label = step_label_at(fn->close, /*required_vars_in_scope=*/false);
    pop_scope();
    fn_ = saved;
  }

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
    if (e.kind == Ek::Binary && e.op == "[]") {
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
    if (type.base == Base::Bool) fail(name.pos, "__shared__ bool is not supported (a bool is one byte: use int)");
    int len = -1;
    std::vector<int> dims;
    if (accept("[")) {
      if (accept("]")) {
        if (!s.is_extern) fail(name.pos, "a __shared__ array without a size must be extern (dynamic shared memory)");
        len = 0;
        if (is("[")) fail(cur().pos, "an extern __shared__ array has one dimension (index it as a 1-D array)");
      } else {
        --i_;  // back to '['
        dims = array_dims(name, "__shared__ array", 12288, "words fit in 48 KiB");
        len = dims_product(dims);
        if (dims.size() == 1) dims.clear();
        if (s.is_extern) fail(name.pos, "an extern __shared__ array takes no size (its size comes from the launch)");
      }
    } else if (s.is_extern) {
      fail(name.pos, "extern __shared__ must declare an array: " + type.name() + " " + name.text + "[]");
    }
    if (is("=")) fail(cur().pos, "__shared__ variables cannot have an initializer (CUDA forbids it)");
    Var* v = declare(name, type, len, Storage::Shared);
    v->dims = std::move(dims);
    v->extern_shared = s.is_extern;
    if (s.is_extern) {
      prog_.extern_shared.push_back(v);
    } else {
      v->slot = prog_.static_shared_words;
      prog_.static_shared_words += len < 0 ? 1 : len;
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
        if (!is(";")) {
          if (fn_->ret.is_void()) fail(cur().pos, "'" + fn_->name + "' returns void but return has a value");
          s->expr = convert(expr(), fn_->ret, "return value");
        } else if (!fn_->ret.is_void()) {
          fail(p, "'" + fn_->name + "' must return a " + fn_->ret.name());
        }
        expect(";");
        return s;
      }
      if (w == "switch" || w == "goto" || w == "case" || w == "default" || w == "asm" || w == "try" || w == "throw")
        fail(p, "'" + w + "' is not supported in kernel files (see docs/kernel-files.md for the subset)");
      if (starts_type()) return declaration();
    }
    auto s = std::make_unique<Stmt>(Sk::Expr, p);
    s->expr = expr();
    expect(";", "after the expression");
    return s;
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
    if (s.is_static && !s.shared) fail(p, "static local variables are not supported");
    Type type = parse_type();
    auto block = std::make_unique<Stmt>(Sk::Block, p);  // several declarators
    do {
      if (cur().kind != Tok::Ident) fail(cur().pos, "expected a name, found " + found());
      const Token name = cur();
      ++i_;
      if (is("(")) fail(name.pos, "functions cannot be declared inside functions");
      if (s.shared) {
        shared_decl(s, type, name);
        continue;
      }
      if (s.is_extern) fail(name.pos, "extern is only for __shared__ arrays here");
      if (type.is_void()) fail(name.pos, "a variable cannot be void");
      auto d = std::make_unique<Stmt>(Sk::Decl, name.pos);
      if (is("[")) {
        std::vector<int> dims = array_dims(name, "local array", kMaxFrameWords, "allowed");
        const int len = dims_product(dims);
        if (type.pointer) fail(name.pos, "arrays of pointers are not supported");
        Var* v2 = declare(name, type, len, Storage::Local);
        v2->slot = alloc_slots(len);
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
        optype = lhs->type;
        rhs = convert(std::move(rhs), kInt, "pointer offset");
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
      e->op = bop;
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
    if (a->type.pointer || b->type.pointer) {
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
      if (p < min_prec) break;
      deeper();
      const Pos at = cur().pos;
      ++i_;
      ExprP rhs = binary(p + 1);
      lhs = make_binary(op, std::move(lhs), std::move(rhs), at);
    }
    return lhs;
  }

  static Type promote(Type t) { return t.base == Base::Bool && !t.pointer ? kInt : t; }
  static Type common(Type a, Type b) {
    a = promote(a);
    b = promote(b);
    if (a.is_float() || b.is_float()) return kFloat;
    if (a.base == Base::Unsigned || b.base == Base::Unsigned) return kUnsigned;
    return kInt;
  }

  ExprP make_binary(const std::string& op, ExprP a, ExprP b, Pos at) {
    const Pos begin = a->span.begin;
    if (a->type.is_void() || b->type.is_void()) fail(at, "'" + op + "' on a value of type void");
    if (op == "&&" || op == "||") {
      auto e = make(Ek::Logical, begin, kBool);
      e->op = op;
      e->kids.push_back(to_bool(std::move(a)));
      e->kids.push_back(to_bool(std::move(b)));
      return e;
    }
    const bool cmp = op == "==" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=";
    if (a->type.pointer || b->type.pointer) {
      if (cmp) {
        if (a->type != b->type) fail(at, "comparing " + a->type.name() + " with " + b->type.name());
        auto e = make(Ek::Binary, begin, kBool);
        e->op = op;
        e->kids.push_back(std::move(a));
        e->kids.push_back(std::move(b));
        return e;
      }
      if (op == "+" && b->type.pointer && a->type.is_integer()) std::swap(a, b);
      if ((op == "+" || op == "-") && a->type.pointer && b->type.is_integer()) {
        auto e = make(Ek::Binary, begin, a->type);
        e->op = op;
        e->kids.push_back(std::move(a));
        e->kids.push_back(convert(std::move(b), kInt, "pointer offset"));
        return e;
      }
      if (op == "-" && a->type.pointer && b->type == a->type) {
        auto e = make(Ek::Binary, begin, kInt);
        e->op = op;
        e->kids.push_back(std::move(a));
        e->kids.push_back(std::move(b));
        return e;
      }
      fail(at, "'" + op + "' on " + a->type.name() + " and " + b->type.name());
    }
    if (op == "<<" || op == ">>") {
      if (!a->type.is_integer() || !b->type.is_integer()) fail(at, "'" + op + "' needs integers");
      Type t = promote(a->type);
      auto e = make(Ek::Binary, begin, t);
      e->op = op;
      const Type tb = promote(b->type);  // before b is moved from (argument order is unspecified)
      e->kids.push_back(convert(std::move(a), t, "shift"));
      e->kids.push_back(convert(std::move(b), tb, "shift"));
      return e;
    }
    Type t = common(a->type, b->type);
    if ((op == "%" || op == "&" || op == "|" || op == "^") && t.is_float()) fail(at, "'" + op + "' needs integers, not float");
    auto e = make(Ek::Binary, begin, cmp ? kBool : t);
    e->op = op;
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
          e->op = "!";
          e->kids.push_back(to_bool(std::move(x)));
          return e;
        }
        if (!x->type.is_arithmetic()) fail(p, "'" + op + "' needs a number, not " + x->type.name());
        if (op == "~" && x->type.is_float()) fail(p, "'~' needs an integer, not float");
        Type t = promote(x->type);
        if (op == "+") return convert(std::move(x), t, "'+'");
        auto e = make(Ek::Unary, p, t);
        e->op = op;
        e->kids.push_back(convert(std::move(x), t, "operand"));
        return e;
      }
      if (op == "*") {
        ++i_;
        ExprP x = unary();
        if (!x->type.pointer) fail(p, "'*' needs a pointer, not " + x->type.name());
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
        auto e = make(Ek::AddrOf, p, Type{x->type.base, true});
        e->kids.push_back(std::move(x));
        return e;
      }
      if (op == "(" && is_type_start(peek())) {
        ++i_;
        Type t = parse_type();
        expect(")", "to close the cast");
        ExprP x = unary();
        return explicit_cast(std::move(x), t, p);
      }
    }
    if (is_word("sizeof")) {
      ++i_;
      expect("(", "after sizeof");
      long long size = 4;
      if (is_type_start(cur())) {
        Type t = parse_type();
        size = t.pointer ? 8 : t.base == Base::Bool ? 1 : 4;
        if (t.is_void()) fail(p, "sizeof(void)");
      } else {
        ++sizeof_;  // an array of several dimensions may stand here whole
        ExprP x = expr();
        --sizeof_;
        const std::vector<int> dims = designated_dims(*x);
        if (!dims.empty() && dims_product(dims) > 0) size = 4LL * dims_product(dims);  // an array, or a row of one
        else size = x->type.pointer ? 8 : x->type.base == Base::Bool ? 1 : 4;
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
    static const char* const words[] = {"void", "bool", "int", "unsigned", "signed", "float", "const", "volatile"};
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
    auto e = make(Ek::IncDec, prefix ? p : x->span.begin, x->type);
    e->op = op;
    e->prefix = prefix;
    e->stmt = stmt_pos_;
    e->kids.push_back(std::move(x));
    return e;
  }

  ExprP postfix() {
    ExprP e = primary();
    while (true) {
      const Pos p = cur().pos;
      if (accept("[")) {
        ExprP idx = expr();
        expect("]");
        if (!e->type.pointer) fail(p, "'[]' needs an array or a pointer, not " + e->type.name());
        if (!idx->type.is_integer()) fail(idx->span.begin, "an index must be an integer, not " + idx->type.name());
        const std::vector<int> dims = designated_dims(*e);
        if (dims.size() > 1) {  // a row of a 2-D array (a plane of a 3-D one): its first element
          const long long stride = dims_product(std::vector<int>(dims.begin() + 1, dims.end()));
          const Pos ib = idx->span.begin;
          ExprP off = make_binary("*", convert(std::move(idx), kInt, "index"), int_lit(stride, kInt, ib), ib);
          auto x = make(Ek::Binary, e->span.begin, e->type);
          x->op = "[]";
          x->kids.push_back(std::move(e));
          x->kids.push_back(std::move(off));
          e = std::move(x);
          continue;
        }
        auto x = make(Ek::Index, e->span.begin, e->type.pointee());
        x->lvalue = true;
        x->stmt = stmt_pos_;
        x->kids.push_back(std::move(e));
        x->kids.push_back(convert(std::move(idx), kInt, "index"));
        e = std::move(x);
        continue;
      }
      if (is("++") || is("--")) {
        const std::string op = cur().text;
        ++i_;
        e = inc_dec(std::move(e), op, false, p);
        continue;
      }
      if (is(".") || is("->")) fail(p, "member access ('" + cur().text + "') is only for threadIdx, blockIdx, blockDim and gridDim");
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
    if (t.kind == Tok::Char) fail(p, "character constants are not supported in kernel files");
    if (accept("(")) {
      ExprP e = expr();
      expect(")", "to close '('");
      e->span.begin = p;
      e->span.end = prev_end();
      return e;
    }
    if (t.kind != Tok::Ident) fail(p, "expected an expression, found " + found());
    const std::string name = t.text;
    ++i_;
    if (name == "true" || name == "false") {
      auto e = make(Ek::IntLit, p, kBool);
      e->ival = name == "true";
      return e;
    }
    if (name == "nullptr" || name == "NULL") fail(p, "null pointers are not supported");
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
      const int base = name == "threadIdx" ? 0 : name == "blockIdx" ? 3 : name == "blockDim" ? 6 : 9;
      auto e = make(Ek::Special, p, kUnsigned);
      e->ival = base + comp;
      return e;
    }
    if (name == "warpSize") {
      auto e = make(Ek::Special, p, kInt);
      e->ival = 12;
      return e;
    }
    if (is("(")) return call(name, p);
    const Var* v = lookup(name);
    if (!v) {
      if (find_function(name)) fail(p, "'" + name + "' is a function: call it with (...)");
      fail(p, "'" + name + "' is not declared" + (name == "IDENTITY" || name == "OP" || name == "T" ? " (the host defines it: run the file through scanscope)" : ""));
    }
    auto e = make(Ek::Var, p, v->type);
    e->var = v;
    if (v->is_array()) {
      e->type = Type{v->type.base, true};  // the array decays to a pointer to its first element
    } else {
      e->lvalue = true;
      e->stmt = stmt_pos_;
    }
    return e;
  }

  ExprP number(const Token& t) {
    std::string s = t.text;
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const bool is_float = !hex && s.find_first_of(".eE") != std::string::npos;
    if (is_float || (!hex && (s.back() == 'f' || s.back() == 'F'))) {
      bool f_suffix = s.back() == 'f' || s.back() == 'F';
      if (!f_suffix)
        fail(t.pos, "'" + s + "' is a double constant; kernel files compute in float: write " + s + "f");
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
    if (l) fail(t.pos, "'" + t.text + "': long constants are not supported");
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE) fail(t.pos, "'" + t.text + "' is not a valid integer");
    Type ty = kInt;
    if (u || (v > 0x7fffffffULL && (hex || s[0] == '0'))) ty = kUnsigned;
    if (v > 0xffffffffULL || (ty == kInt && v > 0x7fffffffULL)) fail(t.pos, "'" + t.text + "' does not fit in 32 bits");
    auto e = make(Ek::IntLit, t.pos, ty);
    e->ival = static_cast<long long>(v);
    return e;
  }

  ExprP call(const std::string& name, Pos p) {
    expect("(");
    std::vector<ExprP> args;
    if (!is(")")) {
      do args.push_back(assignment());
      while (accept(","));
    }
    expect(")", "to close the call");
    Builtin b = find_builtin(name);
    if (b != Builtin::None) return builtin_call(b, name, std::move(args), p);
    const Function* fn = find_function(name);
    if (!fn) {
      if (name == "printf" || name == "assert" || name == "malloc" || name == "free")
        fail(p, "'" + name + "' is not supported in kernel files");
      fail(p, "unknown function '" + name + "'");
    }
    if (fn->is_global) fail(p, "a __global__ function cannot be called from device code (dynamic parallelism is not supported)");
    if (args.size() != fn->params.size())
      fail(p, "'" + name + "' takes " + std::to_string(fn->params.size()) + " arguments, given " + std::to_string(args.size()));
    auto e = make(Ek::Call, p, fn->ret);
    e->callee = fn;
    e->stmt = stmt_pos_;
    called_.insert(fn);
    for (size_t k = 0; k < args.size(); ++k) e->kids.push_back(convert(std::move(args[k]), fn->params[k]->type, "argument"));
    return e;
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
      case Builtin::SyncWarp:
        nargs(0, 1);
        if (args.empty()) args.push_back(int_lit(0xffffffffLL, kUnsigned, p));
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
      case Builtin::BallotSync: case Builtin::AnySync: case Builtin::AllSync:
        nargs(2, 2);
        result = b == Builtin::BallotSync ? kUnsigned : kInt;
        want = {kUnsigned, kInt};
        args[1] = convert(to_bool(std::move(args[1])), kInt, "predicate");
        break;
      case Builtin::AtomicAdd: case Builtin::AtomicSub: case Builtin::AtomicMin: case Builtin::AtomicMax: case Builtin::AtomicExch:
      case Builtin::AtomicAnd: case Builtin::AtomicOr: case Builtin::AtomicXor: case Builtin::AtomicCAS: {
        nargs(b == Builtin::AtomicCAS ? 3 : 2, b == Builtin::AtomicCAS ? 3 : 2);
        if (!args[0]->type.pointer || args[0]->type.base == Base::Bool)
          fail(args[0]->span.begin, "'" + name + "' needs a pointer to int, unsigned or float");
        Type et = args[0]->type.pointee();
        const bool float_ok = b == Builtin::AtomicAdd || b == Builtin::AtomicExch;
        if (et.is_float() && !float_ok) fail(p, "'" + name + "' on float is not supported");
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
        result = args[0]->type.is_float() ? kFloat : kInt;
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
      case Builtin::None: break;
    }
    auto e = make(Ek::Call, p, result);
    e->builtin = b;
    e->stmt = stmt_pos_;
    for (size_t k = 0; k < args.size(); ++k)
      e->kids.push_back(k < want.size() ? convert(std::move(args[k]), want[k], "argument") : std::move(args[k]));
    if (is_sync_builtin(b)) e->label = step_label_at(p, true);
    return e;
  }

  ExprP int_lit(long long v, Type t, Pos p) {
    auto e = std::make_unique<Expr>(Ek::IntLit, Span{p, p}, t);
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
      l->vars.push_back(v);
      l->var_names.push_back(name);
      k = close + 1;
    }
    return l;
  }

  // ---- conversions
  ExprP to_bool(ExprP e) {
    if (e->type.is_void()) fail(e->span.begin, "a condition needs a value");
    if (e->type.pointer) fail(e->span.begin, "a pointer as a condition is not supported (compare it)");
    return convert(std::move(e), kBool, "condition");
  }

  ExprP convert(ExprP e, Type to, const char* what) {
    if (e->type == to) return e;
    if (e->type.is_void()) fail(e->span.begin, std::string("a ") + what + " needs a value, not void");
    if (to.pointer || e->type.pointer) {
      fail(e->span.begin, std::string("cannot convert ") + e->type.name() + " to " + to.name() + " (" + what + ")");
    }
    Span s = e->span;
    auto c = std::make_unique<Expr>(Ek::Cast, s, to);
    c->kids.push_back(std::move(e));
    return c;
  }

  // Integer constant folding (array sizes), in 64 bits that wrap (no overflow is undefined here).
  std::optional<long long> fold(const Expr& e) const {
    using U = unsigned long long;
    auto wrap = [](U v) { return static_cast<long long>(v); };
    switch (e.kind) {
      case Ek::IntLit: return e.ival;
      case Ek::Cast:
        if (e.type.is_integer()) return fold(*e.kids[0]);
        return std::nullopt;
      case Ek::Unary: {
        auto v = fold(*e.kids[0]);
        if (!v) return v;
        if (e.op == "-") return wrap(0 - U(*v));
        if (e.op == "~") return ~*v;
        if (e.op == "!") return !*v;
        return std::nullopt;
      }
      case Ek::Binary: {
        auto a = fold(*e.kids[0]), b = fold(*e.kids[1]);
        if (!a || !b) return std::nullopt;
        const std::string& o = e.op;
        if (o == "+") return wrap(U(*a) + U(*b));
        if (o == "-") return wrap(U(*a) - U(*b));
        if (o == "*") return wrap(U(*a) * U(*b));
        if ((o == "/" || o == "%") && *b == 0) return std::nullopt;
        if (*b == -1 && (o == "/" || o == "%")) return o == "/" ? wrap(0 - U(*a)) : 0;
        if (o == "/") return *a / *b;
        if (o == "%") return *a % *b;
        if (o == "<<") return *b >= 0 && *b < 32 ? wrap(U(*a) << *b) : 0;
        if (o == ">>") return *b >= 0 && *b < 32 ? *a >> *b : 0;
        if (o == "&") return *a & *b;
        if (o == "|") return *a | *b;
        if (o == "^") return *a ^ *b;
        return std::nullopt;
      }
      case Ek::Cond: {
        auto c = fold(*e.kids[0]);
        if (!c) return c;
        return fold(*e.kids[*c ? 1 : 2]);
      }
      default: return std::nullopt;
    }
  }

  const SourceSet& files_;
  const Preprocessed& pp_;
  const std::vector<Token>& t_;
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
  std::set<const Function*> called_;
};

}  // namespace

Program parse_program(const SourceSet& files, const Preprocessed& pp) {
  Parser p(files, pp);
  return p.run();
}

}  // namespace scanscope::cuda
