// The C preprocessor of kernel files: #define (object- and function-like), #undef, #include "x",
// #if/#ifdef/#ifndef/#elif/#else/#endif, #pragma (once; others ignored), #error.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/cuda/lexer.h"

namespace scanscope::cuda {

struct Macro {
  std::string name;
  bool function_like = false;
  std::vector<std::string> params;
  std::vector<Token> body;
  Pos pos;           // where it was defined (file -1: the host's definitions)
  bool guarded = false;  // defined inside `#ifndef NAME` ... (so the command line may override it)
};

// Where files come from: the display path shown to users ("kernels/scan/scan-blelloch.cu"), the
// path on disk, and text held in memory (an edited kernel) that replaces a file's.
struct SourceLocator {
  std::string project_root;                      // display paths are relative to it when inside it
  std::vector<std::string> include_dirs;         // searched after the including file's folder
  // Where a kernel file's #include may reach: files under these folders only (symlinks resolved),
  // never an absolute path. Empty: anywhere (the host's own text, the prelude, is never confined).
  std::vector<std::string> include_roots;
  std::map<std::string, std::string> overrides;  // path on disk -> text
  std::string display_path(const std::string& disk_path) const;
};

struct Preprocessed {
  std::vector<Token> tokens;                 // the program, directives removed, macros expanded
  std::map<int, LineComments> comments;      // per file index
  std::map<std::string, Macro> macros;       // as defined at the end
  int main_file = -1;                        // the file the host included (the kernel file)
  // System headers the program included, as written (`<cooperative_groups.h>`): the interpreter
  // knows what they declare; the GPU's text includes them again (the toolkit's own).
  std::vector<std::string> system_includes;
  bool cooperative_groups = false;           // <cooperative_groups.h> was included
};

// Runs the preprocessor over `prelude` (host text: #defines, then #include of the kernel file by
// its disk path). Files are added to `files` as they are included. Throws CudaError.
Preprocessed preprocess(SourceSet& files, const SourceLocator& where, const std::string& prelude, const std::string& main_disk_path);

// Expands macros in a token list (for the host side: launch lines, require:), with the macros a
// preprocessing run ended with. `budget`: the tokens expansions may still produce, shared by a
// series of calls (null: kMaxExpansion for this one).
std::vector<Token> expand_tokens(const SourceSet& files, const std::map<std::string, Macro>& macros, const std::vector<Token>& in,
                                 long long* budget = nullptr);

// Normalizes a path: collapses "." and ".." and repeated slashes.
std::string normalize_path(const std::string& path);

}  // namespace scanscope::cuda
