// The conflict heatmap in GLSL (see heatmap_gl.h).
#include "heatmap_gl.h"

#include <glad/gl.h>

#include "palette.h"

namespace scanscope {

extern const char kHeatmapVert[];
extern const char kHeatmapFrag[];

namespace {

unsigned compile(GLenum type, const char* body, std::string* log) {
  const char* sources[2] = {"#version 330 core\n", body};
  GLuint s = glCreateShader(type);
  glShaderSource(s, 2, sources, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char buf[2048];
    glGetShaderInfoLog(s, sizeof buf, nullptr, buf);
    *log = std::string(type == GL_VERTEX_SHADER ? "heatmap.vert: " : "heatmap.frag: ") + buf;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

}  // namespace

HeatmapGL::~HeatmapGL() {
  if (!glDeleteProgram) return;  // no GL context was ever loaded
  if (program_) glDeleteProgram(program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (target_) glDeleteTextures(1, &target_);
  if (cells_) glDeleteTextures(1, &cells_);
}

bool HeatmapGL::init() {
  GLuint vs = compile(GL_VERTEX_SHADER, kHeatmapVert, &error_);
  if (!vs) return false;
  GLuint fs = compile(GL_FRAGMENT_SHADER, kHeatmapFrag, &error_);
  if (!fs) {
    glDeleteShader(vs);
    return false;
  }
  GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char buf[2048];
    glGetProgramInfoLog(p, sizeof buf, nullptr, buf);
    error_ = std::string("heatmap program: ") + buf;
    glDeleteProgram(p);
    return false;
  }
  program_ = p;
  glGenVertexArrays(1, &vao_);
  glGenFramebuffers(1, &fbo_);
  glGenTextures(1, &cells_);
  glGenTextures(1, &target_);
  return true;
}

unsigned HeatmapGL::render(const std::vector<uint8_t>& classes, int warps, int steps, int width, int height, int version) {
  if (!program_ || warps <= 0 || steps <= 0 || width <= 0 || height <= 0) return 0;
  if (version == version_ && width == target_w_ && height == target_h_) return target_;
  version_ = version;
  GLint last_tex = 0, last_unpack = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_tex);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &last_unpack);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, cells_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, warps, steps, 0, GL_RED, GL_UNSIGNED_BYTE, classes.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, target_);
  if (width != target_w_ || height != target_h_) {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    target_w_ = width;
    target_h_ = height;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target_, 0);
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cells_);
  glUniform1i(glGetUniformLocation(program_, "u_cells"), 0);
  glUniform2f(glGetUniformLocation(program_, "u_size"), static_cast<float>(warps), static_cast<float>(steps));
  glUniform2f(glGetUniformLocation(program_, "u_pixels"), static_cast<float>(width), static_cast<float>(height));
  float colors[kHeatClasses * 4];
  for (int c = 0; c < kHeatClasses; ++c) {
    Rgba col = heat_class_color(c);
    colors[c * 4 + 0] = col.r / 255.0f;
    colors[c * 4 + 1] = col.g / 255.0f;
    colors[c * 4 + 2] = col.b / 255.0f;
    colors[c * 4 + 3] = 1.0f;
  }
  glUniform4fv(glGetUniformLocation(program_, "u_colors"), kHeatClasses, colors);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(last_tex));
  glPixelStorei(GL_UNPACK_ALIGNMENT, last_unpack);
  return target_;
}

}  // namespace scanscope
