// Names of the engine's vocabularies (vocab.h), for the command line, files and the window.
#include "engine/vocab.h"

namespace scanscope {

namespace {
const char* const kPhaseNames[] = {"load", "reduce", "up", "clear", "down", "scan", "shuffle", "combine", "store", "other"};
constexpr int kPhases = sizeof kPhaseNames / sizeof kPhaseNames[0];
}  // namespace

const char* phase_name(Phase p) { return kPhaseNames[static_cast<int>(p)]; }

bool parse_phase(const std::string& s, Phase* out) {
  for (int i = 0; i < kPhases; ++i)
    if (s == kPhaseNames[i]) {
      *out = static_cast<Phase>(i);
      return true;
    }
  return false;
}

const char* pad_name(Pad p) { return p == Pad::None ? "none" : p == Pad::Harris ? "harris" : "zero"; }

bool parse_pad(const std::string& s, Pad* out) {
  if (s == "none") *out = Pad::None;
  else if (s == "harris") *out = Pad::Harris;
  else if (s == "zero") *out = Pad::Zero;
  else return false;
  return true;
}

const char* access_op_name(AccessOp op) {
  switch (op) {
    case kLoad: return "ld";
    case kStore: return "st";
    case kShuffle: return "shfl";
    case kAtomic: return "atom";
  }
  return "?";
}

bool parse_access_op(const std::string& s, AccessOp* out) {
  for (AccessOp op : {kLoad, kStore, kShuffle, kAtomic})
    if (s == access_op_name(op)) {
      *out = op;
      return true;
    }
  return false;
}

}  // namespace scanscope
