// Associative operators as small classes (identity + apply), shared by kernels, emulator and CPU references.
#pragma once

#include <climits>
#include <limits>

#include "hd.h"

namespace scanscope {

struct OpSum {
  static constexpr const char* name = "sum";
  template <class T> SS_HD static T identity() { return T(0); }
  template <class T> SS_HD static T apply(T a, T b) { return a + b; }
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

}  // namespace scanscope
