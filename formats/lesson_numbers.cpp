// The numbers of a lesson step's text and what they are (see lesson_numbers.h).
#include "formats/lesson_numbers.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <regex>
#include <set>

namespace scanscope {

namespace {

bool ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The word ending just before `end` (skipping blanks), lower-case.
std::string word_before(const std::string& s, size_t end) {
  size_t e = end;
  while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == ':')) --e;
  size_t b = e;
  while (b > 0 && std::isalpha(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string w = s.substr(b, e - b);
  std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
  return w;
}

}  // namespace

std::string blank_placeholders(std::string s) {
  for (size_t b = s.find('{'); b != std::string::npos; b = s.find('{', b + 1)) {
    const size_t e = s.find('}', b);
    if (e == std::string::npos) break;
    for (size_t i = b; i <= e; ++i) s[i] = '#';
  }
  return s;
}

std::vector<Written> written_numbers(const std::string& raw) {
  const std::string s = blank_placeholders(raw);
  std::vector<Written> out;
  const std::set<std::string> refs = {"listing", "listings", "figure", "figures", "algorithm", "algorithms",
                                      "table", "tables", "kernel", "kernels"};
  const std::set<std::string> seps = {"", ",", "and", "to", "or", "-", ", and"};
  size_t prev_end = std::string::npos;
  NumberKind prev_kind = NumberKind::Value;
  std::string prev_key;
  for (size_t i = 0; i < s.size();) {
    if (!std::isdigit(static_cast<unsigned char>(s[i])) || (i > 0 && (ident(s[i - 1]) || s[i - 1] == '.'))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
    if (j + 1 < s.size() && s[j] == '.' && std::isdigit(static_cast<unsigned char>(s[j + 1])))
      for (++j; j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]));) ++j;
    if (j < s.size() && ident(s[j])) {  // part of a name: G80, 2x2, log2 (its digits are skipped above)
      i = j;
      continue;
    }
    Written w;
    w.text = s.substr(i, j - i);
    w.value = std::stod(w.text);
    w.offset = i;
    const std::string before = word_before(s, i);
    std::string between = prev_end == std::string::npos ? "x" : s.substr(prev_end, i - prev_end);
    between.erase(std::remove(between.begin(), between.end(), ' '), between.end());
    const bool continues = prev_end != std::string::npos && seps.count(between) && prev_kind != NumberKind::Value && prev_kind != NumberKind::Formula;
    auto after = [&](const char* what) { return s.compare(j, std::strlen(what), what) == 0; };
    size_t k = i;
    while (k > 0 && s[k - 1] == ' ') --k;
    const char op_before = k > 0 ? s[k - 1] : ' ';
    size_t m = j;
    while (m < s.size() && s[m] == ' ') ++m;
    const char op_after = m < s.size() ? s[m] : ' ';
    auto letter_at = [&](size_t p) { return p < s.size() && std::isalpha(static_cast<unsigned char>(s[p])); };
    size_t kk = k > 0 ? k - 1 : 0;
    while (kk > 0 && s[kk - 1] == ' ') --kk;
    size_t mm = m + 1;
    while (mm < s.size() && s[mm] == ' ') ++mm;
    const bool formula = (std::strchr("*+-/^(", op_before) && op_before != ' ' && k > 1 && (letter_at(kk - 1) || s[kk - 1] == ')')) ||
                         (std::strchr("*+-/^(", op_after) && op_after != ' ' && letter_at(mm));
    if (before == "line" || before == "lines") w.kind = NumberKind::Line;
    else if (refs.count(before)) w.kind = NumberKind::Ref;
    else if (before == "stride" || before == "offset" || before == "offsets") w.kind = NumberKind::Label, w.label_key = before == "stride" ? "stride" : "offset";
    else if (s.compare(i >= 2 ? i - 2 : 0, 2, "d=") == 0) w.kind = NumberKind::Label, w.label_key = "d=";
    else if (std::regex_search(s.substr(i >= 4 ? i - 4 : 0, i >= 4 ? 4 : i), std::regex("h ?= ?$"))) w.kind = NumberKind::Label, w.label_key = "h=";
    else if (after("-way") || before == "degree" || before == "degrees") w.kind = NumberKind::Degree;
    else if (before == "bank") w.kind = NumberKind::Bank;
    else if (before == "lane" || before == "lanes") w.kind = NumberKind::Lane;
    else if (before == "bit" || before == "bits") w.kind = NumberKind::Bit;
    else if (before == "thread" || before == "threads") w.kind = NumberKind::Thread;
    else if (before == "cell" || before == "cells" || before == "element" || before == "elements" || (op_before == '[' && op_after == ']'))
      w.kind = NumberKind::Index;
    else if (after("-byte") || after(" bytes")) w.kind = NumberKind::Bytes;
    else if (after(" banks")) w.kind = NumberKind::Banks;
    else if (continues) w.kind = prev_kind, w.label_key = prev_key;
    else if (formula) w.kind = NumberKind::Formula;
    out.push_back(w);
    prev_end = j;
    prev_kind = w.kind;
    prev_key = w.label_key;
    i = j;
  }
  return out;
}

std::vector<std::string> number_tokens(const std::string& s) {
  // A run of digit groups joined by '.', '-', ':' or '/' with nothing between ("2026-11-24",
  // "3.0.1", "10:15", "0-19", "0..3", "12.2") is read as a whole first: a date, a time or a
  // version is no number of the screen's; a decimal is one number; a range's ends are two.
  auto digit = [&](size_t p) { return p < s.size() && std::isdigit(static_cast<unsigned char>(s[p])) != 0; };
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    if (!digit(i)) {
      ++i;
      continue;
    }
    const bool in_name = i > 0 && ident(s[i - 1]);  // G80, sm_90, log2, x86
    const bool decimal_tail = i > 0 && s[i - 1] == '.' && !(i > 1 && s[i - 2] == '.');  // .5: a decimal's tail
    // The groups and the marks between them.
    std::vector<std::pair<size_t, size_t>> groups;  // [begin, end)
    std::string joins;
    size_t j = i;
    for (;;) {
      const size_t b = j;
      while (digit(j)) ++j;
      groups.push_back({b, j});
      size_t k = j;
      if (k < s.size() && s[k] == '.' && k + 1 < s.size() && s[k + 1] == '.') ++k;  // 0..3: a range
      if (k < s.size() && s[k] != 0 && std::strchr(".-:/", s[k]) && digit(k + 1)) {
        joins += s[k];
        j = k + 1;
        continue;
      }
      break;
    }
    const bool name_after = j < s.size() && ident(s[j]);  // 2x2, 4th, 10us: the last group is part of a name
    const int n = static_cast<int>(groups.size());
    auto len = [&](int g) { return static_cast<int>(groups[g].second - groups[g].first); };
    auto single = [&](int g, char c) { return joins[g] == c && s[groups[g].second + 1] != '.'; };  // not "0..3"
    std::vector<bool> drop(n, in_name || decimal_tail);
    for (int g = 0; g + 1 < n; ++g)  // a time: 09:14, 10:15:30
      if (joins[g] == ':' && len(g + 1) == 2) drop[g] = drop[g + 1] = true;
    for (int g = 0; g + 2 < n; ++g)  // a date: 2026-11-24, 24/11/2026
      if (joins[g] == joins[g + 1] && (joins[g] == '-' || joins[g] == '/') && (len(g) == 4 || len(g + 2) == 4))
        drop[g] = drop[g + 1] = drop[g + 2] = true;
    for (int g = 0; g + 2 < n; ++g)  // a version: 3.0.1
      if (single(g, '.') && single(g + 1, '.')) drop[g] = drop[g + 1] = drop[g + 2] = true;
    if (name_after) drop[n - 1] = true;
    for (int g = 0; g < n; ++g) {
      if (g + 1 < n && single(g, '.')) {  // a decimal: one number
        if (!drop[g] && !drop[g + 1]) out.push_back(s.substr(groups[g].first, groups[g + 1].second - groups[g].first));
        ++g;
      } else if (!drop[g]) {
        out.push_back(s.substr(groups[g].first, groups[g].second - groups[g].first));
      }
    }
    while (j < s.size() && ident(s[j])) ++j;  // the rest of a name
    i = j;
  }
  return out;
}

}  // namespace scanscope
