// `scanscope check` (the autograder) and `scanscope exercise` (check_cli.h).
#include "check_cli.h"
#include "formats/shown_text.h"

#include <iomanip>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "engine/assets.h"
#include "engine/check.h"
#include "engine/interp.h"
#include "engine/cuda/preprocessor.h"
#include "engine/cuda/source.h"
#include "engine/kernel_file.h"
#include "engine/validation_plan.h"
#include "formats/exercise.h"
#include "formats/files.h"

namespace scanscope {

namespace {

// The options that shape a run: an exercise sets them itself.
const char* const kRunFlags[] = {"--n", "--threads", "--banks", "--warp-issue", "--pad", "--op", "--type", "--scan", "--input",
                                 "--seed", "--bits", "--entry", "--define", "--max-conflicts", "--no-race",
                                 "--max-divergent-steps", "--max-barriers", "--elements-per-thread"};

struct FileResult {
  std::string file;
  CheckReport report;
};

// The limits given as options, after the output check.
std::vector<CheckSpec> specs_from_options(const CheckOptions& o) {
  std::vector<CheckSpec> specs = {{CheckKind::Output, 0}};
  if (o.max_conflicts >= 0) specs.push_back({CheckKind::Conflicts, o.max_conflicts});
  if (o.no_race) specs.push_back({CheckKind::Race, 0});
  if (o.max_divergent_steps >= 0) specs.push_back({CheckKind::Divergence, o.max_divergent_steps});
  if (o.max_barriers >= 0) specs.push_back({CheckKind::Barriers, o.max_barriers});
  if (o.elements_per_thread > 0) specs.push_back({CheckKind::ElementsPerThread, o.elements_per_thread});
  return specs;
}

void print_report(const FileResult& f, std::ostream& os) {
  size_t name_width = 0;
  for (const CheckOutcome& c : f.report.checks) name_width = std::max(name_width, c.check.size());
  int failed = 0;
  for (const CheckOutcome& c : f.report.checks) {
    failed += !c.passed;
    os << "  " << (c.passed ? "PASS" : c.skipped ? "SKIP" : "FAIL") << "  " << std::left << std::setw(static_cast<int>(name_width) + 2)
       << c.check << (c.run.empty() ? "" : "[" + c.run + "] ") << c.sentence << "\n";
  }
  const int total = static_cast<int>(f.report.checks.size());
  os << f.file << ": " << (failed ? "FAIL (" + std::to_string(failed) + " of " + std::to_string(total) + " checks failed)"
                                  : "PASS (all " + std::to_string(total) + " checks)")
     << "\n";
}

nlohmann::ordered_json report_json(const std::vector<FileResult>& results, const std::string& exercise) {
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  int passed = 0;
  for (const FileResult& f : results) {
    nlohmann::ordered_json checks = nlohmann::ordered_json::array();
    for (const CheckOutcome& c : f.report.checks)
      checks.push_back({{"run", c.run}, {"check", c.check}, {"passed", c.passed}, {"skipped", c.skipped}, {"line", c.line},
                        {"sentence", c.sentence}});
    files.push_back({{"file", f.file}, {"passed", f.report.passed}, {"checks", checks}});
    passed += f.report.passed;
  }
  const int count = static_cast<int>(results.size());
  return {{"format", "scanscope-check"},
          {"version", 1},
          {"exercise", exercise.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(exercise)},
          {"passed", passed == count},
          {"files", files},
          {"summary", {{"files", count}, {"passed", passed}, {"failed", count - passed}}}};
}

int list_exercises(std::ostream& os) {
  for (const Exercise& e : load_exercises()) {
    os << std::left << std::setw(24) << e.name << e.title << " (" << e.runs.size() << (e.runs.size() == 1 ? " run" : " runs") << ")\n";
  }
  return 0;
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "check", "grade kernel files: an exercise's checks (--exercise), or the output against the sequential reference and limits");
  cmd->add_option("files", o.files, "kernel files (FILE.cu ...)");
  cmd->add_option("--exercise", o.exercise, "the exercise whose runs and checks to apply (see `scanscope exercise list`)");
  cmd->add_flag("--list", o.list, "list the exercises and stop");
  cmd->add_option("--json", o.json, "write the results as JSON to FILE, or to stdout (--json alone or --json -; the lines then go to stderr)")
      ->expected(0, 1);
  add_request_options(cmd, o.request, RequestFlags::ForFiles);
  cmd->add_option("--max-conflicts", o.max_conflicts, "fail above K bank conflicts (loads and stores)");
  cmd->add_flag("--gpu", o.gpu, "also run each file's text on the GPU: its output and shared memory must equal the model's (the gpu outcome, with its time)");
  cmd->add_flag("--no-race", o.no_race, "fail when two threads touch one shared word (or global element of a block) between two barriers, one writing");
  cmd->add_option("--max-divergent-steps", o.max_divergent_steps,
                  "fail above K steps whose active threads are spread over more warps than they fill");
  cmd->add_option("--max-barriers", o.max_barriers, "fail above K __syncthreads() executed");
  cmd->add_option("--elements-per-thread", o.elements_per_thread, "fail when the block has more than next_pow2(ceil(n / E)) threads");
  return cmd;
}

int run_check_command(const CheckOptions& o, const CLI::App& cmd) {
  if (o.list) return list_exercises(std::cout);
  std::string json = o.json;
  if (cmd.count("--json") && json.empty()) json = "-";
  if (json.size() > 3 && json.compare(json.size() - 3, 3, ".cu") == 0)  // --json FILE.cu: most likely a file to grade taken as its value
    throw UsageError("--json " + json + " would overwrite a kernel file: put the files before --json, or write --json - for stdout");
  if (o.gpu && !gpu_status().usable) throw UsageError("--gpu: no usable GPU: " + gpu_status().why);
  if (o.files.empty()) throw UsageError("check needs one or more kernel files (check FILE.cu ... [--exercise NAME]), or --list");
  if (!json.empty()) {
    // the files to grade and what they include (where a file builds with its defaults; one that does
    // not is graded as failing to run, and its own path is still compared)
    std::vector<std::string> inputs = o.files;
    for (const std::string& f : o.files) {
      TraceRequest q;
      q.source = f;
      try {
        for (const std::string& in : request_input_files(q)) inputs.push_back(in);
      } catch (const std::exception&) {
      }
    }
    for (std::string& f : program_data_files()) inputs.push_back(std::move(f));  // the exercise files among them
    check_output_path(json, "--json", inputs);
  }
  Exercise ex;
  TraceRequest r;
  std::vector<CheckSpec> specs;
  if (!o.exercise.empty()) {
    for (const char* flag : kRunFlags)
      if (cmd.count(flag)) throw UsageError(std::string(flag) + " cannot be combined with --exercise (the exercise sets its own runs and checks)");
    ex = find_exercise(o.exercise);
  } else {
    const std::pair<const char*, long long> limits[] = {
        {"--max-conflicts", o.max_conflicts}, {"--max-divergent-steps", o.max_divergent_steps}, {"--max-barriers", o.max_barriers}};
    for (const auto& [flag, value] : limits)
      if (cmd.count(flag) && value < 0) throw UsageError(std::string(flag) + " must be 0 or more, not " + std::to_string(value));
    if (cmd.count("--elements-per-thread") && o.elements_per_thread < 1) throw UsageError("--elements-per-thread must be 1 or more");
    r = to_request(o.request, nullptr, /*resolve=*/false);
    specs = specs_from_options(o);
  }
  // Every file is read before any is graded: a file that cannot be read is bad input.
  std::vector<std::string> texts;
  for (const std::string& f : o.files) {
    std::string text, why;
    if (!cuda::read_source_file(f, &text, &why)) throw UsageError(f + ": " + why);
    texts.push_back(text);
  }
  std::ostream& lines = json == "-" ? std::cerr : std::cout;
  std::vector<FileResult> results;
  for (size_t i = 0; i < o.files.size(); ++i) {
    FileResult res{o.files[i], {}};
    if (!o.exercise.empty()) {
      lines << o.files[i] << ": exercise " << ex.name << " (" << ex.title << ")\n";
      res.report = check_exercise(ex, texts[i], o.files[i], o.gpu);
    } else {
      TraceRequest fr = r;
      fr.source = o.files[i];
      fr.source_text = texts[i];
      fr.has_source_text = true;
      TraceRequest shown = r;  // the options, without a kernel's name
      shown.kernel = "-";
      lines << o.files[i] << ": " << describe(shown).substr(2) << "\n";
      res.report = check_request(fr, specs, "", o.files[i], o.gpu);
    }
    print_report(res, lines);
    results.push_back(std::move(res));
  }
  const nlohmann::ordered_json doc = report_json(results, ex.name);
  if (results.size() > 1) {
    std::string failed;
    for (const FileResult& f : results)
      if (!f.report.passed) failed += (failed.empty() ? "" : ", ") + f.file;
    lines << "summary: " << results.size() << " files" << (ex.name.empty() ? "" : " against " + ex.name) << ", "
          << doc["summary"]["passed"].get<int>() << " passed, " << doc["summary"]["failed"].get<int>() << " failed"
          << (failed.empty() ? "" : " (" + failed + ")") << "\n";
  }
  if (!json.empty()) write_output(json, doc.dump(2) + "\n");
  return doc["passed"].get<bool>() ? 0 : 1;
}

CLI::App* add_exercise_command(CLI::App& app, ExerciseCommandOptions& o) {
  CLI::App* cmd = app.add_subcommand("exercise", "exercises: `exercise list`, `exercise show NAME` (task, hint, files, runs and checks)");
  cmd->add_option("action", o.action, "list or show")->required();
  cmd->add_option("name", o.name, "exercise name (for show)");
  return cmd;
}

int run_exercise_command(const ExerciseCommandOptions& o) {
  if (o.action == "list") return list_exercises(std::cout);
  if (o.action != "show") throw UsageError("exercise: expected list or show NAME, not '" + o.action + "'");
  if (o.name.empty()) throw UsageError("exercise show needs an exercise name (see scanscope exercise list)");
  const Exercise e = find_exercise(o.name);
  std::cout << shown_text(e.title) << "\n";
  if (!e.from.empty()) std::cout << "(" << shown_text(e.from) << ")\n";
  cuda::SourceLocator where;  // paths inside the project, relative to it
  where.project_root = project_root();
  std::cout << "\nTask: " << shown_text(e.task, kMaxShownText, true) << "\nHint: " << shown_text(e.hint, kMaxShownText, true) << "\n\nstart:    " << where.display_path(e.start_path)
            << "\nsolution: " << where.display_path(e.solution_path) << "\n";
  for (const ExerciseRun& run : e.runs) {
    std::cout << "\nrun: " << shown_text(run.title) << (run.expect.empty() ? "" : " (output: " + shown_text(run.expect) + ")") << "\n  checks:";
    for (const CheckSpec& s : run.checks) std::cout << " " << spec_text(s) << (&s == &run.checks.back() ? "" : ",");
    std::cout << "\n";
  }
  std::cout << "\nGrade a file with: scanscope check FILE.cu --exercise " << e.name << "\n";
  return 0;
}

}  // namespace scanscope
