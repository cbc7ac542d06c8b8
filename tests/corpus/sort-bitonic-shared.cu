// title: bitonic sort of a power-of-two array in shared memory, one thread per element, partner i ^ j (course style)
// about: The classic nested loops: for each bitonic size k and distance j, thread i compares
//   with ixj = i ^ j when ixj > i, ascending where (i & k) == 0 and descending otherwise, with a
//   __syncthreads() after each j. The array is padded to a power of two with the largest T
//   (SS_MIN_IDENTITY of the host's ops.cuh: INT_MAX), which sorts to the end.
// launch: bitonic_sort<<<1, next_pow2(N), next_pow2(N) * sizeof(T)>>>(in, out, N)
// check: sort
// types: int
// require: N <= 1024 : sorts one block of at most 1024 elements, not {N}
#define LARGEST SS_MIN_IDENTITY

__global__ void bitonic_sort(const T *in, T *out, int n) {
  extern __shared__ T keys[];
  const unsigned int i = threadIdx.x;
  const unsigned int size = blockDim.x;
  keys[i] = (int)i < n ? in[i] : LARGEST;
  __syncthreads();  // step(load): padded keys
  for (unsigned int k = 2; k <= size; k <<= 1) {
    for (unsigned int j = k >> 1; j > 0; j >>= 1) {
      unsigned int ixj = i ^ j;
      if (ixj > i) {
        T a = keys[i], b = keys[ixj];
        bool ascending = (i & k) == 0;
        if (ascending ? (b < a) : (a < b)) {
          keys[i] = b;
          keys[ixj] = a;
        }
      }
      __syncthreads();  // step(scan): k={k} j={j}
    }
  }
  if ((int)i < n) out[i] = keys[i];
}
