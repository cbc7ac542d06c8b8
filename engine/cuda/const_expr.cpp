// Integer constant expressions (see const_expr.h): C precedence, 64-bit signed arithmetic.
#include "engine/cuda/const_expr.h"

#include <cerrno>
#include <cstdlib>

#include "engine/cuda/limits.h"

namespace scanscope::cuda {

namespace {

class ConstParser {
 public:
  ConstParser(const SourceSet& f, const std::vector<Token>& t, size_t b, size_t e, const ConstEnv& env)
      : files_(f), t_(t), i_(b), end_(e), env_(env) {}

  long long parse() {
    if (i_ >= end_) fail_here("expected an expression");
    long long v = conditional();
    if (i_ < end_) fail_here("unexpected '" + t_[i_].text + "' in a constant expression");
    return v;
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

  long long conditional() {
    long long c = binary(0);
    if (accept("?")) {
      Nest n = nest();
      long long a = conditional();
      expect(":");
      long long b = conditional();
      return c ? a : b;
    }
    return c;
  }

  long long binary(int min_prec) {
    long long lhs = unary();
    while (i_ < end_ && t_[i_].kind == Tok::Punct) {
      const std::string op = t_[i_].text;
      int p = binary_precedence(op);
      if (p < min_prec) break;
      Pos at = t_[i_].pos;
      ++i_;
      long long rhs = binary(p + 1);
      lhs = apply(op, lhs, rhs, at);
    }
    return lhs;
  }

  long long apply(const std::string& op, long long a, long long b, Pos at) {
    if (op == "||") return a || b;
    if (op == "&&") return a && b;
    if (op == "|") return a | b;
    if (op == "^") return a ^ b;
    if (op == "&") return a & b;
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "<") return a < b;
    if (op == ">") return a > b;
    if (op == "<=") return a <= b;
    if (op == ">=") return a >= b;
    if (op == "<<") return b < 0 || b > 62 ? 0 : static_cast<long long>(static_cast<unsigned long long>(a) << b);
    if (op == ">>") return b < 0 ? 0 : b > 62 ? (a < 0 ? -1 : 0) : a >> b;
    if (op == "+") return static_cast<long long>(static_cast<unsigned long long>(a) + static_cast<unsigned long long>(b));
    if (op == "-") return static_cast<long long>(static_cast<unsigned long long>(a) - static_cast<unsigned long long>(b));
    if (op == "*") return static_cast<long long>(static_cast<unsigned long long>(a) * static_cast<unsigned long long>(b));
    if (b == 0) fail_at(files_, at, "division by zero in a constant expression");
    if (b == -1) return op == "/" ? static_cast<long long>(0ULL - static_cast<unsigned long long>(a)) : 0;  // wraps, as the rest
    if (op == "/") return a / b;
    return a % b;
  }

  long long unary() {
    Nest n = nest();
    if (accept("+")) return unary();
    if (accept("-")) return static_cast<long long>(0ULL - static_cast<unsigned long long>(unary()));
    if (accept("!")) return !unary();
    if (accept("~")) return ~unary();
    if (accept("(")) {
      // a cast to an integer type is accepted and ignored: (int)x
      if (i_ < end_ && t_[i_].kind == Tok::Ident && is_type_word(t_[i_].text)) {
        while (i_ < end_ && t_[i_].kind == Tok::Ident && is_type_word(t_[i_].text)) ++i_;
        expect(")");
        return unary();
      }
      long long v = conditional();
      expect(")");
      return v;
    }
    return primary();
  }

  static bool is_type_word(const std::string& w) {
    return w == "int" || w == "unsigned" || w == "long" || w == "size_t" || w == "signed" || w == "short";
  }

  long long primary() {
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
      if (char_constant_value(t.text, &v, &why)) return v;
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
        return size;
      }
      if (t.text == "true") return 1;
      if (t.text == "false") return 0;
      if (is("(")) {
        ++i_;
        std::vector<long long> args;
        if (!is(")")) {
          do args.push_back(conditional());
          while (accept(","));
        }
        expect(")");
        std::optional<long long> v = env_.call ? env_.call(t.text, args) : std::nullopt;
        if (!v) fail_at(files_, t.pos, "unknown function '" + t.text + "' in a constant expression");
        return *v;
      }
      std::optional<long long> v = env_.ident ? env_.ident(t.text) : std::nullopt;
      if (v) return *v;
      if (env_.unknown_is_zero) return 0;
      if (env_.why_unknown)
        if (std::string why = env_.why_unknown(t.text); !why.empty()) fail_at(files_, t.pos, why);
      fail_at(files_, t.pos, "'" + t.text + "' is not known here (the host knows N, MIN_IN, MAX_IN, sizeof(T), the file's macros and its constants)");
    }
    fail_at(files_, t.pos, "unexpected '" + t.text + "' in a constant expression");
  }

  long long number(const Token& t) {
    std::string s = t.text;
    while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L')) s.pop_back();
    const bool hex = s.size() > 1 && (s[1] == 'x' || s[1] == 'X');
    if (s.empty() || (!hex && s.find_first_of(".eEpP") != std::string::npos))
      fail_at(files_, t.pos, "'" + t.text + "' is not an integer");
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE) fail_at(files_, t.pos, "'" + t.text + "' is not an integer that fits in 64 bits");
    return static_cast<long long>(v);
  }

  const SourceSet& files_;
  const std::vector<Token>& t_;
  size_t i_, end_;
  const ConstEnv& env_;
  int depth_ = 0;
};

}  // namespace

long long eval_const(const SourceSet& files, const std::vector<Token>& tokens, size_t begin, size_t end, const ConstEnv& env) {
  ConstParser p(files, tokens, begin, end, env);
  return p.parse();
}

}  // namespace scanscope::cuda
