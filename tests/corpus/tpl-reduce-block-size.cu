// title: templated reduction: the block size is a template argument given in the launch line (sample style)
// launch: reduce_tpl<T, 128><<<1, 128, 128 * sizeof(T)>>>(in, out, N)
// check: reduce
// ops: sum
template <class V, unsigned int blockSize>
__global__ void reduce_tpl(const V *g_in, V *g_out, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  V sum = V(0);
  for (unsigned int i = tid; i < n; i += blockSize) sum += g_in[i];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 128) { if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64]; __syncthreads(); }
  for (unsigned int s = 32; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_out[0] = sum;
}
