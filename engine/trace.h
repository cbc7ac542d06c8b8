// The trace of one block: what every step did to shared memory. Pure data, no GUI, no CUDA.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/vocab.h"

namespace scanscope {

// Per access, the barriers of tiles of several warps (cg::thread_block_tile<64> ... <1024>) its
// thread had passed since the block's last barrier: [k] counts those of tiles of 64 << k threads or
// more. Two threads of one tile of 64 << k threads (and of no smaller one) are ordered across such
// a barrier exactly when their counts [k] differ; threads of different tiles never are.
constexpr int kTileLevels = 5;
using TileSyncs = std::array<uint32_t, kTileLevels>;
// The level k of the smallest tile of 64 << k threads that holds both threads (ids in the block).
inline int tile_level(int tid_a, int tid_b) {
  int k = 0;
  while (k < kTileLevels - 1 && (tid_a >> (6 + k)) != (tid_b >> (6 + k))) ++k;
  return k;
}
// Whether two accesses of different threads are ordered by a tile barrier between them.
inline bool tile_ordered(int tid_a, const TileSyncs& a, int tid_b, const TileSyncs& b) {
  const int k = tile_level(tid_a, tid_b);
  return a[k] != b[k];
}

struct Access {
  int tid = 0;
  int site = 0;
  AccessOp op = kLoad;
  int word = 0;        // shared-memory word; for a shuffle, the source lane
  double value = 0;    // value loaded, stored or received (int32 and float are exact in a double)
  // A 1- or 2-byte access (a bool, char or short; its site's bytes 1 or 2): the bytes of the word
  // it touches, bit k for byte k; 0 for an access of the whole word. Two threads writing different
  // bytes of one word do not race (find_hazards); the bank model sees one word either way.
  uint8_t mask = 0;
  TileSyncs tile_syncs{};  // the tile barriers its thread had passed in the barrier phase
  bool operator==(const Access& o) const {
    return tid == o.tid && site == o.site && op == o.op && word == o.word && mask == o.mask && tile_syncs == o.tile_syncs &&
           (value == o.value || (std::isnan(value) && std::isnan(o.value)));
  }
};

// Bank-model results for one warp-instruction (computed by BankModel, never stored by kernels).
struct WarpInstruction {
  int warp = 0;
  int site = 0;
  int occurrence = 0;     // k-th execution of this site by this warp within the step
  AccessOp op = kLoad;
  int width = 1;          // words per lane: 2 or 4 when the compiler merged accesses into a vector access
  uint32_t lanes = 0;     // active lanes
  int wavefronts = 0;     // max over banks of distinct words (summed over half-warps in G80 mode)
  int conflicts = 0;      // wavefronts - ideal (1 per issued (half-)warp)
  int degree = 0;         // worst bank's distinct words within one issue
  std::vector<int> access_index;  // index into Step::accesses for each lane access, lane order
};

// A line printf printed (without its line break; a printf that ends without one is a line too):
// its thread, and the step it happened in (-1: a block the trace does not record).
struct PrintLine {
  int launch = 0, block = 0, tid = 0, step = -1;
  std::string text;
};

// The lines one printf's text makes: a line each (text after the last line break is a line of its
// own), tabs to 8 columns, a byte that is no printable ASCII (a %c of a control code) as \xHH, so
// that a trace file holds the line and a terminal shows it as text. The GPU run's output is split
// the same way before the two are compared.
inline std::vector<std::string> print_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t k = 0; k < text.size(); ++k) {
    const unsigned char c = static_cast<unsigned char>(text[k]);
    if (c == '\n') {
      lines.push_back(std::move(line));
      line.clear();
    } else if (c == '\t') {
      line.append(8 - line.size() % 8, ' ');
    } else if (c < 0x20 || c >= 0x7f) {
      static const char hex[] = "0123456789abcdef";
      line += "\\x";
      line += hex[c >> 4];
      line += hex[c & 15];
    } else {
      line += static_cast<char>(c);
    }
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

// Two threads touching one shared word within one step (no barrier between them), at least one
// of them writing: the outcome depends on which runs first. Correct kernels have none.
struct Hazard {
  int word = 0;      // the shared word; for a global hazard, the element (GlobalAccess::index)
  int array = -1;    // a global hazard's array (Trace::global_arrays); -1 for shared memory
  int first_tid = 0, second_tid = 0;  // in the trace's program order
  int first_access = 0, second_access = 0;  // indices into Step::accesses (Step::global for a global hazard)
  const char* kind = "";  // "read-after-write", "write-after-read", "write-after-write"
  // The largest tile of several warps (64 ... 1024 threads) whose barrier either thread had passed
  // in the barrier phase when it made its access (none ordered the two); 0 when neither had.
  int tile = 0;
};

// A global-memory access: which of the trace's global arrays, which 4-byte element.
struct GlobalAccess {
  int tid = 0;
  int site = 0;
  AccessOp op = kLoad;  // load, store or atomic
  int array = 0;        // index into Trace::global_arrays
  int index = 0;        // element of that array
  uint8_t mask = 0;     // a 1- or 2-byte access: the bytes of the word (bit k: byte k); 0: the whole word
  double value = 0;     // loaded, stored, or (atomic) the value left in memory
  // Which iteration of the loops around the access the thread was in (a hash of their counts; 0
  // outside loops): the lanes of one warp-instruction share it (bank_model.h, analyze_global).
  uint64_t iter = 0;
  // The count of the innermost loop around the access: 0 in its first iteration (and outside
  // loops), 1 in its second, ... (a loop ptxas unrolled into copies runs them in this order:
  // SourceSite::gated_copies)
  int iteration = 0;
  TileSyncs tile_syncs{};  // as Access::tile_syncs
  bool operator==(const GlobalAccess& o) const {
    return tid == o.tid && site == o.site && op == o.op && array == o.array && index == o.index && iter == o.iter && iteration == o.iteration &&
           tile_syncs == o.tile_syncs &&
           (value == o.value || (std::isnan(value) && std::isnan(o.value)));
  }
};

// Requests and 32-byte sectors of global loads or stores, as Nsight Compute counts them
// (l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum, l1tex__t_sectors_...).
struct GlobalOpTotals {
  long long requests = 0, sectors = 0;
  bool operator==(const GlobalOpTotals& o) const { return requests == o.requests && sectors == o.sectors; }
};
struct GlobalTotals {
  GlobalOpTotals ld, st;
  long long atomics = 0;  // atomic warp-instructions on global memory (Nsight Compute counts them apart)
  bool operator==(const GlobalTotals& o) const { return ld == o.ld && st == o.st && atomics == o.atomics; }
};

// One warp-instruction on global memory (computed by the global model, never stored by kernels).
struct GlobalInstruction {
  int warp = 0, site = 0, occurrence = 0;
  AccessOp op = kLoad;
  uint32_t lanes = 0;
  int sectors = 0;  // distinct 32-byte sectors its active lanes touch
  std::vector<int> access_index;  // into Step::global, lane order
};

struct Step {
  int launch = 0;  // which launch of the file's sequence (0 for a file of one launch)
  int block = 0;   // which block of that launch's grid
  std::string label;
  Phase phase = Phase::Load;
  bool barrier = true;  // ends at a __syncthreads() or the kernel's end (else at a warp synchronisation)
  int active_threads = 0;
  std::vector<double> smem;      // words after the step; NaN = never written
  std::vector<Access> accesses;  // program order: by thread, then by the thread's own order
  // Filled by the bank model:
  int max_degree = 0;
  std::vector<WarpInstruction> instructions;
  std::vector<Hazard> hazards;  // filled by find_hazards (called by analyze_banks)
  // Global memory: the step's accesses in program order, and (filled by the global model) its
  // warp-instructions and their totals.
  std::vector<GlobalAccess> global;
  std::vector<GlobalInstruction> global_instructions;
  GlobalTotals global_totals;
  // Two threads of the block touching one global element within the step, one of them writing and
  // not both atomically (filled by the global model): `d_bins[b]++` from many threads. Between
  // blocks of a launch nothing is ordered either, but a block that reads what others wrote after a
  // __threadfence() and an atomic is correct, so only the block's own steps are checked.
  std::vector<Hazard> global_hazards;
};

struct OpTotals {
  long long inst = 0, wavefronts = 0, conflicts = 0;
  bool operator==(const OpTotals& o) const { return inst == o.inst && wavefronts == o.wavefronts && conflicts == o.conflicts; }
};
struct Totals {
  OpTotals ld, st;
  GlobalTotals global;
  bool operator==(const Totals& o) const { return ld == o.ld && st == o.st && global == o.global; }
};

// A named array in the block's shared memory (kernels name them when they carve several).
struct SharedArrayInfo {
  std::string name;
  int first_word = 0, words = 0;
  // An array declared with several dimensions (tile[32][33]): their lengths, outermost first
  // (row-major: tile[y][x] is word first_word + y*33 + x). Empty for a 1-D array or a pointer.
  std::vector<int> dims;
};

// Where an access is written: a file of Trace::files, the expression's extent, its statement.
struct SourceSite {
  int file = 0;
  int line = 0, col = 0, end_line = 0, end_col = 0;
  int stmt_line = 0, stmt_col = 0;
  AccessOp op = kLoad;
  // The compiler may merge this site's 4-byte accesses with others into one 8- or 16-byte
  // access (PTX ld/st.shared.v2/v4, SASS LDS.64/STS.128), or into one 4-byte access (both arms
  // of an if/else): the sites of one group, vector_width words per lane. vector_width 0: the
  // machine code has no shared-memory instruction for the site (ptxas kept the value in a
  // register); its accesses are recorded but the bank model counts none (engine/compiler_view.cpp).
  int vector_group = -1;
  int vector_width = 1;
  // A load the machine code makes in every warp of the block that reaches its statement, before
  // the exit or branch that the source's condition makes (ptxas evaluates `t == 0 && s[0] > 0`
  // without the short circuit): of one word, the same for every thread; the bank model counts an
  // instruction of one wavefront in each warp of the block that has none there, in each step whose
  // accesses include the site's (engine/compiler_view.cpp).
  bool every_warp = false;
  // An atomic that ptxas made a loop of (engine/compiler_view.cpp, CompilerView::cas_loops: a
  // float atomicAdd on sm_90): an LDS of the old value, then a compare-and-swap, again while a
  // lane's CAS failed. Lanes of a warp at one address succeed one a round, so a warp's instruction
  // at the site makes as many rounds as the most lanes sharing an address; each round is a load
  // instruction (4 bytes a lane) of the lanes still trying. The CAS counts as neither a load nor a
  // store (Nsight Compute, run 20261204: docs/validation.md).
  bool cas_loop = false;
  // A group of several widths in the machine code (LDS.64, LDS.128, LDS.64 on one line): a
  // thread's accesses of the group are joined in the order it makes them, each instruction the
  // longest run of them that fills an aligned block of up to vector_width words (ptxas joins
  // neighbouring statements of an unrolled loop: words 1, 0 | 7, 6, 5, 4 | 3, 2), rather than
  // by aligned block of vector_width whatever the order (engine/compiler_view.cpp).
  bool vector_in_order = false;
  // A group of several widths whose instructions' addresses the SASS gives (engine/compiler_view.cpp):
  // [round, reg, offset, bytes, reg, offset, bytes, ...]. A thread's accesses of the group in a
  // step, `round` at a time, are served by these instructions (in code order: base register, byte
  // offset, bytes per lane) as layout_cover (bank_model.h) places them; a reload is a lane of two.
  // Empty: vector_in_order or aligned blocks decide.
  std::vector<int> vector_layout;
  // A loop ptxas unrolled with a remainder (engine/compiler_view.cpp): the copies of the site's
  // line in the machine code, in code order, c > 0 a block of c copies run in a row, c < 0 a loop
  // of -c copies. A thread that executes the site n times in a step runs them through these copies
  // (unrolled_slot, bank_model.h), and a warp executes each copy its lanes reach once. Empty: one
  // instruction per execution of the source's access, as everywhere else.
  std::vector<int> unrolled;
  // A load ptxas makes only in the threads that execute a later store (engine/compiler_view.cpp,
  // sass::MemInstruction::gate_line): that store's site, else -1. The source loads before the
  // condition that guards the store (`v = s[r]; if (g < n) out[g] = v;`); the machine code
  // predicates the load with the store's condition, or lets the other threads leave at an EXIT
  // before it (gated_exit). A thread's executions of the site in a step are made only where the
  // thread executes the gate site in that step; a warp with no such lane makes no instruction there
  // (Nsight Compute counts none for a warp whose lanes are all predicated off either: runs 20261127
  // and 20261201, docs/validation.md).
  int gated = -1;
  bool gated_exit = false;
  // A gated load of a loop ptxas unrolled into copies, only some of which it gated, each by the
  // copy of the gate's store that uses its value (engine/compiler_view.cpp, CompilerView::gated_copies):
  // for a thread's k-th execution of the site in a step (from 0), -1 where every thread that
  // reaches it makes it, else the iteration m (GlobalAccess::iteration) of the global store at
  // site `gated` that the thread must make in that step for this execution to be made. Empty: the
  // whole step's executions gated by any store of the thread, as above.
  std::vector<int> gated_copies;
  // A gated load of a loop ptxas unrolled into copies, some gated each by the one store of its own
  // line (CompilerView::gated_each): for a thread's k-th execution in a step, -1 where every thread
  // that reaches it makes it, else the store site the thread must execute in that step for this
  // execution to be made (`gated` is one of them). Empty: as above.
  std::vector<int> gated_sites;
  // What one thread's access at this site moves, as the source writes it: 4 bytes, 1 or 2 for a
  // bool, char or short (its bytes of one word: Access::mask), or 8 / 16 for a whole int2 / float4
  // (PTX ld.v2.b32 / ld.v4.b32). Such an access is recorded as its words
  // (each an Access or GlobalAccess of this site, consecutive in the thread's order) and counted
  // as one access per thread: one lane of one warp-instruction of `bytes / 4` words.
  int bytes = 4;
  int words() const { return bytes > 4 ? bytes / 4 : 1; }
};

// A global array of the launch sequence: `in`, `out`, or one a file declares (`// array:`).
struct GlobalArrayInfo {
  std::string name;
  int count = 0;              // 4-byte elements
  std::vector<double> final;  // its contents after the last launch
};

// A launch's grid or block shape (CUDA's dim3); x fastest: linear id x + y*X + z*X*Y.
struct Dim3 {
  int x = 1, y = 1, z = 1;
  long long count() const { return static_cast<long long>(x) * y * z; }
  bool linear() const { return y == 1 && z == 1; }
  bool operator==(const Dim3& o) const { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const Dim3& o) const { return !(*this == o); }
};

// One launch of the file's sequence, as evaluated.
struct LaunchInfo {
  std::string text;  // e.g. scan_blocks<<<3, 512, 4096>>>(out, in, sums, 3000)
  std::string entry;
  int grid = 1, block = 1;  // blocks, and threads per block, in all
  Dim3 grid_dim, block_dim;  // their shapes: {grid, 1, 1} and {block, 1, 1} for a 1-D launch
  long long smem_bytes = 0;
  int first_step = 0, steps = 0;  // its steps in Trace::steps
  // The shared word its dynamic shared memory (extern __shared__) starts at, in Step::smem: after
  // the kernel's static arrays, as the interpreter or the GPU (CompilerView::layouts) placed them.
  // Not in the trace's JSON.
  int dynamic_base = 0;
};

// Everything a trace holds but its steps (block_trace copies it for one block of a grid). A new
// field of a trace goes here, unless it is per step.
struct TraceHeader {
  TraceRequest request;  // what was asked (n, input and threads filled in): the trace's one source of it
  std::string check;     // the kernel's check: reduce, inclusive-scan, exclusive-scan, sort, compact, copy, histogram, or ""
  std::string gpu_check; // when a GPU ran the same text: what agreed, or the first difference
  double gpu_us = 0;     // and the timed build of that text there: the median launch, microseconds (0: not run)
  std::string kernel;
  int n = 0, threads = 0, banks = 32, warp_issue = 32;
  Pad pad = Pad::None;
  Operator op = Operator::Sum;
  ValueType type = ValueType::Int;
  bool inclusive = false;
  int bits = 0;  // app-radix-sort
  int matrix_cols = 0;  // check transpose: the input is an (n / matrix_cols) x matrix_cols matrix, row-major
  std::string device = "cpu-emulator";
  std::vector<double> input, output;
  int smem_words = 0;
  std::vector<SharedArrayInfo> arrays;  // named shared arrays, in allocation order (may be empty)
  Totals totals;
  // The kernel's source: files (display paths and text) and the site of every access (Access::site).
  std::vector<std::string> files;
  std::vector<std::string> file_texts;
  int main_file = -1;  // the kernel file among them
  std::vector<SourceSite> sites;
  std::string source;  // the kernel file's path when it was given by path (--source)
  std::vector<std::pair<std::string, std::string>> defines;
  std::string launch;  // the launch line as evaluated, e.g. prescan<<<1, 4, 32>>>(out, in, 8)
  // A grid: every launch of the sequence (one entry for a file of one launch), the global arrays,
  // and every block's steps in Trace::steps (Step::launch, Step::block), launch after launch, block
  // after block.
  std::vector<LaunchInfo> launches;
  std::vector<GlobalArrayInfo> global_arrays;
  bool is_grid() const { return launches.size() > 1 || (!launches.empty() && launches[0].grid > 1); }
  // When the kernel pads its indices: the array index each shared word holds, -1 for a padding
  // slot (from the kernel's CONFLICT_FREE_OFFSET); empty when it does not pad.
  std::vector<int> word_index;
  // What the compiler makes of the shared accesses (compiler_view.h): which compiler was asked,
  // or why none was; and anything it does that the model does not follow.
  std::string compiler;
  std::vector<std::string> compiler_notes;
  // The kernel's code has barriers of tiles of several warps (a cg::thread_block_tile<64> ...
  // <1024>'s sync(), cg::reduce over one): a GPU's shared-memory counters of it also count the
  // loads with which that barrier polls a shared word, which the model does not predict
  // (ncu_check.h kTileBarrierCounters).
  bool tile_barriers = false;
  // A kernel that faulted: the trace holds what ran up to the fault (its last step ends there),
  // and this is the fault's message without its position ("thread 5: reads in[16], outside its 16
  // elements"), then its place (fault_file indexes files) and thread (-1: not known). Empty: the
  // kernel ran to its end.
  std::string fault;
  int fault_file = -1, fault_line = 0, fault_col = 0, fault_tid = -1;
};

struct Trace : TraceHeader {
  std::vector<Step> steps;
  // The interpreter's instructions the trace ran (all threads, blocks and launches: what
  // kMaxInstructionsPerTrace bounds); 0 for a trace read from a file. Not part of trace JSON: a
  // lesson's budget (kMaxLessonInstructions) adds them up.
  long long work = 0;
  std::vector<PrintLine> prints;  // printf's output, by launch, block, step and thread
};


}  // namespace scanscope
