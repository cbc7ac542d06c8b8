// Kernel files (docs/kernel-files.md): their header lines, the catalogue of them under kernels/,
// and the host side of a launch line.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/cuda/bytecode.h"
#include "engine/cuda/preprocessor.h"
#include "engine/ops.h"
#include "engine/vocab.h"

namespace scanscope {

// A header value and where it stands (for messages and for the host's expressions).
struct HeaderValue {
  std::string value;
  int line = 0, col = 0;
};

// The `// key: value` lines of a kernel file.
struct KernelHeader {
  std::string title, from, about, note, launch, out, check, broken, reorders;
  // The global loads depend on the GPU's schedule (a look-back polls flags): why. Nsight Compute's
  // global-load counters are then not compared with the model's (validate says so).
  std::string schedule;
  std::vector<ValueType> types;  // empty: no types: line
  std::vector<Operator> ops;     // empty: no ops: line
  struct Require {
    std::string expr, message;
    int line = 0;
  };
  std::vector<Require> requires;
  int launch_line = 0, out_line = 0;
  int launch_col = 0, out_col = 0;  // column where the value starts
  // Every launch line, in order (launch, launch_line and launch_col are the first), and the global
  // arrays the file declares for them: `// array: NAME[COUNT]` (4-byte elements, unwritten until a launch
  // or an init: line sets them).
  std::vector<HeaderValue> launches;
  std::vector<HeaderValue> arrays;
  // What the host sets before the first launch: `// init: NAME = VALUE[, NAME = VALUE ...]` lines
  // (out and the arrays start unwritten without one: a read of an unwritten word is a fault).
  std::vector<HeaderValue> inits;
};

// Reads the header lines; throws cuda::CudaError for a malformed one (an unknown check, type or
// operator names the file and line).
KernelHeader parse_kernel_header(const std::string& text, const std::string& path);

struct KernelFile {
  std::string id;                      // the file stem
  std::optional<KernelFamily> family;  // the folder (none for a file given by path)
  std::string path;                    // on disk
  std::string display;                 // as shown (relative to the project for catalogue files)
  std::string text;                    // the file's text (or the edited text that replaces it)
  KernelHeader header;
  // Folders its #include may reach besides its own folder and kernel_dir() (TraceRequest::include_dirs).
  std::vector<std::string> include_dirs;
};

// Where the kernel files live: data_dir()/kernels (SCANSCOPE_KERNEL_DIR overrides).
std::string kernel_dir();
// What catalogue files' shown paths are relative to ("kernels/scan/scan-blelloch.cu"): data_dir().
std::string project_root();

// The catalogue: every .cu file under kernel_dir()'s family folders, in family order
// (kernel_families()) then by name. Files that cannot be read are skipped with a note in
// catalogue_problems(). Read once.
const std::vector<KernelFile>& kernel_files();
const std::vector<std::string>& catalogue_problems();
// By id; a former id (renamed_kernel_ids(), sources.h) finds the file it names now.
const KernelFile* find_kernel_file(const std::string& id);

// A file's path as a KernelFile holds it (absolute, normalized), and as it is shown (relative to
// the project for files inside it).
std::string kernel_file_path(const std::string& path);
std::string kernel_display_path(const std::string& disk_path);
// A kernel file given by path (--source), or edited text for it; throws UsageError.
KernelFile load_kernel_file(const std::string& path, const std::string* text = nullptr);
// Gives a kernel file new text (the window's edited text replacing the file's) and reads its
// header lines from it; throws cuda::CudaError for a malformed header line, UsageError when the
// text has no launch line.
void set_kernel_text(KernelFile& k, std::string text);

// The tokens of a header value, lexed as file `display` of `files` (added there) at the line and
// column where the value stands in the kernel file, so that every position, a lexer error's
// included, names its place in the kernel file.
std::vector<cuda::Token> header_tokens(cuda::SourceSet& files, const std::string& display, const HeaderValue& v);

// One build of a kernel file: preprocessed with a prelude, parsed, compiled.
struct KernelBuild {
  cuda::SourceSet files;
  cuda::Preprocessed pre;
  cuda::Compiled compiled;
  std::string prelude;
};

// The host's text before a kernel file: T, the operator, the option macros (#define lines).
std::string kernel_prelude(const KernelFile& file, ValueType type, Operator op, const std::string& defines);

// Builds (or takes from a cache) the program for `file` with the host text `prelude`.
// Throws cuda::CudaError for errors in the kernel text.
std::shared_ptr<const KernelBuild> build_kernel(const KernelFile& file, const std::string& prelude);

// The macros a file takes as options: those it defines under #ifndef NAME (cached per text).
std::set<std::string> option_macros(const KernelFile& file);

}  // namespace scanscope
