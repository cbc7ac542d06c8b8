// title: block reduction, then one atomicAdd per block into out[0]
// about: The first grid reduction many students write: each block of 128 threads sums its slice
//   in shared memory (interleaved addressing), and thread 0 adds the block's sum to out[0] with
//   atomicAdd. The host must zero out first (cudaMemset in a program; the init: line here):
//   without it the first atomicAdd reads a word nobody set.
// launch: block_sum<<<(N + 127) / 128, 128, 128 * sizeof(T)>>>(in, out, N)
// init: out = 0
// check: reduce
// ops: sum
// types: int
__global__ void block_sum(const int *in, int *out, int n) {
  extern __shared__ int partial[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, partial[0]);
}
