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
  // Renders classes[rows * cols] (row-major) into a width x height texture and returns it. The
  // texture is kept: with the same `version` and size nothing is redrawn.
  unsigned render(const std::vector<uint8_t>& classes, int cols, int rows, int width, int height, int version);

 private:
  unsigned program_ = 0, vao_ = 0, fbo_ = 0, target_ = 0, cells_ = 0;
  int target_w_ = 0, target_h_ = 0, version_ = -1;
  std::string error_;
};

}  // namespace scanscope
