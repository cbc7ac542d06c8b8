// The engine's small vocabularies: kinds of access, paddings, the phases of a step.
#pragma once

#include <string>

namespace scanscope {

constexpr int kWarpSize = 32;

enum AccessOp : int { kLoad = 0, kStore = 1, kShuffle = 2, kAtomic = 3 };

enum class Pad : int { None = 0, Harris = 1, Zero = 2 };

// Where a step belongs in the algorithm; the window uses it to choose the picture.
enum class Phase : int { Load = 0, Reduce, Up, Clear, Down, Scan, Shuffle, Combine, Store, Other };

const char* phase_name(Phase p);
bool parse_phase(const std::string& s, Phase* out);
const char* pad_name(Pad p);
bool parse_pad(const std::string& s, Pad* out);
const char* access_op_name(AccessOp op);
bool parse_access_op(const std::string& s, AccessOp* out);

}  // namespace scanscope
