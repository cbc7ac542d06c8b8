// title: warpReduce / blockReduce with __shfl_down_sync and a static __shared__ array of warp sums (developer blog style)
// about: The blog's "faster parallel reductions" shape: an inline warp reduction of shuffles, a
//   block reduction where lane 0 of each warp stores its warp's sum in `static __shared__ T
//   shared[32]` and warp 0 reduces those, and a grid-stride kernel launched twice: once over the
//   input into one sum per block, once with one block over the block sums.
// reorders: the grid-stride loop takes elements a grid apart
// launch: device_reduce<<<BLOCKS, 512>>>(in, partial, N)
// launch: device_reduce<<<1, 1024>>>(partial, out, BLOCKS)
// array: partial[BLOCKS]
// out: 1
// check: reduce

#define BLOCKS min(16, (N + 511) / 512)

__inline__ __device__ T warpReduce(T val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val = OP(val, __shfl_down_sync(0xffffffff, val, offset));  // step(shuffle): offset {offset}
  return val;
}

__inline__ __device__ T blockReduce(T val) {
  static __shared__ T shared[32];  // one partial sum per warp
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduce(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();  // step(combine): the warps' sums
  if (wid == 0) {
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : IDENTITY;
    val = warpReduce(val);
  }
  return val;
}

__global__ void device_reduce(const T *in, T *out, int n) {
  T sum = IDENTITY;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum = OP(sum, in[i]);
  sum = blockReduce(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
