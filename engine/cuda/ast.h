// The syntax tree of a kernel program: types, variables, functions, statements, expressions.
// The parser resolves names and types and inserts every implicit conversion as a Cast node, so
// the compiler only lowers.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/cuda/source.h"
#include "engine/vocab.h"

namespace scanscope::cuda {

// Long, ULong and Double are the 8-byte scalars (long, long long, int64_t; unsigned long long,
// size_t, uint64_t; double): one 64-bit stack slot as a value, two 4-byte words in memory (and in
// a frame, where the value sits in the first slot). Char (char: signed, as nvcc has it on x86-64
// Linux, but a type of its own in C++), SChar (signed char, int8_t), UChar (unsigned char,
// uint8_t), Short (short, int16_t) and UShort (unsigned short, uint16_t) are the 1- and 2-byte integers: as a value an int (sign- or zero-extended, as C++ promotes them), in
// memory their bytes of a word (bool too is one byte in memory). Appended, so that older codes
// keep their values.
enum class Base : unsigned char { Void, Bool, Int, Unsigned, Float, Group, Struct, Long, ULong, Double, SChar, UChar, Short, UShort, Char };

struct StructDef;

// Is a Base one of the 1- and 2-byte integers (Char, SChar, UChar, Short, UShort)?
inline bool is_small_base(Base b) { return b == Base::Char || b == Base::SChar || b == Base::UChar || b == Base::Short || b == Base::UShort; }

// A cooperative group (Base::Group): what kind, and a thread_block_tile's size. At run time a
// group is one word: its size (a tile's or a dynamic partition's), or the block's lanes mask for
// a coalesced group; the parser lowers every member call to the warp intrinsics and barriers.
enum class GroupKind : unsigned char { None, Block, Tile, Dynamic, Coalesced };

struct Type {
  Base base = Base::Int;
  bool pointer = false;  // one level of indirection at most
  GroupKind group = GroupKind::None;
  int tile = 0;          // GroupKind::Tile: its size (1 to 32, a power of two)
  const StructDef* sdef = nullptr;  // Base::Struct: which (Program::structs owns it)
  // const: of what a pointer points to (const int*), or of the object itself (a const local, what
  // a const int* points to). Only overload resolution reads it (f(const int*) against f(int*),
  // f(const T&) against f(T&)); it is no part of the type's identity (operator==).
  bool is_const = false;
  bool operator==(const Type& o) const {
    return base == o.base && pointer == o.pointer && group == o.group && tile == o.tile && sdef == o.sdef;
  }
  bool operator!=(const Type& o) const { return !(*this == o); }
  bool is_void() const { return !pointer && base == Base::Void; }
  bool is_integer() const {
    return !pointer && (base == Base::Int || base == Base::Unsigned || base == Base::Bool || base == Base::Long || base == Base::ULong ||
                        is_small());
  }
  // A 1- or 2-byte integer (char, unsigned char, short, unsigned short and their aliases).
  bool is_small() const { return !pointer && is_small_base(base); }
  bool is_float() const { return !pointer && (base == Base::Float || base == Base::Double); }  // float or double
  bool is_wide() const { return !pointer && (base == Base::Long || base == Base::ULong || base == Base::Double); }  // 8 bytes
  bool is_unsigned() const { return !pointer && (base == Base::Unsigned || base == Base::ULong); }
  bool is_arithmetic() const { return is_integer() || is_float(); }
  bool is_scalar() const { return pointer || is_arithmetic(); }
  bool is_group() const { return !pointer && base == Base::Group; }
  bool is_struct() const { return !pointer && base == Base::Struct; }
  bool is_packed() const;  // a vector of 1- or 2-byte members (StructDef::packed)
  Type pointee() const {
    Type t = *this;
    t.pointer = false;
    return t;
  }
  Type pointer_to() const {
    Type t = *this;
    t.pointer = true;
    return t;
  }
  int words() const;  // words a value takes in memory and in a frame (a struct: its fields'; a 1- or 2-byte value: 1)
  // Bytes a value takes in memory (its sizeof): what pointer arithmetic moves by (pointer offsets
  // count bytes). A struct: 4 per word; bool, char: 1; short: 2; the 8-byte scalars 8; else 4.
  int bytes() const;
  int align() const;  // words its address is a multiple of in memory (a vector type: its size, int3 and others: 1)
  int align_bytes() const;  // its alignof: bytes its address is a multiple of (char 1, short 2, char2 2, a struct its largest member's)
  // The words one instruction moves when the whole value is loaded or stored: 2 or 4 for int2,
  // float2, int4, float4 and their kin (ld.v2.b32, ld.v4.b32); 1 for everything else.
  int vector_words() const;
  std::string name() const;
};

// The operation type a Compound expression keeps in its ival (see the parser).
inline Type type_from_code(long long code) { return Type{static_cast<Base>(code & 15), (code & 16) != 0}; }
// Is a Base one of the 8-byte scalars (Long, ULong, Double)?
inline bool is_wide_base(Base b) { return b == Base::Long || b == Base::ULong || b == Base::Double; }

// The bytes one element of a Base takes in memory (bool and char 1, short 2, the 8-byte ones 8, else 4).
inline int base_bytes(Base b) {
  return b == Base::Bool || b == Base::Char || b == Base::SChar || b == Base::UChar ? 1 : b == Base::Short || b == Base::UShort ? 2 : is_wide_base(b) ? 8 : 4;
}

// Device: a `__device__` variable at file scope, in global memory (Program::device_vars; slot is
// its index there).
enum class Storage : unsigned char { Local, Param, Shared, Device };

// A struct (or class) of the kernel file, or an instantiation of a class template: its data
// members laid out as CUDA lays them out: a word each for 4-byte members, two for 8-byte ones,
// each at its alignment (nested structs inline); and, for a struct without data members (SharedMemory<T>), its member functions.
struct Function;
struct StructDef {
  std::string name;  // "MSS", "SharedMemory<float>", "float4"
  // CUDA's vector types (int2, float4, uint3, ...) are structs of the runtime's: members x, y, z,
  // w of one 4-byte type. int2/float2 are 8-byte aligned and int4/float4 16-byte aligned, and the
  // compiler loads and stores them whole with one 8- or 16-byte access (vector_words 2 or 4);
  // the three-member ones are 4-byte aligned and moved member by member (vector_words 1).
  bool vector = false;
  int vector_words = 1;
  // A vector of 1- or 2-byte members (char2, uchar4, short2, short4, ...): its members lie packed
  // (Field::byte), in a frame too, so every use of one goes through its address (a local's
  // LocalPtr), and a whole copy is one access of its bytes (1, 2, 4 or 8).
  bool packed = false;
  int bytes = 0;  // sizeof when not 4 * words (char1, char2: 1, 2; a struct of three chars: 3)
  int align = 1;  // words: the largest of its members' (a struct of a float4 is 16-byte aligned)
  int align_bytes = 0;  // alignof when not 4 * align: a packed vector's size (char2: 2), a struct of chars 1, of shorts 2
  // A struct with a member of 1 or 2 bytes (char, short, bool, char2, a struct of them) or a
  // member at a byte offset that is no multiple of 4: such members lie at their bytes, as CUDA
  // lays them out, and are reached through the struct's address (in a frame too), one access of
  // their bytes each; the struct goes to a function as its words.
  bool bytewise = false;
  struct Field {
    std::string name;
    Type type;
    int offset = 0;  // in words from the struct's first
    int byte = 0;    // in bytes from the struct's start (4 * offset, or a packed vector's member's byte)
    Pos pos;
  };
  std::vector<Field> fields;
  int words = 0;
  Pos pos;
  // Member functions (structs without data members only: they need no object): by name, and
  // the conversion operators (`operator T*()`) by the type they give.
  std::map<std::string, const Function*> methods;
  std::vector<std::pair<Type, const Function*>> conversions;
  const Field* field(const std::string& n) const {
    for (const auto& f : fields)
      if (f.name == n) return &f;
    return nullptr;
  }
};

inline int Type::words() const { return base == Base::Struct && !pointer && sdef ? sdef->words : is_wide() ? 2 : 1; }
inline int Type::bytes() const {
  if (pointer) return 8;
  if (base == Base::Struct && sdef) return sdef->bytes ? sdef->bytes : 4 * sdef->words;
  if (base == Base::Bool || base == Base::Char || base == Base::SChar || base == Base::UChar) return 1;
  if (base == Base::Short || base == Base::UShort) return 2;
  return is_wide() ? 8 : 4;
}
inline bool Type::is_packed() const { return base == Base::Struct && !pointer && sdef && sdef->packed; }
inline int Type::align() const { return base == Base::Struct && !pointer && sdef ? sdef->align : is_wide() ? 2 : 1; }
inline int Type::align_bytes() const {
  if (base == Base::Struct && !pointer && sdef) return sdef->align_bytes ? sdef->align_bytes : 4 * sdef->align;
  return bytes();
}
inline int Type::vector_words() const { return base == Base::Struct && !pointer && sdef ? sdef->vector_words : 1; }

// CUDA's vector types: the name, the members' type and how many (int2: Int, 2). Null for any
// other name.
struct VectorTypeInfo {
  const char* name;
  Base member;
  int count;
};
const VectorTypeInfo* find_vector_type(const std::string& name);

struct Var {
  std::string name;
  Type type;              // of the variable, or of an array's elements
  int array_len = -1;     // -1: not an array; 0: unsized (extern __shared__ T a[])
  Storage storage = Storage::Local;
  bool extern_shared = false;
  int slot = 0;           // Local/Param: frame slot; Shared: word offset (static) or 0 (extern)
  Pos pos;
  bool is_array() const { return array_len >= 0; }
  // An array of 1- or 2-byte elements (bool, char, short): its length in bytes (array_len counts
  // the words that hold them, rounded up); -1 for anything else.
  int byte_len = -1;
  // An array of more than one dimension (T a[A][B], T a[A][B][C]): the length of each, outermost
  // first; array_len is their product, the elements row-major. Empty for anything else.
  std::vector<int> dims;
  // A struct in a frame (a local or a parameter, type.is_struct()): a variable per data member,
  // at slot + its offset, in the fields' order. An array of structs counts words in array_len.
  std::vector<const Var*> members;
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
  AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicExch, AtomicCAS, AtomicAnd, AtomicOr, AtomicXor, AtomicInc, AtomicDec,
  SyncThreadsCount, SyncThreadsAnd, SyncThreadsOr,  // barriers that also reduce a predicate over the block
  ActiveMask,  // __activemask(): the lanes of the warp that execute it together
  ThreadFence, Min, Max, Abs, Fminf, Fmaxf, Fabsf, Popc, Clz, Ffs, FloatAsInt, IntAsFloat, FloatAsUint, UintAsFloat,
  Printf,  // ival: the format's index in Program::formats; kids: the values
  DoubleAsLongLong, LongLongAsDouble,  // __double_as_longlong, __longlong_as_double: the bits stay
  Math,    // ival: the row of the arithmetic builtins' table (math_builtins.h); kids: the arguments
  // __reduce_add_sync and its kin (sm_80): the lanes of the mask combine one value each; min and
  // max of unsigned values are the U forms
  ReduceAddSync, ReduceMinSync, ReduceMaxSync, ReduceUMinSync, ReduceUMaxSync, ReduceAndSync, ReduceOrSync, ReduceXorSync,
  // The barrier of a tile of several warps (a thread_block_tile<64> ... <1024>; CUDA makes no
  // thread_group of such a size): its one argument the tile's size; ival: its text in
  // Program::tile_sync_texts ("t.sync()"). It waits for the tile's threads only and ends no step.
  TileSync,
};
inline bool is_warp_reduce(Builtin b) { return b >= Builtin::ReduceAddSync && b <= Builtin::ReduceXorSync; }

// A printf format, checked when parsed: its text cut into literal pieces and conversions.
struct FormatPiece {
  std::string text;        // a literal piece, or one conversion as C writes it ("%5.2f")
  bool conversion = false;
  bool is_float = false;   // the conversion takes a float (f, e, g, a: a double, as C promotes a float), else an integer
  bool wide = false;       // an integer conversion of a 64-bit value (%lld, %llu, %ld, %zu): text has "ll"
};

// The special registers an expression reads (Ek::Special's ival, Op::Special's a): threadIdx,
// blockIdx, blockDim and gridDim, x, y and z each, and warpSize.
enum class SpecialReg : int {
  ThreadIdxX, ThreadIdxY, ThreadIdxZ, BlockIdxX, BlockIdxY, BlockIdxZ,
  BlockDimX, BlockDimY, BlockDimZ, GridDimX, GridDimY, GridDimZ, WarpSize,
};
// Member `xyz` (0, 1, 2: x, y, z) of the dim3 whose x member is `x`: special_reg(BlockIdxX, 1) is blockIdx.y.
inline SpecialReg special_reg(SpecialReg x, int xyz) { return static_cast<SpecialReg>(static_cast<int>(x) + xyz); }
// Its name as CUDA writes it ("threadIdx.x"), for messages and the disassembler; nullptr for a
// number that is none.
inline const char* special_reg_name(int r) {
  static const char* const names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z",
                                      "blockDim.x",  "blockDim.y",  "blockDim.z",  "gridDim.x",  "gridDim.y",  "gridDim.z", "warpSize"};
  return r >= 0 && r <= static_cast<int>(SpecialReg::WarpSize) ? names[r] : nullptr;
}
inline const char* special_reg_name(SpecialReg r) { return special_reg_name(static_cast<int>(r)); }

// The operators an expression applies (Expr::bop, Expr::uop), as the parser hands them to the
// compiler and the constant evaluator; to_string gives C++'s spelling (for messages).
enum class BinaryOp : unsigned char {
  None, Add, Sub, Mul, Div, Rem, Shl, Shr, BitAnd, BitOr, BitXor, Eq, Ne, Lt, Le, Gt, Ge, LogicalAnd, LogicalOr,
  Row,  // a[i] of a 2-D array: the address of row i (a pointer plus a byte offset)
};
enum class UnaryOp : unsigned char {
  None, Neg, BitNot, Not, Inc, Dec,
  Ref,  // on a Deref: what a call returning a reference refers to (a statement of it alone reads nothing)
};
inline const char* to_string(BinaryOp o) {
  static const char* const names[] = {"", "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "[]"};
  return names[static_cast<int>(o)];
}
inline const char* to_string(UnaryOp o) {
  static const char* const names[] = {"", "-", "~", "!", "++", "--", "ref"};
  return names[static_cast<int>(o)];
}
// The operator of a spelling (a token's text: "<<", "&&"); None for another.
inline BinaryOp binary_op(const std::string& s) {
  for (int i = 1; i <= static_cast<int>(BinaryOp::LogicalOr); ++i)
    if (s == to_string(static_cast<BinaryOp>(i))) return static_cast<BinaryOp>(i);
  return BinaryOp::None;
}
inline UnaryOp unary_op(const std::string& s) {
  for (int i = 1; i <= static_cast<int>(UnaryOp::Dec); ++i)
    if (s == to_string(static_cast<UnaryOp>(i))) return static_cast<UnaryOp>(i);
  return UnaryOp::None;
}
inline bool is_comparison(BinaryOp o) { return o >= BinaryOp::Eq && o <= BinaryOp::Ge; }

enum class Ek : unsigned char {
  IntLit, FloatLit, Var, Special, Unary, Binary, Logical, Assign, Compound, Cond, Call, Index, Deref, AddrOf, Cast,
  IncDec, Comma,
  // A whole vector type (int2, float4) copied with one access on its side in memory: kids[0] the
  // source, kids[1] the destination, each a Deref (an address: one 8- or 16-byte load or store per
  // thread, as ld.v2/ld.v4 do) or a Var (a vector in a frame: its members' variables); ival: the
  // words. At least one side is a Deref.
  VecMove,
};

struct Function;

struct Expr {
  Ek kind;
  Span span;
  Type type;
  bool lvalue = false;
  BinaryOp bop = BinaryOp::None;         // Binary/Logical/Compound operator
  UnaryOp uop = UnaryOp::None;           // Unary operator; IncDec Inc/Dec; Deref: Ref
  bool prefix = false;                   // IncDec
  long long ival = 0;                    // IntLit; Special: which (a SpecialReg)
  double fval = 0;                       // FloatLit (a float's value, or a double's)
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
  std::string scope;           // the namespaces it is declared in, as a qualifier ("A::B::"; "" at file scope)
  bool is_global = false;
  Type ret;
  std::vector<const Var*> params;
  std::unique_ptr<Stmt> body;  // null: only declared
  Pos pos;
  Pos close;                   // the closing brace of the body
  std::unique_ptr<StepLabel> end_label;  // `// step:` on the closing brace's line
  int frame_slots = 0;         // locals, parameters and temporaries
  std::string cpp_params;      // the parameters' types as the file writes them ("const int *, int"): an overloaded kernel's NVRTC name expression
  std::string instance_of;     // a template's instantiation: the template's name (name is "f<int, 256>")
  bool sret = false;           // returns a struct: params[0] is the caller's place for it, and Ret has no value
  Pos instance_pos;            // where it was first used
  // A kernel's default arguments, by parameter: what a launch line that leaves them out passes
  // (a constant; 0 for a null pointer), and their text as written.
  struct LaunchDefault {
    long long ival = 0;
    double fval = 0;
    bool is_float = false;  // fval holds it (a float or double parameter's non-integer constant)
    std::string text;
  };
  std::map<size_t, LaunchDefault> launch_defaults;
  // A kernel's shared memory (the parser's shared_layout): the sized __shared__ arrays it can
  // reach end before word shared_words; shared_vars are those and the extern ones it can reach.
  int shared_words = 0;
  std::vector<const Var*> shared_vars;
};

struct Program {
  std::vector<std::unique_ptr<Function>> functions;
  std::vector<std::unique_ptr<Var>> vars;   // owns every variable
  std::vector<std::unique_ptr<StructDef>> structs;  // owns every struct
  std::vector<const Var*> static_shared;    // sized __shared__ arrays, in declaration order
  std::vector<const Var*> extern_shared;    // extern __shared__ arrays (all at the dynamic base)
  int static_shared_words = 0;
  // The launch lines' template-ids, in order ("" for a launch of a plain function): the
  // instantiation each names, e.g. "reduce4<int, 256u>".
  std::vector<std::string> launch_instances;
  // File-scope integer constants (const int TILE = 32;): the host's expressions know them too.
  std::map<std::string, long long> int_constants;
  // Cooperative groups' syncs of a block or of a thread_group (token indices of the call, of the
  // group object in it, and its last token): the GPU's traced build snapshots at them as at a
  // __syncthreads(). `block`: known to be the block's; else the block's only when the group has
  // the block's size, as the interpreter decides.
  struct GroupSync {
    size_t first, obj_first, obj_last, last;
    bool block;
  };
  std::vector<GroupSync> group_syncs;
  // How faults name each Builtin::TileSync call (Expr::ival): its text, "t.sync()" or "cg::sync(t)".
  std::vector<std::string> tile_sync_texts;
  // Prototypes of host functions (no __device__ or __global__; host code's, as in an extern "C"
  // block): their preprocessed tokens [first, last], an `extern "C"` before one included. The
  // interpreter ignores them unless called; the GPU's text leaves them out (NVRTC refuses them).
  std::vector<std::pair<size_t, size_t>> host_decls;
  std::vector<std::vector<FormatPiece>> formats;  // printf's formats, by Builtin::Printf's ival
  // `__device__` variables at file scope, in declaration order (Var::slot is the index): global
  // memory shared by every block and launch of a run, set to `init` (the rest zero) before the
  // first launch. The host's side makes each a global array of its own (ResolvedArray::device).
  struct DeviceVar {
    const Var* var = nullptr;
    std::vector<uint32_t> init;  // the initialiser's words, as many as given (at most the length)
  };
  std::vector<DeviceVar> device_vars;
  const Function* find(const std::string& name) const {
    for (const auto& f : functions)
      if (f->name == name) return f.get();
    return nullptr;
  }
};

}  // namespace scanscope::cuda
