// The kernel editor (the logic, without ImGui, is editor.cpp): the kernel's text in a monospaced
// InputTextMultiline sized to all its lines (so it never scrolls itself) inside a child that
// scrolls, the line numbers in a gutter beside it at the same line height, and, drawn behind the
// text, the current step's access (its expression), the step's other access lines, and the
// interpreter's errors (underlined, the message beside the line, a mark in the gutter). Above it:
// Run, Reset, Open, Save, Save as, and the status line. Also the editor's keys and its prompts
// (unsaved changes, Save As, Open), which are drawn whether or not the panel is shown.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstring>

#include "engine/kernel_file.h"
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

namespace {

// The InputText's resize callback (the buffer is EditorState::text) and its every-frame callback
// (the cursor: where the logic wants it, and where it is).
int text_callback(ImGuiInputTextCallbackData* d) {
  auto* e = static_cast<EditorState*>(d->UserData);
  if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    e->text.resize(static_cast<size_t>(d->BufTextLen));
    d->Buf = e->text.data();
  } else if (d->EventFlag == ImGuiInputTextFlags_CallbackAlways) {
    if (e->want_cursor >= 0) {
      d->CursorPos = d->SelectionStart = d->SelectionEnd = std::clamp(e->want_cursor, 0, d->BufTextLen);
      e->want_cursor = -1;
    }
    e->cursor = d->CursorPos;
  }
  return 0;
}

// Keeps a key press this frame from the widgets drawn after (ImGui 1.86 reads a press as a
// key-down duration of 0): Enter with Ctrl would end the edit, Escape would undo it.
void swallow_key(int key) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.KeysDownDuration[key] == 0.0f) io.KeysDownDuration[key] = 1e-6f;
}

bool ctrl_pressed(int key, bool shift = false) {
  const ImGuiIO& io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift == shift && ImGui::IsKeyPressed(key, false);
}

bool editor_shown(const AppState& s) { return std::find(s.panels.begin(), s.panels.end(), "editor") != s.panels.end(); }

void ask_open(AppState& s) { editor_ask_open(s); }

}  // namespace

void handle_editor_keys(AppState& s) {
  EditorState& e = s.editor;
  if (question_open(s)) return;  // the question has the keys
  if (ctrl_pressed(GLFW_KEY_O)) ask_open(s);
  if (!e.loaded || !editor_shown(s)) return;
  if (ctrl_pressed(GLFW_KEY_ENTER) || ctrl_pressed(GLFW_KEY_KP_ENTER)) {
    editor_run(s);
    swallow_key(GLFW_KEY_ENTER);
    swallow_key(GLFW_KEY_KP_ENTER);
  }
  if (ctrl_pressed(GLFW_KEY_S)) editor_save(s);
  if (ctrl_pressed(GLFW_KEY_S, true)) editor_ask_save_as(e);
}

namespace {

// The title, as long as fits the panel r (a wider one would let focusing the text scroll the whole
// panel): the whole path, ".../name", the name alone, then "Editor" with what is unsaved.
std::string editor_title(const EditorState& e, const Rect& r) {
  std::string title = "Editor";
  if (!e.loaded) return title;
  const float room = r.w - 2 * ImGui::GetStyle().WindowPadding.x;
  const std::string unsaved = editor_dirty(e) ? " - unsaved" : "", builtin = e.builtin ? " (built-in)" : "";
  const std::string name = e.display.substr(e.display.find_last_of('/') + 1);
  title += unsaved;  // when nothing longer fits
  for (const std::string& t : {"Editor: " + e.display + builtin + unsaved, "Editor: .../" + name + builtin + unsaved, "Editor: " + name + unsaved})
    if (text_width(t) <= room) return t;
  return title;
}

// --- Draw: the buttons (Run, Reset, Open, Save, Save as), flowing onto more lines where narrow.
void draw_editor_buttons(AppState& s) {
  EditorState& e = s.editor;
  if (flow_button("Run (Ctrl+Enter)", true, e.loaded)) editor_run(s);
  if (flow_button("Reset", false, e.loaded && editor_edited(e))) editor_reset(s);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("back to the text as it was opened (not yet run)");
  if (flow_button("Open (Ctrl+O)", false)) ask_open(s);
  if (flow_button("Save (Ctrl+S)", false, e.loaded)) editor_save(s);
  if (e.builtin && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("a built-in kernel is never overwritten: Save asks for a new file");
  if (flow_button("Save as (Ctrl+Shift+S)", false, e.loaded)) editor_ask_save_as(e);
}

// --- Draw: the status line (an error in its colour), where the step's access is when not in this
// file, and the notes of the last Run (a passed or failed check).
void draw_editor_status(AppState& s, const UiContext& ui) {
  const EditorState& e = s.editor;
  bool is_error = false;
  const std::string status = editor_status(s, &is_error);
  ImGui::PushTextWrapPos(0);
  if (is_error) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(kErrorColor)), "%s", status.c_str());
  else ImGui::TextDisabled("%s", status.c_str());
  if (const std::string elsewhere = editor_access_elsewhere(s); !elsewhere.empty()) ImGui::TextDisabled("%s", elsewhere.c_str());
  for (const EditorNote& n : e.notes) ImGui::TextColored(n.ok ? ImVec4(0.45f, 0.9f, 0.6f, 1) : ImVec4(1.0f, 0.55f, 0.4f, 1), "%s", shown_text(n.text, kMaxShownLine, true).c_str());
  // The compiler view's notes on the step's access line (as the code panel's header says them).
  if (s.have_trace) {
    const int site = current_site(s.trace, s.step, s.selected_warp, s.selected_inst);
    if (const std::string notes = shown_text(site_compiler_notes(s.trace, site)); !notes.empty()) {
      ImGui::TextDisabled("line %d: compiler note: counts may differ; %s", s.trace.sites[site].line,
                          s.compiler_notes_shown ? "N hides it" : "N shows it");
      compiler_notes_under(s, ui, "editor", notes);
    }
  }
  ImGui::PopTextWrapPos();
}

// --- Measure: the text's lines in the monospaced font (pushed by the caller): the line height, a
// character's advance, the gutter's width for the last line's number, the longest line.
struct TextMeasure {
  std::vector<std::string> lines;
  int nlines = 1, digits = 2;
  float lh = 0, cw = 0, gutter_w = 0, longest = 0;
  ImVec2 body, avail;  // the gutter's top-left, and the room for gutter and text
};
TextMeasure measure_text(const EditorState& e) {
  TextMeasure m;
  m.lh = ImGui::GetFontSize();  // InputTextMultiline's line height
  m.cw = ImGui::CalcTextSize("MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM").x / 32.0f;
  m.lines = split_lines(e.text);
  m.nlines = std::max(1, line_count(e.text));
  for (int n = m.nlines; n >= 100; n /= 10) ++m.digits;
  m.gutter_w = (static_cast<float>(m.digits) + 2.0f) * m.cw;
  m.body = ImGui::GetCursorScreenPos();
  m.avail = ImGui::GetContentRegionAvail();
  for (const auto& l : m.lines) m.longest = std::max(m.longest, ImGui::CalcTextSize(l.c_str()).x);
  return m;
}

// Where the text is inside its scrolling child: the first line's top-left (scrolled), the visible
// part, the text's whole size, and the x of a byte of a line.
struct TextView {
  const TextMeasure* m = nullptr;
  ImVec2 origin;        // the first line's top-left, scrolled
  float view_w = 0, view_h = 0;
  ImVec2 view0, view1;  // the visible part, on the screen
  ImVec2 size;          // the text's: the longest line and room after it, all lines and one more
  float x_at(int line, int byte) const {
    if (line < 0 || line >= static_cast<int>(m->lines.size())) return origin.x;
    const std::string& l = m->lines[line];
    return origin.x + ImGui::CalcTextSize(l.c_str(), l.c_str() + std::clamp(byte, 0, static_cast<int>(l.size()))).x;
  }
  int line_end(int line) const { return line >= 0 && line < static_cast<int>(m->lines.size()) ? static_cast<int>(m->lines[line].size()) : 0; }
  float y_of(int line) const { return origin.y + line * m->lh; }
};
// (Inside the child: it has no padding; the region moves with the scroll, its size does not.)
TextView text_view(const TextMeasure& m) {
  TextView v;
  v.m = &m;
  v.origin = ImGui::GetCursorScreenPos();
  v.view_w = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  v.view_h = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
  v.view0 = ImGui::GetWindowPos();
  v.view1 = ImVec2(v.view0.x + v.view_w, v.view0.y + v.view_h);
  v.size = ImVec2(std::max(v.view_w, m.longest + 12 * m.cw), static_cast<float>(m.nlines + 1) * m.lh);
  return v;
}

// --- Draw, behind the text: the step's other access lines, and the current access's line and its
// expression.
void draw_access_marks(ImDrawList* dl, const std::vector<EditorMark>& marks, const TextView& v) {
  const float lh = v.m->lh, full_w = std::max(v.size.x, v.view_w);
  for (const EditorMark& m : marks) {
    const float y = v.y_of(m.line);
    if (m.kind == EditorMark::StepLine) {
      dl->AddRectFilled(ImVec2(v.origin.x, y), ImVec2(v.origin.x + full_w, y + lh), IM_COL32(86, 180, 233, 45));
    } else if (m.kind == EditorMark::Access) {
      dl->AddRectFilled(ImVec2(v.origin.x, y), ImVec2(v.origin.x + full_w, y + lh), col(kChangedColor.with_alpha(60)));
      dl->AddRectFilled(ImVec2(v.x_at(m.line, m.begin) - 1, y), ImVec2(v.x_at(m.line, m.end) + 1, y + lh), col(kChangedColor.with_alpha(150)));
    }
  }
}

// An error's (or a flag's) message on a box of its colour at `at`.
Rgba mark_color(const EditorMark& m) { return m.kind == EditorMark::Flag ? kCheckColor : kErrorColor; }
void draw_message_box(ImDrawList* to, ImVec2 at, const EditorMark& m, float lh, float cw) {
  const std::string& msg = m.message;
  const Rgba c = mark_color(m);
  to->AddRectFilled(ImVec2(at.x - cw * 0.5f, at.y), ImVec2(at.x + ImGui::CalcTextSize(msg.c_str()).x + cw * 0.5f, at.y + lh), col(c.with_alpha(235)), 3.0f);
  to->AddText(at, col(text_on(c)), msg.c_str());
}

// --- Draw, behind the text: the errors (the line tinted, the expression underlined) and the flags
// (a line a failed check names: an error of the whole line, in its own colour). Each message goes
// in a box beside its line, after its last character; where that is out of view, under the line
// from the error's column, over the next line: those are returned, drawn after the text.
using MessageUnder = std::pair<ImVec2, const EditorMark*>;
std::vector<MessageUnder> draw_error_marks(ImDrawList* dl, const std::vector<EditorMark>& marks, const TextView& v) {
  const float lh = v.m->lh, cw = v.m->cw, full_w = std::max(v.size.x, v.view_w);
  std::vector<MessageUnder> under;
  for (const EditorMark& m : marks) {
    if (m.kind != EditorMark::Error && m.kind != EditorMark::Flag) continue;
    const float y = v.y_of(m.line);
    const Rgba c = mark_color(m);
    dl->AddRectFilled(ImVec2(v.origin.x, y), ImVec2(v.origin.x + full_w, y + lh), col(c.with_alpha(45)));
    const float x0 = m.kind == EditorMark::Flag ? v.origin.x : v.x_at(m.line, m.begin);
    if (m.kind == EditorMark::Error) dl->AddLine(ImVec2(x0, y + lh - 1), ImVec2(std::max(v.x_at(m.line, m.end), x0 + cw), y + lh - 1), col(c), 2.0f);
    const float w = ImGui::CalcTextSize(m.message.c_str()).x;
    const float beside = v.x_at(m.line, v.line_end(m.line)) + 2 * cw;
    if (beside + w + cw <= v.view1.x) draw_message_box(dl, ImVec2(beside, y), m, lh, cw);
    else under.push_back({ImVec2(std::max(v.view0.x + cw * 0.5f, std::min(x0, v.view1.x - w - cw)), y + lh + 1), &m});
  }
  return under;
}

// --- Draw: the messages under their lines, each in front of the next line's text: in a child
// window of its own, drawn after the text's (and, like it, below popups and toasts).
void draw_messages_under(const std::vector<MessageUnder>& under, float lh, float cw) {
  for (size_t i = 0; i < under.size(); ++i) {
    ImGui::SetCursorScreenPos(ImVec2(under[i].first.x - cw * 0.5f, under[i].first.y));
    ImGui::BeginChild(("##message" + std::to_string(i)).c_str(), ImVec2(ImGui::CalcTextSize(under[i].second->message.c_str()).x + cw, lh), false,
                      ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
    draw_message_box(ImGui::GetWindowDrawList(), under[i].first, *under[i].second, lh, cw);
    ImGui::EndChild();
  }
}

// --- Draw: the gutter: line numbers at the text's line height, scrolled with it; a mark on the
// lines of the access (a triangle) and of the errors and flags (the number on their colour, "!").
void draw_gutter(const std::vector<EditorMark>& marks, const TextMeasure& m, const TextView& v) {
  const float lh = m.lh, cw = m.cw;
  const int digits = m.digits, nlines = m.nlines;
  const ImVec2 g0 = m.body, g1(m.body.x + m.gutter_w, m.body.y + m.avail.y);
  ImDrawList* pl = ImGui::GetWindowDrawList();
  pl->PushClipRect(g0, g1, true);
  const int first = std::max(0, static_cast<int>((g0.y - v.origin.y) / lh));
  const int last = std::min(nlines - 1, static_cast<int>((g1.y - v.origin.y) / lh) + 1);
  std::vector<char> kind(static_cast<size_t>(nlines), 0);  // 1 access, 2 error, 3 flag
  for (const EditorMark& mk : marks)
    if (mk.line >= 0 && mk.line < nlines) {
      if (mk.kind == EditorMark::Error) kind[mk.line] = 2;
      else if (mk.kind == EditorMark::Flag && kind[mk.line] != 2) kind[mk.line] = 3;
      else if (mk.kind == EditorMark::Access && kind[mk.line] == 0) kind[mk.line] = 1;
    }
  const ImU32 num_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = first; i <= last; ++i) {
    const float y = v.y_of(i);
    const std::string num = std::to_string(i + 1);
    const float nx = g0.x + (static_cast<float>(digits) - static_cast<float>(num.size())) * cw;
    if (kind[i] >= 2) {
      const Rgba c = kind[i] == 2 ? kErrorColor : kCheckColor;
      pl->AddRectFilled(ImVec2(g0.x, y), ImVec2(g1.x - cw * 0.5f, y + lh), col(c), 2.0f);
      pl->AddText(ImVec2(nx, y), col(text_on(c)), num.c_str());
      pl->AddText(ImVec2(g0.x + (digits + 0.4f) * cw, y), col(text_on(c)), "!");
    } else {
      pl->AddText(ImVec2(nx, y), kind[i] == 1 ? col(kChangedColor) : num_col, num.c_str());
      if (kind[i] == 1)
        pl->AddTriangleFilled(ImVec2(g0.x + (digits + 0.4f) * cw, y + lh * 0.2f), ImVec2(g0.x + (digits + 0.4f) * cw, y + lh * 0.8f),
                              ImVec2(g0.x + (digits + 1.2f) * cw, y + lh * 0.5f), col(kChangedColor));
    }
  }
  pl->PopClipRect();
}

// --- Draw: the text itself, no frame, no padding, so its lines sit at origin + k * lh; the
// keyboard where the editor asked for it, Escape leaving the text as it is. Returns whether the
// text changed this frame.
bool draw_text(EditorState& e, const TextView& v, bool* active) {
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0, 0, 0, 0));
  if (e.want_focus) {
    // Not when the text has the keyboard already: ImGui would scroll the whole text's top into view
    // a frame later, over the scroll that brings the cursor into view.
    if (!*active) ImGui::SetKeyboardFocusHere();
    e.want_focus = false;
  }
  if (*active && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {  // leave the text as it is (ImGui would undo the edit)
    swallow_key(GLFW_KEY_ESCAPE);
    ImGui::SetWindowFocus(nullptr);
  }
  const std::string id = "##text" + std::to_string(e.generation);  // a new state when the text was replaced from outside
  const bool changed = ImGui::InputTextMultiline(id.c_str(), e.text.data(), e.text.capacity() + 1, v.size,
                                                 ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways |
                                                     ImGuiInputTextFlags_AllowTabInput,
                                                 text_callback, &e);
  *active = ImGui::IsItemActive();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
  return changed;
}

// --- Scroll: keep the cursor in view while typing or moving it (a line of room above and below);
// else bring a requested line into view: an error's, or the access's while the text is not typed.
// (*access_line: the access's line still to bring into view, -1 once done.)
void keep_in_view(EditorState& e, const TextView& v, bool changed, int cursor_before, bool active, int* access_line) {
  const float lh = v.m->lh, cw = v.m->cw;
  if (active && (changed || e.cursor != cursor_before)) {
    const int line = line_of_offset(e.text, e.cursor);
    const int ls = line_start(e.text, line);
    const float cy = line * lh, cx = ImGui::CalcTextSize(e.text.c_str() + ls, e.text.c_str() + std::max(ls, e.cursor)).x;
    const float sy = ImGui::GetScrollY(), sx = ImGui::GetScrollX();
    if (cy - lh < sy) ImGui::SetScrollY(std::max(0.0f, cy - lh));  // a line of room above and below
    else if (cy + 2 * lh > sy + v.view_h) ImGui::SetScrollY(cy + 2 * lh - v.view_h);
    if (cx < sx) ImGui::SetScrollX(std::max(0.0f, cx - 4 * cw));
    else if (cx + cw > sx + v.view_w) ImGui::SetScrollX(cx + 4 * cw - v.view_w);
  } else if (e.scroll_line >= 0 || (*access_line >= 0 && !active)) {  // an error; the access while the text is not being typed
    const int line = e.scroll_line >= 0 ? e.scroll_line : *access_line;
    const float y = line * lh, sy = ImGui::GetScrollY();
    if (y < sy || y + lh > sy + v.view_h) ImGui::SetScrollY(std::max(0.0f, y - v.view_h * 0.35f));
    e.scroll_line = -1;
    *access_line = -1;
  }
  if (active) *access_line = -1;  // while the text is typed in, a new step does not move it
  e.top_line = static_cast<int>(ImGui::GetScrollY() / lh);
}

}  // namespace

// The step's access: its line, to bring into view, when the step, the selected instruction or the
// trace changes.
void EditorPanel::follow_access(const AppState& s, const std::vector<EditorMark>& marks) {
  // (the notes' box shown or hidden changes the text's height: the access line is brought into view again)
  const int access_key = ((s.trace_generation * 4099 + s.step) * 131 + s.selected_warp * 37 + s.selected_inst) * 2 + (s.compiler_notes_shown ? 1 : 0);
  if (access_key == access_key_) return;
  access_key_ = access_key;
  access_line_ = -1;
  for (const EditorMark& m : marks)
    if (m.kind == EditorMark::Access) {
      access_line_ = m.line;
      break;
    }
}

// Title and buttons, the status, then the text in its scrolling child (the marks behind it, the
// messages in front) and the gutter beside it.
void EditorPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  EditorState& e = s.editor;
  begin_panel("##editor", editor_title(e, r), r);
  draw_editor_buttons(s);
  if (!e.loaded) {
    ImGui::TextDisabled("no kernel: open a .cu file (Ctrl+O), or run one from the sidebar");
    end_panel();
    return;
  }
  draw_editor_status(s, ui);
  const std::vector<EditorMark> marks = editor_marks(s);
  follow_access(s, marks);

  ImGui::PushFont(ui.fonts.mono);
  const TextMeasure m = measure_text(e);
  ImGui::SetCursorScreenPos(ImVec2(m.body.x + m.gutter_w, m.body.y));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.03f, 0.03f, 0.04f, 1.0f));
  ImGui::BeginChild("##editor_scroll", ImVec2(std::max(1.0f, m.avail.x - m.gutter_w), std::max(1.0f, m.avail.y)), false,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_AlwaysVerticalScrollbar);
  ImGui::PopStyleColor();
  const TextView v = text_view(m);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  draw_access_marks(dl, marks, v);
  const std::vector<MessageUnder> under = draw_error_marks(dl, marks, v);
  const int cursor_before = e.cursor;
  const bool changed = draw_text(e, v, &active_);
  draw_messages_under(under, m.lh, m.cw);
  keep_in_view(e, v, changed, cursor_before, active_, &access_line_);
  ImGui::EndChild();
  draw_gutter(marks, m, v);
  ImGui::PopFont();
  end_panel();
}

void draw_editor_prompts(AppState& s, const UiContext& ui) {
  (void)ui;
  EditorState& e = s.editor;
  const char* names[] = {"", "Unsaved changes##editor", "Save as##editor", "Open a kernel file##editor"};
  const int which = static_cast<int>(e.prompt);
  if (which > 0 && !ImGui::IsPopupOpen(names[which])) ImGui::OpenPopup(names[which]);
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal(names[1], nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::Text("%s has unsaved changes.", e.display.c_str());
    ImGui::Text("Save them before you %s?", e.prompt_what.c_str());
    if (e.builtin) ImGui::TextDisabled("(a built-in kernel: Save asks for a new file)");
    const bool plain = !io.KeyCtrl && !io.KeyAlt;
    if (ImGui::Button("Save (S)") || (plain && ImGui::IsKeyPressed(GLFW_KEY_S, false))) answer_unsaved(s, UnsavedChoice::Save);
    ImGui::SameLine();
    if (ImGui::Button("Discard (D)") || (plain && ImGui::IsKeyPressed(GLFW_KEY_D, false))) answer_unsaved(s, UnsavedChoice::Discard);
    ImGui::SameLine();
    if (ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) answer_unsaved(s, UnsavedChoice::Cancel);
    if (e.prompt != EditorPrompt::Unsaved) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  for (const EditorPrompt p : {EditorPrompt::SaveAs, EditorPrompt::Open}) {
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(names[static_cast<int>(p)], nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) continue;
    const bool save = p == EditorPrompt::SaveAs;
    if (save) ImGui::Text("Save your version of %s as:", e.display.c_str());
    else ImGui::Text("Open a kernel file (.cu):");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(std::max(ImGui::CalcTextSize(e.path_buf).x + 40, io.DisplaySize.x * 0.4f));
    const bool enter = ImGui::InputText("##path", e.path_buf, sizeof e.path_buf, ImGuiInputTextFlags_EnterReturnsTrue);
    const std::string refusal = save ? save_refusal(e.path_buf) : "";
    const ImVec4 red = ImGui::ColorConvertU32ToFloat4(col(kErrorColor));
    ImGui::PushTextWrapPos(io.DisplaySize.x * 0.6f);
    if (!refusal.empty()) ImGui::TextColored(red, "%s", refusal.c_str());
    else if (!e.prompt_error.empty()) ImGui::TextColored(red, "%s", e.prompt_error.c_str());
    ImGui::PopTextWrapPos();
    ImGui::BeginDisabled(!refusal.empty());
    const bool go = ImGui::Button(save ? "Save" : "Open") || (enter && refusal.empty());
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {
      e.prompt = EditorPrompt::None;
      e.pending = nullptr;
    } else if (go) {
      if (save) editor_save_as(s, e.path_buf);
      else editor_open(s, e.path_buf);
      if (e.prompt == p && e.prompt_error.empty()) e.prompt = EditorPrompt::None;
    }
    if (e.prompt != p) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

}  // namespace scanscope
