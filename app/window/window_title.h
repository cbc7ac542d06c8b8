// The window's title: what is open, for the task bar and the window list (a lesson and its step,
// a loaded trace file, or the kernel or kernel file and its size, and unsaved edits of it).
#pragma once

#include <string>

namespace scanscope {

struct AppState;

std::string window_title(const AppState& s);

}  // namespace scanscope
