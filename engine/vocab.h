// The engine's small vocabularies: kinds of access, paddings, the phases of a step.
#pragma once

namespace scanscope {

constexpr int kWarpSize = 32;

enum AccessOp : int { kLoad = 0, kStore = 1, kShuffle = 2 };

enum class Pad : int { None = 0, Harris = 1, Zero = 2 };

// Where a step belongs in the algorithm; the window uses it to choose the picture.
enum class Phase : int { Load = 0, Reduce, Up, Clear, Down, Scan, Shuffle, Combine, Store };

}  // namespace scanscope
