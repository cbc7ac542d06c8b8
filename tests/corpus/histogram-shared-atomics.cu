// title: histogram: per-block bins in shared memory, then one global atomicAdd per bin and block
// about: The privatised histogram of the CUDA courses: a block zeroes its own BINS counters in
//   shared memory, every thread adds its inputs there with atomicAdd (grid-stride loop), and after
//   a barrier the first BINS threads add the block's counts to the global bins. The global bins
//   start at zero because the host says so (init: out = 0); value v goes to bin v % BINS.
// launch: histogram<<<min((N + 255) / 256, 4), 256>>>(in, out, N)
// out: BINS
// init: out = 0
// check: histogram
// types: int
#define BINS 8

__global__ void histogram(const int *in, unsigned int *bins, int n) {
  __shared__ unsigned int local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[in[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}
