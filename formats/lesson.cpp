// Lesson file parser: every problem is reported with its file and line.
#include "formats/lesson.h"

#include <algorithm>
#include <atomic>
#include <ctype.h>
#include <dirent.h>
#include <set>
#include <sstream>

#include "engine/assets.h"
#include "engine/interp.h"
#include "engine/sources.h"
#include "engine/trace.h"
#include "formats/exercise.h"
#include "formats/key_file.h"

namespace scanscope {

namespace {

const std::set<std::string> kViews = {"float-order", "histeq", "timing"};
const std::set<std::string> kPanels = {"tree", "smem", "warps", "grid", "traffic", "code", "compare", "timing"};

KeyFileSyntax lesson_syntax() {
  KeyFileSyntax s;
  s.kind = "lesson";
  s.block = "step";
  s.head_keys = {"lesson", "title", "source"};
  s.block_keys = {"kernel", "at", "panels", "compare-pad", "compare-kernel", "view", "timing-view", "timing-preset", "exercise", "text", "question", "answer", "numbers-ok"};
  for (const auto& k : request_keys()) s.block_keys.insert(k);
  return s;
}

// "2007 (the paper's year); 1.5 1.7 (the tutorial's speed-up)": each number with its reason, each
// written in the step (a number no longer there is an allowance to drop).
std::vector<std::pair<std::string, std::string>> parse_numbers_ok(const KeyEntry& e, const std::string& step_text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::stringstream items(e.value);
  std::string item;
  while (std::getline(items, item, ';')) {
    item = trim_blanks(item);
    const size_t open = item.find('('), close = item.rfind(')');
    if (item.empty() || open == std::string::npos || close == std::string::npos || close < open || trim_blanks(item.substr(open + 1, close - open - 1)).empty())
      throw KeyFileError(e.line, "numbers-ok: expected NUMBER... (reason); ..., not '" + item + "'");
    const std::string reason = trim_blanks(item.substr(open + 1, close - open - 1));
    std::stringstream nums(item.substr(0, open));
    std::string num;
    int count = 0;
    while (nums >> num) {
      if (num.back() == ',') num.pop_back();
      if (num.empty() || num.find_first_not_of("0123456789.") != std::string::npos || !isdigit(static_cast<unsigned char>(num[0])))
        throw KeyFileError(e.line, "numbers-ok: '" + num + "' is not a number");
      bool written = false;
      for (size_t p = step_text.find(num); p != std::string::npos && !written; p = step_text.find(num, p + 1)) {
        const size_t end = p + num.size();
        auto digitish = [&](size_t i) { return isdigit(static_cast<unsigned char>(step_text[i])) || (step_text[i] == '.' && i + 1 < step_text.size() && isdigit(static_cast<unsigned char>(step_text[i + 1]))); };
        written = (p == 0 || !digitish(p - 1)) && (end >= step_text.size() || !digitish(end));
      }
      if (!written) throw KeyFileError(e.line, "numbers-ok: " + num + " is not written in the step's text, question or answer");
      out.emplace_back(num, reason);
      ++count;
    }
    if (!count) throw KeyFileError(e.line, "numbers-ok: no number before (" + reason + ")");
  }
  return out;
}

std::atomic<long long> step_resolutions{0};

// resolve_kernel of the step's request, its errors at the `kernel` line.
ResolvedKernel resolve_step(const LessonStep& st) {
  ++step_resolutions;
  try {
    return resolve_kernel(st.request);
  } catch (const UsageError& e) {
    throw KeyFileError(st.kernel_line, e.what());
  } catch (const cuda::CudaError& e) {
    throw KeyFileError(st.kernel_line, e.what());
  }
}

void finish_step(const KeyBlock& b, LessonStep& st, LessonResolve resolve) {
  const KeyMap& kv = b.keys;
  auto get = [&](const char* k) { return kv.count(k) ? kv.at(k).value : std::string(); };
  auto line_of = [&](const char* k) { return kv.count(k) ? kv.at(k).line : st.line; };
  auto fail = [](int line, const std::string& what) { throw KeyFileError(line, what); };
  if (!kv.count("text")) fail(st.line, "step '" + st.title + "' has no text");
  st.text = get("text");
  st.question = get("question");
  st.answer = get("answer");
  st.text_at = kv.at("text");
  if (kv.count("question")) st.question_at = kv.at("question");
  if (kv.count("answer")) st.answer_at = kv.at("answer");
  for (const KeyEntry* e : {&st.text_at, &st.question_at, &st.answer_at}) {
    const auto places = find_placeholders(*e);  // an unknown name: an error at its line
    if (!places.empty() && !kv.count("kernel")) fail(e->line_at(places.front().offset), "a placeholder needs a kernel in the same step: " + places.front().name);
  }
  if (kv.count("numbers-ok")) {
    st.numbers_ok_line = line_of("numbers-ok");
    st.numbers_ok = parse_numbers_ok(kv.at("numbers-ok"), st.text + " " + st.question + " " + st.answer);
  }
  if (!st.question.empty() && st.answer.empty()) fail(line_of("question"), "a question needs an answer");
  if (kv.count("view")) {
    st.view = get("view");
    if (!kViews.count(st.view)) fail(line_of("view"), "view: '" + st.view + "' is not one of " + join_names(kViews));
  }
  if (kv.count("timing-view")) {
    st.timing_view = get("timing-view");
    if (st.view != "timing") fail(line_of("timing-view"), "timing-view: needs view: timing in the same step");
    if (st.timing_view != "time" && st.timing_view != "ratio")
      fail(line_of("timing-view"), "timing-view: '" + st.timing_view + "' is not time or ratio");
  }
  if (kv.count("timing-preset")) {
    st.timing_preset = current_timing_preset(get("timing-preset"));
    if (st.view != "timing") fail(line_of("timing-preset"), "timing-preset: needs view: timing in the same step");
    const auto& names = timing_preset_names();
    if (std::find(names.begin(), names.end(), st.timing_preset) == names.end()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      fail(line_of("timing-preset"), "timing-preset: '" + get("timing-preset") + "' is not one of " + list);
    }
  }
  if (kv.count("panels")) {
    st.panels = get("panels");
    std::stringstream ss(st.panels);
    std::string p;
    while (std::getline(ss, p, ','))
      if (!kPanels.count(trim_blanks(p))) fail(line_of("panels"), "panels: '" + trim_blanks(p) + "' is not one of " + join_names(kPanels));
  }
  if (kv.count("exercise")) {
    st.exercise = get("exercise");
    st.exercise_line = line_of("exercise");
    if (st.exercise.empty()) fail(st.exercise_line, "exercise: needs an exercise name");
  }
  st.compare_pad = get("compare-pad");
  st.compare_kernel = current_kernel_id(get("compare-kernel"));
  st.has_request = kv.count("kernel") > 0;
  if (!st.has_request) {
    std::vector<std::string> need_kernel = request_keys();
    need_kernel.insert(need_kernel.end(), {"at", "compare-pad", "compare-kernel"});
    for (const auto& k : need_kernel)
      if (kv.count(k)) fail(kv.at(k).line, k + " needs a kernel in the same step");
    if (st.view.empty()) fail(st.line, "step '" + st.title + "' has neither a kernel nor a view");
    return;
  }
  TraceRequest& r = st.request;
  r.kernel = current_kernel_id(get("kernel"));
  st.kernel_line = line_of("kernel");
  read_request_keys(kv, r);
  st.at = 0;
  st.at_line = line_of("at");
  if (kv.count("at")) {
    std::string a = get("at");
    st.at = a == "last" ? -1 : static_cast<int>(key_integer(line_of("at"), "at", a, 0, 100000));
  }
  if (resolve == LessonResolve::AtLoad) resolve_step(st);
  try {
    check_request_values(r);  // (resolve_kernel makes them too): OnDemand, a bad value is still an error at load
    if (!st.compare_pad.empty()) {
      Pad p;
      if (!parse_pad(st.compare_pad, &p)) fail(line_of("compare-pad"), "compare-pad: must be none, harris or zero");
    }
    if (!st.compare_kernel.empty() && !find_kernel_file(st.compare_kernel))
      fail(line_of("compare-kernel"), "compare-kernel: unknown kernel '" + st.compare_kernel + "'");
  } catch (const UsageError& e) {
    fail(line_of("kernel"), e.what());
  } catch (const cuda::CudaError& e) {
    fail(line_of("kernel"), e.what());
  }
}

}  // namespace

ResolvedKernel resolve_lesson_step(const Lesson& l, const LessonStep& s) {
  try {
    return resolve_step(s);
  } catch (const KeyFileError& e) {
    throw LessonError(l.file + ":" + std::to_string(e.line) + ": " + e.what());
  }
}

long long lesson_step_resolutions() { return step_resolutions.load(); }

Lesson parse_lesson(const std::string& text, const std::string& file, LessonResolve resolve) {
  Lesson lesson;
  lesson.file = file;
  try {
    KeyFile f = read_key_file(text, lesson_syntax());
    int traces = 0;
    for (const KeyBlock& b : f.blocks) {
      LessonStep step;
      step.line = b.line;
      step.title = b.title;
      finish_step(b, step, resolve);
      traces += step.has_request + (step.has_request && (!step.compare_pad.empty() || !step.compare_kernel.empty()));
      if (traces > kMaxLessonTraces)
        throw KeyFileError(b.line, "more than " + std::to_string(kMaxLessonTraces) + " traces in one lesson (each step's kernel and its comparison count one)");
      lesson.steps.push_back(step);
    }
    if (!f.head.count("lesson") || f.head["lesson"].value.empty()) throw KeyFileError(1, "missing 'lesson: NAME' at the top");
    if (!f.head.count("title")) throw KeyFileError(1, "missing 'title:' at the top");
    lesson.name = f.head["lesson"].value;
    lesson.title = f.head["title"].value;
    lesson.source = f.head.count("source") ? f.head["source"].value : "";
    if (lesson.steps.empty()) throw KeyFileError(f.lines, "the lesson has no steps");
  } catch (const KeyFileError& e) {
    throw LessonError(file + ":" + std::to_string(e.line) + ": " + e.what());
  }
  return lesson;
}

Lesson load_lesson_file(const std::string& path, LessonResolve resolve) {
  std::string text;
  try {
    text = read_key_file_text(path, "a lesson");
  } catch (const KeyFileError& e) {
    throw LessonError(path + ":0: " + e.what());
  }
  return parse_lesson(text, path, resolve);
}

std::vector<Lesson> load_lessons(const std::string& dir_in, LessonResolve resolve) {
  const std::string dir = dir_in.empty() ? asset_dir() + "/lessons" : dir_in;
  std::vector<Lesson> out;
  for (const auto& f : files_in_folder(dir, ".lesson", "lessons")) out.push_back(load_lesson_file(f, resolve));
  if (resolve == LessonResolve::OnDemand) return out;  // the exercises are loaded (and resolved) where a step offers one
  // Exercise names, against the exercises beside the lessons (when that folder exists).
  const std::string exercises = dir + "/../exercises";
  if (DIR* d = opendir(exercises.c_str())) {
    closedir(d);
    std::set<std::string> names;
    for (const Exercise& e : load_exercises(exercises)) names.insert(e.name);
    for (const Lesson& l : out)
      for (const LessonStep& s : l.steps)
        if (!s.exercise.empty() && !names.count(s.exercise))
          throw LessonError(l.file + ":" + std::to_string(s.exercise_line) + ": exercise: no exercise '" + s.exercise + "' (exercises: " +
                            join_names(names) + ")");
  }
  return out;
}

bool names_lesson_file(const std::string& name) {
  return name.find('/') != std::string::npos || (name.size() > 7 && name.compare(name.size() - 7, 7, ".lesson") == 0);
}

Lesson find_lesson(const std::string& name, const std::string& dir, LessonResolve resolve) {
  if (names_lesson_file(name)) return load_lesson_file(name, resolve);  // a teacher's own lesson, by its path
  std::string names;
  for (auto& l : load_lessons(dir, resolve)) {
    std::string stem = l.file.substr(l.file.find_last_of('/') + 1);
    stem = stem.substr(0, stem.size() - 7);
    if (l.name == name || stem == name) return l;
    names += (names.empty() ? "" : ", ") + l.name;
  }
  throw UsageError("no lesson '" + name + "' (lessons: " + names + ")");
}

}  // namespace scanscope
