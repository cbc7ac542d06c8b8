// title: cooperative groups: a dynamic partition (tiled_partition(block, 16)) passed as a thread_group
// about: The same shared-memory tree serves the whole block and a 16-thread partition: sync() is
//   a barrier for the block and a warp synchronisation for the partition.
// launch: partition_sum<<<1, 64, 64 * sizeof(int)>>>(in, out, N)
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int tree_sum(const cg::thread_group &g, int *scratch, int v) {
  unsigned int r = g.thread_rank();
  for (unsigned int half = g.size() / 2; half > 0; half /= 2) {
    scratch[r] = v;
    g.sync();
    if (r < half) v += scratch[r + half];
    g.sync();
  }
  return v;
}

__global__ void partition_sum(const int *in, int *out, int n) {
  extern __shared__ int scratch[];
  cg::thread_block block = cg::this_thread_block();
  int mine = 0;
  for (int i = block.thread_rank(); i < n; i += block.num_threads()) mine += in[i];
  cg::thread_group sixteen = cg::tiled_partition(block, 16);
  int part = tree_sum(sixteen, scratch + 16 * (block.thread_rank() / 16), mine);
  block.sync();
  if (sixteen.thread_rank() == 0) scratch[block.thread_rank() / 16] = part;
  block.sync();
  if (block.thread_rank() == 0) out[0] = scratch[0] + scratch[1] + scratch[2] + scratch[3];
}
