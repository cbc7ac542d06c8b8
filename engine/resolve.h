// Resolving a trace request against a kernel file, once: the file, the host text that sets its
// type, operator and options, the compiled program, the evaluated launch lines and header lines.
// The interpreter run (interp.h), the GPU runs and the output check all take the one ResolvedKernel
// this makes: a command resolves its request once and passes the value on.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/cuda/machine.h"
#include "engine/kernel_file.h"
#include "engine/trace.h"

namespace scanscope {

// One launch of a file's sequence, resolved: what runs, over which grid, with which arguments.
struct ResolvedLaunch {
  int entry = -1;  // index into build->compiled.functions
  std::string entry_name;
  std::string entry_expr;  // the kernel as C++ names it from file scope, its namespaces first (NVRTC's name expression)
  std::string entry_cast;  // an overloaded kernel's: the cast before entry_expr that picks it ("(void(*)(const int *, int))")
  cuda::LaunchSpec spec;        // array arguments hold placeholders until a run binds buffers
  std::vector<int> arg_array;   // per argument: the global array it passes (index into arrays), or -1
  std::vector<long long> arg_offset;  // per argument: the byte the pointer points at (`out + 1` of an int array: 4)
  std::string text;             // e.g. scan_blocks<<<3, 512, 4096>>>(out, in, sums, 3000)
  int line = 0;                 // of the launch line
};

// A global array of the sequence: `in` (the input), `out`, then the file's `// array:` lines.
struct ResolvedArray {
  std::string name;
  // 4-byte words (an array of 8-byte elements, double or long long, has two per element: the
  // first parameter it is passed as sets its type, and its header count and offsets in elements
  // are doubled then)
  long long count = 0;
  cuda::Base type = cuda::Base::Int;
  int words() const { return cuda::is_wide_base(type) ? 2 : 1; }
  // An array of 1- or 2-byte elements (bool, char, short: the first parameter it is passed as
  // says): its bytes, packed 4 or 2 a word as the GPU's memory holds them (count is then the words
  // that hold them, rounded up); 0 for any other array.
  long long bytes = 0;
  bool is_small() const { return bytes > 0; }
  long long elements() const { return is_small() ? bytes / cuda::base_bytes(type) : count / words(); }
  // What the host sets before the first launch: `in` the input; an array with an `// init:` line
  // every element to init_bits; the others nothing (poisoned with 0xFFFFFFFF, and the interpreter
  // faults on a read of a word no thread has written).
  bool has_init = false;
  uint64_t init_bits = 0;  // an 8-byte element's all 64
  // `// init: NAME = in`: the host copies the input into the array's first N elements (its
  // cudaMemcpy before a kernel that works in place); has_init is set too, the rest stays unset.
  bool init_from_input = false;
  // A `__device__` variable of the file (after the array: lines): the kernels name it, no launch
  // passes it, and it starts at its initialiser's words (init_words, the rest zero).
  int device_var = -1;  // its index in Program::device_vars, or -1 for in, out and array: lines
  std::vector<uint32_t> init_words{};
};

struct ResolvedKernel {
  TraceRequest request;  // as asked, with n, input and threads filled in
  KernelFile file;
  std::string prelude;   // the host's #defines before the file (what NVRTC compiles too)
  std::shared_ptr<const KernelBuild> build;
  cuda::Base in_type = cuda::Base::Int, out_type = cuda::Base::Int;
  int out_count = 0;
  std::string check;     // reduce, inclusive-scan, exclusive-scan, sort, compact, copy, histogram, or "" (none)
  bool inclusive = false;
  int bits = 0;
  int matrix_cols = 0;  // check transpose: the file's COLS
  // Every launch in order (at least one) and the global arrays they pass: arrays[0] is `in`,
  // arrays[1] is `out`, then the array: lines, then the file's __device__ variables.
  std::vector<ResolvedLaunch> launches;
  std::vector<ResolvedArray> arrays;
  // A grid trace records every block of every launch: more than one launch, or a grid of more
  // than one block.
  bool is_grid() const { return launches.size() > 1 || (!launches.empty() && launches[0].spec.grid > 1); }
  // When the kernel pads its shared indices (a CONFLICT_FREE_OFFSET macro that is not 0): the array
  // index each shared word holds, -1 for a padding slot (evaluated from the file's own macro).
  std::vector<int> word_index;
  // Instructions the interpreter may execute (all blocks and launches together; a block at most
  // kMaxInstructionsPerBlock of them). Smaller only where a caller bounds its own work (the source
  // fuzzer: an endless loop then stops in a fraction of a second under the sanitizers).
  long long instruction_budget = cuda::kMaxInstructionsPerTrace;
};

// Checks the request against the kernel file (options it takes, types, operators, the launch's
// limits, its require: lines) and builds the program. Throws UsageError for bad requests and
// cuda::CudaError for errors in the kernel text.
ResolvedKernel resolve_kernel(const TraceRequest& r);
// How many times resolve_kernel has been called in this process (those that threw too): all of
// them, or those of requests that ask what `r` asks (every field equal). A test counts the
// resolutions a path makes: the window's start-up resolves the request it shows once.
long long resolve_count();
long long resolve_count(const TraceRequest& r);

// Whether the kernel's program has barriers of tiles of several warps (cuda::Op::TileSync): the
// toolkit builds them from atomics and polling loads on a shared word, as many as the timing makes.
bool has_tile_barriers(const ResolvedKernel& k);

// Every file a request reads, on disk: the kernel file (a catalogue kernel's too) and each file it
// includes, as resolve_kernel builds them; the command line compares its outputs with these before
// any work (an output never replaces an input). Throws as resolve_kernel does.
std::vector<std::string> request_input_files(const TraceRequest& r);
// The same of a request already resolved (no second build).
std::vector<std::string> request_input_files(const ResolvedKernel& k);

// The checks of a request's values that need no kernel file (an int-only operator on floats,
// --banks, --warp-issue, --input against --n, --scan, --threads, --bits, -D names); throws
// UsageError. resolve_kernel makes them too, after the file's types: and ops: lines.
void check_request_values(const TraceRequest& r);

// Host values for the launch line: the input's smallest and largest value, etc.
long long host_next_pow2(long long x);
long long host_bit_width(long long x);
long long host_isqrt(long long x);  // the largest r with r * r <= x

}  // namespace scanscope
