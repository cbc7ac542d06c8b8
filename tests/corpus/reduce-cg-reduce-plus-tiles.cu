// title: cg::reduce over warp tiles, then over the warps' sums: cg::plus, meta_group_rank (samples' cg_reduce style)
// about: Each thread sums a grid-stride slice; every thread_block_tile<32> folds its 32 sums with
//   cg::reduce(tile, v, cg::plus<V>()); lane 0 of each tile leaves the result at
//   warp_sums[tile.meta_group_rank()]; after cta.sync() the first tile reduces those with
//   cg::reduce again. Block sums go to out with one atomicAdd each (out zeroed by the host).
// launch: reduce_tiles<T><<<min(4, (N + 255) / 256), 256>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <typename V>
__global__ void reduce_tiles(const V *in, V *out, int n) {
  __shared__ V warp_sums[32];
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  V v = V(0);
  for (int i = blockIdx.x * blockDim.x + cta.thread_rank(); i < n; i += blockDim.x * gridDim.x) v += in[i];
  V warp_total = cg::reduce(tile, v, cg::plus<V>());
  if (tile.thread_rank() == 0) warp_sums[tile.meta_group_rank()] = warp_total;
  cta.sync();  // step(combine): one sum per warp
  if (tile.meta_group_rank() == 0) {
    V w = tile.thread_rank() < tile.meta_group_size() ? warp_sums[tile.thread_rank()] : V(0);
    V block_total = cg::reduce(tile, w, cg::plus<V>());
    if (tile.thread_rank() == 0) atomicAdd(out, block_total);
  }
}
