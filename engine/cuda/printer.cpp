// Tokens back to text (see printer.h).
#include "engine/cuda/printer.h"

#include <algorithm>
#include <set>
#include <utility>

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

std::string fixed_width_typedefs(const std::vector<Token>& tokens) {
  // <cstdint>'s names as the toolkit's <cuda/std/cstdint> declares them under NVRTC (where
  // <cooperative_groups.h> brings them in: the same types, so that declaring them again is
  // allowed). NVRTC has size_t and ptrdiff_t built in.
  static const std::pair<const char*, const char*> kinds[] = {
      {"int8_t", "signed char"}, {"uint8_t", "unsigned char"}, {"int16_t", "short"},  {"uint16_t", "unsigned short"},
      {"int32_t", "int"},        {"uint32_t", "unsigned int"}, {"int64_t", "long long"}, {"uint64_t", "unsigned long long"}};
  std::set<std::string> used, declared;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != Tok::Ident) continue;
    used.insert(t.text);
    if (t.text == "typedef") {  // typedef ... NAME;  (the file's own, kept as it is)
      size_t k = i + 1;
      while (k < tokens.size() && tokens[k].kind != Tok::End && tokens[k].text != ";") ++k;
      if (k < tokens.size() && tokens[k].text == ";" && k > i + 1) declared.insert(tokens[k - 1].text);
    }
    if (t.text == "using" && i + 2 < tokens.size() && tokens[i + 2].text == "=") declared.insert(tokens[i + 1].text);
  }
  std::string out;
  for (const auto& [name, type] : kinds)
    if (used.count(name) && !declared.count(name)) out += std::string("typedef ") + type + " " + name + ";\n";
  return out;
}

std::string print_program(const SourceSet& files, const Preprocessed& pre, std::vector<TokenEdit> edits) {
  std::string out;
  for (const auto& h : pre.system_includes) out += "#include <" + h + ">\n";
  out += fixed_width_typedefs(pre.tokens);
  return out + print_tokens(files, pre.tokens, std::move(edits));
}

void drop_host_decls(const Program& program, std::vector<TokenEdit>* edits) {
  for (const auto& [first, last] : program.host_decls) edits->push_back({first, last - first + 1, ""});
}

}  // namespace scanscope::cuda
