// The set of requests that GPU validation runs: every traced kernel with each option set it takes.
#pragma once

#include <string>
#include <vector>

#include "engine/catalogue.h"

namespace scanscope {

struct PlanEntry {
  std::string name;  // short label, e.g. "scan-blelloch n=512 pad=harris sum/int"
  TraceRequest request;
};

std::vector<PlanEntry> validation_plan();

// A request of the kernel file at `path` with its operator (sum when it takes sum, else the first
// of its ops: line), `type` and n.
TraceRequest source_request(const std::string& path, ValueType type, int n);

// The sizes of `spread` at which the kernel file at `path` takes a request of `type` (its launch
// and require: lines decide).
std::vector<int> accepted_sizes(const std::string& path, ValueType type, const std::vector<int>& spread);

// Every kernel file in `dir` (a corpus such as tests/corpus), by name: each type it takes, at
// n = 256 and n = 1000, or the largest of a spread of sizes it accepts when it takes neither.
std::vector<PlanEntry> source_plan(const std::string& dir);

std::string describe(const TraceRequest& r);

}  // namespace scanscope
