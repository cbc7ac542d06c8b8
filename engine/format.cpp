// Value formatting shared by the command line and the window.
#include "engine/format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
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

std::string verb_for(long long n, const std::string& verb) {
  if (n == 1 && !verb.empty()) {
    const size_t end = std::min(verb.find(' '), verb.size());
    std::string w = verb.substr(0, end);
    auto ends = [&](const char* x) { return w.size() >= std::strlen(x) && w.compare(w.size() - std::strlen(x), std::string::npos, x) == 0; };
    const bool upper = std::all_of(w.begin(), w.end(), [](unsigned char c) { return !std::islower(c); });
    if (upper) w += "s";
    else if (w.size() >= 2 && w.back() == 'y' && std::string("aeiou").find(w[w.size() - 2]) == std::string::npos) w = w.substr(0, w.size() - 1) + "ies";
    else if (ends("s") || ends("sh") || ends("ch") || ends("x") || ends("z") || ends("o")) w += "es";
    else w += "s";
    return w + verb.substr(end);
  }
  return verb;
}

}  // namespace scanscope
