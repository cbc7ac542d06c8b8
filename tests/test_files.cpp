// Reading and writing what a path names (formats/files.h): nothing else touched, nothing lost.
#include <gtest/gtest.h>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <functional>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "formats/files.h"
#include "formats/json_reader.h"

namespace scanscope {
namespace {

// A fresh folder per test.
std::string scratch(const std::string& name) {
  std::string dir = ::testing::TempDir() + "/scanscope_files_" + name + "_" + std::to_string(::getpid());
  std::string cmd = "rm -rf '" + dir + "' && mkdir -p '" + dir + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  return dir;
}

std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") out.push_back(e->d_name);
    closedir(d);
  }
  return out;
}

std::string contents_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(Files, RegularFilesAreReplacedWholeAndKeepTheirMode) {
  std::string dir = scratch("mode");
  std::string path = dir + "/t.json";
  write_output(path, "old");
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  write_output(path, "new contents");
  EXPECT_EQ(contents_of(path), "new contents");
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(entries(dir).size(), 1u) << "no temporary file left";
}

TEST(Files, ANewFileGetsTheUsualMode) {
  std::string dir = scratch("newmode");
  mode_t old = ::umask(022);
  write_output(dir + "/n.json", "x");
  ::umask(old);
  struct stat st {};
  ASSERT_EQ(::stat((dir + "/n.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST(Files, ASymlinkIsFollowedToItsTarget) {
  std::string dir = scratch("link");
  write_output(dir + "/target.json", "old");
  ASSERT_EQ(::symlink("target.json", (dir + "/link.json").c_str()), 0);
  write_output(dir + "/link.json", "through the link");
  struct stat st {};
  ASSERT_EQ(::lstat((dir + "/link.json").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the link itself stays a link";
  EXPECT_EQ(contents_of(dir + "/target.json"), "through the link");
  // A dangling link names the file to create.
  ASSERT_EQ(::symlink("later.json", (dir + "/dangling.json").c_str()), 0);
  write_output(dir + "/dangling.json", "created");
  EXPECT_EQ(contents_of(dir + "/later.json"), "created");
}

TEST(Files, DevicesAreWrittenNotReplaced) {
  write_output("/dev/null", "discarded");
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  // A full disk is an error, not a silent success.
  EXPECT_NE(error_of([] { write_output("/dev/full", "x"); }).find("No space left on device"), std::string::npos);
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(Files, AFifoWithoutReaderIsAnErrorNotAHang) {
  std::string dir = scratch("fifo");
  std::string fifo = dir + "/f.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(error_of([&] { write_output(fifo, "x"); }).find("a FIFO with no reader"), std::string::npos);
  EXPECT_NE(error_of([&] { read_text_file(fifo, 1 << 20, "a trace"); }).find("not a regular file"), std::string::npos);
}

TEST(Files, LongFileNamesWork) {
  std::string dir = scratch("long");
  std::string name(250, 'a');
  write_output(dir + "/" + name + ".json", "x");  // 255 characters: the longest a name may be
  EXPECT_EQ(contents_of(dir + "/" + name + ".json"), "x");
}

TEST(Files, FolderAndMissingFolderAreClearErrors) {
  std::string dir = scratch("folders");
  EXPECT_NE(error_of([&] { write_output(dir, "x"); }).find("is a folder"), std::string::npos);
  EXPECT_NE(error_of([&] { write_output(dir + "/no/such/x.json", "x"); }).find("cannot write in"), std::string::npos);
  EXPECT_NE(error_of([&] { read_text_file(dir, 100, "a lesson"); }).find("a folder, not a lesson"), std::string::npos);
  EXPECT_NE(error_of([&] { read_text_file(dir + "/missing.json", 100, "a trace"); }).find("cannot open for reading"), std::string::npos);
}

TEST(Files, ReadingStopsAtTheLimitBeforeReading) {
  std::string dir = scratch("limit");
  write_output(dir + "/big.json", std::string(5000, 'x'));
  EXPECT_NE(error_of([&] { read_text_file(dir + "/big.json", 4096, "a trace"); }).find("5000 bytes, larger than the 4 KiB a trace may be"),
            std::string::npos);
  // /dev/zero never ends: refused before a byte is read.
  EXPECT_NE(error_of([] { read_text_file("/dev/zero", 1 << 20, "a lesson"); }).find("not a regular file"), std::string::npos);
}

TEST(Files, OutputPathsAreCheckedBeforeTheWork) {
  std::string dir = scratch("check");
  write_output(dir + "/in.json", "x");
  ASSERT_EQ(::symlink("in.json", (dir + "/alias.json").c_str()), 0);
  EXPECT_NE(error_of([&] { check_output_path(dir + "/in.json", "--screenshot", {dir + "/in.json"}); }).find("is also an input"), std::string::npos);
  EXPECT_NE(error_of([&] { check_output_path(dir + "/alias.json", "--json", {dir + "/in.json"}); }).find("is also an input"), std::string::npos);
  EXPECT_NE(error_of([&] { check_output_path("", "--json"); }).find("an empty path"), std::string::npos);
  EXPECT_NE(error_of([&] { check_output_path(dir + "/nodir/x.json", "--json"); }).find("no folder"), std::string::npos);
  EXPECT_THROW(check_output_path(dir, "--json"), UsageError);
  EXPECT_NO_THROW(check_output_path(dir + "/out.json", "--json", {dir + "/in.json"}));
  EXPECT_NO_THROW(check_output_path("-", "--json"));
  EXPECT_NO_THROW(check_output_path("/dev/null", "--json"));
}

// The size of the file that process `pid` has open for writing in `dir` (its temporary file, named
// or not), or -1 while it has none there. /proc/PID/fd/N names an unnamed (O_TMPFILE) file as
// "DIR/#INODE (deleted)"; stat() through the link reads its size as the write goes on.
long long size_being_written(pid_t pid, const std::string& dir) {
  std::string fds = "/proc/" + std::to_string(pid) + "/fd";
  long long size = -1;
  for (const std::string& fd : entries(fds)) {
    std::string link = fds + "/" + fd;
    char target[4096];
    ssize_t k = ::readlink(link.c_str(), target, sizeof target - 1);
    struct stat st {};
    if (k <= 0 || std::string(target, k).rfind(dir + "/", 0) != 0 || ::stat(link.c_str(), &st) != 0) continue;
    if (S_ISREG(st.st_mode) && st.st_size > size) size = st.st_size;
  }
  return size;
}

// A writer stopped in the middle leaves the old file whole and no temporary file: by SIGTERM
// (the temporary file is removed) and by SIGKILL (it never had a name while it was written).
// "In the middle" is seen, not timed: the signal goes once the temporary file holds some but not
// all of the bytes, looked for every millisecond (a hang would be ctest's timeout).
void stop_writer_mid_write(int sig) {
  std::string dir = scratch("killed" + std::to_string(sig));
  std::string path = dir + "/t.json";
  write_output(path, "old contents");
  const long long total = 1536ll << 20;
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::string big(static_cast<size_t>(total), 'x');
    ::kill(::getpid(), SIGSTOP);  // the parent lets it go on just before the write
    write_output(path, big);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, WUNTRACED), pid);
  ASSERT_TRUE(WIFSTOPPED(status));
  ::kill(pid, SIGCONT);
  char real[PATH_MAX];
  ASSERT_NE(::realpath(dir.c_str(), real), nullptr);
  long long seen = -1;
  pid_t ended = 0;
  while ((seen = size_being_written(pid, real)) <= 0 && (ended = ::waitpid(pid, &status, WNOHANG)) == 0) ::usleep(1000);
  ASSERT_EQ(ended, 0) << "the writer ended before its temporary file was seen";
  ::kill(pid, sig);
  EXPECT_LT(seen, total);
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the writer finished before it could be stopped";
  EXPECT_EQ(contents_of(path), "old contents");
  EXPECT_EQ(entries(dir), std::vector<std::string>{"t.json"});
}

TEST(Files, AWriterKilledMidWriteLeavesTheOldFileAndNoTemporary) { stop_writer_mid_write(SIGKILL); }
TEST(Files, AWriterTerminatedMidWriteLeavesTheOldFileAndNoTemporary) { stop_writer_mid_write(SIGTERM); }

TEST(JsonShape, BombsAreRefusedWhileReading) {
  JsonReader rd("bomb.json");
  EXPECT_NE(error_of([&] { rd.parse(std::string(100000, '[') + std::string(100000, ']')); }).find("nested more than 16 deep"), std::string::npos);
  std::string objects = "[";
  for (int i = 0; i < 100000; ++i) objects += i ? ",{}" : "{}";
  objects += "]";
  EXPECT_NE(error_of([&] { rd.parse(objects); }).find("more than one object or array per 8 bytes"), std::string::npos);
  EXPECT_NO_THROW(rd.parse("{\"a\": [1, 2, 3], \"b\": {\"c\": \"d\"}}"));
}

TEST(JsonShape, StringsAreBoundedAndPrintable) {
  JsonReader rd("s.json");
  auto j = rd.parse("{\"kernel\": \"\\u001b]0;pwned\\u0007\", \"long\": \"" + std::string(2000, 'x') + "\", \"text\": \"a\\nb\"}");
  EXPECT_NE(error_of([&] { rd.string(j, "kernel", ""); }).find("contains a control character (code 27)"), std::string::npos);
  EXPECT_NE(error_of([&] { rd.string(j, "long", ""); }).find("2000 characters, more than 1024"), std::string::npos);
  EXPECT_EQ(rd.string(j, "text", "", 1 << 20), "a\nb");
  EXPECT_THROW(rd.string(j, "text", ""), FileError);
}

}  // namespace
}  // namespace scanscope
