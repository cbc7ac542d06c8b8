// The kernel language's arithmetic builtins whose result is a function of their arguments alone
// (no memory, no other lanes): one row each, with the types the parser converts the arguments
// to, what the machine computes, and how the result compares with the GPU's. The parser finds a
// row by name (Builtin::Math, its index in the Call's ival), the compiler emits Op::Math with the
// index, the machine calls the row's eval; docs/kernel-files.md lists them.
//
// Only functions whose GPU result is exactly known are rows: integer intrinsics, and float
// functions the GPU rounds correctly (0 ulp in the CUDA Math API's tables, with nvcc's and NVRTC's
// default flags: -prec-sqrt=true, -prec-div=true, -ftz=false), which IEEE arithmetic on the host
// gives bit for bit. Functions the GPU computes to within some ulps with its own algorithm
// (expf, logf, powf, sinf, rsqrtf, __expf, __fdividef, ...) are refused by name, with why.
#pragma once

#include <cstdint>
#include <string>

#include "engine/cuda/ast.h"

namespace scanscope::cuda {

struct MathBuiltin {
  const char* name;   // as a kernel calls it ("fmaf"); an internal row's name starts with a space
  Base result;        // Int, Unsigned or Float
  int nargs;          // 1 to 3
  Base args[3];
  uint32_t (*eval)(const uint32_t* args);  // the arguments' bits to the result's
};

// The row a kernel calls by this name, or null; its index for Op::Math.
const MathBuiltin* find_math_builtin(const std::string& name, int* index);
const MathBuiltin* math_builtin(int index);  // null when out of range
// Rows the parser uses to lower cooperative groups (not callable by name): the lane of the
// rank-th set bit of a mask (0xffffffff when there is none; the rank itself for a full mask).
int math_builtin_lane_of_rank();
// ... and a ballot's bits of a mask's lanes, packed by rank (bit r: the lane of rank r).
int math_builtin_pack_lanes();
// Why a CUDA math function the interpreter does not compute is refused (one line), or null.
const char* refused_math_builtin(const std::string& name);
// The rows' names, for messages and docs ("floorf, ceilf, ...").
std::string math_builtin_names();

}  // namespace scanscope::cuda
