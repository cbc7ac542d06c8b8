// Device-wide benchmarks (issue: `scanscope bench` and the window's timing panel).
// CONTRACT shared by the command line and the window: the window runs run_bench() on a background
// thread and draws BenchResults; `scanscope bench` prints and saves them.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "engine/vocab.h"

namespace scanscope {

struct BenchConfig {
  std::vector<std::string> kernels;  // bench kernel ids; empty = all
  long long min_n = 1 << 10;
  long long max_n = 1LL << 28;       // sizes are powers of two from min_n to max_n (or the preset's list)
  std::vector<long long> sizes;      // explicit sizes (presets); overrides min/max when non-empty
  ValueType type = ValueType::Int;
  int repeats = 20;                  // timed repeats per point (median reported)
  int warmup = 3;
  std::string preset;                // "", "harris-table2", "oancea"
  std::vector<int> kept_percent = {10, 50, 90};  // the stream compactions' kept fractions (an axis: one point each)
};

// What a bench kernel is: a reduction, a scan, a device copy or read probe, a CPU baseline, a
// stream compaction (select or partition), a radix sort (keys, or key-value pairs).
enum class BenchFamily : int { Reduce = 0, Scan, Copy, Cpu, Select, Sort };
const char* bench_family_name(BenchFamily f);  // as in the JSON: reduce, scan, copy, cpu, select, sort
bool parse_bench_family(const std::string& s, BenchFamily* out);

struct BenchPoint {
  std::string kernel;     // e.g. "reduce-best", "cub-reduce", "copy", "cpu-sequential-reduce"
  BenchFamily family = BenchFamily::Reduce;
  long long n = 0;
  double ms = 0;          // median time
  double gbps = 0;        // bytes moved (read + written, minimum necessary) / time
  double ratio_to_cub = 0;   // our throughput / CUB's at the same n (0 when not applicable)
  double ratio_to_copy = 0;  // our GB/s / copy GB/s at the same n
  bool verified = false;     // result checked against the CPU
  std::string note;          // e.g. "skipped: does not fit in GPU memory"
  // Stream compaction points only (family Select; -1 elsewhere, and absent from the JSON):
  int kept_percent = -1;     // the kept fraction the threshold was set for, in percent
  long long selected = -1;   // the count the kernel returned (checked)
};

struct BenchResults {
  std::string device;     // "NVIDIA H100 80GB HBM3" or "cpu: ..." when no GPU
  std::string driver;     // CUDA driver / runtime versions
  std::string cub;        // the CUB (CCCL) version the cub-* kernels were built with; empty without a GPU
  std::string date;       // ISO 8601 UTC
  ValueType type = ValueType::Int;
  std::vector<BenchPoint> points;
  std::vector<std::string> messages;  // e.g. why GPU kernels are missing
};

// progress(done, total, label) is called between points; cancel is polled between points;
// on_point(so_far), when given, after each point with the results so far (device, date and every
// point measured; the ratios are filled at the end), so the window draws a sweep as it runs.
using BenchProgress = std::function<void(int done, int total, const std::string& label)>;
using BenchPointSink = std::function<void(const BenchResults& so_far)>;
BenchResults run_bench(const BenchConfig& config, const BenchProgress& progress, const std::atomic<bool>* cancel,
                       const BenchPointSink& on_point = nullptr);

// What a stream compaction keeps: by a predicate (x > threshold), by a flag per element, or a
// partition by the predicate (kept in order at the front, the rest in reverse order at the back,
// as CUB's DevicePartition::If).
enum class BenchSelect { None, If, Flagged, Partition };

// What a radix sort sorts: 32-bit keys of the run's type, or those keys with a 32-bit value each.
enum class BenchSort { None, Keys, Pairs };

// A kernel run_bench times: a device-wide strategy of the registry (kernels/device/strategies.h),
// the inclusive form of one, or a baseline (CUB, the device copy, the read probe, the CPU).
struct BenchKernel {
  std::string id;
  BenchFamily family;
  std::string title;
  bool scan = false;       // the output has n elements
  bool inclusive = false;  // the inclusive form
  bool gpu = true;
  bool in_all = true;      // run by --kernel all (tuning variants are not)
  bool int_only = false;   // built for --type int only
  bool best = false;       // our best of its family: the summary sets it beside its baselines
  std::string gpu_kernel;  // what the GPU launches (scan-best-inclusive: scan-best, inclusive)
  BenchSelect select = BenchSelect::None;  // family Select: what it keeps
  BenchSort sort = BenchSort::None;        // family Sort: keys or pairs
};

// Every kernel run_bench knows: the strategies and their inclusive forms, the baselines, then the
// tuning variants.
const std::vector<BenchKernel>& bench_kernels();
// The ids of --kernel all.
std::vector<std::string> bench_kernel_ids();

// Other names run_bench accepts for a kernel (BenchConfig::kernels, --kernel), each for one id:
// sort-best and sort-best-pairs, the family's best as scan-best and compact-best name theirs (the
// rows themselves keep their names, sort-onesweep and sort-onesweep-pairs: presets, lessons and
// recordings use them), and cub-sort for cub-sort-keys. The results carry the id.
struct BenchAlias {
  const char* name;
  const char* id;
};
const std::vector<BenchAlias>& bench_kernel_aliases();
// The id a --kernel name stands for: the alias's, or the name itself.
std::string resolve_bench_kernel(const std::string& name);

std::string bench_to_json(const BenchResults& r);
// Validates; throws std::runtime_error naming `origin` and what is wrong.
BenchResults bench_from_json(const std::string& text, const std::string& origin);
BenchResults load_bench_file(const std::string& path);

}  // namespace scanscope
