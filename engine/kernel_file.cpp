// Kernel files: header lines, the catalogue under kernels/, builds and their cache.
#include "engine/kernel_file.h"
#include "engine/caches.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <unistd.h>
#include <list>
#include <mutex>

#include "engine/assets.h"
#include "engine/catalogue.h"
#include "engine/cuda/limits.h"
#include "engine/cuda/parser.h"
#include "engine/sources.h"

namespace scanscope {

namespace {

const char* const kHeaderKeys[] = {"title", "from", "about", "note", "launch", "out", "check", "require", "types", "ops", "broken", "reorders", "array", "schedule", "init"};

[[noreturn]] void header_error(const std::string& path, int line, const std::string& m) {
  cuda::Pos p{-1, line, 1};
  throw cuda::CudaError(path + ":" + std::to_string(line) + ": " + m, p, m);
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The words of a types: or ops: value (separated by blanks or commas), each parsed by `parse`.
template <class T, class Parse>
std::vector<T> parse_words(const std::string& value, Parse parse, const char* key, const std::vector<std::string>& known,
                           const std::string& path, int line) {
  std::vector<T> out;
  size_t i = 0;
  while ((i = value.find_first_not_of(" ,", i)) != std::string::npos) {
    const size_t j = std::min(value.find_first_of(" ,", i), value.size());
    const std::string w = value.substr(i, j - i);
    if (!parse(w, &out.emplace_back()))
      header_error(path, line, std::string("unknown ") + key + " '" + w + "' (known: " + name_list(known) + ")");
    i = j;
  }
  return out;
}

}  // namespace

KernelHeader parse_kernel_header(const std::string& text, const std::string& path) {
  KernelHeader h;
  std::string* last = nullptr;  // the value a continuation line extends
  std::string types, ops;
  std::map<std::string, int> key_line;  // where each key first stands
  int line_no = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    const size_t lead = line.find_first_not_of(" \t");
    if (lead == std::string::npos || line.compare(lead, 2, "//") != 0) {
      last = nullptr;
      if (end == text.size()) break;
      continue;
    }
    const std::string body = line.substr(lead + 2);
    if (last && body.size() > 3 && body.compare(0, 3, "   ") == 0) {  // a continuation
      *last += " " + trim(body);
      continue;
    }
    last = nullptr;
    const std::string b = trim(body);
    const size_t colon = b.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = b.substr(0, colon);
    bool known = false;
    for (const char* k : kHeaderKeys) known = known || key == k;
    if (!known) continue;
    const std::string value = trim(b.substr(colon + 1));
    const int value_col = static_cast<int>(lead + 2 + body.find(value.empty() ? ":" : value) + 1);
    key_line.emplace(key, line_no);
    std::string* field = nullptr;
    if (key == "title") field = &h.title;
    else if (key == "from") field = &h.from;
    else if (key == "about") field = &h.about;
    else if (key == "note") field = &h.note;
    else if (key == "check") field = &h.check;
    else if (key == "types") field = &types;
    else if (key == "ops") field = &ops;
    else if (key == "broken") field = &h.broken;
    else if (key == "reorders") field = &h.reorders;
    else if (key == "schedule") field = &h.schedule;
    else if (key == "launch") {
      if (h.launches.size() >= cuda::kMaxLaunches)
        header_error(path, line_no, "more than " + std::to_string(cuda::kMaxLaunches) + " launch lines");
      h.launches.push_back({value, line_no, value_col});
      last = &h.launches.back().value;
      continue;
    } else if (key == "array") {
      if (h.arrays.size() >= cuda::kMaxDeclaredArrays)
        header_error(path, line_no, "more than " + std::to_string(cuda::kMaxDeclaredArrays) + " array lines");
      h.arrays.push_back({value, line_no, value_col});
      last = &h.arrays.back().value;
      continue;
    } else if (key == "init") {
      if (h.inits.size() >= cuda::kMaxInitLines)
        header_error(path, line_no, "more than " + std::to_string(cuda::kMaxInitLines) + " init lines");
      h.inits.push_back({value, line_no, value_col});
      last = &h.inits.back().value;
      continue;
    } else if (key == "out") {
      field = &h.out;
      h.out_line = line_no;
      h.out_col = value_col;
    } else if (key == "require") {
      const size_t sep = value.find(" : ");
      if (sep == std::string::npos) header_error(path, line_no, "a require line is `// require: EXPRESSION : message`");
      h.requires.push_back({trim(value.substr(0, sep)), trim(value.substr(sep + 3)), line_no});
      continue;
    }
    if (!field->empty()) *field += " ";
    *field += value;
    last = field;
  }
  if (!h.check.empty()) {
    bool ok = false;
    for (const auto& c : check_names()) ok = ok || h.check == c;
    if (!ok) header_error(path, key_line["check"], "unknown check '" + h.check + "' (" + name_list(check_names()) + ")");
  }
  if (!h.launches.empty()) {
    h.launch = h.launches[0].value;
    h.launch_line = h.launches[0].line;
    h.launch_col = h.launches[0].col;
  }
  h.types = parse_words<ValueType>(types, parse_value_type, "type", type_names(), path, key_line["types"]);
  h.ops = parse_words<Operator>(ops, parse_operator, "operator", operator_names(), path, key_line["ops"]);
  return h;
}

std::string project_root() { return data_dir(); }

std::string kernel_dir() {
  if (const char* env = std::getenv("SCANSCOPE_KERNEL_DIR"); env && *env) return env;
  return project_root() + "/kernels";
}

namespace {

struct Catalogue {
  std::vector<KernelFile> files;
  std::vector<std::string> problems;
};

const Catalogue& catalogue_files() {
  static const Catalogue cat = [] {
    Catalogue c;
    const std::string dir = kernel_dir();
    cuda::SourceLocator loc;
    loc.project_root = project_root();
    for (const KernelFamilyInfo& family : kernel_families()) {
      const std::string fdir = dir + "/" + family.folder;
      DIR* d = opendir(fdir.c_str());
      if (!d) continue;
      std::vector<std::string> names;
      while (dirent* e = readdir(d)) {
        std::string n = e->d_name;
        if (n.size() > 3 && n.compare(n.size() - 3, 3, ".cu") == 0) names.push_back(n);
      }
      closedir(d);
      std::sort(names.begin(), names.end());
      for (const auto& n : names) {
        KernelFile k;
        k.id = n.substr(0, n.size() - 3);
        k.family = family.family;
        k.path = cuda::normalize_path(fdir + "/" + n);
        k.display = loc.display_path(k.path);
        std::string why;
        if (!cuda::read_source_file(k.path, &k.text, &why)) {
          c.problems.push_back(k.display + ": " + why);
          continue;
        }
        try {
          k.header = parse_kernel_header(k.text, k.display);
        } catch (const cuda::CudaError& e) {
          c.problems.push_back(e.what());
          continue;
        }
        if (k.header.launch.empty()) {
          c.problems.push_back(k.display + ": no `// launch:` line");
          continue;
        }
        c.files.push_back(std::move(k));
      }
    }
    return c;
  }();
  return cat;
}

}  // namespace

const std::vector<KernelFile>& kernel_files() { return catalogue_files().files; }
const std::vector<std::string>& catalogue_problems() { return catalogue_files().problems; }

const KernelFile* find_kernel_file(const std::string& id) {
  const std::string now = current_kernel_id(id);  // a former id (sources.h) finds the file it became
  for (const auto& k : kernel_files())
    if (k.id == now) return &k;
  return nullptr;
}

std::string kernel_file_path(const std::string& path) {
  std::string abs = path;
  if (!abs.empty() && abs[0] != '/') {
    char* cwd = ::getcwd(nullptr, 0);
    abs = std::string(cwd ? cwd : ".") + "/" + abs;
    std::free(cwd);
  }
  return cuda::normalize_path(abs);
}

std::string kernel_display_path(const std::string& disk_path) {
  cuda::SourceLocator loc;
  loc.project_root = project_root();
  return loc.display_path(disk_path);
}

KernelFile load_kernel_file(const std::string& path, const std::string* text) {
  KernelFile k;
  if (path.empty()) throw UsageError("--source needs a file name");
  k.path = kernel_file_path(path);
  k.display = kernel_display_path(k.path);
  const size_t slash = k.path.rfind('/');
  std::string base = k.path.substr(slash + 1);
  k.id = base.size() > 3 && base.compare(base.size() - 3, 3, ".cu") == 0 ? base.substr(0, base.size() - 3) : base;
  std::string file_text;
  if (text) {
    file_text = *text;
  } else {
    std::string why;
    if (!cuda::read_source_file(k.path, &file_text, &why)) throw UsageError("--source " + path + ": " + why);
  }
  set_kernel_text(k, std::move(file_text));
  return k;
}

void set_kernel_text(KernelFile& k, std::string text) {
  // text given in place of a file's (the window's editor) is held to the size of a file on disk
  if (static_cast<long long>(text.size()) > cuda::kMaxSourceBytes)
    throw UsageError(k.display + ": " + cuda::source_too_large(static_cast<long long>(text.size())));
  int line = 0, col = 0;  // before its header lines are read and quoted in messages
  const std::string problem = cuda::text_problem(text, &line, &col);
  if (!problem.empty()) {
    const std::string where = k.display + ":" + std::to_string(line) + ":" + std::to_string(col);
    throw cuda::CudaError(where + ": " + problem, cuda::Pos{-1, line, col}, problem);
  }
  k.text = std::move(text);
  k.header = parse_kernel_header(k.text, k.display);
  if (k.header.launch.empty())
    throw UsageError(k.display + ": no `// launch: NAME<<<GRID, BLOCK, SHARED_BYTES>>>(ARGS)` line (docs/kernel-files.md)");
}

std::string kernel_prelude(const KernelFile& file, ValueType type, Operator op, const std::string& defines) {
  // Files inside the project are named relative to it (the include path has the project root):
  // the text reads the same on every machine.
  cuda::SourceLocator where;
  where.project_root = project_root();
  const std::string ops_file = where.display_path(cuda::normalize_path(kernel_dir() + "/ops.cuh"));
  std::string name = operator_name(op), upper = name;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  // T is a type name, not a macro: a template's own parameter T (template <class T>) hides it.
  // What nvcc defines when it compiles device code: __CUDA_ARCH__ for the GPU the text is compiled
  // for. The preprocessor resolves #if here, once, for the interpreter and for NVRTC's text alike;
  // the interpreter models the sm_90 GPU (H100) that validation runs on, so 900
  // (docs/kernel-files.md, "Predefined macros").
  return "#define __CUDA_ARCH__ 900\n#define __CUDACC__ 1\n#define __NVCC__ 1\n"
         "typedef " + std::string(type_name(type)) + " T;\n#define SS_INT " + (type == ValueType::Int ? "1" : "0") + "\n#include \"" +
         ops_file + "\"\n#define OP(a, b) ss_" + name + "(a, b)\n#define IDENTITY SS_" + upper + "_IDENTITY\n" + defines +
         "#include \"" + where.display_path(file.path) + "\"\n";
}

namespace {

// The last builds, for re-runs of a kernel with other options (the window). Bounded in number and
// in size (tokens and instructions together: a build of a 1 MiB text holds hundreds of MB, and a
// student editing one would keep every version); a build larger than that is not kept at all.
struct BuildCache {
  std::mutex mu;
  std::list<std::pair<std::string, std::shared_ptr<const KernelBuild>>> entries;  // most recent first
  long long weight = 0;
  static constexpr size_t kMaxEntries = 64;
  static constexpr long long kMaxWeight = 250000;  // a catalogue build weighs about 2000: all 64 fit
  static long long weight_of(const KernelBuild& b) {
    return static_cast<long long>(b.pre.tokens.size() + b.compiled.code.size());
  }
};

BuildCache& build_cache() {
  static BuildCache c;
  return c;
}

}  // namespace

std::vector<cuda::Token> header_tokens(cuda::SourceSet& files, const std::string& display, const HeaderValue& v) {
  // the value where it stands: its line and column are the tokens' (and a lexer error's)
  const std::string placed = std::string(static_cast<size_t>(std::max(0, v.line - 1)), '\n') +
                             std::string(static_cast<size_t>(std::max(0, v.col - 1)), ' ') + v.value;
  const int f = files.add(display, placed);
  std::vector<cuda::Token> t = cuda::lex(files, f, nullptr);
  t.pop_back();  // End
  return t;
}

namespace {

// Per launch line, the tokens of its template-id (`reduce4<T, 256><<<...` gives `reduce4 < T , 256 >`),
// with the file's macros expanded and the positions where the line stands; none for a plain name.
std::vector<std::vector<cuda::Token>> launch_template_ids(cuda::SourceSet& files, const cuda::Preprocessed& pre, const KernelFile& file) {
  std::vector<std::vector<cuda::Token>> ids;
  for (const HeaderValue& lv : file.header.launches) {
    cuda::SourceSet scratch;  // the build's files stay the program's
    std::vector<cuda::Token> t = header_tokens(scratch, file.display, lv);
    for (auto& tok : t) tok.pos.file = pre.main_file;
    // A::B::NAME<ARGS>: the kernel's namespaces are the parser's to know (the launch checks them)
    while (t.size() > 2 && t[0].kind == cuda::Tok::Ident && t[1].kind == cuda::Tok::Punct && t[1].text == "::" && t[2].kind == cuda::Tok::Ident)
      t.erase(t.begin(), t.begin() + 2);
    std::vector<cuda::Token> id;
    if (t.size() > 2 && t[0].kind == cuda::Tok::Ident && t[1].kind == cuda::Tok::Punct && t[1].text == "<") {
      // up to the '>' before '<<<' (a '>>' there closes a nested list too)
      for (size_t i = 2; i + 1 < t.size(); ++i)
        if (t[i].kind == cuda::Tok::Punct && (t[i].text == ">" || t[i].text == ">>") && t[i + 1].kind == cuda::Tok::Punct && t[i + 1].text == "<<") {
          std::vector<cuda::Token> args(t.begin() + 2, t.begin() + static_cast<long>(i));
          id.push_back(t[0]);
          id.push_back(t[1]);
          for (auto& a : cuda::expand_tokens(files, pre.macros, args)) id.push_back(std::move(a));
          id.push_back(t[i]);
          break;
        }
    }
    ids.push_back(std::move(id));
  }
  return ids;
}

}  // namespace

namespace {

// Where a kernel file's includes are looked for (its folder, the project, kernels/) and may reach
// (its folder, kernels/, and the request's --include-dir folders; docs/kernel-files.md).
cuda::SourceLocator kernel_locator(const KernelFile& file) {
  cuda::SourceLocator loc;
  loc.project_root = project_root();
  loc.include_dirs = {project_root(), kernel_dir()};
  const size_t slash = file.path.rfind('/');
  loc.include_roots = {slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : file.path.substr(0, slash), kernel_dir()};
  for (const auto& d : file.include_dirs) loc.include_roots.push_back(kernel_file_path(d));
  loc.overrides[file.path] = file.text;
  return loc;
}

std::string include_key(const KernelFile& file) {
  std::string k;
  for (const auto& d : file.include_dirs) k += d + '\0';
  return k;
}

}  // namespace

std::shared_ptr<const KernelBuild> build_kernel(const KernelFile& file, const std::string& prelude) {
  const std::string key = prelude + '\0' + file.path + '\0' + std::to_string(std::hash<std::string>()(file.text)) + '\0' +
                          std::to_string(file.text.size()) + '\0' + include_key(file);
  BuildCache& cache = build_cache();
  {
    std::lock_guard<std::mutex> lock(cache.mu);
    for (auto it = cache.entries.begin(); it != cache.entries.end(); ++it)
      if (it->first == key) {
        cache.entries.splice(cache.entries.begin(), cache.entries, it);
        return it->second;
      }
  }
  auto b = std::make_shared<KernelBuild>();
  b->prelude = prelude;
  b->pre = cuda::preprocess(b->files, kernel_locator(file), prelude, file.path);
  auto prog = std::make_unique<cuda::Program>(cuda::parse_program(b->files, b->pre, launch_template_ids(b->files, b->pre, file)));
  b->compiled = cuda::compile(b->files, std::move(prog));
  const long long w = BuildCache::weight_of(*b);
  if (w > BuildCache::kMaxWeight) return b;
  std::lock_guard<std::mutex> lock(cache.mu);
  cache.entries.emplace_front(key, b);
  cache.weight += w;
  while (cache.entries.size() > BuildCache::kMaxEntries || cache.weight > BuildCache::kMaxWeight) {
    cache.weight -= BuildCache::weight_of(*cache.entries.back().second);
    cache.entries.pop_back();
  }
  return b;
}

namespace {
std::mutex option_macros_mutex;
std::map<std::string, std::set<std::string>>& option_macros_cache() {  // under option_macros_mutex
  static std::map<std::string, std::set<std::string>> cache;
  return cache;
}
}  // namespace

std::set<std::string> option_macros(const KernelFile& file) {
  std::mutex& mu = option_macros_mutex;
  std::map<std::string, std::set<std::string>>& cache = option_macros_cache();
  const std::string key = file.path + '\0' + std::to_string(std::hash<std::string>()(file.text)) + '\0' + include_key(file);
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  cuda::SourceSet files;
  cuda::Preprocessed pre = cuda::preprocess(files, kernel_locator(file), kernel_prelude(file, ValueType::Int, Operator::Sum, ""), file.path);
  std::set<std::string> names;
  for (const auto& [name, m] : pre.macros)
    if (m.guarded && m.pos.file == pre.main_file) names.insert(name);
  std::lock_guard<std::mutex> lock(mu);
  if (cache.size() >= 256) cache.clear();  // edited texts come and go: keep the memory bounded
  cache[key] = names;
  return names;
}

void clear_build_caches() {
  {
    BuildCache& cache = build_cache();
    std::lock_guard<std::mutex> lock(cache.mu);
    cache.entries.clear();
    cache.weight = 0;
  }
  std::lock_guard<std::mutex> lock(option_macros_mutex);
  option_macros_cache().clear();
}

}  // namespace scanscope
