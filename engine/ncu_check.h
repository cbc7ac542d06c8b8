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
// that depend on the GPU's schedule), and, for a kernel with barriers of tiles of several warps
// (`tile_barriers`), the shared-memory counters: the toolkit builds such a tile's sync() from
// atomics on a shared word and loads that poll it until the tile's last warp arrives
// (cooperative_groups/details/sync.h), so their number depends on timing. *excluded says what was
// left out ("" for nothing).
bool ncu_agrees(const Totals& predicted, Totals measured, const std::string& schedule, std::string* excluded = nullptr,
                bool tile_barriers = false);
// Why ncu_agrees leaves a tile-barrier kernel's shared counters out (the table's and window's words).
extern const char* const kTileBarrierCounters;

// The ten metrics, comma-separated, for ncu --metrics (`scanscope validate --ncu-metrics` prints them).
const char* ncu_metric_list();

}  // namespace scanscope
