// title: reduction with warp-aggregated atomics: __activemask() picks the lanes, a leader adds their sum (CUDA blog style)
// about: Only the threads that have an element (i < N) enter the branch; there __activemask()
//   gives the lanes of the warp that came in together (every lane, or the first N % 32 lanes of
//   the last warp). The lanes gather their values by shuffling from each active lane in turn,
//   and the lowest active lane, the leader (__ffs(mask) - 1), adds the warp's sum to out[0] with
//   one atomicAdd instead of 32. The host zeroes out[0] first (init: out = 0).
// launch: warp_aggregated_sum<<<(N + 127) / 128, 128>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int

__global__ void warp_aggregated_sum(const int *in, int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  if (i < n) {
    const unsigned int active = __activemask();
    const int leader = __ffs(active) - 1;
    const int v = in[i];
    int warp_sum = 0;
    for (unsigned int rest = active; rest != 0; rest &= rest - 1)  // every active lane runs it as often
      warp_sum += __shfl_sync(active, v, __ffs(rest) - 1);
    if (lane == leader) atomicAdd(out, warp_sum);
  }
}
