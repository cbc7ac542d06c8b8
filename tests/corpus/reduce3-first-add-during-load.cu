// title: reduce3: first add during global load, the running sum kept in a register (CUDA samples style)
// about: Each block covers 2 * blockDim.x inputs: a thread adds its two elements blockDim.x apart
//   before storing, and the tree keeps the thread's sum in a register (sdata[tid] = mySum =
//   mySum + sdata[tid + s]) so sdata[tid] is never read back.
// reorders: the first add pairs elements blockDim.x apart, the tree pairs tid with tid + s
// launch: reduce3<T><<<(N + 255) / 256, 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce3<T><<<1, 128, 128 * sizeof(T)>>>(partial, out, (N + 255) / 256)
// array: partial[(N + 255) / 256]
// out: 1
// check: reduce
// require: N <= 256 * 256 : the second launch reduces at most 256 block sums, not {N} / 256

template <class V>
__global__ void reduce3(const V *g_idata, V *g_odata, unsigned int n) {
  extern __shared__ V sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  V mySum = (i < n) ? g_idata[i] : V(IDENTITY);
  if (i + blockDim.x < n) mySum = OP(mySum, g_idata[i + blockDim.x]);
  sdata[tid] = mySum;
  __syncthreads();  // step(load): two elements per thread, added
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = OP(mySum, sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
