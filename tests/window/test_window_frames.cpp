// The window under hostile input (issue 16): valid traces (the shipped one, a block and a grid
// traced by the interpreter), bench recordings and lessons, mutated a few hundred ways
// (truncations, byte flips, fields replaced by extremes: huge and negative numbers, 100k-character
// strings, control characters, empty arrays, null, deep nesting), each one the loader accepts shown
// in an AppState and drawn: one frame of every panel with an ImGui context and no GL (no window,
// no heatmap shader, no textures). Rejections are fine; a crash, a sanitizer report or an ImGui
// assert fails. Deterministic: every mutation is tried, whatever the machine's speed (stage 3 of
// scripts/test.sh runs these under ASan and UBSan); a hang is ctest's per-test timeout.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <imgui.h>

#include "app_state.h"
#include "bench/bench.h"
#include "engine/assets.h"
#include "engine/runner.h"
#include "formats/files.h"
#include "formats/lesson.h"
#include "formats/trace_json.h"
#include "panel_table.h"
#include "panels.h"
#include "ui_common.h"

using namespace scanscope;
using nlohmann::json;

namespace {


// An ImGui context as the window has one (fonts built, style, 1600x900), without a backend.
class HeadlessUi {
 public:
  HeadlessUi() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1600, 900);
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // as the OpenGL 3 backend says
    ui_.fonts = build_fonts(1.0f, false);
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    apply_style(1.0f, false);
    ui_.gl = false;
  }
  ~HeadlessUi() { ImGui::DestroyContext(); }
  // What the panels compute from the program's own data, not from the mutated input (the
  // float-order sums, the histogram equalization of the test picture, the shipped recordings the
  // timing panel lists), computed once and given to each new state: each mutation's frames draw
  // every panel as before, without redoing that work (most of these tests' time).
  void give_shared_views(AppState& s) {
    if (!shared_.histeq.ready) {
      shared_.lesson.loaded = true;
      update_float_order(shared_);
      load_histeq(shared_, "");
      timing_recordings(shared_);
      EXPECT_TRUE(shared_.histeq.ready);
      EXPECT_TRUE(shared_.float_order.error.empty()) << shared_.float_order.error;
    }
    s.float_order = shared_.float_order;
    s.histeq = shared_.histeq;
    s.timing.recordings = shared_.timing.recordings;
    s.timing.recordings_listed = shared_.timing.recordings_listed;
  }
  HeadlessUi(const HeadlessUi&) = delete;
  HeadlessUi& operator=(const HeadlessUi&) = delete;

  // The three panel sets that together hold every panel of panel_table.h (the layout gives each
  // set's panels room).
  static const std::vector<std::vector<std::string>>& panel_sets() {
    static const std::vector<std::vector<std::string>> sets = {{"tree", "smem", "warps", "code"}, {"grid", "traffic", "compare", "editor", "console"}, {"timing", "float-order", "histeq"}};
    return sets;
  }
  // One frame of the state in each panel set (or only in set `only`); returns the largest vertex
  // count.
  int draw_every_panel(AppState& s, int only = -1) {
    int most = 0;
    for (size_t k = 0; k < panel_sets().size(); ++k) {
      if (only >= 0 && static_cast<size_t>(only) != k) continue;
      s.panels = panel_sets()[k];
      ImGuiIO& io = ImGui::GetIO();
      io.DeltaTime = 1.0f / 60;
      advance(s, io.DeltaTime);
      ImGui::NewFrame();
      draw_window_ui(s, panels_, ui_, io.DisplaySize.x, io.DisplaySize.y);
      ImGui::Render();
      most = std::max(most, ImGui::GetDrawData()->TotalVtxCount);
    }
    return most;
  }

 private:
  UiContext ui_;
  WindowPanels panels_;
  AppState shared_;
};

// Every set of panels covers panel_table.h.
TEST(HostileFrames, ThePanelSetsHoldEveryPanel) {
  const std::vector<std::string> drawn = {"tree", "smem", "warps", "code", "grid", "traffic", "compare", "editor", "console", "timing", "float-order", "histeq"};
  for (const PanelInfo& p : kPanels) EXPECT_NE(std::find(drawn.begin(), drawn.end(), p.name), drawn.end()) << p.name;
}

// Deterministic numbers (a fixed LCG), so a failure names a mutation that comes back.
struct Lcg {
  uint64_t x;
  uint32_t next() {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(x >> 33);
  }
};

std::string deep_array(int depth) { return std::string(depth, '[') + "1" + std::string(depth, ']'); }

// The extremes a field is replaced by.
std::vector<json> extremes() {
  return {json(1e308), json(-1), json(-2147483648LL), json(2147483647), json(9223372036854775807LL), json(0),
          json(std::string(100000, 'x')), json("\x1b]0;title\x07\x1b[2J"), json("a\tb\nc\r"), json("\xc2\x9b" "31m C1 \xe2\x80\xae"),
          json(""), json::array(), json(nullptr), json::object(), json::parse(deep_array(12)), json(3.5), json(true)};
}

// Paths to every value of the document, taking the first two elements of each array.
void collect_paths(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>* out) {
  out->push_back(at);
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) collect_paths(it.value(), at / it.key(), out);
  else if (j.is_array())
    for (size_t i = 0; i < j.size() && i < 2; ++i) collect_paths(j[i], at / i, out);
}

// The mutations of a JSON document: truncations, byte flips, fields replaced by extremes (at most
// `fields` of them, spread over the document), "NaN" tokens; plus `extra` (the caller's own).
std::vector<std::string> json_mutations(const std::string& text, int fields, uint64_t seed) {
  std::vector<std::string> out;
  Lcg rng{seed};
  for (double f : {0.0, 0.1, 0.5, 0.9, 0.999}) out.push_back(text.substr(0, static_cast<size_t>(text.size() * f)));
  const char flips[] = {'"', '{', ']', '9', '-', ',', '\x1b', '\x00', '\x80', '\\'};
  for (int i = 0; i < 20; ++i) {
    std::string t = text;
    t[rng.next() % t.size()] = flips[i % sizeof flips];
    out.push_back(t);
  }
  const json doc = json::parse(text);
  std::vector<json::json_pointer> paths;
  collect_paths(doc, json::json_pointer(), &paths);
  const std::vector<json> ex = extremes();
  const size_t stride = std::max<size_t>(1, paths.size() / static_cast<size_t>(fields));
  for (size_t p = 1, k = 0; p < paths.size(); p += stride, ++k) {
    for (size_t e : {k % ex.size(), (k + 5) % ex.size()}) {
      json m = doc;
      m[paths[p]] = ex[e];
      out.push_back(m.dump());
    }
  }
  // a number token the JSON grammar does not have
  const size_t colon = text.find(": 1");
  if (colon != std::string::npos) out.push_back(text.substr(0, colon + 2) + "NaN" + text.substr(colon + 3));
  return out;
}

// Runs `check` on each mutation; counts what was accepted.
struct Tally {
  int tried = 0, accepted = 0;
};
void run_all(const std::vector<std::string>& inputs, const std::function<bool(const std::string&, int)>& check, Tally* tally) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    ++tally->tried;
    if (check(inputs[i], static_cast<int>(i))) ++tally->accepted;
  }
}

TraceRequest request(const std::string& kernel, int n) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  return r;
}

// Shows a trace the loader accepted and draws it at its first, a middle and its last step; with
// `rotate` >= 0 only at one of the three (rotate % 3), so that a run of mutations still draws all
// three between them at a third of the frames (the sanitizer run's longest tests).
bool show_and_draw(HeadlessUi& ui, const std::string& text, const std::string& origin, int* vertices = nullptr, int rotate = -1) {
  Trace t;
  try {
    t = trace_from_json(text, origin);
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << origin;  // one line
    return false;
  }
  AppState s;
  s.lesson.loaded = true;  // the lesson menu lists none (the lessons have a test of their own)
  ui.give_shared_views(s);
  show_trace(s, std::move(t), "loaded from " + origin);
  const int steps = step_count(s);
  const int chosen[] = {0, steps / 2, steps - 1};
  for (int k = 0; k < 3; ++k) {
    const int step = chosen[k];
    if (step < 0 || (rotate >= 0 && rotate % 3 != k)) continue;
    if (s.have_grid) select_grid_step(s, step);
    else set_step(s, step);
    const int v = ui.draw_every_panel(s);
    if (vertices) *vertices = std::max(*vertices, v);
  }
  return true;
}

}  // namespace

TEST(HostileFrames, MutatedTracesAreRejectedOrDrawn) {
  HeadlessUi ui;
  struct Base {
    std::string name, text;
    int fields;
  };
  std::vector<Base> bases;
  bases.push_back({"block", trace_to_json(run_emulator(request("scan-blelloch", 64))), 48});
  bases.push_back({"grid", trace_to_json(run_emulator(request("demouth-reduce-two-blocks", 32))), 48});
  bases.push_back({"shipped", read_text_file(asset_dir() + "/traces/h100-scan-blelloch-512-g80.json", kMaxTraceBytes, "a trace"), 12});
  ASSERT_TRUE(trace_from_json(bases[1].text, "grid").is_grid());
  for (const Base& b : bases) {  // the frames are drawn: the valid traces fill the panels
    int vertices = 0;
    EXPECT_TRUE(show_and_draw(ui, b.text, b.name, &vertices));
    EXPECT_GT(vertices, 5000) << b.name;
  }
  Tally tally;
  for (const Base& b : bases) {
    std::vector<std::string> inputs = json_mutations(b.text, b.fields, b.name.size());
    if (b.name == "grid") {  // launches and blocks that disagree with the steps
      json g = json::parse(b.text);
      for (const char* field : {"grid", "block", "first_step", "steps"}) {
        for (json v : {json(0), json(-1), json(1000000), json(2)}) {
          json m = g;
          if (m["launches"][0].contains(field)) {
            m["launches"][0][field] = v;
            inputs.push_back(m.dump());
          }
        }
      }
      json m = g;
      m["launches"].push_back(m["launches"][0]);
      inputs.push_back(m.dump());
      m = g;
      for (auto& st : m["steps"])
        if (st.contains("block")) st["block"] = 7, st["launch"] = 1;
      inputs.push_back(m.dump());
      m = g;
      m["global_arrays"] = json::array();
      inputs.push_back(m.dump());
    }
    run_all(inputs,
                      [&](const std::string& text, int i) { return show_and_draw(ui, text, b.name + " mutation " + std::to_string(i), nullptr, i); }, &tally);
  }
  std::printf("traces: %d mutations tried, %d accepted and drawn\n", tally.tried, tally.accepted);
  EXPECT_GT(tally.tried, 100);
  EXPECT_GT(tally.accepted, 20);
}

TEST(HostileFrames, MutatedBenchFilesAreRejectedOrDrawn) {
  HeadlessUi ui;
  Tally tally;
  for (const char* file : {"h200-int.json", "h200-harris-table2.json", "cpu-interpreter-speed.json"}) {
    const std::string text = read_text_file(asset_dir() + "/bench/" + file, 64 << 20, "a bench file");
    std::vector<std::string> inputs = json_mutations(text, 24, text.size());
    // values the reader allows at their extremes, in every point: names of 1000 characters and
    // with C1 controls and bidi marks, times of 0, 1e-300, the smallest double (5e-324: once an endless axis) and 1e12, sizes of 1 and 2^40, no points
    const json doc = json::parse(text);
    const std::vector<json> allowed = {json(std::string(1000, 'n')), json("\xc2\x9b" "2J\xe2\x80\xae"), json(0.0), json(1e-300), json(5e-324), json(1e12), json(1), json(1LL << 40)};
    for (const char* field : {"device", "driver", "date"})
      for (size_t v = 0; v < 2; ++v) {
        json m = doc;
        m[field] = allowed[v];
        inputs.push_back(m.dump());
      }
    for (const char* field : {"kernel", "note", "ms", "gbps", "ratio_to_cub", "ratio_to_copy", "n"})
      for (const json& v : allowed) {
        json m = doc;
        for (auto& pt : m["points"]) pt[field] = v;
        inputs.push_back(m.dump());
      }
    json none = doc;
    none["points"] = json::array();
    inputs.push_back(none.dump());
    run_all(inputs,
                      [&](const std::string& t, int i) {
                        AppState s;
                        s.lesson.loaded = true;
                        ui.give_shared_views(s);
                        try {
                          s.bench = bench_from_json(t, std::string(file) + " mutation " + std::to_string(i));
                        } catch (const std::exception& e) {
                          EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
                          return false;
                        }
                        s.have_bench = true;
                        s.bench_origin = file;
                        ui.draw_every_panel(s, 2);  // the set with the timing panel, the one that draws a recording
                        return true;
                      },
                      &tally);
  }
  std::printf("bench files: %d mutations tried, %d accepted and drawn\n", tally.tried, tally.accepted);
  EXPECT_GT(tally.tried, 100);
  EXPECT_GT(tally.accepted, 20);
}

// Lessons: lines cut, values replaced by extremes (numbers, 3,900-character texts, C1 controls and
// bidi marks, which the key-file syntax lets through), keys repeated; each accepted one opened at
// its first or its second step (by turns) and drawn. Parsed as the window parses them (a step's
// kernel resolved when it opens): a mutated kernel or option is the step's refusal, then drawn.
TEST(HostileFrames, MutatedLessonsAreRejectedOrDrawn) {
  HeadlessUi ui;
  Tally tally;
  const std::vector<std::string> values = {"99999", "-5", "2147483648", "", std::string(3900, 'w'), "\xc2\x9b" "2J \xe2\x80\xae reversed",
                                           "[" + std::string(500, '[') , "NaN", "0x10", "tree,tree,tree,tree,tree,tree,tree,tree,tree,tree,tree"};
  for (const Lesson& l : load_lessons("", LessonResolve::OnDemand)) {
    const std::string text = read_text_file(l.file, 1 << 20, "a lesson");
    std::vector<std::string> lines;
    size_t at = 0;
    while (at < text.size()) {
      const size_t end = text.find('\n', at);
      lines.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
      at = end == std::string::npos ? text.size() : end + 1;
    }
    auto join = [](const std::vector<std::string>& ls) {
      std::string out;
      for (const auto& x : ls) out += x + "\n";
      return out;
    };
    std::vector<std::string> inputs;
    for (double f : {0.3, 0.7}) inputs.push_back(text.substr(0, static_cast<size_t>(text.size() * f)));
    Lcg rng{text.size()};
    for (int i = 0; i < 6; ++i) {  // a "key: value" line's value replaced
      std::vector<std::string> ls = lines;
      for (int tries = 0; tries < 50; ++tries) {
        std::string& line = ls[rng.next() % ls.size()];
        const size_t colon = line.find(": ");
        if (colon == std::string::npos || line[0] == '#' || line[0] == ' ') continue;
        line = line.substr(0, colon + 2) + values[(i + l.file.size()) % values.size()];
        break;
      }
      inputs.push_back(join(ls));
    }
    {
      std::vector<std::string> ls = lines;
      ls.insert(ls.begin() + ls.size() / 2, ls.begin() + 1, ls.begin() + std::min<size_t>(ls.size(), 6));
      inputs.push_back(join(ls));  // a block of lines repeated
    }
    run_all(inputs,
                      [&](const std::string& t, int i) {
                        Lesson parsed;
                        try {
                          // as the window parses it: the step's kernel is resolved when the step opens
                          parsed = parse_lesson(t, l.file + " mutation " + std::to_string(i), LessonResolve::OnDemand);
                        } catch (const std::exception& e) {
                          EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
                          return false;
                        }
                        if (parsed.steps.empty()) return false;
                        AppState s;
                        s.lesson.loaded = true;
                        ui.give_shared_views(s);
                        s.lesson.lessons.push_back(parsed);
                        // the first or the second step (by turns), its own panels and all the others
                        const int step = std::min<int>(i % 2, static_cast<int>(parsed.steps.size()) - 1);
                        open_lesson_step(s, 0, step);
                        ui.draw_every_panel(s);
                        return true;
                      },
                      &tally);
  }
  std::printf("lessons: %d mutations tried, %d accepted and drawn\n", tally.tried, tally.accepted);
  EXPECT_GT(tally.tried, 60);
  EXPECT_GT(tally.accepted, 10);
}
