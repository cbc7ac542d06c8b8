// title: cooperative groups: tiles of 128 threads (four warps), each summing its part with a tree whose only barrier is the tile's sync(), checked against cg::reduce
// about: A tile's sync() waits for the tile's own four warps, not for the block: the four tiles of
//   the block run their trees apart, each in its own quarter of part[], and only block.sync()
//   brings them together. The tile barriers end no step (the GPU's traced build snapshots at
//   block barriers), and a thread reading another tile's quarter before block.sync() would be a
//   race that the trace reports.
// launch: tile_sum<<<1, 512>>>(in, out, N)
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile_sum(const int *in, int *out, int n) {
  __shared__ int part[512];
  __shared__ int tile_total[4];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<128> tile = cg::tiled_partition<128>(block);
  int my = 0;
  for (int i = block.thread_rank(); i < n; i += block.size()) my += in[i];
  const unsigned r = tile.thread_rank(), base = tile.meta_group_rank() * 128;
  part[base + r] = my;
  tile.sync();
  for (unsigned half = 64; half > 0; half /= 2) {
    if (r < half) part[base + r] += part[base + r + half];
    tile.sync();
  }
  const int lib = cg::reduce(tile, my, cg::plus<int>());
  if (r == 0) tile_total[tile.meta_group_rank()] = part[base] == lib ? lib : -1000000;
  block.sync();  // step: the four tiles' sums
  if (block.thread_rank() == 0) {
    int s = 0;
    for (unsigned t = 0; t < tile.meta_group_size(); ++t) s += tile_total[t];
    out[0] = s;
  }
}
