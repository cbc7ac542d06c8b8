// The reducer (see reducer.h).
#include "tools/gen/reducer.h"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace scanscope::gen {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string join(const std::vector<std::string>& lines, const std::vector<bool>& alive) {
  std::string s;
  for (size_t i = 0; i < lines.size(); ++i)
    if (alive[i]) s += lines[i] + "\n";
  return s;
}

std::string trimmed(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The code part of a line: without a // comment (the kernels' comments never hold braces that count).
std::string code_of(const std::string& s) {
  const size_t c = s.find("//");
  return trimmed(c == std::string::npos ? s : s.substr(0, c));
}

struct Reducer {
  std::vector<std::string> lines;
  std::vector<bool> alive;
  const std::function<bool(const std::string&)>& keeps;
  int max_tests;
  ReduceStats st;

  bool budget() const { return st.tests < max_tests; }

  // Try with the lines [first, last] (alive ones) of `drop` removed; keep the removal if it holds.
  bool try_remove(const std::vector<size_t>& drop) {
    if (drop.empty() || !budget()) return false;
    std::vector<bool> cand = alive;
    bool any = false;
    for (size_t i : drop)
      if (cand[i]) cand[i] = false, any = true;
    if (!any) return false;
    ++st.tests;
    if (!keeps(join(lines, cand))) return false;
    alive = cand;
    return true;
  }

  // The alive line that closes the block opened on line i (its code ends in '{'), or -1.
  long matching_close(size_t i) const {
    int depth = 0;
    for (size_t k = i; k < lines.size(); ++k) {
      if (!alive[k]) continue;
      for (char c : code_of(lines[k])) {
        if (c == '{') ++depth;
        if (c == '}' && --depth == 0) return static_cast<long>(k);
      }
      if (depth <= 0 && k > i) return -1;
    }
    return -1;
  }

  bool block_pass() {
    bool changed = false;
    for (size_t i = lines.size(); i-- > 0;) {
      if (!alive[i] || !budget()) continue;
      const std::string c = code_of(lines[i]);
      if (c.empty() || c.back() != '{') continue;
      const long j = matching_close(i);
      if (j < 0) continue;
      std::vector<size_t> whole;
      for (size_t k = i; k <= static_cast<size_t>(j); ++k) whole.push_back(k);
      if (try_remove(whole)) {
        changed = true;
        continue;
      }
      // Unwrap: the opening and closing lines only, when the closer is a lone '}'.
      if (code_of(lines[j]) == "}" && try_remove({i, static_cast<size_t>(j)})) changed = true;
    }
    return changed;
  }

  bool ddmin_pass() {
    bool changed = false;
    std::vector<size_t> idx;
    for (size_t i = 0; i < lines.size(); ++i)
      if (alive[i]) idx.push_back(i);
    for (size_t chunk = std::max<size_t>(1, idx.size() / 2); chunk >= 1 && budget(); chunk /= 2) {
      idx.clear();
      for (size_t i = 0; i < lines.size(); ++i)
        if (alive[i]) idx.push_back(i);
      for (size_t start = 0; start < idx.size() && budget(); start += chunk) {
        std::vector<size_t> drop(idx.begin() + start, idx.begin() + std::min(idx.size(), start + chunk));
        if (try_remove(drop)) changed = true;
      }
      if (chunk == 1) break;
    }
    return changed;
  }
};

int count_lines(const std::vector<std::string>& lines, const std::vector<bool>& alive) {
  int n = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (alive[i] && !trimmed(lines[i]).empty()) ++n;
  return n;
}

}  // namespace

std::string reduce_lines(const std::string& text, const std::function<bool(const std::string&)>& keeps, int max_tests,
                         ReduceStats* stats) {
  Reducer r{split_lines(text), {}, keeps, max_tests, {}};
  r.alive.assign(r.lines.size(), true);
  r.st.lines_before = count_lines(r.lines, r.alive);
  ++r.st.tests;
  if (!keeps(text)) throw std::runtime_error("the property does not hold for the file as given: nothing to reduce");
  // Blank lines first, all at once.
  std::vector<size_t> blank;
  for (size_t i = 0; i < r.lines.size(); ++i)
    if (trimmed(r.lines[i]).empty()) blank.push_back(i);
  r.try_remove(blank);
  for (bool changed = true; changed && r.budget();) {
    changed = r.block_pass();
    changed = r.ddmin_pass() || changed;
  }
  r.st.lines_after = count_lines(r.lines, r.alive);
  r.st.budget_spent = !r.budget();
  if (stats) *stats = r.st;
  return join(r.lines, r.alive);
}

bool command_keeps(const std::string& command, const std::string& candidate_path, const std::string& text) {
  {
    std::ofstream f(candidate_path, std::ios::binary | std::ios::trunc);
    if (!f) throw std::runtime_error("cannot write " + candidate_path);
    f << text;
    if (!f.flush()) throw std::runtime_error("cannot write " + candidate_path);
  }
  const std::string quoted = "'" + candidate_path + "'";  // a scratch path of our own: no quotes in it
  std::string cmd;
  size_t at = 0, hole;
  bool placed = false;
  while ((hole = command.find("{}", at)) != std::string::npos) {
    cmd += command.substr(at, hole - at) + quoted;
    at = hole + 2;
    placed = true;
  }
  cmd += command.substr(at);
  if (!placed) cmd += " " + quoted;
  const int rc = std::system(cmd.c_str());
  return rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0;
}

}  // namespace scanscope::gen
