// title: reduce6: several elements per thread (grid-stride), blockSize and nIsPow2 template parameters (samples style)
// about: The last kernel of the progression: a fixed grid of at most 8 blocks walks the input with
//   stride 2 * blockSize * gridDim.x, adding two elements per turn in the nIsPow2 instantiation
//   and one per turn in the other, then the unrolled tree and a shuffle warp. The samples pick
//   the instantiation by isPow2(n) on the host; here launch 1 takes nIsPow2 = true (its second
//   element keeps its bounds check, so any n works) and launch 2 reduces the block sums with false.
// reorders: each thread's sum takes elements a grid apart, the tree pairs tid with tid + s
// launch: reduce6<T, 128, true><<<BLOCKS, 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce6<T, 128, false><<<1, 128, 128 * sizeof(T)>>>(partial, out, BLOCKS)
// array: partial[BLOCKS]
// out: 1
// check: reduce

#define BLOCKS min(8, (N + 255) / 256)

template <class V, unsigned int blockSize, bool nIsPow2>
__global__ void reduce6(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * gridDim.x;
  V mySum = V(IDENTITY);
  if (nIsPow2) {
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    gridSize = gridSize << 1;
    while (i < n) {
      mySum = OP(mySum, g_idata[i]);
      if ((i + blockSize) < n) mySum = OP(mySum, g_idata[i + blockSize]);
      i += gridSize;
    }
  } else {
    unsigned int i = blockIdx.x * blockSize + threadIdx.x;
    while (i < n) {
      mySum = OP(mySum, g_idata[i]);
      i += gridSize;
    }
  }
  sdata[tid] = mySum;
  __syncthreads();  // step(load): each thread's grid-stride sum

  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = OP(mySum, sdata[tid + 256]);
  __syncthreads();
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = OP(mySum, sdata[tid + 128]);
  __syncthreads();
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = OP(mySum, sdata[tid + 64]);
  __syncthreads();  // step(reduce): 64 partials left

  if (tid < 32) {
    if (blockSize >= 64) mySum = OP(mySum, sdata[tid + 32]);
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum = OP(mySum, __shfl_down_sync(0xffffffff, mySum, offset));
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
