// Sequential CPU references and the comparison used by tests, trace and bench.
#include "engine/reference.h"

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

template <class T>
std::vector<double> scan_op(const std::vector<double>& in, const std::string& op, bool inclusive) {
  if (op == "sum") return scan_t<OpSum, T>(in, inclusive);
  if (op == "min") return scan_t<OpMin, T>(in, inclusive);
  if (op == "max") return scan_t<OpMax, T>(in, inclusive);
  if constexpr (std::is_integral_v<T>) {
    if (op == "mat2") return scan_t<OpMat2, T>(in, inclusive);
    return scan_t<OpOr, T>(in, inclusive);
  }
  return {};
}
}  // namespace

std::vector<double> reference_scan(const std::vector<double>& in, const std::string& op, bool is_float, bool inclusive) {
  return is_float ? scan_op<float>(in, op, inclusive) : scan_op<int32_t>(in, op, inclusive);
}

double reference_reduce(const std::vector<double>& in, const std::string& op, bool is_float) {
  auto s = reference_scan(in, op, is_float, true);
  if (!s.empty()) return s.back();
  if (op == "mat2") return 0x01000001;
  return is_float ? (op == "min" ? INFINITY : op == "max" ? -INFINITY : 0.0)
                  : (op == "min" ? INT32_MAX : op == "max" ? INT32_MIN : 0.0);
}

bool outputs_match(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in,
                   const std::string& op, bool is_float, bool scan, std::string* why) {
  if (got.size() != want.size()) {
    if (why) *why = "output has " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size());
    return false;
  }
  double abs_prefix = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    if (scan && i < in.size()) abs_prefix += std::fabs(in[i]);
    if (!scan) for (double x : in) abs_prefix += std::fabs(x);
    bool ok;
    if (!is_float || op != "sum") ok = got[i] == want[i] || (std::isinf(got[i]) && got[i] == want[i]);
    else ok = std::fabs(got[i] - want[i]) <= 1e-5 * abs_prefix + 1e-30;
    if (!ok) {
      if (why) {
        std::ostringstream os;
        os.precision(9);
        os << "output[" << i << "] = " << format_value(got[i], op) << ", expected " << format_value(want[i], op);
        *why = os.str();
      }
      return false;
    }
  }
  return true;
}

}  // namespace scanscope
