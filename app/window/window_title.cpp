// The window's title (see window_title.h). ImGui-free: tests/window/test_window_model.cpp checks it.
#include "window_title.h"

#include "app_state.h"
#include "editor.h"

namespace scanscope {

namespace {

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

std::string window_title(const AppState& s) {
  const std::string app = " - scanscope";  // after what is open: a narrow task bar shows that first
  const LessonState& L = s.lesson;
  if (L.active >= 0 && L.active < static_cast<int>(L.lessons.size())) {
    const Lesson& l = L.lessons[L.active];
    return "lesson: " + l.title + " (step " + std::to_string(L.step + 1) + " of " + std::to_string(l.steps.size()) + ")" + app;
  }
  if (!s.have_trace) return "scanscope";
  const std::string loaded = "loaded from ";
  if (s.where.compare(0, loaded.size(), loaded) == 0) return base_name(s.where.substr(loaded.size())) + app;
  const TraceRequest& r = s.request;
  std::string what = r.source.empty() ? r.kernel : base_name(r.source);
  if (trace_is_editors(s) && editor_dirty(s.editor)) what += " (unsaved edits)";
  return what + ", n = " + std::to_string(r.n) + app;
}

}  // namespace scanscope
