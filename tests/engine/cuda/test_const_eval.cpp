// The one integer constant evaluator (engine/cuda/const_expr.h): its rules on their own, through
// its two front ends (tokens: #if and the header's host lines; the parser's folding of typed
// expressions: array sizes, template arguments, file-scope constants), and against the machine,
// which must compute the same expression at run time to the same value.
#include <gtest/gtest.h>

#include <climits>
#include <string>
#include <vector>

#include "engine/cuda/const_expr.h"
#include "engine/cuda/lexer.h"
#include "inline_kernel.h"

namespace scanscope {
namespace {

using cuda::Base;
using cuda::ConstInt;

ConstInt I(long long v) { return {v, Base::Int}; }
ConstInt U(long long v) { return {v, Base::Unsigned}; }
ConstInt L(long long v) { return {v, Base::Long}; }
ConstInt UL(long long v) { return {v, Base::ULong}; }

ConstInt bin(const std::string& op, ConstInt a, ConstInt b) {
  std::optional<ConstInt> v = cuda::const_binary(cuda::binary_op(op), a, b);
  EXPECT_TRUE(v.has_value()) << op;
  return v.value_or(ConstInt{});
}

TEST(ConstEval, PromotionsAndUsualConversions) {
  EXPECT_EQ(cuda::const_promote(Base::Bool), Base::Int);
  EXPECT_EQ(cuda::const_promote(Base::UChar), Base::Int);
  EXPECT_EQ(cuda::const_promote(Base::UShort), Base::Int);
  EXPECT_EQ(cuda::const_common(Base::Int, Base::Unsigned), Base::Unsigned);
  EXPECT_EQ(cuda::const_common(Base::Long, Base::Unsigned), Base::Long);  // long long holds every unsigned
  EXPECT_EQ(cuda::const_common(Base::Long, Base::ULong), Base::ULong);
  // -1 < 0u is false: -1 becomes 4294967295; -1LL < 0u is true: 0u becomes long long
  EXPECT_EQ(bin("<", I(-1), U(0)).value, 0);
  EXPECT_EQ(bin("<", L(-1), U(0)).value, 1);
  EXPECT_EQ(bin("<", I(-1), I(0)).value, 1);
  EXPECT_EQ(bin("<", I(-1), I(0)).type, Base::Bool);
  // a char's value is an int's: (char)200 is -56, (unsigned char)200 is 200
  EXPECT_EQ(cuda::const_convert(I(200), Base::Char).value, -56);
  EXPECT_EQ(cuda::const_convert(I(200), Base::UChar).value, 200);
  EXPECT_EQ(cuda::const_convert(I(-1), Base::UShort).value, 65535);
  EXPECT_EQ(cuda::const_convert(I(-7), Base::Bool).value, 1);
}

TEST(ConstEval, UnsignedAndSignedWrap) {
  const ConstInt m = bin("-", U(0), U(1));
  EXPECT_EQ(m.type, Base::Unsigned);
  EXPECT_EQ(m.value, 4294967295LL);
  EXPECT_EQ(bin("/", m, I(2)).value, 2147483647LL);  // not -1 / 2 = 0
  EXPECT_EQ(bin("+", I(INT_MAX), I(1)).value, INT_MIN);  // wraps at 32 bits, as the machine's IAdd
  EXPECT_EQ(bin("*", I(65536), I(65536)).value, 0);
  EXPECT_EQ(bin("+", L(LLONG_MAX), L(1)).value, LLONG_MIN);
  EXPECT_EQ(bin("-", UL(0), UL(1)).value, -1);  // the 64 bits of ULLONG_MAX
  EXPECT_EQ(bin(">", bin("-", UL(0), UL(1)), UL(0)).value, 1);
  EXPECT_EQ(cuda::const_unary(cuda::UnaryOp::Neg, U(1))->value, 4294967295LL);
  EXPECT_EQ(cuda::const_unary(cuda::UnaryOp::BitNot, I(0))->value, -1);
  EXPECT_EQ(cuda::const_unary(cuda::UnaryOp::BitNot, U(0))->value, 4294967295LL);
}

TEST(ConstEval, ShiftsAsTheMachine) {
  EXPECT_EQ(bin("<<", I(1), I(31)).value, INT_MIN);
  EXPECT_EQ(bin("<<", I(1), I(32)).value, 0);  // the GPU's shift clamps: 0, not 1 (x86's mod 32)
  EXPECT_EQ(bin("<<", I(1), I(-1)).value, 0);
  EXPECT_EQ(bin("<<", L(1), I(40)).value, 1LL << 40);  // a long long's shift is 64 bits wide
  EXPECT_EQ(bin("<<", L(1), I(64)).value, 0);
  EXPECT_EQ(bin(">>", I(-1), I(1)).value, -1);  // arithmetic on a signed value
  EXPECT_EQ(bin(">>", I(-8), I(40)).value, -1);  // 32 or more: the sign
  EXPECT_EQ(bin(">>", I(8), I(40)).value, 0);
  EXPECT_EQ(bin(">>", I(-8), I(-1)).value, -1);
  EXPECT_EQ(bin(">>", U(0x80000000LL), I(31)).value, 1);  // logical on an unsigned one
  EXPECT_EQ(bin(">>", U(0x80000000LL), I(32)).value, 0);
  EXPECT_EQ(bin("<<", {1, Base::UChar}, I(8)).type, Base::Int);  // the promoted left operand's type
  EXPECT_EQ(bin("<<", U(1), L(3)).type, Base::Unsigned);
}

TEST(ConstEval, DivisionAsTheMachine) {
  EXPECT_EQ(bin("/", I(INT_MIN), I(-1)).value, INT_MIN);  // wraps, as the machine's IDiv
  EXPECT_EQ(bin("%", I(INT_MIN), I(-1)).value, 0);
  EXPECT_EQ(bin("/", L(LLONG_MIN), L(-1)).value, LLONG_MIN);
  EXPECT_EQ(bin("/", I(-7), I(2)).value, -3);  // toward zero
  EXPECT_EQ(bin("%", I(-7), I(2)).value, -1);
  bool zero = false;
  EXPECT_FALSE(cuda::const_binary(cuda::BinaryOp::Div, I(1), I(0), &zero).has_value());
  EXPECT_TRUE(zero);
  zero = false;
  EXPECT_FALSE(cuda::const_binary(cuda::BinaryOp::Rem, U(1), U(0), &zero).has_value());
  EXPECT_TRUE(zero);
  EXPECT_FALSE(cuda::const_binary(cuda::BinaryOp::Row, I(1), I(0)).has_value());  // not an operator it folds
}

// The token front end: every integer 64 bits wide, as C's preprocessor (and the host) has it.
long long eval_text(const std::string& text, bool unknown_is_zero = false) {
  cuda::SourceSet files;
  const int f = files.add("<test>", text);
  std::vector<cuda::Token> t = cuda::lex(files, f, nullptr);
  while (!t.empty() && t.back().kind == cuda::Tok::End) t.pop_back();
  cuda::ConstEnv env;
  env.unknown_is_zero = unknown_is_zero;
  return cuda::eval_const(files, t, 0, t.size(), env);
}

TEST(ConstEval, TokensAre64BitsWideAndKnowUnsigned) {
  EXPECT_EQ(eval_text("1 << 32"), 1LL << 32);
  EXPECT_EQ(eval_text("1 << 63"), LLONG_MIN);  // was 0 (shifts past 62 gave 0)
  EXPECT_EQ(eval_text("1 << 64"), 0);
  EXPECT_EQ(eval_text("-1 >> 1"), -1);
  EXPECT_EQ(eval_text("-1 >> 64"), -1);
  EXPECT_EQ(eval_text("0u - 1 > 0"), 1);  // uintmax_t: was 0
  EXPECT_EQ(eval_text("-1 < 0u"), 0);      // -1 converted to uintmax_t: was 1
  EXPECT_EQ(eval_text("-1 < 0"), 1);
  EXPECT_EQ(eval_text("(0u - 1) / 2"), LLONG_MAX);  // was 0
  EXPECT_EQ(eval_text("0xFFFFFFFFFFFFFFFF > 0"), 1);  // too large for intmax_t: unsigned
  EXPECT_EQ(eval_text("(-9223372036854775807 - 1) / -1"), LLONG_MIN);
  EXPECT_EQ(eval_text("(unsigned)-1"), 4294967295LL);  // a cast converts (it was ignored)
  EXPECT_EQ(eval_text("(int)4294967297"), 1);
  EXPECT_EQ(eval_text("1 ? -1 : 0u") > 0, false);  // the bits of uintmax_t's -1
  EXPECT_EQ(eval_text("(1 ? -1 : 0u) > 0"), 1);   // ?: has its operands' common type
}

TEST(ConstEval, TokensDoNotEvaluateWhatIsNotEvaluated) {
  EXPECT_EQ(eval_text("X && 8 / X > 2", true), 0);  // X unknown in #if: 0, and 8 / X unevaluated
  EXPECT_EQ(eval_text("1 || 1 / 0"), 1);
  EXPECT_EQ(eval_text("0 ? 1 / 0 : 5"), 5);
  EXPECT_EQ(eval_text("1 ? 5 : 1 % 0"), 5);
  try {
    eval_text("1 && 1 / 0");
    ADD_FAILURE() << "no error";
  } catch (const cuda::CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("division by zero in a constant expression"), std::string::npos) << e.what();
  }
}

// #if in a kernel file: the lines it keeps are C's.
TEST(ConstEval, IfLinesFollowC) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out)
#if (0u - 1) > 0 && -1 < 0 && !(-1 < 0u)
#define A 1
#else
#define A 2
#endif
#if defined(UNDEFINED_DIVISOR) && 8 / UNDEFINED_DIVISOR > 2
#define B 3
#else
#define B 4
#endif
#if (1 << 32) == 4294967296 && (-1 >> 1) == -1 && (1 << 63) < 0
#define C 5
#else
#define C 6
#endif
__global__ void k(const int *in, int *out) { out[threadIdx.x] = 100 * A + 10 * B + C; }
)", 32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out[0], 145);
}

// A constant folded by the parser and the same expression computed by threads at run time (the
// operands come from `in`, all ones, so nothing folds there): equal, and equal to C++'s value.
TEST(ConstEval, FoldedConstantsEqualTheMachine) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out)
const unsigned C0 = (0u - 1) / 2;
const int C1 = (-2147483647 - 1) / -1 / 2;
const int C2 = 1 << 32;
const int C3 = -1 >> 1;
const long long C4 = 1LL << 40;
const int C5 = -1 < 0u;
const int C6 = (2147483647 + 1) / 2;
const int C7 = -16 >> 40;
__global__ void k(const int *in, unsigned *out) {
  const int one = in[threadIdx.x];  // 1
  const unsigned r0 = (0u - one) / 2;
  const int r1 = (-2147483647 - one) / -one / 2;
  const int r2 = one << (32 * one);
  const int r3 = -one >> one;
  const long long r4 = (long long)one << (40 * one);
  const int r5 = -one < 0u;
  const int r6 = (2147483647 + one) / 2;
  const int r7 = (-16 * one) >> (40 * one);
  const unsigned t = threadIdx.x;
  unsigned v = 0;
  if (t == 0) v = C0 == r0 && C0 == 2147483647u;
  if (t == 1) v = C1 == r1 && C1 == -1073741824;
  if (t == 2) v = C2 == r2 && C2 == 0;
  if (t == 3) v = C3 == r3 && C3 == -1;
  if (t == 4) v = C4 == r4 && C4 == 1099511627776LL;
  if (t == 5) v = C5 == r5 && C5 == 0;
  if (t == 6) v = C6 == r6 && C6 == -1073741824;
  if (t == 7) v = C7 == r7 && C7 == -1;
  if (t > 7) v = 1;
  out[t] = v;
}
)", 32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 32u);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(o.out[i], 1) << "constant C" << i << " differs from the machine's value";
}

// Array sizes and template arguments fold by the same rules (and now fold comparisons, && and ?:):
// each array is written at its last index, which faults unless the size is C++'s.
TEST(ConstEval, ArraySizesAndTemplateArguments) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out)
template <unsigned int S> __device__ unsigned size_of() { return S; }
__global__ void k(const int *in, int *out) {
  __shared__ int a[(0u - 1) / 2 > 5 ? 3 : 1];  // unsigned: 3 (-1 / 2 = 0 would give 1)
  __shared__ int b[(1 << 32) == 0 && -1 < 0 ? 2 : 1];
  __shared__ int c[(-1 >> 1) == -1 ? 4 : 1];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    a[2] = 3;
    b[1] = 2;
    c[3] = 4;
  }
  __syncthreads();
  out[t] = a[2] * 100 + b[1] * 10 + c[3] + 1000 * (int)size_of<(0u - 1) / 2 / 1073741823>();
}
)", 32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out[0], 2000 + 324);
}

// A division by zero in a folded constant is no constant: the declaration's one-line error.
TEST(ConstEval, DivisionByZeroInAnArraySize) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out)
__global__ void k(const int *in, int *out) {
  __shared__ int a[4 / (2 - 2)];
  out[threadIdx.x] = a[0];
}
)", 32);
  EXPECT_EQ(o.kind, "error");
  EXPECT_NE(o.what.find("must be a constant"), std::string::npos) << o.what;
}

// The host's lines (launch:, out:, require:) are evaluated as #if is.
TEST(ConstEval, HostLinesAre64BitsWide) {
  const Outcome o = run_text(R"(// launch: k<<<1, 32>>>(in, out, (1 << 40) >> 38, (0u - 1) > 0, -1 >> 70)
__global__ void k(const int *in, int *out, int a, int b, int c) { out[threadIdx.x] = a * 100 + b * 10 + c; }
)", 32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out[0], 400 + 10 - 1);
}

}  // namespace
}  // namespace scanscope
