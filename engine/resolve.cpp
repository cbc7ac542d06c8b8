// Resolving a trace request against a kernel file (see resolve.h): the file, the host's options
// as macros, the build, the header lines (require:, array:, launch:, init:) evaluated on the host.
#include "engine/resolve.h"
#include "engine/caches.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <mutex>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "engine/cuda/const_expr.h"
#include "engine/cuda/limits.h"
#include "engine/cuda/overload.h"
#include "engine/reference.h"

namespace scanscope {

long long host_next_pow2(long long x) {
  long long p = 1;
  while (p < x && p < (1LL << 40)) p <<= 1;
  return p;
}

// The largest r with r * r <= x (0 for x < 1): the side of a square matrix of x elements.
long long host_isqrt(long long x) {
  if (x < 1) return 0;
  long long r = static_cast<long long>(std::sqrt(static_cast<double>(x)));
  while (r > 0 && r > x / r) --r;  // r * r > x, without overflow
  while ((r + 1) <= x / (r + 1)) ++r;
  return r;
}

long long host_bit_width(long long x) {
  long long b = 1;
  while (b < 62 && x >= (1LL << b)) ++b;
  return b;
}

namespace {

using cuda::Base;

std::vector<cuda::Token> fragment(cuda::SourceSet& files, const std::string& display, const std::string& text, int line, int col) {
  return header_tokens(files, display, HeaderValue{text, line, col});
}

bool is_punct(const cuda::Token& t, const char* p) { return t.kind == cuda::Tok::Punct && t.text == p; }

// Splits [b, e) at commas outside parentheses.
std::vector<std::pair<size_t, size_t>> split_commas(const std::vector<cuda::Token>& t, size_t b, size_t e) {
  std::vector<std::pair<size_t, size_t>> out;
  int depth = 0;
  size_t start = b;
  for (size_t i = b; i < e; ++i) {
    if (is_punct(t[i], "(")) ++depth;
    if (is_punct(t[i], ")")) --depth;
    if (depth == 0 && is_punct(t[i], ",")) {
      out.push_back({start, i});
      start = i + 1;
    }
  }
  if (start < e || !out.empty()) out.push_back({start, e});
  return out;
}

struct HostEval {
  cuda::SourceSet files;
  const cuda::Preprocessed* pre;
  cuda::ConstEnv env;
  std::string display;
  long long budget = cuda::kMaxExpansion;  // for all the host's expansions together

  long long eval(const std::vector<cuda::Token>& toks, size_t b, size_t e) {
    std::vector<cuda::Token> part(toks.begin() + static_cast<long>(b), toks.begin() + static_cast<long>(e));
    std::vector<cuda::Token> x = cuda::expand_tokens(files, pre->macros, part, &budget);
    if (x.empty()) cuda::fail_at(files, b < toks.size() ? toks[b].pos : cuda::Pos{}, "expected an expression");
    return cuda::eval_const(files, x, 0, x.size(), env);
  }
  // A grid or block of a launch line: dim3(X[, Y[, Z]]) (after its macros are expanded), or one
  // integer X (then Y and Z are 1 and *shaped is false).
  std::array<long long, 3> eval_dim3(const std::vector<cuda::Token>& toks, size_t b, size_t e, bool* shaped) {
    std::vector<cuda::Token> part(toks.begin() + static_cast<long>(b), toks.begin() + static_cast<long>(e));
    std::vector<cuda::Token> x = cuda::expand_tokens(files, pre->macros, part, &budget);
    *shaped = false;
    if (x.size() >= 3 && x[0].kind == cuda::Tok::Ident && x[0].text == "dim3" && is_punct(x[1], "(") && is_punct(x.back(), ")")) {
      int depth = 0;
      size_t close = 0;
      for (size_t i = 1; i < x.size(); ++i) {
        if (is_punct(x[i], "(")) ++depth;
        if (is_punct(x[i], ")") && --depth == 0) {
          close = i;
          break;
        }
      }
      if (close + 1 == x.size()) {
        auto parts = split_commas(x, 2, close);
        if (parts.empty() || parts.size() > 3) cuda::fail_at(files, x[0].pos, "dim3 takes 1 to 3 integers: dim3(X, Y, Z)");
        std::array<long long, 3> v = {1, 1, 1};
        for (size_t k = 0; k < parts.size(); ++k) {
          if (parts[k].first == parts[k].second) cuda::fail_at(files, x[0].pos, "dim3 has an empty argument");
          v[k] = cuda::eval_const(files, x, parts[k].first, parts[k].second, env);
        }
        *shaped = true;
        return v;
      }
    }
    if (x.empty()) cuda::fail_at(files, b < toks.size() ? toks[b].pos : cuda::Pos{}, "expected an expression");
    return {cuda::eval_const(files, x, 0, x.size(), env), 1, 1};
  }
  long long eval_text(const std::string& text, int line, int col) {
    std::vector<cuda::Token> t = fragment(files, display, text, line, col);
    return eval(t, 0, t.size());
  }
};

// The value of an init: line for `arr` (its bits): a host integer expression, or for a float
// array a float literal or __int_as_float(EXPR) (what IDENTITY stands for with float).
uint64_t host_init_value(HostEval& host, const std::vector<cuda::Token>& t, size_t b, size_t e, const ResolvedArray& arr,
                         const std::string& at) {
  const std::vector<cuda::Token> part(t.begin() + static_cast<long>(b), t.begin() + static_cast<long>(e));
  std::vector<cuda::Token> x = cuda::expand_tokens(host.files, host.pre->macros, part, &host.budget);
  auto enclosed = [&](size_t from) {  // x[from] is a '(' whose ')' is the last token
    int depth = 0;
    for (size_t i = from; i < x.size(); ++i) {
      if (is_punct(x[i], "(")) ++depth;
      if (is_punct(x[i], ")") && --depth == 0) return i + 1 == x.size();
    }
    return false;
  };
  while (x.size() >= 2 && is_punct(x.front(), "(") && enclosed(0)) x = std::vector<cuda::Token>(x.begin() + 1, x.end() - 1);
  if (x.empty()) throw UsageError(at + arr.name + " = nothing (expected a value)");
  const bool is_float = arr.type == Base::Float || arr.type == Base::Double;
  const std::string type = arr.type == Base::Double ? "double" : arr.type == Base::Long ? "long long" : arr.type == Base::ULong ? "unsigned long long"
                           : is_float ? "float" : arr.type == Base::Unsigned ? "unsigned" : arr.is_small() ? cuda::Type{arr.type, false}.name() : "int";
  const size_t sign = is_punct(x[0], "-") || is_punct(x[0], "+") ? 1 : 0;
  const std::string& lit = x.back().text;
  const bool hex = lit.size() > 1 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X');
  if (x.size() == sign + 1 && x.back().kind == cuda::Tok::Number && !hex &&
      (lit.find_first_of(".eE") != std::string::npos || lit.back() == 'f' || lit.back() == 'F')) {
    if (!is_float)
      throw UsageError(at + arr.name + " holds " + type + " values, and " + (sign ? x[0].text : "") + lit +
                       " is a float (an array has the type of the first parameter it is passed as)");
    std::string digits = lit;
    if (digits.back() == 'f' || digits.back() == 'F') digits.pop_back();
    char* end = nullptr;
    errno = 0;
    if (arr.type == Base::Double) {
      double d = std::strtod(digits.c_str(), &end);
      if (*end != '\0' || (errno == ERANGE && std::isinf(d))) throw UsageError(at + "'" + lit + "' is not a double");
      if (sign && x[0].text == "-") d = -d;
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      return bits;
    }
    float f = std::strtof(digits.c_str(), &end);
    if (*end != '\0' || (errno == ERANGE && std::isinf(f))) throw UsageError(at + "'" + lit + "' is not a float");
    if (sign && x[0].text == "-") f = -f;
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  if (is_float && x.size() >= 4 && x[0].kind == cuda::Tok::Ident && x[0].text == "__int_as_float" && is_punct(x[1], "(") && enclosed(1))
    return static_cast<uint32_t>(cuda::eval_const(host.files, x, 2, x.size() - 1, host.env));
  const long long v = cuda::eval_const(host.files, x, 0, x.size(), host.env);
  if (arr.type == Base::Double) {
    const double d = static_cast<double>(v);
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    return bits;
  }
  if (arr.type == Base::Long || arr.type == Base::ULong) return static_cast<uint64_t>(v);  // the host's 64-bit value
  if (is_float) {
    const float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
  }
  if (arr.is_small()) {  // its bytes: a value of the signed or the unsigned type of that size
    const int bits = 8 * cuda::base_bytes(arr.type);
    if (v < -(1LL << (bits - 1)) || v >= (1LL << bits))
      throw UsageError(at + arr.name + " = " + std::to_string(v) + " does not fit in a " + std::to_string(bits / 8) + "-byte " + type);
    return static_cast<uint64_t>(v) & ((1ULL << bits) - 1);
  }
  if (v < -2147483648LL || v > 4294967295LL)
    throw UsageError(at + arr.name + " = " + std::to_string(v) + " does not fit in a 32-bit " + type);
  return static_cast<uint32_t>(v);
}

}  // namespace

void check_request_values(const TraceRequest& r) {
  const OperatorInfo& op = operator_info(r.op);
  if (op.int_only && r.type == ValueType::Float)
    throw UsageError(std::string("--op ") + op.name + " " + op.int_reason + " and needs --type int");
  if (r.banks != 32 && r.banks != 16) throw UsageError("--banks must be 32 or 16, not " + std::to_string(r.banks));
  if (r.warp_issue != 32 && r.warp_issue != 16)
    throw UsageError("--warp-issue must be 32 or 16 (G80 half-warps), not " + std::to_string(r.warp_issue));
  if (!r.input.empty() && static_cast<int>(r.input.size()) != r.n)
    throw UsageError("--input has " + std::to_string(r.input.size()) + " values but --n is " + std::to_string(r.n));
  if (!r.scan.empty() && r.scan != "inclusive" && r.scan != "exclusive")
    throw UsageError("--scan must be inclusive or exclusive, not '" + r.scan + "'");
  if (r.threads != 0 && (r.threads < 1 || r.threads > kMaxThreads))
    throw UsageError("--threads must be from 1 to 1024 (a block's limit), not " + std::to_string(r.threads));
  if (r.bits != 0 && (r.bits < 1 || r.bits > 31)) throw UsageError("--bits must be from 1 to 31, not " + std::to_string(r.bits));
  for (const auto& [name, value] : r.defines) {
    if (name.empty() || !cuda::is_ident_start(name[0]) ||
        !std::all_of(name.begin(), name.end(), [](char c) { return cuda::is_ident_char(c); }))
      throw UsageError("-D " + name + ": not a macro name");
    if (value.find('\n') != std::string::npos) throw UsageError("-D " + name + ": the value has a line break");
  }
}

namespace {

std::atomic<long long> resolutions{0};
std::mutex resolved_mutex;
std::map<size_t, long long>& resolved_requests() {  // per request (request_hash), under resolved_mutex
  static std::map<size_t, long long> counts;
  return counts;
}

// Every field of a request, hashed (two requests that ask the same thing hash the same).
size_t request_hash(const TraceRequest& r) {
  std::string key = r.kernel + '\n' + r.source + '\n' + r.scan + '\n' + r.entry + '\n';
  for (long long v : {static_cast<long long>(r.n), static_cast<long long>(r.threads), static_cast<long long>(r.banks), static_cast<long long>(r.warp_issue),
                      static_cast<long long>(r.pad), static_cast<long long>(r.op), static_cast<long long>(r.type), static_cast<long long>(r.bits),
                      static_cast<long long>(r.seed), static_cast<long long>(r.has_source_text)})
    key += std::to_string(v) + ',';
  for (double v : r.input) key.append(reinterpret_cast<const char*>(&v), sizeof v);
  key += '\n' + r.source_text + '\n';
  for (const auto& [name, value] : r.defines) key += name + '=' + value + '\n';
  for (const std::string& d : r.include_dirs) key += d + '\n';
  return std::hash<std::string>()(key);
}

}  // namespace

long long resolve_count() { return resolutions.load(); }

long long resolve_count(const TraceRequest& r) {
  std::lock_guard<std::mutex> lock(resolved_mutex);
  const auto it = resolved_requests().find(request_hash(r));
  return it == resolved_requests().end() ? 0 : it->second;
}

void clear_resolve_counts() {
  std::lock_guard<std::mutex> lock(resolved_mutex);
  resolved_requests().clear();
}

bool has_tile_barriers(const ResolvedKernel& k) {
  const auto& code = k.build->compiled.code;
  return std::any_of(code.begin(), code.end(), [](const cuda::Instr& in) { return in.op == cuda::Op::TileSync; });
}

ResolvedKernel resolve_kernel(const TraceRequest& r) {
  ++resolutions;
  {
    std::lock_guard<std::mutex> lock(resolved_mutex);
    ++resolved_requests()[request_hash(r)];
  }
  ResolvedKernel k;
  k.request = r;
  if (!r.source.empty()) {
    k.file = load_kernel_file(r.source, r.has_source_text ? &r.source_text : nullptr);
  } else {
    const KernelFile* f = find_kernel_file(r.kernel);
    if (!f) {
      // The known kernels of the name's first word (reduce-magic: the reduce-... ones): the whole
      // catalogue would pass the length an error message keeps.
      const std::string word = r.kernel.substr(0, r.kernel.find('-'));
      std::string names;
      int shown = 0, total = 0;
      for (const auto& c : kernel_files()) {
        ++total;
        if (!word.empty() && c.id.rfind(word + "-", 0) == 0) {
          names += std::string(names.empty() ? "" : ", ") + c.id;
          ++shown;
        }
      }
      const std::string others = std::to_string(total - shown);
      const std::string known = !shown ? "scanscope list names the " + others + " known"
                                       : "known: " + names + (shown < total ? " and " + others + " more, which scanscope list names" : "");
      throw UsageError("unknown kernel '" + r.kernel + "' (" + known + "; or --source FILE.cu)");
    }
    k.file = *f;
    k.request.kernel = f->id;  // a former id named the file it became
    if (r.has_source_text) set_kernel_text(k.file, r.source_text);  // its header lines included
  }
  k.file.include_dirs = r.include_dirs;
  const KernelFile& file = k.file;
  const std::string& id = file.id;
  const KernelHeader& h = file.header;

  // Types and operators the file takes.
  if (!h.types.empty() && std::find(h.types.begin(), h.types.end(), r.type) == h.types.end())
    throw UsageError(id + " takes --type " + name_list(names_of(h.types), " ") + ", not " + type_name(r.type));
  const OperatorInfo& op = operator_info(r.op);
  if (!h.ops.empty() && std::find(h.ops.begin(), h.ops.end(), r.op) == h.ops.end())
    throw UsageError(id + " takes --op " + name_list(names_of(h.ops), " ") + ", not " + op.name);
  check_request_values(r);
  if (r.n < 1) throw UsageError(id + " takes --n of at least 1, not " + std::to_string(r.n));

  // Options are macros the file defines under #ifndef.
  const std::set<std::string> takes = option_macros(file);
  std::string options;
  auto define = [&](const std::string& name, const std::string& value) { options += "#define " + name + " " + value + "\n"; };
  if (r.pad != Pad::None) {
    if (!takes.count("PAD")) throw UsageError(id + " does not take --pad (it has no PAD macro; scan-blelloch has)");
    define("PAD", r.pad == Pad::Harris ? "1" : "2");
  }
  if (r.banks == 16 && takes.count("NUM_BANKS")) {
    define("NUM_BANKS", "16");
    if (takes.count("LOG_NUM_BANKS")) define("LOG_NUM_BANKS", "4");
  }
  if (!r.scan.empty()) {
    if (takes.count("INCLUSIVE")) {
      define("INCLUSIVE", r.scan == "inclusive" ? "1" : "0");
    } else if (h.check == "reduce") {
      throw UsageError(id + " is a reduction and takes no --scan");
    } else if (h.check == "inclusive-scan" || h.check == "exclusive-scan") {
      const std::string own = h.check == "inclusive-scan" ? "inclusive" : "exclusive";
      if (r.scan != own) throw UsageError(id + " computes an " + own + " scan only; use --scan " + own);
    } else {
      throw UsageError(id + " is not a scan and takes no --scan");
    }
  }
  if (r.threads != 0 && takes.count("THREADS")) define("THREADS", std::to_string(r.threads));
  if (r.bits != 0) {
    if (!takes.count("BITS")) throw UsageError("--bits is for kernels with a BITS macro (app-radix-sort), not " + id);
    define("BITS", std::to_string(r.bits));
  }
  for (const auto& [name, value] : r.defines) define(name, value.empty() ? "1" : value);

  k.prelude = kernel_prelude(file, r.type, r.op, options);
  k.build = build_kernel(file, k.prelude);
  const KernelBuild& b = *k.build;

  // The host's view: N, the input's range, the file's macros.
  HostEval host;
  host.pre = &b.pre;
  host.display = file.display;
  // The input: made when a require: line asks for its range, or after them (so that the file's own
  // limit on --n speaks first), and only for an n a trace holds (--n 2000000000 made 15 GB of it).
  long long min_in = 0, max_in = 0;
  bool have_input = false;
  auto make_input = [&] {
    if (have_input) return;
    if (r.n > kMaxTraceN)
      throw UsageError("--n must be from 1 to " + std::to_string(kMaxTraceN) + " (a trace's limit), not " + std::to_string(r.n));
    k.request.input = request_input(r, h.check == "max-segment-sum");
    for (size_t i = 0; i < k.request.input.size(); ++i) {
      const long long v = static_cast<long long>(std::floor(k.request.input[i]));
      if (i == 0 || v < min_in) min_in = v;
      if (i == 0 || v > max_in) max_in = v;
    }
    have_input = true;
  };
  host.env.ident = [&](const std::string& name) -> std::optional<long long> {
    if (name == "N") return r.n;
    if (name == "MIN_IN" || name == "MAX_IN") make_input();
    if (name == "MIN_IN") return min_in;
    if (name == "MAX_IN") return max_in;
    const auto& constants = b.compiled.program->int_constants;  // the file's own (const int TILE = 32;)
    if (auto c = constants.find(name); c != constants.end()) return c->second;
    return std::nullopt;
  };
  host.env.type_size = [&](const std::string& name) -> std::optional<long long> {  // the file's structs, at CUDA's sizes
    for (const auto& sd : b.compiled.program->structs)
      if (sd->name == name) return cuda::Type{cuda::Base::Struct, false, cuda::GroupKind::None, 0, sd.get()}.bytes();  // three shorts: 6
    if (const cuda::VectorTypeInfo* v = cuda::find_vector_type(name)) return 1LL * cuda::base_bytes(v->member) * v->count;  // sizeof(float4) 16, sizeof(uchar4) 4, used or not
    return std::nullopt;
  };
  host.env.call = [](const std::string& name, const std::vector<long long>& a) -> std::optional<long long> {
    if (name == "next_pow2" && a.size() == 1) return host_next_pow2(a[0]);
    if (name == "bit_width" && a.size() == 1) return host_bit_width(a[0]);
    if (name == "isqrt" && a.size() == 1) return host_isqrt(a[0]);
    if (name == "min" && a.size() == 2) return std::min(a[0], a[1]);
    if (name == "max" && a.size() == 2) return std::max(a[0], a[1]);
    return std::nullopt;
  };
  // A __device__ variable in a header line: the host has no such value (the kernels name it).
  host.env.why_unknown = [&](const std::string& name) -> std::string {
    for (const auto& d : b.compiled.program->device_vars)
      if (d.var->name == name)
        return "'" + name + "' is a __device__ variable: it lives on the GPU, and kernels use it by name; the host's lines cannot";
    return "";
  };
  for (const auto& req : h.requires) {
    if (host.eval_text(req.expr, req.line, 12)) continue;
    // {EXPR} in the message: its value (e.g. "not {N}")
    std::string m;
    for (size_t i = 0; i < req.message.size(); ++i) {
      const size_t close = req.message[i] == '{' ? req.message.find('}', i) : std::string::npos;
      if (close == std::string::npos) {
        m += req.message[i];
        continue;
      }
      m += std::to_string(host.eval_text(req.message.substr(i + 1, close - i - 1), req.line, 12));
      i = close;
    }
    throw UsageError(id + " " + m);
  }
  make_input();

  // The global arrays: in, out, and the file's `// array: NAME[COUNT]` lines.
  const long long out_count = h.out.empty() ? r.n : host.eval_text(h.out, h.out_line, h.out_col);
  if (out_count < 1 || out_count > r.n + 1LL)
    throw UsageError(file.display + ":" + std::to_string(h.out_line) + ": out has " + std::to_string(out_count) +
                     " elements; a trace of n=" + std::to_string(r.n) + " holds 1 to " + std::to_string(r.n + 1LL));
  k.out_count = static_cast<int>(out_count);
  k.arrays.push_back({"in", static_cast<long long>(k.request.input.size()), Base::Int});
  k.arrays.push_back({"out", out_count, Base::Int});
  for (const HeaderValue& a : h.arrays) {
    auto bad_array = [&](const std::string& m) -> void {
      throw UsageError(file.display + ":" + std::to_string(a.line) + ": array line: " + m + " (expected NAME[COUNT])");
    };
    const size_t open = a.value.find('['), close_br = a.value.rfind(']');
    if (open == std::string::npos || close_br == std::string::npos || close_br < open || close_br + 1 != a.value.size()) bad_array("no [COUNT]");
    std::string name = a.value.substr(0, open);
    while (!name.empty() && name.back() == ' ') name.pop_back();
    if (name.empty() || !cuda::is_ident_start(name[0]) ||
        !std::all_of(name.begin(), name.end(), [](char c) { return cuda::is_ident_char(c); }))
      bad_array("'" + name + "' is not a name");
    if (name == "N" || name == "T" || b.pre.macros.count(name)) bad_array("'" + name + "' is already a name of the host or a macro");
    for (const auto& have : k.arrays)
      if (have.name == name) bad_array("a second array named '" + name + "'");
    const long long count = host.eval_text(a.value.substr(open + 1, close_br - open - 1), a.line, a.col + static_cast<int>(open) + 1);
    if (count < 1 || count > cuda::kMaxArrayElements)
      bad_array(name + " has " + std::to_string(count) + " elements; an array has 1 to " + std::to_string(cuda::kMaxArrayElements));
    k.arrays.push_back({name, count, Base::Int});
  }
  // The file's __device__ variables: a global array each, after the array: lines.
  const auto& dvars = b.compiled.program->device_vars;
  const size_t first_device = k.arrays.size();
  for (size_t d = 0; d < dvars.size(); ++d) {
    const cuda::Var& v = *dvars[d].var;
    for (const auto& have : k.arrays)
      if (have.name == v.name)
        cuda::fail_at(b.files, v.pos, "__device__ variable '" + v.name + "' has the name of the global array " +
                                          (have.name == "in" || have.name == "out" ? "that the host passes" : "of an array: line") + "; rename one");
    ResolvedArray a;
    a.name = v.name;
    a.count = v.is_array() ? v.array_len : 1;
    a.type = v.type.base;
    a.has_init = true;
    a.device_var = static_cast<int>(d);
    a.init_words = dvars[d].init;
    k.arrays.push_back(std::move(a));
  }
  std::vector<bool> array_typed(k.arrays.size(), false);
  for (size_t a = first_device; a < k.arrays.size(); ++a) array_typed[a] = true;

  // The launch lines: NAME<<<GRID, BLOCK[, SHARED_BYTES]>>>(ARGS), run in order.
  long long blocks = 0;
  for (const HeaderValue& lv : h.launches) {
    std::vector<cuda::Token> t = fragment(host.files, file.display, lv.value, lv.line, lv.col);
    auto bad_launch = [&](const std::string& m) -> void {
      throw UsageError(file.display + ":" + std::to_string(lv.line) + ": launch line: " + m +
                       " (expected NAME<<<GRID, BLOCK, SHARED_BYTES>>>(ARGS))");
    };
    // NAME, A::B::NAME (a kernel in namespaces: checked against where it is declared below), or a
    // template-id NAME<ARGS> (the build instantiated it: Program::launch_instances)
    std::string qualifier;
    while (t.size() > 2 && t[0].kind == cuda::Tok::Ident && is_punct(t[1], "::") && t[2].kind == cuda::Tok::Ident) {
      qualifier += t[0].text + "::";
      t.erase(t.begin(), t.begin() + 2);
    }
    size_t open = 1;
    if (t.size() > 1 && is_punct(t[1], "<"))
      while (open < t.size() && !((is_punct(t[open], ">") || is_punct(t[open], ">>")) && open + 1 < t.size() && is_punct(t[open + 1], "<<"))) ++open;
    if (open > 1) ++open;
    if (t.size() < open + 2 || t[0].kind != cuda::Tok::Ident || !is_punct(t[open], "<<") || !is_punct(t[open + 1], "<")) bad_launch("no NAME<<<");
    const std::string& instance = b.compiled.program->launch_instances.at(k.launches.size());
    size_t close = 0;
    for (size_t i = open + 2, depth = 0; i + 2 < t.size(); ++i) {
      if (is_punct(t[i], "(")) ++depth;
      if (is_punct(t[i], ")")) --depth;
      if (depth == 0 && is_punct(t[i], ">>") && is_punct(t[i + 1], ">") && is_punct(t[i + 2], "(")) {
        close = i;
        break;
      }
    }
    if (!close) bad_launch("no >>>(");
    size_t args_end = 0;
    for (size_t i = close + 3, depth = 0; i < t.size(); ++i) {
      if (is_punct(t[i], "(")) ++depth;
      if (is_punct(t[i], ")")) {
        if (depth == 0) {
          args_end = i;
          break;
        }
        --depth;
      }
    }
    if (!args_end) bad_launch("the argument list is not closed");
    auto config = split_commas(t, open + 2, close);
    if (config.size() < 2 || config.size() > 3) bad_launch("<<<...>>> takes a grid, a block and shared bytes");
    bool grid_shaped = false, block_shaped = false;
    const std::array<long long, 3> gd = host.eval_dim3(t, config[0].first, config[0].second, &grid_shaped);
    const std::array<long long, 3> bd = host.eval_dim3(t, config[1].first, config[1].second, &block_shaped);
    const long long smem = config.size() > 2 ? host.eval(t, config[2].first, config[2].second) : 0;
    auto dim3_text = [](const std::array<long long, 3>& d) {
      return "dim3(" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + ")";
    };
    const bool shaped = gd[1] != 1 || gd[2] != 1 || bd[1] != 1 || bd[2] != 1;  // else described as before: <<<3, 512, 0>>>
    // Each length is checked before the product (which could overflow): a block's x <= 1024,
    // y <= 1024, z <= 64 and 1024 threads in all, as CUDA; a grid's at least 1, and within a trace.
    const std::string config_text = shaped ? dim3_text(gd) + ", " + dim3_text(bd) : std::to_string(gd[0]) + ", " + std::to_string(bd[0]);
    if (grid_shaped || block_shaped) {
      static const long long block_max[3] = {kMaxThreads, kMaxThreads, 64};
      static const char* const axis[3] = {"x", "y", "z"};
      for (int c = 0; c < 3; ++c) {
        if (bd[c] < 1 || bd[c] > block_max[c])
          throw UsageError(id + " with --n " + std::to_string(r.n) + " launches a block of " + dim3_text(bd) + " (" + t[0].text + "<<<" + config_text +
                           ">>>); a block's " + axis[c] + " is 1 to " + std::to_string(block_max[c]));
        if (gd[c] < 1)
          throw UsageError(id + ": the launch's grid is " + dim3_text(gd) + " (" + t[0].text + "<<<" + config_text + ">>>); each of x, y, z is at least 1");
      }
    }
    const long long block = bd[0] * bd[1] * bd[2];
    long long grid = 1;
    for (long long g : gd) grid = g > cuda::kMaxTracedBlocks || grid > cuda::kMaxTracedBlocks ? cuda::kMaxTracedBlocks + 1LL : grid * g;
    if (gd[0] < 1 || !shaped) grid = gd[0];  // a 1-D grid: its value as given
    ResolvedLaunch L;
    L.line = lv.line;
    const bool first = k.launches.empty();
    L.entry_name = first && !r.entry.empty() ? r.entry : !instance.empty() ? instance : t[0].text;
    L.entry = b.compiled.find_function(L.entry_name);
    if (L.entry < 0 && instance.empty()) {
      // An overloaded kernel (its overloads are named "k(int*, int)"): the launch's arguments pick
      // one, as C++ picks: arrays go to pointers to their elements' type (`in` and `out` have the
      // run's type until a launch has typed them), numbers to numbers.
      const auto args = split_commas(t, close + 3, args_end);
      const Base run_type = r.type == ValueType::Float ? Base::Float : Base::Int;
      std::vector<std::pair<int, std::vector<int>>> viable;
      std::string cands;
      for (size_t f = 0; f < b.compiled.functions.size(); ++f) {
        const cuda::Function& fn = *b.compiled.functions[f].fn;
        if (!fn.is_global || fn.name.compare(0, L.entry_name.size() + 1, L.entry_name + "(") != 0) continue;
        cands += (cands.empty() ? "" : "; ") + fn.name + " at " + b.files.where(fn.pos);
        size_t required = fn.params.size();
        while (required > 0 && fn.launch_defaults.count(required - 1)) --required;
        if (args.size() < required || args.size() > fn.params.size()) continue;
        std::vector<int> ranks;
        for (size_t a = 0; a < args.size() && ranks.size() == a; ++a) {
          const cuda::Type& pt = fn.params[a]->type;
          int array = -1;
          const size_t ab = args[a].first;
          const size_t name_at = is_punct(t[ab], "&") ? ab + 1 : ab;
          for (size_t x = 0; x < k.arrays.size() && name_at < args[a].second; ++x)
            if (t[name_at].kind == cuda::Tok::Ident && k.arrays[x].name == t[name_at].text) array = static_cast<int>(x);
          if (array < 0) {  // a number: an integer (a float parameter takes it converted)
            if (!pt.pointer) ranks.push_back(pt.is_integer() ? 0 : 1);
            continue;
          }
          if (!pt.pointer) continue;
          const Base elem = pt.base != Base::Struct ? pt.base : pt.sdef->fields.front().type.base;
          const bool known = array_typed[static_cast<size_t>(array)] || array <= 1;
          const Base have = array_typed[static_cast<size_t>(array)] ? k.arrays[static_cast<size_t>(array)].type : run_type;
          if (!known) ranks.push_back(1);
          else if (elem == have) ranks.push_back(0);
          else if (cuda::base_bytes(elem) == cuda::base_bytes(have) && !array_typed[static_cast<size_t>(array)] && elem != Base::Void) ranks.push_back(2);
        }
        if (ranks.size() == args.size()) viable.push_back({static_cast<int>(f), ranks});
      }
      if (!cands.empty()) {
        std::vector<std::vector<int>> ranks;
        for (const auto& v : viable) ranks.push_back(v.second);
        const int pick = cuda::best_ranked(ranks);
        const int best = pick < 0 ? -1 : viable[static_cast<size_t>(pick)].first;
        const std::string at = file.display + ":" + std::to_string(lv.line) + ": ";
        if (viable.empty())
          throw UsageError(at + "no overload of kernel '" + L.entry_name + "' takes the launch's arguments (the run's type is " + type_name(r.type) +
                           "): the candidates are " + cands);
        if (best < 0)
          throw UsageError(at + "the launch of '" + L.entry_name + "' is ambiguous: more than one overload takes its arguments equally well (" + cands +
                           "); give the arrays' types by the kernel's parameters");
        L.entry = best;
        L.entry_name = b.compiled.functions[static_cast<size_t>(best)].fn->name;
        L.entry_cast = "(void(*)(" + b.compiled.functions[static_cast<size_t>(best)].fn->cpp_params + "))";
      }
    }
    if (L.entry < 0 || !b.compiled.functions[L.entry].fn->is_global) {
      std::string kernels;
      for (const auto& f : b.compiled.functions)
        if (f.fn->is_global) kernels += (kernels.empty() ? "" : ", ") + f.name;
      throw UsageError(file.display + ": the launch names '" + L.entry_name + "', but the file has no __global__ function of that name (it has: " +
                       (kernels.empty() ? "none" : kernels) + ")");
    }
    {
      const std::string& scope = b.compiled.functions[L.entry].fn->scope;
      if (!qualifier.empty() && (scope.size() < qualifier.size() || scope.compare(scope.size() - qualifier.size(), qualifier.size(), qualifier) != 0))
        throw UsageError(file.display + ":" + std::to_string(lv.line) + ": the launch names " + qualifier + t[0].text + ", but " + t[0].text +
                         " is declared " + (scope.empty() ? std::string("outside any namespace") : "in namespace " + scope.substr(0, scope.size() - 2)));
      L.entry_expr = scope + L.entry_name.substr(0, L.entry_name.find('('));
    }
    std::string launch_desc = L.entry_name + "<<<" + config_text + ", " + std::to_string(smem) + ">>>";
    if (block < 1 || block > kMaxThreads)
      throw UsageError(id + " with --n " + std::to_string(r.n) + " launches " + std::to_string(block) + " threads per block (" + launch_desc +
                       "); a block has 1 to 1024");
    if (grid < 1) throw UsageError(id + ": the launch's grid is " + std::to_string(grid) + " blocks (" + launch_desc + ")");
    blocks += grid;
    if (blocks > cuda::kMaxTracedBlocks)
      throw UsageError(id + " with --n " + std::to_string(r.n) + " launches " + std::to_string(blocks) + " blocks (" + launch_desc +
                       (k.launches.empty() ? "" : " and the launches before it") + "); a trace holds " +
                       std::to_string(cuda::kMaxTracedBlocks) + " blocks at most");
    const long long static_bytes = 4LL * b.compiled.functions[L.entry].static_shared_words;  // the arrays this kernel can reach
    if (smem < 0) throw UsageError(id + ": the launch asks for " + std::to_string(smem) + " bytes of shared memory");
    if (smem + static_bytes > kMaxSharedBytes)
      throw UsageError(file.display + ":" + std::to_string(lv.line) + ": " + id + " needs " + std::to_string(smem + static_bytes) + " bytes of shared memory, more than the " +
                       std::to_string(kMaxSharedBytes) + " a block may use without opting in");
    if (first && r.threads != 0 && !takes.count("THREADS") && r.threads != block)
      throw UsageError(id + " with --n " + std::to_string(r.n) + " runs exactly " + std::to_string(block) + " threads, not " +
                       std::to_string(r.threads));
    L.spec.grid = static_cast<int>(grid);
    L.spec.block = static_cast<int>(block);
    if (shaped) {
      L.spec.grid_dim = Dim3{static_cast<int>(gd[0]), static_cast<int>(gd[1]), static_cast<int>(gd[2])};
      L.spec.block_dim = Dim3{static_cast<int>(bd[0]), static_cast<int>(bd[1]), static_cast<int>(bd[2])};
    }
    L.spec.dynamic_smem_bytes = smem;

    // Arguments: global arrays by name, or integer expressions, against the kernel's parameters.
    const cuda::Function& fn = *b.compiled.functions[L.entry].fn;
    auto args = split_commas(t, close + 3, args_end);
    // the parameters the launch leaves out take their defaults (`int *sums = NULL`)
    size_t required = fn.params.size();
    while (required > 0 && fn.launch_defaults.count(required - 1)) --required;
    if (args.size() < required || args.size() > fn.params.size())
      throw UsageError(file.display + ":" + std::to_string(lv.line) + ": the launch passes " + std::to_string(args.size()) +
                       " arguments; " + L.entry_name + " takes " + std::to_string(fn.params.size()) +
                       (required < fn.params.size() ? " (" + std::to_string(required) + " without its default arguments)" : ""));
    std::vector<std::string> arg_text;
    for (size_t a = 0; a < args.size(); ++a) {
      const cuda::Var& p = *fn.params[a];
      const size_t ab = args[a].first, ae = args[a].second;  // (lambdas may not capture structured bindings before C++20)
      // A pointer into a global array: NAME, NAME + EXPR, NAME - EXPR or &NAME[EXPR].
      auto array_named = [&](size_t i) {
        if (i >= ae || t[i].kind != cuda::Tok::Ident) return -1;
        for (size_t x = 0; x < k.arrays.size(); ++x)
          if (k.arrays[x].name == t[i].text) {
            if (k.arrays[x].device_var >= 0)
              cuda::fail_at(host.files, t[i].pos, "the launch passes '" + t[i].text + "', a __device__ variable: kernels use it by name, the host does not pass it");
            return static_cast<int>(x);
          }
        return -1;
      };
      int array = -1;
      long long offset = 0;
      if (ae == ab + 1) {
        array = array_named(ab);
      } else if (is_punct(t[ab], "&") && ae > ab + 4 && is_punct(t[ab + 2], "[") && is_punct(t[ae - 1], "]") &&
                 (array = array_named(ab + 1)) >= 0) {
        offset = host.eval(t, ab + 3, ae - 1);
      } else if (ae > ab + 2 && (is_punct(t[ab + 1], "+") || is_punct(t[ab + 1], "-")) && (array = array_named(ab)) >= 0) {
        // the offset is what follows the sign, up to the argument's end: no operator that binds
        // less tightly than + may stand outside parentheses there (C would apply it to the pointer)
        int depth = 0;
        for (size_t i = ab + 2; i < ae; ++i) {
          if (is_punct(t[i], "(") || is_punct(t[i], "[")) ++depth;
          if (is_punct(t[i], ")") || is_punct(t[i], "]")) --depth;
          static const char* const looser[] = {"<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "^", "|", "&&", "||", "?", ":", "="};
          for (const char* op : looser)
            if (depth == 0 && is_punct(t[i], op))
              throw UsageError(file.display + ":" + std::to_string(lv.line) + ": the launch passes " + t[ab].text + " " + t[ab + 1].text +
                               " ... with '" + op + "' outside parentheses; write " + t[ab].text + " " + t[ab + 1].text + " (...)");
        }
        // 0 + a - b, or 0 - a + b: the sign and what follows, as C groups them after the pointer
        std::vector<cuda::Token> tail(t.begin() + static_cast<long>(ab + 1), t.begin() + static_cast<long>(ae));
        cuda::Token zero = t[ab];
        zero.kind = cuda::Tok::Number;
        zero.text = "0";
        zero.hide.clear();
        tail.insert(tail.begin(), zero);
        offset = host.eval(tail, 0, tail.size());
      }
      if (array >= 0) {
        const std::string& aname = k.arrays[static_cast<size_t>(array)].name;
        const std::string shown = offset == 0 ? aname : aname + " + " + std::to_string(offset);
        if (!p.type.pointer)
          throw UsageError(file.display + ": the launch passes " + shown + " as " + L.entry_name + "'s parameter '" + p.name + "', which is not a pointer");
        const Base elem = p.type.base != Base::Struct ? p.type.base : p.type.sdef->fields.front().type.base;
        if (!array_typed[array]) {  // an array has the type of the first parameter it is passed as (a float4 *'s: float)
          ResolvedArray& ra = k.arrays[array];
          ra.type = elem;
          if (cuda::base_bytes(elem) < 4 && elem != Base::Void) {  // bool, char, short: packed, the words that hold them
            ra.bytes = ra.count * cuda::base_bytes(elem);
            ra.count = (ra.bytes + 3) / 4;
          } else {
            ra.count *= ra.words();  // a double or long long array: two words an element
          }
          array_typed[array] = true;
        }
        const ResolvedArray& ra = k.arrays[static_cast<size_t>(array)];
        const long long elem_bytes = ra.is_small() ? cuda::base_bytes(ra.type) : 4LL * ra.words();
        const long long count = ra.elements();
        if (offset < 0 || offset > count)
          throw UsageError(file.display + ":" + std::to_string(lv.line) + ": the launch passes " + aname + (offset < 0 ? " - " : " + ") +
                           std::to_string(offset < 0 ? -offset : offset) + ", outside " + aname + "'s " + std::to_string(count) +
                           " elements (an offset from 0 to " + std::to_string(count) + ")");
        if (p.type.base != Base::Void && cuda::base_bytes(elem) != elem_bytes)
          throw UsageError(file.display + ":" + std::to_string(lv.line) + ": the launch passes " + aname + ", an array of " +
                           std::to_string(elem_bytes) + "-byte elements (its first parameter's type), as " + L.entry_name + "'s " + p.type.name() +
                           " parameter '" + p.name + "'");
        L.spec.args.push_back(0);
        L.arg_array.push_back(array);
        L.arg_offset.push_back(offset * elem_bytes);  // in bytes
        arg_text.push_back(shown);
        continue;
      }
      const long long v = host.eval(t, ab, ae);
      if (p.type.pointer)
        throw UsageError(file.display + ": the launch passes a number as " + L.entry_name + "'s pointer parameter '" + p.name + "'");
      if (p.type.base == Base::Double) {
        const double d = static_cast<double>(v);
        uint64_t bits;
        std::memcpy(&bits, &d, 8);
        L.spec.args.push_back(bits);
      } else if (p.type.is_wide()) {
        L.spec.args.push_back(static_cast<uint64_t>(v));
      } else if (p.type.is_float()) {
        float f = static_cast<float>(v);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        L.spec.args.push_back(bits);
      } else if (p.type.is_small() || p.type.base == Base::Bool) {  // converted as C++ converts the argument
        const uint32_t u = static_cast<uint32_t>(v);
        L.spec.args.push_back(p.type.base == Base::Bool ? (v != 0)
                              : p.type.base == Base::SChar || p.type.base == Base::Char ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(u)))
                              : p.type.base == Base::UChar ? (u & 0xFFu)
                              : p.type.base == Base::Short ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(u)))
                                                           : (u & 0xFFFFu));
      } else {
        L.spec.args.push_back(static_cast<uint32_t>(v));
      }
      L.arg_array.push_back(-1);
      L.arg_offset.push_back(0);
      arg_text.push_back(std::to_string(v));
    }
    for (size_t a = args.size(); a < fn.params.size(); ++a) {
      const cuda::Var& p = *fn.params[a];
      const cuda::Function::LaunchDefault& d = fn.launch_defaults.at(a);
      uint64_t bits = static_cast<uint64_t>(d.ival);
      if (p.type.base == Base::Double && !p.type.pointer) {
        const double v = d.is_float ? d.fval : static_cast<double>(d.ival);
        std::memcpy(&bits, &v, 8);
      } else if (p.type.is_float() && !p.type.pointer) {
        const float f = d.is_float ? static_cast<float>(d.fval) : static_cast<float>(d.ival);
        uint32_t fb;
        std::memcpy(&fb, &f, 4);
        bits = fb;
      } else if (!p.type.is_wide()) {
        bits = static_cast<uint32_t>(d.ival);
      }
      L.spec.args.push_back(bits);
      L.arg_array.push_back(-1);
      L.arg_offset.push_back(0);
      arg_text.push_back(d.text);
    }
    launch_desc += "(";
    for (size_t a = 0; a < arg_text.size(); ++a) launch_desc += (a ? ", " : "") + arg_text[a];
    L.text = launch_desc + ")";
    k.launches.push_back(std::move(L));
  }
  // No launch passes `out`: nothing to compare, which is what a file without `// check:` asks for
  // (a printf demo, `__global__ void hello()`); its printf output is the result.
  if (!array_typed[1] && !h.check.empty())
    throw UsageError(file.display + ":" + std::to_string(h.launches.empty() ? h.launch_line : h.launches.back().line) + ": " +
                     (h.launches.size() > 1 ? "no launch passes" : "the launch passes no") + " `out` array, but `// check: " + h.check +
                     "` compares it; pass out to the kernel, or leave the check: line out");

  // The host's set-up before the first launch: `// init: NAME = VALUE[, NAME = VALUE ...]`.
  std::vector<int> init_line(k.arrays.size(), 0);
  for (const HeaderValue& iv : h.inits) {
    std::vector<cuda::Token> t = fragment(host.files, file.display, iv.value, iv.line, iv.col);
    const std::string at = file.display + ":" + std::to_string(iv.line) + ": init line: ";
    const auto parts = split_commas(t, 0, t.size());
    if (parts.empty()) throw UsageError(at + "expected NAME = VALUE (e.g. `// init: out = 0`)");
    for (const auto& [pb, pe] : parts) {
      if (pe < pb + 3 || t[pb].kind != cuda::Tok::Ident || !is_punct(t[pb + 1], "="))
        throw UsageError(at + "expected NAME = VALUE, not '" + iv.value + "' (e.g. `// init: out = 0`)");
      const std::string& name = t[pb].text;
      if (name == "in") throw UsageError(at + "in is the input (--n, --input); the host fills it, an init: line cannot");
      size_t a = 1;
      while (a < k.arrays.size() && k.arrays[a].name != name) ++a;
      if (a < k.arrays.size() && k.arrays[a].device_var >= 0)
        cuda::fail_at(host.files, t[pb].pos, "init: line sets '" + name + "', a __device__ variable: it starts at the value its declaration gives (0 without one)");
      if (a == k.arrays.size()) {
        std::string known;
        for (size_t x = 1; x < k.arrays.size(); ++x)
          if (k.arrays[x].device_var < 0) known += (x > 1 ? ", " : "") + k.arrays[x].name;
        throw UsageError(at + "no global array '" + name + "' (the file has: " + known + ")");
      }
      if (init_line[a])
        throw UsageError(at + name + " is set twice (line " + std::to_string(init_line[a]) + " sets it already)");
      init_line[a] = iv.line;
      ResolvedArray& arr = k.arrays[a];
      arr.has_init = true;
      if (pe == pb + 3 && t[pb + 2].kind == cuda::Tok::Ident && t[pb + 2].text == "in") {  // a copy of the input
        // no launch passes in: it holds what the array it is copied into holds (4-byte elements)
        if (!array_typed[0] && !arr.is_small() && arr.words() == 1) k.arrays[0].type = arr.type;
        if (arr.type != k.arrays[0].type || arr.is_small() != k.arrays[0].is_small())
          throw UsageError(at + name + " = in copies the input's bytes, so " + name + " must have in's element type (" +
                           cuda::Type{k.arrays[0].type, false}.name() + "), not " + cuda::Type{arr.type, false}.name());
        if (arr.elements() < r.n)
          throw UsageError(at + name + " has " + std::to_string(arr.elements()) + " elements, fewer than the " + std::to_string(r.n) +
                           " inputs it would copy");
        arr.init_from_input = true;
        continue;
      }
      arr.init_bits = host_init_value(host, t, pb + 2, pe, arr, at);
    }
  }
  k.in_type = k.arrays[0].type;
  k.out_type = k.arrays[1].type;
  if (k.arrays[0].is_small())  // the input as the kernel's `in` holds it (bool: 0 or 1; char, short: their low bytes)
    for (double& v : k.request.input) {
      const uint32_t u = static_cast<uint32_t>(static_cast<int64_t>(std::floor(v)));
      v = k.in_type == Base::Bool ? (v != 0) : k.in_type == Base::UChar ? static_cast<uint8_t>(u) : k.in_type == Base::SChar || k.in_type == Base::Char ? static_cast<int8_t>(static_cast<uint8_t>(u))
          : k.in_type == Base::UShort ? static_cast<uint16_t>(u) : static_cast<int16_t>(static_cast<uint16_t>(u));
    }
  const ResolvedLaunch& L0 = k.launches.front();
  k.request.threads = L0.spec.block;

  k.check = h.check;
  auto macro_value = [&](const char* name, long long* v) {
    if (!b.pre.macros.count(name)) return false;
    *v = host.eval_text(name, h.launch_line, 1);
    return true;
  };
  long long inc = 0;
  const bool scan_check = h.check == "inclusive-scan" || h.check == "exclusive-scan";
  if (scan_check && takes.count("INCLUSIVE") && macro_value("INCLUSIVE", &inc)) k.check = inc ? "inclusive-scan" : "exclusive-scan";
  k.inclusive = k.check == "inclusive-scan";
  long long bits = 0;
  if (takes.count("BITS") && macro_value("BITS", &bits)) k.bits = static_cast<int>(bits);
  k.request.bits = k.bits;
  if (k.check == "transpose") {  // the input is a ROWS x COLS matrix, COLS from the file
    long long cols = 0;
    if (!macro_value("COLS", &cols)) {  // no COLS: a square matrix, as the samples' and the blog's kernels take
      cols = host_isqrt(r.n);
      if (cols * cols != r.n)
        throw UsageError(id + " transposes a square matrix (the file has no COLS macro for its columns); --n " + std::to_string(r.n) +
                         " is not a square (" + std::to_string(cols * cols) + " or " + std::to_string((cols + 1) * (cols + 1)) + " are)");
    }
    if (cols < 1 || cols > r.n || r.n % cols != 0)
      throw UsageError(id + " transposes a matrix of COLS = " + std::to_string(cols) + " columns; --n " + std::to_string(r.n) +
                       " is not a whole number of its rows");
    k.matrix_cols = static_cast<int>(cols);
  }

  // Padding: where index i of the array lives, from the file's CONFLICT_FREE_OFFSET macro.
  auto cfo = b.pre.macros.find("CONFLICT_FREE_OFFSET");
  if (cfo != b.pre.macros.end() && cfo->second.function_like && cfo->second.params.size() == 1) {
    const long long m = host_next_pow2(r.n);
    const cuda::CompiledFunction& k0 = b.compiled.functions.at(static_cast<size_t>(L0.entry));
    const long long words = L0.spec.dynamic_smem_bytes / 4 + k0.static_shared_words;
    std::vector<int> index(static_cast<size_t>(std::max(0LL, words)), -1);
    bool padded = false;
    for (long long i = 0; i < m; ++i) {
      const long long off = host.eval_text("CONFLICT_FREE_OFFSET(" + std::to_string(i) + ")", h.launch_line, 1);
      padded = padded || off != 0;
      const long long w = k0.dynamic_base + i + off;
      if (w >= 0 && w < words) index[static_cast<size_t>(w)] = static_cast<int>(i);
    }
    if (padded) k.word_index = std::move(index);
  }
  return k;
}

std::vector<std::string> request_input_files(const TraceRequest& r) { return request_input_files(resolve_kernel(r)); }

std::vector<std::string> request_input_files(const ResolvedKernel& k) {
  std::vector<std::string> out = {k.file.path};
  for (const auto& f : k.build->files.files)  // the program's files by display path ("<options>": the host's text)
    if (!f.path.empty() && f.path[0] != '<') out.push_back(f.path[0] == '/' ? f.path : project_root() + "/" + f.path);
  return out;
}

}  // namespace scanscope
