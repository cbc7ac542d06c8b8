// Where scanscope's data is (kernel files, lessons, exercises, recorded benchmarks and traces).
// The installed layout is <prefix>/bin/scanscope beside <prefix>/share/scanscope/{kernels,assets},
// the two folders as the source tree has them (assets/: lessons, exercises, bench, traces), so
// every file is named the same way in messages from either; the build tree mirrors it
// (build/share/scanscope links to the source tree's two folders). One rule finds the data in
// both: the nearest share/scanscope above the running executable. No path of the source tree is
// compiled in.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

// The data folder: the nearest share/scanscope (holding kernels/) above the running executable.
// When there is none, the place it is expected (<executable's folder>/../share/scanscope), so
// that messages name where to put it.
std::string data_dir();
// The lessons, exercises, bench and traces folders' parent: $SCANSCOPE_ASSETS when set, else
// data_dir()/assets.
std::string asset_dir();

// Every regular file of the program's own data (the kernels folder and asset_dir(): kernel files,
// lessons, exercises, recordings), at most kMaxDataFiles: what no output of the program may replace.
constexpr int kMaxDataFiles = 20000;
std::vector<std::string> program_data_files();

// The lookup behind data_dir(), for an executable at `exe_path` (absolute): its folder's parent,
// then that folder's ancestors, up to kDataSearchLevels of them, each checked for share/scanscope/kernels.
constexpr int kDataSearchLevels = 4;
std::string find_data_dir(const std::string& exe_path);
// The running executable (/proc/self/exe), "" when it cannot be read.
std::string executable_path();

}  // namespace scanscope
