// Lessons cannot drift from their screen: every number a lesson step writes out (text, question,
// answer) is checked against the traces the step shows, or filled from them by a placeholder
// (formats/lesson.h), or listed under numbers-ok with its reason. The placeholders, and `at` past
// the last step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "engine/format.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/trace.h"
#include "formats/exercise.h"
#include "formats/lesson.h"
#include "formats/lesson_numbers.h"

using namespace scanscope;

namespace {

using Kind = NumberKind;

bool ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Runs of three or more numbers, bracketed ("[3 4 7 11]", "[1,3,5,7]") or blank-separated
// ("12 5 17 5"): each must be a run of one step's shared memory, the input, or the output.
struct Run {
  std::vector<double> values;
  std::string text;
  size_t offset = 0;
};
std::vector<Run> number_runs(const std::string& value) {
  std::vector<Run> out;
  const std::string raw = blank_placeholders(value);
  std::regex run(R"((\[)?(-?\d+(\.\d+)?)((,| |, )-?\d+(\.\d+)?){2,}(\])?)");
  for (auto it = std::sregex_iterator(raw.begin(), raw.end(), run); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const size_t at = static_cast<size_t>(m.position(0));
    if (at > 0 && (ident(raw[at - 1]) || raw[at - 1] == '.')) continue;
    Run r{{}, m.str(0), at};
    std::string body = m.str(0);
    for (char& c : body)
      if (c == '[' || c == ']' || c == ',') c = ' ';
    std::istringstream in(body);
    for (double v; in >> v;) r.values.push_back(v);
    out.push_back(r);
  }
  return out;
}

// A word, an 8- or 16-byte vector access; a warp's 32 words, or its 32 vectors.
const std::vector<double> kAccessBytes = {4, 8, 16, 128, 256, 512};

bool same(double written, const std::string& text, double v) {
  if (std::isnan(v)) return false;
  const size_t dot = text.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
  const double scale = std::pow(10.0, decimals);
  return std::fabs(std::round(v * scale) / scale - written) < 0.5 / scale;
}

// What a step shows, run: its trace, the comparison, and the kernels its text names (run with the
// step's options), each with the step the text speaks of.
struct Shown {
  Trace trace;
  int at = 0;
  std::vector<Trace> others;  // the comparison first, then the named kernels
};

// Threads that read two or more shared words and write one in a step: the ones that combine.
int combining(const Step& st) {
  std::map<int, std::pair<int, int>> rw;
  for (const auto& a : st.accesses) (a.op == kLoad ? rw[a.tid].first : rw[a.tid].second) += a.op == kLoad || a.op == kStore;
  int n = 0;
  for (const auto& [tid, c] : rw) n += c.first >= 2 && c.second >= 1;
  return n;
}

// "stride 4" -> {"stride", 4}; "up-sweep d=16" -> {"d=", 16}; "warp scan, h=2" -> {"h=", 2}.
std::vector<std::pair<std::string, int>> label_numbers(const std::string& label) {
  std::vector<std::pair<std::string, int>> out;
  std::regex re(R"((stride|offset|d=|h=)\s*(\d+))");
  for (auto it = std::sregex_iterator(label.begin(), label.end(), re); it != std::sregex_iterator(); ++it)
    out.emplace_back((*it)[1].str(), std::stoi((*it)[2].str()));
  return out;
}

// The trace steps a step's words name by their labels ("after d=4", "offset 2"), and the one shown.
std::set<int> named_steps(const Trace& t, int at, const std::vector<Written>& nums) {
  std::set<int> out = {at};
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    for (const auto& [key, v] : label_numbers(t.steps[k].label))
      for (const Written& w : nums)
        if (w.kind == Kind::Label && w.label_key == key && w.value == v) out.insert(k);
  return out;
}

void add_step(std::vector<double>& pool, const Trace& t, int k, size_t words) {
  if (k < 0 || k >= static_cast<int>(t.steps.size())) return;
  const Step& st = t.steps[k];
  for (size_t i = 0; i < std::min(words, st.smem.size()); ++i) pool.push_back(st.smem[i]);
  pool.insert(pool.end(), {double(k), double(st.active_threads), double(st.max_degree), double(st.hazards.size())});
  long long inst[2] = {0, 0}, wf[2] = {0, 0}, cf[2] = {0, 0};
  for (const auto& wi : st.instructions) {
    const int o = wi.op == kStore ? 1 : 0;
    ++inst[o], wf[o] += wi.wavefronts, cf[o] += wi.conflicts;
  }
  for (int o = 0; o < 2; ++o) pool.insert(pool.end(), {double(inst[o]), double(wf[o]), double(cf[o])});
  pool.insert(pool.end(), {double(inst[0] + inst[1]), double(wf[0] + wf[1]), double(cf[0] + cf[1])});
  for (const auto& h : st.hazards) pool.insert(pool.end(), {double(h.word), double(h.first_tid), double(h.second_tid)});
  for (const auto& [key, v] : label_numbers(st.label)) pool.push_back(v);
  std::smatch m;
  if (std::regex_search(st.label, m, std::regex(R"(line (\d+))"))) pool.push_back(std::stod(m[1].str()));
}

// The values a plain number may be: the trace's shape, values, totals, work and depth; the shown
// step's and its neighbours' (and the named steps') words and counts. Long arrays count by the
// first 16 words, as `lesson show` prints them.
std::vector<double> pool(const Trace& t, int at, const std::set<int>& named) {
  std::vector<double> p;
  const double n = t.n;
  p.insert(p.end(), {n, double(t.threads), double(t.banks), double(t.warp_issue), double(t.smem_words), double(t.bits), 32.0,
                     std::ceil(t.threads / 32.0), std::log2(n), n - 1, double(t.steps.size())});
  const size_t words = t.smem_words <= 64 ? 64 : 16;
  for (size_t i = 0; i < std::min(words, t.input.size()); ++i) p.push_back(t.input[i]);
  for (size_t i = 0; i < std::min(words, t.output.size()); ++i) p.push_back(t.output[i]);
  for (const OpTotals& o : {t.totals.ld, t.totals.st}) p.insert(p.end(), {double(o.inst), double(o.wavefronts), double(o.conflicts)});
  p.insert(p.end(), {double(t.totals.ld.inst + t.totals.st.inst), double(t.totals.ld.wavefronts + t.totals.st.wavefronts),
                     double(t.totals.ld.conflicts + t.totals.st.conflicts)});
  long long work = 0, depth = 0;
  std::map<Phase, int> phase_depth;
  for (const Step& st : t.steps) {
    const int c = combining(st);
    work += c, depth += c > 0;
    phase_depth[st.phase] += c > 0;
  }
  p.insert(p.end(), {double(work), double(depth)});
  for (const auto& [ph, d] : phase_depth) p.push_back(d);
  for (int k : {at - 1, at, at + 1}) add_step(p, t, k, words);
  for (int k : named) add_step(p, t, k, words);
  return p;
}

std::string unblanked(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

// The lines of a kernel file that a text may cite: where the trace has an access (its expression
// or statement), a barrier or a shuffle, or whose code the text quotes (seven characters or more,
// blanks aside: "2 * s * tid", "lane >= h").
std::set<int> citable_lines(const Trace& t, const std::string& file, const std::string& step_text) {
  const std::string quoted = unblanked(step_text);
  std::set<int> lines;
  for (int f = 0; f < static_cast<int>(t.files.size()); ++f) {
    if (t.files[f] != file) continue;
    for (const SourceSite& site : t.sites)
      if (site.file == f) {
        for (int l = site.line; l <= std::max(site.line, site.end_line); ++l) lines.insert(l);
        lines.insert(site.stmt_line);
      }
    std::istringstream in(t.file_texts[f]);
    std::string text;
    for (int l = 1; std::getline(in, text); ++l) {
      if (text.find("__syncthreads") != std::string::npos || text.find("__shfl") != std::string::npos) lines.insert(l);
      const std::string code = unblanked(text.substr(0, text.find("//")));
      for (size_t b = 0; b + 7 <= code.size() && !lines.count(l); ++b)
        if (quoted.find(code.substr(b, 7)) != std::string::npos) lines.insert(l);
    }
  }
  return lines;
}

// The kernel a text cites by path ("kernels/scan/scan-blelloch.cu") or by name (scan-blelloch).
std::vector<std::string> named_kernels(const std::string& text) {
  std::vector<std::string> out;
  std::regex re(R"([a-z0-9]+(-[a-z0-9]+)+)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
    const std::string id = it->str();
    if (find_kernel_file(id) && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

// Every problem with the numbers of one step: "FILE:LINE: 29 (answer): not a value of the trace".
// `trace`: the step's own trace when the caller has run it (run_emulator of its request), else run here.
std::vector<std::string> number_problems(const Lesson& l, const LessonStep& s, const Trace* trace = nullptr) {
  std::vector<std::string> problems;
  const std::string all = s.text + " " + s.question + " " + s.answer;
  std::set<std::string> allowed;
  for (const auto& [num, why] : s.numbers_ok) allowed.insert(num);
  const std::vector<Written> nums_all = written_numbers(all);
  if (!s.has_request) {  // a view: every number is allowed by name
    for (const Written& w : nums_all)
      if (w.kind != Kind::Ref && w.kind != Kind::Formula && !allowed.count(w.text))
        problems.push_back(l.file + ":" + std::to_string(s.line) + ": " + w.text + ": a view step has no trace; list it under numbers-ok");
    return problems;
  }
  Shown sh;
  sh.trace = trace ? *trace : run_emulator(s.request);
  sh.at = lesson_at(l, s, sh.trace);
  TraceRequest cr;
  if (lesson_compare_request(s, sh.trace, &cr)) sh.others.push_back(run_emulator(cr));
  for (const std::string& id : named_kernels(all)) {
    if (id == s.request.kernel) continue;
    TraceRequest r = s.request;
    r.kernel = id;
    r.defines.clear();
    r.threads = 0;
    if (!kernel_options(*find_kernel_file(id)).pad) r.pad = Pad::None;
    try {
      sh.others.push_back(run_emulator(r));
    } catch (const std::exception&) {  // a kernel named in passing that does not take these options
    }
  }
  std::vector<const Trace*> traces = {&sh.trace};
  for (const Trace& o : sh.others) traces.push_back(&o);

  std::vector<double> values, degrees, labels_any;
  std::map<std::string, std::set<int>> labels;  // "stride" -> {4, 2, 1}
  std::vector<std::set<int>> named;
  for (const Trace* t : traces) {
    const int at = std::min(sh.at, static_cast<int>(t->steps.size()) - 1);
    named.push_back(named_steps(*t, at, nums_all));
    const auto p = pool(*t, at, named.back());
    values.insert(values.end(), p.begin(), p.end());
    for (const Step& st : t->steps) {
      degrees.push_back(st.max_degree);
      for (const auto& wi : st.instructions) degrees.push_back(wi.degree);
      for (const auto& [key, v] : label_numbers(st.label)) labels[key].insert(v);
    }
  }
  // The step's exercise: its runs' sizes and banks ("checks your version on 256 and 1000 elements").
  if (!s.exercise.empty())
    for (const ExerciseRun& run : find_exercise(s.exercise, std::string(SCANSCOPE_SOURCE_DIR) + "/assets/exercises").runs)
      values.insert(values.end(), {double(run.request.n), double(run.request.input.size()), double(run.request.banks), double(run.request.threads)});
  const Trace& t = sh.trace;
  std::set<int> banks_hit;
  for (int k : named.front())
    for (const auto& a : t.steps[k].accesses)
      if (a.op != kShuffle) banks_hit.insert(a.word % t.banks);

  auto check_value = [&](const KeyEntry& e, const char* part) {
    for (const Written& w : written_numbers(e.value)) {
      const std::string where = l.file + ":" + std::to_string(e.line_at(w.offset)) + ": " + w.text + " (" + part + "): ";
      if (allowed.count(w.text) || w.kind == Kind::Ref || w.kind == Kind::Formula) continue;
      const double v = w.value;
      auto in = [&](const std::vector<double>& pool) {
        return std::any_of(pool.begin(), pool.end(), [&](double x) { return same(v, w.text, x); });
      };
      switch (w.kind) {
        case Kind::Line: {
          // The file cited: the next kernel path after the number, else the step's own kernel's.
          std::smatch m;
          const std::string rest = e.value.substr(w.offset);
          std::string file;
          if (std::regex_search(rest, m, std::regex(R"((kernels/[A-Za-z0-9_/.-]+\.cu))")) && m.position(0) < 80) file = m[1].str();
          bool ok = false;
          for (const Trace* tr : traces) {
            const std::string f = file.empty() ? tr->files.at(tr->main_file) : file;
            if (citable_lines(*tr, f, all).count(static_cast<int>(v))) ok = true;
            if (file.empty()) break;  // the step's own kernel
          }
          if (!ok) problems.push_back(where + "not a line of " + (file.empty() ? t.files.at(t.main_file) : file) + " with an access, a barrier, a shuffle or the code quoted");
          break;
        }
        case Kind::Label:
          if (!labels[w.label_key].count(static_cast<int>(v)))
            problems.push_back(where + "no step of the trace is labelled '" + w.label_key + (w.label_key.back() == '=' ? "" : " ") + w.text + "'");
          break;
        case Kind::Degree:
          if (!in(degrees)) problems.push_back(where + "no " + w.text + "-way conflict in the trace");
          break;
        case Kind::Bank:
          if (!banks_hit.count(static_cast<int>(v))) problems.push_back(where + "no access of the step shown falls into bank " + w.text);
          break;
        case Kind::Lane:
          if (v >= 32) problems.push_back(where + "a warp has lanes 0 to 31");
          break;
        case Kind::Bit:
          if (v >= 32) problems.push_back(where + "a key has bits 0 to 31");
          break;
        case Kind::Thread:
          if (v > t.threads) problems.push_back(where + "the block has " + std::to_string(t.threads) + " threads");
          break;
        case Kind::Index:
          if (v >= std::max<double>(t.smem_words, t.n)) problems.push_back(where + "past the " + std::to_string(t.smem_words) + " words");
          break;
        case Kind::Bytes:
          if (!in(kAccessBytes)) problems.push_back(where + "not a word, vector or warp access size");
          break;
        case Kind::Banks:
          if (v != 16 && v != 32) problems.push_back(where + "the bank model has 16 or 32 banks");
          break;
        default:
          if (!in(values)) problems.push_back(where + "not a value of the trace (or of its shown, adjacent or named steps)");
      }
    }
    // Runs of values: one step's words in order, the input, or the output (at the last step only).
    const std::vector<Written> nums = written_numbers(e.value);
    for (const Run& r : number_runs(e.value)) {
      // A run of labels ("offsets 16, 8, 4"), degrees, lines or references: checked number by number.
      const auto first = std::find_if(nums.begin(), nums.end(), [&](const Written& w) { return w.offset >= r.offset; });
      if (first != nums.end() && first->kind != Kind::Value) continue;
      bool ok = false;
      auto contains = [&](const std::vector<double>& words) {
        if (words.size() < r.values.size()) return false;
        for (size_t b = 0; b + r.values.size() <= words.size() && !ok; ++b)
          ok = std::equal(r.values.begin(), r.values.end(), words.begin() + b);
        return ok;
      };
      for (size_t ti = 0; ti < traces.size() && !ok; ++ti) {
        const Trace& tr = *traces[ti];
        for (int k : named[ti]) contains(tr.steps[k].smem);
        contains(tr.input);
        if (sh.at == static_cast<int>(tr.steps.size()) - 1) contains(tr.output);
      }
      bool listed = std::all_of(r.values.begin(), r.values.end(), [&](double v) {
        std::ostringstream o;
        o << v;
        return allowed.count(o.str()) > 0;
      });
      if (!ok && !listed)
        problems.push_back(l.file + ":" + std::to_string(e.line_at(e.value.find(r.text))) + ": " + r.text + " (" + part +
                           "): not the words of the step shown or of a step the text names, nor the input, nor the output shown at the last step");
    }
  };
  check_value(s.text_at, "text");
  check_value(s.question_at, "question");
  check_value(s.answer_at, "answer");
  return problems;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += s + "\n";
  return out;
}

std::vector<std::string> problems_of(const std::string& lesson_text) {
  const Lesson l = parse_lesson(lesson_text, "t.lesson");
  std::vector<std::string> out;
  for (const LessonStep& s : l.steps)
    for (const auto& p : number_problems(l, s)) out.push_back(p);
  return out;
}

}  // namespace

// Every lesson file in assets/lessons loads (each step's kernel resolved as the file is read), every
// step's kernel traces and has the trace step it points at, and every number of every step is its
// traces' (number_problems). One test, so that each step is traced once for both checks.
TEST(Lessons, EveryLessonLoadsAndEveryStepTracesAndQuotesItsTraces) {
  const auto lessons = load_lessons(std::string(SCANSCOPE_SOURCE_DIR) + "/assets/lessons");
  ASSERT_GE(lessons.size(), 11u);
  std::set<std::string> names;
  int steps = 0;
  for (const Lesson& l : lessons) {
    EXPECT_TRUE(names.insert(l.name).second) << "two lessons named " << l.name;
    for (const LessonStep& s : l.steps) {
      ++steps;
      EXPECT_FALSE(s.text.empty()) << l.file << ":" << s.line;
      if (!s.has_request) {
        const auto problems = number_problems(l, s);
        EXPECT_TRUE(problems.empty()) << joined(problems);
        continue;
      }
      const Trace t = run_emulator(s.request);
      int at = s.at < 0 ? static_cast<int>(t.steps.size()) - 1 : s.at;
      EXPECT_LT(at, static_cast<int>(t.steps.size())) << l.file << ":" << s.line << ": at " << s.at;
      std::string why;
      bool ok = check_output(t, &why);
      const KernelFile* k = find_kernel_file(s.request.kernel);
      ASSERT_NE(k, nullptr) << l.file << ":" << s.line;
      const bool meant_wrong = !wrong_by_design(*k, s.request).empty();
      if (k->family == KernelFamily::Listings)  // a listing as printed: its erratum may or may not change the output
        EXPECT_TRUE(ok || meant_wrong) << l.file << ":" << s.line << ": " << why;
      else
        EXPECT_EQ(ok, !meant_wrong) << l.file << ":" << s.line << ": " << why;
      const auto problems = number_problems(l, s, &t);
      EXPECT_TRUE(problems.empty()) << joined(problems);
    }
  }
  EXPECT_GE(steps, 40);
  for (const char* topic : {"reduction-tree", "divergence", "bank-conflicts", "warp-shuffle", "hillis-steele-vs-blelloch",
                            "padding", "large-arrays", "float-order", "applications", "race", "non-commutative"})
    EXPECT_TRUE(names.count(topic)) << topic;
}

// The numbers a screen's text is searched for are whole tokens: a date, a time or a version holds
// none (a quoted 24 is not found in "2026-11-24", nor 0 in "CUB 3.0.1"); a decimal is one number,
// a range's ends are two, a number in a name is none.
TEST(LessonNumbers, ScreenTokensAreWholeNumbersNotDatesOrVersions) {
  const std::pair<const char*, const char*> cases[] = {
      {"measured 2026-11-24 on an H200", ""},   // a date
      {"2026-11-27 09:14 UTC, CUB 3.0.1", ""},  // a date, a time, a version
      {"24/11/2026", ""},
      {"10:15-10:21 UTC", ""},
      {"v1.2.3 and 1.2.3", ""},
      {"24 sectors", "24"},
      {"x 12.2 GB/s, 1.5x", "12.2"},  // 1.5x: part of a name
      {"lanes 0-5 of 32, banks 0-19", "0 5 32 0 19"},
      {"smem[0..3] = [2 4]", "0 3 2 4"},
      {"trace 4/20: 4-way, 2^28", "4 20 4 2 28"},
      {"G80 sm_90 log2 2x2 t0 100%", "100"},
      {"warp 3: 141", "3 141"},
      {"1.0 .5 -7", "1.0 7"},  // .5: a decimal's tail, not a 5
  };
  for (const auto& [text, want] : cases) {
    std::string got;
    for (const std::string& n : number_tokens(text)) got += (got.empty() ? "" : " ") + n;
    EXPECT_EQ(got, want) << text;
  }
}

// The check catches what issue 13 found on screen: the texts as they were.
TEST(LessonNumbers, CatchesTheWrongTextsOfIssue13) {
  const std::string head = "lesson: x\ntitle: X\n";
  // reduction-tree, step 1: the reduction problem's numbers for another input.
  auto p = problems_of(head + "step: s\nkernel: reduce-sequential\ninput: 2,4,6,8,1,3,5,7\nat: 1\n" +
                       "text: Threads 0 to 3 each add the element 4 places ahead.\n" +
                       "question: What will the first two cells hold after the next level (stride 2)?\n" +
                       "answer: Cell 0 = 12 + 17 = 29 and cell 1 = 5 + 5 = 10 (after stride 4 the cells hold 12 5 17 5).\n");
  const std::string all = joined(p);
  for (const char* n : {": 12 (answer)", ": 17 (answer)", ": 29 (answer)", ": 12 5 17 5 (answer)"}) EXPECT_NE(all.find(n), std::string::npos) << n << "\n" << all;
  EXPECT_EQ(all.find(": 3 (answer)"), std::string::npos) << all;
  // padding, step 2: 2-way conflicts start at up-sweep d=16, not "stride 64".
  p = problems_of(head + "step: s\nkernel: scan-blelloch\nn: 512\nbanks: 16\npad: harris\nat: 5\n" +
                  "text: At the deep levels (stride 64 and more) the padding words themselves line up again: 2-way\n  conflicts remain.\n");
  ASSERT_EQ(p.size(), 1u) << joined(p);
  EXPECT_NE(p[0].find("t.lesson:9: 64 (text): no step of the trace is labelled 'stride 64'"), std::string::npos) << p[0];
  // hillis-steele-vs-blelloch: n log n is not the kernel's count of additions.
  p = problems_of(head + "step: s\nkernel: scan-hillis-steele\nn: 1024\nscan: exclusive\nat: last\ncompare-kernel: scan-blelloch\n" +
                  "text: At n = 1024, Hillis-Steele does about n log n = 10240 additions in 10 steps; Blelloch does\n  2046 in 20 steps.\n");
  ASSERT_EQ(p.size(), 1u) << joined(p);
  EXPECT_NE(p[0].find("t.lesson:9: 10240 (text): not a value"), std::string::npos) << p[0];
  // hillis-steele-vs-blelloch, the down-sweep: the final scan written beside an intermediate step.
  p = problems_of(head + "step: s\nkernel: scan-blelloch\ninput: 3,1,7,0,4,1,6,3\nat: 6\n" +
                  "text: The zero travels to the front:\n  [0 3 4 11 11 15 16 22], the exclusive scan.\n");
  ASSERT_EQ(p.size(), 1u) << joined(p);
  EXPECT_NE(p[0].find("t.lesson:8: [0 3 4 11 11 15 16 22] (text): not the words of the step shown"), std::string::npos) << p[0];
  // ... which is right where the step that text names is shown, or where it says which step.
  EXPECT_TRUE(problems_of(head + "step: s\nkernel: scan-blelloch\ninput: 3,1,7,0,4,1,6,3\nat: last\n" +
                          "text: The zero travels to the front: [0 3 4 11 11 15 16 22], the exclusive scan.\n").empty());
  EXPECT_TRUE(problems_of(head + "step: s\nkernel: scan-blelloch\ninput: 3,1,7,0,4,1,6,3\nat: 6\n" +
                          "text: The zero travels to the front: [0 3 4 11 11 15 16 22] after d=4.\n").empty());
  // A wrong line, degree, bank; a view's bare number; numbers-ok lets a listed one through.
  p = problems_of(head + "step: s\nkernel: reduce-sequential\ninput: 2,4,6,8,1,3,5,7\nat: 1\n" +
                  "text: Line 12 of kernels/reduce/reduce-sequential.cu adds; 8-way in bank 9. Figure 001 says 1.5 x.\n" +
                  "step: v\nview: timing\ntext: 27.6 us on the H200.\n");
  const std::string bad = joined(p);
  EXPECT_NE(bad.find(": 12 (text): not a line of kernels/reduce/reduce-sequential.cu with an access"), std::string::npos) << bad;
  EXPECT_NE(bad.find(": 8 (text): no 8-way conflict"), std::string::npos) << bad;
  EXPECT_NE(bad.find(": 9 (text): no access of the step shown falls into bank 9"), std::string::npos) << bad;
  EXPECT_NE(bad.find(": 1.5 (text): not a value"), std::string::npos) << bad;
  EXPECT_NE(bad.find(": 27.6: a view step has no trace"), std::string::npos) << bad;
  EXPECT_EQ(bad.find(": 001"), std::string::npos) << bad;  // a figure's number is a reference
  EXPECT_TRUE(problems_of(head + "step: v\nview: timing\ntext: 27.6 us on the H200.\nnumbers-ok: 27.6 (the H200 recording's atomics at 10^6)\n").empty());
  // Line 37 is the stride loop's addition: right.
  EXPECT_TRUE(problems_of(head + "step: s\nkernel: reduce-sequential\ninput: 2,4,6,8,1,3,5,7\nat: 1\n" +
                          "text: Line 37 of kernels/reduce/reduce-sequential.cu adds, 4 at a time: 3 7 11 15.\n").empty());
}

// Placeholders: filled from the step's trace (and its comparison); the unknown ones refused at
// their line when the lesson loads; an index past the trace, when the step runs.
TEST(LessonPlaceholders, FilledFromTheStepsTraces) {
  const std::string head = "lesson: x\ntitle: X\n";
  const Lesson l = parse_lesson(head + "step: a\nkernel: reduce-sequential\ninput: 2,4,6,8,1,3,5,7\nat: 1\n" +
                                    "text: {label}: {smem[0..3]}, then {next.smem[0]} and {next.smem[1]};\n" +
                                    "  {active} active of {threads}, n = {n}, {steps} steps, sum {output}, first {input[0]}\n" +
                                    "question: before? {prev.smem[0..1]} ({prev.label}, step {prev.step})\n" +
                                    "answer: {work} additions in {depth} levels; {ld.inst} loads, {st.inst} stores, {degree}-way; last {last.label}\n" +
                                    "step: b\nkernel: scan-blelloch\nn: 512\nbanks: 16\npad: harris\ncompare-pad: none\nat: 4\n" +
                                    "text: {compare.ld.conflicts} -> {ld.conflicts}; {compare.degree}-way -> {degree}-way; {inst} inst {wavefronts} wf {conflicts} c\n",
                                "ok.lesson");
  const Trace t = run_emulator(l.steps[0].request);
  FilledStep f = fill_lesson_step(l, l.steps[0], {&t, 0, nullptr});
  EXPECT_EQ(f.text, "stride 4: 3 7 11 15, then 14 and 22; 4 active of 8, n = 8, 5 steps, sum 36, first 2");
  EXPECT_EQ(f.question, "before? 2 4 (load, step 0)");
  EXPECT_EQ(f.answer, "7 additions in 3 levels; 7 loads, 4 stores, 1-way; last write result");
  const Trace h = run_emulator(l.steps[1].request);
  TraceRequest cr;
  ASSERT_TRUE(lesson_compare_request(l.steps[1], h, &cr));
  const Trace none = run_emulator(cr);
  f = fill_lesson_step(l, l.steps[1], {&h, 0, &none});
  EXPECT_EQ(f.text, "652 -> 20; 16-way -> 1-way; 3 inst 6 wf 0 c");  // one warp, issued as two half-warps
  // Without its comparison, a compare. placeholder cannot be filled.
  try {
    fill_lesson_step(l, l.steps[1], {&h, 0, nullptr});
    ADD_FAILURE() << "filled without the comparison";
  } catch (const LessonError& e) {
    EXPECT_STREQ(e.what(), "ok.lesson:18: {compare.ld.conflicts}: the step compares nothing (compare-pad, compare-kernel)");
  }
}

// The global traffic in bytes per element (32 x sectors / n), as the traffic panel writes it: the
// single-pass scan at n = 8192 loads 1038 sectors and stores 1054; beside it, the three passes'.
TEST(LessonPlaceholders, GlobalBytesPerElement) {
  const Lesson l = parse_lesson(std::string("lesson: x\ntitle: X\nstep: a\nkernel: scan-decoupled-lookback\nn: 8192\n") +
                                    "compare-kernel: scan-reduce-then-scan-staged\n" +
                                    "text: {global.ld.sectors} {global.st.sectors}: {global.ld.bytes_per_element} + {global.st.bytes_per_element} = " +
                                    "{global.bytes_per_element}; {compare.global.bytes_per_element}\n",
                                "bytes.lesson");
  const FilledStep f = run_lesson_step(l, l.steps[0], nullptr);
  EXPECT_EQ(f.text, "1038 1054: 4.1 + 4.1 = 8.2; 12.2");
}

TEST(LessonPlaceholders, UnknownOrPastTheTraceNameFileAndLine) {
  const std::string head = "lesson: x\ntitle: X\n";
  auto error = [](const std::string& text) {
    try {
      parse_lesson(text, "bad.lesson");
    } catch (const LessonError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string step = "step: a\nkernel: reduce-sequential\ninput: 2,4,6,8\n";
  // On the continuation line where it is written.
  EXPECT_EQ(error(head + step + "text: one\n  two {smem[0]} {conflict}\n").substr(0, 47), "bad.lesson:7: unknown placeholder {conflict} (k");
  EXPECT_EQ(error(head + step + "text: t\nanswer: {smem[1..0]}\nquestion: q\n"), "bad.lesson:7: {smem[1..0]}: 1..0 runs backwards");
  EXPECT_EQ(error(head + step + "text: {smem[x]}\n"), "bad.lesson:6: {smem[x]}: the index must be a whole number, or i..j");
  EXPECT_EQ(error(head + step + "text: {n[0]}\n"), "bad.lesson:6: {n[0]}: expected NAME[i] or NAME[i..j] (smem, input, output)");
  EXPECT_EQ(error(head + step + "text: {next.n}\n"), "bad.lesson:6: {next.n}: next. picks a trace step, and n is the whole trace's");
  EXPECT_EQ(error(head + step + "text: a { b\n"), "bad.lesson:6: a '{' without its '}'");
  EXPECT_EQ(error(head + step + "text: a } b\n"), "bad.lesson:6: a '}' without its '{'");
  EXPECT_EQ(error(head + "step: a\nview: timing\ntext: {n}\n"), "bad.lesson:5: a placeholder needs a kernel in the same step: n");
  EXPECT_EQ(error(head + step + "text: 7 of them\nnumbers-ok: 7\n"), "bad.lesson:7: numbers-ok: expected NUMBER... (reason); ..., not '7'");
  EXPECT_EQ(error(head + step + "text: 7 of them\nnumbers-ok: 8 (eight)\n"),
            "bad.lesson:7: numbers-ok: 8 is not written in the step's text, question or answer");
  // Past the trace: when the step runs.
  const Lesson l = parse_lesson(head + step + "text: {smem[9]}\nstep: b\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: 3\ntext: {next.smem[0]}\n" +
                                    "step: c\nkernel: reduce-sequential\ninput: 2,4,6,8\ntext: {output[1]}\n",
                                "past.lesson");
  const char* expected[] = {"past.lesson:6: {smem[9]}: shared memory has 4 values, 0 to 3",
                            "past.lesson:11: {next.smem[0]}: next step 4 is not in the trace (steps 0 to 3)",
                            "past.lesson:15: {output[1]}: the output has 1 values, 0 to 0"};
  for (int k = 0; k < 3; ++k) {
    Lesson one = l;
    one.steps = {l.steps[k]};
    try {
      check_lesson_runs(one);
      ADD_FAILURE() << "step " << k << " filled";
    } catch (const LessonError& e) {
      EXPECT_STREQ(e.what(), expected[k]);
    }
  }
}

// `at: 99999`: refused, naming the file, the line of `at` and the trace's steps; never the last
// step shown in its place.
TEST(LessonPlaceholders, AtPastTheLastStepIsAnError) {
  const Lesson l = parse_lesson("lesson: x\ntitle: X\nstep: a\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: 99999\ntext: t\n", "far.lesson");
  const Trace t = run_emulator(l.steps[0].request);
  const std::string expected = "far.lesson:6: at: 99999 is past the last step: reduce-sequential n=4 sum/int has 4 steps, 0 to 3 (or 'last')";
  try {
    lesson_at(l, l.steps[0], t);
    ADD_FAILURE() << "at 99999 accepted";
  } catch (const LessonError& e) {
    EXPECT_EQ(e.what(), expected);
  }
  try {
    check_lesson_runs(l);
    ADD_FAILURE() << "at 99999 accepted";
  } catch (const LessonError& e) {
    EXPECT_EQ(e.what(), expected);
  }
  Lesson last = l;
  last.steps[0].at = 3;
  EXPECT_EQ(lesson_at(last, last.steps[0], t), 3);
  last.steps[0].at = -1;
  EXPECT_EQ(lesson_at(last, last.steps[0], t), 3);
}
