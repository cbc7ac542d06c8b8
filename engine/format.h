// How a recorded value is written for people: integers plainly, floats shortly, mat2 matrices as
// [a b; c d], never-written words as "." (text) or nothing (a cell of the window).
#pragma once

#include <string>

#include "engine/ops.h"

namespace scanscope {

enum class ValueStyle {
  Text,  // tables and messages: a never-written word is ".", floats keep 6 significant digits
  Cell,  // the window's boxes: a never-written word is "", floats keep 4 digits, 1e9 and up in e-notation
};

// v as a value of op's (a matrix operator's values as matrices).
std::string format_value(double v, Operator op, ValueStyle style = ValueStyle::Text);

// "1 lane", "3 lanes": n and the noun, singular for exactly one (plural: noun + "s" unless given).
std::string counted(long long n, const std::string& noun, const std::string& plural = "");
// The verb phrase for n subjects: "add" for several, "adds" for one (its first word: "take the min
// of" -> "takes the min of", "copy" -> "copies", "pass" -> "passes", "OR" -> "ORs"): regular
// English verbs only.
std::string verb_for(long long n, const std::string& verb);

}  // namespace scanscope
