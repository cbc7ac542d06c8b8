// Source positions and errors of kernel programs.
#include "engine/cuda/source.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace scanscope::cuda {

std::string SourceSet::where(const Pos& p) const {
  if (p.file < 0 || p.file >= static_cast<int>(files.size())) return "<command line>";
  return files[p.file].path + ":" + std::to_string(p.line) + ":" + std::to_string(p.col);
}

void fail_at(const SourceSet& files, Pos pos, const std::string& message) {
  throw CudaError(files.where(pos) + ": " + message, pos, message);
}

bool read_source_file(const std::string& path, std::string* text, std::string* why) {
  constexpr long long kMaxBytes = 1 << 20;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    *why = "no such file";
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    *why = "not a regular file";
    return false;
  }
  if (st.st_size > kMaxBytes) {
    *why = std::to_string(st.st_size) + " bytes, more than the 1 MiB a kernel file may have";
    return false;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *why = "cannot be read";
    return false;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  *text = ss.str();
  if (static_cast<long long>(text->size()) > kMaxBytes) {
    *why = "larger than the 1 MiB a kernel file may have";
    return false;
  }
  return true;
}

}  // namespace scanscope::cuda
