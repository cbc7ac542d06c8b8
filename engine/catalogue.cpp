// Trace requests: the input list, random inputs; what a kernel file offers.
#include "engine/catalogue.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <limits>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>

#include "engine/kernel_file.h"

namespace scanscope {

KernelOptions kernel_options(const KernelFile& file) {
  KernelOptions o;
  const std::set<std::string> takes = option_macros(file);
  const KernelHeader& h = file.header;
  o.pad = takes.count("PAD") > 0;
  o.threads = takes.count("THREADS") > 0;
  o.bits = takes.count("BITS") > 0;
  o.banks = takes.count("NUM_BANKS") > 0;
  o.is_reduce = h.check == "reduce";
  o.is_scan = h.check == "inclusive-scan" || h.check == "exclusive-scan";
  if (o.is_scan && takes.count("INCLUSIVE")) {
    o.can_inclusive = o.can_exclusive = true;
  } else {
    o.can_inclusive = h.check == "inclusive-scan";
    o.can_exclusive = h.check == "exclusive-scan";
  }
  o.broken = !h.broken.empty();
  o.reorders = !h.reorders.empty();
  o.types = h.types.empty() ? value_types() : h.types;
  o.ops = h.ops;
  if (o.ops.empty())
    for (const OperatorInfo& op : operators()) o.ops.push_back(op.op);
  return o;
}

std::string wrong_by_design(const KernelFile& file, const TraceRequest& r) {
  const KernelHeader& h = file.header;
  if (!h.broken.empty()) return "this kernel is deliberately broken: " + h.broken;
  const OperatorInfo& op = operator_info(r.op);
  if (!op.commutative && !h.reorders.empty())
    return std::string(op.name) + (*op.about ? std::string(" (") + op.about + ")" : "") + " is not commutative, and " + file.id +
           " combines operands out of order: " + h.reorders;
  if (file.family == KernelFamily::Listings) return "a listing as printed: " + h.note;
  return "";
}

std::vector<double> parse_input_list(const std::string& text, ValueType type) {
  std::vector<double> out;
  std::string item;
  std::stringstream ss(text);
  int index = 0;
  while (std::getline(ss, item, ',')) {
    size_t a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
    std::string t = a == std::string::npos ? "" : item.substr(a, b - a + 1);
    if (t.empty()) throw UsageError("--input item " + std::to_string(index + 1) + " is empty (expected comma-separated numbers like 3,1,7,0)");
    char* end = nullptr;
    errno = 0;
    if (type == ValueType::Int) {
      long long v = std::strtoll(t.c_str(), &end, 10);
      if (*end != '\0' || errno == ERANGE)
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' is not an integer (--type int)");
      if (v < INT32_MIN || v > INT32_MAX)
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' does not fit in a 32-bit int");
      out.push_back(static_cast<double>(v));
    } else {
      double v = std::strtod(t.c_str(), &end);
      if (*end != '\0' || !std::isfinite(v))
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' is not a finite float");
      if (std::fabs(v) > std::numeric_limits<float>::max())
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' is beyond a float's range (at most 3.4028235e38)");
      out.push_back(static_cast<double>(static_cast<float>(v)));
    }
    ++index;
  }
  if (out.empty()) throw UsageError("--input is empty (expected comma-separated numbers like 3,1,7,0)");
  if (!text.empty() && text.back() == ',') throw UsageError("--input ends with a comma");
  return out;
}

std::vector<double> request_input(const TraceRequest& r, bool signed_values) {
  if (!r.input.empty()) return r.input;
  // Small values keep the picture readable and sums of up to 65536 elements far from overflow.
  std::mt19937 rng(r.seed);
  std::vector<double> v(r.n);
  if (operator_info(r.op).matrix) {
    // Shears [1 k; 0 1] and [1 0; k 1], k in 1..3: determinant 1, so products never collapse to
    // zero mod 256 and a change of order shows in the result.
    std::uniform_int_distribution<int> d(1, 3), upper(0, 1);
    for (auto& x : v) {
      int k = d(rng);
      x = static_cast<int32_t>(upper(rng) ? (1 | (k << 8) | (1 << 24)) : (1 | (k << 16) | (1 << 24)));
    }
  } else if (r.type == ValueType::Int) {
    std::uniform_int_distribution<int> d(signed_values ? -9 : 0, 9);
    for (auto& x : v) x = d(rng);
  } else {
    std::uniform_int_distribution<int> d(0, 999);
    for (auto& x : v) x = static_cast<double>(static_cast<float>(d(rng) / 100.0f));
  }
  return v;
}

}  // namespace scanscope
