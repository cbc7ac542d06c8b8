// The arithmetic builtins' table (see math_builtins.h).
#include "engine/cuda/math_builtins.h"

#include <cmath>
#include <cstring>

namespace scanscope::cuda {

namespace {

float f(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}
uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}
int32_t i(uint32_t u) { return static_cast<int32_t>(u); }
uint32_t u(int64_t v) { return static_cast<uint32_t>(static_cast<uint64_t>(v)); }

constexpr Base I = Base::Int, U = Base::Unsigned, F = Base::Float;

// One row per builtin. The float rows are correctly rounded on the GPU and here.
const MathBuiltin kRows[] = {
    {"sqrtf", F, 1, {F}, [](const uint32_t* a) { return bits(std::sqrt(f(a[0]))); }},
    {"__fsqrt_rn", F, 1, {F}, [](const uint32_t* a) { return bits(std::sqrt(f(a[0]))); }},
    {"fmaf", F, 3, {F, F, F}, [](const uint32_t* a) { return bits(std::fmaf(f(a[0]), f(a[1]), f(a[2]))); }},
    {"__fmaf_rn", F, 3, {F, F, F}, [](const uint32_t* a) { return bits(std::fmaf(f(a[0]), f(a[1]), f(a[2]))); }},
    {"floorf", F, 1, {F}, [](const uint32_t* a) { return bits(std::floor(f(a[0]))); }},
    {"ceilf", F, 1, {F}, [](const uint32_t* a) { return bits(std::ceil(f(a[0]))); }},
    {"truncf", F, 1, {F}, [](const uint32_t* a) { return bits(std::trunc(f(a[0]))); }},
    {"roundf", F, 1, {F}, [](const uint32_t* a) { return bits(std::round(f(a[0]))); }},  // halfway cases away from zero
    {"rintf", F, 1, {F}, [](const uint32_t* a) { return bits(std::nearbyint(f(a[0]))); }},  // halfway cases to even
    {"copysignf", F, 2, {F, F}, [](const uint32_t* a) { return (a[0] & 0x7fffffffu) | (a[1] & 0x80000000u); }},
    {"__fadd_rn", F, 2, {F, F}, [](const uint32_t* a) { return bits(f(a[0]) + f(a[1])); }},
    {"__fsub_rn", F, 2, {F, F}, [](const uint32_t* a) { return bits(f(a[0]) - f(a[1])); }},
    {"__fmul_rn", F, 2, {F, F}, [](const uint32_t* a) { return bits(f(a[0]) * f(a[1])); }},
    {"__fdiv_rn", F, 2, {F, F}, [](const uint32_t* a) { return bits(f(a[0]) / f(a[1])); }},
    {"__frcp_rn", F, 1, {F}, [](const uint32_t* a) { return bits(1.0f / f(a[0])); }},
    {"__saturatef", F, 1, {F}, [](const uint32_t* a) {  // clamped to [0, 1], NaN to 0
       const float x = f(a[0]);
       return bits(x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f);
     }},
    {"__brev", U, 1, {U}, [](const uint32_t* a) {
       uint32_t x = a[0], r = 0;
       for (int k = 0; k < 32; ++k, x >>= 1) r = (r << 1) | (x & 1u);
       return r;
     }},
    // the low 24 bits of each (sign-extended for __mul24), the product's low 32 bits
    {"__mul24", I, 2, {I, I}, [](const uint32_t* a) {
       const int64_t x = i(a[0] << 8) >> 8, y = i(a[1] << 8) >> 8;
       return u(x * y);
     }},
    {"__umul24", U, 2, {U, U}, [](const uint32_t* a) { return u(static_cast<int64_t>(uint64_t{a[0] & 0xffffffu} * (a[1] & 0xffffffu))); }},
    // the high 32 bits of the 64-bit product
    {"__mulhi", I, 2, {I, I}, [](const uint32_t* a) { return u((static_cast<int64_t>(i(a[0])) * i(a[1])) >> 32); }},
    {"__umulhi", U, 2, {U, U}, [](const uint32_t* a) { return static_cast<uint32_t>((uint64_t{a[0]} * a[1]) >> 32); }},
    // |x - y| + z
    {"__sad", U, 3, {I, I, U}, [](const uint32_t* a) {
       const int64_t d = static_cast<int64_t>(i(a[0])) - i(a[1]);
       return u((d < 0 ? -d : d) + a[2]);
     }},
    {"__usad", U, 3, {U, U, U}, [](const uint32_t* a) { return (a[0] > a[1] ? a[0] - a[1] : a[1] - a[0]) + a[2]; }},
    // internal (cooperative groups): a ballot's bits of the mask's lanes, packed by rank
    {" pack_lanes", U, 2, {U, U}, [](const uint32_t* a) {
       uint32_t r = 0, n = 0;
       for (uint32_t l = 0; l < 32; ++l)
         if (a[0] >> l & 1u) r |= (a[1] >> l & 1u) << n++;
       return r;
     }},
    // internal (cooperative groups): the lane of the rank-th set bit of a mask
    {" lane_of_rank", U, 2, {U, U}, [](const uint32_t* a) {
       if (a[0] == 0xffffffffu) return a[1];
       uint32_t n = a[1];
       for (uint32_t l = 0; l < 32; ++l)
         if (a[0] >> l & 1u) {
           if (n == 0) return l;
           --n;
         }
       return 0xffffffffu;
     }},
};
constexpr int kRowCount = static_cast<int>(sizeof kRows / sizeof kRows[0]);

struct Refused {
  const char* name;
  const char* why;
};
const char* const kApprox = "the GPU computes it to within some ulps with its own algorithm (or its special function unit), so the "
                            "interpreter could not give the GPU's bits";
const Refused kRefused[] = {
    {"expf", kApprox}, {"exp2f", kApprox}, {"exp10f", kApprox}, {"expm1f", kApprox}, {"logf", kApprox}, {"log2f", kApprox},
    {"log10f", kApprox}, {"log1pf", kApprox}, {"powf", kApprox}, {"sinf", kApprox}, {"cosf", kApprox}, {"tanf", kApprox},
    {"sincosf", kApprox}, {"sinpif", kApprox}, {"cospif", kApprox}, {"asinf", kApprox}, {"acosf", kApprox}, {"atanf", kApprox},
    {"atan2f", kApprox}, {"sinhf", kApprox}, {"coshf", kApprox}, {"tanhf", kApprox}, {"erff", kApprox}, {"erfcf", kApprox},
    {"cbrtf", kApprox}, {"rsqrtf", kApprox}, {"rcbrtf", kApprox}, {"hypotf", kApprox}, {"normf", kApprox}, {"__expf", kApprox},
    {"__exp10f", kApprox}, {"__logf", kApprox}, {"__log2f", kApprox}, {"__log10f", kApprox}, {"__powf", kApprox},
    {"__sinf", kApprox}, {"__cosf", kApprox}, {"__tanf", kApprox}, {"__sincosf", kApprox}, {"__fdividef", kApprox},
    {"__frsqrt_rn", kApprox},
    {"clock", "it reads the multiprocessor's cycle counter: the interpreter has no cycles to count (time kernels on the GPU)"},
    {"clock64", "it reads the multiprocessor's cycle counter: the interpreter has no cycles to count (time kernels on the GPU)"},
    {"__nanosleep", "the interpreter has no clock to sleep on"},
};

}  // namespace

const MathBuiltin* find_math_builtin(const std::string& name, int* index) {
  for (int k = 0; k < kRowCount; ++k)
    if (name == kRows[k].name) {
      *index = k;
      return &kRows[k];
    }
  return nullptr;
}

const MathBuiltin* math_builtin(int index) { return index >= 0 && index < kRowCount ? &kRows[index] : nullptr; }

int math_builtin_lane_of_rank() {
  int k = -1;
  find_math_builtin(" lane_of_rank", &k);
  return k;
}

int math_builtin_pack_lanes() {
  int k = -1;
  find_math_builtin(" pack_lanes", &k);
  return k;
}

const char* refused_math_builtin(const std::string& name) {
  for (const auto& r : kRefused)
    if (name == r.name) return r.why;
  return nullptr;
}

std::string math_builtin_names() {
  std::string s;
  for (const auto& r : kRows)
    if (r.name[0] != ' ') s += (s.empty() ? "" : ", ") + std::string(r.name);
  return s;
}

}  // namespace scanscope::cuda
