// title: cooperative groups: a thread_group reduction in shared memory, then tiles of 32 with shuffles
// launch: cg_sum<<<1, 256, 256 * sizeof(int)>>>(in, out, N)
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();   // step(reduce): half the group adds, i={i}
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;
}

template <unsigned int tile_sz>
__device__ int tile_sum(cg::thread_block_tile<tile_sz> g, int val) {
  for (int i = g.size() / 2; i > 0; i /= 2) val += g.shfl_down(val, i);
  return val;
}

__global__ void cg_sum(const int *in, int *out, int n) {
  extern __shared__ int temp[];
  cg::thread_block block = cg::this_thread_block();
  int my = 0;
  for (int i = block.thread_rank(); i < n; i += block.size()) my += in[i];
  int whole = reduce_sum(block, temp, my);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int part = tile_sum(warp, my);
  int part2 = cg::reduce(warp, my, cg::plus<int>());
  if (warp.thread_rank() == 0) temp[warp.meta_group_rank()] = part + part2 - part2;
  block.sync();
  if (block.thread_rank() == 0) {
    int s = 0;
    for (int w = 0; w < warp.meta_group_size(); ++w) s += temp[w];
    out[0] = s == whole ? s : -1;
  }
}
