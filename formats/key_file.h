// The plain-text layout lessons and exercises share: "key: value" lines, '#' comment lines, an
// indented line continuing the previous value, a head of file keys, then blocks each started by a
// block key ("step:", "run:") whose value is the block's title. Also the keys of a trace request
// (n, threads, banks, ..., define) that lesson steps and exercise runs both take.
#pragma once

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/catalogue.h"

namespace scanscope {

// A lesson or an exercise is a few kilobytes of text; these bounds keep a mistaken or hostile file
// cheap: the file's size, and one value (a step's text: what a panel can show).
constexpr long long kMaxKeyFileBytes = 256 << 10;
constexpr size_t kMaxKeyValue = 4000;

// A problem at a line; the caller names its file and turns it into its own error type.
struct KeyFileError : std::runtime_error {
  KeyFileError(int l, const std::string& what) : std::runtime_error(what), line(l) {}
  int line;
};

struct KeyEntry {
  int line = 0;
  std::string value;
  // Where each continuation line's text starts in value, and its line: line_at(offset) finds the
  // line a part of a long value was written on.
  std::vector<std::pair<size_t, int>> continued;
  int line_at(size_t offset) const {
    int l = line;
    for (const auto& [from, at] : continued)
      if (offset >= from) l = at;
    return l;
  }
};
using KeyMap = std::map<std::string, KeyEntry>;

struct KeyBlock {
  int line = 0;  // of its block key
  std::string title;
  KeyMap keys;
  std::vector<KeyEntry> repeated;  // the values of the syntax's repeatable key, in order
};

struct KeyFile {
  KeyMap head;
  std::vector<KeyBlock> blocks;
  int lines = 0;
};

struct KeyFileSyntax {
  std::string kind;   // "lesson", "exercise" (in messages)
  std::string block;  // "step", "run"
  std::set<std::string> head_keys, block_keys;
  std::string repeatable;  // a block key that may be given more than once ("check"), or ""
};

// Reads the layout; throws KeyFileError for an unknown or repeated key, a line that is not
// "key: value", a block without a title, a control character (a NUL byte among them), a value
// over kMaxKeyValue characters or a text over kMaxKeyFileBytes. A UTF-8 byte-order mark and
// Windows line ends are accepted.
KeyFile read_key_file(const std::string& text, const KeyFileSyntax& syntax);

std::string trim_blanks(const std::string& s);
std::string join_names(const std::set<std::string>& names);

// A file of the layout, for `what` ("a lesson"): its text, at most kMaxKeyFileBytes; throws
// KeyFileError at line 0 ("not a regular file", ...) when it cannot be read.
std::string read_key_file_text(const std::string& path, const char* what);
// The files in `dir` whose names end in `ext` (".lesson"), as dir/name, sorted by name; throws
// UsageError "no WHAT folder at DIR" when the folder cannot be read.
std::vector<std::string> files_in_folder(const std::string& dir, const std::string& ext, const std::string& what);

// A whole number within [lo, hi]; throws KeyFileError naming the key.
long long key_integer(int line, const std::string& key, const std::string& value, long long lo, long long hi);

// The trace-request keys: n threads banks warp-issue pad op type scan input seed bits define.
const std::vector<std::string>& request_keys();
// Sets the request's options from those keys of `keys` (the others are left alone); throws
// KeyFileError naming the line of the key at fault.
void read_request_keys(const KeyMap& keys, TraceRequest& r);

}  // namespace scanscope
