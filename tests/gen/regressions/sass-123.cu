// title: generated copy 20261127:123 (one launch)
// about: Made by scanscope_gen --seed 20261127 (kernel 123), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, atomic shared exchange, shuffles, shuffles, stores.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-123 as
// scanscope_gen wrote it, kept whole; mechanism: the two stores of each arm of a divergent branch (the same two accesses, their addresses per arm) made two STS after it, named by the other arm's lines: each statement joins the line whose access is written the same, not the nearest.
// ncu: NVIDIA H200, 2026-11-27: ld inst 32, ld wavefronts 32, ld conflicts 0, st inst 32, st wavefronts 32,
//   st conflicts 0, global ld requests 8, global ld sectors 32, global st requests 8, global st sectors 32

const int B0 = 32;
const int E0 = 1;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) + ((i) >> 5))
#define PAD0_4(i) ((i) + ((i) >> 5))
#define PAD0_8(i) ((i) * 5 + 3)
__device__ int perm0_0(int v) { return (v ^ 16); }
__device__ int perm0_5(int v) { return ((v * 5) & 31); }
__global__ void gk0(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sv0_1[32];
  __shared__ int sx0_3[32];
  __shared__ int sv0_6[32];
  __shared__ int sx0_7[159];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int el = perm0_0(t);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      {
        const int j = 0;
        const int w = perm0_5((t ^ 2));
        sv0_1[PAD0_2(w)] = v[j];
        sx0_3[PAD0_4(w)] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = perm0_5((t ^ 5));
        sv0_1[PAD0_2(w)] = v[j];
        sx0_3[PAD0_4(w)] = x[j];
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (31 - t);
      v[j] = sv0_1[PAD0_2(r)];
      x[j] = sx0_3[PAD0_4(r)];
    }
    for (int i = t; i < 32; i += B0) {
      sv0_6[i] = 0;
    }
    __syncthreads();
    {
      const int j = 0;
      const int w = (31 - t);
      atomicXor(&sv0_6[w], v[j]);
      sx0_7[PAD0_8(w)] = x[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = ((t * 7) & 31);
      v[j] = sv0_6[r];
      x[j] = sx0_7[PAD0_8(r)];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        {
          int lo = __shfl_down_sync(FULL, v[j], 4, 8);
          int hi = __shfl_up_sync(FULL, v[j], 4, 8);
          v[j] = (lane & 7) < 4 ? lo : hi;
        }
        {
          int lo = __shfl_down_sync(FULL, x[j], 4, 8);
          int hi = __shfl_up_sync(FULL, x[j], 4, 8);
          x[j] = (lane & 7) < 4 ? lo : hi;
        }
      }
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane * 7);
      x[j] = __shfl_sync(FULL, x[j], lane * 7);
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
