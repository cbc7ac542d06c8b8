// Running a resolved kernel (resolve.h) in the interpreter, and what the host makes of its arrays
// and output: the input's words, the init: values, the output as the trace shows it, the check.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/resolve.h"

namespace scanscope {

// One launch of a catalogue kernel file over host arrays, untraced (with --op sum): how the CPU
// emulation of a device-wide sequence runs a teaching kernel as one of its steps. An argument is
// an array (data, count: 4-byte elements, used in place) or an integer (data null).
struct HostArg {
  void* data = nullptr;
  long long count = 0;
  long long value = 0;
};
void emulate_kernel_launch(const std::string& id, ValueType type, const std::string& defines, const std::string& entry, int grid,
                           int block, long long smem_bytes, const std::vector<HostArg>& args);

// Runs the resolved kernel in the interpreter and returns its trace (bank model applied).
// Throws cuda::CudaError for a fault (out-of-bounds index, barrier divergence, ...).
// `layouts`: where the GPU places the kernels' static shared arrays (CompilerView::layouts), so
// that the trace's shared words are the GPU's; null: the interpreter's own layout.
Trace run_interpreter(const ResolvedKernel& k, const cuda::SharedLayouts* layouts = nullptr);

// What run_interpreter throws when the kernel faults while it runs: the fault (what(), pos, tid
// as any cuda::CudaError) and the trace up to it (Trace::fault set), for the window and `trace`
// to show what happened before. Catching cuda::CudaError catches it too.
struct TraceFault : cuda::CudaError {
  TraceFault(const cuda::CudaError& e, std::shared_ptr<const Trace> t) : cuda::CudaError(e), trace(std::move(t)) {}
  std::shared_ptr<const Trace> trace;
};

// The input array as the kernel's `in` holds it, and the output as the trace shows it (out[0] of a
// reduction, the kept values of a compaction).
std::vector<uint32_t> kernel_input_words(const ResolvedKernel& k);
// Array `a` of k.arrays as the host hands it to the first launch (the interpreter and the GPU
// alike): the input, the init: value, or the poison 0xFFFFFFFF; *set: whether the host set it.
std::vector<uint32_t> initial_array_words(const ResolvedKernel& k, size_t a, bool* set = nullptr);
// The header line that would set array `a` (for the fault of reading it unwritten).
std::string init_hint(const ResolvedKernel& k, size_t a);
std::vector<double> kernel_output(const ResolvedKernel& k, const std::vector<uint32_t>& out_words);
// An array's words as values of its type, one per word: both words of an 8-byte element show its
// value (how the trace's global arrays hold them); a word of an array of 1- or 2-byte elements shows
// its 4 bytes as one unsigned int (element i is byte i of the array, little-endian).
std::vector<double> array_word_values(const ResolvedArray& arr, const std::vector<uint32_t>& words);

// The output check of the kernel's `check:` line; `why` says what differs.
bool check_kernel_output(const Trace& t, const std::string& check, std::string* why);
// What the output of `check` must be for the trace's input, operator and type (the sequential CPU
// reference); false for no check ("" or a name it does not know). *is_scan: compared as a scan.
bool reference_output(const Trace& t, const std::string& check, std::vector<double>* want, bool* is_scan);

}  // namespace scanscope
