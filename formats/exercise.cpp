// Exercise files (exercise.h): parsing, with every problem named by file and line, and the runs
// of an exercise checked on a student's kernel text.
#include "formats/exercise.h"

#include <algorithm>

#include "engine/assets.h"
#include "engine/cuda/preprocessor.h"
#include "engine/cuda/source.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "formats/key_file.h"

namespace scanscope {

namespace {

KeyFileSyntax exercise_syntax() {
  KeyFileSyntax s;
  s.kind = "exercise";
  s.block = "run";
  s.head_keys = {"exercise", "title", "from", "start", "solution", "task", "hint"};
  s.block_keys = {"check"};
  for (const auto& k : request_keys()) s.block_keys.insert(k);
  s.repeatable = "check";
  return s;
}

// A start or solution: a .cu file beside the exercise file, or a catalogue kernel id.
std::string kernel_path(const KeyEntry& e, const std::string& key, const std::string& exercise_file) {
  if (e.value.size() > 3 && e.value.compare(e.value.size() - 3, 3, ".cu") == 0) {
    const size_t slash = exercise_file.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : exercise_file.substr(0, slash);
    std::string path = e.value[0] == '/' ? e.value : dir + "/" + e.value;
    std::string text, why;
    if (!cuda::read_source_file(path, &text, &why)) throw KeyFileError(e.line, key + ": " + path + ": " + why);
    return path;
  }
  const KernelFile* k = find_kernel_file(e.value);
  if (!k) throw KeyFileError(e.line, key + ": '" + e.value + "' is neither a .cu file beside the exercise nor a catalogue kernel");
  return k->path;
}

ExerciseRun read_run(const KeyBlock& b, const std::string& solution_path) {
  ExerciseRun run;
  run.line = b.line;
  run.title = b.title;
  read_request_keys(b.keys, run.request);
  for (const KeyEntry& c : b.repeated) {
    CheckSpec spec;
    std::string why;
    if (!parse_check_spec(c.value, &spec, &why)) throw KeyFileError(c.line, "check: " + why);
    run.checks.push_back(spec);
  }
  if (run.checks.empty()) throw KeyFileError(b.line, "run '" + b.title + "' has no check");
  // The run must suit the model solution; its check: line is the operation the output must equal.
  TraceRequest r = run.request;
  r.source = solution_path;
  try {
    const ResolvedKernel k = resolve_kernel(r);
    run.expect = k.check;
  } catch (const UsageError& e) {
    throw KeyFileError(b.line, std::string("the model solution cannot take this run: ") + e.what());
  } catch (const cuda::CudaError& e) {
    throw KeyFileError(b.line, std::string("the model solution does not compile: ") + e.what());
  }
  const bool checks_output = std::any_of(run.checks.begin(), run.checks.end(), [](const CheckSpec& s) { return s.kind == CheckKind::Output; });
  if (checks_output && run.expect.empty())
    throw KeyFileError(b.line, "check: output needs a model solution with a `// check:` line");
  return run;
}

}  // namespace

Exercise parse_exercise(const std::string& text, const std::string& file) {
  Exercise e;
  e.file = file;
  try {
    KeyFile f = read_key_file(text, exercise_syntax());
    for (const char* key : {"exercise", "title", "start", "solution", "task", "hint"})
      if (!f.head.count(key) || f.head[key].value.empty())
        throw KeyFileError(f.head.count(key) ? f.head[key].line : 1, std::string("missing '") + key + ":' at the top");
    e.name = f.head["exercise"].value;
    e.title = f.head["title"].value;
    e.from = f.head.count("from") ? f.head["from"].value : "";
    e.task = f.head["task"].value;
    e.hint = f.head["hint"].value;
    e.start = f.head["start"].value;
    e.solution = f.head["solution"].value;
    e.start_path = kernel_path(f.head["start"], "start", file);
    e.solution_path = kernel_path(f.head["solution"], "solution", file);
    for (const KeyBlock& b : f.blocks) {
      if (static_cast<int>(e.runs.size()) >= kMaxExerciseRuns)
        throw KeyFileError(b.line, "more than " + std::to_string(kMaxExerciseRuns) + " runs in one exercise");
      e.runs.push_back(read_run(b, e.solution_path));
    }
    if (e.runs.empty()) throw KeyFileError(f.lines, "the exercise has no runs");
  } catch (const KeyFileError& x) {
    throw ExerciseError(file + ":" + std::to_string(x.line) + ": " + x.what());
  }
  return e;
}

Exercise load_exercise_file(const std::string& path) {
  std::string text;
  try {
    text = read_key_file_text(path, "an exercise");
  } catch (const KeyFileError& e) {
    throw ExerciseError(path + ":0: " + e.what());
  }
  return parse_exercise(text, path);
}

std::vector<Exercise> load_exercises(const std::string& dir) {
  std::vector<Exercise> out;
  for (const auto& f : files_in_folder(dir.empty() ? asset_dir() + "/exercises" : dir, ".exercise", "exercises"))
    out.push_back(load_exercise_file(f));
  return out;
}

Exercise find_exercise(const std::string& name, const std::string& dir) {
  std::string names;
  for (auto& e : load_exercises(dir)) {
    std::string stem = e.file.substr(e.file.find_last_of('/') + 1);
    stem = stem.substr(0, stem.size() - 9);
    if (e.name == name || stem == name) return e;
    names += (names.empty() ? "" : ", ") + e.name;
  }
  throw UsageError("no exercise '" + name + "' (exercises: " + names + ")");
}

std::string read_exercise_file(const std::string& path) {
  std::string text, why;
  if (!cuda::read_source_file(path, &text, &why)) throw UsageError(path + ": " + why);
  return text;
}

CheckReport check_exercise(const Exercise& e, const std::string& source_text, const std::string& display_name, bool on_gpu) {
  CheckReport rep;
  rep.passed = true;
  for (const ExerciseRun& run : e.runs) {
    TraceRequest r = run.request;
    r.source = display_name.empty() ? e.start_path : display_name;
    r.source_text = source_text;
    r.has_source_text = true;
    CheckReport one = check_request(r, run.checks, run.expect, display_name, on_gpu);
    rep.passed = rep.passed && one.passed;
    for (CheckOutcome& o : one.checks) {
      o.run = run.title;
      rep.checks.push_back(std::move(o));
    }
  }
  return rep;
}

}  // namespace scanscope
