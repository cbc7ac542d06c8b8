// Prints a preprocessed program back as CUDA text that NVRTC compiles: every token on its source
// line and, where it can, at its source column, with #line directives naming the files, so that
// the compiler's line information (PTX .loc, Nsight Compute's source view) points into the
// kernel files. The GPU builds are made from this text: the very tokens the interpreter runs.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/cuda/ast.h"
#include "engine/cuda/lexer.h"
#include "engine/cuda/preprocessor.h"

namespace scanscope::cuda {

// An edit: at token i, replace `count` tokens by `text` (count 0: insert before token i).
struct TokenEdit {
  size_t at = 0;
  size_t count = 0;
  std::string text;
};

std::string print_tokens(const SourceSet& files, const std::vector<Token>& tokens, std::vector<TokenEdit> edits = {});

// The typedefs of <cstdint>'s names (uint32_t, int64_t, ...) that the tokens use and do not
// declare themselves: nvcc's host headers declare them without an #include, NVRTC does not (and
// the interpreter knows them as it knows int).
std::string fixed_width_typedefs(const std::vector<Token>& tokens);

// A preprocessed program's text for NVRTC: the system headers it included (the toolkit's
// <cooperative_groups.h>), the fixed-width typedefs it needs, then its tokens.
std::string print_program(const SourceSet& files, const Preprocessed& pre, std::vector<TokenEdit> edits = {});

// The edits that leave out what only the host has (Program::host_decls: host functions'
// prototypes, which NVRTC refuses), added to `edits`.
void drop_host_decls(const Program& program, std::vector<TokenEdit>* edits);

}  // namespace scanscope::cuda
