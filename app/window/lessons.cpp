// Guided lessons and the views without a trace (float order, histogram equalization, timing):
// the actions on AppState that open them. No ImGui here; the lesson box and the views draw them.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "app_state.h"
#include "engine/assets.h"
#include "model.h"

namespace scanscope {

namespace {
bool env_on(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string(v) != "0";
}
}  // namespace

void load_lesson_list(AppState& s, const std::string& dir_in) {
  LessonState& L = s.lesson;
  L.loaded = true;
  L.lessons.clear();
  L.errors.clear();
  const std::string dir = dir_in.empty() ? asset_dir() + "/lessons" : dir_in;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".lesson") files.push_back(e.path().string());
  if (ec) {
    L.errors.push_back("lessons: cannot read the folder '" + dir + "': " + ec.message());
    toast(s, L.errors.back(), true);
    return;
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    try {
      L.lessons.push_back(load_lesson_file(f));
      if (L.lessons.back().steps.empty()) {
        L.errors.push_back(f + ": the lesson has no steps");
        L.lessons.pop_back();
        toast(s, L.errors.back(), true);
      }
    } catch (const std::exception& e) {  // LessonError: "FILE:LINE: problem"
      L.errors.push_back(e.what());
      toast(s, std::string("lesson not loaded: ") + e.what(), true);
    }
  }
}

int find_lesson_index(const AppState& s, const std::string& name) {
  const auto& ls = s.lesson.lessons;
  for (size_t i = 0; i < ls.size(); ++i) {
    if (ls[i].name == name) return static_cast<int>(i);
    if (std::filesystem::path(ls[i].file).stem().string() == name) return static_cast<int>(i);
  }
  return -1;
}

const LessonStep* current_lesson_step(const AppState& s) {
  const LessonState& L = s.lesson;
  if (L.active < 0 || L.active >= static_cast<int>(L.lessons.size())) return nullptr;
  const auto& steps = L.lessons[L.active].steps;
  if (L.step < 0 || L.step >= static_cast<int>(steps.size())) return nullptr;
  return &steps[L.step];
}

std::string lesson_progress(const AppState& s) {
  if (!current_lesson_step(s)) return "";
  return "step " + std::to_string(s.lesson.step + 1) + " of " + std::to_string(s.lesson.lessons[s.lesson.active].steps.size());
}

bool open_lesson_step(AppState& s, int lesson, int step) {
  LessonState& L = s.lesson;
  if (lesson < 0 || lesson >= static_cast<int>(L.lessons.size())) {
    toast(s, "no such lesson", true);
    return false;
  }
  const Lesson& les = L.lessons[lesson];
  if (step < 0 || step >= static_cast<int>(les.steps.size())) {
    toast(s, "lesson " + les.name + " has steps 0.." + std::to_string(les.steps.size() - 1) + ", not " + std::to_string(step), true);
    return false;
  }
  if (L.active < 0) L.panels_before = s.panels;
  L.active = lesson;
  L.step = step;
  L.answer_shown = env_on("SCANSCOPE_SHOW_ANSWER");
  const LessonStep& st = les.steps[step];
  s.playing = false;
  s.compare_pad = st.compare_pad;
  s.compare_kernel = st.compare_kernel;
  if (st.has_request) {
    if (run_request(s, st.request, s.options.device)) {
      const int n = step_count(s);
      const int at = st.at < 0 ? n - 1 : std::clamp(st.at, 0, std::max(0, n - 1));
      s.step = s.prev_step = at;
      s.anim = 1.0f;
      s.selected_inst = 0;
    }
    form_from_request(s.form, s.request, s.options.device);
  } else {
    update_compare(s);
  }
  std::vector<std::string> panels;
  try {
    panels = parse_panels(st.view.empty() ? st.panels : st.view);
  } catch (const std::exception& e) {
    toast(s, les.file + ":" + std::to_string(st.line) + ": " + e.what(), true);
  }
  if (panels.empty()) panels = default_panels();
  s.panels = panels;
  if (st.view == "timing") ensure_timing_bench(s);
  if (st.view == "histeq" && !s.histeq.ready) load_histeq(s, "");
  if (st.view == "float-order") update_float_order(s);
  return true;
}

void leave_lesson(AppState& s) {
  LessonState& L = s.lesson;
  if (L.active < 0) return;
  L.active = -1;
  L.answer_shown = false;
  if (!L.panels_before.empty()) s.panels = L.panels_before;
}

const std::vector<std::string>& float_order_kinds() {
  static const std::vector<std::string> kKinds = {"uniform", "mixed", "cancel"};
  return kKinds;
}

void update_float_order(AppState& s) {
  FloatOrderView& v = s.float_order;
  v.kind = std::clamp(v.kind, 0, static_cast<int>(float_order_kinds().size()) - 1);
  if (v.computed_kind == v.kind && v.computed_seed == v.seed) return;
  v.computed_kind = v.kind;
  v.computed_seed = v.seed;
  try {
    v.report = compare_float_orders(float_order_data(float_order_kinds()[v.kind], v.n, v.seed));
    v.error.clear();
  } catch (const std::exception& e) {
    v.report = FloatOrderReport{};
    v.error = e.what();
    toast(s, std::string("float order: ") + e.what(), true);
  }
}

bool load_histeq(AppState& s, const std::string& path) {
  try {
    GrayImage img = path.empty() ? synthetic_image(320, 240) : load_gray_image(path);
    Equalization eq = equalize(img, s.options.device);
    s.histeq.image = std::move(img);
    s.histeq.eq = std::move(eq);
    s.histeq.source = path.empty() ? "synthetic test picture (gray levels 80..150)" : path;
    s.histeq.ready = true;
    ++s.histeq.generation;
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
  }
  return false;
}

void show_histeq_scan(AppState& s) {
  if (!s.histeq.ready) return;
  s.compare_pad.clear();
  s.compare_kernel.clear();
  Trace t = s.histeq.eq.cdf_trace;
  s.request = request_of(t);
  show_trace(s, std::move(t), "histogram equalization's CDF: " + s.histeq.eq.where);
  update_compare(s);
  form_from_request(s.form, s.request, s.options.device);
  s.step = s.prev_step = std::max(0, step_count(s) - 1);
  s.panels = {"tree", "smem", "code"};
}

bool ensure_timing_bench(AppState& s) {
  if (s.have_bench) return true;
  const std::string path = asset_dir() + "/bench/h200-int.json";
  try {
    s.bench = load_bench_file(path);
    s.have_bench = true;
    s.bench_origin = path;
    std::snprintf(s.bench_buf, sizeof s.bench_buf, "%s", path.c_str());
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
  }
  return false;
}

}  // namespace scanscope
