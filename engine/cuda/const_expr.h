// Integer constant expressions over tokens: `#if` lines, and the host side of a kernel file
// (launch line, `out:`, `require:`), where N, sizeof(T) and a few functions are known.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/cuda/lexer.h"

namespace scanscope::cuda {

struct ConstEnv {
  // Value of an identifier; nullopt: unknown (an error, unless unknown_is_zero).
  std::function<std::optional<long long>(const std::string&)> ident;
  // Value of a call name(args); nullopt: unknown function.
  std::function<std::optional<long long>(const std::string&, const std::vector<long long>&)> call;
  // Size in bytes of a type the file defines (sizeof(MSS) of a struct); nullopt: not one.
  std::function<std::optional<long long>(const std::string&)> type_size;
  bool unknown_is_zero = false;  // #if: identifiers left after expansion are 0
  // Why an unknown identifier is unknown, when there is more to say than that it is (a __device__
  // variable in a header line); "" otherwise.
  std::function<std::string(const std::string&)> why_unknown;
};

// Evaluates tokens[begin, end) as one expression; throws CudaError at the offending token.
long long eval_const(const SourceSet& files, const std::vector<Token>& tokens, size_t begin, size_t end, const ConstEnv& env);

}  // namespace scanscope::cuda
