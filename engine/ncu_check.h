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

// The rows of a profiled `validate --launch-timed` (one per launch) summed per plan entry:
// launches[i] is how many launches entry i's file makes. Throws std::runtime_error when the counts
// do not add up.
std::vector<NcuKernelRow> ncu_rows_per_entry(const std::vector<NcuKernelRow>& rows, const std::vector<size_t>& launches);

// Whether measured counters agree with the model's prediction: every counter but the atomics (not
// among those profiled) and, for a kernel with a `schedule:` line, the global loads (flag polls
// that depend on the GPU's schedule). *excluded says what was left out ("" for nothing).
bool ncu_agrees(const Totals& predicted, Totals measured, const std::string& schedule, std::string* excluded = nullptr);

// The ten metrics, comma-separated, for ncu --metrics (`scanscope validate --ncu-metrics` prints them).
const char* ncu_metric_list();

}  // namespace scanscope
