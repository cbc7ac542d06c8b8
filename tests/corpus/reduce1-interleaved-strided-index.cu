// title: reduce1: interleaved addressing with a strided index (index = 2 * s * tid), CUDA samples style
// about: The samples' second step: the % is gone and consecutive threads stay active, each
//   working on the pair at index = 2 s tid, so whole warps retire together; the strided index
//   brings bank conflicts instead. One launch per level of blocks.
// launch: reduce1<T><<<(N + 255) / 256, 256, 256 * sizeof(T)>>>(in, partial, N)
// launch: reduce1<T><<<1, 256, 256 * sizeof(T)>>>(partial, out, (N + 255) / 256)
// array: partial[(N + 255) / 256]
// out: 1
// check: reduce
// require: N <= 256 * 256 : the second launch reduces at most 256 block sums, not {N} / 256

template <class V>
__global__ void reduce1(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : V(IDENTITY);
  __syncthreads();  // step(load): one element per thread
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] = OP(sdata[index], sdata[index + s]);
    __syncthreads();  // step(reduce): stride {s}
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
