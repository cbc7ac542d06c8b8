// C++'s choice among overloads (a call of overloaded functions or templates, a launch of
// overloaded kernels), from how each viable candidate's parameters fit the arguments
// ([over.ics.rank]), then, between candidates that fit equally well, C++'s tie-breakers (a
// non-template beats a template, a more specialised template beats a less specialised one:
// the caller's `tie`).
#pragma once

#include <vector>

namespace scanscope::cuda {

// How one argument fits one parameter.
struct Fit {
  int rank = 0;             // 0 an exact match, 1 a promotion, 2 a conversion, -1 none
  bool adds_const = false;  // an exact match that adds const to what a pointer points to (int* to const int*)
  int binds = 0;            // a reference's binding: 1 to T&, 2 to const T& (0: a copy)
};

// Is a a better fit than b? A lower rank; then, both exact, the one that adds no const (int* to
// int* beats int* to const int*); then, both references, the less const one (T& beats const T&).
inline bool fit_better(const Fit& a, const Fit& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  if (a.adds_const != b.adds_const) return !a.adds_const;
  return a.binds && b.binds && a.binds < b.binds;
}

// Is a at least as good as b on every argument and better on one?
inline bool ranks_better(const std::vector<Fit>& a, const std::vector<Fit>& b) {
  bool strictly = false;
  for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
    if (fit_better(b[k], a[k])) return false;
    strictly = strictly || fit_better(a[k], b[k]);
  }
  return strictly;
}

// Is candidate v better than w: ranks_better, or as good on every argument and tie(v, w)?
template <class Tie>
bool candidate_better(const std::vector<std::vector<Fit>>& ranks, size_t v, size_t w, Tie tie) {
  if (ranks_better(ranks[v], ranks[w])) return true;
  for (size_t k = 0; k < ranks[v].size() && k < ranks[w].size(); ++k)
    if (fit_better(ranks[v][k], ranks[w][k]) || fit_better(ranks[w][k], ranks[v][k])) return false;
  return tie(v, w);
}

// The candidate better than every other (candidate_better): its index, or -1 when there is none
// (a tie, which C++ calls ambiguous, or no candidate).
template <class Tie>
int best_ranked(const std::vector<std::vector<Fit>>& ranks, Tie tie) {
  for (size_t v = 0; v < ranks.size(); ++v) {
    bool best = true;
    for (size_t w = 0; w < ranks.size() && best; ++w)
      if (v != w && !candidate_better(ranks, v, w, tie)) best = false;
    if (best) return static_cast<int>(v);
  }
  return -1;
}
inline int best_ranked(const std::vector<std::vector<Fit>>& ranks) {
  return best_ranked(ranks, [](size_t, size_t) { return false; });
}
// Ranks alone (0 exact, 1 promotion, 2 conversion): a launch's choice among overloaded kernels.
inline int best_ranked(const std::vector<std::vector<int>>& ranks) {
  std::vector<std::vector<Fit>> fits;
  for (const auto& r : ranks) {
    fits.emplace_back();
    for (int k : r) fits.back().push_back(Fit{k, false, 0});
  }
  return best_ranked(fits);
}

}  // namespace scanscope::cuda
