// Summation-order comparison for floats.
#include "demos/float_order.h"

#include <cmath>
#include <random>

#include "engine/catalogue.h"
#include "engine/runner.h"

namespace scanscope {

std::vector<double> float_order_data(const std::string& kind, int n, unsigned seed) {
  if (kind != "uniform" && kind != "mixed" && kind != "cancel")
    throw UsageError("--data must be uniform, mixed or cancel, not '" + kind + "'");
  if (n < 1 || n > 65536) throw UsageError("--n must be from 1 to 65536 (the block reductions' limit), not " + std::to_string(n));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) {
    float x = u(rng);
    if (kind == "mixed" && i % 1024 == 0) x = 1.0e6f * (1.0f + x);
    if (kind == "cancel") x = (i % 2 == 0 ? 1.0e7f : -1.0e7f) + x;
    v[i] = static_cast<double>(x);
  }
  return v;
}

namespace {
double ulp_of(double x) {
  float f = static_cast<float>(std::fabs(x));
  return static_cast<double>(std::nextafter(f, INFINITY) - f);
}

double kernel_sum(const std::string& kernel, const std::vector<double>& data) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = static_cast<int>(data.size());
  r.type = ValueType::Float;
  r.input = data;
  return run_emulator(r).output[0];
}
}  // namespace

FloatOrderReport compare_float_orders(const std::vector<double>& data) {
  FloatOrderReport rep;
  rep.n = static_cast<int>(data.size());
  // Accurate reference: Neumaier's compensated sum in double (the inputs are floats, so this is
  // far more precise than any float result below).
  double s = 0, c = 0;
  for (double x : data) {
    double t = s + x;
    c += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  rep.accurate = s + c;

  auto add = [&](const std::string& method, const std::string& why, double value) {
    FloatSum f;
    f.method = method;
    f.explanation = why;
    f.value = value;
    f.abs_error = std::fabs(value - rep.accurate);
    double u = ulp_of(rep.accurate);
    f.ulps = u > 0 ? f.abs_error / u : 0;
    rep.sums.push_back(f);
  };
  float seq = 0;
  for (double x : data) seq += static_cast<float>(x);
  add("sequential (float)", "one running sum: each add rounds, and the running sum grows, so late small values lose most bits", seq);
  add("reduce-sequential (GPU tree)", "1024 grid-stride partials, then a halving tree: each value meets sums of similar size",
      kernel_sum("reduce-sequential", data));
  add("reduce-warp-shuffle (GPU tree)", "grid-stride partials, shuffle trees within warps, then across warps: another order, another rounding",
      kernel_sum("reduce-warp-shuffle", data));
  float ks = 0, kc = 0;
  for (double xd : data) {
    float y = static_cast<float>(xd) - kc;
    float t = ks + y;
    kc = (t - ks) - y;
    ks = t;
  }
  add("Kahan (float)", "compensated: the rounding error of each add is carried into the next", ks);
  return rep;
}

}  // namespace scanscope
