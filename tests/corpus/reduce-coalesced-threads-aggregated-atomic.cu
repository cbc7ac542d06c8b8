// title: sum with one atomic per coalesced group: cg::coalesced_threads() inside a branch (CUDA blog style)
// about: Only threads whose element is odd, or whose lane is below 20, enter the branch, so the
//   warps split; there cg::coalesced_threads() is the group of the warp's lanes that came in
//   together. The group sums its values with shfl_down by rank (a lane's rank is its place among
//   the group's lanes, not its lane), and the thread of rank 0 adds the group's sum to out[0]:
//   one atomicAdd per group instead of one per thread. The other threads add their elements on
//   their own, so out[0] is the sum of all of them.
// launch: grouped_sum<<<(N + 127) / 128, 128>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grouped_sum(const int *in, int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (in[i] % 2 != 0 || threadIdx.x % 32 < 20) {
    cg::coalesced_group active = cg::coalesced_threads();
    int v = in[i];
    for (unsigned int offset = 1; offset < active.size(); offset *= 2) {
      const int other = active.shfl_down(v, offset);
      if (active.thread_rank() + offset < active.size()) v += other;
    }
    if (active.thread_rank() == 0) atomicAdd(out, v);
  } else {
    atomicAdd(out, in[i]);
  }
}
