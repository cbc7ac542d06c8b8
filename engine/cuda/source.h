// Source files of a kernel program and positions in them. Every token, AST node and recorded
// access carries a Pos, and every error names one: "kernels/scan/scan-blelloch.cu:42:13: ...".
#pragma once

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace scanscope::cuda {

struct Pos {
  int file = -1;  // index into SourceSet::files; -1: no position (host-generated)
  int line = 0;   // 1-based
  int col = 0;    // 1-based
  bool operator==(const Pos& o) const { return file == o.file && line == o.line && col == o.col; }
  bool operator<(const Pos& o) const {
    if (file != o.file) return file < o.file;
    if (line != o.line) return line < o.line;
    return col < o.col;
  }
};

// A range of source text (an expression, a statement), for highlighting.
struct Span {
  Pos begin, end;  // end: the position just after the last character (same file)
};

struct SourceFile {
  std::string path;  // as shown to users (relative to the project for catalogue files)
  std::string text;
};

// Reads a file's text; throws CudaError naming the include site when it cannot.
using FileReader = std::function<bool(const std::string& path, std::string* text, std::string* why)>;

// The files one program was built from, in the order they were first included.
struct SourceSet {
  std::vector<SourceFile> files;
  int add(const std::string& path, std::string text) {
    files.push_back({path, std::move(text)});
    return static_cast<int>(files.size()) - 1;
  }
  std::string where(const Pos& p) const;  // "file:line:col" (or "<command line>")
};

// An error's text at a readable length: the middle of a very long one (a quoted identifier of
// 500 KB) is left out, its start (the position) and its end kept.
std::string error_text(const std::string& text);

// Anything wrong with a kernel program, at compile or at run time: what() is one line,
// "FILE:LINE:COL: message"; pos/file name the place for the code view.
struct CudaError : std::runtime_error {
  CudaError(const std::string& what, Pos p, const std::string& message_only)
      : std::runtime_error(error_text(what)), pos(p), message(error_text(message_only)) {}
  Pos pos;
  std::string message;  // without the position
  bool fault = false;   // raised while the kernel ran (a fault of the kernel), not while reading it
  int tid = -1;         // a fault's thread in its block (-1: none)
};

// Builds the error for `pos` in `files`.
[[noreturn]] void fail_at(const SourceSet& files, Pos pos, const std::string& message);

// The default reader: regular files only, at most kMaxSourceBytes (limits.h).
bool read_source_file(const std::string& path, std::string* text, std::string* why);
// Why a text of `bytes` bytes is not read: "N bytes, more than the 1 MiB a kernel file may have".
std::string source_too_large(long long bytes);

}  // namespace scanscope::cuda
