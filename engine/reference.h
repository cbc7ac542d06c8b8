// Sequential CPU references: what every kernel's output is checked against.
#pragma once

#include <string>
#include <vector>

#include "engine/ops.h"
#include "engine/vocab.h"

namespace scanscope {

// Reduction of the values with op, computed in the value type (int wraps like the GPU; float
// sums sequentially in float); the operator's identity for no values.
double reference_reduce(const std::vector<double>& in, Operator op, ValueType type);
std::vector<double> reference_scan(const std::vector<double>& in, Operator op, ValueType type, bool inclusive);

// Float results of a different summation order differ from the sequential sum by rounding:
// |got - want| <= tol * (sum of |inputs| up to that element) with tol = 1e-5 for up to 65536 floats.
bool outputs_match(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in,
                   Operator op, ValueType type, bool scan, std::string* why);
// The first index where got differs from want by that rule; -1 when none does (the sizes are
// compared by the caller: only the common prefix is looked at).
int first_mismatch(const std::vector<double>& got, const std::vector<double>& want, const std::vector<double>& in, Operator op,
                   ValueType type, bool scan);

}  // namespace scanscope
