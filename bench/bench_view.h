// What the window's timing panel shows of a benchmark (bench.h), without drawing anything: the
// series a recording holds and their families, the presets a class is shown, the ratios to CUB
// and to the device copy, and which recording opens by default. The command line checks
// --timing-preset and --series with it before a window opens.
#pragma once

#include <string>
#include <vector>

#include "bench/bench.h"

namespace scanscope {

// A named choice of series. `id` is what --timing-preset takes (the title is accepted too).
struct TimingPreset {
  std::string id;                   // "scan-vs-cub"
  std::string title;                // "scan: ours vs CUB vs copy"
  std::vector<std::string> series;  // bench kernel ids, in legend order
  std::string bench_preset;         // run_bench's preset whose sizes a sweep uses ("" for 2^10..2^22)
};
// reduce-vs-cub, scan-vs-cub, compaction-vs-cub, applications-vs-cub (compact-best and
// sort-onesweep against their CUB rows and the copy), sources (every registry strategy whose source column cites one of
// the five documents of engine/sources.h), harris-table2 and oancea (the series of `scanscope bench
// --preset`).
const std::vector<TimingPreset>& timing_presets();
constexpr const char* kDefaultTimingPreset = "scan-vs-cub";
// By id or title, ignoring case (a former id too: current_timing_preset); nullptr when none.
const TimingPreset* find_timing_preset(const std::string& name);
// find_timing_preset, or a UsageError naming `option` and listing the accepted ids.
const TimingPreset& timing_preset_or_throw(const std::string& name, const std::string& option);
// "reduce-vs-cub, scan-vs-cub, ..."
std::string timing_preset_ids();

// A comma-separated list of bench kernel ids (--series); a UsageError names the first unknown or
// repeated one and lists the accepted ids. Empty names and an empty list are errors.
std::vector<std::string> parse_timing_series(const std::string& list, const std::string& option);

// The family a series is grouped under: its bench kernel's (bench_kernels()); for an id this
// program does not know (a recording of a newer one), the recording's.
BenchFamily series_family(const BenchResults& r, const std::string& id);
// Series with at least one timed point, in the order of bench_kernels(); ids it does not know come
// last, in the recording's order.
std::vector<std::string> recorded_series(const BenchResults& r);
// Those of `wanted` without a timed point in the recording.
std::vector<std::string> missing_series(const BenchResults& r, const std::vector<std::string>& wanted);

// The CUB series a series' time is set against (as run_bench's ratio_to_cub): cub-reduce for
// reductions (and the read probe, whose n reads a reduction also makes); cub-scan for scans,
// cub-scan-inclusive for inclusive ones where the recording has it; "" for the copy.
std::string cub_counterpart(const BenchResults& r, const std::string& id);

// (n, value) pairs, n ascending, of the points that have a time and no note. A compaction (one
// point per kept fraction and n) shows its points at 50 % kept, else at its first recorded fraction.
// Its CUB series is cub-select, cub-select-flagged or cub-partition, at the same kept fraction.
using SeriesPoints = std::vector<std::pair<double, double>>;
SeriesPoints series_ms(const BenchResults& r, const std::string& id);
SeriesPoints series_gbps(const BenchResults& r, const std::string& id);
// Time relative to CUB's at the same n (2 = takes twice as long as CUB), where both are timed.
SeriesPoints series_times_cub(const BenchResults& r, const std::string& id);
// GB/s as a fraction of the device copy's GB/s at the same n, where both are timed.
SeriesPoints series_fraction_of_copy(const BenchResults& r, const std::string& id);

// The recordings shipped with the program (asset_dir()/bench).
struct Recording {
  std::string path;
  BenchResults results;
};
struct RecordingList {
  std::vector<Recording> files;     // every scanscope-bench file of the folder, by file name
  std::vector<std::string> errors;  // the load errors of bench files that did not load
};
RecordingList list_recordings(const std::string& dir);
// "NVIDIA H200, int, 2026-11-22 (h200-int.json)"
std::string recording_label(const Recording& r);
// The recording to open: one of the machine's GPU (`gpu_name`, "" without one): int before float,
// then the one holding the most of `series`, then the most points; else the file named
// `fallback_file`, unless another recording holds more of `series` (then the one holding the
// most: of the fallback's device first, then int before float, then the most points); -1 when
// there is neither a recording of the GPU nor the fallback.
int default_recording(const RecordingList& list, const std::string& gpu_name, const std::vector<std::string>& series,
                      const std::string& fallback_file = "h200-int.json");
// Those of `series` that no recording of the list has a timed point of (the sorts, until a GPU
// sweep of them is shipped).
std::vector<std::string> series_in_no_recording(const RecordingList& list, const std::vector<std::string>& series);
// What the timing panel says of `missing` (shown series the shown recording lacks), in plain words:
// those another recording of the list has, and which one holds the most of them ("compact-best and
// cub-select: in h100-compact-int.json (NVIDIA H100 80GB HBM3); File... opens it."), then those no
// recording has ("No shipped recording has ... yet: Run sweep times them on a GPU."); "" for none.
std::string missing_series_note(const RecordingList& list, const std::vector<std::string>& missing);

// The kernels a sweep of `shown` times: those series, the CUB series they are set against and the
// copy (the ratio view's references), in bench_kernels() order; with no GPU only the CPU ones.
std::vector<std::string> sweep_kernels(const std::vector<std::string>& shown, bool gpu);

}  // namespace scanscope
