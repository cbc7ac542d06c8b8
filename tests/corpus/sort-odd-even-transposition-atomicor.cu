// title: odd-even transposition sort in one block, with an early exit flagged by atomicOr on a shared word (course style)
// about: Each round is an even phase (pairs 2k, 2k + 1) and an odd phase (pairs 2k + 1, 2k + 2),
//   each thread comparing and swapping its pairs of the shared array. A thread that swaps sets the
//   shared `swapped` word with atomicOr; a round without a swap ends the loop (every thread reads
//   the flag, then a barrier before it is cleared again). Swapping only when b < a keeps it stable.
// launch: odd_even_sort<<<1, 256>>>(in, out, N)
// check: sort
// types: int
// require: N <= 512 : sorts one block's array of at most 512 elements, not {N}

__global__ void odd_even_sort(const T *in, T *out, int n) {
  __shared__ T a[512];
  __shared__ int swapped;
  const int tid = threadIdx.x;
  for (int i = tid; i < n; i += blockDim.x) a[i] = in[i];
  for (int round = 0; round < n; ++round) {
    if (tid == 0) swapped = 0;
    __syncthreads();  // step(load): round {round}
    for (int phase = 0; phase < 2; ++phase) {
      for (int k = 2 * tid + phase; k + 1 < n; k += 2 * blockDim.x) {
        T x = a[k], y = a[k + 1];
        if (y < x) {
          a[k] = y;
          a[k + 1] = x;
          atomicOr(&swapped, 1);
        }
      }
      __syncthreads();  // step(scan): phase {phase}
    }
    int done = swapped == 0;
    __syncthreads();  // every thread has read the flag before thread 0 clears it
    if (done) break;
  }
  for (int i = tid; i < n; i += blockDim.x) out[i] = a[i];
}
