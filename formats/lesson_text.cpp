// Lesson text from the trace: the placeholders of formats/lesson.h, found when a lesson loads
// (an unknown one is an error at its line) and filled when a step opens; the step's `at`, checked
// against the trace's steps.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "engine/bank_model.h"
#include "engine/format.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/trace.h"
#include "engine/validation_plan.h"
#include "formats/lesson.h"

namespace scanscope {

namespace {

// Names of the whole trace, and of one trace step (these take prev. next. first. last.).
const std::set<std::string> kTraceNames = {"n", "threads", "banks", "steps", "input", "output", "ld.inst", "ld.wavefronts",
                                           "ld.conflicts", "st.inst", "st.wavefronts", "st.conflicts", "work", "depth",
                                           "launches", "global.ld.requests", "global.ld.sectors", "global.st.requests", "global.st.sectors",
                                           "global.ld.bytes_per_element", "global.st.bytes_per_element", "global.bytes_per_element"};
const std::set<std::string> kStepNames = {"step", "label", "smem", "active", "degree", "inst", "wavefronts", "conflicts",
                                          "launch", "block", "requests", "sectors"};
const std::set<std::string> kIndexed = {"smem", "input", "output"};  // may take [i] or [i..j]
const std::set<std::string> kSteps = {"prev", "next", "first", "last"};

// One placeholder, taken apart: "compare.next.smem[0..3]".
struct Parsed {
  bool compare = false;
  std::string which;  // "", prev, next, last
  std::string name;
  bool indexed = false;
  long lo = 0, hi = 0;
};

bool whole(const std::string& s, long* v) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return false;
  *v = std::atol(s.c_str());
  return true;
}

// Returns "" when `inside` is a placeholder of the vocabulary, else what is wrong with it.
std::string parse(const std::string& inside, Parsed* p) {
  std::string rest = inside;
  auto take = [&](const std::string& prefix) {
    if (rest.compare(0, prefix.size() + 1, prefix + ".") != 0) return false;
    rest.erase(0, prefix.size() + 1);
    return true;
  };
  p->compare = take("compare");
  for (const auto& w : kSteps)
    if (take(w)) p->which = w;
  const size_t br = rest.find('[');
  p->name = rest.substr(0, br);
  const bool step_name = kStepNames.count(p->name) > 0;
  if (!step_name && !kTraceNames.count(p->name))
    return "unknown placeholder {" + inside + "} (known: " + join_names(kTraceNames) + ", " + join_names(kStepNames) +
           "; prefixes compare. prev. next. first. last.)";
  if (!p->which.empty() && !step_name) return "{" + inside + "}: " + p->which + ". picks a trace step, and " + p->name + " is the whole trace's";
  if (br == std::string::npos) return "";
  if (!kIndexed.count(p->name) || rest.back() != ']') return "{" + inside + "}: expected NAME[i] or NAME[i..j] (smem, input, output)";
  const std::string idx = rest.substr(br + 1, rest.size() - br - 2);
  const size_t dots = idx.find("..");
  p->indexed = true;
  if (dots == std::string::npos ? !whole(idx, &p->lo) : !whole(idx.substr(0, dots), &p->lo) || !whole(idx.substr(dots + 2), &p->hi))
    return "{" + inside + "}: the index must be a whole number, or i..j";
  if (dots == std::string::npos) p->hi = p->lo;
  if (p->hi < p->lo) return "{" + inside + "}: " + std::to_string(p->lo) + ".." + std::to_string(p->hi) + " runs backwards";
  return "";
}

std::string number(long long v) { return std::to_string(v); }

std::string values(const std::vector<double>& v, const Parsed& p, Operator op, const std::string& what) {
  long lo = 0, hi = static_cast<long>(v.size()) - 1;
  if (p.indexed) {
    if (p.hi >= static_cast<long>(v.size()))
      throw std::out_of_range(what + " has " + std::to_string(v.size()) + " values, 0 to " + std::to_string(static_cast<long>(v.size()) - 1));
    lo = p.lo, hi = p.hi;
  }
  std::string out;
  for (long i = lo; i <= hi; ++i) out += (out.empty() ? "" : " ") + format_value(v[i], op);
  return out;
}

// Threads that read two or more shared words and write one in a step: the ones that combine
// (a tree's additions; a down-sweep's swap-and-add; not a copy, not the final write-out).
int combining(const Step& st) {
  std::map<int, std::pair<int, int>> rw;
  for (const auto& a : st.accesses) (a.op == kLoad ? rw[a.tid].first : rw[a.tid].second) += a.op == kLoad || a.op == kStore;
  int n = 0;
  for (const auto& [tid, c] : rw) n += c.first >= 2 && c.second >= 1;
  return n;
}

std::string value_of(const Parsed& p, const Trace& t, int at) {
  if (p.name == "n") return number(t.n);
  if (p.name == "threads") return number(t.threads);
  if (p.name == "banks") return number(t.banks);
  if (p.name == "steps") return number(static_cast<long long>(t.steps.size()));
  if (p.name == "input") return values(t.input, p, t.op, "the input");
  if (p.name == "output") return values(t.output, p, t.op, "the output");
  if (p.name == "ld.inst") return number(t.totals.ld.inst);
  if (p.name == "ld.wavefronts") return number(t.totals.ld.wavefronts);
  if (p.name == "ld.conflicts") return number(t.totals.ld.conflicts);
  if (p.name == "st.inst") return number(t.totals.st.inst);
  if (p.name == "st.wavefronts") return number(t.totals.st.wavefronts);
  if (p.name == "st.conflicts") return number(t.totals.st.conflicts);
  if (p.name == "launches") return number(std::max<long long>(1, static_cast<long long>(t.launches.size())));
  if (p.name == "global.ld.requests") return number(t.totals.global.ld.requests);
  if (p.name == "global.ld.sectors") return number(t.totals.global.ld.sectors);
  if (p.name == "global.st.requests") return number(t.totals.global.st.requests);
  if (p.name == "global.st.sectors") return number(t.totals.global.st.sectors);
  if (p.name == "global.ld.bytes_per_element") return bytes_per_element_text(bytes_per_element(t.totals.global.ld.sectors, t.n));
  if (p.name == "global.st.bytes_per_element") return bytes_per_element_text(bytes_per_element(t.totals.global.st.sectors, t.n));
  if (p.name == "global.bytes_per_element")
    return bytes_per_element_text(bytes_per_element(t.totals.global.ld.sectors + t.totals.global.st.sectors, t.n));
  if (p.name == "work" || p.name == "depth") {
    const TraceWork w = trace_work(t);
    return number(p.name == "work" ? w.additions : w.steps);
  }
  const int last = static_cast<int>(t.steps.size()) - 1;
  const int k = p.which == "prev" ? at - 1 : p.which == "next" ? at + 1 : p.which == "first" ? 0 : p.which == "last" ? last : at;
  if (k < 0 || k > last)
    throw std::out_of_range((p.which.empty() ? "step " : p.which + " step ") + std::to_string(k) + " is not in the trace (steps 0 to " +
                            std::to_string(last) + ")");
  const Step& st = t.steps[k];
  if (p.name == "step") return number(k);
  if (p.name == "label") return st.label;
  if (p.name == "smem") return values(st.smem, p, t.op, "shared memory");
  if (p.name == "active") return number(st.active_threads);
  if (p.name == "degree") return number(st.max_degree);
  if (p.name == "launch") return number(st.launch + 1);  // counted from 1, as the transport bar shows it
  if (p.name == "block") return number(st.block);
  if (p.name == "requests") return number(st.global_totals.ld.requests + st.global_totals.st.requests);
  if (p.name == "sectors") return number(st.global_totals.ld.sectors + st.global_totals.st.sectors);
  long long inst = 0, wavefronts = 0, conflicts = 0;
  for (const auto& wi : st.instructions) ++inst, wavefronts += wi.wavefronts, conflicts += wi.conflicts;
  if (p.name == "inst") return number(inst);
  if (p.name == "wavefronts") return number(wavefronts);
  return number(conflicts);
}

// `budget`: the characters placeholders may still fill in (kMaxLessonFilledChars for a lesson),
// counted as each is filled.
std::string fill(const KeyEntry& e, const Lesson& l, const LessonTraces& tr, long long* budget) {
  std::string out;
  size_t from = 0;
  for (const Placeholder& ph : find_placeholders(e)) {
    out += e.value.substr(from, ph.offset - from);
    from = ph.offset + ph.length;
    Parsed p;
    parse(ph.name, &p);
    const std::string where = l.file + ":" + std::to_string(e.line_at(ph.offset)) + ": {" + ph.name + "}: ";
    const Trace* t = p.compare ? tr.compare : tr.trace;
    if (!t) throw LessonError(where + (p.compare ? "the step compares nothing (compare-pad, compare-kernel)" : "the step has no trace"));
    try {
      const std::string v = value_of(p, *t, tr.at);
      *budget -= static_cast<long long>(v.size());
      if (*budget < 0)
        throw LessonError(where + "the lesson's placeholders fill in more than " + std::to_string(kMaxLessonFilledChars) +
                          " characters (all steps together)");
      out += v;
    } catch (const std::out_of_range& err) {
      throw LessonError(where + err.what());
    }
  }
  return out + e.value.substr(std::min(from, e.value.size()));
}

}  // namespace

std::vector<Placeholder> find_placeholders(const KeyEntry& e) {
  std::vector<Placeholder> out;
  const std::string& v = e.value;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '}') throw KeyFileError(e.line_at(i), "a '}' without its '{'");
    if (v[i] != '{') continue;
    const size_t close = v.find_first_of("{}", i + 1);
    if (close == std::string::npos || v[close] != '}') throw KeyFileError(e.line_at(i), "a '{' without its '}'");
    Placeholder ph{i, close - i + 1, v.substr(i + 1, close - i - 1)};
    Parsed p;
    const std::string why = parse(ph.name, &p);
    if (!why.empty()) throw KeyFileError(e.line_at(i), why);
    out.push_back(ph);
    i = close;
  }
  return out;
}

int lesson_at(const Lesson& l, const LessonStep& s, const Trace& t) {
  const int count = static_cast<int>(t.steps.size());
  if (count == 0) throw LessonError(l.file + ":" + std::to_string(s.line) + ": " + describe(s.request) + " traced no steps");
  if (s.at < count) return s.at < 0 ? count - 1 : s.at;
  throw LessonError(l.file + ":" + std::to_string(s.at_line) + ": at: " + std::to_string(s.at) + " is past the last step: " +
                    describe(s.request) + " has " + std::to_string(count) + " steps, 0 to " + std::to_string(count - 1) + " (or 'last')");
}

bool lesson_compare_request(const LessonStep& s, const Trace& t, TraceRequest* out) {
  if (s.compare_pad.empty() && s.compare_kernel.empty()) return false;
  TraceRequest r = s.request;
  r.input = t.input;
  r.n = t.n;
  *out = partner_request(r, s.compare_kernel, s.compare_pad, "compare-kernel", "compare-pad");
  return true;
}

FilledStep fill_lesson_step(const Lesson& l, const LessonStep& s, const LessonTraces& traces, long long* budget) {
  long long own = kMaxLessonFilledChars;
  if (!budget) budget = &own;
  LessonTraces tr = traces;
  if (tr.trace) tr.at = lesson_at(l, s, *tr.trace);
  FilledStep f;
  f.text = fill(s.text_at, l, tr, budget);
  f.question = fill(s.question_at, l, tr, budget);
  f.answer = fill(s.answer_at, l, tr, budget);
  return f;
}

namespace {
// Counts a trace's instructions against the lesson's budget: past it, the lesson is refused at the
// step whose trace went over (each trace is bounded by its own budget, so a lesson's run ends
// within one trace's worth of its own).
void spend(const Lesson& l, const LessonStep& s, const Trace& t, LessonBudget* budget) {
  budget->instructions -= t.work;
  if (budget->instructions < 0)
    throw LessonError(l.file + ":" + std::to_string(s.line) + ": the lesson's traces run more than " +
                      std::to_string(budget->instruction_limit) +
                      " interpreter instructions together (all steps; smaller n or fewer steps)");
}
}  // namespace

FilledStep run_lesson_step(const Lesson& l, const LessonStep& s, Trace* trace, LessonBudget* budget, const ResolvedKernel* resolved) {
  LessonBudget own;
  if (!budget) budget = &own;
  if (!s.has_request) return fill_lesson_step(l, s, {}, &budget->chars);
  Trace t = resolved ? run_emulator(*resolved) : run_emulator(resolve_lesson_step(l, s));
  spend(l, s, t, budget);
  TraceRequest cr;
  Trace c;
  const bool compares = lesson_compare_request(s, t, &cr);
  if (compares) {
    c = run_emulator(cr);
    spend(l, s, c, budget);
  }
  FilledStep f = fill_lesson_step(l, s, {&t, 0, compares ? &c : nullptr}, &budget->chars);
  if (trace) *trace = std::move(t);
  return f;
}

void check_lesson_runs(const Lesson& l, LessonBudget budget) {  // all steps together
  for (const LessonStep& s : l.steps) run_lesson_step(l, s, nullptr, &budget);
}

TraceWork trace_work(const Trace& t) {
  TraceWork w;
  for (const Step& st : t.steps) {
    const int c = combining(st);
    w.additions += c;
    w.steps += c > 0;
  }
  return w;
}

}  // namespace scanscope
