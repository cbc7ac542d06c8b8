// The conflict heatmap (step x warp) drawn with the project's own GLSL (shaders/heatmap.*) into a
// texture that ImGui then shows: one draw call whatever the number of cells.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

class HeatmapGL {
 public:
  ~HeatmapGL();
  // Compiles the shaders; false with the compile/link log in error() on failure.
  bool init();
  const std::string& error() const { return error_; }
  bool ready() const { return program_ != 0; }
  // Renders classes[steps * warps] (row-major by step) into a width x height texture; returns it.
  unsigned render(const std::vector<uint8_t>& classes, int warps, int steps, int width, int height);

 private:
  unsigned program_ = 0, vao_ = 0, fbo_ = 0, target_ = 0, cells_ = 0;
  int target_w_ = 0, target_h_ = 0;
  std::string error_;
};

}  // namespace scanscope
