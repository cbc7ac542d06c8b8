// The kernel editor's logic (see editor.h): no ImGui here, tests drive it directly
// (tests/window/test_window_editor.cpp).
#include "editor.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "app_state.h"
#include "engine/assets.h"
#include "engine/cuda/source.h"
#include "engine/kernel_file.h"
#include "formats/files.h"  // write_output: atomic, the mode kept
#include "source_view.h"

namespace scanscope {

namespace {

bool same_file(const std::string& a, const std::string& b) { return !a.empty() && !b.empty() && kernel_file_path(a) == kernel_file_path(b); }

// The catalogue's entry for a file on disk (nullptr: not a built-in kernel).
const KernelFile* catalogue_entry(const std::string& path) {
  for (const auto& k : kernel_files())
    if (same_file(k.path, path)) return &k;
  return nullptr;
}

// A path with its symbolic links resolved where they exist, for "is this inside the kernels folder".
std::string real_dir(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::path(kernel_file_path(path)), ec);
  return ec ? kernel_file_path(path) : p.string();
}

bool inside_dir(const std::string& path, const std::string& folder) {
  if (path.empty()) return false;
  const std::string dir = real_dir(folder), p = real_dir(path);
  return p.size() > dir.size() && p.compare(0, dir.size(), dir) == 0 && p[dir.size()] == '/';
}

bool inside_kernel_dir(const std::string& path) { return inside_dir(path, kernel_dir()); }
// The exercises' start and solution files (assets/exercises/).
std::string exercise_dir() { return asset_dir() + "/exercises"; }

std::string file_stem(const std::string& path) {
  std::string base = path.substr(path.find_last_of('/') + 1);
  return base.size() > 3 && base.compare(base.size() - 3, 3, ".cu") == 0 ? base.substr(0, base.size() - 3) : base;
}

}  // namespace

void editor_ask_save_as(EditorState& e) {
  std::string suggestion = e.path;
  if (e.builtin || suggestion.empty()) {
    const std::string name = file_stem(e.display.empty() ? "kernel" : e.display) + "-edit.cu";
    suggestion = e.save_dir.empty() ? kernel_file_path(name) : e.save_dir + "/" + name;
  }
  std::snprintf(e.path_buf, sizeof e.path_buf, "%s", suggestion.c_str());
  e.prompt_error.clear();
  e.prompt = EditorPrompt::SaveAs;
}

namespace {

bool write_editor_file(AppState& s, const std::string& path) {
  EditorState& e = s.editor;
  const std::string why = save_refusal(path);
  if (!why.empty()) {
    e.prompt_error = "not saved: " + why;
    toast(s, e.prompt_error, true);
    return false;
  }
  try {
    if (!e.save_dir.empty() && inside_dir(path, e.save_dir)) {  // the user's data folder is made on first use
      std::error_code ec;
      std::filesystem::create_directories(path.substr(0, path.find_last_of('/')), ec);
    }
    check_output_path(path, "cannot save");  // no folder, or not writable: said before anything is written
    write_output(path, e.text);
  } catch (const UsageError& x) {
    e.prompt_error = x.what();
    toast(s, x.what(), true);
    return false;
  } catch (const std::exception& x) {
    e.prompt_error = std::string("cannot save ") + x.what();
    toast(s, e.prompt_error, true);
    return false;
  }
  e.clean = e.text;
  e.prompt_error.clear();
  toast(s, "saved " + path, false);
  return true;
}

// After a save that the Unsaved prompt asked for: the action it guarded.
void run_pending(AppState& s) {
  EditorState& e = s.editor;
  e.prompt = EditorPrompt::None;
  auto action = std::move(e.pending);
  e.pending = nullptr;
  if (action) action(s);
}

}  // namespace

bool editor_dirty(const EditorState& e) { return e.loaded && e.text != e.clean; }
bool editor_edited(const EditorState& e) { return e.loaded && e.text != e.original; }

void editor_load(EditorState& e, const std::string& text, const std::string& original, const std::string& path, const std::string& display,
                 const std::string& kernel) {
  e.loaded = true;
  e.text = text;
  e.clean = text;
  e.original = original;
  e.path = path.empty() ? "" : kernel_file_path(path);
  e.display = display;
  e.kernel = kernel;
  e.builtin = !kernel.empty() || inside_kernel_dir(e.path) || inside_dir(e.path, exercise_dir());
  e.fresh = false;
  e.errors.clear();
  e.notes.clear();
  e.flags.clear();
  e.flags_text.clear();
  e.exercise.clear();
  ++e.generation;
  e.want_cursor = -1;
  e.cursor = 0;
  e.scroll_line = -1;
}

void editor_follow_trace(AppState& s) {
  EditorState& e = s.editor;
  if (!s.have_trace || editor_dirty(e)) return;  // unsaved changes are never dropped here
  const Trace& t = s.trace;
  const int m = main_file_index(t);
  if (m < 0 || m >= static_cast<int>(t.file_texts.size())) return;
  const std::string& display = t.files[m];
  const std::string& text = t.file_texts[m];
  if (e.loaded && display == e.display) {  // the same file: the text the trace ran
    if (e.text != text) {
      e.text = e.clean = text;
      ++e.generation;
    }
    return;
  }
  const KernelFile* k = t.source.empty() ? find_kernel_file(t.kernel) : nullptr;
  if (k) {
    editor_load(e, text, k->text, k->path, display, k->id);
  } else if (!t.source.empty()) {
    std::string original, why;
    if (!cuda::read_source_file(t.source, &original, &why)) original = text;  // the file went away: the trace's text
    editor_load(e, text, original, t.source, display, "");
  } else {
    editor_load(e, text, text, "", display, "");  // a loaded trace of a kernel this build does not have
  }
}

bool request_is_editors(const EditorState& e, const TraceRequest& r) {
  if (!e.loaded) return false;
  if (!r.source.empty()) return same_file(r.source, e.path);
  return !e.kernel.empty() && r.kernel == e.kernel;
}

bool would_replace_edit(const AppState& s, const TraceRequest& r) { return editor_dirty(s.editor) && !request_is_editors(s.editor, r); }

namespace {
// The trace's text of its kernel file when that file is the editor's, else nullptr.
const std::string* trace_text_of_editors(const AppState& s) {
  if (!s.have_trace || !s.editor.loaded) return nullptr;
  const int m = main_file_index(s.trace);
  if (m < 0 || m >= static_cast<int>(s.trace.file_texts.size()) || s.trace.files[m] != s.editor.display) return nullptr;
  return &s.trace.file_texts[m];
}
}  // namespace

bool trace_is_editors(const AppState& s) { return trace_text_of_editors(s) != nullptr; }

bool trace_runs_text(const AppState& s) {
  const std::string* t = trace_text_of_editors(s);
  return t && *t == s.editor.text;
}

bool trace_runs_edit(const AppState& s) {
  const std::string* t = trace_text_of_editors(s);
  return t && *t != s.editor.original;
}

TraceRequest editor_request(const AppState& s) {
  const EditorState& e = s.editor;
  TraceRequest r = s.request;
  if (e.fresh) {  // a file just opened: the trace's input and banks, the file's own options
    TraceRequest plain;
    plain.n = r.n;
    plain.input = r.input;
    plain.seed = r.seed;
    plain.banks = r.banks;
    plain.warp_issue = r.warp_issue;
    plain.type = r.type;
    r = plain;
  }
  return editor_request_with(e, r);
}

TraceRequest editor_request_with(const EditorState& e, TraceRequest r) {
  if (!request_is_editors(e, r)) {
    if (!e.kernel.empty()) {
      r.kernel = e.kernel;
      r.source.clear();
    } else if (!e.path.empty()) {
      r.source = e.path;
      r.kernel = file_stem(e.path);
    }
  }
  r.source_text = e.text;
  r.has_source_text = true;
  return r;
}

bool editor_run(AppState& s) {
  EditorState& e = s.editor;
  if (!e.loaded) {
    toast(s, "the editor holds no kernel", true);
    return false;
  }
  const Device d = form_device(s.form);
  if (!run_request(s, editor_request(s), d)) return false;
  form_from_request(s.form, s.request, d);  // the sidebar's Run goes on from here
  return true;
}

bool run_from_form(AppState& s) {
  try {
    Device d = Device::Auto;
    TraceRequest req = request_from_form(s.form, &d);
    if (!form_takes_pad(s.form)) req.pad = Pad::None;
    if (request_is_editors(s.editor, req)) {  // the editor's kernel runs as edited
      req.source_text = s.editor.text;
      req.has_source_text = true;
    }
    guard_replace(s, req, "run " + (req.source.empty() ? req.kernel : req.source), [req, d](AppState& st) {
      if (run_request(st, req, d)) {
        set_step(st, 0);
        st.settings.kernel = req.kernel;
      }
    });
    return true;
  } catch (const UsageError& e) {
    s.form_error = e.what();
    toast(s, e.what(), true);
  }
  return false;
}

void editor_reset(AppState& s) {
  EditorState& e = s.editor;
  if (!e.loaded || e.text == e.original) return;
  e.text = e.original;
  ++e.generation;
  e.want_focus = true;
}

EditorError editor_error_of(const std::exception& ex, const std::string& display) {
  EditorError out;
  out.message = ex.what();
  if (const auto* ce = dynamic_cast<const cuda::CudaError*>(&ex)) {
    out.message = ce->message;
    out.fault = ce->fault;
    const std::string what = ce->what(), suffix = ": " + ce->message;
    const std::string where = what.size() >= suffix.size() && what.compare(what.size() - suffix.size(), suffix.size(), suffix) == 0
                                  ? what.substr(0, what.size() - suffix.size())
                                  : "";
    const std::string at = ":" + std::to_string(ce->pos.line) + ":" + std::to_string(ce->pos.col);
    if (ce->pos.line > 0 && where.size() > at.size() && where.compare(where.size() - at.size(), at.size(), at) == 0) {
      out.file = where.substr(0, where.size() - at.size());
      out.line = ce->pos.line;
      out.col = ce->pos.col;
    }
  }
  out.here = out.line > 0 && !display.empty() && out.file == display;
  return out;
}

void editor_after_run(AppState& s, const TraceRequest& r, const std::exception* error) {
  EditorState& e = s.editor;
  if (!request_is_editors(e, r) || !r.has_source_text || r.source_text != e.text) return;  // not a run of the editor's text
  e.errors.clear();
  e.notes.clear();
  e.flags.clear();
  e.flags_text.clear();
  if (error) {
    e.errors.push_back(editor_error_of(*error, e.display));
    if (e.errors.back().here) e.scroll_line = e.errors.back().line - 1;
    return;
  }
  e.fresh = false;
  e.original_gpu_us = 0;
  if (s.trace.gpu_us > 0 && trace_runs_edit(s)) {  // the GPU timed the edit: time the original beside it
    TraceRequest original = r;
    original.source_text = e.original;
    try {
      e.original_gpu_us = gpu_time_us(original);
    } catch (const std::exception& ex) {
      toast(s, std::string("the original could not be timed on the GPU: ") + ex.what(), true);
    }
  }
  if (e.after_run) e.after_run(s);
}

std::string editor_status(const AppState& s, bool* error) {
  const EditorState& e = s.editor;
  if (error) *error = false;
  if (!e.loaded) return "no kernel in the editor";
  if (!e.errors.empty()) {
    if (error) *error = true;
    const EditorError& x = e.errors.front();
    std::string at;
    if (x.line > 0) at = (x.here ? "line " : x.file + ":") + std::to_string(x.line) + ":" + std::to_string(x.col) + ": ";
    return at + (x.fault ? "while running: " : "") + x.message;
  }
  if (!trace_is_editors(s)) {
    const int m = s.have_trace ? main_file_index(s.trace) : -1;
    return (m >= 0 ? "the trace shows " + s.trace.files[m] + "; " : std::string()) + "Run (Ctrl+Enter) runs this text";
  }
  if (!trace_runs_text(s)) return "edited since the last Run: Ctrl+Enter runs it";
  const Trace& t = s.trace;
  return std::string(trace_runs_edit(s) ? "your edit ran: " : "ran: ") + std::to_string(t.steps.size()) + " steps, " +
         std::to_string(t.totals.ld.wavefronts + t.totals.st.wavefronts) + " wavefronts, " +
         std::to_string(t.totals.ld.conflicts + t.totals.st.conflicts) + " conflicts" + (s.output_ok ? "" : ", wrong result");
}

std::string editor_access_elsewhere(const AppState& s) {
  if (!trace_is_editors(s)) return "";
  const Trace& t = s.trace;
  const int site = current_site(t, s.step, s.selected_warp, s.selected_inst);
  if (site < 0 || t.sites[site].file == main_file_index(t) || t.sites[site].file < 0 || t.sites[site].file >= static_cast<int>(t.files.size()))
    return "";
  return "this step's access is in " + t.files[t.sites[site].file] + ", line " + std::to_string(t.sites[site].line) + ": " + site_text(t, site) +
         " (an included file: the code view shows it)";
}

int line_of_offset(const std::string& text, int offset) {
  offset = std::clamp(offset, 0, static_cast<int>(text.size()));
  return static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

int line_start(const std::string& text, int line) {
  size_t pos = 0;
  for (int l = 0; l < line; ++l) {
    const size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) return static_cast<int>(text.size());
    pos = nl + 1;
  }
  return static_cast<int>(pos);
}

int line_count(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1; }

std::vector<int> map_lines(const std::vector<std::string>& from, const std::vector<std::string>& to) {
  const size_t n = from.size(), m = to.size();
  std::vector<int> out(n, -1);
  // The common lines at both ends first (an edit is usually a few lines), the table for the middle.
  size_t head = 0, tail = 0;
  while (head < n && head < m && from[head] == to[head]) out[head] = static_cast<int>(head), ++head;
  while (tail < n - head && tail < m - head && from[n - 1 - tail] == to[m - 1 - tail]) out[n - 1 - tail] = static_cast<int>(m - 1 - tail), ++tail;
  const size_t a = n - head - tail, b = m - head - tail;
  if (a == 0 || b == 0 || a * b > 4000000) return out;  // a rewrite too large to match: the middle's marks go
  std::vector<std::vector<int>> len(a + 1, std::vector<int>(b + 1, 0));  // LCS lengths of the suffixes
  for (size_t i = a; i-- > 0;)
    for (size_t j = b; j-- > 0;)
      len[i][j] = from[head + i] == to[head + j] ? len[i + 1][j + 1] + 1 : std::max(len[i + 1][j], len[i][j + 1]);
  for (size_t i = 0, j = 0; i < a && j < b;) {
    if (from[head + i] == to[head + j]) {
      out[head + i] = static_cast<int>(head + j);
      ++i, ++j;
    } else if (len[i + 1][j] >= len[i][j + 1]) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

std::vector<EditorMark> editor_marks(const AppState& s) {
  std::vector<EditorMark> marks;
  const EditorState& e = s.editor;
  if (trace_is_editors(s) && !s.trace.steps.empty()) {
    const Trace& t = s.trace;
    const int m = main_file_index(t);
    const std::vector<std::string> lines = split_lines(t.file_texts[m]);
    const std::vector<int> now = t.file_texts[m] == e.text ? std::vector<int>{} : map_lines(lines, split_lines(e.text));
    auto moved = [&](int line) { return now.empty() ? line : line >= 0 && line < static_cast<int>(now.size()) ? now[line] : -1; };
    const int site = current_site(t, s.step, s.selected_warp, s.selected_inst);
    std::set<int> access_lines;
    if (site >= 0)
      for (int cs : instruction_sites(t, site)) {
        if (t.sites[cs].file != m) continue;
        for (const CodeSpan& sp : site_byte_spans(t, cs, lines)) {
          access_lines.insert(sp.line);
          if (moved(sp.line) >= 0) marks.push_back({EditorMark::Access, moved(sp.line), sp.begin, sp.end, ""});
        }
      }
    for (int l : step_site_lines(t, s.step, m))
      if (!access_lines.count(l) && moved(l) >= 0) marks.push_back({EditorMark::StepLine, moved(l), 0, -1, ""});
  }
  for (const EditorError& x : e.errors) {
    if (!x.here) continue;
    const int ls = line_start(e.text, x.line - 1);
    const size_t nl = e.text.find('\n', static_cast<size_t>(ls));
    const int len = static_cast<int>((nl == std::string::npos ? e.text.size() : nl) - static_cast<size_t>(ls));
    const int b = std::clamp(x.col - 1, 0, len);
    int end = b;
    auto ident = [&](int i) { return std::isalnum(static_cast<unsigned char>(e.text[ls + i])) || e.text[ls + i] == '_'; };
    while (end < len && ident(end)) ++end;
    if (end == b) end = std::min(len, b + 1);  // a punctuation mark, or the line's end
    marks.push_back({EditorMark::Error, x.line - 1, b, end, x.message});
  }
  if (!e.flags.empty()) {
    const std::vector<int> now = e.flags_text == e.text ? std::vector<int>{} : map_lines(split_lines(e.flags_text), split_lines(e.text));
    for (const EditorFlag& f : e.flags) {
      const int line = now.empty() ? f.line - 1 : f.line >= 1 && f.line <= static_cast<int>(now.size()) ? now[f.line - 1] : -1;
      if (line >= 0 && line < line_count(e.text)) marks.push_back({EditorMark::Flag, line, 0, -1, f.message});
    }
  }
  return marks;
}

std::string save_refusal(const std::string& path) {
  if (path.empty()) return "no file name given";
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(kernel_file_path(path), ec);
  if (std::filesystem::is_directory(st)) return path + " is a folder";
  if (path == "-" || (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))) return path + " is not a regular file";
  if (inside_kernel_dir(path))
    return path + " is in the kernels folder (" + kernel_display_path(real_dir(kernel_dir())) +
           "), which holds the built-in kernels: save your version elsewhere";
  if (inside_dir(path, exercise_dir()))
    return path + " is in the exercises folder (" + kernel_display_path(real_dir(exercise_dir())) +
           "), which holds the exercises' starts and model solutions: save your version elsewhere";
  return "";
}

bool editor_save(AppState& s) {
  EditorState& e = s.editor;
  if (!e.loaded) return false;
  if (e.builtin || e.path.empty()) {  // never over a built-in kernel: ask for a new file
    editor_ask_save_as(e);
    return false;
  }
  return write_editor_file(s, e.path);
}

bool editor_save_as(AppState& s, const std::string& path) {
  EditorState& e = s.editor;
  if (!e.loaded || !write_editor_file(s, path)) return false;
  e.path = kernel_file_path(path);
  e.display = kernel_display_path(e.path);
  e.kernel.clear();
  e.builtin = false;
  run_pending(s);  // the action an Unsaved prompt guarded, now that the text is safe
  return true;
}

namespace {
// Reads a file into the editor (a toast and prompt_error when it cannot be read).
bool load_file(AppState& s, const std::string& path) {
  EditorState& e = s.editor;
  std::string text, why;
  const std::string abs = kernel_file_path(path);
  if (path.empty() || !cuda::read_source_file(abs, &text, &why)) {
    e.prompt_error = "cannot open " + path + ": " + (path.empty() ? "no file name given" : why);
    toast(s, e.prompt_error, true);
    return false;
  }
  const KernelFile* k = catalogue_entry(abs);
  editor_load(e, text, text, abs, k ? k->display : kernel_display_path(abs), k ? k->id : "");
  return true;
}
}  // namespace

void editor_ask_open(AppState& s) {
  guard_unsaved(s, "open another file", [](AppState& st) {
    st.editor.prompt = EditorPrompt::Open;
    st.editor.prompt_error.clear();
    if (!st.editor.path_buf[0]) std::snprintf(st.editor.path_buf, sizeof st.editor.path_buf, "%s", kernel_file_path("my-kernel.cu").c_str());
  });
}

bool editor_start_on(AppState& s, const TraceRequest& r, Device device) {
  if (!load_file(s, r.source)) return false;
  s.request = r;  // Run goes on with the command line's options
  if (!s.toasts.empty()) s.toasts.pop_back();  // the failed run's; the editor's run says it again
  run_request(s, editor_request(s), device);  // fails again, now as the editor's text: the error on its line
  return true;
}

bool editor_open(AppState& s, const std::string& path) {
  EditorState& e = s.editor;
  if (!load_file(s, path)) return false;
  e.fresh = true;
  e.prompt = EditorPrompt::None;
  e.want_focus = true;
  if (std::find(s.panels.begin(), s.panels.end(), "editor") == s.panels.end()) s.panels.push_back("editor");
  return editor_run(s);
}

bool guard_unsaved(AppState& s, const std::string& what, std::function<void(AppState&)> action) {
  EditorState& e = s.editor;
  if (!editor_dirty(e)) {
    action(s);
    return true;
  }
  e.prompt = EditorPrompt::Unsaved;
  e.prompt_what = what;
  e.pending = std::move(action);
  return false;
}

void guard_replace(AppState& s, const TraceRequest& r, const std::string& what, std::function<void(AppState&)> action) {
  if (would_replace_edit(s, r)) guard_unsaved(s, what, std::move(action));
  else action(s);
}

void answer_unsaved(AppState& s, UnsavedChoice c) {
  EditorState& e = s.editor;
  switch (c) {
    case UnsavedChoice::Cancel:
      e.prompt = EditorPrompt::None;
      e.pending = nullptr;
      break;
    case UnsavedChoice::Discard:
      e.text = e.clean;  // the changes go; the action may now replace the text
      ++e.generation;
      run_pending(s);
      break;
    case UnsavedChoice::Save:
      if (e.builtin || e.path.empty()) editor_ask_save_as(e);  // keeps the action for after the Save As
      else if (editor_save(s)) run_pending(s);
      break;
  }
}

void request_close(AppState& s) {
  guard_unsaved(s, "close the window", [](AppState& st) { st.quit = true; });
}

}  // namespace scanscope
