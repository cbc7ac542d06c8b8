// title: block reduction with cooperative groups: cg::this_thread_block, cg::sync(cta), a tiled_partition<32> for the last warp (samples style)
// about: The samples' cooperative-groups form of the sequential-addressing reduction: the block is
//   a cg::thread_block (cta), every barrier is cg::sync(cta), and once 64 partials remain the
//   first warp, a thread_block_tile<32>, adds the word 32 on and finishes with tile32.shfl_down.
//   A grid of blocks writes block sums; a second launch reduces them.
// reorders: the tree pairs tid with tid + s, the shuffles lane with lane + offset
// launch: reduce_cg<T><<<(N + 255) / 256, 256, 256 * sizeof(T)>>>(in, partial, N)
// launch: reduce_cg<T><<<1, 256, 256 * sizeof(T)>>>(partial, out, (N + 255) / 256)
// array: partial[(N + 255) / 256]
// out: 1
// check: reduce
// require: N <= 256 * 256 : the second launch reduces at most 256 block sums, not {N} / 256
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class V>
__global__ void reduce_cg(const V *g_idata, V *g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  extern __shared__ V sdata[];
  unsigned int tid = cta.thread_rank();
  unsigned int i = blockIdx.x * blockDim.x + tid;
  V mySum = (i < n) ? g_idata[i] : V(IDENTITY);
  sdata[tid] = mySum;
  cg::sync(cta);  // step(load): one element per thread
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = OP(mySum, sdata[tid + s]);
    cg::sync(cta);  // step(reduce): {s} threads add
  }
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    mySum = OP(mySum, sdata[tid + 32]);
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      mySum = OP(mySum, tile32.shfl_down(mySum, offset));
  }
  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}
