// title: histogram: unsigned long long bins in shared memory, 64-bit atomics
// about: The privatised histogram with 64-bit counters, as a course writes it for inputs whose
//   counts may pass 2^32: a block's BINS unsigned long long counters in shared memory (8 bytes
//   each, so bin b lives in words 2b and 2b+1: banks 2b mod 32 and 2b+1), every thread adds one
//   per input with atomicAdd on unsigned long long, and the block's counts go to the global bins
//   with a second 64-bit atomicAdd. out holds unsigned long long bins, zeroed by the host.
// launch: histogram_ull<<<min((N + 255) / 256, 4), 256>>>(in, out, N)
// out: BINS
// init: out = 0
// check: histogram
// types: int
#define BINS 16

__global__ void histogram_ull(const int *in, unsigned long long *bins, int n) {
  __shared__ unsigned long long local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();   // step(load): the block's counters zeroed
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (size_t)n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&local[in[i] % BINS], 1ull);
  __syncthreads();   // step: every input counted
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}
