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

// The stream compactions' input: values on 1000 levels (h in [0, 1000): ints h, floats
// (h + 0.5) / 1000), and the threshold at which x > threshold keeps kept_percent of the levels
// (ints 999 - 10p, floats 1 - p/100): the kept fraction is exact over the levels, and over a
// hashed input it is that fraction up to sampling noise (the bench reports the count).
template <class T> T select_value(uint32_t h);
template <class T> T select_threshold(int kept_percent);
// A compaction's result against std::copy_if (If: x > threshold; Flagged: flags[i] != 0) and, for
// a partition, std::stable_partition with the rejected half read backwards: the count, then the
// first `selected` elements (every element for a partition), compared bit for bit.
template <class T>
bool check_select(const std::vector<T>& in, const std::vector<uint8_t>& flags, T threshold, BenchSelect mode, const std::vector<T>& out, long long selected,
                  std::string* why);
// Bytes a compaction moves at least per run: reads 4n (+ n flag bytes), writes 4 x selected (4n
// for a partition).
double select_bytes(BenchSelect mode, long long n, long long selected);

// The CUB kernel a compaction is set against: cub-select, cub-select-flagged or cub-partition.
inline const char* select_cub_counterpart(BenchSelect mode) {
  return mode == BenchSelect::Flagged ? "cub-select-flagged" : mode == BenchSelect::Partition ? "cub-partition" : "cub-select";
}

// Fills ratio_to_cub and ratio_to_copy from the points of the same n.
void compute_ratios(BenchResults& r);

std::vector<std::string> preset_kernels(const std::string& preset);
std::vector<long long> preset_sizes(const std::string& preset);

}  // namespace bench_detail
}  // namespace scanscope
