// title: generated sum 20261127:128 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261127 (kernel 128), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, atomic shared exchange, a loop of run-time length, arithmetic, tree reduction.
// launch: gk0<<<max(1, min(3, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N, 2)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-128 as
// scanscope_gen wrote it, kept whole; mechanism: two 4-byte loads made one LDS.64 by ptxas.
// ncu: NVIDIA H200, 2026-11-27: ld inst 65, ld wavefronts 97, ld conflicts 0, st inst 82, st wavefronts 82,
//   st conflicts 0, global ld requests 32, global ld sectors 280, global st requests 0, global st sectors 0

#define B0 32
#define E0 2
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_2(i) ((i) * 3 + 0)
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_0[64];
  __shared__ int red0_1[94];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = (t ^ 7) * E0 + ((0 + 3) & (E0 - 1));
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
    }
    {
      const int el = (t ^ 7) * E0 + ((1 + 3) & (E0 - 1));
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    for (int rep = 0; rep < reps; ++rep) {
      for (int i = t; i < 64; i += B0) {
        sv0_0[i] = 0;
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = (t ^ 2) * E0 + ((j + 3) & (E0 - 1));
        atomicXor(&sv0_0[w], v[j]);
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int r = ((t * 5) & 31) * E0 + ((j + 2) & (E0 - 1));
        v[j] = sv0_0[r];
      }
      __syncthreads();
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] ^= 3436;
    }
    {
      v[0] ^= 3436;
    }
    {
      v[1] ^= 3436;
    }
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  red0_1[PAD0_2(t)] = acc;
  __syncthreads();
  #pragma unroll
  for (int s = B0 / 2; s > 0; s >>= 1) {
    if (t < s) red0_1[PAD0_2(t)] += red0_1[PAD0_2(t + s)];
    __syncthreads();
  }
  if (t == 0) total = red0_1[PAD0_2(0)];
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
