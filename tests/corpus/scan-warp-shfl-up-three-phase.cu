// title: grid scan in three launches: warp scans with __shfl_up_sync, a broadcast with __shfl_sync, block sums scanned, then added (course style)
// about: Launch 1: each 256-thread block scans its 256 elements: every warp scans with
//   __shfl_up_sync, lane 31 stores the warp total, warp 0 scans the 8 totals, and each warp adds
//   the total of the warps before it (read by lane 0, broadcast with __shfl_sync). The block's
//   total goes to sums. Launch 2 scans sums in place with the same kernel; launch 3 adds
//   sums[blockIdx.x - 1] to every later block.
// launch: block_scan<<<BLOCKS, 256>>>(in, out, sums, N)
// launch: block_scan<<<1, 256>>>(sums, sums, grand_total, BLOCKS)
// launch: add_block_offsets<<<BLOCKS, 256>>>(out, sums, N)
// array: sums[BLOCKS]
// array: grand_total[1]
// check: inclusive-scan
// require: N <= 256 * 256 : at most 256 block sums are scanned in one block, not {N} / 256

#define BLOCKS ((N + 255) / 256)
#define FULL 0xffffffffu

__device__ __forceinline__ T warp_inclusive_scan(T v, int lane) {
  for (int d = 1; d < 32; d <<= 1) {
    T up = __shfl_up_sync(FULL, v, d);
    if (lane >= d) v = OP(up, v);
  }
  return v;
}

__global__ void block_scan(const T *in, T *out, T *block_sums, int n) {
  __shared__ T warp_totals[8];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = warp_inclusive_scan(i < n ? in[i] : IDENTITY, lane);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();  // step(scan): 8 warp totals
  if (warp == 0) {
    T t = lane < 8 ? warp_totals[lane] : IDENTITY;
    t = warp_inclusive_scan(t, lane);
    if (lane < 8) warp_totals[lane] = t;
  }
  __syncthreads();  // step(combine): the totals are scanned
  if (warp > 0) {
    T before = IDENTITY;
    if (lane == 0) before = warp_totals[warp - 1];
    before = __shfl_sync(FULL, before, 0);
    v = OP(before, v);
  }
  if (i < n) out[i] = v;
  if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = v;
}

__global__ void add_block_offsets(T *out, const T *block_sums, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] = OP(block_sums[blockIdx.x - 1], out[i]);
}
