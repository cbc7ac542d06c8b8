// Asset lookup.
#include "engine/assets.h"

#include <cstdlib>

namespace scanscope {

std::string asset_dir() {
  if (const char* env = std::getenv("SCANSCOPE_ASSETS"); env && *env) return env;
  return SCANSCOPE_ASSET_DIR;
}

}  // namespace scanscope
