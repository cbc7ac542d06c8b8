// title: reduce4: the last warp unrolled without __syncthreads, made safe with __syncwarp (samples style, post-Volta)
// about: The samples' fourth kernel stops the barrier loop at 64 partials and lets the first warp
//   finish. Harris's original leaned on volatile and lockstep warps; here each round reads its
//   operand, calls __syncwarp(), stores, and calls __syncwarp() again, so no lane reads a word
//   another lane is writing. blockSize is a template parameter, as in the samples.
// reorders: sdata[tid] meets sdata[tid + s], which are not neighbours in the input
// launch: reduce4<T, 256><<<(N + 511) / 512, 256, 256 * sizeof(T)>>>(in, partial, N)
// launch: reduce4<T, 256><<<1, 256, 256 * sizeof(T)>>>(partial, out, (N + 511) / 512)
// array: partial[(N + 511) / 512]
// out: 1
// check: reduce
// require: N <= 512 * 512 : the second launch reduces at most 512 block sums, not {N} / 512

template <class V, unsigned int blockSize>
__global__ void reduce4(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  V mySum = (i < n) ? g_idata[i] : V(IDENTITY);
  if (i + blockSize < n) mySum = OP(mySum, g_idata[i + blockSize]);
  sdata[tid] = mySum;
  __syncthreads();  // step(load): first add during load
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = OP(mySum, sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid < 32) {
    for (unsigned int s = 32; s > 0; s >>= 1) {
      mySum = OP(mySum, sdata[tid + s]);
      __syncwarp();  // step(reduce): last warp reads, stride {s}
      sdata[tid] = mySum;
      __syncwarp();  // step(reduce): last warp writes, stride {s}
    }
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
