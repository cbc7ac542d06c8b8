// The one integer constant evaluator. Its rules (const_binary, const_unary, const_convert) are
// C++'s, with what C++ leaves undefined defined as the interpreter's machine computes it at run
// time, so that a constant and the same expression computed by a thread agree:
//  - integer promotions (bool, char, short to int) and the usual arithmetic conversions (unsigned
//    long long over long long over unsigned over int); the result wraps to its type's width;
//  - a shift's type is its promoted left operand's; by a negative amount or by the width or more,
//    << gives 0 and >> gives 0 (unsigned) or the sign (-1 or 0), as the GPU's clamping shifts do;
//  - INT_MIN / -1 wraps to INT_MIN (and LLONG_MIN / -1 to LLONG_MIN); x % -1 is 0;
//  - division or remainder by zero is an error (a fault at run time).
// Two front ends use it: eval_const below (tokens: `#if` lines, and the host side of a kernel file:
// launch line, `out:`, `require:`, `init:`), where every integer is 64 bits wide as C's
// preprocessor has it (intmax_t, or uintmax_t for an unsigned one), and the parser's folding of
// typed expressions (array sizes, template arguments, file-scope constants, default arguments),
// where int is 32 bits and long long 64.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/cuda/ast.h"
#include "engine/cuda/lexer.h"

namespace scanscope::cuda {

// An integer constant: its value as its type holds it (sign-extended for a signed type,
// zero-extended for an unsigned one, 0 or 1 for bool) and its type (an integer Base).
struct ConstInt {
  long long value = 0;
  Base type = Base::Int;
};

// C++'s integer promotion (bool, char, short and their unsigned forms: int) and the usual
// arithmetic conversions' common type of two integer types.
Base const_promote(Base t);
Base const_common(Base a, Base b);
// A conversion to integer type `to`: the low bytes, sign- or zero-extended; bool is != 0.
ConstInt const_convert(ConstInt v, Base to);
// a OP b for an arithmetic, bitwise, shift, comparison or logical operator (Add, Shl, Lt,
// LogicalAnd, ...), operands converted as C++ converts them. nullopt for another operator, and for a division
// or remainder by zero (then *div_by_zero is set, when given).
std::optional<ConstInt> const_binary(BinaryOp op, ConstInt a, ConstInt b, bool* div_by_zero = nullptr);
// OP a for Neg, BitNot (on the promoted type) and Not (bool); nullopt for another operator.
std::optional<ConstInt> const_unary(UnaryOp op, ConstInt a);

struct ConstEnv {
  // Value of an identifier; nullopt: unknown (an error, unless unknown_is_zero).
  std::function<std::optional<long long>(const std::string&)> ident;
  // Value of a call name(args); nullopt: unknown function.
  std::function<std::optional<long long>(const std::string&, const std::vector<long long>&)> call;
  // Size in bytes of a type the file defines (sizeof(MSS) of a struct); nullopt: not one.
  std::function<std::optional<long long>(const std::string&)> type_size;
  bool unknown_is_zero = false;  // #if: identifiers left after expansion are 0
  // Why an unknown identifier is unknown, when there is more to say than that it is (a __device__
  // variable in a header line); "" otherwise.
  std::function<std::string(const std::string&)> why_unknown;
};

// Evaluates tokens[begin, end) as one expression, every integer 64 bits wide (a literal with a u
// suffix, a hexadecimal one above LLONG_MAX, sizeof and a cast to an unsigned type are unsigned);
// the operand that && , || or ?: does not evaluate is not evaluated (`defined(X) && 8 / X` is
// no division by zero). Returns the value's 64 bits; throws CudaError at the offending token.
long long eval_const(const SourceSet& files, const std::vector<Token>& tokens, size_t begin, size_t end, const ConstEnv& env);

}  // namespace scanscope::cuda
