// Tokens of CUDA C source, with the position of every token and the text of every `//` comment.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/cuda/source.h"

namespace scanscope::cuda {

enum class Tok : unsigned char { Ident, Number, String, Char, Punct, End };

struct Token {
  Tok kind = Tok::End;
  std::string text;
  Pos pos;
  bool bol = false;           // first token of a line (after an unescaped newline)
  bool space_before = false;  // white space or a comment before it (for printing tokens back)
  // Macro expansion: the names of the macros this token came out of (so a macro is not expanded
  // again inside its own expansion).
  std::vector<int> hide;
};

// The `//` comments of a file, by line: the text after the slashes.
using LineComments = std::map<int, std::string>;

// Splits the text of file `file` into tokens; comments become white space and line comments
// are collected. Throws CudaError for an unterminated comment, string or character, a name longer
// than kMaxNameChars, and a text that is not one (text_problem).
std::vector<Token> lex(const SourceSet& files, int file, LineComments* comments);

// What makes `text` no kernel text (a control character other than a tab or a line break, bytes
// that are not UTF-8), with *line and *col of the first such byte; "" when it is text.
std::string text_problem(const std::string& text, int* line, int* col);

// C's precedence of a binary operator (10: * / %, down to 1: ||); -1 when op is none.
int binary_precedence(const std::string& op);

// The value of a character constant's token ('a', '\n', '\0', '\x41', '\101'): its one byte as
// a char (signed, as on the GPU: '\xff' is -1). False for anything else (a wide or multi-character
// constant, an unknown escape), with *why saying what.
bool char_constant_value(const std::string& text, int* value, std::string* why);

bool is_ident_start(char c);
bool is_ident_char(char c);

}  // namespace scanscope::cuda
