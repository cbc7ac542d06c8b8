// title: butterfly all-reduce with __shfl_xor_sync: every lane ends with its warp's total (course style)
// about: Lane l exchanges with lane l ^ m for m = 16, 8, 4, 2, 1, so after five rounds all 32
//   lanes hold the warp's combination (no lane 0 special case). Warp w's lane w writes it to
//   shared memory, and warp 0 all-reduces the warp totals the same way. Two launches.
// reorders: a butterfly combines lanes l and l ^ m, the higher lane first for half of them
// launch: butterfly_reduce<<<(N + 255) / 256, 256>>>(in, partial, N)
// launch: butterfly_reduce<<<1, 256>>>(partial, out, (N + 255) / 256)
// array: partial[(N + 255) / 256]
// out: 1
// check: reduce
// require: N <= 256 * 256 : the second launch reduces at most 256 block sums, not {N} / 256

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ T warp_allreduce(T v) {
  for (int mask = warpSize / 2; mask > 0; mask >>= 1) v = OP(v, __shfl_xor_sync(FULL_MASK, v, mask));
  return v;
}

__global__ void butterfly_reduce(const T *in, T *out, int n) {
  __shared__ T warp_totals[8];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int i = blockIdx.x * blockDim.x + tid;
  T v = warp_allreduce(i < n ? in[i] : IDENTITY);
  if (lane == warp) warp_totals[warp] = v;  // any lane holds the total: lane w of warp w writes it
  __syncthreads();  // step(combine): 8 warp totals
  if (warp == 0) {
    T t = warp_allreduce(lane < blockDim.x / 32 ? warp_totals[lane] : IDENTITY);
    if (lane == 0) out[blockIdx.x] = t;
  }
}
