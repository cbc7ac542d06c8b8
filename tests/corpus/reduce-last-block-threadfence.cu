// title: single-pass reduction: __threadfence, an atomic ticket, and the last block sums the partials (samples' threadFenceReduction style)
// about: Each of BLOCKS blocks reduces a grid-stride slice and thread 0 stores the block's sum in
//   partial, calls __threadfence() so the store is visible before its ticket, and takes a ticket
//   with atomicAdd on retired. The block that draws the last ticket (a __shared__ int) reads all
//   partials through a volatile pointer, reduces them, writes out[0] and resets the counter with
//   atomicExch for the next launch.
// reorders: the grid-stride loop takes elements a grid apart, the tree pairs tid with tid + s
// launch: reduce_single_pass<<<BLOCKS, 128>>>(in, partial, retired, out, N)
// array: partial[BLOCKS]
// array: retired[1]
// init: retired = 0
// out: 1
// check: reduce
// schedule: the block that draws the last ticket sums the partials, and which block that is follows the GPU's schedule (the interpreter runs blocks in order, so there it is the last one)

#define BLOCKS min(8, (N + 127) / 128)

__device__ T block_tree(T *sdata, T mySum) {
  unsigned int tid = threadIdx.x;
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = OP(mySum, sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  return mySum;  // the block's total in thread 0
}

__global__ void reduce_single_pass(const T *g_idata, T *partial, unsigned int *retired, T *g_odata, unsigned int n) {
  __shared__ T sdata[128];
  __shared__ int amLast;  // the samples use a __shared__ bool, which the interpreter does not take
  unsigned int tid = threadIdx.x;
  T mySum = IDENTITY;
  for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) mySum = OP(mySum, g_idata[i]);
  mySum = block_tree(sdata, mySum);
  if (tid == 0) {
    partial[blockIdx.x] = mySum;
    __threadfence();
    unsigned int ticket = atomicAdd(retired, 1u);
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();  // step(combine): is this the last block?
  if (amLast) {
    const volatile T *parts = partial;
    T s = IDENTITY;
    for (unsigned int i = tid; i < gridDim.x; i += blockDim.x) s = OP(s, parts[i]);
    s = block_tree(sdata, s);
    if (tid == 0) {
      g_odata[0] = s;
      atomicExch(retired, 0u);
    }
  }
}
