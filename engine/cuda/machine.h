// The interpreter's machine: runs a compiled kernel over a grid, block after block; inside a
// block, thread by thread from one barrier to the next, warps in lockstep at warp intrinsics.
// It records one block's shared-memory accesses (with the source site of each) and splits them
// into steps: one per barrier phase, and within a phase one per warp-synchronous round.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/cuda/bytecode.h"
#include "engine/cuda/limits.h"
#include "engine/trace.h"

namespace scanscope::cuda {

// How messages name a barrier or warp collective ("__syncthreads()"; None: "the end of the
// kernel") and an atomic ("atomicAdd").
const char* builtin_name(Builtin b);
const char* atomic_name(Builtin b);

// Where the GPU places a kernel's static shared arrays, where that is known and differs from the
// interpreter's own layout (Var::slot, the source's declarations in order): engine/compiler_view.cpp
// reads it from the PTX ptxas was given and checks it against the cubin. Each static array the
// kernel can reach (by its Var::slot, with its words and alignment in words) with its first word
// on the GPU, or -1 for an array the compiler removed (no instruction is left that touches it);
// the words of the arrays the GPU keeps, and where the dynamic shared memory (extern __shared__)
// starts.
struct SharedLayout {
  struct Array {
    int slot = 0, words = 0, align = 1, first = -1;
  };
  std::vector<Array> arrays;
  int static_words = 0, dynamic_base = 0;
};
using SharedLayouts = std::map<int, SharedLayout>;  // by kernel (index into Compiled::functions)

// A kernel's shared memory as a block of one launch has it: each static array's first word (by
// its Var::slot), where the dynamic memory starts, and the words in all. With a GPU layout, the
// arrays the compiler removed lie past everything else (the interpreter may still run their code).
struct SharedPlacement {
  std::vector<int> moved;  // by Var::slot: its first word where a layout placed it, else -1 (a vector: read per SharedPtr)
  int dynamic_base = 0, words = 0;
  // A static array's first word (slot: where the interpreter's own layout puts it).
  int slot_word(int slot) const {
    return slot >= 0 && slot < static_cast<int>(moved.size()) && moved[static_cast<size_t>(slot)] >= 0 ? moved[static_cast<size_t>(slot)] : slot;
  }
  int first_word(const Var* v) const;
};
SharedPlacement place_shared(const CompiledFunction& kernel, const SharedLayout* gpu, long long dynamic_words);

// Per word of a block's `words` of shared memory: the 8-byte type (double, long long, unsigned
// long long) of the shared array it lies in, or Void. A snapshot shows both words of such an
// element as its value. `placed`: where the arrays lie (else the interpreter's own layout).
std::vector<Base> shared_wide_types(const Compiled& program, int entry, int words, const SharedPlacement* placed = nullptr);
// A value's bits as the trace shows them (a 4-byte type's from the low 32).
double value_of(uint64_t bits, Base type);

struct LaunchSpec {
  int grid = 1;   // blocks in all
  int block = 1;  // threads per block in all
  // The shapes (dim3); left at x = 0, a 1-D launch: {grid, 1, 1} and {block, 1, 1}. Otherwise
  // their products are grid and block. Threads form warps by linear id x + y*X + z*X*Y, and blocks
  // run in linear order, as on the GPU.
  Dim3 grid_dim{0, 1, 1}, block_dim{0, 1, 1};
  Dim3 grid_shape() const { return grid_dim.x ? grid_dim : Dim3{grid, 1, 1}; }
  Dim3 block_shape() const { return block_dim.x ? block_dim : Dim3{block, 1, 1}; }
  long long dynamic_smem_bytes = 0;
  std::vector<uint64_t> args;  // one per kernel parameter: the bits of a scalar, or a pointer
};

// What one recorded block did.
struct BlockRecord {
  std::vector<Step> steps;               // accesses (site = index into Compiled::sites), labels, snapshots
  std::vector<bool> barrier_steps;       // per step: ends at a __syncthreads() or the kernel's end
  std::vector<SharedArrayInfo> arrays;   // named arrays and pointers into shared memory
  int smem_words = 0;
  Base value_type = Base::Int;           // how snapshots read a shared word (the kernel's T)
  // Recording every block (Machine::kAllBlocks): steps are appended block after block, launch
  // after launch, each tagged with `launch` (set by the caller before each launch) and its block.
  bool all_blocks = false;
  int launch = 0;
  int blocks = 0;  // blocks recorded so far
  std::vector<PrintLine> prints;  // printf's output of every block run, in order (launch, block, step, thread)
};

class Machine {
 public:
  Machine(const Compiled& program, const SourceSet& files);

  // Global memory: a buffer of 32-bit words; pointer_to makes the value a parameter holds. `bytes`:
  // how many of the words' bytes the array has (an array of 1- or 2-byte elements packs them, 4 or
  // 2 a word, little-endian, as the GPU's memory holds them; an access past them faults); 0: all.
  int add_buffer(std::string name, std::vector<uint32_t> words, size_t bytes = 0, int elem_bytes = 4);
  // Memory the caller owns (the device-wide emulation's arrays), used in place.
  int add_external(std::string name, uint32_t* data, size_t words, size_t bytes = 0);
  std::vector<uint32_t> buffer(int id) const { return std::vector<uint32_t>(buffers_[id].data, buffers_[id].data + buffers_[id].size); }
  static uint64_t pointer_to(int buffer, long long offset_bytes = 0);  // pointers count bytes
  // Marks the words of a buffer from `from` on unwritten (memory the host did not set; the words
  // before it it did): a load or an atomic of a word no store or atomic has written since is a
  // fault, which ends with `hint` (the header line that would set it). Buffers start written.
  void set_unwritten(int buffer, std::string hint, size_t from = 0);
  // The buffer that holds `__device__` variable `var` (Program::device_vars), the same for every
  // launch of this machine. A variable not bound when a launch starts gets a buffer of its own,
  // named after it and holding its initial value.
  void bind_device_var(int var, int buffer);

  // Instructions one block may execute before the run is stopped as endless.
  void set_budget(long long per_block) { budget_ = per_block; }
  // Instructions all blocks of all launches of this machine may execute together (a trace's
  // budget, kMaxInstructionsPerTrace for run_interpreter); unlimited unless set.
  void set_trace_budget(long long total) { trace_budget_ = total; }
  // The GPU's layout of the kernels' static shared arrays (SharedLayout), used where given: the
  // trace's shared words are then the GPU's. Must outlive the launches.
  void set_shared_layouts(const SharedLayouts* layouts) { layouts_ = layouts; }
  // Where kernel `entry`'s shared arrays lie in a block of a launch with `dynamic_bytes` of dynamic
  // shared memory: the GPU's layout where set_shared_layouts gave one for it, else the interpreter's.
  SharedPlacement shared_placement(int entry, long long dynamic_bytes) const;
  // Instructions all blocks of all launches have executed so far (what the budgets count).
  long long executed_total() const { return executed_before_ + executed_; }

  // Runs function `entry` over the grid; records block `record_block` (-1: none; kAllBlocks: every
  // block, appended to what *record holds) into *record. Global accesses are recorded with the
  // buffer's index as their array.
  static constexpr int kAllBlocks = -2;
  void launch(int entry, const LaunchSpec& spec, BlockRecord* record, int record_block = 0);
  // After a fault (a CudaError with fault set) out of launch: records the recorded block's
  // accesses up to the fault as its last step, as the end of the kernel would. False when the
  // block was not recorded or the record itself hit a limit.
  bool record_to_fault();

 private:
  struct Buffer {
    std::string name;
    std::vector<uint32_t> own;  // empty for external memory
    uint32_t* data = nullptr;
    size_t size = 0;               // words
    size_t bytes = 0;              // the array's bytes (at most 4 * size)
    int elem_bytes = 4;            // an element's (what a fault's index counts: in[6] of a char array is byte 6)
    std::vector<uint8_t> written;  // per word, a bit per byte once written; empty: every word is set
    std::string hint;              // how the file would set an unwritten word
  };
  // TileBarrier: at the barrier of a tile of several warps (Op::TileSync, the size on its stack).
  enum class Status : unsigned char { Running, Barrier, Collective, TileBarrier, Exited };
  struct Thread {
    uint32_t pc = 0;
    uint32_t fp = 0;
    uint32_t sp = 0;
    uint32_t depth = 0;
    Status status = Status::Running;
    int wait = -1;       // sync point waited at
    int round = 0;       // warp synchronisations passed in this barrier phase
    int last_pc = 0;     // for messages about a lane that left
    uint32_t loop_depth = 0;  // loops entered and not left (their counts in loop_counts_)
    // Barriers of tiles of several warps passed in this barrier phase: [k] counts those of tiles
    // of 64 << k threads or more (Access::tile_syncs).
    TileSyncs tile_syncs{};
  };
  struct Frame {
    uint32_t ret_pc, fp, loop_depth;
  };
  struct RawAccess {
    int tid, site;
    AccessOp op;
    int word;  // shared word, shuffle source lane, or global element
    uint64_t bits;  // the word's; for a word of an 8-byte value, the whole value (part says which half)
    int round;
    int array;  // global buffer; -1 for shared memory and shuffles
    uint64_t iter = 0;  // global: the iteration counts of the loops around the access (a hash)
    int iteration = 0;  // global: the count of the innermost loop around it (record() sets it)
    int part = -1;      // a word of an 8-byte access: 0 its low half, 1 its high half
    uint8_t mask = 0;   // a 1- or 2-byte access: the bytes of the word (bit k: byte k); 0: the whole word
    TileSyncs tile_syncs{};  // the thread's when it made the access (record() copies them)
  };
  struct RoundLabel {
    bool set = false;
    std::string text;
    Phase phase = Phase::Other;
  };

  void run_block(int entry, const LaunchSpec& spec, int block, bool record);
  // `byte`: the byte an access starts at, which names the element of an array of 1- or 2-byte
  // elements (a char2's, a short's) rather than the word's range.
  std::string shared_word_name(int64_t off, int64_t byte = -1) const;
  const CompiledFunction* kernel_ = nullptr;  // the launched kernel (its shared memory)
  const SharedLayouts* layouts_ = nullptr;
  SharedPlacement placed_;                     // where its shared arrays lie
  void run_thread(int tid);
  void settle_warp(int warp);
  // Releases every tile of several warps whose threads all wait at one tile barrier; false when
  // none could go. Faults when a tile can never go (its threads at different barriers, some
  // exited, some at a block barrier: the GPU would hang).
  bool release_tiles();
  // How messages name the barrier a waiting thread is at ("__syncthreads()", "t.sync()").
  std::string barrier_name(int sync) const;
  bool fire_active_mask(int warp);
  void fire(int warp, uint32_t mask, int leader);
  void end_phase(bool final_phase);
  void record(const RawAccess& a, int pc);  // a shared-memory access of the recorded block, within kMaxAccesses
  void note_round_end(int tid, int sync);
  std::string label_text(int tid, int sync) const;
  [[noreturn]] void fault(int tid, int pc, const std::string& message) const;
  std::string who(int tid) const;
  // The word `ptr` names; `sp`: the thread's stack top now (a local's address is below it).
  // A load or an atomic (`atomic`: its builtin) faults on a global word nobody has written.
  // `size`: the access's bytes (1, 2 or 4; an 8-byte one is two of 4): its address must be a
  // multiple of it, and the bytes it names must have been written.
  uint32_t* memory(int tid, int pc, uint64_t ptr, bool is_load, uint32_t sp, const char* atomic = nullptr, int size = 4);
  // An access of `bytes` (2, 4, 8 or 16: a whole int2 / float4) at `ptr`: faults, as the GPU does,
  // unless its address is a multiple of its size.
  void check_aligned(int tid, int pc, uint64_t ptr, int bytes, bool is_load) const;
  // An 8-byte scalar (Ld and St with b = 2, a 64-bit atomic): its two words in shared or global
  // memory (aligned, or a fault), or a local's 64-bit slot (hi is then null).
  void wide_words(int tid, int pc, uint64_t ptr, bool is_load, uint32_t sp, uint32_t** lo, uint32_t** hi, const char* atomic = nullptr);
  // Records the two words of an 8-byte access of the recorded block (value: the whole value).
  void record_wide(int tid, int site, AccessOp op, uint64_t ptr, uint64_t value, int round, int pc);

  const Compiled& prog_;
  const SourceSet& files_;
  std::vector<Buffer> buffers_;
  std::vector<int> device_buffers_;  // per __device__ variable: its buffer (-1: not bound yet)
  long long budget_ = kMaxInstructionsPerBlock;
  long long trace_budget_ = -1;     // -1: none
  long long executed_before_ = 0;   // instructions of the blocks run before this one

  // the block being run
  int threads_ = 0, block_ = 0, grid_ = 1, block_dim_ = 1;
  Dim3 grid_shape_, block_shape_;
  bool record_ = false;
  long long executed_ = 0;
  std::vector<Thread> th_;
  std::vector<uint64_t> stack_;
  std::vector<Frame> frames_;
  std::vector<uint32_t> loop_counts_;  // per thread, kMaxLoopNest iteration counts
  uint64_t iteration_key(int tid) const;
  std::vector<uint32_t> smem_;
  std::vector<Base> wide_type_;  // per shared word: the 8-byte type of the array it lies in (snapshots), or Void
  std::vector<uint8_t> written_;
  std::vector<uint32_t> phase_start_smem_;
  std::vector<uint8_t> phase_start_written_;
  std::vector<RawAccess> raw_;
  long long recorded_ = 0;  // accesses of the steps already made
  std::vector<RoundLabel> round_labels_;
  std::vector<std::pair<int, std::string>> pointer_names_;  // (shared word, name)
  std::set<std::string> pointer_seen_;                      // their names
  BlockRecord* out_ = nullptr;
  // printf's output of the phase running: each thread's, with the warp round it printed in.
  struct PendingPrint {
    int tid, round;
    std::string text;
  };
  std::vector<PendingPrint> pending_prints_;
  long long printed_lines_ = 0;  // by every block and launch of this machine
  void flush_prints(int first_step, int rounds);
  std::string format_print(int tid, int pc, int format, const std::vector<uint64_t>& values) const;
};

}  // namespace scanscope::cuda
