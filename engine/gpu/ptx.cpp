// Reading shared-memory instructions out of PTX, and what ptxas merges (see ptx.h).
#include "engine/gpu/ptx.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

namespace scanscope::ptx {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// One statement of the instruction stream: a label or an instruction.
struct Stmt {
  bool label = false;
  std::string name;      // the label's name, or the opcode (ld.shared.u32)
  std::string pred;      // "@%p1" / "@!%p1" or ""
  std::vector<std::string> ops;
  std::string file;
  int line = 0, col = 0;
  int function = 0;      // registers are named per function
};

struct Parsed {
  std::vector<Stmt> stmts;
  std::map<std::string, int> symbol_align_bits;  // .shared symbols: log2 of their .align
};

int bits_of_align(long long a) {
  int b = 0;
  while (a > 1 && b < 63) {
    a >>= 1;
    ++b;
  }
  return b;
}

Parsed parse(const std::string& ptx) {
  Parsed p;
  std::map<int, std::string> files;  // the .file directives come after the code: read them first
  {
    std::istringstream pre(ptx);
    std::string l;
    while (std::getline(pre, l)) {
      std::string s = trim(l);
      if (s.compare(0, 5, ".file") == 0 && s.size() > 5 && std::isspace(static_cast<unsigned char>(s[5]))) {
        std::istringstream f(s.substr(5));
        int id = 0;
        f >> id;
        size_t q1 = s.find('"'), q2 = s.rfind('"');
        if (q1 != std::string::npos && q2 > q1) files[id] = s.substr(q1 + 1, q2 - q1 - 1);
      }
      // .extern .shared .align 16 .b8 temp[];   .shared .align 4 .b8 _ZZ...[1024];
      if (s.find(".shared") != std::string::npos && s.find(".align") != std::string::npos && s.back() == ';' &&
          (s.compare(0, 7, ".extern") == 0 || s.compare(0, 7, ".shared") == 0)) {
        std::istringstream f(s);
        std::string w, name;
        long long align = 1;
        while (f >> w) {
          if (w == ".align") f >> align;
          else if (w[0] != '.') name = w;
        }
        name = name.substr(0, name.find_first_of("[;"));
        if (!name.empty()) p.symbol_align_bits[name] = bits_of_align(align);
      }
    }
  }
  std::istringstream in(ptx);
  std::string raw, file;
  int line = 0, col = 0, function = 0;
  while (std::getline(in, raw)) {
    std::string s = trim(raw.substr(0, raw.find("//")));
    if (s.empty()) continue;
    if (s.find(".entry") != std::string::npos || s.find(".func") != std::string::npos) ++function;
    if (s.compare(0, 4, ".loc") == 0 && s.size() > 4 && std::isspace(static_cast<unsigned char>(s[4]))) {
      std::istringstream f(s.substr(4));
      int id = 0;
      f >> id >> line >> col;
      file = files.count(id) ? files[id] : "";
      continue;
    }
    if (s[0] == '.' || s[0] == '{' || s[0] == '}' || s[0] == ')' || s[0] == '(') continue;  // directives, braces
    if (s.back() == ':') {
      Stmt st;
      st.label = true;
      st.name = s.substr(0, s.size() - 1);
      st.function = function;
      p.stmts.push_back(st);
      continue;
    }
    if (s.back() != ';') continue;
    s.pop_back();
    Stmt st;
    st.file = file;
    st.line = line;
    st.col = col;
    st.function = function;
    if (s[0] == '@') {
      size_t sp = s.find_first_of(" \t");
      if (sp == std::string::npos) continue;
      st.pred = s.substr(0, sp);
      s = trim(s.substr(sp));
    }
    size_t sp = s.find_first_of(" \t");
    st.name = s.substr(0, sp);
    if (sp != std::string::npos) {
      std::string rest = s.substr(sp);
      int depth = 0;
      std::string cur;
      for (char c : rest) {
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') --depth;
        if (c == ',' && depth == 0) {
          st.ops.push_back(trim(cur));
          cur.clear();
        } else {
          cur += c;
        }
      }
      if (!trim(cur).empty()) st.ops.push_back(trim(cur));
    }
    // registers are per function: qualify them (%rd4 -> %rd4@2), inside addresses too
    for (auto& o : st.ops) {
      std::string q;
      for (size_t c = 0; c < o.size(); ++c) {
        q += o[c];
        if (o[c] == '%' && c + 1 < o.size() && std::isalpha(static_cast<unsigned char>(o[c + 1]))) {
          size_t e = c + 1;
          while (e < o.size() && (std::isalnum(static_cast<unsigned char>(o[e])) || o[e] == '_')) ++e;
          const std::string name = o.substr(c + 1, e - c - 1);
          const bool special = name == "tid" || name == "ntid" || name == "ctaid" || name == "nctaid" || name == "laneid" ||
                               name == "warpid" || name == "clock" || name == "clock64";
          q += name + (special ? "" : "@" + std::to_string(function));
          c = e - 1;
        }
      }
      o = q;
    }
    if (!st.pred.empty()) st.pred += "@" + std::to_string(function);
    p.stmts.push_back(st);
  }
  return p;
}

bool is_register(const std::string& s) { return !s.empty() && s[0] == '%'; }

bool immediate(const std::string& s, long long* v) {
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-')) return false;
  char* end = nullptr;
  *v = std::strtoll(s.c_str(), &end, 0);
  return end && *end == '\0';
}

int tz_of_value(long long v) {
  if (v == 0) return 63;
  int b = 0;
  while (!(v & 1) && b < 63) {
    v >>= 1;
    ++b;
  }
  return b;
}

// Guaranteed trailing zero bits of every register: a fixed point over the definitions, starting
// from "everything" and lowering (so loop-carried registers end at what every definition gives).
std::map<std::string, int> alignment(const Parsed& p) {
  std::map<std::string, int> tz;
  for (const auto& st : p.stmts)
    if (!st.label && !st.ops.empty() && is_register(st.ops[0]) && st.name.compare(0, 2, "st") != 0) tz[st.ops[0]] = 63;
  auto of = [&](const std::string& op) {
    long long v = 0;
    if (immediate(op, &v)) return tz_of_value(v);
    if (is_register(op)) {
      auto it = tz.find(op);
      return it == tz.end() ? 0 : it->second;  // %tid.x and other special registers: nothing known
    }
    auto sym = p.symbol_align_bits.find(op);
    return sym == p.symbol_align_bits.end() ? 0 : sym->second;
  };
  for (int round = 0; round < 64; ++round) {
    bool changed = false;
    for (const auto& st : p.stmts) {
      if (st.label || st.ops.empty() || !tz.count(st.ops[0])) continue;
      const std::string head = st.name.substr(0, st.name.find('.'));
      const auto& o = st.ops;
      int v = 0;
      if ((head == "mov" || head == "cvt" || head == "cvta" || head == "neg") && o.size() >= 2) v = of(o[1]);
      else if ((head == "add" || head == "sub" || head == "or" || head == "xor") && o.size() >= 3) v = std::min(of(o[1]), of(o[2]));
      else if (head == "and" && o.size() >= 3) v = std::max(of(o[1]), of(o[2]));
      else if (head == "mul" && o.size() >= 3) v = std::min(63, of(o[1]) + of(o[2]));
      else if (head == "mad" && o.size() >= 4) v = std::min(std::min(63, of(o[1]) + of(o[2])), of(o[3]));
      else if (head == "shl" && o.size() >= 3) {
        long long k = 0;
        v = immediate(o[2], &k) ? static_cast<int>(std::min<long long>(63, of(o[1]) + k)) : 0;
      } else if (head == "shr" && o.size() >= 3) {
        long long k = 0;
        v = immediate(o[2], &k) ? static_cast<int>(std::max<long long>(0, of(o[1]) - k)) : 0;
      } else if (head == "selp" && o.size() >= 3) v = std::min(of(o[1]), of(o[2]));
      if (v < tz[o[0]]) {
        tz[o[0]] = v;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return tz;
}

}  // namespace

std::vector<SharedInstruction> shared_instructions(const std::string& ptx) {
  const Parsed p = parse(ptx);
  const std::map<std::string, int> tz = alignment(p);
  std::vector<SharedInstruction> out;
  for (size_t k = 0; k < p.stmts.size(); ++k) {
    const Stmt& st = p.stmts[k];
    if (st.label || st.name.find(".shared") == std::string::npos) continue;
    const std::string head = st.name.substr(0, st.name.find('.'));
    const bool ld = head == "ld", store = head == "st", at = head == "atom" || head == "red";
    if (!ld && !store && !at) continue;
    SharedInstruction i;
    i.file = st.file;
    i.line = st.line;
    i.col = st.col;
    i.store = store;
    i.atomic = at;
    i.predicated = !st.pred.empty();
    i.index = static_cast<int>(k);
    // words covered: the vector count times the element's size in words (.v2.f32: 2; .u64: 2)
    int vec = 1, bytes = 4;
    size_t q = 0;
    while (q < st.name.size()) {
      size_t e = st.name.find('.', q);
      if (e == std::string::npos) e = st.name.size();
      const std::string part = st.name.substr(q, e - q);
      if (part == "v2") vec = 2;
      else if (part == "v4") vec = 4;
      else if (part.size() >= 2 && (part[0] == 'b' || part[0] == 'u' || part[0] == 's' || part[0] == 'f') &&
               std::isdigit(static_cast<unsigned char>(part[1])))
        bytes = std::atoi(part.c_str() + 1) / 8;
      q = e + 1;
    }
    i.width = std::max(1, vec * bytes / 4);
    // the address: [%rd3+4], [temp+8], [%rd3]
    const std::string addr = !st.ops.empty() ? (store || at ? st.ops[0] : st.ops.size() > 1 ? st.ops[1] : "") : "";
    if (addr.size() > 2 && addr.front() == '[' && addr.back() == ']') {
      std::string a = addr.substr(1, addr.size() - 2);
      size_t plus = a.find('+');
      i.base = trim(plus == std::string::npos ? a : a.substr(0, plus));
      if (plus != std::string::npos) i.offset = std::strtoll(trim(a.substr(plus + 1)).c_str(), nullptr, 0);
      int base_tz = 0;
      if (is_register(i.base)) {
        auto it = tz.find(i.base);
        base_tz = it == tz.end() ? 0 : it->second;
      } else {
        auto sym = p.symbol_align_bits.find(i.base);
        base_tz = sym == p.symbol_align_bits.end() ? 0 : sym->second;
      }
      i.align_bits = std::min(base_tz, tz_of_value(i.offset));
    }
    out.push_back(i);
  }
  return out;
}

namespace {

// ptxas if-converts an if/else whose arms hold at most this many instructions together (read off
// the SASS of the catalogue's kernels: Hillis-Steele's 9 are converted, the scan paper's
// Algorithm 2 as printed (12) and Hillis-Steele with mat2 (34) are not).
constexpr int kIfConversionLimit = 10;

// The instructions of the if/else around statements a < b: from the conditional branch before a
// to the label that ends the arm holding b.
int diamond_size(const Parsed& p, int a, int b) {
  int start = a;
  while (start > 0 && !(p.stmts[start].name.compare(0, 3, "bra") == 0 && !p.stmts[start].pred.empty())) --start;
  int end = b;
  while (end + 1 < static_cast<int>(p.stmts.size()) && !p.stmts[end + 1].label) ++end;
  int n = 0;
  for (int k = start + 1; k <= end; ++k)
    if (!p.stmts[k].label && p.stmts[k].name.compare(0, 3, "bra") != 0) ++n;
  return n;
}

}  // namespace

std::vector<Merge> assembler_merges(const std::string& ptx, const std::vector<SharedInstruction>& instrs) {
  const Parsed p = parse(ptx);
  std::map<std::string, int> label_at;
  for (size_t k = 0; k < p.stmts.size(); ++k)
    if (p.stmts[k].label) label_at[p.stmts[k].name] = static_cast<int>(k);
  auto branch_target = [&](const Stmt& st) -> int {
    if (st.label || st.name.compare(0, 3, "bra") != 0 || st.ops.empty()) return -1;
    auto it = label_at.find(st.ops.back());
    return it == label_at.end() ? -1 : it->second;
  };
  std::vector<Merge> out;
  std::vector<char> used(instrs.size(), 0);
  for (size_t a = 0; a < instrs.size(); ++a) {
    if (used[a]) continue;
    const SharedInstruction& x = instrs[a];
    if (x.atomic || x.width != 1 || x.base.empty()) continue;
    for (size_t b = a + 1; b < instrs.size(); ++b) {
      const SharedInstruction& y = instrs[b];
      if (y.atomic) break;
      if (y.store != x.store) {
        if (!x.store && y.store) break;  // a load does not move past a shared store
        if (x.store) break;              // nor a store past any shared access
        continue;
      }
      if (used[b] || y.width != 1 || y.base != x.base) {
        if (x.store) break;
        continue;
      }
      bool labels = false, uncond_jump = false, skipped = false;
      for (int k = x.index + 1; k < y.index; ++k) {
        const Stmt& s = p.stmts[k];
        if (s.label) labels = true;
        const int t = branch_target(s);
        if (t >= 0 && s.pred.empty()) uncond_jump = true;
        if (t > y.index) skipped = true;  // jumps over the second
      }
      for (int k = 0; k < x.index; ++k) {  // a jump from before the first into between them skips it
        const int t = branch_target(p.stmts[k]);
        if (t > x.index && t < y.index) skipped = true;
      }
      // The two arms of a small if/else load the same word: ptxas predicates both arms (if-
      // conversion) and makes one load of the two, before them. Larger arms keep their branches.
      if (!x.store && y.offset == x.offset && labels && uncond_jump && !x.predicated && !y.predicated &&
          diamond_size(p, x.index, y.index) <= kIfConversionLimit) {
        out.push_back({static_cast<int>(a), static_cast<int>(b), 1});
        used[a] = used[b] = 1;
        break;
      }
      // Neighbouring words from an 8-byte aligned address: one 8-byte access.
      const long long lo = std::min(x.offset, y.offset);
      const bool neighbours = std::abs(x.offset - y.offset) == 4 && lo % 8 == 0;
      const bool aligned = std::min(x.align_bits, y.align_bits) >= 2 && (x.offset < y.offset ? x : y).align_bits >= 3;
      const bool same_block = !labels;
      if (neighbours && aligned && !skipped && !x.predicated && !y.predicated && (!x.store || same_block)) {
        out.push_back({static_cast<int>(a), static_cast<int>(b), 2});
        used[a] = used[b] = 1;
        break;
      }
      if (x.store) break;
    }
  }
  return out;
}

namespace {

// ".shared .align 4 .b8 name[20];" (optionally .extern, a type other than .b8, several
// dimensions or none): false for anything else and for an extern (dynamic) array.
bool shared_declaration(const std::string& line, SharedArray* out) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  size_t i = 0;
  while (i < w.size() && (w[i] == ".visible" || w[i] == ".global" || w[i] == ".weak")) ++i;
  if (i >= w.size() || w[i] != ".shared") return false;
  ++i;
  long long align = 0, elem = 0;
  for (; i < w.size() && w[i][0] == '.'; ++i) {
    if (w[i] == ".align" && i + 1 < w.size()) {
      align = std::atoll(w[++i].c_str());
      continue;
    }
    const std::string& t = w[i];
    if (t.size() >= 3 && (t[1] == 'b' || t[1] == 'u' || t[1] == 's' || t[1] == 'f')) {
      const long long bits = std::atoll(t.c_str() + 2);
      if (bits == 8 || bits == 16 || bits == 32 || bits == 64) elem = bits / 8;
    }
  }
  if (i >= w.size() || elem == 0) return false;
  std::string decl;  // "name[20];", or "name[20]" ";"
  for (size_t j = i; j < w.size(); ++j) decl += w[j];
  if (decl.empty() || decl.back() != ';') return false;
  decl.pop_back();
  const size_t b = decl.find('[');
  long long count = 1;
  if (b != std::string::npos) {
    for (size_t p = b; p < decl.size();) {
      const size_t q = decl.find(']', p);
      if (decl[p] != '[' || q == std::string::npos || q == p + 1) return false;  // name[]: extern
      count *= std::atoll(decl.substr(p + 1, q - p - 1).c_str());
      p = q + 1;
    }
  }
  out->name = decl.substr(0, b);
  out->align = align > 0 ? align : elem;
  out->bytes = count * elem;
  return !out->name.empty() && out->bytes > 0;
}

// The identifiers of a line of code (a symbol is named by them: [sdata+4], mov.u64 %rd4, sdata)
void identifiers(const std::string& line, std::set<std::string>* out) {
  for (size_t i = 0; i < line.size();) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (std::isalpha(c) || c == '_' || c == '$' || c == '%') {
      size_t j = i + 1;
      while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_' || line[j] == '$')) ++j;
      out->insert(line.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
}

}  // namespace

std::vector<KernelShared> kernel_shared_arrays(const std::string& ptx, bool* complete) {
  *complete = true;
  std::vector<SharedArray> module;  // .shared at module scope, in order
  struct Body {
    bool entry = false;
    std::string name;
    std::vector<SharedArray> own;
    std::set<std::string> names;
  };
  std::vector<Body> bodies;
  std::istringstream in(ptx);
  std::string l;
  int depth = 0;
  Body cur;
  bool header = false;  // between ".entry NAME(" / ".func" and its body's '{'
  while (std::getline(in, l)) {
    std::string s = trim(l);
    if (const size_t c = s.find("//"); c != std::string::npos) s = trim(s.substr(0, c));
    if (s.empty()) continue;
    if (depth == 0) {
      SharedArray a;
      if (shared_declaration(s, &a)) {
        module.push_back(a);
        continue;
      }
      std::istringstream w(s);
      std::vector<std::string> words;
      for (std::string t; w >> t;) words.push_back(t);
      for (size_t i = 0; i < words.size(); ++i)
        if (words[i] == ".entry" || words[i] == ".func") {
          cur = Body{};
          cur.entry = words[i] == ".entry";
          // .func (.param .b32 r) name(...): the name is the first word after the return's parentheses
          size_t j = i + 1;
          if (j < words.size() && words[j][0] == '(') {
            while (j < words.size() && words[j].find(')') == std::string::npos) ++j;
            ++j;
          }
          if (j < words.size()) cur.name = words[j].substr(0, words[j].find('('));
          header = true;
          break;
        }
    }
    for (char ch : s) {
      if (ch == '{') {
        if (depth == 0 && header) header = false;
        ++depth;
      } else if (ch == '}') {
        if (--depth == 0) bodies.push_back(cur);
        if (depth < 0) depth = 0;
      }
    }
    if (depth > 0) {
      SharedArray a;
      if (shared_declaration(s, &a))
        cur.own.push_back(a);
      else
        identifiers(s, &cur.names);
    }
  }
  std::vector<KernelShared> out;
  for (const Body& b : bodies) {
    bool touches = !b.own.empty();
    for (const SharedArray& a : module) touches = touches || b.names.count(a.name) > 0;
    if (!b.entry) {
      if (touches) *complete = false;
      continue;
    }
    KernelShared k;
    k.entry = b.name;
    k.arrays = b.own;
    for (const SharedArray& a : module)
      if (b.names.count(a.name)) k.arrays.push_back(a);
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace scanscope::ptx
