// Text read back from the last frame's draw lists (see screen_text.h).
#include "screen_text.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <imgui.h>
#include <imgui_internal.h>

namespace scanscope {

namespace {

struct GlyphRef {
  const ImFont* font = nullptr;
  const ImFontGlyph* glyph = nullptr;
};

// A glyph's place in the atlas, to the atlas' texel (quads keep the glyph's UVs exactly unless
// cut by a fine clip, and a cut glyph is not whole on the screen).
using UvKey = std::tuple<int, int, int, int>;
UvKey uv_key(float u0, float v0, float u1, float v1, float tw, float th) {
  return {static_cast<int>(std::lround(u0 * tw * 4)), static_cast<int>(std::lround(v0 * th * 4)), static_cast<int>(std::lround(u1 * tw * 4)),
          static_cast<int>(std::lround(v1 * th * 4))};
}

struct Placed {
  const ImFont* font;
  const ImFontGlyph* glyph;
  float x0, y0, x1, y1;  // the quad
  float scale;           // drawn size / the font's size
  float pen_x() const { return x0 - glyph->X0 * scale; }
  float top() const { return y0 - glyph->Y0 * scale; }
};

void append_utf8(std::string& s, unsigned cp) {
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::vector<ScreenText> screen_text() {
  std::vector<ScreenText> out;
  ImGuiContext* ctx = ImGui::GetCurrentContext();
  ImDrawData* dd = ImGui::GetDrawData();
  if (!ctx || !dd || !dd->Valid) return out;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const float tw = static_cast<float>(atlas->TexWidth), th = static_cast<float>(atlas->TexHeight);
  std::map<UvKey, GlyphRef> glyphs;
  for (const ImFont* f : atlas->Fonts)
    for (const ImFontGlyph& g : f->Glyphs)
      if (g.Visible) glyphs.emplace(uv_key(g.U0, g.V0, g.U1, g.V1, tw, th), GlyphRef{f, &g});

  // The window behind each draw list, and the windows drawn over others (root windows with a
  // background: a popup, the help, a toast; not a panel's child regions).
  std::map<const ImDrawList*, ImGuiWindow*> owner;
  for (ImGuiWindow* w : ctx->Windows)
    if (w->Active && !w->Hidden) owner[w->DrawList] = w;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  for (int li = 0; li < dd->CmdListsCount; ++li) {
    const ImDrawList* dl = dd->CmdLists[li];
    const auto ow = owner.find(dl);
    ImGuiWindow* win = ow == owner.end() ? nullptr : ow->second;
    // Root windows drawn after this list that have a background: what they cover is not seen.
    std::vector<ImRect> over;
    for (int lj = li + 1; lj < dd->CmdListsCount; ++lj) {
      const auto o = owner.find(dd->CmdLists[lj]);
      if (o == owner.end()) continue;
      ImGuiWindow* w = o->second;
      if (w->ParentWindow && !(w->Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip))) continue;
      if (win && w->RootWindow == win->RootWindow) continue;
      if (w->Flags & ImGuiWindowFlags_NoBackground) continue;
      over.push_back(w->Rect());
    }
    std::vector<Placed> placed;
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != atlas->TexID) continue;
      const ImDrawIdx* idx = dl->IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = dl->VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned i = 0; i + 6 <= cmd.ElemCount;) {
        const ImDrawIdx a = idx[i];
        const bool quad = idx[i + 1] == a + 1 && idx[i + 2] == a + 2 && idx[i + 3] == a && idx[i + 4] == a + 2 && idx[i + 5] == a + 3;
        if (!quad) {
          i += 3;
          continue;
        }
        const ImDrawVert& p0 = vtx[a];
        const ImDrawVert& p2 = vtx[a + 2];
        const auto g = glyphs.find(uv_key(p0.uv.x, p0.uv.y, p2.uv.x, p2.uv.y, tw, th));
        i += 6;
        if (g == glyphs.end() || (p0.col >> IM_COL32_A_SHIFT & 0xFF) < 128) continue;  // not a glyph, or nearly transparent
        const float x0 = p0.pos.x, y0 = p0.pos.y, x1 = p2.pos.x, y1 = p2.pos.y;
        const ImVec4& clip = cmd.ClipRect;
        const float tol = 0.5f;
        if (x0 < clip.x - tol || y0 < clip.y - tol || x1 > clip.z + tol || y1 > clip.w + tol) continue;  // cut by the scissor
        if (x0 < -tol || y0 < -tol || x1 > display.x + tol || y1 > display.y + tol) continue;
        const ImVec2 c((x0 + x1) / 2, (y0 + y1) / 2);
        if (std::any_of(over.begin(), over.end(), [&](const ImRect& r) { return r.Contains(c); })) continue;
        const float gh = g->second.glyph->Y1 - g->second.glyph->Y0;
        const float scale = gh > 0 ? (y1 - y0) / gh : 1.0f;
        placed.push_back({g->second.font, g->second.glyph, x0, y0, x1, y1, scale});
      }
    }
    // Runs: glyphs in the order drawn, on one line at one size, the pen moving right by their
    // advances and the spaces between.
    ScreenText run;
    float pen_end = 0, space = 0, top = 0, scale = 0;
    const ImFont* font = nullptr;
    auto flush = [&]() {
      if (!run.text.empty()) out.push_back(run);
      run = ScreenText{};
    };
    for (const Placed& p : placed) {
      const bool same_line = font == p.font && std::fabs(p.scale - scale) < 1e-3f && std::fabs(p.top() - top) < 0.5f;
      const float gap = p.pen_x() - pen_end;
      if (!run.text.empty() && same_line && gap > -0.5f && gap < 4 * space + 0.5f) {
        for (float skipped = gap; skipped > space * 0.5f; skipped -= space) run.text += ' ';
        run.box.w = std::max(run.box.right(), p.x1) - run.box.x;
        run.box.y = std::min(run.box.y, p.y0);
        run.box.h = std::max(run.box.bottom(), p.y1) - run.box.y;
      } else {
        flush();
        run.window = win ? win->Name : "";
        run.px = p.font->FontSize * p.scale;
        run.box = {p.x0, p.y0, p.x1 - p.x0, p.y1 - p.y0};
        font = p.font;
        scale = p.scale;
        top = p.top();
        const ImFontGlyph* sp = p.font->FindGlyphNoFallback(' ');
        space = std::max(1.0f, (sp ? sp->AdvanceX : p.font->FontSize * 0.3f) * p.scale);
      }
      append_utf8(run.text, p.glyph->Codepoint);
      pen_end = p.pen_x() + p.glyph->AdvanceX * p.scale;
    }
    flush();
  }
  return out;
}

}  // namespace scanscope
