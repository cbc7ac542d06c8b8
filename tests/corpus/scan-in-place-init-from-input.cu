// title: grid scan in place over a copy of the input: init: out = in, warp shuffles, block sums (samples style)
// about: The host copies the input into out (`// init: out = in`, its cudaMemcpy), and every launch
//   works on out in place, as the samples' shuffle scan does on its one device array. Launch 1
//   scans each 256-element block with __shfl_up_sync inside warps and the warp totals in shared
//   memory, and leaves the block's total in sums; launch 2 scans sums in place with the same
//   kernel; launch 3 adds the total of the blocks before to every later block.
// launch: scan_in_place<<<BLOCKS, 256, 8 * sizeof(T)>>>(out, N, sums)
// launch: scan_in_place<<<1, 256, 8 * sizeof(T)>>>(sums, BLOCKS)
// launch: add_before<<<BLOCKS, 256>>>(out, sums, N)
// array: sums[BLOCKS]
// init: out = in
// check: inclusive-scan
// require: N <= 256 * 256 : one block scans the block totals, at most 256 of them, not {N} / 256

#define BLOCKS ((N + 255) / 256)

__global__ void scan_in_place(T *data, int n, T *block_totals = NULL) {
  extern __shared__ T warp_totals[];
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  T value = id < n ? data[id] : IDENTITY;
  for (int d = 1; d < warpSize; d *= 2) {
    T up = __shfl_up_sync(0xffffffff, value, d);
    if (lane >= d) value = OP(up, value);
  }
  if (lane == warpSize - 1) warp_totals[warp] = value;
  __syncthreads();  // step(scan): the warp totals
  if (warp == 0) {
    const int warps = blockDim.x / warpSize;
    T t = lane < warps ? warp_totals[lane] : IDENTITY;
    for (int d = 1; d < warps; d *= 2) {
      T up = __shfl_up_sync(0xffffffff, t, d);
      if (lane >= d) t = OP(up, t);
    }
    if (lane < warps) warp_totals[lane] = t;
  }
  __syncthreads();  // step(combine): the totals scanned
  if (warp > 0) value = OP(warp_totals[warp - 1], value);
  if (id < n) data[id] = value;
  if (block_totals != NULL && threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = value;
}

__global__ void add_before(T *data, const T *block_totals, int n) {
  __shared__ T before;
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) before = blockIdx.x > 0 ? block_totals[blockIdx.x - 1] : IDENTITY;
  __syncthreads();  // step(load): the blocks before
  if (id < n) data[id] = OP(before, data[id]);
}
