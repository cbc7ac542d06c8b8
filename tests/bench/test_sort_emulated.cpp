// The radix sorts (kernels/device/sort_device.h) run block by block on EmulatedBlock, the same
// block source the GPU times, against std::stable_sort: every row (tuning shapes too), unsigned,
// int and float keys, keys alone and key-value pairs, small and ragged n, equal, sorted, reversed
// and few-valued keys, negative ints and floats with -0.0, +0.0, infinities and denormals, NaNs
// across tiles; the float keys' codes (float_code) and every pass program's labels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "bench/bench_detail.h"
#include "tests/bench/test_inputs.h"
#include "kernels/device/emu_exec.h"
#include "kernels/device/sort_device.h"

using namespace scanscope;
using namespace scanscope::device;

namespace {

uint32_t lcg(uint32_t& x) {
  x = x * 1664525u + 1013904223u;
  return x ^ (x >> 15);
}

// The reference: the indices of the keys in std::stable_sort's order of the typed keys (operator<).
std::vector<uint32_t> reference_order(SortKey kind, const std::vector<uint32_t>& keys) {
  std::vector<uint32_t> idx(keys.size());
  std::iota(idx.begin(), idx.end(), 0u);
  if (kind == SortKey::Unsigned) std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
  else if (kind == SortKey::Int)
    std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return static_cast<int32_t>(keys[a]) < static_cast<int32_t>(keys[b]); });
  else std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return from_bits<float>(keys[a]) < from_bits<float>(keys[b]); });
  return idx;
}

// Float keys in the sorts' documented order, NaNs too (outside operator<'s order), written apart
// from the sorts' order bits: negative NaNs first (larger bits first), then the numbers by
// operator< (-0.0 and +0.0 equal), then positive NaNs (smaller bits first).
bool float_total_less(uint32_t a, uint32_t b) {
  auto cls = [](uint32_t x) { return std::isnan(from_bits<float>(x)) ? (x >> 31 ? 0 : 2) : 1; };
  const int ca = cls(a), cb = cls(b);
  if (ca != cb) return ca < cb;
  if (ca == 0) return a > b;
  if (ca == 2) return a < b;
  return from_bits<float>(a) < from_bits<float>(b);
}
std::vector<uint32_t> reference_order_with_nans(const std::vector<uint32_t>& keys) {
  std::vector<uint32_t> idx(keys.size());
  std::iota(idx.begin(), idx.end(), 0u);
  std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return float_total_less(keys[a], keys[b]); });
  return idx;
}

const char* kind_name(SortKey k) { return k == SortKey::Unsigned ? "unsigned" : k == SortKey::Int ? "int" : "float"; }

// Sorts keys with row s (values: a distinct number per key, so stability shows) and compares with
// std::stable_sort bit for bit.
// with_nans: float keys that may hold NaNs, against reference_order_with_nans.
void expect_sorted(const SortInfo& s, SortKey kind, const std::vector<uint32_t>& keys, const std::string& what, int max_blocks = 3, bool with_nans = false) {
  std::vector<uint32_t> values(keys.size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<uint32_t>(i) * 2654435761u + 12345u;
  const SortResult got = emulate_sort(s, kind, keys, s.pairs ? values : std::vector<uint32_t>{}, max_blocks);
  const auto order = with_nans ? reference_order_with_nans(keys) : reference_order(kind, keys);
  ASSERT_EQ(got.keys.size(), keys.size());
  for (size_t j = 0; j < keys.size(); ++j) {
    ASSERT_EQ(got.keys[j], keys[order[j]]) << s.id << " " << kind_name(kind) << " " << what << " n=" << keys.size() << " key " << j;
    if (s.pairs) {
      ASSERT_EQ(got.values[j], values[order[j]]) << s.id << " " << kind_name(kind) << " " << what << " n=" << keys.size() << " value " << j;
    }
  }
  // one launch for the one-block path (n <= s.small), else the histogram, its scan and the passes
  const int launches = keys.empty() ? 0 : static_cast<long long>(keys.size()) <= s.small ? 1 : 2 + kRadixPasses;
  EXPECT_EQ(got.launches, launches) << s.id << " n=" << keys.size();
}

// 1, a few, 255, 256 x k + 3, the tiles' edges (the one-block path's 512 x 8 and 256 x 16, 384 x 16
// and 256 x 24, 384 x 20, 512 x 16, 384 x 23, 384 x 24, and 512 x 19 and 384 x 26 of the removed
// pass v9), 10^4 + 3, two whole tiles of the shipped rows and of 384 x 26, several tiles with a ragged end.
std::vector<long long> sizes() {
  return {1,    2,    3,    7,    31,   32,   33,    255,   256,      259,      511,       513,   256 * 5 + 3, 256 * 17 + 3, 4095, 4096, 4097,
          6144, 6145, 7680, 7681, 8192, 8195, 8832,  8833,  9216,     9217,     9728,      9729,  9984,        9985,         10003, 8832 * 2,
          9216 * 2, 9984 * 2, 20001};
}

// Keys of one shape: random bits, random over a few values (long equal runs per tile), all equal,
// ascending, descending.
enum class Shape { Random, FewValues, AllEqual, Ascending, Descending };
const char* shape_name(Shape s) {
  switch (s) {
    case Shape::Random: return "random";
    case Shape::FewValues: return "few values";
    case Shape::AllEqual: return "all equal";
    case Shape::Ascending: return "ascending";
    case Shape::Descending: return "descending";
  }
  return "";
}

// A key of kind `kind` for the hash h: unsigned and int keys are the bits (ints of either sign);
// floats are finite values of every magnitude and both signs (an exponent of 255 is folded to 127).
uint32_t key_of(SortKey kind, uint32_t h) {
  if (kind != SortKey::Float) return h;
  if (((h >> 23) & 0xffu) == 0xffu) h &= ~(0x80u << 23);
  return h;
}

std::vector<uint32_t> make_keys(SortKey kind, Shape shape, long long n, uint32_t seed) {
  std::vector<uint32_t> k(static_cast<size_t>(n));
  uint32_t x = seed * 2654435761u + 7;
  const uint32_t few[5] = {key_of(kind, 0x80000001u), key_of(kind, 7u), key_of(kind, 0xfffffff0u), key_of(kind, 0x00ff00ffu), key_of(kind, 0x3f800000u)};
  for (long long i = 0; i < n; ++i) {
    switch (shape) {
      case Shape::Random: k[i] = key_of(kind, lcg(x)); break;
      case Shape::FewValues: k[i] = few[lcg(x) % 5u]; break;
      case Shape::AllEqual: k[i] = key_of(kind, seed | 0x80000000u); break;
      case Shape::Ascending:
      case Shape::Descending: k[i] = key_of(kind, lcg(x)); break;
    }
  }
  if (shape == Shape::Ascending || shape == Shape::Descending) {  // in the kind's own order
    const auto order = reference_order(kind, k);
    std::vector<uint32_t> sorted(k.size());
    for (size_t j = 0; j < k.size(); ++j) sorted[j] = k[order[j]];
    if (shape == Shape::Descending) std::reverse(sorted.begin(), sorted.end());
    k = sorted;
  }
  return k;
}

}  // namespace

class SortEmulated : public ::testing::TestWithParam<std::string> {};

// The shipped rows: every kind of key and every shape. A tuning row (the same steps at another
// shape) takes int keys random, few-valued and all equal, and float
// keys random: 4 of the 15 combinations, for CI's time under the sanitizers (the specials below
// still run on every row).
TEST_P(SortEmulated, MatchesStableSort) {
  const SortInfo& s = *find_sort(GetParam());
  for (SortKey kind : {SortKey::Unsigned, SortKey::Int, SortKey::Float})
    for (Shape shape : {Shape::Random, Shape::FewValues, Shape::AllEqual, Shape::Ascending, Shape::Descending})
      for (long long n : sizes()) {
        if (s.tuning() && !(kind == SortKey::Int && (shape == Shape::Random || shape == Shape::FewValues || shape == Shape::AllEqual)) &&
            !(kind == SortKey::Float && shape == Shape::Random))
          break;
        expect_sorted(s, kind, make_keys(kind, shape, n, static_cast<uint32_t>(n * 31 + static_cast<int>(shape))), shape_name(shape));
        if (HasFatalFailure()) return;
      }
}

// Negative ints and the float specials, mixed into random keys: -0.0 and +0.0 equal (input order
// kept), infinities at the ends, denormals and the largest finite values in their places.
TEST_P(SortEmulated, SignedAndFloatSpecials) {
  const SortInfo& s = *find_sort(GetParam());
  const float inf = std::numeric_limits<float>::infinity();
  const float specials[] = {-0.0f, 0.0f, inf, -inf, std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(),
                            std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), std::numeric_limits<float>::min(), -1.0f, 1.0f, -0.5f};
  const int32_t ints[] = {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), -1, 0, 1, -256, 255, -65536};
  for (long long n : {1LL, 7LL, 255LL, 256LL * 3 + 3, 10003LL}) {
    uint32_t x = static_cast<uint32_t>(n) * 977u;
    std::vector<uint32_t> f(static_cast<size_t>(n)), i(static_cast<size_t>(n));
    for (long long j = 0; j < n; ++j) {
      const uint32_t h = lcg(x);
      f[j] = h % 3 ? bits_of(specials[h % 12]) : key_of(SortKey::Float, lcg(x));
      i[j] = h % 3 ? static_cast<uint32_t>(ints[h % 8]) : lcg(x);
    }
    expect_sorted(s, SortKey::Float, f, "float specials");
    expect_sorted(s, SortKey::Int, i, "int extremes");
    if (HasFatalFailure()) return;
  }
  // Only zeros of both signs: nothing moves.
  std::vector<uint32_t> zeros;
  for (int j = 0; j < 600; ++j) zeros.push_back(j % 3 ? 0x80000000u : 0u);
  expect_sorted(s, SortKey::Float, zeros, "zeros");
}

// Float keys across tiles (the passes' path; the shipped rows change float keys to codes in pass 0
// and back in pass 3): NaNs of both signs with the extreme payloads (0xffffffff's code is 1, in pass
// 3's bucket 0 with -0.0's code 0 until the label moves -0.0 to 0x80), -0.0 and +0.0, denormals of
// both signs and the positive keys below 2^-125 (the keys of pass 3's digit 0x80 with the zeros),
// infinities, random finite keys; at the one-block path's largest n, just above it, at and past a
// tile of each shipped row, and several tiles with a ragged end.
TEST_P(SortEmulated, FloatSpecialsAndNaNsAcrossTiles) {
  const SortInfo& s = *find_sort(GetParam());
  const uint32_t specials[] = {0x80000000u, 0u,          0xffffffffu, 0xff000001u, 0xffc00000u, 0xff800001u, 0x7fffffffu, 0x7f800001u, 0x7fc00000u,
                               0x7f800000u, 0xff800000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00ffffffu, 0x00800000u, 0x80800000u};
  constexpr int kSpecials = sizeof(specials) / sizeof(specials[0]);
  for (long long n : {4096LL, 4097LL, 8833LL, 9216LL, 9217LL, 20001LL}) {
    uint32_t x = static_cast<uint32_t>(n) * 7919u + 3u;
    std::vector<uint32_t> f(static_cast<size_t>(n));
    for (auto& k : f) {
      const uint32_t h = lcg(x);
      switch (h % 6) {
        case 0: case 1: k = specials[lcg(x) % kSpecials]; break;
        case 2: k = lcg(x) & 0x807fffffu; break;  // denormals (and zeros) of both signs
        case 3: k = lcg(x) & 0x00ffffffu; break;  // pass 3's digit 0x80: +0.0, denormals, up to 2^-125
        case 4: k = lcg(x) | 0x7f800000u; break;  // infinities and NaNs of both signs
        default: k = lcg(x); break;               // anything, NaNs among them
      }
    }
    expect_sorted(s, SortKey::Float, f, "float specials and NaNs", 3, true);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSorts, SortEmulated, ::testing::ValuesIn(testing_inputs::row_ids(sorts())),
                         [](const auto& info) { return testing_inputs::test_name_of(info.param); });

// The shipped rows are pass v6 (keys) and v7 (pairs) with the one-block path below 4096 keys (the
// tests above run them on every kind of key: v6 indexes the counters by the key's byte, and int
// keys have the digit with the sign bit flipped in the last pass).
TEST(SortShape, ShippedRowsAreTheTunedShapes) {
  const SortInfo& keys = *find_sort("sort-onesweep");
  const SortInfo& pairs = *find_sort("sort-onesweep-pairs");
  EXPECT_TRUE(keys.best() && !keys.pairs);
  EXPECT_TRUE(pairs.best() && pairs.pairs);
  EXPECT_EQ(keys.tile, 384 * 24);
  EXPECT_EQ(pairs.tile, 384 * 23);
  for (const auto& s : sorts()) EXPECT_EQ(s.small, 4096) << s.id;
}

// The histogram's grid-stride: one block, a few, more blocks than chunks; the result is the same.
TEST(SortShape, HistogramGridDoesNotMatter) {
  const SortInfo& s = *find_sort("sort-onesweep-pairs");
  const auto keys = make_keys(SortKey::Int, Shape::Random, 300007, 5);
  for (int blocks : {1, 2, 7, 1000}) {
    expect_sorted(s, SortKey::Int, keys, "grid " + std::to_string(blocks), blocks);
    if (HasFatalFailure()) return;
  }
}

// NaNs (outside std::stable_sort's order) sort by their bits: negative NaNs before -inf, positive
// ones after +inf (0x7f800001 before 0x7fc00000).
TEST(SortShape, NaNsAtTheEnds) {
  const SortInfo& s = *find_sort("sort-onesweep-pairs");
  const uint32_t pos_nan = 0x7fc00000u, pos_nan2 = 0x7f800001u, neg_nan = 0xffc00000u;
  const std::vector<uint32_t> keys = {pos_nan, bits_of(1.0f), neg_nan, bits_of(-std::numeric_limits<float>::infinity()), pos_nan2,
                                      bits_of(std::numeric_limits<float>::infinity()), bits_of(-2.0f)};
  std::vector<uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 0u);
  const auto got = emulate_sort(s, SortKey::Float, keys, values);
  EXPECT_EQ(got.keys, (std::vector<uint32_t>{neg_nan, keys[3], keys[6], keys[1], keys[5], pos_nan2, pos_nan}));
  EXPECT_EQ(got.values, (std::vector<uint32_t>{2, 3, 6, 1, 5, 4, 0}));
}

// The warp match from ballots (every pass: v6's ranking on the CPU, the one-block path's on the CPU
// and the GPU) against the match by comparing digits, lane by lane:
// random digits, few digits, all equal, and partial warps whose lanes past n carry digit 256 (its
// low bits are digit 0's, so only the inside-n ballot keeps them apart).
TEST(SortShape, BallotMatchIsTheMatchOfEqualDigits) {
  uint32_t x = 12345;
  for (int trial = 0; trial < 2000; ++trial) {
    const int spread = trial % 4 == 0 ? 1 : trial % 4 == 1 ? 3 : 256;
    const int inside = trial % 3 == 0 ? 32 : static_cast<int>(lcg(x) % 33);  // lanes inside n
    const bool full = inside == 32 && trial % 2 == 0;                        // a whole tile skips the inside ballot
    int d[kWarpSize];
    for (int j = 0; j < kWarpSize; ++j) d[j] = j < inside ? static_cast<int>(lcg(x) % spread) : kRadixDigits;
    auto bit_ballot = [&](int b) {
      unsigned m = 0;
      for (int j = 0; j < kWarpSize; ++j)
        if (b == kRadixBits ? j < inside : ((d[j] >> b) & 1) != 0) m |= 1u << j;
      return m;
    };
    for (int lane = 0; lane < kWarpSize; ++lane) {
      unsigned want = 0;
      for (int j = 0; j < kWarpSize; ++j)
        if (d[j] == d[lane]) want |= 1u << j;
      EXPECT_EQ(peers_by_ballots(d[lane], lane < inside, full, bit_ballot), want) << "trial " << trial << " lane " << lane;
    }
    if (HasFailure()) return;
  }
}

// Pass v6's labels: the digit is the label ^ label_flip in every pass (int keys: the key's own byte,
// the sign bit flipped in the last pass; float keys: the order's byte), and lanemask_le.
TEST(SortShape, V6LabelIsTheDigitUpToTheFlip) {
  uint32_t x = 777;
  std::vector<uint32_t> keys = {0u, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x12345678u, bits_of(-0.0f), bits_of(-1.5f), bits_of(2.5f)};
  for (int j = 0; j < 4000; ++j) keys.push_back(lcg(x));
  for (uint32_t k : keys)
    for (int pass = 0; pass < kRadixPasses; ++pass) {
      const unsigned sel = 0x4440u + static_cast<unsigned>(pass);
      EXPECT_EQ(static_cast<int>(key_label<SortKey::Unsigned>(k, sel) ^ label_flip<SortKey::Unsigned>(pass)), radix_digit<SortKey::Unsigned>(k, pass));
      EXPECT_EQ(static_cast<int>(key_label<SortKey::Int>(k, sel) ^ label_flip<SortKey::Int>(pass)), radix_digit<SortKey::Int>(k, pass));
      EXPECT_EQ(static_cast<int>(key_label<SortKey::Float>(k, sel) ^ label_flip<SortKey::Float>(pass)), radix_digit<SortKey::Float>(k, pass));
      if (HasFailure()) return;
    }
  // The sequences with ONCE: pass p's program (Bits, First, Last) on the key as it reads it (a
  // float key's code after pass 0) gives the digit of the histogram's order, code_digit.
  for (uint32_t k : keys)
    for (int pass = 0; pass < kRadixPasses; ++pass) {
      const unsigned sel = 0x4440u + static_cast<unsigned>(pass);
      const bool last = pass == kRadixPasses - 1;
      const uint32_t c = float_code(k);
      const int unsigned_label = static_cast<int>(pass_label<SortKey::Unsigned, KeyPass::Bits>(k, sel) ^ pass_flip<SortKey::Unsigned, KeyPass::Bits>(pass));
      EXPECT_EQ(unsigned_label, code_digit<SortKey::Unsigned>(k, pass));
      const int int_label = last ? static_cast<int>(pass_label<SortKey::Int, KeyPass::Last>(k, sel) ^ pass_flip<SortKey::Int, KeyPass::Last>(pass))
                                 : static_cast<int>(pass_label<SortKey::Unsigned, KeyPass::Bits>(k, sel));
      EXPECT_EQ(int_label, code_digit<SortKey::Int>(k, pass));
      EXPECT_EQ(int_label, radix_digit<SortKey::Int>(k, pass));
      const int float_label = last ? static_cast<int>(pass_label<SortKey::Float, KeyPass::Last>(c, sel)) : static_cast<int>(pass_label<SortKey::Unsigned, KeyPass::Bits>(c, sel));
      EXPECT_EQ(float_label, code_digit<SortKey::Float>(k, pass)) << std::hex << k << " pass " << pass;
      const unsigned first_label = pass_label<SortKey::Float, KeyPass::First>(c, sel), bits_label = pass_label<SortKey::Unsigned, KeyPass::Bits>(c, sel);
      EXPECT_EQ(first_label, bits_label);
      const unsigned float_flips = pass_flip<SortKey::Float, KeyPass::Last>(pass) | pass_flip<SortKey::Float, KeyPass::First>(pass);
      EXPECT_EQ(float_flips, 0u);
      if (HasFailure()) return;
    }
  EXPECT_EQ(label_flip<SortKey::Int>(kRadixPasses - 1), 0x80u);
  EXPECT_EQ(label_flip<SortKey::Int>(0), 0u);
  EXPECT_EQ(key_label<SortKey::Int>(0x12345678u, 0x4443u), 0x12u);  // the key's byte; the digit is 0x92
  EXPECT_EQ(lanemask_le(0), 1u);
  EXPECT_EQ(lanemask_le(5), 0x3fu);
  EXPECT_EQ(lanemask_le(31), 0xffffffffu);
}

// The order's bits: unsigned order for every kind, -0.0 equal to +0.0.
TEST(SortShape, RadixOrder) {
  EXPECT_LT(radix_order<SortKey::Int>(static_cast<uint32_t>(-5)), radix_order<SortKey::Int>(3u));
  EXPECT_LT(radix_order<SortKey::Int>(0x80000000u), radix_order<SortKey::Int>(static_cast<uint32_t>(-1)));
  EXPECT_LT(radix_order<SortKey::Float>(bits_of(-2.0f)), radix_order<SortKey::Float>(bits_of(-1.0f)));
  EXPECT_LT(radix_order<SortKey::Float>(bits_of(-1.0f)), radix_order<SortKey::Float>(bits_of(0.5f)));
  EXPECT_EQ(radix_order<SortKey::Float>(bits_of(-0.0f)), radix_order<SortKey::Float>(bits_of(0.0f)));
  EXPECT_EQ(radix_order<SortKey::Unsigned>(0xffffffffu), 0xffffffffu);
  EXPECT_EQ(radix_digit<SortKey::Unsigned>(0x12345678u, 0), 0x78);
  EXPECT_EQ(radix_digit<SortKey::Unsigned>(0x12345678u, 3), 0x12);
}

// Float keys' code (the sequences with ONCE): one to one (float_from_code gives every key back, -0.0
// and NaN payloads too), its bytes 0 to 2 the order's, its order the documented one: every pair of
// a list of specials in float_total_less's order, and the codes of random keys against it.
TEST(SortShape, FloatCodeIsOneToOneAndOrdered) {
  uint32_t x = 4242;
  std::vector<uint32_t> keys = {0x80000000u, 0u, 0xffffffffu, 0xff800001u, 0xff800000u, 0x80000001u, 0x00000001u, 0x7f800000u, 0x7f800001u, 0x7fffffffu,
                                0x00ffffffu, 0x01000000u, 0x80ffffffu, 0x81000000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu};
  for (int j = 0; j < 200000; ++j) keys.push_back(lcg(x));
  for (uint32_t k = 0; k < 70000; ++k) {  // the ends of both signs' ranges
    keys.push_back(k);
    keys.push_back(0x80000000u + k);
    keys.push_back(0xffffffffu - k);
    keys.push_back(0x7fffffffu - k);
  }
  for (uint32_t k : keys) {
    const uint32_t c = float_code(k);
    ASSERT_EQ(float_from_code(c), k) << std::hex << k;
    ASSERT_EQ(c & 0x00ffffffu, float_code_order(k) & 0x00ffffffu) << std::hex << k;
    ASSERT_EQ(c == float_code_order(k), k != 0x80000000u) << std::hex << k;
    ASSERT_EQ(float_code_top_label(c, 0x4443u), float_code_order(k) >> 24) << std::hex << k;
    ASSERT_NE(float_code_order(k), 0u) << std::hex << k;
  }
  EXPECT_EQ(float_code(0x80000000u), 0u);                      // -0.0: the code no other key has
  EXPECT_EQ(float_code_order(0x80000000u), float_code_order(0u));  // and the order of +0.0
  EXPECT_EQ(float_code(0xffffffffu), 1u);                      // the first negative NaN
  EXPECT_EQ(float_code(0x7fffffffu), 0xffffffffu);              // the last positive NaN
  // the order against float_total_less: on the specials pairwise, and on random pairs
  for (size_t i = 0; i < 18; ++i)
    for (size_t j = 0; j < 18; ++j) {
      const uint32_t a = keys[i], b = keys[j];
      EXPECT_EQ(float_code_order(a) < float_code_order(b), float_total_less(a, b)) << std::hex << a << " " << b;
      EXPECT_EQ(radix_order<SortKey::Float>(a) < radix_order<SortKey::Float>(b), float_total_less(a, b)) << std::hex << a << " " << b;
    }
  for (size_t i = 18; i + 1 < 200018; i += 2) {
    const uint32_t a = keys[i], b = keys[i + 1];
    ASSERT_EQ(float_code_order(a) < float_code_order(b), float_total_less(a, b)) << std::hex << a << " " << b;
    ASSERT_EQ(float_code_order(a) == float_code_order(b), !float_total_less(a, b) && !float_total_less(b, a)) << std::hex << a << " " << b;
  }
}

// The workspace: the other key buffer (and value buffer), four histograms, a look-back word per
// tile and digit (one set for all passes: each pass has its own tag), every piece 256-byte aligned.
TEST(SortShape, WorkspaceAndEmptyInput) {
  auto up = [](size_t b) { return (b + 255) & ~size_t(255); };
  const SortInfo& keys = *find_sort("sort-onesweep");
  const SortInfo& pairs = *find_sort("sort-onesweep-pairs");
  const long long n = 3 * 9216 + 5, keys_tiles = 4, pairs_tiles = 4;  // 384 x 24 and 384 x 23 per tile
  EXPECT_EQ(sort_workspace_bytes(keys, n), up(up(n * 4) + 4096) + keys_tiles * 256 * 8);
  EXPECT_EQ(sort_workspace_bytes(pairs, n), up(up(up(n * 4) + n * 4) + 4096) + pairs_tiles * 256 * 8);
  const auto r = emulate_sort(keys, SortKey::Int, {}, {});
  EXPECT_TRUE(r.keys.empty());
  EXPECT_EQ(r.launches, 0);
  EXPECT_THROW(emulate_sort(pairs, SortKey::Int, {1, 2}, {1}), std::invalid_argument);
  for (const auto& s : sorts()) EXPECT_EQ(std::string(s.id).rfind("x-", 0) == 0, s.tuning()) << s.id;
}

// Calls on one workspace: each pass's look-back words carry its own tag, so words an earlier call
// (or pass) left never pass for this one's.
TEST(SortShape, WorkspaceReusedAcrossCalls) {
  const SortInfo& s = *find_sort("sort-onesweep-pairs");
  std::vector<char> ws_buf(sort_workspace_bytes(s, 50000) + 256, 0);
  for (int call = 0; call < 4; ++call) {
    const long long n = 50000 - call * 7777;
    const auto keys = make_keys(SortKey::Float, call % 2 ? Shape::FewValues : Shape::Random, n, 99 + call);
    std::vector<uint32_t> values(keys.size()), out_k(keys.size()), out_v(keys.size());
    std::iota(values.begin(), values.end(), 0u);
    Carve ws;
    ws.base = ws_buf.data();
    EmuExec<int> ex;
    run_sort(s, ex, SortRun{SortKey::Float, keys.data(), out_k.data(), values.data(), out_v.data(), n, ws, 3, s.id});
    const auto order = reference_order(SortKey::Float, keys);
    for (size_t j = 0; j < keys.size(); ++j) {
      ASSERT_EQ(out_k[j], keys[order[j]]) << "call " << call << " key " << j;
      ASSERT_EQ(out_v[j], order[j]) << "call " << call << " value " << j;
    }
  }
}

// Pairs rows with arrays off a 16-byte boundary: the values in, the keys out and the values out 1 or
// 3 words past a boundary (passes 1 and 3 write the keys and values out there, pass 2 reads them
// back from there), or every array on a boundary (0). Made for pass v9 (bulk copies of the aligned
// quads, the rest by its threads; removed after its timing), kept for every pairs row. Each against
// std::stable_sort.
TEST(SortShape, PairsWithUnalignedArrays) {
  auto at = [](std::vector<uint32_t>& buf, int words) {
    uint32_t* p = buf.data();
    while (reinterpret_cast<uintptr_t>(p) % 16) ++p;
    return p + words;
  };
  for (const auto& s : sorts()) {
    if (!s.pairs) continue;
    for (int shift : {0, 1, 3})
      for (long long n : {20001LL, 9984LL * 2 + 5}) {
        const SortKey kind = shift == 1 ? SortKey::Float : SortKey::Int;
        const auto keys = make_keys(kind, Shape::FewValues, n, static_cast<uint32_t>(n + shift));
        std::vector<uint32_t> kin_buf(n + 8), vin_buf(n + 8), kout_buf(n + 8), vout_buf(n + 8);
        uint32_t *kin = at(kin_buf, 0), *vin = at(vin_buf, shift), *kout = at(kout_buf, shift), *vout = at(vout_buf, (4 - shift) % 4);
        std::copy(keys.begin(), keys.end(), kin);
        std::iota(vin, vin + n, 0u);
        std::vector<char> ws_buf(sort_workspace_bytes(s, n) + 256, 0);
        Carve ws;
        ws.base = ws_buf.data();
        EmuExec<int> ex;
        run_sort(s, ex, SortRun{kind, kin, kout, vin, vout, n, ws, 3, s.id});
        const auto order = reference_order(kind, keys);
        for (long long j = 0; j < n; ++j) {
          ASSERT_EQ(kout[j], keys[order[j]]) << s.id << " shift " << shift << " n=" << n << " key " << j;
          ASSERT_EQ(vout[j], order[j]) << s.id << " shift " << shift << " n=" << n << " value " << j;
        }
      }
  }
}

// The bench's side: its input has no NaN, its reference is std::stable_sort's order, its check
// fails a wrong key, a swapped pair of equal keys' values, a short output; the byte model.
TEST(SortBench, InputReferenceAndCheck) {
  for (uint32_t h : {0x7f800000u, 0xff800001u, 0x7fffffffu, 0xffc00000u, 0x80000000u, 0u}) {
    const float f = bench_detail::sort_key<float>(h);
    EXPECT_TRUE(std::isfinite(f)) << std::hex << h;
  }
  EXPECT_EQ(bench_detail::sort_key<int>(0xffffffffu), -1);
  const std::vector<float> keys = {2.0f, -1.0f, 0.0f, -0.0f, 2.0f, -3.5f};
  const std::vector<uint32_t> values = {10, 11, 12, 13, 14, 15};
  const auto order = bench_detail::sort_reference(keys);
  EXPECT_EQ(order, (std::vector<uint32_t>{5, 1, 2, 3, 0, 4}));  // +0.0 before -0.0: their input order
  std::vector<float> out = {-3.5f, -1.0f, 0.0f, -0.0f, 2.0f, 2.0f};
  std::vector<uint32_t> vout = {15, 11, 12, 13, 10, 14};
  std::string why;
  EXPECT_TRUE(bench_detail::check_sort(keys, values, order, out, &vout, &why)) << why;
  EXPECT_TRUE(bench_detail::check_sort(keys, values, order, out, nullptr, &why)) << why;
  std::vector<uint32_t> swapped = {15, 11, 12, 13, 14, 10};  // equal keys' values out of input order
  EXPECT_FALSE(bench_detail::check_sort(keys, values, order, out, &swapped, &why));
  EXPECT_NE(why.find("value 4"), std::string::npos) << why;
  std::vector<float> zeros_swapped = {-3.5f, -1.0f, -0.0f, 0.0f, 2.0f, 2.0f};  // -0.0 moved before +0.0: not stable
  EXPECT_FALSE(bench_detail::check_sort(keys, values, order, zeros_swapped, nullptr, &why));
  EXPECT_FALSE(bench_detail::check_sort(keys, values, order, std::vector<float>(out.begin(), out.end() - 1), nullptr, &why));
  EXPECT_THROW(bench_detail::sort_reference(std::vector<float>{1.0f, std::nanf("")}), std::invalid_argument);
  EXPECT_EQ(bench_detail::sort_bytes(BenchSort::Keys, 100), 3600.0);
  EXPECT_EQ(bench_detail::sort_bytes(BenchSort::Pairs, 100), 6800.0);
}

// The bench lists every sort row (family sort, keys or pairs, not in --kernel all) beside CUB's,
// and sets each against CUB's sort of the same kind.
TEST(SortBench, KernelsAndRatios) {
  int ours = 0;
  for (const auto& s : sorts()) {
    const BenchKernel* k = nullptr;
    for (const auto& b : bench_kernels())
      if (b.id == s.id) k = &b;
    ASSERT_TRUE(k) << s.id;
    EXPECT_EQ(k->family, BenchFamily::Sort);
    EXPECT_EQ(k->sort, s.pairs ? BenchSort::Pairs : BenchSort::Keys) << s.id;
    EXPECT_FALSE(k->in_all) << s.id;
    ours += s.best();
  }
  EXPECT_EQ(ours, 2);
  const auto all = bench_kernel_ids();
  EXPECT_EQ(std::find(all.begin(), all.end(), "cub-sort-keys"), all.end());
  BenchResults r;
  auto point = [](const char* id, double ms) {
    BenchPoint p;
    p.kernel = id;
    p.family = BenchFamily::Sort;
    p.n = 1 << 20;
    p.ms = ms;
    p.gbps = 1;
    p.verified = true;
    return p;
  };
  r.points = {point("sort-onesweep", 0.5), point("cub-sort-keys", 0.6), point("sort-onesweep-pairs", 1.0), point("cub-sort-pairs", 0.9)};
  bench_detail::compute_ratios(r);
  EXPECT_DOUBLE_EQ(r.points[0].ratio_to_cub, 1.2);
  EXPECT_DOUBLE_EQ(r.points[1].ratio_to_cub, 1.0);
  EXPECT_DOUBLE_EQ(r.points[2].ratio_to_cub, 0.9);
}
