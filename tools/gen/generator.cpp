// The kernel generator (see generator.h). A kernel is built as a sequence of stages over one tile
// of TILE = B * E elements per block: a load from global memory, moves that permute which thread
// holds which element (warp shuffles, exchanges through shared arrays with padded, strided or 2-D
// layouts, warp-local exchanges with __syncwarp, ballot partitions, invertible arithmetic, inside
// uniform and divergent branches and loops), then a store (copy) or a block reduction (reduce).
// Every move is a bijection, checked here only by construction: the rules below are what keep the
// kernels well-defined, so each rule is written beside the code that depends on it.
#include "tools/gen/generator.h"

#include <algorithm>
#include <functional>
#include <sstream>
#include <vector>

namespace scanscope::gen {

namespace {

// splitmix64: the same numbers everywhere (std::uniform_int_distribution is not portable).
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int below(int n) { return n <= 1 ? 0 : static_cast<int>(next() % static_cast<uint64_t>(n)); }
  int range(int lo, int hi) { return lo + below(hi - lo + 1); }  // inclusive
  bool chance(int percent) { return below(100) < percent; }
  template <class V>
  const typename V::value_type& pick(const V& v) {
    return v[below(static_cast<int>(v.size()))];
  }
};

std::string S(long long v) { return std::to_string(v); }

int log2i(int v) {
  int k = 0;
  while ((1 << (k + 1)) <= v) ++k;
  return k;
}

// "@" in a template stands for the operand.
std::string subst(const std::string& tmpl, const std::string& operand) {
  std::string out;
  for (char c : tmpl) {
    if (c == '@') out += operand;
    else out += c;
  }
  return out;
}

// A bijection of [0, D) (D a power of two), as an expression template over "@".
std::string random_perm(Rng& rng, int D) {
  if (D <= 1) return "@";
  const std::string mask = S(D - 1);
  switch (rng.below(7)) {
    case 0: return "@";
    case 1: return "(@ ^ " + S(rng.range(1, D - 1)) + ")";
    case 2: return "((@ + " + S(rng.range(1, D - 1)) + ") & " + mask + ")";
    case 3: return "((@ * " + S(2 * rng.range(0, 7) + 3) + ") & " + mask + ")";
    case 4: return "(" + mask + " - @)";
    case 5:
      if (D >= 64) return "(((@) & 31) * " + S(D / 32) + " + ((@) >> 5))";  // lanes and warps swap
      return "(@ ^ " + S(rng.range(1, D - 1)) + ")";
    default: {  // two of them composed
      const std::string inner = "(@ ^ " + S(rng.range(1, D - 1)) + ")";
      return subst("((@ + " + S(rng.range(1, D - 1)) + ") & " + mask + ")", inner);
    }
  }
}

// Where slot i of a shared array lives: 1-D with a padding or stride macro, or a 2-D array.
struct Layout {
  std::string macro;  // 1-D: the macro's name ("" for the identity)
  std::string def;    // its #define
  std::function<long long(long long)> word;
  int cols = 0, padc = 0;  // 2-D: [slots / cols][cols + padc]
  long long words(int slots) const {
    if (cols) return static_cast<long long>(slots / cols) * (cols + padc);
    long long m = 0;
    for (int i = 0; i < slots; ++i) m = std::max(m, word(i));
    return m + 1;
  }
};

struct SharedArray {
  std::string name;
  std::string elem;  // int, float, int2, float2
  Layout layout;
  int slots = 0;
  // The element at slot expression `e` (an int variable or expression without side effects).
  std::string at(const std::string& e) const {
    if (layout.cols) return name + "[(" + e + ") / " + S(layout.cols) + "][(" + e + ") % " + S(layout.cols) + "]";
    if (layout.macro.empty()) return name + "[" + e + "]";
    return name + "[" + layout.macro + "(" + e + ")]";
  }
  std::string decl() const {
    if (layout.cols)
      return "__shared__ " + elem + " " + name + "[" + S(slots / layout.cols) + "][" + S(layout.cols + layout.padc) + "];";
    return "__shared__ " + elem + " " + name + "[" + S(layout.words(slots)) + "];";
  }
};

enum class Mode { Copy, Reduce };
enum class Combine { Atomic, Partial, Final };

// One launch's kernel: the file-level text it needs and its launch line.
struct KernelText {
  std::string name;
  std::vector<std::string> macros;
  std::vector<std::string> helpers;
  std::string code;
  bool uses_e = false, uses_reps = false;
  bool dst_needs_zero = false;  // atomics onto the destination: the host must zero it
  std::string block;            // the launch's block: "B0" or "dim3(BX0, BY0)"
  bool stride = false;          // a grid-stride loop over tiles: any grid works
  std::string tile;             // "TILE0"
  std::string shift;            // "S0"
  int grid_cap = 0;             // stride: at most this many blocks
  std::string summary;          // what it does, in a few words
};

class KernelGen {
 public:
  KernelGen(Rng& rng, int k, Mode mode, bool is_float, Combine combine, const Options& opt, bool force_stride,
            long long& shared_words)
      : rng_(rng), k_(k), mode_(mode), float_(is_float), combine_(combine), opt_(opt), shared_words_(shared_words) {
    vt_ = float_ ? "float" : "int";
    suffix_ = S(k);
    B_ = rng_.pick(std::vector<int>{32, 64, 128, 128, 256});
    const std::vector<int> es = mode_ == Mode::Reduce ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{1, 2, 2, 4};
    E_ = rng_.pick(es);
    if (B_ * E_ > 1024) E_ = 1024 / B_;
    tile_ = B_ * E_;
    if (rng_.chance(25)) {  // a 2-D block: the thread's linear id as the hardware numbers them
      bx_ = rng_.pick(std::vector<int>{8, 16, 32, 64});
      if (bx_ > B_) bx_ = B_;
      by_ = B_ / bx_;
    }
    shift_ = rng_.chance(30) ? 2 * rng_.range(1, 5) : 0;  // even: 8-byte accesses stay aligned
    stride_ = force_stride || rng_.chance(50);
    runtime_e_ = rng_.chance(20);
    // Pairs of elements as one int2/float2 global access: the tile's start is even (TILE and the
    // shift are), and the launch passes pointers at even offsets.
    vector_ok_ = E_ % 2 == 0;
  }

  KernelText generate() {
    KernelText kt;
    kt.name = "gk" + suffix_;
    const std::string B = "B" + suffix_, E = "E" + suffix_, TILE = "TILE" + suffix_, SH = "S" + suffix_;
    Bn_ = B;
    En_ = E;
    if (rng_.chance(30)) {
      kt.macros.push_back("const int " + B + " = " + S(B_) + ";");
      kt.macros.push_back("const int " + E + " = " + S(E_) + ";");
    } else {
      kt.macros.push_back("#define " + B + " " + S(B_));
      kt.macros.push_back("#define " + E + " " + S(E_));
    }
    kt.macros.push_back("#define " + TILE + " (" + B + " * " + E + ")");
    kt.macros.push_back("#define " + SH + " " + S(shift_));
    if (bx_) {
      kt.macros.push_back("#define BX" + suffix_ + " " + S(bx_));
      kt.macros.push_back("#define BY" + suffix_ + " " + S(by_));
      kt.block = "dim3(BX" + suffix_ + ", BY" + suffix_ + ")";
    } else {
      kt.block = B;
    }
    kt.tile = TILE;
    kt.shift = SH;
    kt.stride = stride_;
    kt.grid_cap = rng_.range(1, 4);

    // The body, stage by stage.
    line("const int t = " + std::string(bx_ ? "threadIdx.x + blockDim.x * threadIdx.y" : "threadIdx.x") + ";");
    line("const int lane = t & 31;");
    line("const int warp = t >> 5;");
    line(vt_ + " v[" + E + "];");
    if (copy()) line("int x[" + E + "];  // which element of the tile v[j] is");
    if (!copy()) line(vt_ + " acc = 0;");
    if (stride_) {
      line("const int tiles = (n + " + SH + " + " + TILE + " - 1) / " + TILE + ";");
      open("for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {");
    } else {
      open("{");
      line("const int tile = blockIdx.x;");
    }
    line("const int base = tile * " + TILE + " - " + SH + ";  // the tile's first element");
    stage_load();
    const int stages = rng_.range(1, 5);
    for (int i = 0; i < stages; ++i) stage_any(2);
    undo_all();
    if (copy()) stage_store(kt);
    else for_j(E_, [&](const std::string& j) { line("acc += v[" + j + "];"); });
    if (stride_ && dirty_) barrier("the tile's shared words are read before the next tile's are written");
    close();
    if (!copy()) block_reduce(kt);

    std::ostringstream os;
    os << "__global__ void " << kt.name << "(const " << vt_ << " *" << restrict() << "src, " << vt_ << " *" << restrict() << "dst, int n";
    if (uses_e_) os << ", int e";
    if (uses_reps_) os << ", int reps";
    os << ") {\n";
    for (const auto& a : arrays_) os << "  " << a.decl() << "\n";
    for (const auto& l : body_) os << l << "\n";
    os << "}\n";
    kt.code = os.str();
    kt.uses_e = uses_e_;
    kt.uses_reps = uses_reps_;
    kt.helpers = helpers_;
    for (const auto& d : layout_defs_) kt.macros.push_back(d);
    kt.summary = summary();
    if (dst_zero_) kt.dst_needs_zero = true;
    return kt;
  }

 private:
  Rng& rng_;
  int k_;
  Mode mode_;
  bool float_;
  Combine combine_;
  Options opt_;
  std::string vt_, suffix_, Bn_, En_;
  int B_ = 32, E_ = 1, tile_ = 32, bx_ = 0, by_ = 0, shift_ = 0;
  bool stride_ = false, runtime_e_ = false, vector_ok_ = false;
  bool uses_e_ = false, uses_reps_ = false, dst_zero_ = false;
  std::vector<std::string> body_;
  int indent_ = 1;
  std::vector<SharedArray> arrays_;
  std::vector<std::string> layout_defs_;
  std::vector<std::string> helpers_;
  // Shared words of the whole file: the interpreter counts every kernel's __shared__ arrays
  // against each launch's 48 KiB (CUDA counts a kernel's own), so the file keeps to it as a whole.
  long long& shared_words_;
  bool dirty_ = false;         // shared words touched since the last __syncthreads()
  bool race_injected_ = false, inject_next_ = false;
  int counter_ = 0;
  std::vector<std::string> undo_;  // inverse arithmetic still to apply, innermost last
  // Entries below this one were applied outside the branch or loop being written: undoing one in
  // there would undo it on one path only, or once per round.
  size_t undo_floor_ = 0;
  // The canonical layout: when set, x[j] equals this expression of t and j (so stores may use
  // it, and pairs 2k, 2k+1 sit in v[2jj], v[2jj + 1] when `pairs`).
  bool canonical_ = false;
  std::function<std::string(const std::string&)> canon_elem_;        // j -> element
  std::function<std::string(const std::string&)> canon_pair_;        // jj -> pair index
  bool canon_pairs_ = false;
  std::vector<std::string> what_;  // the stages, for the title

  bool copy() const { return mode_ == Mode::Copy; }
  std::string restrict() { return rng_.chance(20) ? "__restrict__ " : ""; }
  std::string fresh(const std::string& stem) { return stem + suffix_ + "_" + S(counter_++); }

  void line(const std::string& s) { body_.push_back(std::string(2 * indent_, ' ') + s); }
  void open(const std::string& s) {
    line(s);
    ++indent_;
  }
  void close(const std::string& s = "}") {
    --indent_;
    line(s);
  }
  void barrier(const std::string& why) {
    // The injected race: at the tile's own level (not in a branch that may not run).
    if (inject_next_) {
      inject_next_ = false;
      race_injected_ = true;  // the race the reducer's test keeps
      line("// (no barrier here: " + why + ")");
      return;
    }
    std::string label;
    if (rng_.chance(15)) label = "  // step: " + why;
    line("__syncthreads();" + label);
    dirty_ = false;
  }

  // A loop over j = 0 .. count - 1 in one of several forms: the body sees j as a name or a literal.
  void for_j(int count, const std::function<void(const std::string&)>& body, bool pairs = false) {
    if (count == 1) {
      open("{");
      line("const int j = 0;");
      body("j");
      close();
      return;
    }
    const std::string bound = pairs ? "(" + En_ + " / 2)" : En_;
    switch (rng_.below(runtime_e_ ? 5 : 4)) {
      case 0:
        line("#pragma unroll");
        open("for (int j = 0; j < " + bound + "; ++j) {");
        break;
      case 1: open("for (int j = 0; j < " + bound + "; ++j) {"); break;
      case 2:
        if (count <= 4) {  // written out
          for (int j = 0; j < count; ++j) {
            open("{");
            body(S(j));
            close();
          }
          return;
        }
        line("#pragma unroll 1");
        open("for (int j = 0; j < " + bound + "; j++) {");
        break;
      case 3: open("for (int j = " + S(count - 1) + "; j >= 0; --j) {"); break;
      default:
        uses_e_ = true;  // a bound the kernel learns at run time (the launch passes E)
        open("for (int j = 0; j < " + std::string(pairs ? "e / 2" : "e") + "; ++j) {");
        break;
    }
    body("j");
    close();
  }

  Layout random_layout(int slots, bool allow_2d) {
    Layout L;
    const int c = rng_.below(allow_2d ? 7 : 6);
    if (c == 0 || c == 1) {
      L.word = [](long long i) { return i; };
      return L;
    }
    if (c == 6) {
      std::vector<int> cols;
      for (int w : {16, 32, 64})
        if (slots % w == 0 && slots > w) cols.push_back(w);
      if (!cols.empty()) {
        L.cols = rng_.pick(cols);
        L.padc = rng_.range(0, 2);
        return L;
      }
    }
    L.macro = "PAD" + suffix_ + "_" + S(counter_++);
    if (c == 2 || c == 3 || c == 6) {
      const int sh = rng_.pick(std::vector<int>{3, 4, 5, 5});
      L.def = "#define " + L.macro + "(i) ((i) + ((i) >> " + S(sh) + "))";
      L.word = [sh](long long i) { return i + (i >> sh); };
    } else {
      const int st = rng_.pick(std::vector<int>{2, 3, 5});
      const int off = rng_.range(0, 3);
      L.def = "#define " + L.macro + "(i) ((i) * " + S(st) + " + " + S(off) + ")";
      L.word = [st, off](long long i) { return i * st + off; };
    }
    if (shared_words_ + L.words(slots) * 2 > kStageWords) {  // too big: no padding
      L.macro.clear();
      L.def.clear();
      L.word = [](long long i) { return i; };
    }
    return L;
  }

  // A new shared array of `slots` elements, or none when shared memory is spent.
  // Stages keep the file to kStageWords, so that a reduction's few words always fit after them.
  static constexpr long long kStageWords = 9000, kAllWords = 12000;
  bool new_array(const std::string& stem, const std::string& elem, int slots, bool allow_2d, SharedArray* out,
                 long long limit = kStageWords) {
    SharedArray a;
    a.name = fresh(stem);
    a.elem = elem;
    a.slots = slots;
    a.layout = random_layout(slots, allow_2d);
    const long long w = a.layout.words(slots) * (elem.back() == '2' ? 2 : 1);
    if (shared_words_ + w > limit) return false;
    shared_words_ += w;
    if (!a.layout.def.empty()) layout_defs_.push_back(a.layout.def);
    arrays_.push_back(a);
    *out = a;
    return true;
  }

  // A bijection of [0, D) as a template over "@": an expression, or a call of a __device__
  // function of the file that computes it (calls, inlined or not, in the mix).
  std::string perm(int D) {
    const std::string p = random_perm(rng_, D);
    if (p == "@" || !rng_.chance(20)) return p;
    const std::string name = "perm" + suffix_ + "_" + S(counter_++);
    const std::string attr = rng_.chance(50) ? "__device__ __forceinline__" : "__device__";
    helpers_.push_back(attr + " int " + name + "(int v) { return " + subst(p, "v") + "; }");
    return name + "(@)";
  }

  // The slot of (thread-like value u, j) in a tile of E slots per thread.
  std::string slot_of(int form, const std::string& u, const std::string& j) {
    if (E_ == 1) return u;
    switch (form) {
      case 0: return j + " * " + Bn_ + " + " + u;
      case 1: return u + " * " + En_ + " + " + j;
      default: return u + " * " + En_ + " + ((" + j + " + " + S(form) + ") & (" + En_ + " - 1))";
    }
  }
  int slot_form() { return E_ == 1 ? 0 : rng_.range(0, 3); }

  // ---- stages -----------------------------------------------------------------------------

  void stage_load() {
    const bool pairs = vector_ok_ && rng_.chance(40);
    const std::string P = perm(B_);
    const std::string u = subst(P, "t");
    if (pairs) {
      const int form = rng_.below(2);
      const int half = E_ / 2;
      auto pair_of = [=](const std::string& jj) {
        if (half == 1) return u;
        return form == 0 ? jj + " * " + Bn_ + " + " + u : u + " * (" + En_ + " / 2) + " + jj;
      };
      const std::string v2 = float_ ? "float2" : "int2";
      for_j(half, [&](const std::string& jj) {
        line("const int k = " + pair_of(jj) + ";  // a pair of elements, one 8-byte load");
        line("const int g = base + 2 * k;");
        line(v2 + " q = make_" + v2 + "(0, 0);");
        open("if (g >= 0 && g + 1 < n) {");
        line("q = reinterpret_cast<const " + v2 + " *>(src)[g / 2];");
        close("} else {");
        ++indent_;
        line("if (g >= 0 && g < n) q.x = src[g];");
        line("if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];");
        close();
        line("v[2 * " + jj + "] = q.x;");
        line("v[2 * " + jj + " + 1] = q.y;");
        if (copy()) {
          line("x[2 * " + jj + "] = 2 * k;");
          line("x[2 * " + jj + " + 1] = 2 * k + 1;");
        }
      }, true);
      canonical_ = true;
      canon_pairs_ = true;
      canon_pair_ = pair_of;
      what_.push_back("8-byte loads");
    } else {
      const int form = slot_form();
      for_j(E_, [&](const std::string& j) {
        line("const int el = " + slot_of(form, u, j) + ";");
        line("const int g = base + el;");
        if (rng_.chance(50)) {
          line("v[" + j + "] = g >= 0 && g < n ? src[g] : 0;");
        } else {
          line("v[" + j + "] = 0;");
          line("if (g >= 0 && g < n) v[" + j + "] = src[g];");
        }
        if (copy()) line("x[" + j + "] = el;");
      });
      canonical_ = true;
      canon_pairs_ = false;
      canon_elem_ = [=](const std::string& j) { return slot_of(form, u, j); };
      what_.push_back("loads");
    }
  }

  void stage_any(int depth) {
    int c = rng_.below(depth > 0 ? 12 : 8);
    if (!copy() && c == 7) c = 0;  // a gather only reorders indices a copy carries
    switch (c) {
      case 0:
      case 1: stage_exchange(); break;
      case 2: stage_shuffle(); break;
      case 3: stage_warp_exchange(); break;
      case 4: stage_ballot_partition(); break;
      case 5: stage_arith(); break;
      case 6: stage_undo_one(); break;
      case 7: stage_gather(); break;
      case 8: stage_uniform_if(depth - 1); break;
      case 9: stage_reps_loop(depth - 1); break;
      case 10: stage_warp_vote(depth - 1); break;
      default: stage_exchange(); break;
    }
  }

  // Through a shared array: each thread writes its elements at slots of one bijection, a barrier,
  // each reads at slots of another. Written either by every thread alike or in two arms of a
  // branch on a bit of the thread's id (each arm keeps that bit, so the slots stay a bijection).
  void stage_exchange() {
    // The exchange that loses its barrier (--inject-race) zeroes its arrays first, so that a read
    // before the write is a race the hazard detector marks, not a read of a word never written.
    const bool race_here = opt_.inject_race && !race_injected_ && indent_ == 2;
    const bool pack = !race_here && copy() && rng_.chance(30);  // value and index as one 8-byte element
    const bool atomic = !pack && rng_.chance(20);
    const bool zero = atomic || race_here;
    SharedArray a, ax;
    const std::string pe = float_ ? "float2" : "int2";
    // (a 2-D array of int2 is not in the language: arrays of structs have one dimension)
    if (!new_array(pack ? "sp" : "sv", pack ? pe : vt_, tile_, !zero && !pack, &a)) return;
    if (copy() && !pack && !new_array("sx", "int", tile_, !race_here, &ax)) return;
    if (zero) {  // atomics add onto zeros: zero the array first
      const long long aw = a.layout.words(tile_), xw = race_here && copy() ? ax.layout.words(tile_) : 0;
      open("for (int i = t; i < " + S(std::max(aw, xw)) + "; i += " + Bn_ + ") {");
      line(aw >= xw ? a.name + "[i] = 0;" : "if (i < " + S(aw) + ") " + a.name + "[i] = 0;");
      if (xw) line(xw >= aw ? ax.name + "[i] = 0;" : "if (i < " + S(xw) + ") " + ax.name + "[i] = 0;");
      close();
      barrier("the zeroed words before the writes");
    }
    const int wform = slot_form(), rform = slot_form();
    const std::string WP = perm(B_), RP = perm(B_);
    auto write_all = [&](const std::string& tvar) {
      for_j(E_, [&](const std::string& j) {
        line("const int w = " + slot_of(wform, subst(WP, tvar), j) + ";");
        write_one(a, ax, "w", j, pack, atomic);
      });
    };
    const bool divergent = B_ >= 4 && rng_.chance(40);
    if (divergent) {
      const int bit = rng_.below(log2i(B_));
      auto keep_bit = [&]() {
        int m = rng_.below(B_) & ~(1 << bit);
        return m;
      };
      const int ma = keep_bit(), mb = keep_bit();
      std::string cond;
      switch (rng_.below(3)) {
        case 0: cond = "(t >> " + S(bit) + ") & 1"; break;
        case 1: cond = "t & " + S(1 << bit); break;
        default: cond = "(t & " + S((2 << bit) - 1) + ") >= " + S(1 << bit); break;
      }
      open("if (" + cond + ") {  // divergent: each arm keeps bit " + S(bit) + " of t");
      write_all("(t ^ " + S(ma) + ")");
      close("} else {");
      ++indent_;
      write_all("(t ^ " + S(mb) + ")");
      close();
    } else {
      write_all("t");
    }
    dirty_ = true;
    inject_next_ = race_here;
    barrier("written before other threads read them");
    for_j(E_, [&](const std::string& j) {
      line("const int r = " + slot_of(rform, subst(RP, "t"), j) + ";");
      read_one(a, ax, "r", j, pack);
    });
    dirty_ = true;
    canonical_ = false;
    what_.push_back(std::string(divergent ? "divergent " : "") + (atomic ? "atomic " : "") + (pack ? "8-byte " : "") +
                    "shared exchange");
  }

  void write_one(const SharedArray& a, const SharedArray& ax, const std::string& slot, const std::string& j, bool pack,
                 bool atomic) {
    const std::string val = "v[" + j + "]";
    if (pack) {
      const std::string idx = float_ ? "__int_as_float(x[" + j + "])" : "x[" + j + "]";
      line(a.at(slot) + " = make_" + a.elem + "(" + val + ", " + idx + ");");
      return;
    }
    if (atomic) {
      std::string fn = "atomicAdd";
      if (!float_) fn = rng_.pick(std::vector<std::string>{"atomicAdd", "atomicOr", "atomicXor", "atomicExch"});
      line(fn + "(&" + a.at(slot) + ", " + val + ");");
    } else if (rng_.chance(20)) {  // both arms store the same word: ptxas may make it one store
      const std::string cond = float_ ? val + " > 5.0f" : "(" + val + " & 1) != 0";
      line("if (" + cond + ") " + a.at(slot) + " = " + val + ";");
      line("else " + a.at(slot) + " = " + val + ";");
    } else {
      line(a.at(slot) + " = " + val + ";");
    }
    if (copy()) line(ax.at(slot) + " = x[" + j + "];");
  }

  void read_one(const SharedArray& a, const SharedArray& ax, const std::string& slot, const std::string& j, bool pack) {
    if (pack) {
      line(a.elem + " q = " + a.at(slot) + ";");
      line("v[" + j + "] = q.x;");
      line("x[" + j + "] = " + std::string(float_ ? "__float_as_int(q.y)" : "q.y") + ";");
      return;
    }
    line("v[" + j + "] = " + a.at(slot) + ";");
    if (copy()) line("x[" + j + "] = " + ax.at(slot) + ";");
  }

  // Each element to the slot its index names, then read back in a canonical layout (so that the
  // store may be by formula, also as 8-byte pairs).
  void stage_gather() {
    SharedArray a;
    if (!new_array("sg", vt_, tile_, true, &a)) return;
    for_j(E_, [&](const std::string& j) { line(a.at("x[" + j + "]") + " = v[" + j + "];"); });
    dirty_ = true;
    barrier("written before the canonical reads");
    const bool pairs = vector_ok_ && rng_.chance(50);
    const std::string u = subst(perm(B_), "t");
    if (pairs) {
      const int form = rng_.below(2), half = E_ / 2;
      auto pair_of = [=](const std::string& jj) {
        if (half == 1) return u;
        return form == 0 ? jj + " * " + Bn_ + " + " + u : u + " * (" + En_ + " / 2) + " + jj;
      };
      for_j(half, [&](const std::string& jj) {
        line("const int k = " + pair_of(jj) + ";");
        line("v[2 * " + jj + "] = " + a.at("2 * k") + ";");
        line("v[2 * " + jj + " + 1] = " + a.at("2 * k + 1") + ";");
        line("x[2 * " + jj + "] = 2 * k;");
        line("x[2 * " + jj + " + 1] = 2 * k + 1;");
      }, true);
      canon_pairs_ = true;
      canon_pair_ = pair_of;
    } else {
      const int form = slot_form();
      for_j(E_, [&](const std::string& j) {
        line("const int el = " + slot_of(form, u, j) + ";");
        line("v[" + j + "] = " + a.at("el") + ";");
        line("x[" + j + "] = el;");
      });
      canon_pairs_ = false;
      canon_elem_ = [=](const std::string& j) { return slot_of(form, u, j); };
    }
    dirty_ = true;
    canonical_ = true;
    what_.push_back("gather by index");
  }

  // A permutation of each warp's lanes by shuffles (full mask: every lane is here).
  void stage_shuffle() {
    const int width = rng_.pick(std::vector<int>{32, 32, 16, 8, 4});
    const std::string w = width == 32 ? "" : ", " + S(width);
    const int kind = rng_.below(4);
    const int m = rng_.range(1, width - 1);
    const int mult = 2 * rng_.range(0, 7) + 3;
    auto shuffle = [&](const std::string& var, const std::string& ty) {
      switch (kind) {
        case 0: line(var + " = __shfl_xor_sync(FULL, " + var + ", " + S(m) + w + ");"); break;
        case 1: line(var + " = __shfl_sync(FULL, " + var + ", lane + " + S(m) + w + ");"); break;
        case 2: line(var + " = __shfl_sync(FULL, " + var + ", lane * " + S(mult) + w + ");"); break;
        default: {  // a rotation by m within each segment: down by m, up by width - m
          open("{");
          line(ty + " lo = __shfl_down_sync(FULL, " + var + ", " + S(m) + w + ");");
          line(ty + " hi = __shfl_up_sync(FULL, " + var + ", " + S(width - m) + w + ");");
          line(var + " = (lane & " + S(width - 1) + ") < " + S(width - m) + " ? lo : hi;");
          close();
        }
      }
    };
    for_j(E_, [&](const std::string& j) {
      shuffle("v[" + j + "]", vt_);
      if (copy()) shuffle("x[" + j + "]", "int");
    });
    canonical_ = false;
    what_.push_back("shuffles");
  }

  // A tile's shared array for the values and, in a copy, one for their indices (STEM and STEMx).
  bool value_arrays(const std::string& stem, bool allow_2d, SharedArray* a, SharedArray* ax) {
    return new_array(stem, vt_, tile_, allow_2d, a) && (!copy() || new_array(stem + "x", "int", tile_, allow_2d, ax));
  }
  // After a stage that read shared words and moved elements between threads.
  void moved(const std::string& what) {
    dirty_ = true;
    canonical_ = false;
    what_.push_back(what);
  }

  // Within each warp's own slots: write, __syncwarp(), read (the warp's lanes only).
  void stage_warp_exchange() {
    SharedArray a, ax;
    if (!value_arrays("sw", true, &a, &ax)) return;
    const std::string P = perm(32), Q = perm(32);
    for_j(E_, [&](const std::string& j) {
      line("const int w = " + j + " * " + Bn_ + " + warp * 32 + " + subst(P, "lane") + ";");
      write_one(a, ax, "w", j, false, false);
    });
    line("__syncwarp();");
    for_j(E_, [&](const std::string& j) {
      line("const int r = " + j + " * " + Bn_ + " + warp * 32 + " + subst(Q, "lane") + ";");
      read_one(a, ax, "r", j, false);
    });
    moved("warp-local exchange");
  }

  // A stable partition of each warp's elements by a bit of their value: __ballot_sync and __popc
  // give each lane its place, then through shared memory.
  void stage_ballot_partition() {
    SharedArray a, ax;
    if (!value_arrays("sb", false, &a, &ax)) return;
    const int bit = rng_.range(0, 3);
    for_j(E_, [&](const std::string& j) {
      const std::string bits = float_ ? "__float_as_int(v[" + j + "])" : "v[" + j + "]";
      line("const int p = (" + bits + " >> " + S(bit) + ") & 1;");
      line("const unsigned bal = __ballot_sync(FULL, p);");
      line("const int before = __popc(bal & ((1u << lane) - 1u));");
      line("const int dest = p ? before : __popc(bal) + lane - before;");
      line("const int w = " + j + " * " + Bn_ + " + warp * 32 + dest;");
      write_one(a, ax, "w", j, false, false);
    });
    const bool warp_only = rng_.chance(50);
    if (warp_only) line("__syncwarp();");
    else {
      dirty_ = true;
      barrier("written before other threads read them");
    }
    for_j(E_, [&](const std::string& j) {
      line("const int r = " + j + " * " + Bn_ + " + t;");
      read_one(a, ax, "r", j, false);
    });
    moved("ballot partition");
  }

  void stage_arith() {
    std::string op, inv;
    if (float_) {
      if (rng_.chance(50)) op = "*= 2.0f", inv = "*= 0.5f";
      else op = "*= 0.25f", inv = "*= 4.0f";
    } else {
      switch (rng_.below(3)) {
        case 0: {
          const std::string k = S(rng_.range(1, 4095));
          op = "^= " + k, inv = "^= " + k;
          break;
        }
        case 1: {
          const std::string k = S(rng_.range(1, 999));
          op = "+= " + k, inv = "-= " + k;
          break;
        }
        default: op = "= ~@", inv = "= ~@"; break;
      }
    }
    auto apply = [&](const std::string& o, const std::string& j) {
      const std::string var = "v[" + j + "]";
      if (o.find('@') != std::string::npos) line(var + " " + subst(o, var) + ";");
      else line(var + " " + o + ";");
    };
    for_j(E_, [&](const std::string& j) { apply(op, j); });
    undo_.push_back(inv);
    what_.push_back("arithmetic");
  }

  void undo_with(const std::string& inv) {
    for_j(E_, [&](const std::string& j) {
      const std::string var = "v[" + j + "]";
      if (inv.find('@') != std::string::npos) line(var + " " + subst(inv, var) + ";");
      else line(var + " " + inv + ";");
    });
  }
  void stage_undo_one() {
    if (undo_.size() <= undo_floor_) return stage_shuffle();
    const std::string inv = undo_.back();
    undo_.pop_back();
    undo_with(inv);
  }
  void undo_all() {
    while (undo_.size() > undo_floor_) stage_undo_one();
  }
  // Writes `body` as a nested region: its arithmetic is undone inside it.
  void nested(const std::function<void()>& body) {
    const size_t floor = undo_floor_;
    undo_floor_ = undo_.size();
    body();
    undo_all();
    undo_floor_ = floor;
  }

  // A branch every thread of the block takes alike (on the block, the tile or n): barriers inside.
  void stage_uniform_if(int depth) {
    std::string cond;
    switch (rng_.below(3)) {
      case 0: cond = "blockIdx.x & 1"; break;
      case 1: cond = "n > " + S(rng_.range(1, 900)); break;
      default: cond = "tile % 3 == 0"; break;
    }
    const bool d0 = dirty_;
    open("if (" + cond + ") {  // uniform: the whole block goes one way");
    nested([&] { stage_any(depth); });
    const bool d1 = dirty_;
    dirty_ = d0;
    close("} else {");
    ++indent_;
    nested([&] { stage_any(depth); });
    close();
    dirty_ = dirty_ || d1;
    canonical_ = false;
  }

  // A loop with a bound the launch passes (the same for every thread): its stages repeat.
  void stage_reps_loop(int depth) {
    uses_reps_ = true;
    if (dirty_) barrier("read before the loop writes again");
    open("for (int rep = 0; rep < reps; ++rep) {");
    nested([&] { stage_any(depth); });
    if (dirty_) barrier("read before the next round writes");
    close();
    canonical_ = false;
    what_.push_back("a loop of run-time length");
  }

  // A condition the whole warp agrees on (__any_sync / __all_sync): shuffles inside are safe.
  void stage_warp_vote(int depth) {
    (void)depth;
    const std::string p = float_ ? "v[0] > 5.0f" : "(v[0] & 3) == 1";
    const std::string vote = rng_.chance(50) ? "__any_sync" : "__all_sync";
    open("if (" + vote + "(FULL, " + p + ")) {  // the same for every lane of the warp");
    if (rng_.chance(50)) stage_shuffle();
    else nested([&] { stage_arith(); });
    close();
    canonical_ = false;
  }

  void stage_store(KernelText& kt) {
    (void)kt;
    const bool atomic = rng_.chance(15);
    auto store = [&](const std::string& g, const std::string& val) {
      if (atomic) {
        dst_zero_ = true;
        line("if (" + g + " >= 0 && " + g + " < n) atomicAdd(&dst[" + g + "], " + val + ");  // onto the zeros the host set");
      } else {
        line("if (" + g + " >= 0 && " + g + " < n) dst[" + g + "] = " + val + ";");
      }
    };
    if (canonical_ && canon_pairs_ && !atomic) {
      const std::string v2 = float_ ? "float2" : "int2";
      for_j(E_ / 2, [&](const std::string& jj) {
        line("const int k = " + canon_pair_(jj) + ";");
        line("const int g = base + 2 * k;");
        open("if (g >= 0 && g + 1 < n) {  // one 8-byte store");
        line("reinterpret_cast<" + v2 + " *>(dst)[g / 2] = make_" + v2 + "(v[2 * " + jj + "], v[2 * " + jj + " + 1]);");
        close("} else {");
        ++indent_;
        store("g", "v[2 * " + jj + "]");
        line("const int g1 = g + 1;");
        store("g1", "v[2 * " + jj + " + 1]");
        close();
      }, true);
      what_.push_back("8-byte stores");
      return;
    }
    for_j(E_, [&](const std::string& j) {
      if (canonical_ && !canon_pairs_ && rng_.chance(50)) line("const int g = base + " + canon_elem_(j) + ";");
      else line("const int g = base + x[" + j + "];");
      store("g", "v[" + j + "]");
    });
    what_.push_back(atomic ? "atomic stores" : "stores");
  }

  // Thread 0 adds up the first `count` words of `a` into total.
  void sum_in_thread0(const SharedArray& a, int count) {
    open("if (t == 0) {");
    line("for (int i = 0; i < " + S(count) + "; ++i) total += " + a.at("i") + ";");
    close();
  }

  // One sum per block, by one of the classic block reductions, then across blocks.
  void block_reduce(KernelText& kt) {
    int kind = rng_.below(6);
    const int bins = rng_.pick(std::vector<int>{1, 4, 8});
    SharedArray ra;  // the reduction's array, when it has one
    if (kind <= 4) {
      const std::string stem = kind <= 1 ? "red" : kind == 2 ? "wsum" : kind == 3 ? "bsum" : "bins";
      const int slots = kind <= 1 ? B_ : kind == 4 ? bins : 32;
      if (!new_array(stem, kind == 3 ? "int" : vt_, slots, false, &ra, kAllWords)) kind = 5;  // one without
    }
    if (dirty_) barrier("the tiles' words are read before the reduction writes");
    line(vt_ + " total = 0;  // the block's sum, in thread 0");
    const int warps = B_ / 32;
    switch (kind) {
      case 0:
      case 1: {  // a tree in shared memory: sequential or interleaved addressing
        const SharedArray& r = ra;
        line(r.at("t") + " = acc;");
        barrier("the partial sums");
        if (kind == 0) {
          if (rng_.chance(50)) line("#pragma unroll");
          open("for (int s = " + Bn_ + " / 2; s > 0; s >>= 1) {");
          line("if (t < s) " + r.at("t") + " += " + r.at("t + s") + ";");
        } else {
          open("for (int s = 1; s < " + Bn_ + "; s *= 2) {");
          line("if ((t & (2 * s - 1)) == 0) " + r.at("t") + " += " + r.at("t + s") + ";");
        }
        line("__syncthreads();");
        close();
        line("if (t == 0) total = " + r.at("0") + ";");
        what_.push_back(kind == 0 ? "tree reduction" : "interleaved tree reduction");
        break;
      }
      case 2: {  // shuffles within warps, the warps' sums through shared memory
        const bool xr = rng_.chance(50);
        open("for (int o = 16; o > 0; o >>= 1) {");
        line(std::string("acc += ") + (xr ? "__shfl_xor_sync" : "__shfl_down_sync") + "(FULL, acc, o);");
        close();
        const SharedArray& ws = ra;
        line("if (lane == 0) " + ws.at("warp") + " = acc;");
        barrier("the warps' sums");
        open("if (warp == 0) {");
        line(vt_ + " a = lane < " + S(warps) + " ? " + ws.at("lane") + " : 0;");
        open("for (int o = 16; o > 0; o >>= 1) {");
        line("a += __shfl_down_sync(FULL, a, o);");
        close();
        line("if (lane == 0) total = a;");
        close();
        what_.push_back("shuffle reduction");
        break;
      }
      case 3: {  // bit by bit: __ballot_sync counts each bit's ones in a warp
        line("unsigned ws = 0;");
        line("#pragma unroll");
        open("for (int b = 0; b < 32; ++b) {");
        line("ws += (unsigned)__popc(__ballot_sync(FULL, ((unsigned)acc >> b) & 1u)) << b;");
        close();
        const SharedArray& bs = ra;
        line("if (lane == 0) " + bs.at("warp") + " = (int)ws;");
        barrier("the warps' sums");
        sum_in_thread0(bs, warps);
        what_.push_back("ballot bit sums");
        break;
      }
      case 4: {  // atomics onto one shared word, or onto a few bins
        const SharedArray& b = ra;
        line("if (t < " + S(bins) + ") " + b.at("t") + " = 0;");
        barrier("the zeroed bins");
        line("atomicAdd(&" + b.at(bins == 1 ? "0" : "t % " + S(bins)) + ", acc);");
        barrier("every thread's atomic");
        sum_in_thread0(b, bins);
        what_.push_back("shared atomics");
        break;
      }
      default: {  // __syncthreads_count of each bit: every thread learns the block's sum
        line("unsigned bs = 0;");
        open("for (int b = 0; b < 32; ++b) {");
        line("bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;");
        close();
        line("total = (int)bs;");
        what_.push_back("__syncthreads_count bit sums");
        break;
      }
    }
    switch (combine_) {
      case Combine::Atomic:
        dst_zero_ = true;
        line("if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set");
        break;
      case Combine::Partial: line("if (t == 0) dst[blockIdx.x] = total;"); break;
      case Combine::Final: line("if (t == 0) dst[0] = total;  // one block"); break;
    }
    (void)kt;
  }

  std::string summary() const {
    std::string s;
    for (size_t i = 0; i < what_.size(); ++i) s += (i ? ", " : "") + what_[i];
    return s;
  }
};

struct Launch {
  const KernelText* k;
  std::string src, dst, n;  // host expressions
  std::string grid;
};

std::string grid_for(const KernelText& k, const std::string& n, bool one_block) {
  if (one_block) return "1";
  const std::string tiles = "(" + n + " + " + k.shift + " + " + k.tile + " - 1) / " + k.tile;
  if (k.stride) return "max(1, min(" + S(k.grid_cap) + ", " + tiles + "))";
  return "max(1, " + tiles + ")";
}

}  // namespace

std::string kernel_file_name(uint64_t seed, int index) { return "gen-" + std::to_string(seed) + "-" + std::to_string(index) + ".cu"; }

std::string generate_kernel(uint64_t seed, int index, const Options& options) {
  Rng rng(seed * 0x100000001b3ull + static_cast<uint64_t>(index) * 0x9e3779b97f4a7c15ull + 1);
  rng.next();
  const Mode mode = rng.chance(55) ? Mode::Copy : Mode::Reduce;
  const bool is_float = mode == Mode::Copy && rng.chance(25);  // float sums depend on their order
  std::vector<KernelText> kernels;
  std::vector<Launch> launches;
  std::vector<std::string> arrays, inits;
  std::string plan;
  // Keeps each KernelText at a stable address (launches point at them).
  kernels.reserve(4);
  long long shared_words = 0;
  auto make = [&](Mode m, Combine c, bool stride) {
    Options o = options;
    o.inject_race = options.inject_race && kernels.empty();  // one race in the file: in its first kernel
    KernelGen g(rng, static_cast<int>(kernels.size()), m, is_float, c, o, stride, shared_words);
    kernels.push_back(g.generate());
    return &kernels.back();
  };
  if (mode == Mode::Copy) {
    const int shape = rng.below(10);
    if (shape < 5) {
      const KernelText* k = make(Mode::Copy, Combine::Final, false);
      launches.push_back({k, "in", "out", "N", grid_for(*k, "N", false)});
      plan = "one launch";
    } else if (shape < 8) {  // a chain through arrays
      const int len = rng.range(2, 3);
      std::string from = "in";
      for (int i = 0; i < len; ++i) {
        const std::string to = i + 1 == len ? "out" : "a" + S(i);
        if (to != "out") arrays.push_back(to + "[N]");
        const KernelText* k = make(Mode::Copy, Combine::Final, false);
        launches.push_back({k, from, to, "N", grid_for(*k, "N", false)});
        from = to;
      }
      plan = S(len) + " launches through arrays";
    } else {  // two launches over the two parts, the second from pointers at an even offset
      const std::string h = "N / 4 * 2";
      const KernelText* k0 = make(Mode::Copy, Combine::Final, false);
      const KernelText* k1 = rng.chance(50) ? k0 : make(Mode::Copy, Combine::Final, false);
      launches.push_back({k0, "in", "out", h, grid_for(*k0, h, false)});
      launches.push_back({k1, "in + " + h, "out + " + h, "N - " + h, grid_for(*k1, "N - " + h, false)});
      plan = "two launches over the two parts";
    }
  } else {
    std::string from = "in";
    if (rng.chance(20)) {  // a copy first
      const KernelText* k = make(Mode::Copy, Combine::Final, false);
      arrays.push_back("c0[N]");
      launches.push_back({k, "in", "c0", "N", grid_for(*k, "N", false)});
      from = "c0";
    }
    if (rng.chance(50)) {
      const KernelText* k = make(Mode::Reduce, Combine::Atomic, false);
      launches.push_back({k, from, "out", "N", grid_for(*k, "N", false)});
      plan = "block sums added atomically";
    } else {
      const KernelText* k = make(Mode::Reduce, Combine::Partial, false);
      const std::string g = grid_for(*k, "N", false);
      arrays.push_back("partial[" + g + "]");
      launches.push_back({k, from, "partial", "N", g});
      const KernelText* k2 = make(Mode::Reduce, Combine::Final, true);
      launches.push_back({k2, "partial", "out", g, "1"});
      plan = "block sums, then one block over them";
    }
  }
  // Destinations that atomics add onto start at zero.
  for (const Launch& l : launches)
    if (l.k->dst_needs_zero) {
      std::string name = l.dst.substr(0, l.dst.find(' '));
      const std::string set = name + " = 0";
      if (std::find(inits.begin(), inits.end(), set) == inits.end()) inits.push_back(set);
    }

  std::ostringstream os;
  os << "// title: generated " << (mode == Mode::Copy ? "copy" : "sum") << " " << seed << ":" << index << " ("
     << plan << ")\n";
  os << "// about: Made by scanscope_gen --seed " << seed << " (kernel " << index << "), not by hand: a random kernel that\n"
     << "//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.\n";
  for (size_t i = 0; i < kernels.size(); ++i) os << "//   " << kernels[i].name << ": " << kernels[i].summary << ".\n";
  for (const Launch& l : launches) {
    os << "// launch: " << l.k->name << "<<<" << l.grid << ", " << l.k->block << ">>>(" << l.src << ", " << l.dst << ", " << l.n;
    if (l.k->uses_e) os << ", E" << l.k->name.substr(2);
    if (l.k->uses_reps) os << ", " << (rng.chance(50) ? S(rng.range(0, 3)) : "N % 3");
    os << ")\n";
  }
  for (const auto& a : arrays) os << "// array: " << a << "\n";
  for (const auto& i : inits) os << "// init: " << i << "\n";
  if (mode == Mode::Reduce) os << "// out: 1\n";
  os << "// check: " << (mode == Mode::Copy ? "copy" : "reduce") << "\n";
  os << "// types: " << (is_float ? "float" : "int") << "\n";
  if (mode == Mode::Reduce) os << "// ops: sum\n";
  if (options.one_size) os << "// require: N == " << (rng.chance(50) ? 256 : 1000) << " : one size per generated kernel\n";
  os << "\n#define FULL 0xffffffffu\n";
  for (const auto& k : kernels) {
    os << "\n";
    for (const auto& m : k.macros) os << m << "\n";
    for (const auto& h : k.helpers) os << h << "\n";
    os << k.code;
  }
  return os.str();
}

}  // namespace scanscope::gen
