// Sidebar: what to run (kernel, n, threads, banks, padding, operator, type, input), where it ran,
// files (open/save trace JSON, export PNG), panels and presenter settings.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "engine/catalogue.h"
#include "formats/shown_text.h"
#include "engine/kernel_file.h"
#include "model.h"
#include "panels.h"
#include "engine/runner.h"
#include "formats/files.h"
#include "formats/trace_json.h"

namespace scanscope {

namespace {

// --- Draw: "<<" at the title line's right end hides the sidebar (Tab shows it again, or ">>" in
// the transport bar).
void draw_hide_button(AppState& s) {
  const char* hide = "<<";
  const float bw = ImGui::CalcTextSize(hide).x + 2 * ImGui::GetStyle().FramePadding.x;
  const ImVec2 back = ImGui::GetCursorPos();
  ImGui::SetCursorPos(ImVec2(ImGui::GetWindowContentRegionMax().x - bw, ImGui::GetStyle().WindowPadding.y));
  if (ImGui::SmallButton(hide)) s.sidebar_hidden = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("hide the sidebar (Tab)");
  ImGui::SetCursorPos(back);
}

// --- Draw: where the trace ran, a badge w wide on one line (a GPU's long name shortened); why it
// runs where it does is its tooltip and in the help overlay (F1), not five lines on every screen.
void draw_device_badge(const AppState& s, float w) {
  const bool gpu = is_gpu_measurement(s.trace);
  const Rgba bc = gpu ? okabe_ito::bluish_green : okabe_ito::blue;
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  // "runs on: CPU emulator", else "CPU emulator", else its first words: never cut inside a word.
  std::string badge = "runs on: " + device_badge(s.trace);
  if (text_width(badge) > w - 2 * pad.x) badge = shorten_words(device_badge(s.trace), w - 2 * pad.x, [](const std::string& x) { return text_width(x); });
  const float bh = ImGui::GetFontSize() + 2 * pad.y;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + bh), col(bc), 4);
  dl->AddText(ImVec2(p.x + pad.x, p.y + pad.y), IM_COL32(255, 255, 255, 255), badge.c_str());
  ImGui::InvisibleButton("##badge", ImVec2(w, bh));
  if (ImGui::IsItemHovered() && !s.where.empty()) ImGui::SetTooltip("%s", shown_text(s.where).c_str());
}

// "-D NAME=VALUE -D OTHER" of a request's macros.
std::string defines_text(const std::vector<std::pair<std::string, std::string>>& defines) {
  std::string d;
  for (const auto& [name, value] : defines) d += (d.empty() ? "" : " ") + std::string("-D ") + name + (value.empty() ? "" : "=" + value);
  return d;
}

// --- Draw: the kernel box (the --source file first, then the catalogue by family) and the -D
// macros Run keeps for this kernel (from the command line or a lesson), with a way to drop them.
void draw_kernel_choice(RunForm& f, const std::vector<KernelFile>& cat) {
  const std::string source = f.kept.source.empty() ? "" : kernel_display_path(f.kept.source);  // inside the project: relative to it
  // The preview cut at a hyphen, not inside a word, where the box is narrow (the tooltip has all).
  const std::string preview = fit_words(f.use_source ? source : cat[f.kernel].id, ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x);
  if (ImGui::BeginCombo("kernel", preview.c_str())) {
    if (!source.empty() && ImGui::Selectable(source.c_str(), f.use_source)) f.use_source = true;
    for (int i = 0; i < static_cast<int>(cat.size()); ++i) {
      if (cat[i].family && (i == 0 || cat[i - 1].family != cat[i].family))  // the catalogue is in family order
        ImGui::TextDisabled("%s", family_info(*cat[i].family).title);
      if (ImGui::Selectable(cat[i].id.c_str(), !f.use_source && i == f.kernel)) {
        f.kernel = i;
        f.use_source = false;
      }
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    if (f.use_source) ImGui::SetTooltip("%s (--source)", shown_text(f.kept.source).c_str());
    else ImGui::SetTooltip("%s\n%s\n%s", shown_text(cat[f.kernel].header.title).c_str(), shown_text(cat[f.kernel].header.from).c_str(), shown_text(cat[f.kernel].display).c_str());
  }
  if ((f.use_source || cat[f.kernel].id == f.kept.kernel) && !f.kept.defines.empty()) {
    const std::string d = defines_text(f.kept.defines);
    if (ImGui::SmallButton("x##defines")) f.kept.defines.clear();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("run without these macros");
    ImGui::SameLine();
    ImGui::TextDisabled("%s", d.c_str());
  }
}

// The values of a typed list ("3, 1, 4"): separated by commas and blanks.
int typed_value_count(const char* text) {
  int count = 0;
  for (const char* c = text; *c;) {
    while (*c == ',' || *c == ' ' || *c == '\t') ++c;
    if (!*c) break;
    ++count;
    while (*c && *c != ',' && *c != ' ' && *c != '\t') ++c;
  }
  return count;
}

// --- Draw: the input (random with n and seed, a typed list, or a worked example, which picks its
// kernel and block size too).
void draw_input_choice(RunForm& f, const std::vector<KernelFile>& cat) {
  const char* modes[] = {"random", "typed list", "worked example"};
  ImGui::Combo("input", &f.input_mode, modes, 3);
  if (f.input_mode == 0) {
    ImGui::InputInt("n", &f.n);
    ImGui::InputInt("seed", &f.seed);
  } else if (f.input_mode == 1) {
    // The label counts the values ("n = 16", as the random input's n: a lesson's text says how
    // many its list holds, and the field shows only the list's start).
    const int count = typed_value_count(f.input_text);
    ImGui::InputText(("n = " + std::to_string(count) + "###values").c_str(), f.input_text, sizeof f.input_text);
  } else {
    const auto& presets = input_presets();
    f.preset = std::clamp(f.preset, 0, static_cast<int>(presets.size()) - 1);
    if (ImGui::BeginCombo("example", presets[f.preset].name)) {
      for (int i = 0; i < static_cast<int>(presets.size()); ++i)
        if (ImGui::Selectable(presets[i].name, i == f.preset)) {
          f.preset = i;
          for (int k = 0; k < static_cast<int>(cat.size()); ++k)
            if (cat[k].id == presets[i].kernel) f.kernel = k;
          f.threads = presets[i].threads;
        }
      ImGui::EndCombo();
    }
  }
}

// --- Draw: the launch and its values: threads, banks, padding (for a kernel that takes it),
// operator, type, device.
void draw_run_options(const AppState& s, RunForm& f, bool takes_pad) {
  // 0 is the kernel's own block size for n: the box says "auto" and which size that was for the
  // trace shown (typing a number or +/- replaces it).
  const std::string threads_fmt = f.threads == 0 ? (s.have_trace ? "auto (" + std::to_string(s.trace.threads) + ")" : std::string("auto")) : std::string("%d");
  const int one = 1, ten = 32;
  ImGui::InputScalar("threads", ImGuiDataType_S32, &f.threads, s.settings.presenter ? nullptr : &one, &ten, threads_fmt.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0: auto, the kernel's natural block size for n");
  int bank_idx = f.banks == 16 ? 1 : 0;
  const char* bank_names[] = {"32 (Fermi+)", "16 (G80, half-warps)"};
  if (ImGui::Combo("banks", &bank_idx, bank_names, 2)) f.banks = bank_idx ? 16 : 32;
  if (takes_pad) {
    const char* pads[] = {"none", "harris", "zero"};
    ImGui::Combo("padding", &f.pad, pads, 3);
  }
  std::vector<const char*> op_names;
  std::string op_notes;
  for (const OperatorInfo& op : operators()) {
    op_names.push_back(op.name);
    if (!op.commutative) op_notes += std::string(op_notes.empty() ? "" : "\n") + op.name + ": " + op.about + ": associative, not commutative";
  }
  f.op = std::clamp(f.op, 0, static_cast<int>(op_names.size()) - 1);
  ImGui::Combo("operator", &f.op, op_names.data(), static_cast<int>(op_names.size()));
  if (!op_notes.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", op_notes.c_str());
  std::vector<const char*> types;
  for (ValueType t : value_types()) types.push_back(type_name(t));
  ImGui::Combo("type", &f.type, types.data(), static_cast<int>(types.size()));
  const char* devices[] = {"auto", "cpu emulator", "gpu"};
  ImGui::Combo("device", &f.device, devices, 3);
}

// --- Draw: what the trace shown is: the kernel's title, what it does and where it is from (or
// the --source file), its launch, macros, GPU check and time, compiler, and its sizes.
void draw_trace_info(const AppState& s) {
  const KernelFile* k = s.trace.source.empty() ? find_kernel_file(s.trace.kernel) : nullptr;
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  if (k) {
    ImGui::TextColored(vec4(kTitleText), "%s", shown_text(k->header.title).c_str());
    ImGui::TextUnformatted(k->header.about.c_str());
    ImGui::TextDisabled("%s", k->header.from.c_str());
  } else if (!s.trace.source.empty()) {
    ImGui::TextColored(vec4(kTitleText), "%s", shown_text(kernel_display_path(s.trace.source)).c_str());
  }
  if (!s.trace.launch.empty()) ImGui::TextDisabled("%s", shown_text(s.trace.launch).c_str());
  if (!s.trace.defines.empty())  // macros set with -D (or a lesson's define:): the file's #if branches follow them
    ImGui::TextColored(vec4(kTitleText), "%s", defines_text(s.trace.defines).c_str());
  if (!s.trace.gpu_check.empty()) ImGui::TextDisabled("GPU: %s", s.trace.gpu_check.c_str());
  if (s.trace.gpu_us > 0) ImGui::TextDisabled("GPU time: %.2f us (this text, median of %d launches)", s.trace.gpu_us, kTimedRepeats);
  if (!s.trace.compiler.empty()) ImGui::TextDisabled("compiler: %s", shown_text(s.trace.compiler).c_str());
  ImGui::PopTextWrapPos();
  ImGui::Text("n %d, threads %d, %d words", s.trace.n, s.trace.threads, s.trace.smem_words);
}

// --- Draw: the Files section (collapsed at first): open or save a trace, export the view as PNG.
void draw_files_section(AppState& s, float w) {
  if (!ImGui::CollapsingHeader("Files")) return;
  ImGui::SetNextItemWidth(w);
  ImGui::InputText("##path", s.path_buf, sizeof s.path_buf);
  if (ImGui::Button("Open trace")) {
    try {
      auto t = std::make_shared<Trace>(load_trace_file(s.path_buf));
      const std::string path = s.path_buf;
      guard_replace(s, request_of(*t), "open " + path, [t, path](AppState& st) {
        st.request = request_of(*t);
        form_from_request(st.form, st.request, Device::Auto);
        show_trace(st, std::move(*t), "loaded from " + path);
        update_compare(st);
        toast(st, "opened " + path, false);
      });
    } catch (const std::exception& e) {
      toast(s, e.what(), true);
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Save trace") && s.have_trace) {
    try {
      write_output(s.path_buf, s.have_grid ? trace_to_json(s.grid, -1) : trace_to_json(s.trace, 1));  // a grid: all its blocks
      toast(s, std::string("saved ") + s.path_buf, false);
    } catch (const std::exception& e) {
      toast(s, e.what(), true);
    }
  }
  ImGui::SetNextItemWidth(w);
  ImGui::InputText("##png", s.png_buf, sizeof s.png_buf);
  if (ImGui::Button("Export view as PNG")) s.export_png_path = s.png_buf;
}

// --- Draw: the View section (collapsed at first): which panels are shown, presenter mode, the UI
// scale, full screen.
void draw_view_section(AppState& s, float w) {
  if (!ImGui::CollapsingHeader("View")) return;
  for (const PanelInfo& p : kPanels) {
    const std::string name = p.name;
    bool on = std::find(s.panels.begin(), s.panels.end(), name) != s.panels.end();
    if (ImGui::Checkbox(p.name, &on)) {
      if (on) s.panels.push_back(name);
      else s.panels.erase(std::remove(s.panels.begin(), s.panels.end(), name), s.panels.end());
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.title);
  }
  if (ImGui::Checkbox("presenter mode", &s.settings.presenter)) s.style_dirty = true;
  ImGui::SetNextItemWidth(w * 0.5f);
  if (ImGui::SliderFloat("UI scale", &s.settings.ui_scale, 0.75f, 2.5f, "%.2f")) s.style_dirty = true;
  if (ImGui::Button("Full screen (F11)")) s.toggle_fullscreen = true;
}

// --- Draw: the run form: kernel, input, the launch's values, Run, and the form's error.
// (takes_pad: as the form was before the lesson menu, which may refill it, was drawn.)
void draw_run_form(AppState& s, const std::vector<KernelFile>& cat, float w, bool takes_pad) {
  RunForm& f = s.form;
  // The boxes take what the longest label ("operator") leaves.
  ImGui::PushItemWidth(std::max(w * 0.45f, w - text_width("operator") - ImGui::GetStyle().ItemInnerSpacing.x - 2));
  draw_kernel_choice(f, cat);
  draw_input_choice(f, cat);
  draw_run_options(s, f, takes_pad);
  ImGui::PopItemWidth();
  if (ImGui::Button("Run", ImVec2(w, 0))) run_from_form(s);  // the editor's kernel runs as edited there
  if (!s.form_error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1), "%s", s.form_error.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace

// The sidebar, top to bottom: where it runs, the lessons, the run form, the trace shown, files, view.
void ControlsPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##controls", "scanscope", r);
  draw_hide_button(s);
  ImGui::BeginChild("##controls_scroll", ImVec2(0, 0), false);
  // Presenter mode: the lecturer's form in the small font, the room reads the panels.
  ImGui::PushFont(s.settings.presenter ? ui.fonts.small : ImGui::GetFont());
  RunForm& f = s.form;
  const auto& cat = kernel_files();
  if (cat.empty()) {
    ImGui::TextWrapped("no kernel files found in %s", kernel_dir().c_str());
    ImGui::PopFont();
    ImGui::EndChild();
    end_panel();
    return;
  }
  f.kernel = std::clamp(f.kernel, 0, static_cast<int>(cat.size()) - 1);
  const bool takes_pad = form_takes_pad(f);
  const float w = ImGui::GetContentRegionAvail().x;
  if (s.have_trace) draw_device_badge(s, w);
  ImGui::Separator();
  draw_lesson_menu(s, ui);
  ImGui::Separator();
  draw_run_form(s, cat, w, takes_pad);
  if (s.have_trace) draw_trace_info(s);
  ImGui::Separator();
  draw_files_section(s, w);
  draw_view_section(s, w);
  if (ImGui::SmallButton("Keys (F1 or ?)")) s.help_open = true;
  ImGui::SameLine();
  if (ImGui::SmallButton("Start screen")) s.welcome_open = true;
  ImGui::PopFont();
  ImGui::EndChild();
  end_panel();
}

}  // namespace scanscope
