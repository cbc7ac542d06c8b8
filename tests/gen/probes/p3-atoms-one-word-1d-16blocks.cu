// title: probe p3 (1d, 16 blocks of 64): every warp's atomicAdd to one shared word between two barriers, blocks of 64
// about: ptxas sums a warp's values (REDUX) and one lane makes `@P ATOMS` per warp; the warps of
//   a block reach it together after the barrier. gen-20261207-289 (blocks dim3(8, 16)) and
//   gen-20261203-187 (dim3(16, 4)) measured 10 and 16 shared-load wavefronts and conflicts more than
//   their loads make; 18 kernels of the same tail with other blocks agree. Asks: do the ATOMS of
//   several warps to one word add load wavefronts/conflicts (here with 128 blocks), and is the
//   number the same from one ncu run to the next? scanscope predicts ld inst 16, ld wavefronts 16,
//   conflicts 0 (thread 0's read of the sum in each of the 16 blocks); the ATOMS are not counted.
// launch: k<<<16, 64>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1024 : one size

__global__ void k(const int *src, int *dst, int n) {
  __shared__ int bins[1];
  const int t = threadIdx.x;
  const int v = src[blockIdx.x * 64 + t];
  if (t == 0) bins[0] = 0;
  __syncthreads();
  atomicAdd(&bins[0], v);
  __syncthreads();
  if (t == 0) atomicAdd(&dst[0], bins[0]);
}
