// Sequential CPU references: what every kernel's output is checked against.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

// Reduction of the values with op ("sum", "min", "max", "or"), computed in the value type
// (int wraps like the GPU; float sums sequentially in float).
double reference_reduce(const std::vector<double>& in, const std::string& op, bool is_float);
std::vector<double> reference_scan(const std::vector<double>& in, const std::string& op, bool is_float, bool inclusive);

// Float results of a different summation order differ from the sequential sum by rounding:
// |got - want| <= tol * (sum of |inputs| up to that element) with tol = 1e-5 for up to 65536 floats.
bool outputs_match(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in,
                   const std::string& op, bool is_float, bool scan, std::string* why);

}  // namespace scanscope
