// How a recorded value is written for people: integers plainly, floats shortly, mat2 matrices as
// [a b; c d], never-written words as ".".
#pragma once

#include <string>

namespace scanscope {

std::string format_value(double v, const std::string& op);

}  // namespace scanscope
