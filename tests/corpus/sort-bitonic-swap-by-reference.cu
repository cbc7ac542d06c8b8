// title: bitonic sort in shared memory with a compare-and-swap helper taking its two keys by reference (course style)
// about: The bitonic network of the sorting lessons, its exchange written as a __device__
//   function compare_swap(T &a, T &b, bool up) that orders the two shared-memory keys it is
//   given by reference: the loads and stores it makes are the shared accesses of keys[i] and
//   keys[partner], recorded at the lines of the helper. The array is padded to a power of two
//   with the largest int, which sorts to the end.
// launch: bitonic_ref<<<1, next_pow2(N), next_pow2(N) * sizeof(T)>>>(in, out, N)
// check: sort
// types: int
// require: N <= 1024 : sorts one block of at most 1024 elements, not {N}

__device__ void compare_swap(int &a, int &b, bool up) {
  if ((a > b) == up) {
    const int t = a;
    a = b;
    b = t;
  }
}

__global__ void bitonic_ref(const int *in, int *out, int n) {
  extern __shared__ int keys[];
  const unsigned int i = threadIdx.x;
  keys[i] = i < (unsigned int)n ? in[i] : 2147483647;
  __syncthreads();  // step: keys loaded, padded with the largest int
  for (unsigned int k = 2; k <= blockDim.x; k <<= 1) {
    for (unsigned int j = k >> 1; j > 0; j >>= 1) {
      const unsigned int partner = i ^ j;
      if (partner > i) compare_swap(keys[i], keys[partner], (i & k) == 0);
      __syncthreads();  // step: size {k}, distance {j}
    }
  }
  if (i < (unsigned int)n) out[i] = keys[i];
}
