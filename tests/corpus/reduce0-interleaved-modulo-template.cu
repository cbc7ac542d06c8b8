// title: reduce0: interleaved addressing with tid % (2 * s), a template over the value type (CUDA samples style)
// about: The first kernel of the samples' reduction progression: each block loads one element per
//   thread, and at stride s only the threads whose id is a multiple of 2 s add their neighbour s
//   words on (divergent warps, the `%` the later kernels remove). Block sums go to partial, and a
//   second launch of the same instantiation reduces them.
// launch: reduce0<T><<<(N + 127) / 128, 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce0<T><<<1, 128, 128 * sizeof(T)>>>(partial, out, (N + 127) / 128)
// array: partial[(N + 127) / 128]
// out: 1
// check: reduce
// require: N <= 128 * 128 : the second launch reduces at most 128 block sums, not {N} / 128

template <class V>
__global__ void reduce0(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];  // the samples wrap this in SharedMemory<T>
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : V(IDENTITY);
  __syncthreads();  // step(load): one element per thread
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) sdata[tid] = OP(sdata[tid], sdata[tid + s]);
    __syncthreads();  // step(reduce): stride {s}
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
