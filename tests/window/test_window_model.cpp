// The window's data model: tree edges from recorded accesses, padding slots, heatmap, level
// alignment, step sentences, the code view's site lines, settings, --panels.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <set>
#include <tuple>

#include "app_state.h"
#include "layout.h"
#include "model.h"
#include "palette.h"
#include "engine/bank_model.h"
#include "engine/format.h"
#include "engine/interp.h"
#include "grid_model.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "settings.h"
#include "source_view.h"

using namespace scanscope;

namespace {

Trace run(const std::string& kernel, int n, std::vector<double> input = {}, Pad pad = Pad::None, int banks = 32, int threads = 0) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  r.input = std::move(input);
  if (!r.input.empty()) r.n = static_cast<int>(r.input.size());
  r.pad = pad;
  r.banks = banks;
  r.warp_issue = banks == 16 ? 16 : 32;
  r.threads = threads;
  return run_emulator(r);
}

int find_step(const Trace& t, const std::string& label) {
  for (int i = 0; i < static_cast<int>(t.steps.size()); ++i)
    if (t.steps[i].label == label) return i;
  return -1;
}

bool has_edge(const std::vector<TreeEdge>& e, int from, int to, bool copy) {
  return std::any_of(e.begin(), e.end(), [&](const TreeEdge& x) { return x.from_word == from && x.to_word == to && x.copy == copy; });
}

const std::vector<double> kPaper = {3, 1, 7, 0, 4, 1, 6, 3};

}  // namespace

TEST(TreeEdges, BlellochUpSweepCombinesLeftIntoRight) {
  Trace t = run("scan-blelloch", 8, kPaper);
  auto e = tree_edges(t, find_step(t, "up-sweep d=4"));
  ASSERT_EQ(e.size(), 8u);  // 4 threads, two sources each
  EXPECT_TRUE(has_edge(e, 0, 1, false));
  EXPECT_TRUE(has_edge(e, 1, 1, false));
  EXPECT_TRUE(has_edge(e, 6, 7, false));
}

TEST(TreeEdges, BlellochDownSweepSwapIsACopyAndTheAddCombines) {
  Trace t = run("scan-blelloch", 8, kPaper);
  auto e = tree_edges(t, find_step(t, "down-sweep d=1"));
  // Thread 0: temp[3] = temp[7] (swap, a copy); temp[7] = temp[7] + t (t = old temp[3]).
  EXPECT_TRUE(has_edge(e, 7, 3, true));
  EXPECT_TRUE(has_edge(e, 3, 7, false));
  EXPECT_TRUE(has_edge(e, 7, 7, false));
  EXPECT_FALSE(has_edge(e, 3, 3, false));
}

TEST(TreeEdges, ReductionWithAZeroLeftOperandStillCombines) {
  // worked-example input with a 0 on the left of a pair: 0 + 3 == 3 must not read as a copy.
  Trace t = run("reduce-sequential", 8, kPaper);
  auto e = tree_edges(t, find_step(t, "stride 4"));
  EXPECT_TRUE(has_edge(e, 3, 3, false));
  EXPECT_TRUE(has_edge(e, 7, 3, false));
}

TEST(TreeEdges, UnrolledWarpWriteTakesTheLoadsOfTheReadStep) {
  Trace t = run("reduce-unroll-warp", 128);
  int w = find_step(t, "last warp, stride 32: write");
  ASSERT_GE(w, 0);
  auto e = tree_edges(t, w);
  EXPECT_TRUE(has_edge(e, 0, 0, false));
  EXPECT_TRUE(has_edge(e, 32, 0, false));
}

TEST(Padding, HarrisPaddingSlotsAreTheSkippedWords) {
  Trace t = run("scan-blelloch", 64, {}, Pad::Harris, 16);
  auto pads = padding_slots(t);
  // With 16 banks, index i sits at i + i/16: words 16, 33, 50 are padding.
  ASSERT_GE(pads.size(), 67u);
  EXPECT_TRUE(pads[16]);
  EXPECT_TRUE(pads[33]);
  EXPECT_TRUE(pads[50]);
  EXPECT_FALSE(pads[0]);
  EXPECT_FALSE(pads[17]);
  EXPECT_EQ(std::count(pads.begin(), pads.end(), true), static_cast<long>(pads.size()) - 64);
  Trace u = run("scan-blelloch", 64);
  auto none = padding_slots(u);
  EXPECT_EQ(std::count(none.begin(), none.end(), true), 0);
}

TEST(Heatmap, InterleavedReductionShowsConflictsSequentialDoesNot) {
  Trace a = run("reduce-interleaved", 256);
  Trace b = run("reduce-sequential", 256);
  EXPECT_GE(conflict_heatmap(a).max_degree, 2);
  EXPECT_EQ(conflict_heatmap(b).max_degree, 1);
  Heatmap h = conflict_heatmap(a);
  EXPECT_EQ(h.warps, 8);
  EXPECT_EQ(h.steps, static_cast<int>(a.steps.size()));
}

TEST(Compare, LevelsAlignByPhaseAndOrder) {
  Trace a = run("scan-blelloch", 128, {}, Pad::None, 16);
  Trace b = run("scan-blelloch", 128, {}, Pad::Zero, 16);
  auto pairs = align_levels(a, b);
  ASSERT_EQ(pairs.size(), a.steps.size());
  for (const auto& p : pairs) {
    ASSERT_GE(p.a, 0);
    ASSERT_GE(p.b, 0);
    EXPECT_EQ(a.steps[p.a].label, b.steps[p.b].label);
  }
  // The padded scan has fewer wavefronts in total: the conflicts vanish.
  EXPECT_LT(b.totals.ld.conflicts, a.totals.ld.conflicts);
}

TEST(Compare, ReductionsOfDifferentOrderAlignLevelByLevel) {
  Trace a = run("reduce-interleaved", 64);
  Trace b = run("reduce-sequential", 64);
  auto pairs = align_levels(a, b);
  int both = 0;
  for (const auto& p : pairs) both += p.a >= 0 && p.b >= 0;
  EXPECT_EQ(both, static_cast<int>(a.steps.size()));
}

TEST(Describe, SentencesSayWhatTheStepDoes) {
  Trace t = run("scan-blelloch", 8, kPaper);
  EXPECT_NE(describe_step(t, find_step(t, "clear last element")).find("cleared"), std::string::npos);
  EXPECT_NE(describe_step(t, find_step(t, "down-sweep d=2")).find("swap"), std::string::npos);
  Trace c = run("scan-blelloch", 64, {}, Pad::None, 16);
  bool any = false;
  for (int i = 0; i < static_cast<int>(c.steps.size()); ++i) any |= describe_step(c, i).find("-way") != std::string::npos;
  EXPECT_TRUE(any);
  // Steps whose phase alone would mislead: radix sort's flags and scatter stay in shared memory,
  // and the first warp's shuffle step also reads the warps' sums.
  Trace rs = run("app-radix-sort", 8, kPaper);
  EXPECT_EQ(describe_step(rs, find_step(rs, "bit 0: e = NOT bit")), "4 threads read 8 shared-memory words and write 8.");
  EXPECT_EQ(describe_step(rs, find_step(rs, "bit 0: scatter (zeros first, stable)")),
            "4 threads read 12 shared-memory words and write 8 words to their new places in shared memory.");
  EXPECT_NE(describe_step(rs, find_step(rs, "write sorted keys")).find("to global memory"), std::string::npos);
  Trace ws = run("reduce-warp-shuffle", 256);
  EXPECT_NE(describe_step(ws, find_step(ws, "warp shuffle, offset 16")).find("no shared memory"), std::string::npos);
  const std::string first = describe_step(ws, find_step(ws, "first warp, offset 16"));
  EXPECT_EQ(first.find("no shared memory"), std::string::npos) << first;
  EXPECT_NE(first.find("reads 8 shared-memory words"), std::string::npos) << first;
}

// Every access of every catalogue kernel, at every step, is highlighted inside the kernel's own
// program: in the kernel file or a file it includes, inside a function the launched kernel
// reaches (the kernel of the step's launch), at a shared-memory expression.
TEST(CodeView, EveryAccessIsHighlightedInsideTheKernelsOwnFunctions) {
  for (const auto& k : kernel_files()) {
    TraceRequest r;
    r.kernel = k.id;
    r.n = k.family == KernelFamily::Listings ? 16 : 64;
    r.type = kernel_options(k).types.front();
    ResolvedKernel rk;
    try {
      rk = resolve_kernel(r);
    } catch (const UsageError& e) {
      ADD_FAILURE() << k.id << ": " << e.what();
      continue;
    }
    Trace t;
    try {
      t = run_interpreter(rk);
    } catch (const cuda::CudaError& e) {  // a listing as printed may fault on purpose (its erratum)
      continue;
    }
    // The functions the launched kernel reaches: its own and those it calls, transitively.
    const cuda::Compiled& c = rk.build->compiled;
    std::vector<int> order;
    for (size_t f = 0; f < c.functions.size(); ++f) order.push_back(static_cast<int>(f));
    auto code_end = [&](int f) {
      int end = static_cast<int>(c.code.size());
      for (const auto& g : c.functions)
        if (g.fn->body && g.entry > c.functions[f].entry) end = std::min(end, g.entry);
      return end;
    };
    // (per launch: a file of several launches may launch several kernels)
    auto reached_from = [&](int entry) {
      std::set<int> reached = {entry}, todo = {entry};
      while (!todo.empty()) {
        int f = *todo.begin();
        todo.erase(todo.begin());
        for (int pc = c.functions[f].entry; pc < code_end(f); ++pc)
          if (c.code[pc].op == cuda::Op::Call && reached.insert(c.code[pc].a).second) todo.insert(c.code[pc].a);
      }
      return reached;
    };
    for (size_t si = 0; si < t.steps.size(); ++si) {
      const size_t launch = static_cast<size_t>(t.steps[si].launch);
      const std::set<int> reached = reached_from(rk.launches[std::min(launch, rk.launches.size() - 1)].entry);
      for (const auto& a : t.steps[si].accesses) {
        ASSERT_GE(a.site, 0);
        ASSERT_LT(a.site, static_cast<int>(t.sites.size()));
        const SourceSite& site = t.sites[a.site];
        bool inside = false;
        for (int f : reached) {
          const cuda::Function& fn = *c.functions[f].fn;
          inside = inside || (fn.pos.file == site.file && fn.pos.line <= site.line && site.line <= fn.close.line);
        }
        EXPECT_TRUE(inside) << k.id << " step " << si << ": " << site_label(t, a.site) << " in " << t.files[site.file];
        const std::string text = site_text(t, a.site);
        if (a.op == kShuffle) EXPECT_NE(text.find("__shfl"), std::string::npos) << k.id << ": " << text;
        else EXPECT_NE(text.find('['), std::string::npos) << k.id << ": '" << text << "' is not an array access";
      }
    }
  }
}

// The reduction problem's loop: the step "stride 4" of reduce-sequential on 5,3,8,1,7,2,9,4 executes
// sdata[tid] and sdata[tid + s] of the tree loop (the reduction problem: 12 5 17 5).
TEST(CodeView, ReduceSequentialHighlightsTheReductionProblemsLoop) {
  Trace t = run("reduce-sequential", 8, {5, 3, 8, 1, 7, 2, 9, 4});
  const int s = find_step(t, "stride 4");
  ASSERT_GE(s, 0);
  std::set<std::string> texts;
  for (const auto& a : t.steps[s].accesses) texts.insert(site_text(t, a.site));
  EXPECT_TRUE(texts.count("sdata[tid]")) << *texts.begin();
  EXPECT_TRUE(texts.count("sdata[tid + s]"));
  EXPECT_EQ(t.files[main_file_index(t)], "kernels/reduce/reduce-sequential.cu");
  EXPECT_EQ(std::vector<double>(t.steps[s].smem.begin(), t.steps[s].smem.begin() + 4), (std::vector<double>{12, 5, 17, 5}));
}

// What the code view shows of a line: tabs to the next multiple of kTabWidth, the trace's columns
// (a tab is one column) mapped onto it.
TEST(CodeView, TabsExpandAndColumnsFollowThem) {
  EXPECT_EQ(expand_tabs("\tx"), "    x");
  EXPECT_EQ(expand_tabs("ab\tc"), "ab  c");
  EXPECT_EQ(expand_tabs("abcd\te"), "abcd    e");
  EXPECT_EQ(expand_tabs("\xC3\xA9\tx"), "\xC3\xA9   x");  // a 2-byte character is one column
  const std::string line = "\t\tt[i] = OP(t[i],\tt[j]);";
  EXPECT_EQ(shown_offset(line, 3), 8);    // "t[i]" after two tabs
  EXPECT_EQ(shown_offset(line, 19), 24);  // "t[j]": column 19, after the third tab (column 18)
  EXPECT_EQ(expand_tabs(line).substr(24, 4), "t[j]");
  EXPECT_EQ(shown_offset(line, 999), static_cast<int>(expand_tabs(line).size()));
  EXPECT_EQ(utf8_chars("a\xC3\xA9z"), 3);
}

// Long lines wrap onto continuation rows that fit the width, break between arguments where they
// can, and lose nothing but the blanks at a break.
TEST(CodeView, LongLinesWrapIntoRowsThatFit) {
  const std::vector<std::string> shown = {"            sdata[tid] = OP(sdata[tid], sdata[tid + s]);", "", "short"};
  for (int width : {8, 20, 26, 30, 40, 80}) {
    auto rows = wrap_code(shown, width);
    std::string joined;
    int line = -1;
    for (const auto& r : rows) {
      EXPECT_LE(r.indent + utf8_chars(shown[r.line], r.begin, r.end), std::max(8, width)) << width;
      EXPECT_EQ(r.continuation, r.line == line) << width;
      if (r.line == 0) joined += shown[0].substr(r.begin, r.end - r.begin);
      line = r.line;
    }
    std::string flat = shown[0];
    flat.erase(std::remove(flat.begin(), flat.end(), ' '), flat.end());
    joined.erase(std::remove(joined.begin(), joined.end(), ' '), joined.end());
    EXPECT_EQ(joined, flat) << width;
    EXPECT_EQ(first_row_of(rows, 2), static_cast<int>(rows.size()) - 1);
  }
  auto rows = wrap_code(shown, 30);  // 12 blanks + "sdata[tid] = OP(sdata[tid]," / "sdata[tid + s]);"
  ASSERT_EQ(first_row_of(rows, 1), 3);
  EXPECT_EQ(shown[0].substr(rows[0].begin, rows[0].end - rows[0].begin), "            sdata[tid] = ");
  EXPECT_EQ(shown[0].substr(rows[1].begin, rows[1].end - rows[1].begin), "OP(sdata[tid], ");
  EXPECT_EQ(shown[0].substr(rows[2].begin, rows[2].end - rows[2].begin), "sdata[tid + s]);");
  EXPECT_EQ(rows[2].indent, 10);  // like the line, at most a third of the width
  // A deeply indented line: its first row holds code, not the indentation's blanks alone.
  const std::string deep = std::string(12, ' ') + "temp[pout*n + thid] = OP(temp[pin*n + thid - offset], temp[pin*n + thid]);";
  const std::vector<CodeRow> dr = wrap_code({deep}, 20);
  ASSERT_GE(dr.size(), 2u);
  EXPECT_NE(deep.substr(dr[0].begin, dr[0].end - dr[0].begin).find_first_not_of(' '), std::string::npos);
  EXPECT_EQ(dr[0].begin, 0);
  EXPECT_EQ(wrap_code({"abc"}, 40).size(), 1u);
  EXPECT_EQ(wrap_code({std::string(100, 'x')}, 40).size(), 3u);  // no break point: cut at the width
}

// The code view keeps the lines a lesson cites in view (issue 24): with the current line where all
// fit, else the cited lines alone, else the first cited line at the top and the others stated.
TEST(CodeView, CitedLinesAreInViewOrStated) {
  std::vector<std::string> shown(60, "x = 1;");
  for (int l : {35, 36, 37}) shown[l] = std::string(70, 'y');  // 3 rows each at width 30
  const std::vector<CodeRow> rows = wrap_code(shown, 30);
  auto row = [&](int line) { return first_row_of(rows, line); };
  ASSERT_EQ(row(38), row(35) + 9);
  int in_view = -1;
  // The current line 33 and the cited 38 (0-based) in 10 rows: both, centred.
  CodeScroll a = code_scroll(rows, {33}, {38}, 20);
  EXPECT_TRUE(a.fits);
  EXPECT_LE(a.top, row(33));
  EXPECT_GE(a.top + 20, row(38) + 1);
  EXPECT_EQ(cited_out_of_view(rows, {38}, static_cast<int>(std::ceil(a.top)), 20, &in_view), "");
  EXPECT_EQ(in_view, 1);
  // In 8 rows the current line and line 38 do not fit together: the cited lines do (38 alone).
  CodeScroll b = code_scroll(rows, {33}, {38}, 8);
  EXPECT_TRUE(b.fits);
  EXPECT_EQ(cited_out_of_view(rows, {38}, static_cast<int>(std::ceil(b.top)), 8, &in_view), "");
  EXPECT_EQ(in_view, 1);
  // Cited 33 and 38 in 8 rows (12 apart): the first at the top, 38 said to be below.
  CodeScroll c = code_scroll(rows, {33}, {33, 38}, 8);
  EXPECT_FALSE(c.fits);
  EXPECT_EQ(c.span, row(38) - row(33) + 1);
  EXPECT_EQ(c.top, row(33));
  EXPECT_EQ(cited_out_of_view(rows, {33, 38}, row(33), 8, &in_view), "line 39 below");  // the note counts from 1
  EXPECT_EQ(in_view, 1);
  EXPECT_EQ(cited_out_of_view(rows, {2, 33, 38, 40}, row(33), 8, &in_view), "lines 39 and 41 below; line 3 above");
  EXPECT_EQ(in_view, 1);
  // A cited line cut across the view's edge is not in view.
  EXPECT_EQ(cited_out_of_view(rows, {35}, row(35) + 1, 8, &in_view), "line 36 above");
  EXPECT_EQ(cited_out_of_view(rows, {35}, row(35), 2, &in_view), "");  // 3 rows from the top of 2: its number and start
  EXPECT_EQ(in_view, 1);
  EXPECT_EQ(cited_out_of_view(rows, {35}, row(35) - 1, 2, &in_view), "line 36 below");
  // Whole rows (issue 24: at 1280x720 presenter the code's top line was half cut): one cited line
  // in 5 rows has two above and two below it; in 6 rows, the odd free row below it.
  EXPECT_EQ(code_scroll(rows, {}, {38}, 5).top, row(38) - 2);
  EXPECT_EQ(code_scroll(rows, {}, {38}, 6).top, row(38) - 2);
  EXPECT_EQ(code_scroll(rows, {38}, {38}, 4).top, row(38) - 1);
  EXPECT_EQ(code_scroll(rows, {}, {1}, 9).top, 0);  // never above the file's start
  // Nothing cited: the current line a third down, as before.
  CodeScroll d = code_scroll(rows, {50}, {}, 9);
  EXPECT_GT(d.top, row(50) - 9);
  EXPECT_LT(d.top, row(50));
}

// The highlighted span is the expression's text, also in a file indented with tabs, and a merged
// (vector) access highlights every expression the compiler merged.
TEST(CodeView, TheHighlightIsTheExpressionAlsoWithTabs) {
  const std::string path = ::testing::TempDir() + "/scanscope_tabbed.cu";
  {
    std::string text = load_kernel_file(find_kernel_file("reduce-sequential")->path, nullptr).text;
    std::string out;
    bool start = true;
    int blanks = 0;
    for (char ch : text) {  // four leading blanks become a tab
      if (start && ch == ' ') {
        if (++blanks == 4) out += '\t', blanks = 0;
        continue;
      }
      if (start) out += std::string(static_cast<size_t>(blanks), ' '), blanks = 0;
      start = ch == '\n';
      out += ch;
    }
    std::ofstream(path) << out;
  }
  TraceRequest r;
  r.source = path;
  r.input = {5, 3, 8, 1, 7, 2, 9, 4};
  r.n = 8;
  Trace t = run_emulator(r);
  const int s = find_step(t, "stride 4");
  ASSERT_GE(s, 0);
  const auto raw = split_lines(t.file_texts[t.sites[t.steps[s].accesses.front().site].file]);
  ASSERT_NE(raw[36].find('\t'), std::string::npos);  // line 37 is indented with tabs
  std::set<std::string> seen;
  for (const auto& a : t.steps[s].accesses) {
    auto spans = site_spans(t, a.site, raw);
    ASSERT_EQ(spans.size(), 1u);
    const std::string shown = expand_tabs(raw[spans[0].line]);
    seen.insert(shown.substr(spans[0].begin, spans[0].end - spans[0].begin));
    EXPECT_EQ(shown.substr(spans[0].begin, spans[0].end - spans[0].begin), site_text(t, a.site));
  }
  EXPECT_EQ(seen, (std::set<std::string>{"sdata[tid]", "sdata[tid + s]"}));
  std::remove(path.c_str());

  // scan-paper-listing2's load: temp[2*thid] and temp[2*thid+1] are one st.shared.v2.
  TraceRequest l2;
  l2.kernel = "scan-paper-listing2";
  l2.type = ValueType::Float;
  l2.n = 64;
  Trace t2 = run_emulator(l2);
  const auto sites = instruction_sites(t2, t2.steps[0].instructions.front().site);
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(site_text(t2, sites[0]), "temp[2*thid]");
  EXPECT_EQ(site_text(t2, sites[1]), "temp[2*thid+1]");
  EXPECT_EQ(t2.sites[sites[0]].line, 27);
  EXPECT_EQ(t2.sites[sites[1]].line, 28);
  EXPECT_EQ(instruction_sites(t, t.steps[s].accesses.front().site).size(), 1u);
}

TEST(Panels, ParseAcceptsKnownNamesAndRejectsOthersClearly) {
  EXPECT_EQ(parse_panels("tree, smem,warps"), (std::vector<std::string>{"tree", "smem", "warps"}));
  try {
    parse_panels("tree,bogus");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bogus"), std::string::npos);
  }
}

// The panel table (panel_table.h) is what --panels, the default layout and the View menu read.
TEST(Panels, EveryNameOfTheTableParsesAndHasATitle) {
  std::set<std::string> seen;
  for (size_t i = 0; i < std::size(kPanels); ++i) {
    const std::string name = kPanels[i].name;
    EXPECT_TRUE(seen.insert(name).second) << "panel '" << name << "' twice in the table";
    EXPECT_EQ(parse_panels(name), std::vector<std::string>{name});
    EXPECT_EQ(panel_index(name), static_cast<int>(i));
    EXPECT_GT(std::string(kPanels[i].title).size(), 10u) << name;
  }
  EXPECT_EQ(parse_panels(panel_name_list(",")).size(), std::size(kPanels));
  EXPECT_EQ(panel_index("bogus"), -1);
}

TEST(Panels, TheDefaultLayoutIsTreeMemoryWarpsCode) {
  EXPECT_EQ(default_panels(), (std::vector<std::string>{"tree", "smem", "warps", "code"}));
}

TEST(Panels, AnUnknownNameListsTheTable) {
  try {
    parse_panels("bogus");
    FAIL();
  } catch (const UsageError& e) {
    for (const PanelInfo& p : kPanels) EXPECT_NE(std::string(e.what()).find(p.name), std::string::npos) << e.what();
  }
}

TEST(Settings, RoundTripAndBadValuesKeepDefaults) {
  Settings s;
  s.presenter = true;
  s.ui_scale = 1.5f;
  s.kernel = "reduce-sequential";
  s.panels = "tree,compare";
  s.width = 1280;
  s.height = 720;
  s.sidebar = false;
  Settings r = parse_settings(settings_to_text(s));
  EXPECT_FALSE(r.sidebar);
  EXPECT_TRUE(Settings().sidebar);
  EXPECT_TRUE(parse_settings("presenter=1\n").sidebar);  // files written before the key: shown
  EXPECT_EQ(r.panels, "tree,compare");
  EXPECT_EQ(r.width, 1280);
  EXPECT_EQ(r.height, 720);
  EXPECT_TRUE(r.presenter);
  EXPECT_FLOAT_EQ(r.ui_scale, 1.5f);
  EXPECT_EQ(r.kernel, "reduce-sequential");
  Settings bad = parse_settings("ui_scale=banana\nspeed=-3\n");
  EXPECT_FLOAT_EQ(bad.ui_scale, 1.0f);
  EXPECT_FLOAT_EQ(bad.speed, Settings().speed);
}

TEST(AppStateActions, BadRequestBecomesAMessageAndKeepsTheOldTrace) {
  AppState s;
  TraceRequest good;
  good.kernel = "scan-blelloch";
  good.n = 8;
  ASSERT_TRUE(run_request(s, good, Device::Cpu));
  TraceRequest bad = good;
  bad.n = 4096;  // beyond scan-blelloch's 2048
  EXPECT_FALSE(run_request(s, bad, Device::Cpu));
  EXPECT_FALSE(s.form_error.empty());
  EXPECT_EQ(s.trace.n, 8);
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_TRUE(s.toasts.back().error);
}

TEST(AppStateActions, FormRejectsMalformedInput) {
  RunForm f;
  f.input_mode = 1;
  std::snprintf(f.input_text, sizeof f.input_text, "3,1,x");
  EXPECT_THROW(request_from_form(f, nullptr), UsageError);
}

// Run keeps what the form has no field for (a --source file, -D, --scan, --bits) while that
// kernel stays selected, and drops it with another kernel.
TEST(AppStateActions, FormKeepsSourceAndMacrosOfItsKernel) {
  TraceRequest r;
  r.kernel = "scan-paper-listing3";
  r.type = ValueType::Float;
  r.n = 512;
  r.defines = {{"ZERO_BANK_CONFLICTS", "1"}};
  RunForm f;
  form_from_request(f, r, Device::Cpu);
  TraceRequest again = request_from_form(f, nullptr);
  EXPECT_EQ(again.kernel, "scan-paper-listing3");
  EXPECT_EQ(again.defines, r.defines);
  const auto& cat = kernel_files();
  for (size_t i = 0; i < cat.size(); ++i)
    if (cat[i].id == "scan-blelloch") f.kernel = static_cast<int>(i);
  EXPECT_TRUE(request_from_form(f, nullptr).defines.empty());

  TraceRequest src;
  src.source = kernel_dir() + "/scan/scan-hillis-steele.cu";
  src.kernel = "scan-hillis-steele";
  src.scan = "inclusive";
  src.n = 16;
  form_from_request(f, src, Device::Cpu);
  EXPECT_TRUE(f.use_source);
  again = request_from_form(f, nullptr);
  EXPECT_EQ(again.source, src.source);
  EXPECT_EQ(again.scan, "inclusive");
  AppState s;
  ASSERT_TRUE(run_request(s, again, Device::Cpu)) << s.form_error;
  EXPECT_EQ(s.trace.source, src.source);
  EXPECT_TRUE(s.trace.inclusive);
}

// The sweep job lives in the state layer (view_state.cpp): started, cancelled and collected
// without a window.
TEST(AppStateActions, ACancelledSweepIsCollectedAsAMessage) {
  AppState s;
  EXPECT_FALSE(sweep_progress(s).running);
  show_timing_series(s.timing, "cpu-std-reduce", true);  // a series this machine times, GPU or not
  start_sweep(s);
  EXPECT_TRUE(sweep_progress(s).running);
  cancel_sweep(s);
  while (!s.bench_job->finished) std::this_thread::sleep_for(std::chrono::milliseconds(50));  // a hang is ctest's timeout, not a count of naps
  ASSERT_TRUE(s.bench_job->finished);
  collect_sweep(s);
  EXPECT_FALSE(sweep_progress(s).running);
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_EQ(s.toasts.back().text.rfind("benchmark cancelled", 0), 0u) << s.toasts.back().text;
  // What was measured before the cancel stays shown (none, when the cancel came first).
  if (s.have_bench) {
    EXPECT_EQ(s.bench_origin, "sweep on this machine (cancelled)");
    EXPECT_LT(s.bench.points.size(), 3u * 13u);  // cpu-std-reduce, and cub-reduce and the copy where a GPU is
  } else {
    EXPECT_EQ(s.toasts.back().text, "benchmark cancelled");
  }
}

TEST(AppStateActions, SteppingClampsAndAnimates) {
  AppState s;
  TraceRequest r;
  r.n = 8;
  ASSERT_TRUE(run_request(s, r, Device::Cpu));
  set_step(s, 3);
  EXPECT_EQ(s.step, 3);
  EXPECT_TRUE(animating(s));
  advance(s, 5.0);
  EXPECT_FALSE(animating(s));
  set_step(s, 1000);
  EXPECT_EQ(s.step, step_count(s) - 1);
  s.playing = true;
  set_step(s, 0);
  for (int i = 0; i < 200; ++i) advance(s, 0.1);
  EXPECT_EQ(s.step, step_count(s) - 1);
  EXPECT_FALSE(s.playing);
}

TEST(Settings, SavedAtomicallyUnderXdgConfigHome) {
  const std::string dir = ::testing::TempDir() + "scanscope_settings_test";
  setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  EXPECT_EQ(config_dir(), dir + "/scanscope");
  Settings s;
  s.speed = 3.0f;
  s.kernel = "scan-hillis-steele";
  save_settings(config_dir() + "/settings.ini", s);
  Settings r = load_settings(config_dir() + "/settings.ini");
  EXPECT_FLOAT_EQ(r.speed, 3.0f);
  EXPECT_EQ(r.kernel, "scan-hillis-steele");
  unsetenv("XDG_CONFIG_HOME");
}

TEST(TreeEdges, ShuffleRoundCombinesTheSourceLaneIntoTheReceiver) {
  Trace t = run("reduce-warp-shuffle", 64);
  int s = find_step(t, "warp shuffle, offset 16");
  ASSERT_GE(s, 0);
  ASSERT_TRUE(has_shuffles(t));
  auto e = tree_edges(t, s);
  EXPECT_TRUE(has_edge(e, 16, 0, false));
  EXPECT_TRUE(has_edge(e, 0, 0, false));
}

TEST(Presets, EveryWorkedExampleRunsOnItsKernel) {
  for (const auto& p : input_presets()) {
    RunForm f;
    f.input_mode = 2;
    const auto& cat = kernel_files();
    for (size_t k = 0; k < cat.size(); ++k)
      if (cat[k].id == p.kernel) f.kernel = static_cast<int>(k);
    f.threads = p.threads;
    for (size_t i = 0; i < input_presets().size(); ++i) {
      if (input_presets()[i].name == p.name) f.preset = static_cast<int>(i);
    }
    AppState s;
    ASSERT_TRUE(run_request(s, request_from_form(f, nullptr), Device::Cpu)) << p.name << ": " << s.form_error;
    EXPECT_EQ(s.trace.kernel, p.kernel);
    if (p.threads) {
      EXPECT_EQ(s.trace.threads, p.threads);
    }
  }
}

// --- Issue 13: the tree's rows and columns, the heatmap's shuffle class, dense views, side by side.

TEST(TreeModel, ShuffleRoundsAreTheirOwnClassNotIdle) {
  Trace t = run("reduce-warp-shuffle", 64);
  const int s = find_step(t, "warp shuffle, offset 8");
  ASSERT_GE(s, 0);
  Heatmap h = conflict_heatmap(t);
  // 64 lanes shuffle: both warps active, neither idle, no bank involved.
  for (int w = 0; w < 2; ++w) {
    EXPECT_EQ(h.at(s, w), 0);
    EXPECT_EQ(heat_class(h, s, w), kShuffleClass);
  }
  EXPECT_EQ(step_heat_class(t.steps[s]), kShuffleClass);
  EXPECT_FALSE(heat_class_color(kShuffleClass) == heat_class_color(0));  // not the idle grey
  EXPECT_NE(heat_class_label(kShuffleClass), heat_class_label(0));
  // A step with shared-memory accesses keeps its degree class; warp 1 idles in the first warp's rounds.
  const int combine = find_step(t, "warp totals to shared memory");
  ASSERT_GE(combine, 0);
  EXPECT_EQ(step_heat_class(t.steps[combine]), degree_class(t.steps[combine].max_degree));
  const int first = find_step(t, "first warp, offset 8");
  ASSERT_GE(first, 0);
  EXPECT_EQ(heat_class(h, first, 0), kShuffleClass);
  EXPECT_EQ(heat_class(h, first, 1), 0);
  // The tree says its columns are lanes, as a note (the caption line under the tree).
  TreeModel m = tree_model(t);
  EXPECT_TRUE(m.lanes);
  ASSERT_EQ(m.notes.size(), 1u);
  EXPECT_NE(m.notes[0].find("lanes"), std::string::npos);
}

// A warp scan's tree: the shuffle rows' nodes hold what each lane received, and a block of two
// warps is drawn a warp at a time (its 32 lanes; edges from lane i - h of the same warp).
TEST(TreeModel, AShuffleTreeShowsTheValuesEachLaneReceivedAWarpAtATime) {
  Trace t = run("scan-warp-shuffle", 64);
  const TreeModel whole = tree_model(t);
  EXPECT_EQ(whole.columns, 64);
  EXPECT_EQ(whole.lane_warp, -1);
  for (int warp = 0; warp < 2; ++warp) {
    const TreeModel m = tree_model(t, warp);
    ASSERT_EQ(m.columns, 32);
    EXPECT_EQ(m.lane_warp, warp);
    ASSERT_FALSE(m.notes.empty());
    EXPECT_NE(m.notes[0].find("warp " + std::to_string(warp)), std::string::npos) << m.notes[0];
    int checked = 0;
    for (const TreeRow& row : m.rows) {
      const Step& st = t.steps[row.step];
      for (const Access& a : st.accesses) {
        if (a.op != kShuffle || a.tid / 32 != warp) continue;
        EXPECT_EQ(row.written[a.tid % 32], 1);
        EXPECT_EQ(row.values[a.tid % 32], a.value) << row.label << " lane " << a.tid % 32;
        ++checked;
      }
      for (const TreeEdge& e : row.edges) {
        if (!e.shuffle) continue;
        EXPECT_GE(e.from_word, 0);
        EXPECT_LT(e.from_word, 32);
        EXPECT_LE(e.from_word, e.to_word);  // __shfl_up_sync: from a lower lane (or the lane itself)
      }
    }
    EXPECT_GE(checked, 5 * 32) << "five rounds of 32 lanes";
  }
  // The values are the scan's partial sums: after round h = 1 lane i received input[i - 1].
  const TreeModel m = tree_model(t, 0);
  ASSERT_FALSE(m.rows.empty());
  for (int lane = 1; lane < 32; ++lane) EXPECT_EQ(m.rows[0].values[lane], t.input[lane - 1]) << lane;
}

TEST(TreeModel, HillisSteeleIsLaidOutByArrayPosition) {
  Trace t = run("scan-hillis-steele", 16);
  TreeModel m = tree_model(t);
  EXPECT_EQ(m.folded_half, 16);
  EXPECT_EQ(m.columns, 16);
  ASSERT_FALSE(m.notes.empty());
  // Every edge of "offset d" goes from position k - d (or k itself) to position k: no edge crosses
  // half the panel any more.
  for (const TreeRow& row : m.rows) {
    const size_t at = row.label.find("offset ");
    if (at == std::string::npos) continue;
    const int d = std::stoi(row.label.substr(at + 7));
    ASSERT_FALSE(row.edges.empty());
    for (const TreeEdge& e : row.edges) {
      EXPECT_TRUE(e.from_word == e.to_word || e.from_word == e.to_word - d) << row.label << ": " << e.from_word << " -> " << e.to_word;
      EXPECT_LT(e.to_word, 16);
    }
    // The node values are the half the row wrote: the last row is the inclusive/exclusive scan.
    EXPECT_EQ(std::count(row.written.begin(), row.written.end(), 1), 16);
  }
  const TreeRow& last = m.rows.back();
  double sum = 0;
  for (int k = 0; k < 16; ++k) {
    EXPECT_EQ(last.values[k], t.output[k]) << k;
    sum += t.input[k];
  }
  (void)sum;
  // Of the catalogue, the double-buffered scans are folded (Hillis-Steele and the paper's listing 1
  // and algorithm 2); every other kernel keeps a column per word.
  const std::set<std::string> double_buffered = {"scan-hillis-steele", "scan-paper-listing1", "scan-paper-algorithm2"};
  int folded = 0, traced = 0;
  for (const auto& k : kernel_files()) {
    TraceRequest r;
    r.kernel = k.id;
    r.n = 16;
    r.type = kernel_options(k).types.front();
    Trace u;
    try {
      u = run_emulator(r);
    } catch (const std::exception& e) {  // a listing as printed may fault on purpose (its erratum)
      (void)e;  // listing 1's erratum: it reads a word of the other buffer before it is written
      continue;
    }
    const TreeModel um = tree_model(u);
    EXPECT_EQ(um.folded_half > 0, double_buffered.count(k.id) > 0) << k.id;
    int words = 0;
    for (const auto& st : u.steps) words = std::max(words, static_cast<int>(st.smem.size()));
    if (um.folded_half == 0 && !um.lanes) {
      EXPECT_EQ(um.columns, std::max(1, words)) << k.id;
    }
    folded += um.folded_half > 0;
    ++traced;
  }
  EXPECT_EQ(folded, 2);  // Hillis-Steele and algorithm 2 (listing 1 faults by design)
  EXPECT_GT(traced, 15);
}

TEST(TreeModel, CompactionEndsWithItsOutput) {
  Trace t = run("app-compact", 8, {1, 2, 3, 5, 6, 7, 8, 9});
  TreeModel m = tree_model(t);
  ASSERT_FALSE(m.rows.empty());
  const TreeRow& out = m.rows.back();
  ASSERT_TRUE(out.output);
  EXPECT_NE(out.label.find("5 kept"), std::string::npos) << out.label;
  // The kept (odd) values at their scanned index, each moved from its input position.
  const std::vector<double> kept = {1, 3, 5, 7, 9};
  const std::vector<int> from = {0, 2, 3, 5, 7};
  for (int k = 0; k < 5; ++k) {
    EXPECT_TRUE(out.written[k]);
    EXPECT_EQ(out.values[k], kept[k]);
    EXPECT_TRUE(has_edge(out.edges, from[k], k, true)) << k;
  }
  for (int k = 5; k < m.columns; ++k) EXPECT_FALSE(out.written[k]) << k;
  EXPECT_EQ(out.edges.size(), 5u);
}

TEST(TreeModel, RowLabelsThinOutWithAStatedRuleAndKeepTheCurrentRow) {
  // All rows when a row is a line tall.
  EXPECT_EQ(labelled_rows(5, 20, 14, 2).size(), 5u);
  // Radix sort: 31+ rows in a short panel: every k-th row, and the current one.
  Trace t = run("app-radix-sort", 16);
  TreeModel m = tree_model(t);
  const int rows = static_cast<int>(m.rows.size());
  ASSERT_GT(rows, 30);
  const float row_h = 300.0f / rows, label_h = 14;
  int every = 0;
  auto l = labelled_rows(rows, row_h, label_h, 12, &every);
  EXPECT_GE(every, 2);
  EXPECT_GE(l.size(), static_cast<size_t>(rows / every - 2));
  EXPECT_TRUE(std::find(l.begin(), l.end(), 12) != l.end());
  // No two labels overlap.
  for (size_t i = 1; i < l.size(); ++i) EXPECT_GE((l[i] - l[i - 1]) * row_h, label_h - 0.01f) << l[i - 1] << " " << l[i];
  // Every row has a label to show.
  for (const TreeRow& r : m.rows) EXPECT_FALSE(r.label.empty());
}

TEST(DenseSmem, LinesStayApartAtN512And2048WithTheirRuleStated) {
  for (int n : {512, 2048}) {
    Trace t = run("scan-blelloch", n, {}, Pad::Harris, 16);
    const int words = static_cast<int>(t.steps.back().smem.size());
    int one_warp_steps = 0;
    for (int step = 0; step < static_cast<int>(t.steps.size()); ++step) {
      for (int warp : {0, 3}) {
        const SmemLines l = smem_lines(t, step, words, warp, 0);
        ASSERT_LE(l.accesses.size(), 64u) << n << " step " << step;  // never a fan that hides the cells
        if (l.total <= 64) {
          EXPECT_EQ(static_cast<int>(l.accesses.size()), l.total);
          EXPECT_TRUE(l.caption.empty());
          continue;
        }
        // Fewer lines than accesses: the caption says whose, and how many of how many.
        EXPECT_FALSE(l.caption.empty());
        EXPECT_NE(l.caption.find(std::to_string(l.accesses.size()) + " of " + std::to_string(l.total)), std::string::npos) << l.caption;
        EXPECT_NE(l.caption.find("warp " + std::to_string(l.warp)), std::string::npos) << l.caption;
        for (int ai : l.accesses) EXPECT_EQ(t.steps[step].accesses[ai].tid / 32, l.warp);
        if (l.one_warp) ++one_warp_steps;
        // The selected warp when it accessed shared memory in the step.
        bool selected_active = false;
        for (const auto& a : t.steps[step].accesses) selected_active |= a.tid / 32 == warp && a.op != kShuffle;
        if (selected_active) {
          EXPECT_EQ(l.warp, warp);
        }
        if (l.instruction >= 0) {  // only the Warps view's instruction: its lanes' accesses
          EXPECT_NE(l.caption.find("line " + std::to_string(t.sites[t.steps[step].instructions[l.instruction].site].line)), std::string::npos);
          EXPECT_EQ(l.accesses.size(), t.steps[step].instructions[l.instruction].access_index.size());
        }
      }
    }
    EXPECT_GT(one_warp_steps, 0) << n;
  }
}

TEST(DenseSmem, TheRowWindowShowsWhereTheLinesGo) {
  // All rows fit: all shown.
  GridWindow all = grid_window(4, 10, {3});
  EXPECT_TRUE(all.all());
  EXPECT_EQ(all.count, 4);
  // 64 rows, room for 12: from the first touched row, clamped to the end; the wheel scrolls.
  GridWindow w = grid_window(64, 12, {20, 25, 22});
  EXPECT_EQ(w.first, 20);
  EXPECT_EQ(w.count, 12);
  EXPECT_FALSE(w.all());
  EXPECT_EQ(grid_window(64, 12, {63}).first, 52);
  EXPECT_EQ(grid_window(64, 12, {20}, 5).first, 25);
  EXPECT_EQ(grid_window(64, 12, {20}, -100).first, 0);
  EXPECT_EQ(grid_window(64, 12, {}).first, 0);
  // n = 2048 with Harris padding on 16 banks: the clear step's one write is in view, with its row.
  Trace t = run("scan-blelloch", 2048, {}, Pad::Harris, 16);
  const int clear = find_step(t, "clear last element");
  ASSERT_GE(clear, 0);
  const int words = static_cast<int>(t.steps[clear].smem.size());
  const SmemLines l = smem_lines(t, clear, words, 0, 0);
  ASSERT_EQ(l.accesses.size(), 1u);
  const int row = t.steps[clear].accesses[l.accesses[0]].word / 16;
  GridWindow cw = grid_window((words + 15) / 16, 10, {row});
  EXPECT_LE(cw.first, row);
  EXPECT_GT(cw.first + cw.count, row);
  // The padding slots stay slots of the grid (hatched, labelled): one after every 16 words but the last.
  auto pads = padding_slots(t);
  EXPECT_EQ(std::count(pads.begin(), pads.end(), true), words - 2048);
  EXPECT_EQ(words - 2048, 2047 / 16);
}

// A 2-D shared array is drawn as its matrix (smem_layout): a row of the grid per row of the array,
// each cell in its word's bank colour. What the transpose lesson shows: the padded tile is 32 rows
// of 33 cells, tile[y][x] is word y*33+x in bank (y*33+x) mod 32; the column a warp reads at the
// store step is one column of cells, one colour in tile[32][32], 32 colours in tile[32][33], and
// there the colours run diagonally (cell (y+1, x) has the colour of cell (y, x+1)).
TEST(SmemMatrix, ATransposeTileIsDrawnByRowsAndItsColumnReadShowsTheBanks) {
  const Trace padded = run("transpose-tile-padded", 1024);
  const SmemLayout l = smem_layout(padded);
  ASSERT_TRUE(l.matrix);
  EXPECT_EQ(l.rows, 32);
  EXPECT_EQ(l.columns, 33);
  EXPECT_EQ(l.declared(), "tile[32][33]");
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 33; ++x) {
      const int w = l.word_at(y, x);
      ASSERT_EQ(w, y * 33 + x);
      EXPECT_EQ(l.row_of(w), y);
      EXPECT_EQ(l.column_of(w), x);
      EXPECT_EQ(bank_of(w, padded.banks), (y * 33 + x) % 32);
      if (y + 1 < 32 && x + 1 < 33) {
        EXPECT_EQ(bank_color(bank_of(l.word_at(y + 1, x), 32), 32), bank_color(bank_of(l.word_at(y, x + 1), 32), 32)) << y << "," << x;
      }
    }
  // The grid the panel draws from it puts tile[5][7] under tile[0][7], five rows down.
  const SmemGrid g = smem_grid(l.words, l.columns, Rect{0, 0, 660, 640}, 20);
  EXPECT_EQ(g.columns, 33);
  EXPECT_EQ(g.rows, 32);
  EXPECT_FLOAT_EQ(g.cell(l.word_at(5, 7)).x, g.cell(l.word_at(0, 7)).x);
  EXPECT_FLOAT_EQ(g.cell(l.word_at(5, 7)).y, g.cell(l.word_at(0, 7)).y + 5 * g.cell_h);

  const Trace tile = run("transpose-tile", 1024);
  const SmemLayout lt = smem_layout(tile);
  ASSERT_TRUE(lt.matrix);
  EXPECT_EQ(lt.rows, 32);
  EXPECT_EQ(lt.columns, 32);
  EXPECT_EQ(lt.declared(), "tile[32][32]");
  for (const auto& [t, lay, colours] : {std::make_tuple(&tile, lt, 1), std::make_tuple(&padded, l, 32)}) {
    SCOPED_TRACE(t->kernel);
    const int store = find_step(*t, "out by rows, from tile columns");  // step(store) of the kernel file
    ASSERT_GE(store, 0);
    int reads = 0;
    for (const WarpInstruction& wi : t->steps[store].instructions) {
      if (wi.op != kLoad) continue;
      ++reads;
      ASSERT_EQ(wi.access_index.size(), 32u);
      std::set<int> columns, rows;
      std::set<uint32_t> fills;
      for (int ai : wi.access_index) {
        const int w = t->steps[store].accesses[ai].word;
        columns.insert(lay.column_of(w));
        rows.insert(lay.row_of(w));
        fills.insert(bank_color(bank_of(w, t->banks), t->banks).u32());
      }
      EXPECT_EQ(columns.size(), 1u);  // a column of the tile is a column of cells
      EXPECT_EQ(rows.size(), 32u);
      EXPECT_EQ(static_cast<int>(fills.size()), colours);
      EXPECT_EQ(wi.degree, colours == 1 ? 32 : 1);
    }
    EXPECT_EQ(reads, 32);  // 8 warps, 4 reads each
  }
}

// One-dimensional arrays keep their rows of `banks` words; so do several arrays, an array at an
// offset, and one whose rows are too wide to read.
TEST(SmemMatrix, OtherArraysKeepTheBankRows) {
  const Trace r = run("reduce-sequential", 256);
  const SmemLayout l = smem_layout(r);
  EXPECT_FALSE(l.matrix);
  EXPECT_EQ(l.columns, 32);
  EXPECT_EQ(l.rows, 8);
  const Trace g80 = run("scan-blelloch", 512, {}, Pad::None, 16);
  EXPECT_EQ(smem_layout(g80).columns, 16);
  Trace t = run("transpose-tile-padded", 1024);
  ASSERT_TRUE(smem_layout(t).matrix);
  Trace wide = t;
  wide.arrays[0].dims = {12, 88};
  EXPECT_FALSE(smem_layout(wide).matrix);
  EXPECT_EQ(smem_layout(wide).columns, 32);
  Trace offset = t;
  offset.arrays[0].first_word = 33;
  EXPECT_FALSE(smem_layout(offset).matrix);
  Trace two = t;
  two.arrays.push_back(two.arrays[0]);
  EXPECT_FALSE(smem_layout(two).matrix);
  Trace flat = t;
  flat.arrays[0].dims.clear();
  EXPECT_FALSE(smem_layout(flat).matrix);
}

TEST(BankLaneGridModel, PaddingTakesTheConflictsOutOfTheSameLevel) {
  // The G80 scan, up-sweep d=32 (a 16-way conflict unpadded): padded, every bank holds one word.
  Trace a = run("scan-blelloch", 512, {}, Pad::None, 16);
  Trace b = run("scan-blelloch", 512, {}, Pad::Zero, 16);
  auto pairs = align_levels(a, b);
  const int sa = find_step(a, "up-sweep d=32");
  ASSERT_GE(sa, 0);
  int sb = -1;
  for (const auto& p : pairs)
    if (p.a == sa) sb = p.b;
  ASSERT_GE(sb, 0);
  EXPECT_EQ(b.steps[sb].label, "up-sweep d=32");
  const int ia = pick_instruction(a.steps[sa], 0, 0), ib = pick_instruction(b.steps[sb], 0, 0);
  ASSERT_GE(ia, 0);
  ASSERT_GE(ib, 0);
  BankLaneGrid ga = bank_lane_grid(a, a.steps[sa], a.steps[sa].instructions[ia]);
  BankLaneGrid gb = bank_lane_grid(b, b.steps[sb], b.steps[sb].instructions[ib]);
  EXPECT_EQ(ga.banks, 16);
  EXPECT_EQ(ga.issue, 16);
  ASSERT_EQ(ga.lanes.size(), 32u);
  ASSERT_EQ(gb.lanes.size(), 32u);
  int worst_a = 0, worst_b = 0;
  for (const auto& c : ga.cells) {
    worst_a = std::max(worst_a, c.degree);
    EXPECT_EQ(c.bank, c.word % 16);
    EXPECT_EQ(ga.lanes[c.row], c.lane);
  }
  for (const auto& c : gb.cells) worst_b = std::max(worst_b, c.degree);
  EXPECT_EQ(worst_a, 16);  // every lane of a half-warp in one bank
  EXPECT_EQ(worst_a, ga.degree);
  EXPECT_EQ(worst_b, 1);   // padded: one word per bank
  EXPECT_EQ(gb.conflicts, 0);
  EXPECT_GT(ga.conflicts, 0);
  // A shuffle has no cells; no instruction gives -1.
  Trace s = run("reduce-warp-shuffle", 64);
  const int sh = find_step(s, "warp shuffle, offset 16");
  const int si = pick_instruction(s.steps[sh], 0, 0);
  ASSERT_GE(si, 0);
  EXPECT_TRUE(bank_lane_grid(s, s.steps[sh], s.steps[sh].instructions[si]).cells.empty());
  EXPECT_EQ(pick_instruction(s.steps[sh], 7, 0), -1);
}

// A bank x lane grid too narrow for 32 bank columns of 12 px shows a window of them: the one that
// holds most of the shown lanes' cells (the lowest of equals), so a stride's cells stay in view.
TEST(BankLaneGridModel, TheBankWindowHoldsTheShownLanesCells) {
  BankLaneGrid g;
  g.banks = 32;
  for (int lane = 0; lane < 8; ++lane) g.cells.push_back({lane, lane, (17 + 2 * lane) % 32, 0, 1});  // banks 17, 19, ..., 31
  EXPECT_EQ(busiest_banks(g, 8, 15), 17);  // banks 17-31 hold all 8
  EXPECT_EQ(busiest_banks(g, 3, 15), 7);  // the first 3 rows' cells, banks 17, 19, 21: the lowest window holding them, 7-21
  EXPECT_EQ(busiest_banks(g, 8, 32), 0);
  BankLaneGrid none;
  EXPECT_EQ(busiest_banks(none, 5, 15), 0);
  g.cells.push_back({8, 8, 0, 0, 1});
  g.cells.push_back({9, 9, 1, 0, 1});
  EXPECT_EQ(busiest_banks(g, 10, 15), 17);  // 8 cells in 17-31 beat 2 in 0-14
}

TEST(BankLaneGridModel, AFloat4LoadIsColouredByQuarterWarps) {
  // a warp's float4 load of consecutive elements: 4 cells a lane, 4 wavefronts, no conflict, so
  // no cell may look conflicted (a whole warp's 128 words would be 4 to a bank)
  TraceRequest r;
  r.n = 128;
  r.type = ValueType::Float;
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text =
      "// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n// types: float\n"
      "__global__ void k(const float *in, float *out, int n) {\n"
      "  __shared__ float4 q[32];\n"
      "  int i = threadIdx.x;\n"
      "  q[i] = reinterpret_cast<const float4 *>(in)[i];\n"
      "  __syncthreads();\n"
      "  reinterpret_cast<float4 *>(out)[i] = q[i];\n"
      "}\n";
  r.has_source_text = true;
  const Trace t = run_emulator(r);
  const Step& st = t.steps.back();
  const int k = pick_instruction(st, 0, 0);
  ASSERT_GE(k, 0);
  const BankLaneGrid g = bank_lane_grid(t, st, st.instructions[k]);
  EXPECT_EQ(g.issue, 8);
  EXPECT_EQ(g.wavefronts, 4);
  EXPECT_EQ(g.conflicts, 0);
  ASSERT_EQ(g.cells.size(), 128u);
  for (const auto& c : g.cells) EXPECT_EQ(c.degree, 1) << "lane " << c.lane << " word " << c.word;
  // the step's sentence counts a thread's float4 as one load, not four
  const std::string said = describe_step(t, static_cast<int>(t.steps.size()) - 1);
  EXPECT_NE(said.find("32 threads active: 32 shared loads, 0 stores"), std::string::npos) << said;
}

TEST(TreeModel, AMat2ProductShrinksIntoItsBoxRatherThanVanishing) {
  // [129 35;154 143] in a 28-pixel tree node with a 14-pixel font: one line is far too wide, the two
  // lines ("154 143" about 50 pixels at 14) fit at about half size; a plain number keeps the size.
  const float one = 120, two = 50;
  const float size = value_font_size(28, 28, 14, one, two);
  EXPECT_GT(size, 7.0f - 1e-4f);
  EXPECT_LT(size, 14.0f);
  EXPECT_LE(two * size / 14, 28 - 2 + 1e-3f);  // the wider line fits
  EXPECT_EQ(value_font_size(28, 28, 14, 20, 0), 14.0f);
  // Where even 7 pixels do not fit, or the value is no matrix, the box stays empty.
  EXPECT_EQ(value_font_size(12, 28, 14, 120, 50), 0.0f);
  EXPECT_EQ(value_font_size(28, 28, 14, 120, 0), 0.0f);
  // The values the lesson shows (non-commutative, step 2: the wrong product) are matrices.
  Trace t = [] {
    TraceRequest r;
    r.kernel = "reduce-sequential";
    r.n = 16;
    r.op = Operator::Mat2;
    return run_emulator(r);
  }();
  const std::string v = format_value(t.steps.back().smem[0], t.op, ValueStyle::Cell);
  EXPECT_EQ(v.front(), '[');
  EXPECT_NE(v.find(';'), std::string::npos);
}

// Counts in captions: "1 lane, 1 sector", never "1 lanes".
TEST(Format, CountedSaysOneInTheSingular) {
  EXPECT_EQ(counted(1, "lane"), "1 lane");
  EXPECT_EQ(counted(0, "request"), "0 requests");
  EXPECT_EQ(counted(32, "sector"), "32 sectors");
  EXPECT_EQ(counted(2, "more word"), "2 more words");
  EXPECT_EQ(counted(3, "was", "were"), "3 were");
}

// A step's sentence agrees with its count: "1 thread adds", "2 threads each add".
TEST(Format, VerbsAgreeWithTheirCount) {
  EXPECT_EQ(verb_for(1, "add"), "adds");
  EXPECT_EQ(verb_for(4, "add"), "add");
  EXPECT_EQ(verb_for(1, "take the min of"), "takes the min of");
  EXPECT_EQ(verb_for(1, "copy"), "copies");
  EXPECT_EQ(verb_for(1, "pass"), "passes");
  EXPECT_EQ(verb_for(1, "OR"), "ORs");
  EXPECT_EQ(verb_for(1, "stay"), "stays");
  EXPECT_EQ(verb_for(0, "stay"), "stay");
  TraceRequest r;
  r.kernel = "demouth-reduce-two-blocks";
  r.n = 32;
  const Trace b1 = block_trace(run_emulator(r), 0, 1);
  EXPECT_EQ(describe_step(b1, 2), "1 thread adds two partial results and stores one; 3 threads stay idle.");
  EXPECT_EQ(describe_step(b1, 1).substr(0, 56), "2 threads each add two partial results and store one; 2 ");
}

// The lines a lesson cites, for the code view (issue 24): of the file named after the number, or
// of the step's own kernel where none is named; a document's numbers and other files' lines not.
TEST(CodeView, CitedLinesAreTheLessonsOwnForTheFileShown) {
  const std::string text = "line 37 of kernels/reduce/reduce-sequential.cu adds. The __syncthreads() of line 38 ends the step; "
                           "lines 101 and 102 of kernels/scan/scan-blelloch.cu load. Listing 3 has 40 lines.";
  EXPECT_EQ(cited_lines(text, "kernels/reduce/reduce-sequential.cu", true), (std::vector<int>{37, 38}));
  EXPECT_EQ(cited_lines(text, "kernels/reduce/reduce-sequential.cu", false), (std::vector<int>{37}));  // an included file: only where named
  EXPECT_EQ(cited_lines(text, "kernels/scan/scan-blelloch.cu", false), (std::vector<int>{101, 102}));
  EXPECT_TRUE(cited_lines("no line here, 3 values", "kernels/x.cu", true).empty());
}

// Colour means one thing (issue 24): Listing 2's merged 8-byte store, 2 wavefronts and no conflict,
// is painted as no conflict in the bank x lane grid (each half-warp asks one word of each bank),
// while unpadded scan-blelloch's two 4-byte stores at the same place are 2-way in every cell.
TEST(BankLaneGrid, AnEightByteAccessWithoutConflictIsNotPaintedTwoWay) {
  TraceRequest r;
  r.kernel = "scan-paper-listing2";
  r.type = ValueType::Float;
  r.n = 512;
  const Trace t = run_emulator(r);
  const WarpInstruction& v2 = t.steps[0].instructions.front();
  ASSERT_EQ(v2.width, 2);
  EXPECT_EQ(v2.wavefronts, 2);
  EXPECT_EQ(v2.conflicts, 0);
  const BankLaneGrid g = bank_lane_grid(t, t.steps[0], v2);
  EXPECT_EQ(g.issue, 16);  // served a half-warp at a time
  ASSERT_EQ(g.cells.size(), 64u);
  for (const BankLaneCell& c : g.cells) EXPECT_EQ(c.degree, 1) << "lane " << c.lane << " word " << c.word;
  r.kernel = "scan-blelloch";
  const Trace b = run_emulator(r);
  const WarpInstruction& st = b.steps[0].instructions.front();
  ASSERT_EQ(st.width, 1);
  EXPECT_EQ(st.degree, 2);
  for (const BankLaneCell& c : bank_lane_grid(b, b.steps[0], st).cells) EXPECT_EQ(c.degree, 2) << "lane " << c.lane;
}
