// The integer constant evaluator (see const_expr.h): C++'s rules, what they leave undefined as the
// machine computes it; over tokens with C precedence, every integer 64 bits wide.
#include "engine/cuda/const_expr.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>

#include "engine/cuda/limits.h"

namespace scanscope::cuda {

namespace {
bool unsigned_base(Base t) { return t == Base::Unsigned || t == Base::ULong || t == Base::UChar || t == Base::UShort || t == Base::Bool; }
int width_of(Base t) { return 8 * base_bytes(t); }
ConstInt bool_value(bool b) { return {b ? 1 : 0, Base::Bool}; }
}  // namespace

Base const_promote(Base t) { return t == Base::Bool || is_small_base(t) ? Base::Int : t; }

Base const_common(Base a, Base b) {
  a = const_promote(a);
  b = const_promote(b);
  if (a == Base::ULong || b == Base::ULong) return Base::ULong;
  if (a == Base::Long || b == Base::Long) return Base::Long;  // holds every unsigned int
  if (a == Base::Unsigned || b == Base::Unsigned) return Base::Unsigned;
  return Base::Int;
}

ConstInt const_convert(ConstInt v, Base to) {
  if (to == Base::Bool) return bool_value(v.value != 0);
  const int bits = width_of(to);
  uint64_t u = static_cast<uint64_t>(v.value);
  if (bits < 64) {
    const uint64_t mask = (1ULL << bits) - 1;
    u &= mask;
    if (!unsigned_base(to) && ((u >> (bits - 1)) & 1)) u |= ~mask;  // sign-extended
  }
  return {static_cast<long long>(u), to};
}

std::optional<ConstInt> const_binary(BinaryOp op, ConstInt a, ConstInt b, bool* div_by_zero) {
  using U = uint64_t;
  using B = BinaryOp;
  if (op == B::LogicalAnd) return bool_value(a.value && b.value);
  if (op == B::LogicalOr) return bool_value(a.value || b.value);
  if (op == B::Shl || op == B::Shr) {  // the promoted left operand's type; out-of-range amounts as the machine
    const Base t = const_promote(a.type);
    const ConstInt x = const_convert(a, t);
    const long long n = const_convert(b, const_promote(b.type)).value;
    const bool is_signed = !unsigned_base(t);
    if (n < 0 || n >= width_of(t)) return ConstInt{op == B::Shl ? 0 : is_signed && x.value < 0 ? -1 : 0, t};
    if (op == B::Shl) return const_convert({static_cast<long long>(static_cast<U>(x.value) << n), t}, t);
    return ConstInt{is_signed ? x.value >> n : static_cast<long long>(static_cast<U>(x.value) >> n), t};
  }
  const Base t = const_common(a.type, b.type);
  const ConstInt x = const_convert(a, t), y = const_convert(b, t);
  const bool is_unsigned = unsigned_base(t);
  const U ux = static_cast<U>(x.value), uy = static_cast<U>(y.value);
  if (op == B::Eq) return bool_value(x.value == y.value);
  if (op == B::Ne) return bool_value(x.value != y.value);
  if (op == B::Lt) return bool_value(is_unsigned ? ux < uy : x.value < y.value);
  if (op == B::Gt) return bool_value(is_unsigned ? ux > uy : x.value > y.value);
  if (op == B::Le) return bool_value(is_unsigned ? ux <= uy : x.value <= y.value);
  if (op == B::Ge) return bool_value(is_unsigned ? ux >= uy : x.value >= y.value);
  auto wrapped = [&](U v) { return const_convert({static_cast<long long>(v), t}, t); };
  if (op == B::Add) return wrapped(ux + uy);
  if (op == B::Sub) return wrapped(ux - uy);
  if (op == B::Mul) return wrapped(ux * uy);
  if (op == B::BitAnd) return wrapped(ux & uy);
  if (op == B::BitOr) return wrapped(ux | uy);
  if (op == B::BitXor) return wrapped(ux ^ uy);
  if (op == B::Div || op == B::Rem) {
    if (y.value == 0) {
      if (div_by_zero) *div_by_zero = true;
      return std::nullopt;
    }
    if (is_unsigned) return wrapped(op == B::Div ? ux / uy : ux % uy);
    if (y.value == -1) return op == B::Div ? wrapped(0 - ux) : ConstInt{0, t};  // INT_MIN / -1 wraps, as the machine
    return wrapped(static_cast<U>(op == B::Div ? x.value / y.value : x.value % y.value));
  }
  return std::nullopt;
}

std::optional<ConstInt> const_unary(UnaryOp op, ConstInt a) {
  const Base t = const_promote(a.type);
  const uint64_t u = static_cast<uint64_t>(const_convert(a, t).value);
  if (op == UnaryOp::Neg) return const_convert({static_cast<long long>(0 - u), t}, t);
  if (op == UnaryOp::BitNot) return const_convert({static_cast<long long>(~u), t}, t);
  if (op == UnaryOp::Not) return bool_value(a.value == 0);
  return std::nullopt;
}

namespace {

// The preprocessor's widths: every signed integer is intmax_t, every unsigned one uintmax_t.
ConstInt wide(ConstInt v) {
  const ConstInt c = const_convert(v, v.type);
  return {c.value, unsigned_base(v.type) && v.type != Base::Bool ? Base::ULong : Base::Long};
}

class ConstParser {
 public:
  ConstParser(const SourceSet& f, const std::vector<Token>& t, size_t b, size_t e, const ConstEnv& env)
      : files_(f), t_(t), i_(b), end_(e), env_(env) {}

  long long parse() {
    if (i_ >= end_) fail_here("expected an expression");
    ConstInt v = conditional();
    if (i_ < end_) fail_here("unexpected '" + t_[i_].text + "' in a constant expression");
    return v.value;
  }

 private:
  const Token& cur() const { return t_[i_ < end_ ? i_ : end_ - 1]; }
  bool is(const char* p) const { return i_ < end_ && t_[i_].kind == Tok::Punct && t_[i_].text == p; }
  bool accept(const char* p) {
    if (!is(p)) return false;
    ++i_;
    return true;
  }
  void expect(const char* p) {
    if (!accept(p)) fail_here(std::string("expected '") + p + "'");
  }
  [[noreturn]] void fail_here(const std::string& m) const {
    Pos p = i_ < end_ ? t_[i_].pos : (end_ > 0 ? t_[end_ - 1].pos : Pos{});
    fail_at(files_, p, m);
  }

  // Parentheses, unary operators and ?: inside one another, at most kMaxNesting deep (as the
  // parser counts them: a level per parenthesis or operator).
  struct Nest {
    int& depth;
    ~Nest() { --depth; }
  };
  Nest nest() {
    if (++depth_ > kMaxNesting) fail_here("the expression nests more than " + std::to_string(kMaxNesting) + " levels deep");
    return Nest{depth_};
  }

  // The operand that ?: does not choose is parsed but not evaluated (skip_): no division by zero
  // there. The result has the two operands' common type, as C++'s ?: has.
  ConstInt conditional() {
    ConstInt c = binary(0);
    if (accept("?")) {
      Nest n = nest();
      if (!c.value) ++skip_;
      ConstInt a = conditional();
      if (!c.value) --skip_;
      expect(":");
      if (c.value) ++skip_;
      ConstInt b = conditional();
      if (c.value) --skip_;
      return wide(const_convert(c.value ? a : b, const_common(a.type, b.type)));
    }
    return c;
  }

  ConstInt binary(int min_prec) {
    ConstInt lhs = unary();
    while (i_ < end_ && t_[i_].kind == Tok::Punct) {
      const std::string op = t_[i_].text;
      int p = binary_precedence(op);
      if (p < min_prec) break;
      Pos at = t_[i_].pos;
      ++i_;
      const bool skip = (op == "&&" && !lhs.value) || (op == "||" && lhs.value);  // not evaluated, as C
      if (skip) ++skip_;
      ConstInt rhs = binary(p + 1);
      if (skip) --skip_;
      lhs = apply(op, lhs, rhs, at);
    }
    return lhs;
  }

  ConstInt apply(const std::string& op, ConstInt a, ConstInt b, Pos at) {
    bool div_by_zero = false;
    std::optional<ConstInt> v = const_binary(binary_op(op), a, b, &div_by_zero);
    if (div_by_zero && skip_) return ConstInt{0, Base::Long};
    if (div_by_zero) fail_at(files_, at, "division by zero in a constant expression");
    if (!v) fail_at(files_, at, "'" + op + "' is not an operator of a constant expression");
    return wide(*v);
  }

  ConstInt unary() {
    Nest n = nest();
    if (accept("+")) return wide(const_convert(unary(), Base::Long));  // already promoted: 64 bits wide
    for (const char* op : {"-", "!", "~"})
      if (accept(op)) return wide(*const_unary(unary_op(op), unary()));
    if (accept("(")) {
      // a cast to an integer type: (int)x, (unsigned)x, (long long)x, (size_t)x
      if (i_ < end_ && t_[i_].kind == Tok::Ident && is_type_word(t_[i_].text)) {
        bool is_unsigned = false, is_short = false;
        int longs = 0;
        while (i_ < end_ && t_[i_].kind == Tok::Ident && is_type_word(t_[i_].text)) {
          const std::string& w = t_[i_].text;
          is_unsigned = is_unsigned || w == "unsigned" || w == "size_t";
          is_short = is_short || w == "short";
          longs += w == "long" || w == "size_t";
          ++i_;
        }
        expect(")");
        const Base to = is_short ? (is_unsigned ? Base::UShort : Base::Short) : longs ? (is_unsigned ? Base::ULong : Base::Long)
                                 : is_unsigned ? Base::Unsigned : Base::Int;
        return wide(const_convert(unary(), to));
      }
      ConstInt v = conditional();
      expect(")");
      return v;
    }
    return primary();
  }

  static bool is_type_word(const std::string& w) {
    return w == "int" || w == "unsigned" || w == "long" || w == "size_t" || w == "signed" || w == "short";
  }

  ConstInt primary() {
    if (i_ >= end_) fail_here("expected a value");
    const Token& t = t_[i_];
    if (t.kind == Tok::Number) {
      ++i_;
      return number(t);
    }
    if (t.kind == Tok::Char) {
      ++i_;
      int v = 0;
      std::string why;
      if (char_constant_value(t.text, &v, &why)) return ConstInt{v, Base::Long};
      fail_at(files_, t.pos, "character constant " + t.text + " is not supported here: " + why);
    }
    if (t.kind == Tok::Ident) {
      ++i_;
      if (t.text == "sizeof") {
        expect("(");
        int size = 0;
        while (i_ < end_ && !is(")")) {
          const std::string& w = t_[i_].text;
          if (w == "int" || w == "unsigned" || w == "float" || w == "T") size = size ? size : 4;  // T: the host's int or float; `long int`: 8, `short int`: 2
          else if (w == "bool" || w == "char" || w == "int8_t" || w == "uint8_t") size = 1;  // `unsigned char`: 1
          else if (w == "short" || w == "int16_t" || w == "uint16_t") size = 2;
          else if (w == "double" || w == "long" || w == "size_t" || w == "int64_t" || w == "uint64_t" || w == "ptrdiff_t") size = 8;
          else if (std::optional<long long> ts = env_.type_size ? env_.type_size(w) : std::nullopt) size = static_cast<int>(*ts);
          else if (w != "const" && w != "volatile" && w != "signed" && w != "struct") fail_at(files_, t_[i_].pos, "sizeof(" + w + ") is not known here");
          ++i_;
        }
        expect(")");
        if (!size) fail_at(files_, t.pos, "sizeof() of nothing");
        return ConstInt{size, Base::ULong};  // a size_t
      }
      if (t.text == "true") return ConstInt{1, Base::Long};
      if (t.text == "false") return ConstInt{0, Base::Long};
      if (is("(")) {
        ++i_;
        std::vector<long long> args;
        if (!is(")")) {
          do args.push_back(conditional().value);
          while (accept(","));
        }
        expect(")");
        std::optional<long long> v = env_.call ? env_.call(t.text, args) : std::nullopt;
        if (!v) fail_at(files_, t.pos, "unknown function '" + t.text + "' in a constant expression");
        return ConstInt{*v, Base::Long};
      }
      std::optional<long long> v = env_.ident ? env_.ident(t.text) : std::nullopt;
      if (v) return ConstInt{*v, Base::Long};
      if (env_.unknown_is_zero) return ConstInt{0, Base::Long};
      if (env_.why_unknown)
        if (std::string why = env_.why_unknown(t.text); !why.empty()) fail_at(files_, t.pos, why);
      fail_at(files_, t.pos, "'" + t.text + "' is not known here (the host knows N, MIN_IN, MAX_IN, sizeof(T), the file's macros and its constants)");
    }
    fail_at(files_, t.pos, "unexpected '" + t.text + "' in a constant expression");
  }

  // A literal: unsigned with a u suffix, or when it does not fit in long long (C's rule for a
  // hexadecimal one; a decimal one so large is unsigned too, as GCC's preprocessor takes it).
  ConstInt number(const Token& t) {
    std::string s = t.text;
    bool is_unsigned = false;
    while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L')) {
      is_unsigned = is_unsigned || s.back() == 'u' || s.back() == 'U';
      s.pop_back();
    }
    const bool hex = s.size() > 1 && (s[1] == 'x' || s[1] == 'X');
    if (s.empty() || (!hex && s.find_first_of(".eEpP") != std::string::npos))
      fail_at(files_, t.pos, "'" + t.text + "' is not an integer");
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE) fail_at(files_, t.pos, "'" + t.text + "' is not an integer that fits in 64 bits");
    return ConstInt{static_cast<long long>(v), is_unsigned || v > static_cast<unsigned long long>(LLONG_MAX) ? Base::ULong : Base::Long};
  }

  const SourceSet& files_;
  const std::vector<Token>& t_;
  size_t i_, end_;
  const ConstEnv& env_;
  int depth_ = 0;
  int skip_ = 0;  // inside an operand that is not evaluated
};

}  // namespace

long long eval_const(const SourceSet& files, const std::vector<Token>& tokens, size_t begin, size_t end, const ConstEnv& env) {
  ConstParser p(files, tokens, begin, end, env);
  return p.parse();
}

}  // namespace scanscope::cuda
