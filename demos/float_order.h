// Floating-point order (the primitives tutorial, "Numerical precision matters"): the same float data summed in
// different orders gives different results. Sequential, the GPU kernels' tree orders (run through
// the emulator, so the order is the kernel's own), Kahan's compensated sum, and an accurate
// reference.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct FloatSum {
  std::string method;       // e.g. "sequential (float)"
  std::string explanation;  // one sentence
  double value = 0;         // the float result
  double abs_error = 0;     // |value - accurate|
  double ulps = 0;          // error in units of the last place of the accurate sum (as a float)
};

struct FloatOrderReport {
  int n = 0;
  double accurate = 0;  // compensated double-precision sum
  std::vector<FloatSum> sums;
};

// Data sets that make the effect visible: "uniform" (values in [0,1)), "mixed" (a few large values
// among many small ones), "cancel" (large values that cancel, with small ones between).
std::vector<double> float_order_data(const std::string& kind, int n, unsigned seed);

FloatOrderReport compare_float_orders(const std::vector<double>& data);

}  // namespace scanscope
