// title: reduce5: completely unrolled with a blockSize template parameter, the last warp by __shfl_down_sync (samples style)
// about: With the block size known at compile time every `if (blockSize >= 512)` folds away, so
//   the tree has no loop: three barrier levels for 256 threads, then the first warp adds the
//   word 32 on and finishes with register shuffles (offset warpSize / 2 down to 1).
// reorders: the first add pairs elements blockSize apart, the tree pairs tid with tid + s
// launch: reduce5<T, 256><<<(N + 511) / 512, 256, 256 * sizeof(T)>>>(in, partial, N)
// launch: reduce5<T, 256><<<1, 256, 256 * sizeof(T)>>>(partial, out, (N + 511) / 512)
// array: partial[(N + 511) / 512]
// out: 1
// check: reduce
// require: N <= 512 * 512 : the second launch reduces at most 512 block sums, not {N} / 512

template <class V, unsigned int blockSize>
__global__ void reduce5(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  V mySum = (i < n) ? g_idata[i] : V(IDENTITY);
  if (i + blockSize < n) mySum = OP(mySum, g_idata[i + blockSize]);
  sdata[tid] = mySum;
  __syncthreads();  // step(load): first add during load

  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = OP(mySum, sdata[tid + 256]);
  __syncthreads();  // step(reduce): 256
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = OP(mySum, sdata[tid + 128]);
  __syncthreads();  // step(reduce): 128
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = OP(mySum, sdata[tid + 64]);
  __syncthreads();  // step(reduce): 64

  if (tid < 32) {
    if (blockSize >= 64) mySum = OP(mySum, sdata[tid + 32]);
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum = OP(mySum, __shfl_down_sync(0xffffffff, mySum, offset));  // step(shuffle): offset {offset}
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
