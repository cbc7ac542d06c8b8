// `scanscope compile --bytecode`: the compiled program as text, every instruction with its source
// position, accesses named by the expression that makes them.
#include <gtest/gtest.h>

#include <regex>

#include "engine/cuda/disasm.h"
#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

const std::string kKernel =
    "// launch: k<<<1, 64>>>(in, out, N)\n"
    "// check: copy\n"
    "__global__ void k(const int *in, int *out, int n) {\n"
    "  __shared__ int s[64];\n"
    "  int t = threadIdx.x;\n"
    "  s[t] = in[t] * 3;\n"
    "  __syncthreads();  // step: loaded\n"
    "  out[t] = s[63 - t] + atomicAdd(&s[0], 0);\n"
    "}\n";

std::string bytecode_of(const std::string& text) {
  const ResolvedKernel k = resolve_kernel(inline_request(text));
  return cuda::disassemble(k.build->compiled, k.build->files);
}

TEST(Bytecode, EveryInstructionHasItsSourcePositionAndAccessesTheirExpression) {
  const std::string d = bytecode_of(kKernel);
  EXPECT_NE(d.find("== k: 3 parameters"), std::string::npos) << d;
  EXPECT_NE(d.find("; kernels/app/inline.cu:6  s[t] = in[t] * 3;"), std::string::npos) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(\n +\d+ +6:3 +St +site \d+: st s\[t\]\n)"))) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(\n +\d+ +6:10 +Ld +site \d+: ld in\[t\]\n)"))) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(\n +\d+ +5:\d+ +Special +threadIdx\.x\n)"))) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(SyncThreads +__syncthreads\(\), sync point 0, step "loaded")"))) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(Atomic +atomicAdd, site \d+: atom atomicAdd\(&s\[0\], 0\))"))) << d;
  EXPECT_TRUE(std::regex_search(d, std::regex(R"(\n +\d+ +6:\d+ +Push +3\n)"))) << d;
  // one line per instruction, numbered from 0 without gaps
  std::regex instr(R"(\n +(\d+) +\d+:\d+ +[A-Z]\w* ?)");
  int expected = 0;
  for (auto it = std::sregex_iterator(d.begin(), d.end(), instr); it != std::sregex_iterator(); ++it) EXPECT_EQ(std::stoi((*it)[1]), expected++);
  const ResolvedKernel k = resolve_kernel(inline_request(kKernel));
  EXPECT_EQ(expected, static_cast<int>(k.build->compiled.code.size()));
}

TEST(Bytecode, EveryOperationHasAName) {
  for (int op = 0; op <= static_cast<int>(cuda::Op::ActiveMask); ++op) EXPECT_STRNE(cuda::op_name(static_cast<cuda::Op>(op)), "?") << op;
}

// The parser's operators and special registers as enums: each has its C++ spelling, and the
// spelling gives it back (the parser reads tokens by it).
TEST(Bytecode, OperatorsAndSpecialRegistersHaveTheirNames) {
  for (int o = 1; o <= static_cast<int>(cuda::BinaryOp::LogicalOr); ++o) {
    const auto op = static_cast<cuda::BinaryOp>(o);
    EXPECT_STRNE(cuda::to_string(op), "") << o;
    EXPECT_EQ(cuda::binary_op(cuda::to_string(op)), op) << cuda::to_string(op);
  }
  for (int o = 1; o <= static_cast<int>(cuda::UnaryOp::Dec); ++o) {
    const auto op = static_cast<cuda::UnaryOp>(o);
    EXPECT_EQ(cuda::unary_op(cuda::to_string(op)), op) << cuda::to_string(op);
  }
  EXPECT_EQ(cuda::binary_op("="), cuda::BinaryOp::None);
  EXPECT_STREQ(cuda::to_string(cuda::BinaryOp::Shl), "<<");
  EXPECT_TRUE(cuda::is_comparison(cuda::BinaryOp::Ge));
  EXPECT_FALSE(cuda::is_comparison(cuda::BinaryOp::LogicalAnd));
  EXPECT_STREQ(cuda::special_reg_name(cuda::SpecialReg::ThreadIdxX), "threadIdx.x");
  EXPECT_STREQ(cuda::special_reg_name(cuda::special_reg(cuda::SpecialReg::BlockIdxX, 2)), "blockIdx.z");
  EXPECT_STREQ(cuda::special_reg_name(cuda::SpecialReg::WarpSize), "warpSize");
  EXPECT_TRUE(cuda::special_reg_name(13) == nullptr);
  // the disassembler names each register a kernel reads
  const ResolvedKernel k = resolve_kernel(inline_request(
      "// launch: k<<<dim3(2, 2), dim3(4, 2, 2)>>>(in, out)\n"
      "__global__ void k(const int *in, int *out) {\n"
      "  out[0] = threadIdx.z + blockIdx.y + blockDim.z + gridDim.y + warpSize;\n"
      "}\n", 64));
  const std::string d = cuda::disassemble(k.build->compiled, k.build->files);
  for (const char* r : {"threadIdx\\.z", "blockIdx\\.y", "blockDim\\.z", "gridDim\\.y", "warpSize"})
    EXPECT_TRUE(std::regex_search(d, std::regex(std::string(" Special +") + r + "\n"))) << r << "\n" << d;
}

}  // namespace
