// The window's own settings (imgui.ini keeps the window layout): presenter mode, UI scale, speed,
// the last kernel. A key=value file under $XDG_CONFIG_HOME/scanscope or ~/.config/scanscope,
// written atomically.
#pragma once

#include <string>

namespace scanscope {

struct Settings {
  bool presenter = false;
  float ui_scale = 1.0f;
  float speed = 1.5f;  // steps per second when playing
  std::string kernel;  // last kernel run ("" = none)
  std::string panels;  // panels shown, comma-separated ("" = the default set)
  int width = 0, height = 0;  // window size at the last exit (0 = the default)
  bool sidebar = true;        // the sidebar shown (Tab hides it; kept for the next start)
};

// The settings folder ("" if neither XDG_CONFIG_HOME nor HOME is set).
std::string config_dir();
// The user's data folder for scanscope: $XDG_DATA_HOME/scanscope, else ~/.local/share/scanscope
// ("" if neither is set). Exercise progress lives under it (exercise_state.h).
std::string data_dir();
// Parses key=value lines; unknown keys and bad values are ignored (the default stays).
Settings parse_settings(const std::string& text);
std::string settings_to_text(const Settings& s);
Settings load_settings(const std::string& path);
// Creates the folder if needed; throws std::runtime_error on failure.
void save_settings(const std::string& path, const Settings& s);

}  // namespace scanscope
