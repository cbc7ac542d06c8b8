// Lesson file parser: every problem is reported with its file and line.
#include "formats/lesson.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/assets.h"
#include "engine/interp.h"
#include "engine/trace.h"
#include "formats/files.h"

namespace scanscope {

// A lesson is a few kilobytes of text; these bounds keep a mistaken or hostile file cheap.
constexpr long long kMaxLessonBytes = 256 << 10;
constexpr size_t kMaxLessonValue = 4000;  // one value (a step's text): what a panel can show


namespace {

const std::set<std::string> kLessonKeys = {"lesson", "title", "source"};
const std::set<std::string> kStepKeys = {"kernel", "n", "threads", "banks", "warp-issue", "pad", "op", "type", "scan", "input",
                                         "seed", "bits", "define", "at", "panels", "compare-pad", "compare-kernel", "view",
                                         "text", "question", "answer"};
const std::set<std::string> kViews = {"float-order", "histeq", "timing"};
const std::set<std::string> kPanels = {"tree", "smem", "warps", "code", "compare", "timing"};

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string join(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
  return out;
}

struct Ctx {
  std::string file;
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw LessonError(file + ":" + std::to_string(line) + ": " + what);
  }
  long long integer(int line, const std::string& key, const std::string& v, long long lo, long long hi) const {
    char* end = nullptr;
    errno = 0;
    long long x = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || errno == ERANGE) fail(line, key + ": '" + v + "' is not a whole number");
    if (x < lo || x > hi) fail(line, key + ": " + v + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
    return x;
  }
};

// One key of a step, with the line it came from.
struct Entry {
  int line;
  std::string value;
};

void finish_step(const Ctx& c, LessonStep& st, std::map<std::string, Entry>& kv) {
  auto get = [&](const char* k) { return kv.count(k) ? kv[k].value : std::string(); };
  auto line_of = [&](const char* k) { return kv.count(k) ? kv[k].line : st.line; };
  if (!kv.count("text")) c.fail(st.line, "step '" + st.title + "' has no text");
  st.text = get("text");
  st.question = get("question");
  st.answer = get("answer");
  if (!st.question.empty() && st.answer.empty()) c.fail(line_of("question"), "a question needs an answer");
  if (kv.count("view")) {
    st.view = get("view");
    if (!kViews.count(st.view)) c.fail(line_of("view"), "view: '" + st.view + "' is not one of " + join(kViews));
  }
  if (kv.count("panels")) {
    st.panels = get("panels");
    std::stringstream ss(st.panels);
    std::string p;
    while (std::getline(ss, p, ','))
      if (!kPanels.count(trim(p))) c.fail(line_of("panels"), "panels: '" + trim(p) + "' is not one of " + join(kPanels));
  }
  st.compare_pad = get("compare-pad");
  st.compare_kernel = get("compare-kernel");
  st.has_request = kv.count("kernel") > 0;
  if (!st.has_request) {
    for (const char* k : {"n", "threads", "banks", "warp-issue", "pad", "op", "type", "scan", "input", "seed", "bits", "define",
                          "at", "compare-pad", "compare-kernel"})
      if (kv.count(k)) c.fail(kv[k].line, std::string(k) + " needs a kernel in the same step");
    if (st.view.empty()) c.fail(st.line, "step '" + st.title + "' has neither a kernel nor a view");
    return;
  }
  TraceRequest& r = st.request;
  r.kernel = get("kernel");
  if (kv.count("type") && !parse_value_type(get("type"), &r.type))
    c.fail(line_of("type"), "type: must be " + name_list(type_names(), ", ", " or ") + ", not '" + get("type") + "'");
  if (kv.count("n")) r.n = static_cast<int>(c.integer(line_of("n"), "n", get("n"), 1, 1 << 20));
  if (kv.count("threads")) r.threads = static_cast<int>(c.integer(line_of("threads"), "threads", get("threads"), 1, 1 << 20));
  if (kv.count("banks")) r.banks = static_cast<int>(c.integer(line_of("banks"), "banks", get("banks"), 1, 64));
  r.warp_issue = r.banks == 16 ? 16 : 32;
  if (kv.count("warp-issue")) r.warp_issue = static_cast<int>(c.integer(line_of("warp-issue"), "warp-issue", get("warp-issue"), 1, 64));
  if (kv.count("pad") && !parse_pad(get("pad"), &r.pad)) c.fail(line_of("pad"), "pad: must be none, harris or zero");
  if (kv.count("op") && !parse_operator(get("op"), &r.op))
    c.fail(line_of("op"), "op: must be " + name_list(operator_names(), ", ", " or ") + ", not '" + get("op") + "'");
  if (kv.count("scan")) r.scan = get("scan");
  if (kv.count("seed")) r.seed = static_cast<unsigned>(c.integer(line_of("seed"), "seed", get("seed"), 0, 4294967295LL));
  if (kv.count("bits")) r.bits = static_cast<int>(c.integer(line_of("bits"), "bits", get("bits"), 1, 31));
  if (kv.count("define")) {  // -D NAME=VALUE of the command line: "NAME=VALUE NAME2=VALUE2" (a bare NAME is NAME=1)
    std::string list = get("define");
    std::replace(list.begin(), list.end(), ',', ' ');
    std::stringstream ss(list);
    std::string item;
    while (ss >> item) {
      const size_t eq = item.find('=');
      const std::string name = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
      const bool ident = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                         std::all_of(name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
      if (!ident) c.fail(line_of("define"), "define: '" + name + "' is not a macro name (expected NAME=VALUE)");
      if (eq != std::string::npos && value.empty()) c.fail(line_of("define"), "define: " + name + "= needs a value");
      r.defines.emplace_back(name, value);
    }
    if (r.defines.empty()) c.fail(line_of("define"), "define: expected NAME=VALUE");
  }
  if (kv.count("input")) {
    try {
      r.input = parse_input_list(get("input"), r.type);
    } catch (const UsageError& e) {
      c.fail(line_of("input"), e.what());
    }
    r.n = static_cast<int>(r.input.size());
  }
  st.at = 0;
  if (kv.count("at")) {
    std::string a = get("at");
    st.at = a == "last" ? -1 : static_cast<int>(c.integer(line_of("at"), "at", a, 0, 100000));
  }
  try {
    resolve_kernel(r);
    if (!st.compare_pad.empty()) {
      Pad p;
      if (!parse_pad(st.compare_pad, &p)) c.fail(line_of("compare-pad"), "compare-pad: must be none, harris or zero");
    }
    if (!st.compare_kernel.empty() && !find_kernel_file(st.compare_kernel))
      c.fail(line_of("compare-kernel"), "compare-kernel: unknown kernel '" + st.compare_kernel + "'");
  } catch (const UsageError& e) {
    c.fail(line_of("kernel"), e.what());
  } catch (const cuda::CudaError& e) {
    c.fail(line_of("kernel"), e.what());
  }
}

}  // namespace

Lesson parse_lesson(const std::string& text, const std::string& file) {
  Ctx c{file};
  Lesson lesson;
  lesson.file = file;
  std::istringstream in(text);
  std::string raw;
  int line = 0;
  bool in_step = false;
  LessonStep step;
  std::map<std::string, Entry> kv;
  std::string last_key;
  std::map<std::string, Entry> head;
  if (static_cast<long long>(text.size()) > kMaxLessonBytes) c.fail(1, "larger than 256 KiB; not a lesson file");
  while (std::getline(in, raw)) {
    ++line;
    if (line == 1 && raw.compare(0, 3, "\xEF\xBB\xBF") == 0) raw.erase(0, 3);  // a UTF-8 byte-order mark, as some editors write
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();                     // Windows line ends
    for (unsigned char ch : raw)
      if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
        c.fail(line, ch == 0 ? "contains a NUL byte; not a text file" : "contains a control character (code " + std::to_string(ch) + ")");
    std::string t = trim(raw);
    if (t.empty() || t[0] == '#') continue;
    if ((raw[0] == ' ' || raw[0] == '\t') && !last_key.empty()) {  // continuation
      auto& target = in_step ? kv : head;
      target[last_key].value += " " + t;
      if (target[last_key].value.size() > kMaxLessonValue)
        c.fail(line, "'" + last_key + "' is longer than " + std::to_string(kMaxLessonValue) + " characters");
      continue;
    }
    size_t colon = t.find(':');
    if (colon == std::string::npos) c.fail(line, "expected 'key: value', found '" + t.substr(0, 40) + "'");
    std::string key = trim(t.substr(0, colon)), value = trim(t.substr(colon + 1));
    if (value.size() > kMaxLessonValue) c.fail(line, "'" + key + "' is longer than " + std::to_string(kMaxLessonValue) + " characters");
    if (key == "step") {
      if (in_step) {
        finish_step(c, step, kv);
        lesson.steps.push_back(step);
      }
      step = LessonStep();
      step.line = line;
      step.title = value;
      if (value.empty()) c.fail(line, "step: needs a title");
      kv.clear();
      in_step = true;
      last_key.clear();
      continue;
    }
    if (!in_step) {
      if (!kLessonKeys.count(key)) c.fail(line, "unknown key '" + key + "' before the first step (known: " + join(kLessonKeys) + ", step)");
      if (head.count(key)) c.fail(line, "'" + key + "' given twice");
      head[key] = {line, value};
    } else {
      if (!kStepKeys.count(key)) c.fail(line, "unknown key '" + key + "' in a step (known: " + join(kStepKeys) + ")");
      if (kv.count(key)) c.fail(line, "'" + key + "' given twice in one step");
      kv[key] = {line, value};
    }
    last_key = key;
  }
  if (in_step) {
    finish_step(c, step, kv);
    lesson.steps.push_back(step);
  }
  if (!head.count("lesson") || head["lesson"].value.empty()) c.fail(1, "missing 'lesson: NAME' at the top");
  if (!head.count("title")) c.fail(1, "missing 'title:' at the top");
  lesson.name = head["lesson"].value;
  lesson.title = head["title"].value;
  lesson.source = head.count("source") ? head["source"].value : "";
  if (lesson.steps.empty()) c.fail(line, "the lesson has no steps");
  return lesson;
}

Lesson load_lesson_file(const std::string& path) {
  std::string text;
  try {
    text = read_text_file(path, kMaxLessonBytes, "a lesson");
  } catch (const std::runtime_error& e) {  // "PATH: what": a lesson error names a line
    throw LessonError(path + ":0:" + std::string(e.what()).substr(path.size() + 1));
  }
  return parse_lesson(text, path);
}

std::vector<Lesson> load_lessons(const std::string& dir_in) {
  std::string dir = dir_in.empty() ? asset_dir() + "/lessons" : dir_in;
  std::vector<std::string> files;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if (n.size() > 7 && n.substr(n.size() - 7) == ".lesson") files.push_back(dir + "/" + n);
    }
    closedir(d);
  } else {
    throw UsageError("no lessons folder at " + dir + " (set SCANSCOPE_ASSETS to the assets folder)");
  }
  std::sort(files.begin(), files.end());
  std::vector<Lesson> out;
  for (const auto& f : files) out.push_back(load_lesson_file(f));
  return out;
}

Lesson find_lesson(const std::string& name, const std::string& dir) {
  std::string names;
  for (auto& l : load_lessons(dir)) {
    std::string stem = l.file.substr(l.file.find_last_of('/') + 1);
    stem = stem.substr(0, stem.size() - 7);
    if (l.name == name || stem == name) return l;
    names += (names.empty() ? "" : ", ") + l.name;
  }
  throw UsageError("no lesson '" + name + "' (lessons: " + names + ")");
}

}  // namespace scanscope
