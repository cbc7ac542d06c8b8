// The kernel catalogue: ids, where each kernel comes from, which options it really takes, and the
// checks that turn a user's request into KernelParams or one clear error.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/device/block.h"

namespace scanscope {

// Bad input from a user: one line, names the problem and the accepted range.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class KernelId : int {
  ReduceInterleavedDivergent, ReduceInterleaved, ReduceSequential, ReduceFirstAdd, ReduceUnrollWarp,
  ReduceWarpShuffle, ScanHillisSteele, ScanBlelloch, ScanWarpShuffle, ReduceMissingBarrier,
  AppCompact, AppRadixSort
};

enum class ThreadRule { OnePerElement, HalfElements, WarpMultiple, Fixed };

struct KernelInfo {
  KernelId id;
  const char* name;
  const char* family;   // "reduce" | "scan" | "app"
  const char* title;
  const char* source;   // seed or paper it comes from
  const char* summary;  // one or two sentences: what it shows
  const char* notes;    // errata and caveats ("" if none)
  const char* source_file;  // kernels/... file holding the kernel
  const char* struct_name;  // the struct in that file
  bool takes_pad;
  bool can_inclusive, can_exclusive;
  bool grid_stride;     // reductions: --threads may be smaller than n
  int max_n;
  int min_threads;
  bool broken = false;  // deliberately wrong (the race lesson): not in validation or reference tests
};

// Whether the kernel combines elements strictly left to right, so that a non-commutative
// operator (mat2) still gives the right answer.
bool preserves_operand_order(const KernelInfo& k, const KernelParams& p);

// How many values the kernel writes (a reduction 1, a scan n, compaction up to n plus the count),
// and the trimming of the raw output buffer to what the kernel produced.
int output_capacity(const KernelInfo& k, int n);
void finish_output(const KernelInfo& k, int n, std::vector<double>& out);

// All operators, and whether one needs integer values.
const std::vector<std::string>& operator_names();
bool operator_is_integer_only(const std::string& op);

const std::vector<KernelInfo>& catalogue();
const KernelInfo* find_kernel(const std::string& name);
const KernelInfo& kernel_info(KernelId id);

enum class ValueType { Int, Float };

// What the user asked for (command line, window, lesson).
struct TraceRequest {
  std::string kernel = "scan-blelloch";
  int n = 16;
  int threads = 0;  // 0: the kernel's natural block size for n
  int banks = 32;
  int warp_issue = 32;
  Pad pad = Pad::None;
  std::string op = "sum";
  ValueType type = ValueType::Int;
  std::string scan = "";  // "", "inclusive", "exclusive"
  std::vector<double> input;  // empty: random from seed
  int bits = 0;               // app-radix-sort: key bits to sort by (0: as many as the largest key needs)
  unsigned seed = 1;
  // A kernel file given by path (--source), optionally with edited text that replaces the file's.
  std::string source;
  std::string source_text;
  bool has_source_text = false;
  std::string entry;                                          // --entry: the kernel to launch
  std::vector<std::pair<std::string, std::string>> defines;  // -D NAME=VALUE
};

// Checks every option against what the kernel supports; throws UsageError.
KernelParams resolve(const TraceRequest& r, const KernelInfo** info_out = nullptr);

// The input the request runs on (given, or random from the seed), converted to the value type.
std::vector<double> request_input(const TraceRequest& r);

// Parses "3,1,7,0" (ints or floats); throws UsageError naming the bad item.
std::vector<double> parse_input_list(const std::string& text, ValueType type);

const char* type_name(ValueType t);

constexpr int kMaxThreads = 1024;
constexpr int kMaxSharedBytes = 48 * 1024;

}  // namespace scanscope
