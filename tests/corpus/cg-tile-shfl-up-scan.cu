// title: cooperative groups: an inclusive scan with warp tiles (shfl_up), then the warps' totals
// about: Each thread_block_tile<32> scans its 32 values with shfl_up; lane 31 of each tile leaves
//   the tile's total in shared memory; the first tile scans those totals and every thread adds
//   the totals of the tiles before its own.
// launch: tile_scan<<<1, 256>>>(in, out, N)
// check: inclusive-scan
// require: N <= 256 : scans one block of 256 elements at most, not {N}
// ops: sum
#include <cooperative_groups.h>
using namespace cooperative_groups;

__global__ void tile_scan(const T *in, T *out, int n) {
  __shared__ T totals[8];
  thread_block block = this_thread_block();
  thread_block_tile<32> tile = tiled_partition<32>(block);
  const int i = block.thread_rank();
  T v = i < n ? in[i] : IDENTITY;
  for (int d = 1; d < 32; d *= 2) {
    T up = tile.shfl_up(v, d);
    if (tile.thread_rank() >= d) v = OP(up, v);
  }
  if (tile.thread_rank() == 31) totals[tile.meta_group_rank()] = v;
  block.sync();  // step(scan): the tiles' totals are in shared memory
  if (tile.meta_group_rank() == 0) {
    T t = tile.thread_rank() < tile.meta_group_size() ? totals[tile.thread_rank()] : IDENTITY;
    for (int d = 1; d < 8; d *= 2) {
      T up = tile.shfl_up(t, d);
      if (tile.thread_rank() >= d) t = OP(up, t);
    }
    if (tile.thread_rank() < tile.meta_group_size()) totals[tile.thread_rank()] = t;
  }
  block.sync();  // step(combine): the totals are scanned
  if (tile.meta_group_rank() > 0) v = OP(totals[tile.meta_group_rank() - 1], v);
  if (i < n) out[i] = v;
}
