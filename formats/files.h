// Reading and writing what a path names, and nothing else. Every file scanscope reads or writes
// goes through here: inputs are read only from regular files and only up to a limit (checked
// before reading), outputs are written where the path points (a symlink's target, a device, a
// FIFO, standard output for "-") and, for regular files, atomically with the original's mode.
// Errors are std::runtime_error "PATH: what went wrong" (one line, for the user).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace scanscope {

// A file given as input that scanscope cannot use: missing, not a regular file, too large, or (from
// the readers) malformed. The command line exits 2 for it, as for any bad value.
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The whole of a regular file of at most max_bytes. A FIFO, a device, a directory or a file that is
// too large is refused before anything is read ("what" names it in the message: "a trace").
std::string read_text_file(const std::string& path, long long max_bytes, const char* what);

// Writes contents to what `path` names:
//   "-"                       standard output (an error writing it is reported)
//   a device, FIFO or socket  opened and written directly (/dev/null, /dev/stdout, a pipe)
//   a symlink                 its final target, by the rules here
//   a regular file (or none)  atomically: a temporary file in the same folder, written, flushed to
//                             disk, given the original's permissions (a new file: 0666 less the
//                             umask), then renamed over the target; the temporary file is removed
//                             on every error and when the program is stopped by SIGINT or SIGTERM.
void write_output(const std::string& path, const std::string& contents);

// Checks, before any work, that `path` can be written by write_output: not empty, not a folder,
// its folder exists and is writable, and it is none of `inputs` (the same file by device and inode,
// through links too). `what` names the option in the message ("--json"). Throws UsageError.
void check_output_path(const std::string& path, const char* what, const std::vector<std::string>& inputs = {});

// Flushes standard output and reports an error in writing it ("cannot write standard output:
// No space left on device"); true when all of it was written. Call before exiting.
bool flush_stdout(std::string* why);

}  // namespace scanscope
