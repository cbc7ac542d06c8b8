// Value formatting shared by the command line and the window.
#include "engine/format.h"

#include <cmath>
#include <cstdint>
#include <iomanip>
#include <sstream>

namespace scanscope {

std::string format_value(double v, Operator op, ValueStyle style) {
  const bool cell = style == ValueStyle::Cell;
  if (std::isnan(v)) return cell ? "" : ".";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream os;
  if (operator_info(op).matrix) {
    uint32_t u = static_cast<uint32_t>(static_cast<int32_t>(v));
    os << "[" << (u & 255u) << " " << ((u >> 8) & 255u) << ";" << ((u >> 16) & 255u) << " " << (u >> 24) << "]";
  } else if (v == std::floor(v) && std::fabs(v) < (cell ? 1e9 : 1e15)) {
    os << static_cast<long long>(v);
  } else {
    os << std::setprecision(cell ? 4 : 6) << v;
  }
  return os.str();
}

std::string counted(long long n, const std::string& noun, const std::string& plural) {
  return std::to_string(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

}  // namespace scanscope
