// title: warp shuffles, then one atomicAdd per warp into out[0] (developer blog style)
// about: The blog's warp-atomic variant: no shared memory at all. Each thread sums a grid-stride
//   slice, the warp folds it with __shfl_down_sync, and lane 0 of every warp adds the warp's sum
//   to out[0] with atomicAdd. The host zeroes out first (init: out = 0).
// launch: warp_atomic_reduce<<<min(8, (N + 255) / 256), 256>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int

__inline__ __device__ int warp_sum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__global__ void warp_atomic_reduce(const int *__restrict__ in, int *__restrict__ out, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += in[i];
  sum = warp_sum(sum);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}
