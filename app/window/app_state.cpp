// Actions on the window's state (see app_state.h).
#include "app_state.h"
#include "formats/shown_text.h"

#include "grid_model.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "engine/catalogue.h"
#include "engine/check.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "model.h"
#include "engine/runner.h"

namespace scanscope {

void toast(AppState& s, const std::string& text, bool error) {
  // errors quote files and paths: shown escaped and capped (formats/shown_text.h), here and on stderr
  s.toasts.push_back({shown_text(text, kMaxShownLine, true), s.time + (error ? 8.0 : 4.0), error});
  if (s.toasts.size() > 4) s.toasts.erase(s.toasts.begin());
}

bool question_open(const AppState& s) { return s.editor.prompt != EditorPrompt::None || s.exercise.confirm_solution || s.lesson.confirm_leave; }


std::string wrong_result_note(const Trace& t, const std::string& why) {
  const KernelFile* k = t.source.empty() ? find_kernel_file(t.kernel) : nullptr;
  const bool hazards = has_race(t);
  std::string reason = k ? wrong_by_design(*k, t.request) : "";
  if (!reason.empty() && hazards) reason += " (RACE)";
  if (reason.empty() && hazards) reason = "the trace has races (RACE): the result depends on which thread runs first";
  return "Wrong result: " + why + (reason.empty() ? "" : ". Why: " + reason + ".");
}

void show_trace(AppState& s, Trace t, const std::string& where) {
  // A kernel that starts printing (a student's printf) brings the console panel, once, unless a
  // lesson step chose the panels: closing it afterwards keeps it closed.
  const bool printed_before = s.have_trace && !(s.have_grid ? s.grid.prints : s.trace.prints).empty();
  if (!t.prints.empty() && !printed_before && !current_lesson_step(s) &&
      std::find(s.panels.begin(), s.panels.end(), "console") == s.panels.end())
    s.panels.push_back("console");
  if (t.is_grid() && s.panels == default_panels()) {  // the default layout gets the grid in the warps panel's place
    s.panels = default_panels();
    std::replace(s.panels.begin(), s.panels.end(), std::string("warps"), std::string("grid"));
  }
  if (t.is_grid()) {
    // A re-run of the same launch sequence keeps its place; a new one starts at its first step
    // (or at s.step, counted over the whole grid, as --step gives it).
    const bool same = s.have_grid && s.grid.kernel == t.kernel && s.grid.launches.size() == t.launches.size();
    const int keep = same ? grid_step(t, s.grid_launch, s.grid_block, s.step) : s.step;
    s.grid = std::move(t);
    s.have_grid = true;
    const GridPlace p = grid_place(s.grid, std::clamp(keep, 0, std::max(0, static_cast<int>(s.grid.steps.size()) - 1)));
    s.grid_launch = p.launch;
    s.grid_block = p.block;
    s.grid_inst = 0;
    s.trace = block_trace(s.grid, p.launch, p.block);
    s.step = p.step_in_block;
  } else {
    s.have_grid = false;
    s.grid = Trace();
    s.grid_inst = 0;
    s.trace = std::move(t);
  }
  s.have_trace = true;
  ++s.trace_generation;
  s.where = where;
  s.have_predicted = false;
  s.step = std::clamp(s.step, 0, std::max(0, step_count(s) - 1));
  s.prev_step = s.step;
  s.anim = 1.0f;
  s.selected_warp = 0;
  s.selected_inst = 0;
  s.tree_zoom = 1.0f;
  s.tree_pan = 0.0f;
  s.output_ok = true;
  s.output_note.clear();
  if (!s.trace.fault.empty()) {  // a trace stopped by a fault: the fault, not a comparison of what it left
    s.output_ok = false;
    s.output_note = "Kernel fault at line " + std::to_string(s.trace.fault_line) + ": " + shown_text(s.trace.fault) +
                    ". The trace stops there: its last step shows what ran before it.";
  } else try {
    std::string why;
    if (!check_output(s.trace, &why)) {
      s.output_ok = false;
      s.output_note = wrong_result_note(s.trace, why);
    }
  } catch (const std::exception&) {
    // a trace the reference cannot check (e.g. a loaded file of an unknown kernel): no note
  }
  editor_follow_trace(s);
}

bool run_request(AppState& s, const TraceRequest& r, Device device, const ResolvedKernel* resolved) {
  try {
    std::string where;
    Trace t = run_trace(resolved ? *resolved : resolve_kernel(r), device, &where);
    s.request = r;
    s.form_error.clear();
    show_trace(s, std::move(t), where);
    update_compare(s);
    editor_after_run(s, r, nullptr);
    return true;
  } catch (const TraceFault& e) {  // what ran up to the fault is shown, at its last step: the fault's
    s.request = r;
    show_trace(s, *e.trace, "CPU emulator, stopped by a fault");
    s.step = s.prev_step = std::max(0, step_count(s) - 1);
    update_compare(s);
    s.form_error = e.what();  // said in the output banner and the editor: no toast over the code
    editor_after_run(s, r, &e);
  } catch (const UsageError& e) {
    s.form_error = e.what();
    toast(s, e.what(), true);
    editor_after_run(s, r, &e);
  } catch (const std::exception& e) {
    s.form_error = e.what();
    toast(s, std::string("could not run: ") + e.what(), true);
    editor_after_run(s, r, &e);
  }
  return false;
}

bool update_compare(AppState& s) {
  s.have_compare = false;
  ++s.trace_generation;
  if (!s.have_trace || (s.compare_pad.empty() && s.compare_kernel.empty() && !s.compare_original)) return false;
  TraceRequest r = s.request;
  if (r.kernel != s.trace.kernel) r = request_of(s.trace);  // a loaded trace
  r.input = s.trace.input;
  r.n = s.trace.n;
  try {
    if (s.compare_original) {  // the same request with the text the editor opened
      if (!s.editor.loaded || !request_is_editors(s.editor, r))
        throw UsageError("the editor holds " + (s.editor.loaded ? s.editor.display : std::string("no kernel")) + ", not the trace's kernel: Run it first");
      r.source_text = s.editor.original;
      r.has_source_text = true;
    }
    r = partner_request(r, s.compare_kernel, s.compare_pad, "--compare-kernel", "--compare-pad");
    s.compare = run_emulator(r);
    s.have_compare = true;
    return true;
  } catch (const std::exception& e) {
    toast(s, std::string("comparison: ") + e.what(), true);
  }
  return false;
}

bool compare_with_original(AppState& s, const std::string& pad) {
  s.compare_original = true;
  s.compare_kernel.clear();
  s.compare_pad = pad;
  return update_compare(s);
}

void clear_compare(AppState& s) {
  s.compare_pad.clear();
  s.compare_kernel.clear();
  s.compare_original = false;
  s.compare_swap = false;
  s.have_compare = false;
  ++s.trace_generation;
}

std::string compare_side_label(const AppState& s, bool partner) {
  const Trace& t = partner ? s.compare : s.trace;
  std::string d = t.kernel;
  const bool edit = trace_runs_edit(s);
  if (!partner && edit) d += ", my edit";
  if (partner && s.compare_original) d += ", original";
  else if (partner && edit && s.compare_kernel.empty()) d += ", my edit";  // the edit with another padding
  if (t.pad != Pad::None) d += std::string(" pad=") + pad_name(t.pad);
  return d + " (" + std::to_string(t.banks) + " banks)";
}

int step_count(const AppState& s) { return s.have_trace ? static_cast<int>(s.trace.steps.size()) : 0; }

WelcomeItems welcome_items(const AppState& s) {
  WelcomeItems w;
  const auto& lessons = s.lesson.lessons;
  for (int i = 0; i < static_cast<int>(lessons.size()); ++i) {
    const Lesson& l = lessons[i];
    w.lessons.push_back({std::to_string(i + 1) + ". " + l.title, i, 0});
    for (int k = 0; k < static_cast<int>(l.steps.size()); ++k) {
      if (l.steps[k].exercise.empty()) continue;
      std::string title = l.steps[k].title;  // "Your turn: pad the scan": the list's heading says it is one
      if (title.rfind("Your turn: ", 0) == 0) title = title.substr(11);
      if (!title.empty()) title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
      w.exercises.push_back({title + " (lesson " + std::to_string(i + 1) + ")", i, k});
    }
  }
  return w;
}

void choose_welcome(AppState& s, const WelcomeItem& item) {
  s.welcome_open = false;
  if (item.lesson >= 0) go_lesson_step(s, item.lesson, item.step);
}

ConsoleView console_lines(const AppState& s, int max_lines) {
  ConsoleView v;
  if (!s.have_trace) return v;
  const Trace& t = s.have_grid ? s.grid : s.trace;
  const int now = s.have_grid ? grid_step(s.grid, s.grid_launch, s.grid_block, s.step) : s.step;
  v.total = static_cast<int>(t.prints.size());
  bool many_blocks = false, many_launches = false;
  for (const PrintLine& p : t.prints) {
    many_blocks = many_blocks || p.block != 0;
    many_launches = many_launches || p.launch != 0;
  }
  std::vector<const PrintLine*> shown;
  for (const PrintLine& p : t.prints)
    if (p.step <= now) shown.push_back(&p);
  const size_t first = shown.size() > static_cast<size_t>(std::max(0, max_lines)) ? shown.size() - static_cast<size_t>(std::max(0, max_lines)) : 0;
  v.left_out = static_cast<int>(first);
  for (size_t i = first; i < shown.size(); ++i) {
    const PrintLine& p = *shown[i];
    ConsoleLine c;
    c.where = (many_launches ? "launch " + std::to_string(p.launch + 1) + ", " : std::string()) +
              (many_blocks || many_launches ? "block " + std::to_string(p.block) + ", " : std::string()) + "thread " + std::to_string(p.tid);
    c.text = p.text;
    c.current = p.step == now;
    v.lines.push_back(std::move(c));
  }
  return v;
}

bool at_fault_step(const AppState& s) {
  if (!s.have_trace || s.trace.fault.empty() || s.step != step_count(s) - 1) return false;
  if (!s.have_grid || s.grid.steps.empty()) return true;
  const Step& last = s.grid.steps.back();  // the grid's record stops in the block that faulted
  return s.grid_launch == last.launch && s.grid_block == last.block;
}

void set_step(AppState& s, int step) {
  const int n = step_count(s);
  if (n == 0) return;
  step = std::clamp(step, 0, n - 1);
  if (step == s.step) return;
  s.prev_step = s.step;
  s.step = step;
  s.anim = 0.0f;
  s.selected_inst = 0;
  s.grid_inst = 0;  // another step's global instructions
}

bool step_by(AppState& s, int delta) {
  if (step_count(s) == 0 || delta == 0) return false;
  if (s.have_grid && delta > 0 && s.step + 1 >= step_count(s)) {
    const int g = next_block_step(s.grid, s.grid_launch, s.grid_block);
    if (g < 0) return false;
    select_grid_step(s, g);
    return true;
  }
  if (s.have_grid && delta < 0 && s.step == 0) {
    const int g = previous_block_step(s.grid, s.grid_launch, s.grid_block);
    if (g < 0) return false;
    select_grid_step(s, g);
    return true;
  }
  const int before = s.step;
  set_step(s, s.step + delta);
  return s.step != before;
}

void select_grid_step(AppState& s, int g) {
  if (!s.have_grid || g < 0 || g >= static_cast<int>(s.grid.steps.size())) return;
  const GridPlace p = grid_place(s.grid, g);
  if (p.launch != s.grid_launch || p.block != s.grid_block) {
    s.grid_launch = p.launch;
    s.grid_block = p.block;
    s.trace = block_trace(s.grid, p.launch, p.block);
    ++s.trace_generation;
    s.selected_warp = 0;
    s.selected_inst = 0;
    s.step = s.prev_step = p.step_in_block;  // another block: no animation from the last one's step
    s.anim = 1.0f;
  } else {
    set_step(s, p.step_in_block);
  }
  s.grid_inst = 0;
}

int current_grid_step(const AppState& s) { return s.have_grid ? grid_step(s.grid, s.grid_launch, s.grid_block, s.step) : -1; }

bool animating(const AppState& s) { return s.anim < 1.0f; }

void advance(AppState& s, double dt) {
  const float step_time = 1.0f / std::max(0.1f, s.settings.speed);
  const float anim_time = std::min(0.6f, step_time * 0.7f);
  if (s.anim < 1.0f) s.anim = std::min(1.0f, s.anim + static_cast<float>(dt) / anim_time);
  if (!s.playing) return;
  s.play_clock += dt;
  if (s.play_clock >= step_time) {
    s.play_clock = 0;
    if (!step_by(s, +1)) s.playing = false;
  }
}

void form_from_request(RunForm& f, const TraceRequest& r, Device d) {
  const auto& cat = kernel_files();
  for (size_t i = 0; i < cat.size(); ++i)
    if (r.kernel == cat[i].id) f.kernel = static_cast<int>(i);
  f.n = r.n;
  f.threads = r.threads;
  f.banks = r.banks;
  f.pad = static_cast<int>(r.pad);
  f.op = static_cast<int>(r.op);
  f.type = static_cast<int>(r.type);
  f.seed = static_cast<int>(r.seed);
  f.device = d == Device::Cpu ? 1 : d == Device::Gpu ? 2 : 0;
  f.kept = r;
  f.use_source = !r.source.empty();
  f.source_pad = false;
  if (f.use_source) {
    try {
      f.source_pad = kernel_options(load_kernel_file(r.source, r.has_source_text ? &r.source_text : nullptr)).pad;
    } catch (const std::exception&) {  // the file changed since: Run will say what is wrong
    }
  }
  if (!r.input.empty()) {
    f.input_mode = 1;
    std::string text;
    for (size_t i = 0; i < r.input.size(); ++i) text += (i ? "," : "") + format_value(r.input[i], Operator::Sum, ValueStyle::Cell);
    std::snprintf(f.input_text, sizeof f.input_text, "%s", text.c_str());
  } else {
    f.input_mode = 0;
  }
}

TraceRequest request_from_form(const RunForm& f, Device* device) {
  const auto& cat = kernel_files();
  if (cat.empty()) throw UsageError("no kernel files found in " + kernel_dir());
  TraceRequest r;
  r.kernel = cat[std::clamp(f.kernel, 0, static_cast<int>(cat.size()) - 1)].id;
  r.n = f.n;
  r.threads = f.threads;
  r.banks = f.banks;
  r.warp_issue = f.banks == 16 ? 16 : 32;
  r.pad = static_cast<Pad>(f.pad);
  r.op = operators()[std::clamp(f.op, 0, static_cast<int>(operators().size()) - 1)].op;
  r.type = value_types()[std::clamp(f.type, 0, static_cast<int>(value_types().size()) - 1)];
  if (f.seed < 0) throw UsageError("the random seed must be 0 or more, not " + std::to_string(f.seed));
  r.seed = static_cast<unsigned>(f.seed);
  if (f.input_mode == 1 || f.input_mode == 2) {
    std::string text = f.input_text;
    if (f.input_mode == 2) {
      const auto& presets = input_presets();
      text = presets[std::clamp(f.preset, 0, static_cast<int>(presets.size()) - 1)].values;
    }
    r.input = parse_input_list(text, r.type);
    r.n = static_cast<int>(r.input.size());
  }
  if (f.use_source) {
    r.kernel = f.kept.kernel;
    r.source = f.kept.source;
    r.source_text = f.kept.source_text;
    r.has_source_text = f.kept.has_source_text;
  }
  if (f.use_source || r.kernel == f.kept.kernel) {  // the same kernel: what the form cannot set stays
    r.entry = f.kept.entry;
    r.defines = f.kept.defines;
    r.scan = f.kept.scan;
    r.bits = f.kept.bits;
  }
  if (device) *device = form_device(f);
  return r;
}

Device form_device(const RunForm& f) { return f.device == 1 ? Device::Cpu : f.device == 2 ? Device::Gpu : Device::Auto; }

bool form_takes_pad(const RunForm& f) {
  const auto& cat = kernel_files();
  if (f.use_source) return f.source_pad;
  return !cat.empty() && kernel_options(cat[std::clamp(f.kernel, 0, static_cast<int>(cat.size()) - 1)]).pad;
}

}  // namespace scanscope
