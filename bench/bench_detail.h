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

// The radix sorts' input: 32 random bits per key (ints of every value; floats finite, of every
// magnitude and both signs: an exponent of all ones loses its top bit, so no NaN or infinity), and
// the values 0, 1, ..., n - 1 (so that stability shows).
template <class T> T sort_key(uint32_t h);
// The reference: the indices of the keys in std::stable_sort's order (operator< of T: -0.0 and
// +0.0 equal, in input order). Keys with NaNs have no such order (std::invalid_argument).
template <class T> std::vector<uint32_t> sort_reference(const std::vector<T>& keys);
// A sort's result against the reference, bit for bit: out_keys[j] = keys[order[j]] and, for pairs
// (out_values given), out_values[j] = values[order[j]].
template <class T>
bool check_sort(const std::vector<T>& keys, const std::vector<uint32_t>& values, const std::vector<uint32_t>& order, const std::vector<T>& out_keys,
                const std::vector<uint32_t>* out_values, std::string* why);
// Bytes a sort moves by the model of docs/performance.md: the histogram's read of the keys (4n),
// then per pass (4 of 8 bits) a read and a write of the keys (8n) and, for pairs, of the values
// (8n): 36n for keys, 68n for pairs.
double sort_bytes(BenchSort mode, long long n);

// The CUB kernel a sort is set against: cub-sort-keys or cub-sort-pairs.
inline const char* sort_cub_counterpart(BenchSort mode) { return mode == BenchSort::Pairs ? "cub-sort-pairs" : "cub-sort-keys"; }

// Fills ratio_to_cub and ratio_to_copy from the points of the same n.
void compute_ratios(BenchResults& r);

std::vector<std::string> preset_kernels(const std::string& preset);
std::vector<long long> preset_sizes(const std::string& preset);

}  // namespace bench_detail
}  // namespace scanscope
