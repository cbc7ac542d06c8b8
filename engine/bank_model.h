// The bank model (docs/architecture.md, "The bank model"): from the recorded accesses of a step,
// which warp-instructions ran, how many wavefronts each took, and the totals in Nsight Compute's
// terms.
#pragma once

#include <string>
#include <vector>

#include "engine/trace.h"

namespace scanscope {

struct BankConfig {
  int banks = 32;       // 32 today, 16 on G80
  int warp_issue = 32;  // 16: the warp is issued as two half-warps (G80)
};

// The bank of a 4-byte word: word w lies in bank w mod banks (the one place the rule is written;
// the window colours a cell by it).
int bank_of(int word, int banks);

// Per issue (a warp, or a half-warp in G80 mode): the number of distinct words in each bank.
// wavefronts = max over banks; lanes touching the same word share one (broadcast).
int wavefronts_of(const int* words, int count, int banks);
// The lanes one bank access serves together: the warp (or G80's half-warp, warp_issue 16), and
// for a vector access of `width` words per lane (8 or 16 bytes) 32 / width lanes, as the hardware
// issues them: a contiguous 8-byte access is 2 wavefronts of 16 lanes, neither a conflict.
int lanes_per_issue(int warp_issue, int width);

// Which copy of the machine code a thread's k-th execution (from 0) of n of an unrolled site runs
// (SourceSite::unrolled): a number that orders the copies as the code does (segment, iteration,
// copy), the same for every lane that runs that copy; -1 where the shape does not place it. The
// shape: a main part, a loop of M copies then blocks of M/2, M/4, ..., K copies; and a remainder
// before or after it, a loop of one copy or K - 1 blocks of one copy. A thread runs n mod K
// iterations in the remainder (the first n mod K of its blocks), (n - n mod K) / M rounds of the
// loop, and of the blocks those whose sizes add up to the rest; its iterations in code order.
int unrolled_slot(const std::vector<int>& plan, int n, int k);
// Whether `plan` has that shape (and more than one segment).
bool unrolled_shape(const std::vector<int>& plan);

// A vector group joined in program order (SourceSite::vector_in_order): how many of a thread's
// accesses words[from], words[from + 1], ... one instruction takes, the longest run of at most
// `widest` words (1, 2 or 4) whose words fill one aligned block of the run's length (1, 0 | 7, 6,
// 5, 4 | 3, 2: runs of 2, 4, 2). At least 1.
int in_order_run(const std::vector<int>& words, size_t from, int widest);

// A group whose instructions' addresses the SASS gives (SourceSite::vector_layout): which of a
// thread's accesses each instruction serves. `words` are one round of the thread's accesses of the
// group (their words, in its order), `layout` the line's instructions in code order, each
// (base register, byte offset, bytes). Instructions of one base register lie at their offsets'
// distances from one base (a word of the round), a wide one on an aligned address; together they
// cover every word of the round, a store's each once (a load's word may be loaded again: ptxas
// reloads it). True where exactly one choice of the bases does: then (*out)[i] holds the indices
// into `words` of instruction i's words, in address order.
struct LayoutInstruction {
  int reg = 0;
  long long offset = 0;
  int bytes = 4;
};
bool layout_cover(const std::vector<int>& words, const std::vector<LayoutInstruction>& layout, bool load, std::vector<std::vector<int>>* out);

// Fills step.instructions, step.max_degree, step.active_threads and trace.totals.
void analyze_banks(Trace& trace);

// The global-memory model (docs/architecture.md): fills step.global_instructions,
// step.global_totals and trace.totals.global from the steps' global accesses. Per warp-instruction
// one request and the distinct 32-byte sectors its active lanes touch, as Nsight Compute counts
// l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_{ld,st}; atomics are counted apart.
void analyze_global(Trace& trace);
int global_sectors(const Step& step, const GlobalInstruction& gi);

// The global traffic of each launch (one entry for a trace of one launch; none for a trace
// without launches), split by the array each sector lies in: the sectors of analyze_global's
// warp-instructions, so the arrays of a launch add up to its totals. Atomics are left out, as in
// the totals' ld and st.
struct ArrayTraffic {
  long long ld_sectors = 0, st_sectors = 0;
};
struct LaunchTraffic {
  GlobalTotals totals;               // the launch's requests and sectors (ld, st, atomics)
  std::vector<ArrayTraffic> arrays;  // by Trace::global_arrays
};
std::vector<LaunchTraffic> launch_traffic(const Trace& t);
// Bytes that `sectors` 32-byte sectors move per element of an n-element input (0 for n < 1), and
// how the window and the lessons write it: one decimal from 1 up, two below ("0.04"), "<0.01" under that, "0" for none.
double bytes_per_element(long long sectors, int n);
std::string bytes_per_element_text(double bytes);

// Fills step.hazards: cross-thread read/write pairs on one word within a step.
void find_hazards(Step& step);
// Fills step.global_hazards the same way for the step's global accesses (called by analyze_global).
void find_global_hazards(Step& step);

// "kernels/reduce/reduce-missing-barrier.cu:44:25": where an access site is written ("site 7"
// when the trace holds no source).
std::string source_position(const Trace& t, int site);

// Which lanes of a warp a step touched (for the warp view): bit l set if lane l accessed anything.
uint32_t active_lanes(const Step& step, int warp);

}  // namespace scanscope
