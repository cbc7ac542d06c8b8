// The window's settings file (see settings.h).
#include "settings.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/sources.h"
#include "formats/files.h"
#include "formats/trace_json.h"
#include "window_options.h"

namespace scanscope {

std::string config_dir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/scanscope";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.config/scanscope";
  return "";
}

std::string user_data_dir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/scanscope";  // a relative one is ignored (the XDG spec)
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.local/share/scanscope";
  return "";
}

Settings parse_settings(const std::string& text) {
  Settings s;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    try {
      if (key == "presenter") s.presenter = value == "1" || value == "true";
      else if (key == "sidebar") s.sidebar = !(value == "0" || value == "false");
      else if (key == "ui_scale") {
        float v = std::stof(value);
        if (v >= 0.5f && v <= 4.0f) s.ui_scale = v;
      } else if (key == "speed") {
        float v = std::stof(value);
        if (v > 0.05f && v <= 30.0f) s.speed = v;
      } else if (key == "kernel") s.kernel = current_kernel_id(value);
      else if (key == "panels") s.panels = value;
      else if (key == "width" || key == "height") {
        int v = std::stoi(value);
        const bool fits = key == "width" ? v >= kMinWindowWidth && v <= kMaxWindowWidth : v >= kMinWindowHeight && v <= kMaxWindowWidth * 9 / 16;
        if (fits) (key == "width" ? s.width : s.height) = v;
      }
    } catch (const std::exception&) {
      // a bad value keeps the default
    }
  }
  return s;
}

std::string settings_to_text(const Settings& s) {
  std::ostringstream os;
  os << "presenter=" << (s.presenter ? 1 : 0) << "\nui_scale=" << s.ui_scale << "\nspeed=" << s.speed << "\nkernel=" << s.kernel << "\npanels=" << s.panels << "\nwidth=" << s.width << "\nheight=" << s.height
     << "\nsidebar=" << (s.sidebar ? 1 : 0) << "\n";
  return os.str();
}

Settings load_settings(const std::string& path) {
  std::string text;
  try {
    text = read_text_file(path, 64 << 10, "a settings file");
  } catch (const std::runtime_error&) {
    return Settings();  // none yet, or not a file we can read: the defaults
  }
  return parse_settings(text);
}

void save_settings(const std::string& path, const Settings& s) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  write_output(path, settings_to_text(s));
}

}  // namespace scanscope
