// title: grid-stride sum read through the read-only cache (__ldg), auto locals, a warp tile's cg::reduce (course style)
// about: Each thread sums a grid-stride run of the input with __ldg, the load through the
//   read-only data cache (the trace records it as the global load it is); `auto` declares the
//   block and its 32-thread tiles, cg::reduce sums each tile, and each tile's first thread adds
//   the tile's sum to out[0].
// launch: ldg_sum<<<min(4, (N + 255) / 256), 256>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void ldg_sum(const int *__restrict__ in, int *out, int n) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  auto stride = gridDim.x * blockDim.x;
  int sum = 0;
  for (auto i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned int)n; i += stride) sum += __ldg(&in[i]);
  const auto total = cg::reduce(tile, sum, cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(out, total);
}
