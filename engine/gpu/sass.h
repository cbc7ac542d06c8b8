// The machine code (SASS) of a kernel as the GPU runs it, read from the cubin NVRTC makes (with
// -lineinfo): each shared-memory instruction, its width and the source line the cubin's DWARF line
// table (.debug_line) names for it. No disassembler is needed: only the few opcodes the counters
// count are decoded, from the 128-bit instruction words of sm_70 and later (Volta to Hopper); a
// cubin of another kind is refused with a reason, and the caller falls back to the PTX.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace scanscope::sass {

struct MemInstruction {
  std::string function;  // the kernel's (mangled) name, from its .text.NAME section
  std::string file;      // as the line table names it (the #line file of the printed source)
  int line = 0;          // 0 when the line table says nothing for it
  unsigned offset = 0;   // byte offset in the function's code
  bool store = false, atomic = false;
  // ATOMS.CAS (atomic too): a compare-and-swap. sm_90 has no shared float atomicAdd: ptxas makes a
  // loop of an LDS of the old value, the add and this CAS, whose back edge returns to the LDS
  // while a lane's CAS failed (compiler_view.cpp, CompilerView::cas_loops).
  bool cas = false;
  int bytes = 4;         // per lane: 1, 2, 4, 8 or 16
  std::string opcode;    // "LDS", "STS", "ATOMS" or "ATOMS.CAS", with the width: "LDS.64"
  // The address of a shared access (LDS / STS / ATOMS): [Ra + imm], the register Ra (bits 24-31;
  // 255 is RZ) and the signed 24-bit byte offset (bits 40-63). Instructions of one base register
  // lie at their offsets' distances (STS [R18+0x4] one word past STS [R18]). -1: a global access.
  int addr_reg = -1;
  long long addr_imm = 0;
  // Unpredicated and followed by a predicated EXIT with no control-flow instruction between
  // (branch, barrier, convergence): the EXIT's offset, else -1. Every thread that reaches this
  // instruction executes it, also those that then leave at the EXIT (ptxas evaluated a `t == 0 &&
  // s[0] > 0` condition's loads before the exit it makes of it).
  int exit_after = -1;
  // The guard predicate: -1 when unpredicated, else P0-P6 (0-6), plus 8 when negated (@!P3: 11).
  int guard = -1;
  // A global access (LDG / STG; only with shared_instructions' `global`).
  bool global = false;
  // A load that exactly the threads of a later store of the same straight run execute (no
  // control-flow instruction between them): the store's line and space, else gate_line -1. Either
  // both have the same guard predicate and no instruction between may write it (`@!P0 LDS` ...
  // `@!P0 STG`: ptxas predicated the load with the store's condition, the load's value used only
  // by the store), or the load is unpredicated, follows a predicated EXIT in its straight run and
  // the store is the first unpredicated one after it (`@P0 EXIT; LDS; STG`: `if (g < n) out[g] =
  // s[r]` made an exit of the threads that do not store, and the load after it). ptxas moves such
  // a load under the store's condition although the source makes it before the condition: the
  // load is made by the storing threads only.
  std::string gate_file;
  int gate_line = -1;
  bool gate_global = false;
  bool gate_exit = false;   // by an EXIT's complement (else by the same predicate)
  int gate_offset = -1;     // the gating store's offset (which copy of its line: CompilerView::gated_copies)
  // An unpredicated load after a predicated EXIT in its straight run (whether or not a store
  // gates it): only the threads that did not leave make it.
  bool after_exit = false;
  // An unpredicated shared load in the straight run that starts after a predicated forward branch
  // (`@P2 BRA` around `LDS; RED`) and that an unpredicated global reduction or atomic (RED /
  // ATOMG) of the same run follows: the threads that did not branch make both, so the load is
  // made only by the threads of that atomic (`if (g < n) atomicAdd(&dst[g], v[j])`, whose value
  // ptxas loads inside the branch). The atomic's line and offset (which copy of its line:
  // CompilerView::gated_red), else red_line -1. Kept apart from gate_line: an atomic is no store
  // of the rules that read gate_line.
  std::string red_file;
  int red_line = -1;
  int red_offset = -1;
};

// A control-flow instruction of a function: a branch (BRA, with its target), or another that ends
// a straight run of code (BSSY, BSYNC, EXIT, RET, CALL, WARPSYNC, BAR, ...). A branch whose target
// is at or before itself closes a loop (ptxas's loops end with their back edge).
struct FlowInstruction {
  std::string function;
  unsigned offset = 0;
  bool branch = false;      // BRA
  long long target = -1;    // a branch's target, byte offset in the function's code
  int guard = -1;           // as MemInstruction::guard
  unsigned opcode = 0;      // the 9-bit opcode (0x147 BRA, 0x14d EXIT, 0x11d BAR), for SCANSCOPE_SASS_DUMP
};

// The shared-memory instructions of every function of an sm_70+ cubin, in code order. False (and
// *why) when the bytes are not such a cubin or its line table cannot be read.
// With `flow`, also every control-flow instruction of each function, in code order; with
// `global`, every global load and store (LDG, STG), in code order.
// With `reductions`, also every global reduction or atomic (RED, ATOMG), in code
// order (global, atomic: the gates of MemInstruction::red_line).
bool shared_instructions(const std::vector<char>& cubin, std::vector<MemInstruction>* out, std::string* why,
                         std::vector<FlowInstruction>* flow = nullptr, std::vector<MemInstruction>* global = nullptr,
                         std::vector<MemInstruction>* reductions = nullptr);

// The bytes of each function's static shared memory as ptxas laid it out (the NOBITS section
// .nv.shared.NAME of kernel NAME: its arrays and, for sm_90, the 1 KiB it reserves before them),
// by the function's (mangled) name. False (and *why) when the bytes are not an sm_70+ cubin.
bool shared_sizes(const std::vector<char>& cubin, std::map<std::string, long long>* out, std::string* why = nullptr);

}  // namespace scanscope::sass
