// What a user asks for (a trace request), the checks of its values, and what a kernel file offers.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/cuda/source.h"
#include "engine/ops.h"
#include "engine/vocab.h"

namespace scanscope {

// Bad input from a user: one line, names the problem and the accepted range (at a readable
// length, however long the text it quotes: cuda::error_text).
struct UsageError : std::runtime_error {
  explicit UsageError(const std::string& what) : std::runtime_error(cuda::error_text(what)) {}
};

// What a kernel file offers, read from its header lines and the macros it defines (the catalogue
// is the set of files: kernel_file.h).
struct KernelOptions {
  bool pad = false, threads = false, bits = false, banks = false;  // --pad, --threads, --bits, --banks set macros
  bool can_inclusive = false, can_exclusive = false;               // --scan
  bool is_scan = false, is_reduce = false;
  bool broken = false;       // deliberately wrong (the race lesson): left out of validation
  bool reorders = false;     // combines operands out of order: a non-commutative operator gives a wrong answer
  std::vector<ValueType> types;  // the file's types: and ops: lines (all when it has none)
  std::vector<Operator> ops;
};

struct KernelFile;
KernelOptions kernel_options(const KernelFile& file);

struct TraceRequest;
// Why this request gives a wrong answer by design ("" when it must be right): a deliberately broken
// kernel (its `broken:` line), or a non-commutative operator on a kernel that reorders operands
// (its `reorders:` line), or a source's listing as printed, with an erratum (its `note:` line).
std::string wrong_by_design(const KernelFile& file, const TraceRequest& r);

// What the user asked for (command line, window, lesson).
struct TraceRequest {
  std::string kernel = "scan-blelloch";
  int n = 16;
  int threads = 0;  // 0: the kernel's natural block size for n
  int banks = 32;
  int warp_issue = 32;
  Pad pad = Pad::None;
  Operator op = Operator::Sum;
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
  // --include-dir: more folders the kernel file's #include may reach (a teacher's own library);
  // always its own folder and the project's kernels/. `check` never widens it.
  std::vector<std::string> include_dirs;
};

// The input the request runs on (given, or random from the seed), converted to the value type.
// `signed_values`: random ints from -9 to 9 instead of 0 to 9 (a maximum segment sum needs both).
std::vector<double> request_input(const TraceRequest& r, bool signed_values = false);

// Parses "3,1,7,0" (ints or floats); throws UsageError naming the bad item.
std::vector<double> parse_input_list(const std::string& text, ValueType type);

constexpr int kMaxThreads = 1024;
constexpr int kMaxTraceN = 1 << 16;  // elements of one trace (--n): what a trace file holds
constexpr int kMaxSharedBytes = 48 * 1024;

}  // namespace scanscope
