// Where scanscope's assets (lessons, recorded GPU traces and benchmarks) are: $SCANSCOPE_ASSETS,
// else the source tree's assets/ this binary was built from.
#pragma once

#include <string>

namespace scanscope {

std::string asset_dir();

}  // namespace scanscope
