// The associative operators: a small class each (identity, apply, and what the operator table says
// of it), shared by kernels, emulator and CPU references; the one list of them (Operators), the
// table built from it (vocab.cpp) and with_operator, which dispatches on it. A new operator: its
// enumerator, its class and its place in Operators here, and its ss_<name> and SS_<NAME>_IDENTITY
// in kernels/ops.cuh (CUDA text, which cannot include this file).
#pragma once

#include <climits>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/hd.h"

namespace scanscope {

enum class Operator : int { Sum = 0, Min, Max, Or, Mat2 };

// One row of the operator table, from the operator's class.
struct OperatorInfo {
  Operator op;
  const char* name;        // --op, the `ops:` line, files; the kernel files' ss_<name> and SS_<NAME>_IDENTITY
  const char* verb;        // in the window's sentences: "each <verb> two partial results"
  const char* about;       // what it computes, when its name does not say ("" if it does)
  bool int_only;           // needs --type int; int_reason says why
  const char* int_reason;  // e.g. "is bitwise"
  bool commutative;        // false: a kernel that reorders operands gives a wrong answer
  bool rounds;             // float results depend on the order of combination (compared with a tolerance)
  bool matrix;             // a value is a packed 2x2 byte matrix: written [a b;c d], random inputs are shears
};

const std::vector<OperatorInfo>& operators();  // in the order of Operator
const OperatorInfo& operator_info(Operator op);
const char* operator_name(Operator op);
bool parse_operator(const std::string& s, Operator* out);
std::vector<std::string> operator_names();
std::vector<std::string> names_of(const std::vector<Operator>& ops);

// What an operator's class says besides identity and apply (OperatorInfo): a class restates
// only what differs.
struct OpDefaults {
  static constexpr const char* about = "";
  static constexpr bool int_only = false;
  static constexpr const char* int_reason = "";
  static constexpr bool commutative = true;
  static constexpr bool rounds = false;
  static constexpr bool matrix = false;
};

struct OpSum : OpDefaults {
  static constexpr Operator id = Operator::Sum;
  static constexpr const char* name = "sum";
  static constexpr const char* verb = "add";
  static constexpr bool rounds = true;
  template <class T> SS_HD static T identity() { return T(0); }
  // Integer sums wrap in two's complement, as the GPU's IADD does; done in unsigned arithmetic so
  // that the CPU emulator computes the same without signed-overflow undefined behaviour.
  template <class T> SS_HD static T apply(T a, T b) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<unsigned>(a) + static_cast<unsigned>(b));
    else return a + b;
  }
};

struct OpMin : OpDefaults {
  static constexpr Operator id = Operator::Min;
  static constexpr const char* name = "min";
  static constexpr const char* verb = "take the min of";
  template <class T> SS_HD static T identity() { return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max(); }
  template <class T> SS_HD static T apply(T a, T b) { return b < a ? b : a; }
};

struct OpMax : OpDefaults {
  static constexpr Operator id = Operator::Max;
  static constexpr const char* name = "max";
  static constexpr const char* verb = "take the max of";
  template <class T> SS_HD static T identity() { return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest(); }
  template <class T> SS_HD static T apply(T a, T b) { return a < b ? b : a; }
};

// Bitwise or: defined for integers only (the catalogue refuses --op or --type float).
struct OpOr : OpDefaults {
  static constexpr Operator id = Operator::Or;
  static constexpr const char* name = "or";
  static constexpr const char* verb = "OR";
  static constexpr bool int_only = true;
  static constexpr const char* int_reason = "is bitwise";
  template <class T> SS_HD static T identity() { return T(0); }
  template <class T> SS_HD static T apply(T a, T b) { return a | b; }
};

// 2x2 matrix product over the integers mod 256, one matrix packed in an int32 (bytes a, b, c, d
// from the lowest: [a b; c d]). Associative but not commutative: a kernel that reorders operands
// (sequential addressing, grid-stride partials, shuffle-down trees) gives a wrong answer with it,
// one that keeps left-to-right order (interleaved trees, the scans) does not (Oancea and Henriksen's notes).
struct OpMat2 : OpDefaults {
  static constexpr Operator id = Operator::Mat2;
  static constexpr const char* name = "mat2";
  static constexpr const char* verb = "multiply";
  static constexpr const char* about = "2x2 matrix product";
  static constexpr bool int_only = true;
  static constexpr const char* int_reason = "packs a 2x2 byte matrix in an int";
  static constexpr bool commutative = false;
  static constexpr bool matrix = true;
  template <class T> SS_HD static T identity() { return T(0x01000001); }
  template <class T> SS_HD static T apply(T x, T y) {
    unsigned ux = static_cast<unsigned>(x), uy = static_cast<unsigned>(y);
    unsigned a = ux & 255u, b = (ux >> 8) & 255u, c = (ux >> 16) & 255u, d = ux >> 24;
    unsigned e = uy & 255u, f = (uy >> 8) & 255u, g = (uy >> 16) & 255u, h = uy >> 24;
    unsigned r0 = (a * e + b * g) & 255u, r1 = (a * f + b * h) & 255u, r2 = (c * e + d * g) & 255u, r3 = (c * f + d * h) & 255u;
    return static_cast<T>(r0 | (r1 << 8) | (r2 << 16) | (r3 << 24));
  }
};

template <class... Ops> struct OpList {};

// Every operator, in the order of Operator.
using Operators = OpList<OpSum, OpMin, OpMax, OpOr, OpMat2>;

template <class... Ops> constexpr bool in_operator_order(OpList<Ops...>) {
  int i = 0;
  return ((static_cast<int>(Ops::id) == i++) && ...);
}
static_assert(in_operator_order(Operators{}), "Operators lists the classes in the order of Operator");

template <class Op> constexpr OperatorInfo operator_info_of() {
  return {Op::id, Op::name, Op::verb, Op::about, Op::int_only, Op::int_reason, Op::commutative, Op::rounds, Op::matrix};
}

namespace ops_detail {
template <class F, class Op, class... Rest>
decltype(auto) dispatch(Operator op, F&& f, OpList<Op, Rest...>) {
  if constexpr (sizeof...(Rest) == 0) {
    return f(Op{});
  } else {
    if (op == Op::id) return f(Op{});
    return dispatch(op, std::forward<F>(f), OpList<Rest...>{});
  }
}
}  // namespace ops_detail

// f(OpSum{}), f(OpMin{}), ... for op. Every call of f must return the same type; an int-only
// operator is instantiated for float too (guard with `if constexpr (Op::int_only)`).
template <class F> decltype(auto) with_operator(Operator op, F&& f) {
  return ops_detail::dispatch(op, std::forward<F>(f), Operators{});
}

}  // namespace scanscope
