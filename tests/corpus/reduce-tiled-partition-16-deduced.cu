// title: tiles of 16 from cg::tiled_partition<16>: a deduced tile-size template, shfl_xor, meta_group_rank (developer blog's tiled_partition style)
// about: The blog's point that a tile need not be a warp: the block splits into
//   thread_block_tile<16> groups; tile_reduce<S> (S deduced from the tile's type) folds 16 values
//   with tile.shfl_xor, so every rank of a tile holds its total; rank 0 stores it at
//   sums[tile.meta_group_rank()], and after cg::sync(block) a second round of 16-tiles folds the
//   tile totals. One block; each thread first sums a strided slice.
// reorders: the strided slice takes elements a block apart, the butterfly pairs ranks r and r ^ m
// launch: tiles16_reduce<<<1, 256>>>(in, out, N)
// out: 1
// check: reduce
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned int S>
__device__ T tile_reduce(cg::thread_block_tile<S> tile, T v) {
  for (unsigned int m = tile.size() / 2; m > 0; m >>= 1) v = OP(v, tile.shfl_xor(v, m));
  return v;
}

__global__ void tiles16_reduce(const T *in, T *out, int n) {
  __shared__ T sums[16];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  T v = IDENTITY;
  for (int i = block.thread_rank(); i < n; i += block.size()) v = OP(v, in[i]);
  v = tile_reduce(tile, v);
  if (tile.thread_rank() == 0) sums[tile.meta_group_rank()] = v;
  cg::sync(block);  // step(combine): 16 tile totals
  if (tile.meta_group_rank() == 0) {
    T t = tile_reduce(tile, sums[tile.thread_rank()]);
    if (tile.thread_rank() == 0) out[0] = t;
  }
}
