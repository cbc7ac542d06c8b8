// The bank model (docs/architecture.md, "The bank model"): from the recorded accesses of a step,
// which warp-instructions ran, how many wavefronts each took, and the totals in Nsight Compute's
// terms.
#pragma once

#include <string>

#include "engine/trace.h"

namespace scanscope {

struct BankConfig {
  int banks = 32;       // 32 today, 16 on G80
  int warp_issue = 32;  // 16: the warp is issued as two half-warps (G80)
};

// Per issue (a warp, or a half-warp in G80 mode): the number of distinct words in each bank.
// wavefronts = max over banks; lanes touching the same word share one (broadcast).
int wavefronts_of(const int* words, int count, int banks);

// Fills step.instructions, step.max_degree, step.active_threads and trace.totals.
void analyze_banks(Trace& trace);

// The global-memory model (docs/architecture.md): fills step.global_instructions,
// step.global_totals and trace.totals.global from the steps' global accesses. Per warp-instruction
// one request and the distinct 32-byte sectors its active lanes touch, as Nsight Compute counts
// l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_{ld,st}; atomics are counted apart.
void analyze_global(Trace& trace);
int global_sectors(const Step& step, const GlobalInstruction& gi);

// Fills step.hazards: cross-thread read/write pairs on one word within a step.
void find_hazards(Step& step);

// "kernels/reduce/reduce-missing-barrier.cu:44:25": where an access site is written ("site 7"
// when the trace holds no source).
std::string source_position(const Trace& t, int site);

// Which lanes of a warp a step touched (for the warp view): bit l set if lane l accessed anything.
uint32_t active_lanes(const Step& step, int warp);

}  // namespace scanscope
