// title: two-pass reduction where the last block of each launch finishes: a __device__ retirement counter and atomicInc (threadFenceReduction style)
// about: Two launches each reduce half of the input: every block sums a grid-stride slice in shared
//   memory, thread 0 stores the block's sum in the __device__ array block_sums, calls
//   __threadfence() and draws a ticket with atomicInc(&retired, gridDim.x - 1). atomicInc wraps:
//   the ticket gridDim.x - 1 leaves the counter at 0 again, so the block that draws it knows it is
//   the last, and the counter is ready for the next launch without a reset. That block reads the
//   partial sums through a volatile pointer and combines them into out[0] (the second launch onto
//   what the first left there). retired is a __device__ variable: zero when the module loads, and
//   the same variable in both launches.
// reorders: the grid-stride loop takes elements a grid apart, the tree pairs tid with tid + s
// launch: reduce_and_retire<<<BLOCKS(N / 2), 128>>>(in, out, N / 2, 0)
// launch: reduce_and_retire<<<BLOCKS(N - N / 2), 128>>>(in + N / 2, out, N - N / 2, 1)
// out: 1
// check: reduce
// schedule: the block that draws the last ticket combines the partial sums, and which block that is follows the GPU's schedule (the interpreter runs blocks in order, so there it is the last one)

#define MAX_BLOCKS 8
#define BLOCKS(count) max(1, min(MAX_BLOCKS, ((count) + 127) / 128))

__device__ unsigned int retired = 0;
__device__ T block_sums[MAX_BLOCKS];

__global__ void reduce_and_retire(const T *in, T *out, unsigned int n, int onto_out) {
  __shared__ T sdata[128];
  __shared__ int is_last;
  const unsigned int tid = threadIdx.x;
  T sum = IDENTITY;
  for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) sum = OP(sum, in[i]);
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = OP(sdata[tid], sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid == 0) {
    block_sums[blockIdx.x] = sdata[0];
    __threadfence();  // the sum is visible to every block before the ticket says it is there
    const unsigned int ticket = atomicInc(&retired, gridDim.x - 1);
    is_last = ticket == gridDim.x - 1;
  }
  __syncthreads();  // step(combine): is this the last block?
  if (is_last && tid == 0) {
    const volatile T *sums = block_sums;
    T total = onto_out ? out[0] : IDENTITY;
    for (unsigned int b = 0; b < gridDim.x; ++b) total = OP(total, sums[b]);
    out[0] = total;
  }
}
