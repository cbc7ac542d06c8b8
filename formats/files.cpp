// Reading and writing what a path names (files.h).
#include "formats/files.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <mutex>
#include <stdexcept>

#include "engine/catalogue.h"  // UsageError

namespace scanscope {
namespace {

std::string errno_text(int e) { return std::strerror(e); }

[[noreturn]] void fail(const std::string& path, const std::string& what) { throw std::runtime_error(path + ": " + what); }
[[noreturn]] void fail_input(const std::string& path, const std::string& what) { throw FileError(path + ": " + what); }

// ---- Temporary files removed when a signal stops the program mid-write. The handler may only use
// async-signal-safe calls, so the names live in fixed buffers.
constexpr int kMaxPending = 8;
char g_pending[kMaxPending][4096];
volatile sig_atomic_t g_pending_used[kMaxPending];

extern "C" void remove_pending_and_reraise(int sig) {
  for (int i = 0; i < kMaxPending; ++i)
    if (g_pending_used[i]) ::unlink(g_pending[i]);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

std::mutex g_pending_mu;

// Once, where the signals still have their default action (the window's own handlers stay).
void install_cleanup_handler() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_DFL) ::signal(sig, remove_pending_and_reraise);
    }
  });
}

int add_pending(const std::string& path) {
  install_cleanup_handler();
  std::lock_guard<std::mutex> lock(g_pending_mu);
  if (path.size() >= sizeof g_pending[0]) return -1;
  for (int i = 0; i < kMaxPending; ++i)
    if (!g_pending_used[i]) {
      std::memcpy(g_pending[i], path.c_str(), path.size() + 1);
      g_pending_used[i] = 1;
      return i;
    }
  return -1;
}

void drop_pending(int slot) {
  if (slot < 0) return;
  std::lock_guard<std::mutex> lock(g_pending_mu);
  g_pending_used[slot] = 0;
}

// Writes all of contents to fd; false with errno set when it could not.
bool write_all(int fd, const std::string& contents) {
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    ssize_t k = ::write(fd, p, left);
    if (k < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += k;
    left -= static_cast<size_t>(k);
  }
  return true;
}

std::string folder_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// A link's target, followed to the end (a relative target is relative to the link's folder). The
// result may not exist yet (a dangling link names the file to create).
std::string follow_links(std::string path) {
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    std::string target(4096, '\0');
    ssize_t k = ::readlink(path.c_str(), target.data(), target.size());
    if (k < 0 || static_cast<size_t>(k) >= target.size()) fail(path, "cannot read the link");
    target.resize(static_cast<size_t>(k));
    path = target[0] == '/' ? target : folder_of(path) + "/" + target;
  }
  fail(path, "too many levels of symbolic links");
}

// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the file descriptor they stand for (a
// shell's redirection, which writing through the path would reopen and truncate), or -1.
int standard_descriptor(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const size_t len = std::strlen(prefix);
    if (path.compare(0, len, prefix) == 0 && path.size() > len && path.size() < len + 6 &&
        path.find_first_not_of("0123456789", len) == std::string::npos)
      return std::atoi(path.c_str() + len);
  }
  return -1;
}

mode_t default_mode() {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

void write_descriptor(const std::string& path, int fd, const std::string& contents) {
  std::cout.flush();
  std::fflush(stdout);
  if (!write_all(fd, contents)) fail(path == "-" ? "standard output" : path, "cannot write (" + errno_text(errno) + ")");
}

void write_special(const std::string& path, const std::string& contents) {
  // O_NONBLOCK: a FIFO nobody reads is an error, not a hang.
  int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail(path, errno == ENXIO ? "a FIFO with no reader" : "cannot open for writing (" + errno_text(errno) + ")");
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  bool ok = write_all(fd, contents);
  int e = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    e = errno;
  }
  if (!ok) fail(path, "cannot write (" + errno_text(e) + ")");
}

// The temporary file is unnamed while it is written (O_TMPFILE), so a writer killed even by
// SIGKILL leaves nothing behind; it gets a name in the target's folder only for the rename. Where
// the file system has no O_TMPFILE, a named temporary file (mkstemp) is used throughout.
int open_unnamed(const std::string& dir) {
#ifdef O_TMPFILE
  return ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
#else
  (void)dir;
  errno = EOPNOTSUPP;
  return -1;
#endif
}

// Gives the unnamed file fd a fresh name ".scanscope-XXXXXX" in dir.
bool name_unnamed(int fd, const std::string& dir, std::string* name) {
  const std::string proc = "/proc/self/fd/" + std::to_string(fd);
  static const char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  unsigned seed = static_cast<unsigned>(::getpid()) * 2654435761u ^ static_cast<unsigned>(reinterpret_cast<uintptr_t>(name));
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string candidate = dir + "/.scanscope-";
    for (int k = 0; k < 6; ++k) {
      seed = seed * 1103515245u + 12345u + static_cast<unsigned>(attempt);
      candidate += kChars[(seed >> 16) % 36];
    }
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, candidate.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      *name = candidate;
      return true;
    }
    if (errno != EEXIST) return false;
  }
  return false;
}

void write_regular(const std::string& path, const std::string& contents, const struct stat* existing) {
  const std::string dir = folder_of(path);
  std::string tmp;
  int fd = open_unnamed(dir);
  const bool unnamed = fd >= 0;
  if (!unnamed) {
    tmp = dir + "/.scanscope-XXXXXX";
    fd = ::mkstemp(tmp.data());
    if (fd < 0) fail(path, "cannot write in " + dir + " (" + errno_text(errno) + ")");
  }
  int slot = unnamed ? -1 : add_pending(tmp);
  auto give_up = [&](const std::string& what, int e) {
    ::close(fd);
    if (!tmp.empty()) ::unlink(tmp.c_str());
    drop_pending(slot);
    fail(path, what + " (" + errno_text(e) + ")");
  };
  if (!write_all(fd, contents)) give_up("cannot write", errno);
  if (::fsync(fd) != 0) give_up("cannot write", errno);
  const mode_t mode = existing ? (existing->st_mode & 07777) : default_mode();
  if (::fchmod(fd, mode) != 0) give_up("cannot set the permissions", errno);
  if (existing && (existing->st_uid != ::geteuid() || existing->st_gid != ::getegid()))
    (void)!::fchown(fd, existing->st_uid, existing->st_gid);  // keeps the owner where we may (root)
  if (unnamed) {
    install_cleanup_handler();  // before the file has a name
    if (!name_unnamed(fd, dir, &tmp)) give_up("cannot name the new file", errno);
    slot = add_pending(tmp);
  }
  if (::close(fd) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    drop_pending(slot);
    fail(path, "cannot write (" + errno_text(e) + ")");
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    drop_pending(slot);
    fail(path, "cannot replace the file (" + errno_text(e) + ")");
  }
  drop_pending(slot);
}

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

}  // namespace

std::string read_text_file(const std::string& path, long long max_bytes, const char* what) {
  if (path.empty()) throw FileError(std::string("no file named (an empty path) for ") + what);
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail_input(path, "cannot open for reading (" + errno_text(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    fail_input(path, "cannot read");
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    fail_input(path, S_ISDIR(st.st_mode) ? std::string("a folder, not ") + what : std::string("not a regular file (a device, FIFO or socket), not ") + what);
  }
  auto mib = [](long long bytes) { return bytes >= (1 << 20) ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes >> 10) + " KiB"; };
  if (st.st_size > max_bytes) {
    ::close(fd);
    fail_input(path, std::to_string(st.st_size) + " bytes, larger than the " + mib(max_bytes) + " " + what + " may be");
  }
  // Read to the end, whatever the size said: a file that grows meanwhile, or one of /proc whose size
  // reads 0, is read as it is, up to max_bytes (one byte more is the error).
  std::string text;
  text.resize(static_cast<size_t>(st.st_size) + 4096);
  size_t got = 0;
  for (;;) {
    if (got == text.size()) text.resize(std::min<size_t>(text.size() * 2, static_cast<size_t>(max_bytes) + 1));
    if (got == text.size()) break;  // max_bytes + 1 read
    ssize_t k = ::read(fd, text.data() + got, text.size() - got);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      int e = errno;
      ::close(fd);
      fail_input(path, "read failed (" + errno_text(e) + ")");
    }
    if (k == 0) break;  // the end (a file that shrank while we read: what is there)
    got += static_cast<size_t>(k);
  }
  ::close(fd);
  if (static_cast<long long>(got) > max_bytes) fail_input(path, "more than the " + mib(max_bytes) + " " + what + " may be");
  text.resize(got);
  return text;
}

void write_output(const std::string& path, const std::string& contents) {
  if (path.empty()) throw std::runtime_error("no output file named (an empty path)");
  int fd = standard_descriptor(path);
  if (fd >= 0) return write_descriptor(path, fd, contents);
  const std::string target = follow_links(path);
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) fail(path, "is a folder");
    if (!S_ISREG(st.st_mode)) return write_special(target, contents);
    return write_regular(target, contents, &st);
  }
  write_regular(target, contents, nullptr);
}

void check_output_path(const std::string& path, const char* what, const std::vector<std::string>& inputs) {
  if (path.empty()) throw UsageError(std::string(what) + ": an empty path (name a file, or - for standard output)");
  if (standard_descriptor(path) >= 0) return;
  std::string target;
  try {
    target = follow_links(path);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(what) + " " + e.what());
  }
  struct stat st {};
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) throw UsageError(std::string(what) + " " + path + ": is a folder, not a file");
  for (const std::string& in : inputs) {
    struct stat is {};
    if (exists && !in.empty() && ::stat(in.c_str(), &is) == 0 && same_file(st, is))
      throw UsageError(std::string(what) + " " + path + ": is also an input (" + in + "); name another file");
  }
  if (exists && !S_ISREG(st.st_mode)) return;  // a device or FIFO: written directly
  const std::string dir = folder_of(target);
  struct stat ds {};
  if (::stat(dir.c_str(), &ds) != 0 || !S_ISDIR(ds.st_mode))
    throw UsageError(std::string(what) + " " + path + ": no folder " + dir);
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw UsageError(std::string(what) + " " + path + ": the folder " + dir + " is not writable (" + errno_text(errno) + ")");
}

bool flush_stdout(std::string* why) {
  std::cout.flush();
  errno = 0;
  const bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good();
  if (!ok && why) *why = "cannot write standard output (" + (errno ? errno_text(errno) : std::string("write error")) + ")";
  return ok;
}

}  // namespace scanscope
