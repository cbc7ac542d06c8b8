// The compiled form of a kernel program: a compact bytecode for a stack machine whose per-thread
// state is a program counter, a frame pointer and a stack, so that every GPU thread can stop at a
// barrier or a warp intrinsic and resume (the clox design).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/cuda/ast.h"
#include "engine/vocab.h"

namespace scanscope::cuda {

enum class Op : unsigned char {
  Push,        // a: 32-bit constant
  SharedPtr,   // a: shared word (b = 1: from the launched kernel's dynamic base) -> pointer
  LocalPtr,    // a: frame slot -> pointer into this thread's stack
  Ldl, Stl,    // a: frame slot (Stl pops)
  Pop, Dup, Swap,
  IAdd, ISub, IMul, IDiv, UDiv, IRem, URem, INeg, IAnd, IOr, IXor, INot, Shl, Shr, UShr,
  FAdd, FSub, FMul, FDiv, FNeg,
  IEq, INe, ILt, ILe, IGt, IGe, ULt, ULe, UGt, UGe, FEq, FNe, FLt, FLe, FGt, FGe, PEq, PNe, PLt, PLe, PGt, PGe,
  LNot,
  I2F, U2F, F2I, F2U, I2B, F2B,
  PAdd,        // [ptr, integer] -> ptr moved by it, in bytes (the parser scales an index by its element's bytes), 64-bit; b: kPAddUnsigned | kPAddSubtract
  PDiff,
  Ld, St,      // a: access site (St: [value, ptr] -> [value]); b: 2 for an 8-byte value (see PushL), kU8..kS16 for a 1- or 2-byte one, else 4 bytes
  // One 8- or 16-byte access (a whole int2 or float4: PTX ld.v2.b32 / ld.v4.b32), b words: LdV
  // [ptr] -> [word 0, ..., word b-1]; StV [word 0, ..., word b-1, ptr] -> []. a: access site. An
  // address that is not a multiple of the access's size faults (the GPU's "misaligned address").
  LdV, StV,
  Jmp, Jz, Jnz,
  Call,        // a: function index
  Ret,         // a: 1 when a value is returned
  Special,     // a: which (a SpecialReg: threadIdx.x..gridDim.z, warpSize)
  IMin, UMin, FMin, IMax, UMax, FMax, IAbs, FAbs, Popc, Clz, Ffs,
  SyncThreads, // a: Builtin::SyncThreads, or SyncThreadsCount/And/Or (the predicate on the stack), b: sync point
  Collective,  // a: Builtin (syncwarp, shuffles, votes), b: sync point
  TileSync,    // the barrier of a tile of several warps (its size on the stack), b: sync point
  Atomic,      // a: Builtin, b: access site
  NamePtr,     // a: frame slot of a pointer just declared, b: index into Compiled::names (names shared arrays)
  FaultNoReturn,  // the end of a non-void function was reached
  Exit,
  // Loops: entered, the next iteration, left (breaks included). They keep each thread's iteration
  // counts, which tell which dynamic instance of an access inside a loop a lane is at: the lanes
  // of a warp in the same iteration share one warp-instruction even where some skipped it before.
  LoopEnter, LoopNext, LoopExit,
  Printf,      // a: the format (Compiled::program->formats), b: how many values (popped)
  DevicePtr,   // a: a __device__ variable (Program::device_vars) -> pointer to its first element
  ActiveMask,  // -> the mask of the warp's lanes that execute this instruction together
  // 8-byte scalars (long long, unsigned long long, double): a value is a whole 64-bit slot (a
  // 32-bit value is one zero-extended). L*: 64-bit integers (two's complement, wrapping), UL*:
  // their unsigned forms where they differ, D*: IEEE doubles. Ld and St with b = 2 move one
  // 8-byte value (PTX ld.b64: its address a multiple of 8, or it faults).
  PushL,       // a: low 32 bits, b: high 32 bits
  LAdd, LSub, LMul, LDiv, ULDiv, LRem, ULRem, LNeg, LAnd, LOr, LXor, LBitNot, LShl, LShr, ULShr,
  LEq, LNe, LLt, LLe, LGt, LGe, ULLt, ULLe, ULGt, ULGe,
  DAdd, DSub, DMul, DDiv, DNeg, DEq, DNe, DLt, DLe, DGt, DGe,
  I2L,         // int -> 64 bits, sign-extended (unsigned -> 64 bits is the same slot: no instruction)
  L2I,         // 64 bits -> their low 32 (to int or unsigned)
  L2B, D2B, I2D, U2D, L2D, UL2D, F2D, D2F, L2F, UL2F, D2I, D2U, D2L, D2UL, F2L, F2UL,
  LMin, ULMin, DMin, LMax, ULMax, DMax, LAbs, DAbs,
  Math,        // a: a row of the arithmetic builtins' table (math_builtins.h): pops its arguments, pushes its result
  // A value made one of the 1- and 2-byte integers (a: kU8, kS8, kU16, kS16): its low 8 or 16 bits,
  // zero- or sign-extended to an int (C++'s conversion to unsigned char, char, ...; and what a
  // load of such a variable's slot gives).
  Ext,
};

// Ld's and St's b for the 1- and 2-byte integers: the access moves that many bytes of the word at
// address / 4 (which must be a multiple of the size); a load extends them to an int (U: with
// zeros, S: with the sign), a store writes the value's low bytes. Also Ext's a.
constexpr int32_t kU8 = 8, kS8 = 9, kU16 = 10, kS16 = 11;
inline int small_bytes(int32_t width) { return width == kU8 || width == kS8 ? 1 : 2; }
inline bool is_small_width(int32_t width) { return width >= kU8 && width <= kS16; }

// PAdd's flags (Instr::b).
// kPAddWide: the operand is a 64-bit integer (long long, size_t), taken whole.
constexpr int32_t kPAddUnsigned = 1, kPAddSubtract = 2, kPAddWide = 4;

struct Instr {
  Op op;
  int32_t a = 0;
  int32_t b = 0;
};

// A shared- or global-memory access in the source: the expression, its statement, its kind.
struct AccessSite {
  Span span;      // the expression (e.g. temp[bi])
  Pos stmt;       // start of the enclosing statement (what nvcc's line info names)
  AccessOp op;    // load, store, shuffle, atomic
  Base type;      // the value's type (for recording)
  int words = 1;  // words one thread's access moves: 2 or 4 for a whole int2 / float4 (LdV, StV)
  int bytes = 4;  // bytes it moves: 1 or 2 for a 1- or 2-byte integer or a bool, else 4 * words
};

// A place where a step may end, with its label.
struct SyncPoint {
  Pos pos;
  Builtin kind;              // SyncThreads, a warp collective, or None for the end of the kernel
  const StepLabel* label;    // null: no `// step:` comment
  std::vector<int> var_slots;      // frame slots of the label's {names}
  std::vector<Base> var_types;
  int site = -1;             // a shuffle's exchange: the access site recorded for it
  std::string text;          // a TileSync: how faults name it ("t.sync()")
};

struct CompiledFunction {
  std::string name;
  const Function* fn;
  int entry = 0;
  int frame_slots = 0;
  int params = 0;
  // A kernel's shared memory when it is launched: its sized arrays' words, where its extern
  // __shared__ arrays start, and the arrays it can reach (Function::shared_vars).
  int static_shared_words = 0;
  int dynamic_base = 0;
  std::vector<const Var*> shared_vars;
};

struct Compiled {
  std::unique_ptr<Program> program;  // keeps the labels and names alive
  std::vector<Instr> code;
  std::vector<Pos> code_pos;         // the source position of each instruction (for faults)
  std::vector<AccessSite> sites;
  std::vector<SyncPoint> syncs;
  std::vector<CompiledFunction> functions;
  // The file's shared memory, all kernels together (each launch takes its kernel's own: the
  // CompiledFunction's fields of the same names).
  int static_shared_words = 0;
  int dynamic_base = 0;              // word where extern __shared__ arrays start
  // Named shared arrays (static ones at their offsets; extern ones at dynamic_base).
  std::vector<const Var*> shared_vars;
  std::vector<std::string> names;    // of pointer variables (NamePtr)
  int find_function(const std::string& name) const {
    for (size_t i = 0; i < functions.size(); ++i)
      if (functions[i].name == name) return static_cast<int>(i);
    return -1;
  }
};

// Lowers a parsed program. Throws CudaError (e.g. a function too large).
Compiled compile(const SourceSet& files, std::unique_ptr<Program> program);

}  // namespace scanscope::cuda
