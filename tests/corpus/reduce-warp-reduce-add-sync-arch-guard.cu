// title: warp sums with __reduce_add_sync where __CUDA_ARCH__ >= 800, shuffles before that, one atomicAdd per block
// about: Ampere and later GPUs add a warp's values in one instruction (__reduce_add_sync, for
//   int and unsigned); samples guard it with #if __CUDA_ARCH__ >= 800 and keep the shuffle loop
//   for older GPUs. Kernel files are compiled for sm_90, so the first branch is taken, on the
//   interpreter and for the GPU alike. Each warp's sum goes to shared memory, the first warp
//   adds those up the same way, and thread 0 adds the block's sum to out[0].
// launch: reduce_warp_sync<<<(N + 255) / 256, 256>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int

__device__ int warp_sum(unsigned int mask, int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(mask, v);
#else
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(mask, v, offset);
  return v;  // lane 0's is the warp's sum
#endif
}

__global__ void reduce_warp_sync(const int *in, int *out, int n) {
  __shared__ int warp_sums[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int s = warp_sum(0xffffffffu, i < n ? in[i] : 0);
  if (lane == 0) warp_sums[warp] = s;
  __syncthreads();  // step(reduce): the warps' sums
  if (warp == 0) {
    const int w = warp_sum(0xffffffffu, lane < blockDim.x / 32 ? warp_sums[lane] : 0);
    if (lane == 0) atomicAdd(out, w);
  }
}
