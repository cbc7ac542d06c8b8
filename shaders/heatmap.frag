// Heatmap of conflict degree: u_cells holds each cell's class (model.h heat_class: a degree class,
// or 7 for a warp that only shuffled) in the red channel; u_colors is the palette (degree_color), so the colours live in one place.
in vec2 v_uv;
out vec4 frag;
uniform sampler2D u_cells;    // R8: class / 255, x = warp, y = step
uniform vec2 u_size;          // cells: warps, steps
uniform vec2 u_pixels;        // target size in pixels
uniform vec4 u_colors[8];
void main() {
  vec2 cell = v_uv * u_size;
  int cls = int(texture(u_cells, (floor(cell) + 0.5) / u_size).r * 255.0 + 0.5);
  vec4 c = u_colors[clamp(cls, 0, 7)];
  // one-pixel gaps between cells when they are at least 4 pixels wide
  vec2 px = fract(cell) * (u_pixels / u_size);
  vec2 cell_px = u_pixels / u_size;
  if ((cell_px.x >= 4.0 && px.x < 1.0) || (cell_px.y >= 4.0 && px.y < 1.0)) c.rgb *= 0.35;
  frag = vec4(c.rgb, 1.0);
}
