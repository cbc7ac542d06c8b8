// The preprocessor of kernel files (see preprocessor.h). Macro expansion follows the C standard's
// rescanning with hide sets: a macro is not expanded again inside its own expansion.
#include "engine/cuda/preprocessor.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <deque>

#include "engine/cuda/const_expr.h"
#include "engine/cuda/limits.h"

namespace scanscope::cuda {

std::string normalize_path(const std::string& path) {
  const bool absolute = !path.empty() && path[0] == '/';
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    std::string part = path.substr(i, j - i);
    if (part == "..") {
      if (!parts.empty() && parts.back() != "..") parts.pop_back();
      else if (!absolute) parts.push_back(part);
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    i = j + 1;
  }
  std::string out = absolute ? "/" : "";
  for (size_t k = 0; k < parts.size(); ++k) out += (k ? "/" : "") + parts[k];
  return out.empty() ? "." : out;
}

std::string SourceLocator::display_path(const std::string& disk_path) const {
  if (!project_root.empty()) {
    std::string root = normalize_path(project_root);
    if (disk_path.size() > root.size() && disk_path.compare(0, root.size(), root) == 0 && disk_path[root.size()] == '/')
      return disk_path.substr(root.size() + 1);
  }
  return disk_path;
}

namespace {

bool is_punct(const Token& t, const char* p) { return t.kind == Tok::Punct && t.text == p; }

bool same_tokens(const std::vector<Token>& a, const std::vector<Token>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].text != b[i].text || (i > 0 && a[i].space_before != b[i].space_before)) return false;
  return true;
}

class Pp {
 public:
  // `external`: macros defined elsewhere, only read (the host side's expansions); `budget`: the
  // tokens expansions may still produce, shared by a series of runs.
  Pp(SourceSet& files, const SourceLocator& loc, std::map<std::string, Macro>* external = nullptr, long long* budget = nullptr)
      : macros(external ? *external : defined_), files_(files), loc_(loc), budget_(budget ? budget : &own_budget_) {}

 private:
  std::map<std::string, Macro> defined_;

 public:
  std::map<std::string, Macro>& macros;
  std::map<int, LineComments> comments;
  std::vector<Token> out;
  std::vector<std::string> disk_paths;  // per file index
  std::string main_disk_path;
  int main_file = -1;
  std::vector<std::string> system_includes;  // <cooperative_groups.h>, as written

  void run_text(const std::string& display, const std::string& text) {
    bytes_ = static_cast<long long>(text.size());
    int f = files_.add(display, text);
    prelude_file_ = f;
    disk_paths.resize(files_.files.size());
    run_file(f, 0);
  }

  // Expands a token list with the current macros (no source behind it): the host's expressions,
  // #if lines, and a function-like macro's arguments (`at`: the macro's name there).
  std::vector<Token> expand_list(const std::vector<Token>& in, const Token* at = nullptr) {
    struct Nest {
      int& depth;
      ~Nest() { --depth; }
    } nest{++nesting_};
    if (at && nesting_ > kMaxMacroNesting) too_deep(*at);
    std::vector<Token> result;
    Expander ex(*this, nullptr, nullptr);
    for (const auto& t : in) ex.pending.push_back(t);
    ex.run(result);
    return result;
  }

 private:
  struct Cond {
    bool active = true;      // this branch is taken
    bool parent_active = true;
    bool taken = false;      // some branch of this #if was taken
    bool seen_else = false;
    Pos pos;
    std::string ifndef_name;  // `#ifndef NAME` (or `#if !defined NAME`) guarding this branch
  };

  int macro_id(const std::string& name) {
    auto it = ids_.find(name);
    if (it != ids_.end()) return it->second;
    int id = static_cast<int>(ids_.size());
    ids_[name] = id;
    return id;
  }

  // Pulls tokens from a pending queue, then from the source (up to the next directive line).
  struct Expander {
    Pp& pp;
    const std::vector<Token>* src;
    size_t* i;
    std::deque<Token> pending;
    Expander(Pp& p, const std::vector<Token>* s, size_t* idx) : pp(p), src(s), i(idx) {}

    bool source_available() const {
      if (!src) return false;
      const Token& t = (*src)[*i];
      return t.kind != Tok::End && !(t.bol && is_punct(t, "#"));
    }
    bool next(Token& t) {
      if (!pending.empty()) {
        t = std::move(pending.front());
        pending.pop_front();
        return true;
      }
      if (!source_available()) return false;
      t = (*src)[(*i)++];
      return true;
    }
    const Token* peek() {
      if (!pending.empty()) return &pending.front();
      if (!source_available()) return nullptr;
      return &(*src)[*i];
    }

    void run(std::vector<Token>& out) {
      Token t;
      while (next(t)) {
        if (t.kind == Tok::Ident) {
          auto it = pp.macros.find(t.text);
          if (it != pp.macros.end()) {
            const int id = pp.macro_id(t.text);
            if (std::find(t.hide.begin(), t.hide.end(), id) == t.hide.end()) {
              if (expand(t, it->second, id)) continue;
            }
          }
        }
        out.push_back(std::move(t));
      }
    }

    // Replaces the invocation of `m` that starts with `name` by its expansion (pushed back for
    // rescanning); false when a function-like macro's name is not followed by '('.
    bool expand(const Token& name, const Macro& m, int id) {
      if (static_cast<int>(name.hide.size()) >= kMaxMacroNesting) pp.too_deep(name);
      std::vector<int> hide = name.hide;
      hide.push_back(id);
      std::vector<Token> result;
      if (!m.function_like) {
        for (const auto& b : m.body) result.push_back(at_invocation(b, name, hide));
      } else {
        const Token* p = peek();
        if (!p || !is_punct(*p, "(")) return false;
        Token open;
        next(open);
        std::vector<std::vector<Token>> args(1);
        int depth = 0;
        Token t;
        while (true) {
          if (!next(t)) {
            if (src && (*src)[*i].kind != Tok::End)
              fail_at(pp.files_, (*src)[*i].pos, "a preprocessor directive inside the arguments of macro '" + m.name + "'");
            fail_at(pp.files_, name.pos, "macro '" + m.name + "': arguments not closed with ')'");
          }
          if (is_punct(t, "(")) ++depth;
          if (is_punct(t, ")")) {
            if (depth == 0) break;
            --depth;
          }
          if (is_punct(t, ",") && depth == 0) {
            args.emplace_back();
            continue;
          }
          args.back().push_back(t);
        }
        if (m.params.empty() && args.size() == 1 && args[0].empty()) args.clear();
        for (const auto& a : args) charge(a.size(), name);  // expanded on their own: held while nested macros expand
        if (args.size() != m.params.size())
          fail_at(pp.files_, name.pos, "macro '" + m.name + "' takes " + std::to_string(m.params.size()) + " argument" +
                                         (m.params.size() == 1 ? "" : "s") + ", given " + std::to_string(args.size()));
        std::vector<std::vector<Token>> expanded;
        for (auto& a : args) expanded.push_back(pp.expand_list(a, &name));
        for (const auto& b : m.body) {
          int k = -1;
          if (b.kind == Tok::Ident)
            for (size_t q = 0; q < m.params.size(); ++q)
              if (m.params[q] == b.text) k = static_cast<int>(q);
          if (k < 0) {
            result.push_back(at_invocation(b, name, hide));
            continue;
          }
          bool first = true;
          for (Token a : expanded[k]) {
            if (first) a.space_before = b.space_before;
            first = false;
            a.hide.push_back(id);
            result.push_back(std::move(a));
          }
        }
      }
      charge(result.size(), name);
      for (auto it = result.rbegin(); it != result.rend(); ++it) pending.push_front(std::move(*it));
      return true;
    }

    // Every token an expansion produces or collects counts against the budget: its time and memory.
    void charge(size_t tokens, const Token& name) {
      *pp.budget_ -= static_cast<long long>(tokens);
      if (*pp.budget_ < 0)
        fail_at(pp.files_, name.pos, "macro expansion comes to more than " + std::to_string(kMaxExpansion) + " tokens (at macro '" + name.text +
                                         "': a macro that uses another many times?)");
    }

    static Token at_invocation(const Token& body, const Token& name, const std::vector<int>& hide) {
      Token t = body;
      t.pos = name.pos;
      t.bol = false;
      t.hide = hide;
      for (int h : body.hide) t.hide.push_back(h);
      return t;
    }
  };

  bool active() const { return conds_.empty() || conds_.back().active; }

  void run_file(int file, int depth) {
    std::vector<Token> toks = lex(files_, file, &comments[file]);
    const size_t conds_at_start = conds_.size();
    size_t i = 0;
    while (toks[i].kind != Tok::End) {
      if (toks[i].bol && is_punct(toks[i], "#")) {
        directive(toks, i, file, depth);
        continue;
      }
      if (!active()) {
        ++i;
        while (toks[i].kind != Tok::End && !toks[i].bol) ++i;
        continue;
      }
      Expander ex(*this, &toks, &i);
      ex.run(out);
    }
    if (conds_.size() > conds_at_start)
      fail_at(files_, conds_.back().pos, "#if without #endif before the end of the file");
  }

  // The tokens of the directive line starting at toks[i] (the '#'); advances i past it.
  std::vector<Token> line_tokens(const std::vector<Token>& toks, size_t& i) {
    std::vector<Token> line;
    ++i;
    while (toks[i].kind != Tok::End && !toks[i].bol) line.push_back(toks[i++]);
    return line;
  }

  void directive(const std::vector<Token>& toks, size_t& i, int file, int depth) {
    const Pos hash = toks[i].pos;
    std::vector<Token> line = line_tokens(toks, i);
    if (line.empty()) return;  // the null directive
    const std::string name = line[0].text;
    auto need_name = [&](const char* what) -> const Token& {
      if (line.size() < 2 || line[1].kind != Tok::Ident) fail_at(files_, line[0].pos, std::string("#") + what + " needs a macro name");
      return line[1];
    };
    // Conditionals are tracked even inside skipped regions.
    if (name == "if" || name == "ifdef" || name == "ifndef") {
      Cond c;
      c.pos = hash;
      c.parent_active = active();
      if (!c.parent_active) {
        c.active = false;
        c.taken = true;
      } else if (name == "if") {
        c.active = eval_if(line, &c.ifndef_name);
        c.taken = c.active;
      } else {
        const Token& m = need_name(name.c_str());
        bool defined = macros.count(m.text) > 0;
        c.active = name == "ifdef" ? defined : !defined;
        c.taken = c.active;
        if (name == "ifndef") c.ifndef_name = m.text;
      }
      conds_.push_back(c);
      return;
    }
    if (name == "elif" || name == "else" || name == "endif") {
      if (conds_.empty()) fail_at(files_, line[0].pos, "#" + name + " without #if");
      Cond& c = conds_.back();
      if (name == "endif") {
        conds_.pop_back();
        return;
      }
      if (c.seen_else) fail_at(files_, line[0].pos, "#" + name + " after #else");
      c.ifndef_name.clear();
      if (name == "else") {
        c.seen_else = true;
        c.active = c.parent_active && !c.taken;
        c.taken = true;
      } else {
        c.active = c.parent_active && !c.taken && eval_if(line, nullptr);
        c.taken = c.taken || c.active;
      }
      return;
    }
    if (!active()) return;
    if (name == "define") return define(line, file);
    if (name == "undef") {
      macros.erase(need_name("undef").text);
      return;
    }
    if (name == "include") return include(line, file, depth);
    if (name == "pragma") {
      if (line.size() >= 2 && line[1].text == "once") once_.insert(disk_paths[file]);
      return;  // #pragma unroll and others: hints for nvcc, nothing to do here
    }
    if (name == "error") {
      std::string msg;
      for (size_t k = 1; k < line.size(); ++k) msg += (k > 1 && line[k].space_before ? " " : "") + line[k].text;
      fail_at(files_, line[0].pos, "#error " + msg);
    }
    fail_at(files_, line[0].pos, "#" + name + " is not supported (supported: #define, #undef, #include, #if, #ifdef, #ifndef, #elif, #else, #endif, #pragma, #error)");
  }

  bool eval_if(const std::vector<Token>& line, std::string* ifndef_name) {
    if (line.size() < 2) fail_at(files_, line[0].pos, "#" + line[0].text + " needs an expression");
    // `defined X` and `defined(X)` first, before macro expansion.
    std::vector<Token> toks;
    for (size_t k = 1; k < line.size(); ++k) {
      if (line[k].kind == Tok::Ident && line[k].text == "defined") {
        size_t j = k + 1;
        bool paren = j < line.size() && is_punct(line[j], "(");
        if (paren) ++j;
        if (j >= line.size() || line[j].kind != Tok::Ident) fail_at(files_, line[k].pos, "'defined' needs a macro name");
        Token v = line[k];
        v.kind = Tok::Number;
        v.text = macros.count(line[j].text) ? "1" : "0";
        if (ifndef_name && toks.size() == 1 && is_punct(toks[0], "!") && k + (paren ? 4 : 2) == line.size())
          *ifndef_name = line[j].text;  // #if !defined(NAME)
        toks.push_back(v);
        if (paren) {
          ++j;
          if (j >= line.size() || !is_punct(line[j], ")")) fail_at(files_, line[k].pos, "'defined(' without ')'");
        }
        k = j;
        continue;
      }
      toks.push_back(line[k]);
    }
    std::vector<Token> expanded = expand_list(toks);
    ConstEnv env;
    env.unknown_is_zero = true;
    return eval_const(files_, expanded, 0, expanded.size(), env) != 0;
  }

  void define(const std::vector<Token>& line, int file) {
    if (line.size() < 2 || line[1].kind != Tok::Ident) fail_at(files_, line[0].pos, "#define needs a macro name");
    Macro m;
    m.name = line[1].text;
    m.pos = line[1].pos;
    if (m.name == "defined") fail_at(files_, line[1].pos, "'defined' cannot be a macro name");
    size_t k = 2;
    if (k < line.size() && is_punct(line[k], "(") && !line[k].space_before) {
      m.function_like = true;
      ++k;
      if (k < line.size() && is_punct(line[k], ")")) {
        ++k;
      } else {
        while (true) {
          if (k >= line.size()) fail_at(files_, line[1].pos, "macro '" + m.name + "': parameter list not closed");
          if (is_punct(line[k], "...")) fail_at(files_, line[k].pos, "variadic macros are not supported");
          if (line[k].kind != Tok::Ident) fail_at(files_, line[k].pos, "macro '" + m.name + "': expected a parameter name");
          m.params.push_back(line[k].text);
          ++k;
          if (k < line.size() && is_punct(line[k], ")")) {
            ++k;
            break;
          }
          if (k >= line.size() || !is_punct(line[k], ",")) fail_at(files_, line[1].pos, "macro '" + m.name + "': expected ',' or ')'");
          ++k;
        }
      }
    }
    for (; k < line.size(); ++k) {
      if (is_punct(line[k], "#") || is_punct(line[k], "##"))
        fail_at(files_, line[k].pos, "'" + line[k].text + "' (stringizing and token pasting) is not supported in macros");
      m.body.push_back(line[k]);
    }
    if (!m.body.empty()) m.body[0].space_before = false;
    for (const auto& c : conds_)
      if (c.active && c.ifndef_name == m.name) m.guarded = true;
    auto it = macros.find(m.name);
    if (it != macros.end()) {
      const Macro& old = it->second;
      if (old.function_like != m.function_like || old.params != m.params || !same_tokens(old.body, m.body)) {
        const bool host = old.pos.file == prelude_file_;
        fail_at(files_, m.pos, "macro '" + m.name + "' redefined differently" +
                                   (host ? std::string(" (the command line sets it: put this definition under #ifndef ") + m.name + ")"
                                         : " (first defined at " + files_.where(old.pos) + ")"));
      }
      return;
    }
    (void)file;
    macros[m.name] = std::move(m);
  }

  // #include <NAME>: the headers whose declarations the interpreter knows. The CUDA runtime's own
  // (what nvcc includes anyway) declare nothing a kernel needs; cooperative groups are the
  // interpreter's own (engine/cuda/parser.cpp), and the GPU's text includes the toolkit's again.
  void system_include(const std::vector<Token>& line) {
    std::string name;
    for (size_t k = 2; k < line.size() && !is_punct(line[k], ">"); ++k) name += line[k].text;
    if (line.size() < 3 || !is_punct(line.back(), ">")) fail_at(files_, line[1].pos, "#include <...> is not closed with '>'");
    if (known_system_header(name)) return;
    fail_at(files_, line[1].pos, "#include <" + name + "> is not supported: kernel files know <cooperative_groups.h>, "
                                 "<cooperative_groups/reduce.h>, the CUDA runtime's headers and the C and C++ standard headers (as empty: printf is built in); "
                                 "use #include \"file\" for your own");
  }

  // Whether NAME is a system header the interpreter knows (cooperative groups are recorded for the
  // GPU's text, which includes them again).
  bool known_system_header(const std::string& name) {
    // <stdio.h>: printf, which kernel files know without it (and NVRTC has no stdio.h to include).
    static const char* const runtime[] = {"cuda_runtime.h", "cuda.h", "device_launch_parameters.h", "cuda_runtime_api.h",
                                          "stdio.h", "cstdio"};
    for (const char* r : runtime)
      if (name == r) return true;
    // The C and C++ standard headers that declare nothing a kernel file uses on the device (the
    // math functions are the interpreter's own; the GPU's text never includes them either).
    static const char* const standard[] = {"stdlib.h", "cstdlib", "assert.h", "cassert", "iostream", "string.h", "cstring", "math.h",
                                           "cmath", "stdint.h", "cstdint", "stddef.h", "cstddef", "limits.h", "climits", "float.h",
                                           "cfloat", "time.h", "ctime", "iomanip", "fstream", "sstream", "string", "vector",
                                           "algorithm", "cstdarg", "stdarg.h", "cuda_profiler_api.h"};
    for (const char* r : standard)
      if (name == r) return true;
    if (name == "cooperative_groups.h" || name == "cooperative_groups/reduce.h") {
      if (std::find(system_includes.begin(), system_includes.end(), name) == system_includes.end()) system_includes.push_back(name);
      return true;
    }
    return false;
  }

  void include(const std::vector<Token>& line, int file, int depth) {
    if (line.size() < 2) fail_at(files_, line[0].pos, "#include needs a file name");
    const Token& f = line[1];
    if (is_punct(f, "<")) return system_include(line);
    if (f.kind != Tok::String) fail_at(files_, f.pos, "#include needs a file name in quotes");
    const std::string name = f.text.substr(1, f.text.size() - 2);
    std::vector<std::string> candidates;
    // A kernel file's includes stay inside include_roots: a file outside is neither opened nor
    // looked for (an autograder's kernel must not read or probe the grading machine).
    const bool confined = file != prelude_file_ && !loc_.include_roots.empty();
    if (confined && !name.empty() && name[0] == '/')
      fail_at(files_, f.pos, "#include \"" + name + "\": an absolute path; a kernel file includes by relative paths, inside " + roots_text());
    if (!name.empty() && name[0] == '/') {
      candidates.push_back(normalize_path(name));
    } else {
      const std::string& from = disk_paths[file];
      const size_t slash = from.rfind('/');
      if (!from.empty()) candidates.push_back(normalize_path((slash == std::string::npos ? std::string(".") : from.substr(0, slash)) + "/" + name));
      for (const auto& d : loc_.include_dirs) candidates.push_back(normalize_path(d + "/" + name));
    }
    std::string text, why, path;
    bool found = false;
    if (confined) {
      std::vector<std::string> inside;
      for (const auto& c : candidates)
        if (under_roots(c, lexical_roots())) inside.push_back(c);
      if (inside.empty()) fail_at(files_, f.pos, "#include \"" + name + "\": outside " + roots_text());
      candidates = std::move(inside);
    }
    for (const auto& c : candidates) {
      auto ov = loc_.overrides.find(c);
      if (ov != loc_.overrides.end()) {
        text = ov->second;
        path = c;
        found = true;
        break;
      }
      struct stat st {};
      if (stat(c.c_str(), &st) == 0) {
        if (confined && !under_roots(real_path(c), real_roots()))
          fail_at(files_, f.pos, "#include \"" + name + "\": leads outside " + roots_text() + " (through a link)");
        if (!read_source_file(c, &text, &why)) fail_at(files_, f.pos, "#include \"" + name + "\": " + c + ": " + why);
        path = c;
        found = true;
        break;
      }
    }
    // As C's preprocessor does, a quoted name found nowhere is looked for as a system header:
    // `#include "cuda_runtime.h"` (Visual Studio's CUDA template writes it so) is <cuda_runtime.h>.
    if (!found && known_system_header(name)) return;
    if (!found) {
      std::string looked;
      for (const auto& c : candidates) looked += (looked.empty() ? "" : ", ") + c;
      fail_at(files_, f.pos, "#include \"" + name + "\": file not found (looked for " + looked + ")");
    }
    if (once_.count(path)) return;
    if (depth + 1 > kMaxIncludeDepth)
      fail_at(files_, f.pos, "#include \"" + name + "\": includes nested more than " + std::to_string(kMaxIncludeDepth) + " deep (a file including itself?)");
    if (static_cast<int>(files_.files.size()) >= kMaxFiles)
      fail_at(files_, f.pos, "#include \"" + name + "\": more than " + std::to_string(kMaxFiles) + " files in one program (a file including itself?)");
    bytes_ += static_cast<long long>(text.size());
    if (bytes_ > kMaxProgramBytes)
      fail_at(files_, f.pos, "#include \"" + name + "\": the program's files come to more than " + std::to_string(kMaxProgramBytes >> 20) + " MiB");
    const int index = files_.add(loc_.display_path(path), text);
    disk_paths.resize(files_.files.size());
    disk_paths[index] = path;
    if (path == main_disk_path && main_file < 0) main_file = index;
    run_file(index, depth + 1);
  }

  // The include roots as written (normalized) and with their links resolved, and in words.
  const std::vector<std::string>& lexical_roots() {
    if (lexical_roots_.empty())
      for (const auto& r : loc_.include_roots) lexical_roots_.push_back(normalize_path(r));
    return lexical_roots_;
  }
  const std::vector<std::string>& real_roots() {
    if (real_roots_.empty())
      for (const auto& r : loc_.include_roots) real_roots_.push_back(real_path(r));
    return real_roots_;
  }
  static std::string real_path(const std::string& p) {
    char* r = ::realpath(p.c_str(), nullptr);
    if (!r) return normalize_path(p);
    std::string out(r);
    std::free(r);
    return out;
  }
  static bool under_roots(const std::string& path, const std::vector<std::string>& roots) {
    for (const auto& r : roots)
      if (r == "/" || path == r || (path.size() > r.size() && path.compare(0, r.size(), r) == 0 && path[r.size()] == '/')) return true;
    return false;
  }
  std::string roots_text() const {
    std::string s;
    for (size_t i = 0; i < loc_.include_roots.size(); ++i)
      s += (i == 0 ? "" : i + 1 == loc_.include_roots.size() ? " and " : ", ") + loc_.display_path(normalize_path(loc_.include_roots[i])) + "/";
    return "the folders a kernel file may include from (" + s + "; trace and the window take --include-dir DIR for another)";
  }

  [[noreturn]] void too_deep(const Token& at) const {
    fail_at(files_, at.pos, "macro '" + at.text + "': macros nested more than " + std::to_string(kMaxMacroNesting) +
                                " deep (in each other's expansions or arguments)");
  }

  SourceSet& files_;
  const SourceLocator& loc_;
  long long own_budget_ = kMaxExpansion;
  long long* budget_;
  int nesting_ = 0;
  long long bytes_ = 0;
  std::vector<Cond> conds_;
  std::map<std::string, int> ids_;
  std::set<std::string> once_;
  int prelude_file_ = -1;
  std::vector<std::string> lexical_roots_, real_roots_;
};

}  // namespace

Preprocessed preprocess(SourceSet& files, const SourceLocator& where, const std::string& prelude, const std::string& main_disk_path) {
  Pp pp(files, where);
  pp.main_disk_path = normalize_path(main_disk_path);
  pp.run_text("<options>", prelude);
  Preprocessed r;
  r.tokens = std::move(pp.out);
  Token end;
  end.kind = Tok::End;
  end.pos = r.tokens.empty() ? Pos{} : r.tokens.back().pos;
  r.tokens.push_back(end);
  r.comments = std::move(pp.comments);
  r.macros = std::move(pp.macros);
  r.main_file = pp.main_file;
  r.system_includes = pp.system_includes;
  r.cooperative_groups = !pp.system_includes.empty();
  return r;
}

std::vector<Token> expand_tokens(const SourceSet& files, const std::map<std::string, Macro>& macros, const std::vector<Token>& in,
                                 long long* budget) {
  SourceSet& mutable_files = const_cast<SourceSet&>(files);  // expansion adds no files
  auto& read_only = const_cast<std::map<std::string, Macro>&>(macros);  // and defines no macros
  SourceLocator none;
  Pp pp(mutable_files, none, &read_only, budget);
  return pp.expand_list(in);
}

}  // namespace scanscope::cuda
