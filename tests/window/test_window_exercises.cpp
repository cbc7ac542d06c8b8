// Exercises in the window's lessons without a window (app/window/exercise_state.h): Try it puts the
// start into the editor with the options of the exercise's first run, every Run is checked and the
// report says what the lesson box shows (failed sentences, the lines marked in the editor, PASSED),
// the student's version of each exercise is kept while the lesson moves between steps and lessons,
// the unsaved-changes question guards whatever would replace another text, the model solution asks
// first, Reset goes back to the start, and the start file is never saved over.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app_state.h"
#include "engine/kernel_file.h"
#include "keys.h"
#include "layout.h"
#include "model.h"
#include "startup.h"

using namespace scanscope;

namespace {

long long conflicts(const Trace& t) { return t.totals.ld.conflicts + t.totals.st.conflicts; }

int line_with(const std::string& text, const std::string& what) {
  const size_t at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  return line_of_offset(text, static_cast<int>(at)) + 1;
}

// Every `from` replaced by `to` (at least one).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  for (; at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// The padding a student types into pad-blelloch's start: every index of temp[] padded with
// CONFLICT_FREE_OFFSET, the launch line's shared memory grown; `both_terms` false is the simple
// padding (i >> LOG_NUM_BANKS), which leaves 2-way conflicts at the deepest levels.
std::string padded(const std::string& start, bool both_terms) {
  std::string t = start;
  t = replaced(t, "temp[2*thid+1]", "temp[2*thid+1 + CONFLICT_FREE_OFFSET(2*thid+1)]");
  t = replaced(t, "temp[2*thid]", "temp[2*thid + CONFLICT_FREE_OFFSET(2*thid)]");
  t = replaced(t, "int bi = offset*(2*thid+2)-1;\n", "int bi = offset*(2*thid+2)-1;\n            ai += CONFLICT_FREE_OFFSET(ai); bi += CONFLICT_FREE_OFFSET(bi);\n");
  t = replaced(t, "temp[n - 1]", "temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)]");
  t = replaced(t, "N * sizeof(float)", "(N + CONFLICT_FREE_OFFSET(N - 1)) * sizeof(float)");
  const std::string macro = both_terms ? "#define CONFLICT_FREE_OFFSET(n) (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))"
                                       : "#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)";
  const size_t at = t.find("#define LOG_NUM_BANKS 5\n#endif\n");
  EXPECT_NE(at, std::string::npos);
  t.insert(at + std::string("#define LOG_NUM_BANKS 5\n#endif\n").size(), macro + "\n");
  return t;
}

// An AppState on the CPU emulator with the lessons loaded.
void setup(AppState& s) {
  s.options.device = Device::Cpu;
  s.form.device = 1;
  load_lesson_list(s);
  ASSERT_TRUE(s.lesson.errors.empty()) << s.lesson.errors.front();
}

// The step of lesson `lesson` that offers exercise `name`.
std::pair<int, int> exercise_step(const AppState& s, const std::string& lesson, const std::string& name) {
  const int li = find_lesson_index(s, lesson);
  EXPECT_GE(li, 0) << lesson;
  if (li < 0) return {-1, -1};
  const auto& steps = s.lesson.lessons[li].steps;
  for (size_t k = 0; k < steps.size(); ++k)
    if (steps[k].exercise == name) return {li, static_cast<int>(k)};
  ADD_FAILURE() << lesson << " has no step with exercise " << name;
  return {li, -1};
}

// Opens the padding lesson's exercise step and tries the exercise.
std::pair<int, int> try_padding(AppState& s) {
  const auto at = exercise_step(s, "padding", "pad-blelloch");
  EXPECT_TRUE(open_lesson_step(s, at.first, at.second));
  try_exercise(s);
  EXPECT_TRUE(exercise_in_editor(s));
  return at;
}

std::vector<int> flag_lines(const AppState& s) {
  std::vector<int> out;
  for (const EditorMark& m : editor_marks(s))
    if (m.kind == EditorMark::Flag) out.push_back(m.line + 1);
  return out;
}

std::string start_text(const AppState& s, const std::string& name) { return read_exercise_file(loaded_exercise(s, name)->start_path); }

// pad-blelloch's checks: `runs` and the run's checks on each of its 3 runs (8), on every machine
// (the window never asks check_request for the `gpu` outcome: a verdict must not depend on it).
std::string checks(int) { return "8 checks"; }

}  // namespace

// The step first shows its own kernel and offers the exercise; Try it puts the start into the
// editor beside the step's panels, runs the first run's options (512 floats, 16 banks) and checks
// the text at once: two conflict checks fail, their lines are marked.
TEST(WindowExercises, TryItOpensTheStartWithTheFirstRunsOptionsAndChecksIt) {
  AppState s;
  setup(s);
  const auto [li, k] = exercise_step(s, "padding", "pad-blelloch");
  ASSERT_TRUE(open_lesson_step(s, li, k));
  const LessonStep& st = s.lesson.lessons[li].steps[k];
  const Exercise* ex = step_exercise(s);
  ASSERT_NE(ex, nullptr);
  EXPECT_EQ(ex->name, "pad-blelloch");
  EXPECT_FALSE(exercise_in_editor(s));
  EXPECT_EQ(s.trace.kernel, st.request.kernel);  // the step's own kernel until Try it
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::None);

  try_exercise(s);
  ASSERT_TRUE(exercise_in_editor(s));
  const std::string start = start_text(s, "pad-blelloch");
  const EditorState& e = s.editor;
  EXPECT_EQ(e.display, "assets/exercises/pad-blelloch-start.cu");
  EXPECT_EQ(e.text, start);
  EXPECT_EQ(e.original, start);
  EXPECT_FALSE(editor_dirty(e));
  EXPECT_FALSE(exercise_edited(s));
  EXPECT_TRUE(e.builtin);
  EXPECT_EQ(s.panels, (std::vector<std::string>{"editor", "warps"}));  // the step's warps,code: the editor in the code view's place
  EXPECT_EQ(s.trace.kernel, "pad-blelloch-start");
  EXPECT_EQ(s.trace.n, 512);
  EXPECT_EQ(s.request.banks, 16);
  EXPECT_EQ(s.request.type, ValueType::Float);
  EXPECT_EQ(s.step, st.at);
  EXPECT_TRUE(trace_runs_text(s));

  const ExerciseVerdict v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Failed);
  EXPECT_EQ(v.headline, "Not yet: 2 of " + checks(3) + " failed");
  ASSERT_EQ(v.failures.size(), 2u);
  const int load_line = line_with(start, "temp[2*thid] = g_idata"), add_line = line_with(start, "temp[bi] += temp[ai];");
  EXPECT_EQ(v.failures[0].run, "512 floats, 16 banks (G80)");
  EXPECT_NE(v.failures[0].sentence.find("1056 bank conflicts with 16 banks"), std::string::npos) << v.failures[0].sentence;
  EXPECT_NE(v.failures[0].sentence.find("2-way conflicts remain at step 'load' (line " + std::to_string(load_line) + ")"), std::string::npos)
      << v.failures[0].sentence;
  EXPECT_EQ(v.failures[1].run, "2048 floats, 32 banks");
  EXPECT_NE(v.failures[1].sentence.find("(line " + std::to_string(add_line) + ")"), std::string::npos) << v.failures[1].sentence;
  EXPECT_TRUE(v.passes.empty());
  EXPECT_TRUE(v.note.empty());
  EXPECT_EQ(flag_lines(s), (std::vector<int>{load_line, add_line}));
  ASSERT_EQ(e.flags.size(), 2u);
  EXPECT_EQ(e.flags[0].message, "FAIL conflicts (the lesson box says why)");
  ASSERT_EQ(e.notes.size(), 1u);
  EXPECT_EQ(e.notes[0].text, "pad-blelloch: 2 of " + checks(3) + " failed (see the lesson box)");
  EXPECT_FALSE(e.notes[0].ok);
  EXPECT_EQ(e.scroll_line, load_line - 1);  // the first failure's line comes into view

  try_exercise(s);  // again: nothing changes
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
  EXPECT_EQ(s.editor.text, start);
}

// The simple padding typed in: most conflicts go, the checks name the level and line where 2-way
// ones remain; the second term of the macro: PASSED, every check listed, nothing marked.
TEST(WindowExercises, TheTypedPaddingPassesAndTheSimpleOneLeavesConflicts) {
  AppState s;
  setup(s);
  try_padding(s);
  const std::string start = s.editor.text;

  s.editor.text = padded(start, false);
  EXPECT_TRUE(editor_dirty(s.editor));
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  EXPECT_EQ(conflicts(s.trace), 32);
  EXPECT_EQ(s.trace.n, 512);  // the exercise's options stay
  ExerciseVerdict v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Failed);
  ASSERT_EQ(v.failures.size(), 2u);
  const int add_line = line_with(s.editor.text, "temp[bi] += temp[ai];");
  EXPECT_NE(v.failures[0].sentence.find("32 bank conflicts with 16 banks (loads 20, stores 12), at most 0 allowed: 2-way conflicts remain at step "
                                        "'up-sweep d=16' (line " + std::to_string(add_line) + ")"),
            std::string::npos)
      << v.failures[0].sentence;
  EXPECT_EQ(flag_lines(s), std::vector<int>{add_line});  // both runs' failures name the same line: one mark

  s.editor.text = padded(start, true);
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  EXPECT_EQ(conflicts(s.trace), 0);
  v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Passed);
  EXPECT_EQ(v.headline, "PASSED: all " + checks(3) + ", on 3 runs");
  EXPECT_TRUE(v.failures.empty());
  ASSERT_EQ(v.passes.size(), 5u);  // the outputs and the conflicts, not "it runs"
  EXPECT_EQ(v.passes[1].sentence, "no bank conflicts with 16 banks");
  EXPECT_TRUE(flag_lines(s).empty());
  ASSERT_EQ(s.editor.notes.size(), 1u);
  EXPECT_TRUE(s.editor.notes[0].ok);
  // The comparison's partner is the start: the student's version beside it, level by level.
  ASSERT_TRUE(s.have_compare);
  EXPECT_EQ(conflicts(s.compare), 1056);
}

// A kernel that does not run: the lesson box says so with the editor's line; a text edited since
// its check says that the check is of the text before.
TEST(WindowExercises, AFailedRunSaysWhereAndAnEditSinceTheCheckIsNoted) {
  AppState s;
  setup(s);
  try_padding(s);
  const std::string start = s.editor.text;
  s.editor.text = replaced(start, "int offset = 1;", "int offset = oops;");
  EXPECT_FALSE(editor_run(s));
  ExerciseVerdict v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::DidNotRun);
  EXPECT_EQ(v.headline, "Your kernel did not run");
  ASSERT_EQ(v.failures.size(), 1u);
  EXPECT_NE(v.failures[0].sentence.find("line " + std::to_string(line_with(start, "int offset = 1;")) + ":"), std::string::npos)
      << v.failures[0].sentence;
  EXPECT_NE(v.failures[0].sentence.find("'oops' is not declared"), std::string::npos) << v.failures[0].sentence;
  EXPECT_NE(v.note.find("marks the line"), std::string::npos);

  // A text that runs on the first run (16 banks) but does not compile on the others (32): their
  // sentences name the file as the editor does, and their skipped checks are counted.
  s.editor.text = replaced(start, "    int offset = 1;\n", "    int offset = 1;\n#if NUM_BANKS == 32\n    oops;\n#endif\n");
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Failed);
  EXPECT_EQ(v.headline, "Not yet: 6 of " + checks(1) + " failed");
  ASSERT_EQ(v.failures.size(), 4u);
  EXPECT_EQ(v.failures[1].run, "2048 floats, 32 banks");
  EXPECT_EQ(v.failures[1].sentence.rfind("does not compile: assets/exercises/pad-blelloch-start.cu:" +
                                             std::to_string(line_with(s.editor.text, "oops;")) + ":5: ",
                                         0),
            0u)
      << v.failures[1].sentence;
  EXPECT_EQ(v.failures[2].run, "the paper's 8 numbers");
  EXPECT_EQ(v.failures[3].sentence, "3 checks were not run: the kernel did not run there");

  s.editor.text = start;
  ASSERT_TRUE(editor_run(s));
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  EXPECT_TRUE(exercise_verdict(s).note.empty());
  s.editor.text += "// thinking\n";
  v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Failed);  // the last check, said to be of the text before
  EXPECT_NE(v.note.find("edited the text since this check"), std::string::npos) << v.note;
}

// The lines a check names move with the edits made after it, and go where the line is changed.
TEST(WindowExercises, MarkedLinesFollowTheEdits) {
  AppState s;
  setup(s);
  try_padding(s);
  const std::vector<int> before = flag_lines(s);
  ASSERT_EQ(before.size(), 2u);
  s.editor.text = "// my notes\n" + s.editor.text;
  EXPECT_EQ(flag_lines(s), (std::vector<int>{before[0] + 1, before[1] + 1}));
  s.editor.text = replaced(s.editor.text, "temp[2*thid] = g_idata[2*thid];", "temp[2*thid + 0] = g_idata[2*thid];");
  EXPECT_EQ(flag_lines(s), std::vector<int>{before[1] + 1});  // the changed line's mark goes
}

// The student's version is kept while the lesson moves on, without a question, and comes back with
// the step; each exercise keeps its own, across lessons too (also one whose start is the step's own
// catalogue kernel), with its hint.
TEST(WindowExercises, EachExerciseKeepsItsTextAcrossStepsAndLessons) {
  AppState s;
  setup(s);
  const auto [li, k] = try_padding(s);
  const std::string mine = padded(s.editor.text, false);
  s.editor.text = mine;  // typed, not run
  toggle_exercise_hint(s);
  EXPECT_TRUE(s.exercise.work["pad-blelloch"].hint_shown);

  go_lesson_step(s, li, k - 1);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);  // kept, so not asked about
  EXPECT_EQ(s.lesson.step, k - 1);
  EXPECT_FALSE(exercise_in_editor(s));
  EXPECT_TRUE(s.editor.exercise.empty());
  EXPECT_EQ(s.editor.kernel, s.lesson.lessons[li].steps[k - 1].request.kernel);  // the step's kernel in the editor
  EXPECT_FALSE(editor_dirty(s.editor));
  EXPECT_EQ(s.exercise.work["pad-blelloch"].text, mine);
  toggle_exercise_hint(s);  // not in the exercise: nothing
  EXPECT_TRUE(s.exercise.work["pad-blelloch"].hint_shown);

  // Another lesson's exercise, whose start is the catalogue kernel its step shows.
  const auto [dl, dk] = exercise_step(s, "divergence", "sequential-addressing");
  ASSERT_EQ(s.lesson.lessons[dl].steps[dk].request.kernel, "reduce-interleaved-divergent");
  go_lesson_step(s, dl, dk);
  try_exercise(s);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.kernel, "reduce-interleaved-divergent");
  EXPECT_TRUE(s.editor.builtin);
  EXPECT_EQ(s.trace.n, 256);
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);  // the divergent tree diverges
  const std::string theirs = s.editor.text + "// my loop comes here\n";
  s.editor.text = theirs;
  EXPECT_FALSE(s.exercise.work["sequential-addressing"].hint_shown);
  ASSERT_EQ(s.lesson.lessons[dl].steps[0].request.kernel, "reduce-interleaved-divergent");
  go_lesson_step(s, dl, 0);  // the lesson's first step shows the exercise's start, as the catalogue has it
  EXPECT_EQ(s.editor.text, find_kernel_file("reduce-interleaved-divergent")->text);
  EXPECT_FALSE(exercise_in_editor(s));
  go_lesson_step(s, dl, dk);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, theirs);

  go_lesson_step(s, li, k);  // back to the padding exercise: the typed version, run and checked
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, mine);
  EXPECT_TRUE(editor_dirty(s.editor));  // still unsaved changes of the start
  EXPECT_TRUE(trace_runs_text(s));
  EXPECT_EQ(conflicts(s.trace), 32);
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  EXPECT_TRUE(s.exercise.work["pad-blelloch"].hint_shown);

  go_lesson_step(s, dl, dk);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, theirs);
  EXPECT_EQ(s.exercise.work["sequential-addressing"].text, theirs);

  // Leaving the lesson: the editor keeps the text (and asks about it before closing).
  leave_lesson(s);
  EXPECT_EQ(s.editor.text, theirs);
  EXPECT_TRUE(editor_dirty(s.editor));
  request_close(s);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_FALSE(s.quit);
}

// Try it over unsaved changes of another text asks first (cancel keeps them, discard goes on); so
// does coming back to a tried exercise, and a step opened without the question does not put the
// kept text over them.
TEST(WindowExercises, TheUnsavedChangesOfAnotherTextAreAskedAbout) {
  AppState s;
  setup(s);
  const auto [li, k] = exercise_step(s, "padding", "pad-blelloch");
  ASSERT_TRUE(open_lesson_step(s, li, k));
  const std::string other = s.editor.text + "// mine\n";
  s.editor.text = other;
  try_exercise(s);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.editor.prompt_what, "try exercise pad-blelloch");
  EXPECT_FALSE(exercise_in_editor(s));
  answer_unsaved(s, UnsavedChoice::Cancel);
  EXPECT_EQ(s.editor.text, other);
  EXPECT_FALSE(exercise_in_editor(s));
  try_exercise(s);
  answer_unsaved(s, UnsavedChoice::Discard);
  ASSERT_TRUE(exercise_in_editor(s));

  go_lesson_step(s, li, k - 1);
  const std::string step_text = s.editor.text + "// another\n";
  s.editor.text = step_text;
  go_lesson_step(s, li, k);  // the kept exercise text would replace it: asked
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  answer_unsaved(s, UnsavedChoice::Cancel);
  EXPECT_EQ(s.lesson.step, k - 1);
  EXPECT_EQ(s.editor.text, step_text);
  ASSERT_TRUE(open_lesson_step(s, li, k));  // without the question: the edit stays, the exercise waits for Try it
  EXPECT_FALSE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, step_text);
}

// Show the model solution asks first; yes loads and runs it (PASSED), after the unsaved-changes
// question when the text has changes; Reset to the start goes back, asking likewise.
TEST(WindowExercises, TheModelSolutionAndTheResetAskFirst) {
  AppState s;
  setup(s);
  try_padding(s);
  const Exercise* ex = loaded_exercise(s, "pad-blelloch");
  ASSERT_NE(ex, nullptr);
  const std::string start = s.editor.text, solution = read_exercise_file(ex->solution_path);
  reset_exercise(s);  // nothing to go back from
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);

  ask_model_solution(s);
  EXPECT_TRUE(s.exercise.confirm_solution);
  EXPECT_TRUE(question_open(s));
  answer_model_solution(s, false);
  EXPECT_FALSE(s.exercise.confirm_solution);
  EXPECT_EQ(s.editor.text, start);

  ask_model_solution(s);
  answer_model_solution(s, true);  // no unsaved changes: loaded at once
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, solution);
  EXPECT_EQ(s.editor.original, start);
  EXPECT_TRUE(exercise_edited(s));
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Passed);
  EXPECT_EQ(conflicts(s.trace), 0);

  s.editor.text = solution + "// my change\n";
  ask_model_solution(s);
  answer_model_solution(s, true);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.editor.prompt_what, "load the model solution");
  answer_unsaved(s, UnsavedChoice::Discard);
  EXPECT_EQ(s.editor.text, solution);
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Passed);

  reset_exercise(s);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.editor.prompt_what, "go back to the start");
  answer_unsaved(s, UnsavedChoice::Discard);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.editor.text, start);
  EXPECT_FALSE(editor_dirty(s.editor));
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  EXPECT_EQ(conflicts(s.trace), 1056);
}

// The start is the exercise's own file: Save asks for another, and its folder is refused.
TEST(WindowExercises, TheStartFileIsNeverSavedOver) {
  AppState s;
  setup(s);
  try_padding(s);
  s.editor.text += "// mine\n";
  EXPECT_FALSE(editor_save(s));
  EXPECT_EQ(s.editor.prompt, EditorPrompt::SaveAs);
  const std::string refusal = save_refusal(loaded_exercise(s, "pad-blelloch")->start_path);
  EXPECT_NE(refusal.find("is in the exercises folder"), std::string::npos) << refusal;
  EXPECT_FALSE(editor_save_as(s, loaded_exercise(s, "pad-blelloch")->start_path));
  EXPECT_EQ(start_text(s, "pad-blelloch") + "// mine\n", s.editor.text);  // the file is as it was
}

TEST(WindowExercises, PanelsAndTheLessonBox) {
  EXPECT_EQ(exercise_panels({"warps", "code"}, false), (std::vector<std::string>{"editor", "warps"}));
  EXPECT_EQ(exercise_panels({"tree", "editor", "smem"}, false), (std::vector<std::string>{"editor", "tree", "smem"}));
  EXPECT_EQ(exercise_panels({"warps", "code"}, true), std::vector<std::string>{"editor"});  // presenter: the text and the box
  LayoutExtras lesson, exercise;
  lesson.lesson = exercise.lesson = true;
  exercise.exercise = true;
  for (const float w : {1600.0f, 1280.0f}) {
    const float h = w * 9 / 16;
    EXPECT_GT(layout_window({"editor"}, w, h, 1.25f, exercise).lesson.h, layout_window({"editor"}, w, h, 1.25f, lesson).lesson.h * 1.1f) << w;
    EXPECT_GT(layout_window({"editor"}, w, h, 1.25f, exercise).panels[0].rect.h, h * 0.35f) << w;  // the editor keeps its room
  }
}

// An exercise file that does not load is a toast naming file:line; the step's own still loads.
TEST(WindowExercises, ABrokenExerciseFileIsNamedAndTheOthersLoad) {
  const auto dir = std::filesystem::temp_directory_path() / ("scanscope_exercises_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "lessons");
  std::filesystem::create_directories(dir / "exercises");
  std::ofstream(dir / "lessons" / "01-mini.lesson") << "lesson: mini\ntitle: Mini\nstep: Try\nkernel: reduce-interleaved-divergent\nn: 64\n"
                                                       "exercise: mini-seq\ntext: Try it.\n";
  std::ofstream(dir / "exercises" / "a-bad.exercise") << "exercise: bad\ntitle: Bad\n";
  std::ofstream(dir / "exercises" / "b-mini.exercise")
      << "exercise: mini-seq\ntitle: Sequential\nstart: reduce-interleaved-divergent\nsolution: reduce-sequential\ntask: Do it.\nhint: tid < s.\n"
         "run: 64 ints\nn: 64\ncheck: output\ncheck: max-divergent-steps 0\n";
  AppState s;
  s.options.device = Device::Cpu;
  load_lesson_list(s, (dir / "lessons").string());
  ASSERT_EQ(s.lesson.lessons.size(), 1u);
  ASSERT_TRUE(open_lesson_step(s, 0, 0));
  const Exercise* ex = step_exercise(s);
  ASSERT_NE(ex, nullptr);
  EXPECT_EQ(ex->name, "mini-seq");
  ASSERT_EQ(s.exercise.errors.size(), 1u);
  EXPECT_NE(s.exercise.errors[0].find("a-bad.exercise:"), std::string::npos) << s.exercise.errors[0];
  EXPECT_TRUE(std::any_of(s.toasts.begin(), s.toasts.end(), [](const Toast& t) { return t.error && t.text.find("a-bad.exercise:") != std::string::npos; }));
  try_exercise(s);
  ASSERT_TRUE(exercise_in_editor(s));
  EXPECT_EQ(s.trace.n, 64);
  const ExerciseVerdict v = exercise_verdict(s);
  EXPECT_EQ(v.kind, ExerciseVerdict::Failed);
  ASSERT_EQ(v.failures.size(), 1u);
  EXPECT_EQ(v.failures[0].run, "64 ints");
  std::filesystem::remove_all(dir);
}

// Exercise progress survives closing the window (issue 24): the student's version of each exercise
// and whether it passed are kept in the save folder (user_data_dir()/my-exercises in the window); a
// new window reads them back, offers the version again and it opens with its verdict; a failing
// edit takes the passed mark away, the reset to the start leaves no file.
TEST(WindowExercises, ProgressIsKeptAcrossWindowsInTheDataFolder) {
  const std::string dir = ::testing::TempDir() + "/scanscope-progress-" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  std::string passing;
  {
    AppState s;
    setup(s);
    s.exercise.save_dir = dir;
    try_padding(s);
    passing = padded(s.editor.text, true);
    s.editor.text = passing;
    ASSERT_TRUE(editor_run(s)) << s.form_error;
    ASSERT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Passed);
    save_app_settings(s, 1280, 720);  // what closing the window does (no settings file: not written)
  }
  ASSERT_TRUE(std::filesystem::exists(dir + "/pad-blelloch.cu"));
  ASSERT_TRUE(std::filesystem::exists(dir + "/pad-blelloch.passed"));
  {
    AppState s;
    setup(s);
    s.exercise.save_dir = dir;
    load_exercise_progress(s);
    ASSERT_TRUE(s.exercise.work.count("pad-blelloch"));
    EXPECT_TRUE(s.exercise.work["pad-blelloch"].started);
    EXPECT_TRUE(s.exercise.work["pad-blelloch"].passed_before);
    try_padding(s);
    EXPECT_EQ(s.editor.text, passing);  // the student's version, not the start
    EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Passed);
    // A failing edit: kept, and no longer marked passed.
    s.editor.text = padded(start_text(s, "pad-blelloch"), false);
    ASSERT_TRUE(editor_run(s)) << s.form_error;
    EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/pad-blelloch.passed"));
  std::string start;
  {
    AppState s;
    setup(s);
    s.exercise.save_dir = dir;
    load_exercise_progress(s);
    EXPECT_FALSE(s.exercise.work["pad-blelloch"].passed_before);
    try_padding(s);
    EXPECT_EQ(s.editor.text, padded(start_text(s, "pad-blelloch"), false));
    reset_exercise(s);  // one click: the start, run and checked
    answer_unsaved(s, UnsavedChoice::Discard);
    start = start_text(s, "pad-blelloch");
    EXPECT_EQ(s.editor.text, start);
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/pad-blelloch.cu"));  // the start needs no file
  EXPECT_FALSE(std::filesystem::exists(dir + "/pad-blelloch.passed"));
  std::filesystem::remove_all(dir);
}

// One Esc after Ctrl+Enter does not lose the verdict (issue 24): while an exercise is tried, Esc
// asks before leaving the lesson; "stay" keeps lesson and verdict, "leave" leaves. Without an
// exercise in the editor Esc leaves at once, as before.
TEST(WindowExercises, EscAsksBeforeLeavingALessonWithAVerdict) {
  AppState s;
  setup(s);
  try_padding(s);
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  ASSERT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  s.key_queue.push_back({"escape"});
  handle_queued_keys(s, false);
  EXPECT_TRUE(s.lesson.confirm_leave);
  EXPECT_TRUE(question_open(s));
  ASSERT_NE(current_lesson_step(s), nullptr);  // still in the lesson
  answer_leave_lesson(s, false);
  EXPECT_FALSE(s.lesson.confirm_leave);
  EXPECT_NE(current_lesson_step(s), nullptr);
  EXPECT_EQ(exercise_verdict(s).kind, ExerciseVerdict::Failed);
  s.key_queue.push_back({"escape"});
  handle_queued_keys(s, false);
  answer_leave_lesson(s, true);
  EXPECT_EQ(current_lesson_step(s), nullptr);
  // A step without the exercise in the editor: Esc leaves at once.
  const auto at = exercise_step(s, "padding", "pad-blelloch");
  ASSERT_TRUE(open_lesson_step(s, at.first, 0));
  s.key_queue.push_back({"escape"});
  handle_queued_keys(s, false);
  EXPECT_FALSE(s.lesson.confirm_leave);
  EXPECT_EQ(current_lesson_step(s), nullptr);
}
