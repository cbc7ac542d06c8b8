// Parser of the CUDA C subset: tokens (after the preprocessor) to a typed syntax tree.
#pragma once

#include "engine/cuda/ast.h"
#include "engine/cuda/preprocessor.h"

namespace scanscope::cuda {

// Throws CudaError naming file:line:col and the construct for anything outside the subset.
// `launch_ids`: per launch line, the tokens of its template-id (`reduce4 < T , 256 >`, macros
// expanded), or none for a plain function: each is instantiated, and named in
// Program::launch_instances.
Program parse_program(const SourceSet& files, const Preprocessed& pp, const std::vector<std::vector<Token>>& launch_ids = {});

// Reads a `// step(PHASE): LABEL` comment (the text after the slashes; PHASE any phase but
// other, Phase::Other when not given); false if it is not one. Throws std::invalid_argument with
// a message for a malformed one (an unknown phase).
bool parse_step_comment(const std::string& comment, Phase* phase, std::string* label);

}  // namespace scanscope::cuda
