// The window entry points of a build without GLFW/ImGui.
#include "window/window_options.h"

namespace scanscope {
bool window_built() { return false; }
int run_window(const WindowOptions&) { return 2; }
}  // namespace scanscope
