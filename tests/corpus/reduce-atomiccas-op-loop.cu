// title: block reduction by shuffles, then an atomicCAS loop that applies OP to out[0] (course style: "any atomic from atomicCAS")
// about: (int only here: with float the GPU adds the blocks in the order they finish, so its last bits differ.)
//   Each warp folds its values with __shfl_down_sync, warp 0 folds the warp sums, and thread 0
//   combines the block's result into out[0] with the do { assumed = old; old = atomicCAS(...) }
//   while (assumed != old) loop of the CUDA programming guide, so any operator works atomically
//   (a float goes through __float_as_int / __int_as_float). The host sets out[0] to the identity.
// reorders: blocks combine into out[0] in whatever order they finish
// launch: reduce_cas<<<(N + 255) / 256, 256>>>(in, out, N)
// init: out = IDENTITY
// out: 1
// check: reduce
// types: int

__device__ void atomic_combine(T *address, T val) {
  int *word = (int *)address;
  int old = *word, assumed;
  do {
    assumed = old;
#if SS_INT
    old = atomicCAS(word, assumed, OP(assumed, val));
#else
    old = atomicCAS(word, assumed, __float_as_int(OP(__int_as_float(assumed), val)));
#endif
  } while (assumed != old);
}

__device__ __forceinline__ T warp_fold(T v) {
  for (int offset = 16; offset > 0; offset >>= 1) v = OP(v, __shfl_down_sync(0xffffffffu, v, offset));
  return v;
}

__global__ void reduce_cas(const T *in, T *out, int n) {
  __shared__ T warp_sums[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  T v = warp_fold(i < n ? in[i] : IDENTITY);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();  // step(combine): the warps' sums
  if (warp == 0) {
    v = warp_fold(lane < 8 ? warp_sums[lane] : IDENTITY);
    if (lane == 0) atomic_combine(out, v);
  }
}
