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

void EditorPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  EditorState& e = s.editor;
  // The title fits the panel (a wider one would let focusing the text scroll the whole panel).
  std::string title = "Editor";
  if (e.loaded) {
    const float room = r.w - 2 * ImGui::GetStyle().WindowPadding.x;
    const std::string unsaved = editor_dirty(e) ? " - unsaved" : "", builtin = e.builtin ? " (built-in)" : "";
    const std::string name = e.display.substr(e.display.find_last_of('/') + 1);
    title += unsaved;  // when nothing longer fits
    for (const std::string& t : {"Editor: " + e.display + builtin + unsaved, "Editor: .../" + name + builtin + unsaved, "Editor: " + name + unsaved})
      if (text_width(t) <= room) {
        title = t;
        break;
      }
  }
  const Rect c = begin_panel("##editor", title, r);
  (void)c;
  if (flow_button("Run (Ctrl+Enter)", true, e.loaded)) editor_run(s);
  if (flow_button("Reset", false, e.loaded && editor_edited(e))) editor_reset(s);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("back to the text as it was opened (not yet run)");
  if (flow_button("Open (Ctrl+O)", false)) ask_open(s);
  if (flow_button("Save (Ctrl+S)", false, e.loaded)) editor_save(s);
  if (e.builtin && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("a built-in kernel is never overwritten: Save asks for a new file");
  if (flow_button("Save as (Ctrl+Shift+S)", false, e.loaded)) editor_ask_save_as(e);
  if (!e.loaded) {
    ImGui::TextDisabled("no kernel: open a .cu file (Ctrl+O), or run one from the sidebar");
    end_panel();
    return;
  }
  bool is_error = false;
  const std::string status = editor_status(s, &is_error);
  ImGui::PushTextWrapPos(0);
  if (is_error) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col(kErrorColor)), "%s", status.c_str());
  else ImGui::TextDisabled("%s", status.c_str());
  if (const std::string elsewhere = editor_access_elsewhere(s); !elsewhere.empty()) ImGui::TextDisabled("%s", elsewhere.c_str());
  for (const EditorNote& n : e.notes) ImGui::TextColored(n.ok ? ImVec4(0.45f, 0.9f, 0.6f, 1) : ImVec4(1.0f, 0.55f, 0.4f, 1), "%s", shown_text(n.text, kMaxShownLine, true).c_str());
  ImGui::PopTextWrapPos();

  // The step's access: brought into view when the step, the selected instruction or the trace changes.
  const std::vector<EditorMark> marks = editor_marks(s);
  const int access_key = (s.trace_generation * 4099 + s.step) * 131 + s.selected_warp * 37 + s.selected_inst;
  if (access_key != access_key_) {
    access_key_ = access_key;
    access_line_ = -1;
    for (const EditorMark& m : marks)
      if (m.kind == EditorMark::Access) {
        access_line_ = m.line;
        break;
      }
  }

  ImGui::PushFont(ui.fonts.mono);
  const float lh = ImGui::GetFontSize();  // InputTextMultiline's line height
  const float cw = ImGui::CalcTextSize("MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM").x / 32.0f;
  const std::vector<std::string> lines = split_lines(e.text);
  const int nlines = std::max(1, line_count(e.text));
  int digits = 2;
  for (int n = nlines; n >= 100; n /= 10) ++digits;
  const float gutter_w = (static_cast<float>(digits) + 2.0f) * cw;
  const ImVec2 body = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float longest = 0;
  for (const auto& l : lines) longest = std::max(longest, ImGui::CalcTextSize(l.c_str()).x);

  ImGui::SetCursorScreenPos(ImVec2(body.x + gutter_w, body.y));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.03f, 0.03f, 0.04f, 1.0f));
  ImGui::BeginChild("##editor_scroll", ImVec2(std::max(1.0f, avail.x - gutter_w), std::max(1.0f, avail.y)), false,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_AlwaysVerticalScrollbar);
  ImGui::PopStyleColor();
  const ImVec2 origin = ImGui::GetCursorScreenPos();  // the first line's top-left, scrolled
  // The visible part (the child has no padding; the region moves with the scroll, its size does not).
  const float view_w = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  const float view_h = ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
  const ImVec2 view0 = ImGui::GetWindowPos(), view1(view0.x + view_w, view0.y + view_h);
  const ImVec2 size(std::max(view_w, longest + 12 * cw), static_cast<float>(nlines + 1) * lh);
  auto x_at = [&](int line, int byte) {
    if (line < 0 || line >= static_cast<int>(lines.size())) return origin.x;
    const std::string& l = lines[line];
    return origin.x + ImGui::CalcTextSize(l.c_str(), l.c_str() + std::clamp(byte, 0, static_cast<int>(l.size()))).x;
  };
  auto line_end = [&](int line) { return line >= 0 && line < static_cast<int>(lines.size()) ? static_cast<int>(lines[line].size()) : 0; };

  // Behind the text: the step's lines, the access's expression, the errors.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float full_w = std::max(size.x, view_w);
  for (const EditorMark& m : marks) {
    const float y = origin.y + m.line * lh;
    if (m.kind == EditorMark::StepLine) {
      dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + full_w, y + lh), IM_COL32(86, 180, 233, 45));
    } else if (m.kind == EditorMark::Access) {
      dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + full_w, y + lh), col(kChangedColor.with_alpha(60)));
      dl->AddRectFilled(ImVec2(x_at(m.line, m.begin) - 1, y), ImVec2(x_at(m.line, m.end) + 1, y + lh), col(kChangedColor.with_alpha(150)));
    }
  }
  // The messages go in a box beside the line, after its last character; where that is out of view,
  // under the line from the error's column, over the next line (drawn after the text, below).
  // A flag (a line a failed check names) is drawn as an error of the whole line, in its own colour.
  std::vector<std::pair<ImVec2, const EditorMark*>> under;
  auto mark_color = [](const EditorMark& m) { return m.kind == EditorMark::Flag ? kCheckColor : kErrorColor; };
  auto message_box = [&](ImDrawList* to, ImVec2 at, const EditorMark& m) {
    const std::string& msg = m.message;
    const Rgba c = mark_color(m);
    to->AddRectFilled(ImVec2(at.x - cw * 0.5f, at.y), ImVec2(at.x + ImGui::CalcTextSize(msg.c_str()).x + cw * 0.5f, at.y + lh), col(c.with_alpha(235)), 3.0f);
    to->AddText(at, col(text_on(c)), msg.c_str());
  };
  for (const EditorMark& m : marks) {
    if (m.kind != EditorMark::Error && m.kind != EditorMark::Flag) continue;
    const float y = origin.y + m.line * lh;
    const Rgba c = mark_color(m);
    dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + full_w, y + lh), col(c.with_alpha(45)));
    const float x0 = m.kind == EditorMark::Flag ? origin.x : x_at(m.line, m.begin);
    if (m.kind == EditorMark::Error) dl->AddLine(ImVec2(x0, y + lh - 1), ImVec2(std::max(x_at(m.line, m.end), x0 + cw), y + lh - 1), col(c), 2.0f);
    const float w = ImGui::CalcTextSize(m.message.c_str()).x;
    const float beside = x_at(m.line, line_end(m.line)) + 2 * cw;
    if (beside + w + cw <= view1.x) message_box(dl, ImVec2(beside, y), m);
    else under.push_back({ImVec2(std::max(view0.x + cw * 0.5f, std::min(x0, view1.x - w - cw)), y + lh + 1), &m});
  }

  // The text itself: no frame, no padding, so its lines sit at origin + k * lh.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0, 0, 0, 0));
  if (e.want_focus) {
    // Not when the text has the keyboard already: ImGui would scroll the whole text's top into view
    // a frame later, over the scroll that brings the cursor into view.
    if (!active_) ImGui::SetKeyboardFocusHere();
    e.want_focus = false;
  }
  if (active_ && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {  // leave the text as it is (ImGui would undo the edit)
    swallow_key(GLFW_KEY_ESCAPE);
    ImGui::SetWindowFocus(nullptr);
  }
  const std::string id = "##text" + std::to_string(e.generation);  // a new state when the text was replaced from outside
  const int cursor_before = e.cursor;
  const bool changed = ImGui::InputTextMultiline(id.c_str(), e.text.data(), e.text.capacity() + 1, size,
                                                 ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways |
                                                     ImGuiInputTextFlags_AllowTabInput,
                                                 text_callback, &e);
  active_ = ImGui::IsItemActive();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
  // A message under its line sits in front of the next line's text: in a child window of its own,
  // drawn after the text's (and, like it, below popups and toasts).
  for (size_t i = 0; i < under.size(); ++i) {
    ImGui::SetCursorScreenPos(ImVec2(under[i].first.x - cw * 0.5f, under[i].first.y));
    ImGui::BeginChild(("##message" + std::to_string(i)).c_str(), ImVec2(ImGui::CalcTextSize(under[i].second->message.c_str()).x + cw, lh), false,
                      ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoSavedSettings);
    message_box(ImGui::GetWindowDrawList(), under[i].first, *under[i].second);
    ImGui::EndChild();
  }

  // Keep the cursor in view while typing or moving it; else bring a requested line into view.
  if (active_ && (changed || e.cursor != cursor_before)) {
    const int line = line_of_offset(e.text, e.cursor);
    const int ls = line_start(e.text, line);
    const float cy = line * lh, cx = ImGui::CalcTextSize(e.text.c_str() + ls, e.text.c_str() + std::max(ls, e.cursor)).x;
    const float sy = ImGui::GetScrollY(), sx = ImGui::GetScrollX();
    if (cy - lh < sy) ImGui::SetScrollY(std::max(0.0f, cy - lh));  // a line of room above and below
    else if (cy + 2 * lh > sy + view_h) ImGui::SetScrollY(cy + 2 * lh - view_h);
    if (cx < sx) ImGui::SetScrollX(std::max(0.0f, cx - 4 * cw));
    else if (cx + cw > sx + view_w) ImGui::SetScrollX(cx + 4 * cw - view_w);
  } else if (e.scroll_line >= 0 || (access_line_ >= 0 && !active_)) {  // an error; the access while the text is not being typed
    const int line = e.scroll_line >= 0 ? e.scroll_line : access_line_;
    const float y = line * lh, sy = ImGui::GetScrollY();
    if (y < sy || y + lh > sy + view_h) ImGui::SetScrollY(std::max(0.0f, y - view_h * 0.35f));
    e.scroll_line = -1;
    access_line_ = -1;
  }
  if (active_) access_line_ = -1;  // while the text is typed in, a new step does not move it
  e.top_line = static_cast<int>(ImGui::GetScrollY() / lh);
  ImGui::EndChild();

  // The gutter: line numbers at the text's line height, scrolled with it; a mark on the lines of
  // the access and of the errors.
  const ImVec2 g0 = body, g1(body.x + gutter_w, body.y + avail.y);
  ImDrawList* pl = ImGui::GetWindowDrawList();
  pl->PushClipRect(g0, g1, true);
  const int first = std::max(0, static_cast<int>((g0.y - origin.y) / lh));
  const int last = std::min(nlines - 1, static_cast<int>((g1.y - origin.y) / lh) + 1);
  std::vector<char> kind(static_cast<size_t>(nlines), 0);  // 1 access, 2 error, 3 flag
  for (const EditorMark& m : marks)
    if (m.line >= 0 && m.line < nlines) {
      if (m.kind == EditorMark::Error) kind[m.line] = 2;
      else if (m.kind == EditorMark::Flag && kind[m.line] != 2) kind[m.line] = 3;
      else if (m.kind == EditorMark::Access && kind[m.line] == 0) kind[m.line] = 1;
    }
  const ImU32 num_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = first; i <= last; ++i) {
    const float y = origin.y + i * lh;
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
