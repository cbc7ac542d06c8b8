// title: generated sum 20261127:10 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261127 (kernel 10), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, tree reduction.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-10 as
// scanscope_gen wrote it, kept whole; mechanism: the stores of both arms of a divergent branch made one STS by ptxas (the SASS names one arm's line).
// ncu: NVIDIA H200, 2026-11-27: ld inst 384, ld wavefronts 384, ld conflicts 0, st inst 224, st wavefronts 224,
//   st conflicts 0, global ld requests 32, global ld sectors 125, global st requests 0, global st sectors 0

#define B0 32
#define E0 1
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[32];
  __shared__ int red0_1[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int el = (((t ^ 31) + 5) & 31);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if (t & 2) {  // divergent: each arm keeps bit 1 of t
      {
        const int j = 0;
        const int w = (t ^ 20);
        sv0_0[w] = v[j];
      }
    } else {
      {
        const int j = 0;
        const int w = (t ^ 0);
        sv0_0[w] = v[j];
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (t ^ 18);
      v[j] = sv0_0[r];
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  red0_1[t] = acc;
  __syncthreads();
  for (int s = B0 / 2; s > 0; s >>= 1) {
    if (t < s) red0_1[t] += red0_1[t + s];
    __syncthreads();
  }
  if (t == 0) total = red0_1[0];
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
