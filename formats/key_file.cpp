// The key-value layout of lessons and exercises (key_file.h).
#include "formats/key_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <sstream>

#include "formats/files.h"

namespace scanscope {

std::string trim_blanks(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string join_names(const std::set<std::string>& names) {
  std::string out;
  for (const auto& x : names) out += (out.empty() ? "" : ", ") + x;
  return out;
}

std::string read_key_file_text(const std::string& path, const char* what) {
  try {
    return read_text_file(path, kMaxKeyFileBytes, what);
  } catch (const std::runtime_error& e) {  // "PATH: what went wrong"
    const std::string w = e.what();
    throw KeyFileError(0, w.compare(0, path.size() + 2, path + ": ") == 0 ? w.substr(path.size() + 2) : w);
  }
}

std::vector<std::string> files_in_folder(const std::string& dir, const std::string& ext, const std::string& what) {
  DIR* d = opendir(dir.c_str());
  if (!d) throw UsageError("no " + what + " folder at " + dir + " (set SCANSCOPE_ASSETS to the assets folder)");
  std::vector<std::string> files;
  while (dirent* e = readdir(d)) {
    const std::string n = e->d_name;
    if (n.size() > ext.size() && n.compare(n.size() - ext.size(), ext.size(), ext) == 0) files.push_back(dir + "/" + n);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  return files;
}

long long key_integer(int line, const std::string& key, const std::string& v, long long lo, long long hi) {
  char* end = nullptr;
  errno = 0;
  long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno == ERANGE) throw KeyFileError(line, key + ": '" + v + "' is not a whole number");
  if (x < lo || x > hi) throw KeyFileError(line, key + ": " + v + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

KeyFile read_key_file(const std::string& text, const KeyFileSyntax& syntax) {
  KeyFile f;
  if (static_cast<long long>(text.size()) > kMaxKeyFileBytes)
    throw KeyFileError(1, "larger than " + std::to_string(kMaxKeyFileBytes >> 10) + " KiB; not a " + syntax.kind + " file");
  auto bounded = [](int line, const std::string& key, const std::string& value) {
    if (value.size() > kMaxKeyValue) throw KeyFileError(line, "'" + key + "' is longer than " + std::to_string(kMaxKeyValue) + " characters");
  };
  std::istringstream in(text);
  std::string raw;
  int line = 0;
  KeyBlock* block = nullptr;
  KeyEntry* last = nullptr;  // the value a continuation line extends
  std::string last_key;
  while (std::getline(in, raw)) {
    ++line;
    if (line == 1 && raw.compare(0, 3, "\xEF\xBB\xBF") == 0) raw.erase(0, 3);  // a UTF-8 byte-order mark, as some editors write
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();                     // Windows line ends
    for (unsigned char ch : raw)
      if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
        throw KeyFileError(line, ch == 0 ? "contains a NUL byte; not a text file" : "contains a control character (code " + std::to_string(ch) + ")");
    std::string t = trim_blanks(raw);
    if (t.empty() || t[0] == '#') continue;
    if ((raw[0] == ' ' || raw[0] == '\t') && last) {
      last->value += " ";
      last->continued.emplace_back(last->value.size(), line);
      last->value += t;
      bounded(line, last_key, last->value);
      continue;
    }
    size_t colon = t.find(':');
    if (colon == std::string::npos) throw KeyFileError(line, "expected 'key: value', found '" + t.substr(0, 40) + "'");
    std::string key = trim_blanks(t.substr(0, colon)), value = trim_blanks(t.substr(colon + 1));
    bounded(line, key, value);
    last_key = key;
    if (key == syntax.block) {
      if (value.empty()) throw KeyFileError(line, syntax.block + ": needs a title");
      f.blocks.push_back(KeyBlock{line, value, {}, {}});
      block = &f.blocks.back();
      last = nullptr;
      continue;
    }
    if (!block) {
      if (!syntax.head_keys.count(key))
        throw KeyFileError(line, "unknown key '" + key + "' before the first " + syntax.block + " (known: " + join_names(syntax.head_keys) +
                                     ", " + syntax.block + ")");
      if (f.head.count(key)) throw KeyFileError(line, "'" + key + "' given twice");
      f.head[key] = {line, value, {}};
      last = &f.head[key];
      continue;
    }
    if (!syntax.block_keys.count(key))
      throw KeyFileError(line, "unknown key '" + key + "' in a " + syntax.block + " (known: " + join_names(syntax.block_keys) + ")");
    if (key == syntax.repeatable) {
      block->repeated.push_back({line, value, {}});
      last = &block->repeated.back();
      continue;
    }
    if (block->keys.count(key)) throw KeyFileError(line, "'" + key + "' given twice in one " + syntax.block);
    block->keys[key] = {line, value, {}};
    last = &block->keys[key];
  }
  f.lines = line;
  return f;
}

const std::vector<std::string>& request_keys() {
  static const std::vector<std::string> keys = {"n", "threads", "banks", "warp-issue", "pad", "op", "type",
                                                "scan", "input", "seed", "bits", "define"};
  return keys;
}

void read_request_keys(const KeyMap& kv, TraceRequest& r) {
  auto has = [&](const char* k) { return kv.count(k) > 0; };
  auto get = [&](const char* k) { return has(k) ? kv.at(k).value : std::string(); };
  auto line_of = [&](const char* k) { return has(k) ? kv.at(k).line : 0; };
  auto fail = [&](const char* k, const std::string& what) { throw KeyFileError(line_of(k), what); };
  if (has("type") && !parse_value_type(get("type"), &r.type))
    fail("type", "type: must be " + name_list(type_names(), ", ", " or ") + ", not '" + get("type") + "'");
  if (has("n")) r.n = static_cast<int>(key_integer(line_of("n"), "n", get("n"), 1, 1 << 20));
  if (has("threads")) r.threads = static_cast<int>(key_integer(line_of("threads"), "threads", get("threads"), 1, 1 << 20));
  if (has("banks")) r.banks = static_cast<int>(key_integer(line_of("banks"), "banks", get("banks"), 1, 64));
  r.warp_issue = r.banks == 16 ? 16 : 32;
  if (has("warp-issue")) r.warp_issue = static_cast<int>(key_integer(line_of("warp-issue"), "warp-issue", get("warp-issue"), 1, 64));
  if (has("pad") && !parse_pad(get("pad"), &r.pad)) fail("pad", "pad: must be none, harris or zero");
  if (has("op") && !parse_operator(get("op"), &r.op))
    fail("op", "op: must be " + name_list(operator_names(), ", ", " or ") + ", not '" + get("op") + "'");
  if (has("scan")) r.scan = get("scan");
  if (has("seed")) r.seed = static_cast<unsigned>(key_integer(line_of("seed"), "seed", get("seed"), 0, 4294967295LL));
  if (has("bits")) r.bits = static_cast<int>(key_integer(line_of("bits"), "bits", get("bits"), 1, 31));
  if (has("define")) {  // -D NAME=VALUE of the command line: "NAME=VALUE NAME2=VALUE2" (a bare NAME is NAME=1)
    std::string list = get("define");
    std::replace(list.begin(), list.end(), ',', ' ');
    std::stringstream ss(list);
    std::string item;
    while (ss >> item) {
      const size_t eq = item.find('=');
      const std::string name = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
      const bool ident = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                         std::all_of(name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
      if (!ident) fail("define", "define: '" + name + "' is not a macro name (expected NAME=VALUE)");
      if (eq != std::string::npos && value.empty()) fail("define", "define: " + name + "= needs a value");
      r.defines.emplace_back(name, value);
    }
    if (r.defines.empty()) fail("define", "define: expected NAME=VALUE");
  }
  if (has("input")) {
    try {
      r.input = parse_input_list(get("input"), r.type);
    } catch (const UsageError& e) {
      fail("input", e.what());
    }
    r.n = static_cast<int>(r.input.size());
  }
}

}  // namespace scanscope
