// Pieces of run_bench that tests call directly: the bench input, the CPU checks, ratios, presets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/bench.h"

namespace scanscope {
namespace bench_detail {

// The bench input value for a 4-bit hash h: ints in [-8, 7]; floats +-1/16 .. +-15/16 (mean 0).
template <class T> T value_from(uint32_t h);

// Checks against a CPU reference (int64 / double); `why` says what differs first.
template <class T> bool check_reduce(const std::vector<T>& in, T got, std::string* why);
template <class T> bool check_scan(const std::vector<T>& in, const std::vector<T>& out, bool inclusive, std::string* why);
template <class T> bool check_copy(const std::vector<T>& in, const std::vector<T>& out, std::string* why);

// Fills ratio_to_cub and ratio_to_copy from the points of the same n.
void compute_ratios(BenchResults& r);

std::vector<std::string> preset_kernels(const std::string& preset);
std::vector<long long> preset_sizes(const std::string& preset);

}  // namespace bench_detail
}  // namespace scanscope
