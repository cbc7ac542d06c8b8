// title: a reduction in double: SharedMemory<double>'s own extern array, 8-byte shared accesses
// about: The samples' reduction templates run in double through the specialization of SharedMemory
//   for double, whose extern array is declared double (8-byte aligned). Every shared load and store
//   is one 8-byte access per thread (PTX ld.shared.f64): a warp's 32 consecutive doubles are 256
//   bytes, two wavefronts with no conflict. in and out hold doubles (the kernel's parameters say
//   so); the inputs arrive as doubles and the result is compared with the sequential reference.
// launch: reduce_d<256><<<min(4, (N + 511) / 512), 256, 256 * sizeof(double)>>>(in, part, N)
// launch: reduce_d<256><<<1, 256, 256 * sizeof(double)>>>(part, out, min(4, (N + 511) / 512))
// array: part[4]
// out: 1
// check: reduce
// types: int float
// ops: sum
template <class V>
struct SharedMemory {
  __device__ inline operator V *() {
    extern __shared__ int __smem_words[];
    return (V *)__smem_words;
  }
};

template <>
struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_doubles[];
    return (double *)__smem_doubles;
  }
};

template <unsigned int blockSize>
__global__ void reduce_d(const double *g_in, double *g_out, unsigned int n) {
  double *sdata = SharedMemory<double>();
  unsigned int tid = threadIdx.x;
  double mySum = 0.0;
  for (unsigned int i = blockIdx.x * blockSize * 2 + tid; i < n; i += blockSize * 2 * gridDim.x) {
    mySum += g_in[i];
    if (i + blockSize < n) mySum += g_in[i + blockSize];
  }
  sdata[tid] = mySum;
  __syncthreads();   // step(load): each thread's sum, one double each
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();   // step(reduce): s={s}
  }
  if (tid == 0) g_out[blockIdx.x] = sdata[0];
}
