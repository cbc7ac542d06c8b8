// title: privatized histogram: extern __shared__ bins sized by the launch, interleaved partitioning, commit with atomicAdd (Kirk & Hwu textbook style)
// about: The textbook's histo_private_kernel: the block clears NUM_BINS counters in dynamic shared
//   memory (a loop, as there may be more bins than threads), walks the input with the whole grid's
//   stride (consecutive threads read consecutive elements), counts with shared atomicAdd, and
//   after a barrier commits each non-zero bin to the global histogram (zeroed by the host).
// launch: histo_private_kernel<<<min(4, (N + 255) / 256), 256, NUM_BINS * sizeof(unsigned int)>>>(in, N, out)
// out: NUM_BINS
// init: out = 0
// check: histogram
// types: int
#define NUM_BINS 7

__global__ void histo_private_kernel(const int *data, unsigned int length, unsigned int *histo) {
  extern __shared__ unsigned int histo_s[];
  for (unsigned int binIdx = threadIdx.x; binIdx < NUM_BINS; binIdx += blockDim.x) histo_s[binIdx] = 0u;
  __syncthreads();  // step(clear): private bins
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned int i = tid; i < length; i += blockDim.x * gridDim.x) {
    int bin = data[i] % NUM_BINS;
    if (bin < 0) bin += NUM_BINS;
    atomicAdd(&histo_s[bin], 1u);
  }
  __syncthreads();  // step(combine): the block's counts
  for (unsigned int binIdx = threadIdx.x; binIdx < NUM_BINS; binIdx += blockDim.x) {
    unsigned int binValue = histo_s[binIdx];
    if (binValue > 0) atomicAdd(&histo[binIdx], binValue);
  }
}
