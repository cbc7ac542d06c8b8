// The tokenizer of kernel files (see lexer.h).
#include "engine/cuda/lexer.h"

#include <cctype>
#include <cstring>

namespace scanscope::cuda {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

namespace {

const char* const kPuncts[] = {"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
                               "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", "##", "::"};

}  // namespace

int binary_precedence(const std::string& op) {
  if (op == "||") return 1;
  if (op == "&&") return 2;
  if (op == "|") return 3;
  if (op == "^") return 4;
  if (op == "&") return 5;
  if (op == "==" || op == "!=") return 6;
  if (op == "<" || op == ">" || op == "<=" || op == ">=") return 7;
  if (op == "<<" || op == ">>") return 8;
  if (op == "+" || op == "-") return 9;
  if (op == "*" || op == "/" || op == "%") return 10;
  return -1;
}

std::vector<Token> lex(const SourceSet& files, int file, LineComments* comments) {
  const std::string& s = files.files[file].text;
  std::vector<Token> out;
  size_t i = 0;
  int line = 1, col = 1;
  bool bol = true, space = false;
  auto advance = [&](size_t k) {
    for (size_t j = 0; j < k && i < s.size(); ++j, ++i) {
      if (s[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  };
  auto at = [&](size_t k) { return i + k < s.size() ? s[i + k] : '\0'; };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\\' && (at(1) == '\n' || (at(1) == '\r' && at(2) == '\n'))) {  // line splice
      advance(at(1) == '\r' ? 3 : 2);
      space = true;
      continue;
    }
    if (c == '\n') {
      advance(1);
      bol = true;
      space = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      advance(1);
      space = true;
      continue;
    }
    if (c == '/' && at(1) == '/') {
      size_t end = s.find('\n', i);
      if (end == std::string::npos) end = s.size();
      if (comments) (*comments)[line] = s.substr(i + 2, end - i - 2);
      advance(end - i);
      space = true;
      continue;
    }
    if (c == '/' && at(1) == '*') {
      Pos start{file, line, col};
      size_t end = s.find("*/", i + 2);
      if (end == std::string::npos) fail_at(files, start, "comment not closed (a '/*' without '*/')");
      advance(end + 2 - i);
      space = true;
      continue;
    }
    Token t;
    t.pos = Pos{file, line, col};
    t.bol = bol;
    t.space_before = space;
    bol = false;
    space = false;
    if (is_ident_start(c)) {
      size_t j = i;
      while (j < s.size() && is_ident_char(s[j])) ++j;
      t.kind = Tok::Ident;
      t.text = s.substr(i, j - i);
      advance(j - i);
    } else if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && std::isdigit(static_cast<unsigned char>(at(1))))) {
      // pp-number: digits, letters, '.', and a sign right after an exponent letter
      size_t j = i;
      while (j < s.size()) {
        char d = s[j];
        if (is_ident_char(d) || d == '.') {
          ++j;
        } else if ((d == '+' || d == '-') && j > i && (s[j - 1] == 'e' || s[j - 1] == 'E' || s[j - 1] == 'p' || s[j - 1] == 'P') &&
                   !(s[i] == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X') && (s[j - 1] == 'e' || s[j - 1] == 'E'))) {
          ++j;
        } else {
          break;
        }
      }
      t.kind = Tok::Number;
      t.text = s.substr(i, j - i);
      advance(j - i);
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      // an escape takes the next character, but never the line's end: a token is on one line
      while (j < s.size() && s[j] != c && s[j] != '\n') j += s[j] == '\\' && j + 1 < s.size() && s[j + 1] != '\n' ? 2 : 1;
      if (j >= s.size() || s[j] != c)
        fail_at(files, t.pos, c == '"' ? "string not closed on its line" : "character constant not closed on its line");
      t.kind = c == '"' ? Tok::String : Tok::Char;
      t.text = s.substr(i, j + 1 - i);
      advance(j + 1 - i);
    } else {
      t.kind = Tok::Punct;
      size_t len = 1;
      for (const char* p : kPuncts) {
        size_t n = std::strlen(p);
        if (s.compare(i, n, p) == 0) {
          len = n;
          break;
        }
      }
      if (len == 1 && !std::strchr("{}[]()<>;:,.?!~+-*/%&|^=#", c)) {
        std::string shown = (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126)
                                ? "byte " + std::to_string(static_cast<unsigned char>(c))
                                : std::string("'") + c + "'";
        fail_at(files, t.pos, "unexpected character " + shown);
      }
      t.text = s.substr(i, len);
      advance(len);
    }
    out.push_back(std::move(t));
  }
  Token end;
  end.kind = Tok::End;
  end.pos = Pos{file, line, col};
  end.bol = true;
  out.push_back(end);
  return out;
}

}  // namespace scanscope::cuda
