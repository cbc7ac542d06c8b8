// Data lookup (see assets.h).
#include "engine/assets.h"
#include "engine/kernel_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace scanscope {

namespace {

bool is_dir(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// "/a/b/c" -> "/a/b"; "/a" -> "/"; "/" -> "".
std::string parent_of(const std::string& path) {
  if (path.empty() || path == "/") return "";
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  const size_t slash = p.find_last_of('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : p.substr(0, slash);
}

std::string join(const std::string& dir, const std::string& name) { return dir == "/" ? "/" + name : dir + "/" + name; }

}  // namespace

std::string executable_path() {
  std::vector<char> buf(4096);
  const ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0 || static_cast<size_t>(n) >= buf.size() - 1) return "";
  return std::string(buf.data(), static_cast<size_t>(n));
}

std::string find_data_dir(const std::string& exe_path) {
  const std::string exe_dir = parent_of(exe_path);
  std::string dir = parent_of(exe_dir);
  const std::string expected = dir.empty() ? "share/scanscope" : join(dir, "share/scanscope");
  for (int level = 0; level < kDataSearchLevels && !dir.empty(); ++level, dir = parent_of(dir)) {
    const std::string candidate = join(dir, "share/scanscope");
    if (is_dir(candidate + "/kernels")) return candidate;
  }
  return expected;
}

std::string data_dir() {
  static const std::string dir = find_data_dir(executable_path());
  return dir;
}

std::string asset_dir() {
  if (const char* env = std::getenv("SCANSCOPE_ASSETS"); env && *env) return env;
  return data_dir() + "/assets";
}

std::vector<std::string> program_data_files() {
  std::vector<std::string> out;
  for (const std::string& root : {kernel_dir(), asset_dir()}) {
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(root, std::filesystem::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end && static_cast<int>(out.size()) < kMaxDataFiles; it.increment(ec))
      if (it->is_regular_file(ec)) out.push_back(it->path().string());
  }
  return out;
}

}  // namespace scanscope
