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

std::string describe(const TraceRequest& r);

}  // namespace scanscope
