// The bytecode of a compiled kernel program as text, one instruction a line with its source
// position, the source line shown where it changes (as clox's disassembler does):
// `scanscope compile --bytecode -`.
#pragma once

#include <string>

#include "engine/cuda/bytecode.h"
#include "engine/cuda/source.h"

namespace scanscope::cuda {

const char* op_name(Op op);
std::string disassemble(const Compiled& c, const SourceSet& files);

}  // namespace scanscope::cuda
