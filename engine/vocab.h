// The engine's small vocabularies: operators, value types, kernel families, kinds of access,
// paddings, the phases of a step. Each has one table of names (vocab.cpp; the operators' is built
// from their classes in ops.h), read by the command line, files and the window.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace scanscope {

constexpr int kWarpSize = 32;

// The associative operators (ops.h: one class each, in this order).
enum class Operator : int { Sum = 0, Min, Max, Or, Mat2 };

// One row of the operator table, from the operator's class.
struct OperatorInfo {
  Operator op;
  const char* name;        // --op, the `ops:` line, files; the kernel files' ss_<name> and SS_<NAME>_IDENTITY
  const char* verb;        // in the window's sentences: "each <verb> two partial results"
  const char* about;       // what it computes, when its name does not say ("" if it does)
  bool int_only;           // needs --type int; int_reason says why
  const char* int_reason;  // e.g. "is bitwise"
  bool commutative;        // false: a kernel that reorders operands gives a wrong answer
  bool rounds;             // float results depend on the order of combination (compared with a tolerance)
  bool matrix;             // a value is a packed 2x2 byte matrix: written [a b;c d], random inputs are shears
};

const std::vector<OperatorInfo>& operators();
const OperatorInfo& operator_info(Operator op);
const char* operator_name(Operator op);
bool parse_operator(const std::string& s, Operator* out);
std::vector<std::string> operator_names();

enum class ValueType : int { Int = 0, Float };

const char* type_name(ValueType t);
bool parse_value_type(const std::string& s, ValueType* out);
std::vector<ValueType> value_types();
std::vector<std::string> type_names();

// The folders of the kernel files under kernels/, in catalogue order.
enum class KernelFamily : int { Reduce = 0, Scan, App, Seeds };

struct KernelFamilyInfo {
  KernelFamily family;
  const char* folder;  // under kernels/; also the family's name in `scanscope list`
  const char* title;   // heads the family's kernels in the window's kernel list
};

const std::vector<KernelFamilyInfo>& kernel_families();
const KernelFamilyInfo& family_info(KernelFamily f);

enum AccessOp : int { kLoad = 0, kStore = 1, kShuffle = 2, kAtomic = 3 };

enum class Pad : int { None = 0, Harris = 1, Zero = 2 };

// Where a step belongs in the algorithm; the window uses it to choose the picture. A step comment
// names one of them (Other: none named).
enum class Phase : int { Load = 0, Reduce, Up, Clear, Down, Scan, Shuffle, Combine, Store, Other };

const char* phase_name(Phase p);
bool parse_phase(const std::string& s, Phase* out);
const char* pad_name(Pad p);
bool parse_pad(const std::string& s, Pad* out);
const char* access_op_name(AccessOp op);
bool parse_access_op(const std::string& s, AccessOp* out);

std::vector<std::string> names_of(const std::vector<Operator>& ops);
std::vector<std::string> names_of(const std::vector<ValueType>& types);

// A name table: names[i] names the enumerator of value i.
template <class E, size_t N>
bool parse_name(const char* const (&names)[N], const std::string& s, E* out) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) {
      *out = static_cast<E>(i);
      return true;
    }
  return false;
}

// The names joined by sep, with `last` (when given) before the final one: "a, b or c".
std::string name_list(const std::vector<std::string>& names, const char* sep = ", ", const char* last = nullptr);

}  // namespace scanscope
