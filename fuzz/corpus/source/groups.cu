// launch: k<<<1, dim3(32, 2)>>>(in, out, N)
// init: out = 0
// out: 1
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__device__ int first(cg::thread_group g, int *s, int v) {
  if (g.thread_rank() == 0) s[0] = v;
  g.sync();
  return s[0];
}
__global__ void k(const int *in, int *out, int n) {
  __shared__ int s[4][8];
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(b);
  int r = b.thread_rank();
  int v = r < n ? in[r] : 0;
  v = cg::reduce(t, v, cg::plus<int>()) + t.shfl_xor(v, 1) * t.any(v > 3);
  int f = first(cg::tiled_partition(b, 8), &s[r / 16][0], v);
  b.sync();
  unsigned odd = t.ballot(v & 1);
  if (t.thread_rank() == 0) atomicAdd(out, f + (int)odd + (int)t.meta_group_rank());
}
