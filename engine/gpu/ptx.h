// What the compiler made of a kernel's shared-memory accesses, read from its PTX: each ld/st/atom
// on shared memory, its width (a v2 or v4 vector access covers 2 or 4 words), and the source line
// its .loc directive names.
#pragma once

#include <string>
#include <vector>

namespace scanscope::ptx {

struct SharedInstruction {
  std::string file;  // as the .file directive names it
  int line = 0, col = 0;
  bool store = false, atomic = false;
  int width = 1;     // words: 1, 2 (.v2) or 4 (.v4) of 4-byte elements
};

std::vector<SharedInstruction> shared_instructions(const std::string& ptx);

}  // namespace scanscope::ptx
