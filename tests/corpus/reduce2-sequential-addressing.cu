// title: reduce2: sequential addressing (s from blockDim.x / 2 down, tid < s), CUDA samples style
// about: The samples' third kernel: the active threads are the first s and each adds the word s
//   on, so a warp reads 32 consecutive words (no bank conflicts) and half the block idles from
//   the first level on. Two launches: block sums, then their sum.
// reorders: sdata[tid] meets sdata[tid + s], which are not neighbours in the input
// launch: reduce2<T><<<(N + 127) / 128, 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce2<T><<<1, 128, 128 * sizeof(T)>>>(partial, out, (N + 127) / 128)
// array: partial[(N + 127) / 128]
// out: 1
// check: reduce
// require: N <= 128 * 128 : the second launch reduces at most 128 block sums, not {N} / 128

template <class V>
__global__ void reduce2(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : V(IDENTITY);
  __syncthreads();  // step(load): one element per thread
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = OP(sdata[tid], sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
