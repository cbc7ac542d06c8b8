// Names of the engine's vocabularies (vocab.h), for the command line, files and the window.
#include "engine/vocab.h"

#include <iterator>

#include "engine/ops.h"

namespace scanscope {

namespace {

template <class... Ops> std::vector<OperatorInfo> operator_table(OpList<Ops...>) { return {operator_info_of<Ops>()...}; }

const char* const kTypeNames[] = {"int", "float"};
const char* const kPhaseNames[] = {"load", "reduce", "up", "clear", "down", "scan", "shuffle", "combine", "store", "other"};
const char* const kPadNames[] = {"none", "harris", "zero"};
const char* const kAccessOpNames[] = {"ld", "st", "shfl", "atom"};

}  // namespace

const std::vector<OperatorInfo>& operators() {
  static const std::vector<OperatorInfo> table = operator_table(Operators{});
  return table;
}

const OperatorInfo& operator_info(Operator op) { return operators()[static_cast<size_t>(op)]; }
const char* operator_name(Operator op) { return operator_info(op).name; }

bool parse_operator(const std::string& s, Operator* out) {
  for (const OperatorInfo& o : operators())
    if (s == o.name) {
      *out = o.op;
      return true;
    }
  return false;
}

std::vector<std::string> operator_names() {
  std::vector<std::string> names;
  for (const OperatorInfo& o : operators()) names.push_back(o.name);
  return names;
}

const char* type_name(ValueType t) { return kTypeNames[static_cast<int>(t)]; }
bool parse_value_type(const std::string& s, ValueType* out) { return parse_name(kTypeNames, s, out); }
std::vector<ValueType> value_types() {
  std::vector<ValueType> v;
  for (size_t i = 0; i < std::size(kTypeNames); ++i) v.push_back(static_cast<ValueType>(i));
  return v;
}

std::vector<std::string> type_names() { return {std::begin(kTypeNames), std::end(kTypeNames)}; }

const std::vector<KernelFamilyInfo>& kernel_families() {
  static const std::vector<KernelFamilyInfo> table = {{KernelFamily::Reduce, "reduce", "Reductions"},
                                                      {KernelFamily::Scan, "scan", "Scans"},
                                                      {KernelFamily::App, "app", "Applications of scan"},
                                                      {KernelFamily::Memory, "memory", "Global memory: coalescing"},
                                                      {KernelFamily::Listings, "listings", "The sources' listings as printed"}};
  return table;
}

const KernelFamilyInfo& family_info(KernelFamily f) { return kernel_families()[static_cast<size_t>(f)]; }

const char* phase_name(Phase p) { return kPhaseNames[static_cast<int>(p)]; }
bool parse_phase(const std::string& s, Phase* out) { return parse_name(kPhaseNames, s, out); }
const char* pad_name(Pad p) { return kPadNames[static_cast<int>(p)]; }
bool parse_pad(const std::string& s, Pad* out) { return parse_name(kPadNames, s, out); }
const char* access_op_name(AccessOp op) { return kAccessOpNames[static_cast<int>(op)]; }
bool parse_access_op(const std::string& s, AccessOp* out) { return parse_name(kAccessOpNames, s, out); }

std::vector<std::string> names_of(const std::vector<Operator>& ops) {
  std::vector<std::string> names;
  for (Operator op : ops) names.push_back(operator_name(op));
  return names;
}

std::vector<std::string> names_of(const std::vector<ValueType>& types) {
  std::vector<std::string> names;
  for (ValueType t : types) names.push_back(type_name(t));
  return names;
}

std::string name_list(const std::vector<std::string>& names, const char* sep, const char* last) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : last && i + 1 == names.size() ? last : sep) + names[i];
  return s;
}

const std::vector<std::string>& check_names() {
  static const std::vector<std::string> names = {"reduce", "inclusive-scan", "exclusive-scan", "sort", "compact", "copy", "transpose", "histogram", "max-segment-sum"};
  return names;
}

}  // namespace scanscope
