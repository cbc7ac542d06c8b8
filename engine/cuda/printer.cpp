// Tokens back to text (see printer.h).
#include "engine/cuda/printer.h"

#include <algorithm>

namespace scanscope::cuda {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string print_tokens(const SourceSet& files, const std::vector<Token>& tokens, std::vector<TokenEdit> edits) {
  std::sort(edits.begin(), edits.end(), [](const TokenEdit& a, const TokenEdit& b) { return a.at < b.at; });
  std::string out;
  int file = -2, line = 0, col = 1;
  size_t e = 0;
  auto emit = [&](const Token& t, const std::string& text) {
    if (t.pos.file != file || t.pos.line < line || t.pos.line > line + 8) {
      if (!out.empty()) out += "\n";
      if (t.pos.file >= 0) out += "#line " + std::to_string(t.pos.line) + " " + quoted(files.files[t.pos.file].path) + "\n";
      file = t.pos.file;
      line = t.pos.line;
      col = 1;
    }
    while (line < t.pos.line) {
      out += "\n";
      ++line;
      col = 1;
    }
    if (col < t.pos.col) {
      out.append(static_cast<size_t>(t.pos.col - col), ' ');
      col = t.pos.col;
    } else if (col > t.pos.col && col > 1) {
      out += ' ';
      ++col;
    }
    out += text;
    col += static_cast<int>(text.size());
  };
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    while (e < edits.size() && edits[e].at == i && edits[e].count == 0) emit(t, edits[e++].text);
    if (e < edits.size() && edits[e].at == i) {
      emit(t, edits[e].text);
      i += edits[e].count - 1;
      ++e;
      continue;
    }
    if (t.kind == Tok::End) break;
    emit(t, t.text);
  }
  out += "\n";
  return out;
}

std::string print_program(const SourceSet& files, const Preprocessed& pre, std::vector<TokenEdit> edits) {
  std::string out;
  for (const auto& h : pre.system_includes) out += "#include <" + h + ">\n";
  return out + print_tokens(files, pre.tokens, std::move(edits));
}

void drop_host_decls(const Program& program, std::vector<TokenEdit>* edits) {
  for (const auto& [first, last] : program.host_decls) edits->push_back({first, last - first + 1, ""});
}

}  // namespace scanscope::cuda
