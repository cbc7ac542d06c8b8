// Comparing predicted bank-model totals with Nsight Compute's counters (ncu --csv output).
#pragma once

#include <string>
#include <vector>

#include "engine/trace.h"

namespace scanscope {

struct NcuKernelRow {
  std::string kernel_name;
  Totals totals;
};

// Parses `ncu --csv --metrics <ncu_metric_list()>` output (six shared-memory and four global-memory counters): one row per profiled
// launch, in launch order, keeping launches whose name contains `name_filter`.
// Throws std::runtime_error when the text is not such a file.
std::vector<NcuKernelRow> parse_ncu_csv(const std::string& text, const std::string& name_filter);

// The ten metrics, comma-separated, for ncu --metrics (`scanscope validate --ncu-metrics` prints them).
const char* ncu_metric_list();

}  // namespace scanscope
