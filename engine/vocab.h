// The engine's small vocabularies: value types, kernel families, kinds of access, paddings, the
// phases of a step (the operators: ops.h). Each has one table of names (vocab.cpp), read by the
// command line, files and the window.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace scanscope {

constexpr int kWarpSize = 32;

enum class ValueType : int { Int = 0, Float };

const char* type_name(ValueType t);
bool parse_value_type(const std::string& s, ValueType* out);
std::vector<ValueType> value_types();
std::vector<std::string> type_names();
std::vector<std::string> names_of(const std::vector<ValueType>& types);

// The folders of the kernel files under kernels/, in catalogue order.
enum class KernelFamily : int { Reduce = 0, Scan, App, Memory, Listings };

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

// The output checks a kernel file's `check:` line names (docs/kernel-files.md), in the order the
// docs list them; a trace file's `check` is one of them.
const std::vector<std::string>& check_names();

}  // namespace scanscope
