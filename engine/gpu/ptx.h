// What the compiler made of a kernel's shared-memory accesses, read from its PTX: each ld/st/atom
// on shared memory, its width (a v2 or v4 vector access covers 2 or 4 words), the source line its
// .loc directive names, and its address (register and offset). And what ptxas, the assembler,
// does next with two of them: merge two neighbouring 4-byte accesses into one 8-byte access when
// it can prove the address 8-byte aligned, or make one instruction of the identical loads of an
// if/else (then the load happens before the branch).
#pragma once

#include <string>
#include <vector>

namespace scanscope::ptx {

struct SharedInstruction {
  std::string file;  // as the .file directive names it
  int line = 0, col = 0;
  bool store = false, atomic = false;
  int width = 1;     // words: 1, 2 (.v2) or 4 (.v4) of 4-byte elements
  std::string base;  // address register, e.g. "%rd3" ("" for a symbol or an immediate address)
  long long offset = 0;
  int align_bits = 0;  // guaranteed trailing zero bits of the address (3: 8-byte aligned)
  bool predicated = false;
  int index = 0;     // position in the instruction stream
};

std::vector<SharedInstruction> shared_instructions(const std::string& ptx);

// Pairs (indices into shared_instructions) that ptxas turns into one instruction.
struct Merge {
  int first = 0, second = 0;
  int width = 2;  // words per lane of the merged instruction: 2 (an 8-byte access), or 1 (the two
                  // arms of an if/else loading the same word: one 4-byte load)
};
std::vector<Merge> assembler_merges(const std::string& ptx, const std::vector<SharedInstruction>& instrs);

// The static shared arrays of each kernel (.entry) of a PTX module, in the order ptxas lays them
// out, each at the next multiple of its .align from the previous one's end: first those the
// kernel's body declares (the front end moves an array that one kernel alone uses into it, "demoted
// variable"), then the module's .shared arrays that the body names, in the module's order. The
// front end has already dropped arrays that no code touches. Read from the SASS of test kernels
// (CUDA 13.0, sm_90): constant-index loads show each array's offset, and the cubin's
// .nv.shared.KERNEL section holds their bytes (plus 1 KiB reserved). `complete` is false when a
// .func (a call not inlined) names shared memory: its arrays' place is then not known.
struct SharedArray {
  std::string name;  // as the PTX names it: plain for a file's array, _ZZ...E<len><name> for a function's
  long long align = 1, bytes = 0;
};
struct KernelShared {
  std::string entry;  // the kernel's mangled name
  std::vector<SharedArray> arrays;
};
std::vector<KernelShared> kernel_shared_arrays(const std::string& ptx, bool* complete);

}  // namespace scanscope::ptx
