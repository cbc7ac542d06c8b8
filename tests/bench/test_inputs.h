// Test inputs of the device-strategy tests: n values from a seeded linear congruential generator,
// ints in [-8, 7] and floats +-1/16 .. +-15/16 as the bench makes them (bench_detail::value_from).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/bench_detail.h"

namespace scanscope {
namespace testing_inputs {

template <class T>
std::vector<T> values(long long n, unsigned seed) {
  std::vector<T> v(static_cast<size_t>(n));
  uint32_t x = seed * 2654435761u + 1;
  for (auto& e : v) {
    x = x * 1664525u + 1013904223u;
    e = bench_detail::value_from<T>((x >> 24) & 15u);
  }
  return v;
}

// The ids of a list of rows (strategies(), compactions(), sorts()), for INSTANTIATE_TEST_SUITE_P,
// and a test's name from an id (a gtest name takes no '-').
template <class Rows>
std::vector<std::string> row_ids(const Rows& rows) {
  std::vector<std::string> ids;
  for (const auto& r : rows) ids.push_back(r.id);
  return ids;
}
inline std::string test_name_of(std::string id) {
  for (auto& c : id)
    if (c == '-') c = '_';
  return id;
}

}  // namespace testing_inputs
}  // namespace scanscope
