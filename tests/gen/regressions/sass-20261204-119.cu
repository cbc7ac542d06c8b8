// title: generated copy 20261204:119 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261204 (kernel 119), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, divergent shared exchange, warp-local exchange, divergent shared exchange, shared exchange, stores.
//   gk1: loads, shuffles, stores.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, a0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, out, N)
// array: a0[N]
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-119 as
// scanscope_gen wrote it, kept whole; mechanism: the first divergent if/else on bit 2 of t became
//   straight code: `sv0_1[..] = v[j]` of both arms (one arm's inner if/else, the other's store)
//   one unpredicated STS named with the other arm's line, beside the STS that the second if/else's
//   arms' `sv0_11` stores became, named with the line of `x[j] = swx0_8[..]`, a line without
//   stores. That instruction is not an arm's own (unpredicated, between other barriers), so the
//   first if/else's arms join their line's store: 64 store instructions, not 72.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 64, ld wavefronts 72, ld conflicts 8, st inst 64, st wavefronts 72,
//   st conflicts 8, global ld requests 16, global ld sectors 96, global st requests 16, global st sectors 96

#define FULL 0xffffffffu

#define B0 32
#define E0 1
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 8
#define BY0 4
#define PAD0_2(i) ((i) + ((i) >> 5))
#define PAD0_4(i) ((i) + ((i) >> 5))
#define PAD0_7(i) ((i) * 3 + 3)
#define PAD0_9(i) ((i) * 3 + 3)
#define PAD0_12(i) ((i) * 2 + 2)
#define PAD0_15(i) ((i) * 3 + 2)
#define PAD0_17(i) ((i) * 5 + 1)
__device__ int perm0_0(int v) { return ((v * 13) & 31); }
__device__ int perm0_5(int v) { return ((v + 9) & 31); }
__device__ int perm0_10(int v) { return (v ^ 1); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_1[32];
  __shared__ int sx0_3[32];
  __shared__ int sw0_6[97];
  __shared__ int swx0_8[97];
  __shared__ int sv0_11[65];
  __shared__ int sx0_13[32];
  __shared__ int sv0_14[96];
  __shared__ int sx0_16[157];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
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
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      const int j = 0;
      v[j] = __shfl_xor_sync(FULL, v[j], 3, 8);
      x[j] = __shfl_xor_sync(FULL, x[j], 3, 8);
    }
    if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
      {
        const int j = 0;
        const int w = (((t ^ 18) * 11) & 31);
        if ((v[j] & 1) != 0) sv0_1[PAD0_2(w)] = v[j];
        else sv0_1[PAD0_2(w)] = v[j];
        sx0_3[PAD0_4(w)] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = (((t ^ 16) * 11) & 31);
        sv0_1[PAD0_2(w)] = v[j];
        sx0_3[PAD0_4(w)] = x[j];
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = perm0_5(t);
      v[j] = sv0_1[PAD0_2(r)];
      x[j] = sx0_3[PAD0_4(r)];
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + (31 - lane);
      sw0_6[PAD0_7(w)] = v[j];
      swx0_8[PAD0_9(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + perm0_10(lane);
      v[j] = sw0_6[PAD0_7(r)];
      x[j] = swx0_8[PAD0_9(r)];
    }
    if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
      {
        const int j = 0;
        const int w = ((((t ^ 27) ^ 3) + 12) & 31);
        sv0_11[PAD0_12(w)] = v[j];
        sx0_13[w] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = ((((t ^ 25) ^ 3) + 12) & 31);
        if ((v[j] & 1) != 0) sv0_11[PAD0_12(w)] = v[j];
        else sv0_11[PAD0_12(w)] = v[j];
        sx0_13[w] = x[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int j = 0;
      const int r = t;
      v[j] = sv0_11[PAD0_12(r)];
      x[j] = sx0_13[r];
    }
    {
      const int j = 0;
      const int w = (t ^ 20);
      sv0_14[PAD0_15(w)] = v[j];
      sx0_16[PAD0_17(w)] = x[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = ((t + 29) & 31);
      v[j] = sv0_14[PAD0_15(r)];
      x[j] = sx0_16[PAD0_17(r)];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B1 128
#define E1 2
#define TILE1 (B1 * E1)
#define S1 0
__device__ __forceinline__ int perm1_0(int v) { return (v ^ 49); }
__global__ void gk1(const int *src, int *dst, int n) {
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int el = perm1_0(t) * E1 + ((j + 2) & (E1 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int j = 0; j < E1; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 15, 16);
      x[j] = __shfl_sync(FULL, x[j], lane * 15, 16);
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
  }
}
