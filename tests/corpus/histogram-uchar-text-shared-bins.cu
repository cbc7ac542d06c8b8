// title: histogram of a text of bytes: unsigned char input, private int bins in shared memory (textbook style)
// about: The text histogram of the parallel-programming textbooks, over bytes as a text file holds
//   them: `in` is an array of unsigned char (the kernel's parameter says so), a grid-stride loop
//   reads one byte per thread per pass (a warp's 32 consecutive bytes: one 32-byte sector), and
//   each byte's bin (its value modulo NUM_BINS) is counted with atomicAdd in the block's private
//   int bins; after a barrier the block adds its bins to the global ones. The global bins start at
//   zero because the host says so.
// launch: text_histogram<<<min((N + 511) / 512, 3), 128>>>(in, N, out)
// out: NUM_BINS
// init: out = 0
// check: histogram
// types: int
#define NUM_BINS 7

__global__ void text_histogram(const unsigned char *buffer, long size, unsigned int *histo) {
  __shared__ unsigned int histo_s[NUM_BINS];
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
  __syncthreads();  // step(clear): private bins cleared
  const unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned int i = tid; i < size; i += blockDim.x * gridDim.x) {
    const unsigned char c = buffer[i];
    atomicAdd(&histo_s[c % NUM_BINS], 1u);
  }
  __syncthreads();  // step(combine): the block's bytes counted
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    const unsigned int binValue = histo_s[bin];
    if (binValue > 0) atomicAdd(&histo[bin], binValue);
  }
}
