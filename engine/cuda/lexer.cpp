// The tokenizer of kernel files (see lexer.h).
#include "engine/cuda/lexer.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "engine/cuda/limits.h"

namespace scanscope::cuda {

bool char_constant_value(const std::string& text, int* value, std::string* why) {
  if (text.size() < 3 || text.front() != '\'' || text.back() != '\'') {
    *why = "a character constant is one character in single quotes";
    return false;
  }
  const std::string body = text.substr(1, text.size() - 2);
  unsigned v = 0;
  size_t used = 0;
  if (body[0] != '\\') {
    v = static_cast<unsigned char>(body[0]);
    used = 1;
    if (v >= 0x80) {
      *why = "a character constant of more than one byte (write its value)";
      return false;
    }
  } else if (body.size() >= 2) {
    const char e = body[1];
    used = 2;
    switch (e) {
      case 'n': v = '\n'; break;
      case 't': v = '\t'; break;
      case 'r': v = '\r'; break;
      case 'a': v = '\a'; break;
      case 'b': v = '\b'; break;
      case 'f': v = '\f'; break;
      case 'v': v = '\v'; break;
      case '\\': case '\'': case '"': case '?': v = static_cast<unsigned char>(e); break;
      case 'x': {
        used = 2;
        while (used < body.size() && std::isxdigit(static_cast<unsigned char>(body[used])) && used < 4) {
          const char h = body[used++];
          v = v * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : std::tolower(h) - 'a' + 10);
        }
        if (used == 2) {
          *why = "'\\x' needs hexadecimal digits";
          return false;
        }
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          used = 1;
          while (used < body.size() && used < 4 && body[used] >= '0' && body[used] <= '7') v = v * 8 + static_cast<unsigned>(body[used++] - '0');
          if (v > 255) {
            *why = "an octal escape above \\377";
            return false;
          }
          break;
        }
        *why = std::string("the escape '\\") + e + "' is not one C++ knows";
        return false;
    }
  }
  if (used != body.size()) {
    *why = "a character constant of more than one character";
    return false;
  }
  *value = static_cast<signed char>(static_cast<unsigned char>(v));
  return true;
}

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

std::string text_problem(const std::string& text, int* line, int* col) {
  int l = 1, c = 1;
  for (size_t i = 0; i < text.size();) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    size_t len = 1;
    if (b == '\n') {
      ++l;
      c = 1;
      ++i;
      continue;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", b);
    if ((b < 0x20 && b != '\t' && b != '\r') || b == 0x7f) {
      *line = l;
      *col = c;
      return std::string("a control character (byte ") + hex + "): a kernel file is text";
    }
    if (b >= 0x80) {  // UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past U+10FFFF
      unsigned char lo = 0x80, hi = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) len = 2;
      else if (b >= 0xe0 && b <= 0xef) len = 3, lo = b == 0xe0 ? 0xa0 : 0x80, hi = b == 0xed ? 0x9f : 0xbf;
      else if (b >= 0xf0 && b <= 0xf4) len = 4, lo = b == 0xf0 ? 0x90 : 0x80, hi = b == 0xf4 ? 0x8f : 0xbf;
      bool ok = len > 1 && i + len <= text.size();
      for (size_t k = 1; ok && k < len; ++k) {
        const unsigned char n = static_cast<unsigned char>(text[i + k]);
        ok = k == 1 ? n >= lo && n <= hi : n >= 0x80 && n <= 0xbf;
      }
      if (!ok) {
        *line = l;
        *col = c;
        return std::string("byte ") + hex + " is not UTF-8: a kernel file is UTF-8 text";
      }
    }
    i += len;
    c += static_cast<int>(len);
  }
  return "";
}

std::vector<Token> lex(const SourceSet& files, int file, LineComments* comments) {
  const std::string& s = files.files[file].text;
  {
    int line = 0, col = 0;
    const std::string problem = text_problem(s, &line, &col);
    if (!problem.empty()) fail_at(files, Pos{file, line, col}, problem);
  }
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
      if (j - i > static_cast<size_t>(kMaxNameChars))
        fail_at(files, t.pos, "a name of " + std::to_string(j - i) + " characters (at most " + std::to_string(kMaxNameChars) + ")");
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
