// The kernel editor's logic without a window (app/window/editor.h): what it holds and when it has
// unsaved changes, Run with the edited text (every trace-derived view follows), the interpreter's
// errors on their lines, the marks that follow edits, saving (atomic, the mode kept, never into
// the kernels folder, clear messages), the unsaved-changes question, the comparison with the
// original, and the start-up on a --source file.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app_state.h"
#include "editor.h"
#include "engine/cuda/source.h"
#include "engine/kernel_file.h"
#include "model.h"
#include "source_view.h"
#include "startup.h"

using namespace scanscope;

namespace {

std::string temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("scanscope_editor_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The G80 scan of the padding lesson: 240 conflicts unpadded.
TraceRequest g80_scan() {
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.n = 128;
  r.banks = 16;
  r.warp_issue = 16;
  return r;
}

// An AppState showing `r`, the editor following it.
void show(AppState& s, const TraceRequest& r) {
  s.form.device = 1;  // the CPU emulator
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
}

// The text with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

long long conflicts(const Trace& t) { return t.totals.ld.conflicts + t.totals.st.conflicts; }

int line_with(const std::string& text, const std::string& what) { return line_of_offset(text, static_cast<int>(text.find(what))) + 1; }

}  // namespace

TEST(Editor, FollowsTheTraceAndTracksUnsavedChanges) {
  AppState s;
  show(s, g80_scan());
  const EditorState& e = s.editor;
  ASSERT_TRUE(e.loaded);
  EXPECT_EQ(e.display, "kernels/scan/scan-blelloch.cu");
  EXPECT_EQ(e.kernel, "scan-blelloch");
  EXPECT_TRUE(e.builtin);
  EXPECT_EQ(e.text, find_kernel_file("scan-blelloch")->text);
  EXPECT_FALSE(editor_dirty(e));
  EXPECT_FALSE(editor_edited(e));
  EXPECT_TRUE(trace_runs_text(s));

  s.editor.text += "\n// a note\n";
  EXPECT_TRUE(editor_dirty(s.editor));
  EXPECT_TRUE(editor_edited(s.editor));
  EXPECT_FALSE(trace_runs_text(s));
  EXPECT_NE(editor_status(s, nullptr).find("edited since the last Run"), std::string::npos);
  editor_reset(s);
  EXPECT_FALSE(editor_dirty(s.editor));
  EXPECT_EQ(s.editor.text, s.editor.original);

  // Another kernel (nothing unsaved): the editor follows it.
  TraceRequest other = g80_scan();
  other.kernel = "reduce-sequential";
  show(s, other);
  EXPECT_EQ(s.editor.display, "kernels/reduce/reduce-sequential.cu");
  EXPECT_EQ(s.editor.kernel, "reduce-sequential");
}

// Change the padding in the text, Run: the trace is the edited kernel's (its text, its shared
// memory, its conflicts), so every panel that reads the trace follows.
TEST(Editor, RunTracesTheEditedTextAndTheTraceFollows) {
  AppState s;
  show(s, g80_scan());
  EXPECT_EQ(conflicts(s.trace), 240);
  EXPECT_EQ(s.trace.smem_words, 128);
  s.editor.text = replaced(s.editor.text, "#define PAD 0", "#define PAD 2");
  s.step = 4;
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  EXPECT_EQ(conflicts(s.trace), 0);
  EXPECT_GT(s.trace.smem_words, 128);  // the padding slots
  EXPECT_EQ(s.trace.file_texts[main_file_index(s.trace)], s.editor.text);
  EXPECT_EQ(s.step, 4);  // the same step, now of the edited kernel
  EXPECT_TRUE(s.request.has_source_text);
  EXPECT_TRUE(trace_runs_text(s));
  EXPECT_TRUE(trace_runs_edit(s));
  EXPECT_TRUE(editor_dirty(s.editor));  // run, not saved
  EXPECT_NE(editor_status(s, nullptr).find("0 conflicts"), std::string::npos) << editor_status(s, nullptr);
  // The sidebar's Run of the same kernel (another n) runs the edited text too.
  s.form.n = 64;
  ASSERT_TRUE(run_from_form(s));
  EXPECT_EQ(s.trace.n, 64);
  EXPECT_EQ(conflicts(s.trace), 0);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
}

// The header lines of edited text count: a tighter require: line refuses the n it allowed.
TEST(Editor, EditedHeaderLinesOfABuiltInKernelApply) {
  AppState s;
  show(s, g80_scan());
  s.editor.text = replaced(s.editor.text, "// require: N <= 2048 : takes --n from 1 to 2048, not {N}",
                           "// require: N <= 64 : takes --n up to 64 once edited, not {N}");
  EXPECT_FALSE(editor_run(s));
  ASSERT_EQ(s.editor.errors.size(), 1u);
  EXPECT_NE(s.editor.errors[0].message.find("takes --n up to 64 once edited, not 128"), std::string::npos) << s.editor.errors[0].message;
  EXPECT_EQ(s.editor.errors[0].line, 0);  // a request the text refuses: no line to mark
  EXPECT_EQ(conflicts(s.trace), 240);     // the old trace stays
}

TEST(Editor, ASyntaxErrorIsMarkedOnItsLine) {
  AppState s;
  show(s, g80_scan());
  const std::string stmt = "temp[bi] = OP(temp[ai], temp[bi]);";
  const int line = line_with(s.editor.text, stmt);
  s.editor.text = replaced(s.editor.text, stmt, "oops " + stmt);
  EXPECT_FALSE(editor_run(s));
  ASSERT_EQ(s.editor.errors.size(), 1u);
  const EditorError& x = s.editor.errors[0];
  EXPECT_EQ(x.line, line);
  EXPECT_EQ(x.col, 13);
  EXPECT_TRUE(x.here);
  EXPECT_FALSE(x.fault);
  EXPECT_EQ(x.file, "kernels/scan/scan-blelloch.cu");
  EXPECT_EQ(x.message, "'oops' is not declared");
  bool red = false;
  EXPECT_EQ(editor_status(s, &red), "line " + std::to_string(line) + ":13: 'oops' is not declared");
  EXPECT_TRUE(red);
  EXPECT_EQ(s.editor.scroll_line, line - 1);
  EXPECT_EQ(conflicts(s.trace), 240);  // the old trace stays
  int error_marks = 0;
  for (const EditorMark& m : editor_marks(s))
    if (m.kind == EditorMark::Error) {
      ++error_marks;
      EXPECT_EQ(m.line, line - 1);
      EXPECT_EQ(s.editor.text.substr(static_cast<size_t>(line_start(s.editor.text, m.line) + m.begin), static_cast<size_t>(m.end - m.begin)), "oops");
      EXPECT_EQ(m.message, x.message);
    }
  EXPECT_EQ(error_marks, 1);
  // Fixed and run again: the error goes.
  s.editor.text = replaced(s.editor.text, "oops ", "");
  ASSERT_TRUE(editor_run(s));
  EXPECT_TRUE(s.editor.errors.empty());
}

// A fault while the kernel runs is marked at the access that faulted.
TEST(Editor, AFaultWhileRunningIsMarkedAtTheAccess) {
  AppState s;
  show(s, g80_scan());
  const std::string stmt = "temp[bi] = OP(temp[ai], temp[bi]);";
  const int line = line_with(s.editor.text, stmt);
  s.editor.text = replaced(s.editor.text, stmt, "temp[bi + 100000] = OP(temp[ai], temp[bi]);");
  EXPECT_FALSE(editor_run(s));
  ASSERT_EQ(s.editor.errors.size(), 1u);
  EXPECT_TRUE(s.editor.errors[0].fault);
  EXPECT_TRUE(s.editor.errors[0].here);
  EXPECT_EQ(s.editor.errors[0].line, line);
  EXPECT_NE(s.editor.errors[0].message.find("outside the block's"), std::string::npos) << s.editor.errors[0].message;
  EXPECT_NE(editor_status(s, nullptr).find("while running: thread"), std::string::npos) << editor_status(s, nullptr);
  // The panels show what ran up to the fault, at its last step, and the banner says it is a fault.
  ASSERT_TRUE(s.have_trace);
  EXPECT_EQ(s.trace.fault_line, line);
  EXPECT_EQ(s.step, step_count(s) - 1);
  EXPECT_TRUE(at_fault_step(s));
  EXPECT_EQ(s.trace.steps.back().label, "up to the fault");
  EXPECT_GT(step_count(s), 1);  // the loads and the up-sweep's levels before the faulting store
  EXPECT_EQ(s.output_note.rfind("Kernel fault at line " + std::to_string(line), 0), 0u) << s.output_note;
  s.step = 0;
  EXPECT_FALSE(at_fault_step(s));
  // The fixed text runs to its end again: no fault left on screen.
  s.editor.text = s.editor.original;
  EXPECT_TRUE(editor_run(s)) << s.form_error;
  EXPECT_TRUE(s.trace.fault.empty());
  EXPECT_EQ(s.output_note, "");
}

TEST(Editor, ErrorsOfOtherFilesAndWithoutPositionAreNotOnAnEditorLine) {
  const cuda::CudaError in_ops("kernels/ops.cuh:3:9: expected ';'", cuda::Pos{1, 3, 9}, "expected ';'");
  EditorError x = editor_error_of(in_ops, "kernels/scan/scan-blelloch.cu");
  EXPECT_EQ(x.file, "kernels/ops.cuh");
  EXPECT_EQ(x.line, 3);
  EXPECT_EQ(x.col, 9);
  EXPECT_FALSE(x.here);
  x = editor_error_of(in_ops, "kernels/ops.cuh");
  EXPECT_TRUE(x.here);
  const cuda::CudaError nowhere("<command line>: bad", cuda::Pos{}, "bad");
  x = editor_error_of(nowhere, "kernels/ops.cuh");
  EXPECT_EQ(x.line, 0);
  EXPECT_FALSE(x.here);
  EXPECT_EQ(x.message, "bad");
  x = editor_error_of(UsageError("kernels/x.cu: no `// launch:` line"), "kernels/x.cu");
  EXPECT_EQ(x.line, 0);
  EXPECT_EQ(x.message, "kernels/x.cu: no `// launch:` line");
}

TEST(Editor, LinesAreMappedThroughEdits) {
  const std::vector<std::string> a = {"a", "b", "c", "d", "e"};
  EXPECT_EQ(map_lines(a, a), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(map_lines(a, {"x", "a", "b", "c", "d", "e"}), (std::vector<int>{1, 2, 3, 4, 5}));  // a line inserted at the top
  EXPECT_EQ(map_lines(a, {"a", "b", "d", "e"}), (std::vector<int>{0, 1, -1, 2, 3}));           // one removed
  EXPECT_EQ(map_lines(a, {"a", "B", "c", "y", "d", "e"}), (std::vector<int>{0, -1, 2, 4, 5}));  // one changed, one added
  EXPECT_EQ(map_lines(a, {}), (std::vector<int>{-1, -1, -1, -1, -1}));
  EXPECT_EQ(line_count("x\ny"), 2);
  EXPECT_EQ(line_start("ab\ncd\nef", 2), 6);
  EXPECT_EQ(line_of_offset("ab\ncd\nef", 4), 1);
}

// The current access's mark is the expression the trace recorded; after an edit (not yet run) it
// moves with its line, and a line that was changed loses it.
TEST(Editor, TheAccessMarkFollowsTheTextUntilItsLineIsEdited) {
  AppState s;
  show(s, g80_scan());
  s.step = 4;  // up-sweep d=8
  s.selected_inst = 0;
  auto access = [&]() {
    std::vector<EditorMark> out;
    for (const EditorMark& m : editor_marks(s))
      if (m.kind == EditorMark::Access) out.push_back(m);
    return out;
  };
  const auto before = access();
  ASSERT_EQ(before.size(), 1u);
  const std::string& text = s.editor.text;
  const int start = line_start(text, before[0].line);
  EXPECT_EQ(text.substr(static_cast<size_t>(start + before[0].begin), static_cast<size_t>(before[0].end - before[0].begin)), "temp[ai]");
  s.editor.text = "// one more line\n" + s.editor.text;
  auto after = access();
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].line, before[0].line + 1);
  s.editor.text = replaced(s.editor.text, "temp[bi] = OP(temp[ai], temp[bi]);", "temp[bi] = OP(temp[ai] , temp[bi]);");
  EXPECT_TRUE(access().empty());
}

// An application kernel's accesses are in the scan it includes: the editor (which holds the
// kernel's own file) says where, and marks nothing in its text for them.
TEST(Editor, AnAccessInAnIncludedFileIsNamed) {
  AppState s;
  TraceRequest r;
  r.kernel = "app-compact";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  show(s, r);
  EXPECT_EQ(s.editor.display, "kernels/app/app-compact.cu");
  int elsewhere = 0, here = 0;
  for (int k = 0; k < step_count(s); ++k) {
    s.step = k;
    const int site = current_site(s.trace, k, 0, 0);
    if (site < 0) continue;
    const bool included = s.trace.sites[site].file != main_file_index(s.trace);
    const std::string note = editor_access_elsewhere(s);
    int access_marks = 0;
    for (const EditorMark& m : editor_marks(s)) access_marks += m.kind == EditorMark::Access;
    if (included) {
      ++elsewhere;
      EXPECT_NE(note.find("this step's access is in kernels/scan/scan-blelloch.cu, line "), std::string::npos) << note;
      EXPECT_EQ(access_marks, 0);
    } else {
      ++here;
      EXPECT_EQ(note, "");
      EXPECT_GT(access_marks, 0);
    }
  }
  EXPECT_GT(elsewhere, 0);
  EXPECT_GT(here, 0);
}

TEST(EditorFiles, SavingABuiltInKernelAsksForANewFileAndNeverWritesTheKernelsFolder) {
  AppState s;
  show(s, g80_scan());
  const std::string kernel_path = find_kernel_file("scan-blelloch")->path;
  const std::string on_disk = slurp(kernel_path);
  s.editor.text += "// mine\n";
  EXPECT_FALSE(editor_save(s));
  EXPECT_EQ(s.editor.prompt, EditorPrompt::SaveAs);
  EXPECT_EQ(std::string(s.editor.path_buf), kernel_file_path("scan-blelloch-edit.cu"));  // a new file, here
  EXPECT_EQ(slurp(kernel_path), on_disk);
  // Into the kernels folder, by any name: refused, nothing written.
  for (const std::string& p : {kernel_path, kernel_dir() + "/scan/mine.cu", kernel_dir() + "/../kernels/mine.cu"}) {
    EXPECT_NE(save_refusal(p).find("kernels folder"), std::string::npos) << p;
    EXPECT_FALSE(editor_save_as(s, p)) << p;
    EXPECT_NE(s.editor.prompt_error.find("kernels folder"), std::string::npos) << s.editor.prompt_error;
  }
  EXPECT_EQ(slurp(kernel_path), on_disk);
  EXPECT_FALSE(std::filesystem::exists(kernel_dir() + "/scan/mine.cu"));
  EXPECT_TRUE(s.toasts.back().error);
  EXPECT_TRUE(editor_dirty(s.editor));

  // A file elsewhere: written, and from now on the editor's file (run as --source).
  const std::string dir = temp_dir("save_as");
  const std::string mine = dir + "/my-scan.cu";
  EXPECT_EQ(save_refusal(mine), "");
  EXPECT_NE(save_refusal(dir).find("is a folder"), std::string::npos);
  const std::string link = dir + "/link.cu";  // a link into the kernels folder is refused too
  std::filesystem::create_symlink(kernel_path, link);
  EXPECT_NE(save_refusal(link).find("kernels folder"), std::string::npos) << save_refusal(link);
  std::filesystem::remove(link);
  EXPECT_EQ(save_refusal("/dev/null"), "/dev/null is not a regular file");
  EXPECT_EQ(save_refusal("-"), "- is not a regular file");
  ASSERT_TRUE(editor_save_as(s, mine)) << s.editor.prompt_error;
  EXPECT_EQ(slurp(mine), s.editor.text);
  EXPECT_FALSE(editor_dirty(s.editor));
  EXPECT_FALSE(s.editor.builtin);
  EXPECT_EQ(s.editor.path, kernel_file_path(mine));
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
  ASSERT_TRUE(editor_run(s)) << s.form_error;
  EXPECT_EQ(s.trace.source, kernel_file_path(mine));
  EXPECT_EQ(s.trace.n, 128);  // the options it ran with before
  std::error_code ec;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1) << "a temporary file was left";
  std::filesystem::remove_all(dir, ec);
}

// Save writes a temporary file beside the target and renames it over: the file keeps its
// permissions, no temporary file stays.
TEST(EditorFiles, SaveIsAtomicAndKeepsTheFilesMode) {
  const std::string dir = temp_dir("mode");
  const std::string path = dir + "/k.cu";
  std::ofstream(path) << find_kernel_file("reduce-sequential")->text;
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  AppState s;
  s.form.device = 1;
  ASSERT_TRUE(editor_open(s, path)) << s.form_error;
  EXPECT_FALSE(s.editor.builtin);
  EXPECT_EQ(s.trace.source, kernel_file_path(path));
  EXPECT_NE(std::find(s.panels.begin(), s.panels.end(), "editor"), s.panels.end());
  s.editor.text += "// saved\n";
  ASSERT_TRUE(editor_save(s)) << s.editor.prompt_error;
  EXPECT_EQ(slurp(path), s.editor.text);
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_FALSE(editor_dirty(s.editor));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

TEST(EditorFiles, AnUnwritablePathIsAClearMessage) {
  AppState s;
  show(s, g80_scan());
  EXPECT_FALSE(editor_save_as(s, "/nonexistent-folder/mine.cu"));
  EXPECT_EQ(s.editor.prompt_error, "cannot save /nonexistent-folder/mine.cu: no folder /nonexistent-folder");
  EXPECT_TRUE(s.toasts.back().error);
  EXPECT_EQ(s.toasts.back().text, s.editor.prompt_error);
  EXPECT_TRUE(s.editor.builtin);  // still the built-in kernel's edit
  const std::string dir = temp_dir("readonly");
  ASSERT_EQ(::chmod(dir.c_str(), 0555), 0);
  if (::geteuid() != 0) {  // root writes anyway
    EXPECT_FALSE(editor_save_as(s, dir + "/mine.cu"));
    EXPECT_EQ(s.editor.prompt_error, "cannot save " + dir + "/mine.cu: the folder " + dir + " is not writable (Permission denied)");
  }
  ::chmod(dir.c_str(), 0755);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  // A file that cannot be opened.
  EXPECT_FALSE(editor_open(s, "/nonexistent-folder/k.cu"));
  EXPECT_EQ(s.editor.prompt_error, "cannot open /nonexistent-folder/k.cu: no such file");
  EXPECT_EQ(s.editor.display, "kernels/scan/scan-blelloch.cu");  // the editor keeps what it had
}

TEST(EditorFiles, OpeningAKernelsFolderFileMakesItTheBuiltInKernel) {
  AppState s;
  s.form.device = 1;
  ASSERT_TRUE(editor_open(s, find_kernel_file("reduce-interleaved")->path)) << s.form_error;
  EXPECT_EQ(s.editor.kernel, "reduce-interleaved");
  EXPECT_TRUE(s.editor.builtin);
  EXPECT_EQ(s.trace.kernel, "reduce-interleaved");
  EXPECT_TRUE(s.trace.source.empty());
}

// What would replace unsaved text asks first; Cancel keeps everything, Discard goes on, Save (of a
// built-in: Save As) saves and then goes on.
TEST(EditorPrompts, AnotherKernelAsksBeforeItReplacesUnsavedText) {
  AppState s;
  show(s, g80_scan());
  form_from_request(s.form, s.request, Device::Cpu);
  s.editor.text += "// mine\n";
  const std::string mine = s.editor.text;
  const auto& cat = kernel_files();
  for (size_t i = 0; i < cat.size(); ++i)
    if (cat[i].id == "reduce-sequential") s.form.kernel = static_cast<int>(i);
  s.form.n = 64;
  ASSERT_TRUE(run_from_form(s));
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.editor.prompt_what, "run reduce-sequential");
  EXPECT_EQ(s.trace.kernel, "scan-blelloch");  // not yet
  answer_unsaved(s, UnsavedChoice::Cancel);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
  EXPECT_EQ(s.trace.kernel, "scan-blelloch");
  EXPECT_EQ(s.editor.text, mine);

  ASSERT_TRUE(run_from_form(s));
  answer_unsaved(s, UnsavedChoice::Save);  // a built-in: first a new file
  EXPECT_EQ(s.editor.prompt, EditorPrompt::SaveAs);
  EXPECT_EQ(s.trace.kernel, "scan-blelloch");
  const std::string dir = temp_dir("prompt");
  ASSERT_TRUE(editor_save_as(s, dir + "/mine.cu"));
  EXPECT_EQ(slurp(dir + "/mine.cu"), mine);
  EXPECT_EQ(s.trace.kernel, "reduce-sequential");  // then the action
  EXPECT_EQ(s.editor.kernel, "reduce-sequential");

  s.editor.text += "// again\n";
  ASSERT_TRUE(run_from_form(s));  // the same kernel: runs the edit, nothing to ask
  EXPECT_EQ(s.editor.prompt, EditorPrompt::None);
  EXPECT_TRUE(trace_runs_text(s));
  TraceRequest scan = g80_scan();
  guard_replace(s, scan, "show the scan", [scan](AppState& st) { run_request(st, scan, Device::Cpu); });
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  answer_unsaved(s, UnsavedChoice::Discard);
  EXPECT_EQ(s.trace.kernel, "scan-blelloch");
  EXPECT_EQ(s.editor.kernel, "scan-blelloch");
  EXPECT_FALSE(editor_dirty(s.editor));
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

TEST(EditorPrompts, ALessonStepAndClosingTheWindowAskFirst) {
  AppState s;
  show(s, g80_scan());
  load_lesson_list(s);
  const int li = find_lesson_index(s, "padding");
  ASSERT_GE(li, 0);
  request_close(s);  // nothing unsaved: closes
  EXPECT_TRUE(s.quit);
  s.quit = false;
  TraceRequest other = g80_scan();
  other.kernel = "reduce-interleaved";
  show(s, other);
  s.editor.text += "// mine\n";
  go_lesson_step(s, li, 0);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.lesson.active, -1);
  answer_unsaved(s, UnsavedChoice::Discard);
  EXPECT_EQ(s.lesson.active, li);
  s.editor.text += "// mine\n";
  request_close(s);
  EXPECT_FALSE(s.quit);
  EXPECT_EQ(s.editor.prompt, EditorPrompt::Unsaved);
  EXPECT_EQ(s.editor.prompt_what, "close the window");
  answer_unsaved(s, UnsavedChoice::Cancel);
  EXPECT_FALSE(s.quit);
  request_close(s);
  answer_unsaved(s, UnsavedChoice::Discard);
  EXPECT_TRUE(s.quit);
}

// "original vs my edit": the partner is the editor's original text with the trace's request, and
// it is recomputed on each Run.
TEST(EditorCompare, TheEditBesideTheOriginalFollowsEachRun) {
  AppState s;
  TraceRequest r = g80_scan();
  r.n = 512;  // deep enough for the simple padding to leave conflicts
  show(s, r);
  EXPECT_EQ(conflicts(s.trace), 1056);
  s.editor.text = replaced(s.editor.text, "#define PAD 0", "#define PAD 2");
  ASSERT_TRUE(editor_run(s));
  ASSERT_TRUE(compare_with_original(s, ""));
  ASSERT_TRUE(s.have_compare);
  EXPECT_EQ(conflicts(s.trace), 0);
  EXPECT_EQ(conflicts(s.compare), 1056);
  EXPECT_EQ(s.compare.file_texts[main_file_index(s.compare)], s.editor.original);
  EXPECT_EQ(compare_side_label(s, false), "scan-blelloch, my edit (16 banks)");
  EXPECT_EQ(compare_side_label(s, true), "scan-blelloch, original (16 banks)");
  s.editor.text = replaced(s.editor.text, "#define PAD 2", "#define PAD 1");  // Listing 3's simple padding
  ASSERT_TRUE(editor_run(s));
  ASSERT_TRUE(s.have_compare);
  EXPECT_EQ(conflicts(s.trace), 32);
  EXPECT_EQ(conflicts(s.compare), 1056);
  EXPECT_EQ(s.compare.n, s.trace.n);
  // Beside the paper's padding of the original instead.
  ASSERT_TRUE(compare_with_original(s, "zero"));
  EXPECT_EQ(conflicts(s.compare), 0);
  EXPECT_EQ(compare_side_label(s, true), "scan-blelloch, original pad=zero (16 banks)");
  clear_compare(s);
  EXPECT_FALSE(s.have_compare);
  EXPECT_FALSE(s.compare_original);
}

// Exercises plug in here: after each Run of the editor's text after_run may fill notes.
TEST(Editor, AfterRunHookFillsNotes) {
  AppState s;
  show(s, g80_scan());
  int calls = 0;
  s.editor.after_run = [&calls](AppState& st) {
    ++calls;
    st.editor.notes.push_back({conflicts(st.trace) == 0 ? "no conflicts: done" : "still conflicts", conflicts(st.trace) == 0});
  };
  ASSERT_TRUE(editor_run(s));
  ASSERT_EQ(s.editor.notes.size(), 1u);
  EXPECT_FALSE(s.editor.notes[0].ok);
  s.editor.text = replaced(s.editor.text, "#define PAD 0", "#define PAD 2");
  ASSERT_TRUE(editor_run(s));
  ASSERT_EQ(s.editor.notes.size(), 1u);
  EXPECT_TRUE(s.editor.notes[0].ok);
  s.editor.text = replaced(s.editor.text, "#define PAD 2", "#define PAD 2 oops(");
  EXPECT_FALSE(editor_run(s));
  EXPECT_TRUE(s.editor.notes.empty());  // a failed Run has no check results
  EXPECT_EQ(calls, 2);
}

TEST(EditorStartup, SourceOpensTheEditorOnThatFile) {
  const std::string dir = temp_dir("startup");
  const std::string path = dir + "/hs.cu";
  std::ofstream(path) << find_kernel_file("scan-hillis-steele")->text;
  WindowOptions o;
  o.device = Device::Cpu;
  o.have_request = true;
  o.request.source = path;
  o.request.kernel = "hs";
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.panels, (std::vector<std::string>{"tree", "smem", "warps", "editor"}));  // in the code view's place
  EXPECT_EQ(s.editor.path, kernel_file_path(path));
  EXPECT_FALSE(s.editor.builtin);
  EXPECT_TRUE(trace_runs_text(s));

  // A file whose text does not run: the window still opens, the error on its line.
  std::ofstream(path) << replaced(find_kernel_file("scan-hillis-steele")->text, "int thid = threadIdx.x;", "int thid = threadIdx.x");
  AppState b;
  start_app(b, o, "");
  EXPECT_FALSE(b.have_trace);
  ASSERT_EQ(b.editor.errors.size(), 1u);
  EXPECT_TRUE(b.editor.errors[0].here);
  EXPECT_EQ(b.editor.errors[0].line, line_with(b.editor.text, "int thid = threadIdx.x") + 1);  // where the ';' was expected
  EXPECT_EQ(b.request.source, path);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}
