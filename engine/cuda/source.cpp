// Source positions and errors of kernel programs.
#include "engine/cuda/source.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include "engine/cuda/limits.h"

namespace scanscope::cuda {

std::string SourceSet::where(const Pos& p) const {
  if (p.file < 0 || p.file >= static_cast<int>(files.size())) return "<command line>";
  return files[p.file].path + ":" + std::to_string(p.line) + ":" + std::to_string(p.col);
}

std::string error_text(const std::string& text) {
  constexpr size_t kHead = 300, kTail = 200;
  if (text.size() <= kHead + kTail + 100) return text;
  return text.substr(0, kHead) + " ... (" + std::to_string(text.size() - kHead - kTail) + " characters left out) ... " +
         text.substr(text.size() - kTail);
}

void fail_at(const SourceSet& files, Pos pos, const std::string& message) {
  throw CudaError(files.where(pos) + ": " + message, pos, message);
}

bool read_source_file(const std::string& path, std::string* text, std::string* why) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    *why = "no such file";
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    *why = "not a regular file";
    return false;
  }
  if (st.st_size > kMaxSourceBytes) {
    *why = source_too_large(st.st_size);
    return false;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *why = "cannot be read";
    return false;
  }
  // At most one byte past the limit: a file whose size stat() does not tell (/proc) may be endless.
  // Read in blocks into a string of the size stat() tells (a buffer of the whole limit, zeroed for
  // each of the catalogue's files and includes, was most of every command's start-up).
  text->clear();
  text->reserve(static_cast<size_t>(st.st_size) + 1);
  char block[65536];
  while (static_cast<long long>(text->size()) <= kMaxSourceBytes) {
    const size_t want = std::min(sizeof block, static_cast<size_t>(kMaxSourceBytes) + 1 - text->size());
    f.read(block, static_cast<std::streamsize>(want));
    text->append(block, static_cast<size_t>(f.gcount()));
    if (f.gcount() == 0 || !f) break;
  }
  if (static_cast<long long>(text->size()) > kMaxSourceBytes) {
    *why = "larger than the 1 MiB a kernel file may have";
    return false;
  }
  return true;
}

std::string source_too_large(long long bytes) {
  return std::to_string(bytes) + " bytes, more than the 1 MiB a kernel file may have";
}

}  // namespace scanscope::cuda
