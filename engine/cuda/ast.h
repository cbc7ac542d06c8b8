// The syntax tree of a kernel program: types, variables, functions, statements, expressions.
// The parser resolves names and types and inserts every implicit conversion as a Cast node, so
// the compiler only lowers.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/cuda/source.h"
#include "engine/vocab.h"

namespace scanscope::cuda {

enum class Base : unsigned char { Void, Bool, Int, Unsigned, Float };

struct Type {
  Base base = Base::Int;
  bool pointer = false;  // one level of indirection at most
  bool operator==(const Type& o) const { return base == o.base && pointer == o.pointer; }
  bool operator!=(const Type& o) const { return !(*this == o); }
  bool is_void() const { return !pointer && base == Base::Void; }
  bool is_integer() const { return !pointer && (base == Base::Int || base == Base::Unsigned || base == Base::Bool); }
  bool is_float() const { return !pointer && base == Base::Float; }
  bool is_arithmetic() const { return is_integer() || is_float(); }
  bool is_scalar() const { return pointer || is_arithmetic(); }
  Type pointee() const { return Type{base, false}; }
  std::string name() const;
};

// The operation type a Compound expression keeps in its ival (see the parser).
inline Type type_from_code(long long code) { return Type{static_cast<Base>(code & 15), (code & 16) != 0}; }

enum class Storage : unsigned char { Local, Param, Shared };

struct Var {
  std::string name;
  Type type;              // of the variable, or of an array's elements
  int array_len = -1;     // -1: not an array; 0: unsized (extern __shared__ T a[])
  Storage storage = Storage::Local;
  bool extern_shared = false;
  int slot = 0;           // Local/Param: frame slot; Shared: word offset (static) or 0 (extern)
  Pos pos;
  bool is_array() const { return array_len >= 0; }
  // An array of more than one dimension (T a[A][B], T a[A][B][C]): the length of each, outermost
  // first; array_len is their product, the elements row-major. Empty for anything else.
  std::vector<int> dims;
};

// A place where a step may end (a barrier, a warp synchronisation, the end of the kernel) and
// the `// step(PHASE): LABEL` comment on its line.
struct StepLabel {
  Pos pos;
  Phase phase = Phase::Other;        // Other when not given
  std::string text;                  // with {name} placeholders
  std::vector<const Var*> vars;      // the variables the placeholders name, in order of appearance
  std::vector<std::string> var_names;
};

enum class Builtin : unsigned char {
  None,
  SyncThreads, SyncWarp, ShflSync, ShflUpSync, ShflDownSync, ShflXorSync, BallotSync, AnySync, AllSync,
  AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicExch, AtomicCAS, AtomicAnd, AtomicOr, AtomicXor,
  ThreadFence, Min, Max, Abs, Fminf, Fmaxf, Fabsf, Popc, Clz, Ffs, FloatAsInt, IntAsFloat, FloatAsUint, UintAsFloat,
};

enum class Ek : unsigned char {
  IntLit, FloatLit, Var, Special, Unary, Binary, Logical, Assign, Compound, Cond, Call, Index, Deref, AddrOf, Cast,
  IncDec, Comma,
};

struct Function;

struct Expr {
  Ek kind;
  Span span;
  Type type;
  bool lvalue = false;
  std::string op;                        // Unary/Binary/Logical/Compound operator; IncDec "++"/"--"
  bool prefix = false;                   // IncDec
  long long ival = 0;                    // IntLit; Special: which (0..11: threadIdx.x..gridDim.z; 12 warpSize)
  float fval = 0;                        // FloatLit
  const Var* var = nullptr;              // Var
  const Function* callee = nullptr;      // Call of a __device__ function
  Builtin builtin = Builtin::None;       // Call of a builtin
  std::unique_ptr<StepLabel> label;      // sync builtins: the step comment on their line
  Pos stmt;                              // start of the enclosing statement (the compiler's line info)
  std::vector<std::unique_ptr<Expr>> kids;
  Expr(Ek k, Span s, Type t) : kind(k), span(s), type(t) {}
};

enum class Sk : unsigned char { Block, Decl, Expr, If, For, While, Do, Break, Continue, Return, Empty };

struct Stmt {
  Sk kind;
  Pos pos;
  std::vector<std::unique_ptr<Stmt>> body;  // Block; If: [then, else?]; loops: [body]; For: [init?] in init
  std::unique_ptr<Stmt> init;               // For
  std::unique_ptr<Expr> expr;               // Expr, Return, If/While/Do condition, For condition, Decl initializer
  std::unique_ptr<Expr> step;               // For
  const Var* var = nullptr;                 // Decl
  std::vector<std::unique_ptr<Expr>> array_init;  // Decl of a local array with {...}
  Stmt(Sk k, Pos p) : kind(k), pos(p) {}
};

struct Function {
  std::string name;
  bool is_global = false;
  Type ret;
  std::vector<const Var*> params;
  std::unique_ptr<Stmt> body;  // null: only declared
  Pos pos;
  Pos close;                   // the closing brace of the body
  std::unique_ptr<StepLabel> end_label;  // `// step:` on the closing brace's line
  int frame_slots = 0;         // locals, parameters and temporaries
};

struct Program {
  std::vector<std::unique_ptr<Function>> functions;
  std::vector<std::unique_ptr<Var>> vars;   // owns every variable
  std::vector<const Var*> static_shared;    // sized __shared__ arrays, in declaration order
  std::vector<const Var*> extern_shared;    // extern __shared__ arrays (all at the dynamic base)
  int static_shared_words = 0;
  const Function* find(const std::string& name) const {
    for (const auto& f : functions)
      if (f->name == name) return f.get();
    return nullptr;
  }
};

}  // namespace scanscope::cuda
