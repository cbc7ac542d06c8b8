// title: privatized histogram with aggregation: runs of equal bins counted in a register, one atomicAdd per run (Kirk & Hwu textbook style)
// about: The textbook's aggregation: each thread reads a contiguous chunk (CHUNK elements) and
//   keeps an accumulator and the previous bin; only when the bin changes does it flush the run to
//   the block's shared bins with one atomicAdd. The input here has few long runs, but the code
//   path is the textbook's. Bins live in a sized __shared__ array.
// launch: histo_aggregated<<<(N + 256 * CHUNK - 1) / (256 * CHUNK), 256>>>(in, N, out)
// out: NUM_BINS
// init: out = 0
// check: histogram
// types: int
#define NUM_BINS 16
#define CHUNK 4

__global__ void histo_aggregated(const int *data, int length, unsigned int *histo) {
  __shared__ unsigned int histo_s[NUM_BINS];
  if (threadIdx.x < NUM_BINS) histo_s[threadIdx.x] = 0u;
  __syncthreads();  // step(clear): private bins
  unsigned int accumulator = 0;
  int prevBinIdx = -1;
  int start = (blockIdx.x * blockDim.x + threadIdx.x) * CHUNK;
  for (int i = start; i < start + CHUNK && i < length; ++i) {
    int binIdx = ((data[i] % NUM_BINS) + NUM_BINS) % NUM_BINS;
    if (binIdx == prevBinIdx) {
      ++accumulator;
    } else {
      if (accumulator > 0) atomicAdd(&histo_s[prevBinIdx], accumulator);
      accumulator = 1;
      prevBinIdx = binIdx;
    }
  }
  if (accumulator > 0) atomicAdd(&histo_s[prevBinIdx], accumulator);
  __syncthreads();  // step(combine): the block's counts
  if (threadIdx.x < NUM_BINS) {
    unsigned int binValue = histo_s[threadIdx.x];
    if (binValue > 0) atomicAdd(&histo[threadIdx.x], binValue);
  }
}
