// Sequential CPU references and the comparison used by tests, trace and bench.
#include "engine/reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "engine/format.h"
#include "engine/ops.h"

namespace scanscope {

namespace {
template <class Op, class T>
std::vector<double> scan_t(const std::vector<double>& in, bool inclusive) {
  std::vector<double> out(in.size());
  T acc = Op::template identity<T>();
  for (size_t i = 0; i < in.size(); ++i) {
    T x = static_cast<T>(in[i]);
    if (inclusive) {
      acc = Op::apply(acc, x);
      out[i] = acc;
    } else {
      out[i] = acc;
      acc = Op::apply(acc, x);
    }
  }
  return out;
}

// f(T{}) with T the value type that computes `type` with Op (int32 for an int-only operator).
template <class Op, class F>
auto in_value_type(ValueType type, F&& f) {
  if constexpr (!Op::int_only)
    if (type == ValueType::Float) return f(float{});
  return f(int32_t{});
}

}  // namespace

std::vector<double> reference_scan(const std::vector<double>& in, Operator op, ValueType type, bool inclusive) {
  return with_operator(op, [&](auto o) {
    using Op = decltype(o);
    return in_value_type<Op>(type, [&](auto t) { return scan_t<Op, decltype(t)>(in, inclusive); });
  });
}

double reference_reduce(const std::vector<double>& in, Operator op, ValueType type) {
  if (!in.empty()) return reference_scan(in, op, type, true).back();
  return with_operator(op, [&](auto o) {
    using Op = decltype(o);
    return in_value_type<Op>(type, [](auto t) { return static_cast<double>(Op::template identity<decltype(t)>()); });
  });
}

int first_mismatch(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in, Operator op,
                   ValueType type, bool scan) {
  double abs_prefix = 0;
  const size_t count = std::min(got.size(), want.size());
  for (size_t i = 0; i < count; ++i) {
    if (scan && i < in.size()) abs_prefix += std::fabs(in[i]);
    if (!scan) for (double x : in) abs_prefix += std::fabs(x);
    bool ok;
    if (got[i] == want[i]) ok = true;  // also an overflow both sides reached (inf == inf)
    else if (type != ValueType::Float || !operator_info(op).rounds) ok = false;
    else ok = std::isfinite(got[i]) && std::isfinite(want[i]) && std::fabs(got[i] - want[i]) <= 1e-5 * abs_prefix + 1e-30;
    if (!ok) return static_cast<int>(i);
  }
  return -1;
}

bool outputs_match(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in,
                   Operator op, ValueType type, bool scan, std::string* why) {
  if (got.size() != want.size()) {
    if (why) *why = "output has " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size());
    return false;
  }
  const int i = first_mismatch(got, want, in, op, type, scan);
  if (i < 0) return true;
  if (why) {
    std::ostringstream os;
    os.precision(9);
    os << "output[" << i << "] = " << format_value(got[i], op) << ", expected " << format_value(want[i], op);
    *why = os.str();
  }
  return false;
}

}  // namespace scanscope
