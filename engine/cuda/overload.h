// C++'s choice among overloads (a call of overloaded functions or templates, a launch of
// overloaded kernels), from each viable candidate's rank per argument: 0 an exact match, 1 a
// promotion, 2 a conversion.
#pragma once

#include <vector>

namespace scanscope::cuda {

// Is a at least as good as b on every argument and better on one?
inline bool ranks_better(const std::vector<int>& a, const std::vector<int>& b) {
  bool strictly = false;
  for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
    if (a[k] > b[k]) return false;
    strictly = strictly || a[k] < b[k];
  }
  return strictly;
}

// The candidate better than every other (ranks_better): its index, or -1 when there is none (a
// tie, which C++ calls ambiguous, or no candidate).
inline int best_ranked(const std::vector<std::vector<int>>& ranks) {
  for (size_t v = 0; v < ranks.size(); ++v) {
    bool best = true;
    for (size_t w = 0; w < ranks.size() && best; ++w)
      if (v != w && !ranks_better(ranks[v], ranks[w])) best = false;
    if (best) return static_cast<int>(v);
  }
  return -1;
}

}  // namespace scanscope::cuda
