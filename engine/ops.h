// Associative operators as small classes (identity + apply), shared by kernels, emulator and CPU references.
#pragma once

#include <climits>
#include <limits>
#include <type_traits>

#include "engine/hd.h"

namespace scanscope {

struct OpSum {
  static constexpr const char* name = "sum";
  template <class T> SS_HD static T identity() { return T(0); }
  // Integer sums wrap in two's complement, as the GPU's IADD does; done in unsigned arithmetic so
  // that the CPU emulator computes the same without signed-overflow undefined behaviour.
  template <class T> SS_HD static T apply(T a, T b) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<unsigned>(a) + static_cast<unsigned>(b));
    else return a + b;
  }
};

struct OpMin {
  static constexpr const char* name = "min";
  template <class T> SS_HD static T identity() { return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max(); }
  template <class T> SS_HD static T apply(T a, T b) { return b < a ? b : a; }
};

struct OpMax {
  static constexpr const char* name = "max";
  template <class T> SS_HD static T identity() { return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest(); }
  template <class T> SS_HD static T apply(T a, T b) { return a < b ? b : a; }
};

// Bitwise or: defined for integers only (the catalogue refuses --op or --type float).
struct OpOr {
  static constexpr const char* name = "or";
  template <class T> SS_HD static T identity() { return T(0); }
  template <class T> SS_HD static T apply(T a, T b) { return a | b; }
};

// 2x2 matrix product over the integers mod 256, one matrix packed in an int32 (bytes a, b, c, d
// from the lowest: [a b; c d]). Associative but not commutative: a kernel that reorders operands
// (sequential addressing, grid-stride partials, shuffle-down trees) gives a wrong answer with it,
// one that keeps left-to-right order (interleaved trees, the scans) does not (seed 004).
struct OpMat2 {
  static constexpr const char* name = "mat2";
  template <class T> SS_HD static T identity() { return T(0x01000001); }
  template <class T> SS_HD static T apply(T x, T y) {
    unsigned ux = static_cast<unsigned>(x), uy = static_cast<unsigned>(y);
    unsigned a = ux & 255u, b = (ux >> 8) & 255u, c = (ux >> 16) & 255u, d = ux >> 24;
    unsigned e = uy & 255u, f = (uy >> 8) & 255u, g = (uy >> 16) & 255u, h = uy >> 24;
    unsigned r0 = (a * e + b * g) & 255u, r1 = (a * f + b * h) & 255u, r2 = (c * e + d * g) & 255u, r3 = (c * f + d * h) & 255u;
    return static_cast<T>(r0 | (r1 << 8) | (r2 << 16) | (r3 << 24));
  }
};

}  // namespace scanscope
