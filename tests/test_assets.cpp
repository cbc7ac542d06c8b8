// Where the program finds its data: the nearest share/scanscope above its executable (installed:
// <prefix>/bin beside <prefix>/share/scanscope; the build tree mirrors that), SCANSCOPE_ASSETS over
// its assets/ (the lessons, exercises and recordings); never a path of the source tree.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/assets.h"
#include "engine/kernel_file.h"

using namespace scanscope;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the test's temporary folder.
fs::path scratch(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("scanscope-assets-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void make_data(const fs::path& share) { fs::create_directories(share / "scanscope" / "kernels"); }

}  // namespace

TEST(DataLookup, InstalledPrefixBinBesideShare) {
  const fs::path p = scratch("prefix");
  make_data(p / "share");
  fs::create_directories(p / "bin");
  EXPECT_EQ(find_data_dir((p / "bin" / "scanscope").string()), (p / "share" / "scanscope").string());
  fs::remove_all(p);
}

TEST(DataLookup, BuildTreeBinariesInDeeperFolders) {
  // build/app/scanscope and build/tests/window/scanscope_window_tests both find build/share.
  const fs::path b = scratch("build");
  make_data(b / "share");
  EXPECT_EQ(find_data_dir((b / "app" / "scanscope").string()), (b / "share" / "scanscope").string());
  EXPECT_EQ(find_data_dir((b / "tests" / "window" / "x").string()), (b / "share" / "scanscope").string());
  EXPECT_EQ(find_data_dir((b / "tests" / "engine" / "cuda" / "x").string()), (b / "share" / "scanscope").string());
  fs::remove_all(b);
}

TEST(DataLookup, TheNearestShareWins) {
  const fs::path p = scratch("nearest");
  make_data(p / "share");
  make_data(p / "opt" / "share");
  EXPECT_EQ(find_data_dir((p / "opt" / "bin" / "scanscope").string()), (p / "opt" / "share" / "scanscope").string());
  fs::remove_all(p);
}

TEST(DataLookup, AShareWithoutKernelsIsNotTheData) {
  const fs::path p = scratch("nokernels");
  fs::create_directories(p / "share" / "scanscope" / "lessons");  // e.g. a partial copy
  // p/share/scanscope has no kernels/: not taken. The search goes on upwards and finds nothing,
  // so the answer is where the data was expected.
  EXPECT_EQ(find_data_dir((p / "bin" / "scanscope").string()), (p / "share" / "scanscope").string());
  fs::remove_all(p);
}

TEST(DataLookup, NoDataNamesWhereItWasExpected) {
  const fs::path p = scratch("none");
  const fs::path deep = p / "a" / "b" / "c" / "d" / "e";
  fs::create_directories(deep / "bin");
  make_data(p / "share");  // more than kDataSearchLevels above the binary's folder: not searched
  EXPECT_EQ(find_data_dir((deep / "bin" / "scanscope").string()), (deep / "share" / "scanscope").string());
  fs::remove_all(p);
}

TEST(DataLookup, ThisTestFindsTheBuildTreesDataWithTheKernels) {
  // The test binary sits in the build tree: it finds build/share/scanscope, whose kernels/ and
  // assets/ are the source tree's (links), and shown paths are relative to it, as in the source tree.
  const std::string exe = executable_path();
  ASSERT_FALSE(exe.empty());
  EXPECT_EQ(data_dir(), find_data_dir(exe));
  EXPECT_EQ(data_dir().substr(data_dir().size() - std::string("/share/scanscope").size()), "/share/scanscope");
  EXPECT_TRUE(fs::exists(kernel_dir() + "/scan/scan-blelloch.cu")) << kernel_dir();
  const KernelFile* k = find_kernel_file("scan-blelloch");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->display, "kernels/scan/scan-blelloch.cu");
  EXPECT_TRUE(fs::exists(asset_dir() + "/lessons/06-padding.lesson")) << asset_dir();
}

TEST(DataLookup, ScanscopeAssetsReplacesTheLessonsFolderOnly) {
  const char* before = std::getenv("SCANSCOPE_ASSETS");
  const std::string saved = before ? before : "";
  setenv("SCANSCOPE_ASSETS", "/somewhere/assets", 1);
  EXPECT_EQ(asset_dir(), "/somewhere/assets");
  EXPECT_EQ(kernel_dir(), data_dir() + "/kernels");  // the kernels stay (SCANSCOPE_KERNEL_DIR moves those)
  setenv("SCANSCOPE_ASSETS", "", 1);
  EXPECT_EQ(asset_dir(), data_dir() + "/assets");  // empty: not set
  if (before) setenv("SCANSCOPE_ASSETS", saved.c_str(), 1);
  else unsetenv("SCANSCOPE_ASSETS");
}
