// title: generated sum 20261206:183 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261206 (kernel 183), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, warp-local exchange, warp-local exchange, shuffles, a loop of run-time length, arithmetic, __syncthreads_count bit sums.
//   gk1: loads, divergent shared exchange, shared exchange, shuffles, __syncthreads_count bit sums.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, partial, N, 1)
// launch: gk1<<<1, B1>>>(partial, out, max(1, (N + S0 + TILE0 - 1) / TILE0))
// array: partial[max(1, (N + S0 + TILE0 - 1) / TILE0)]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-183 as
// scanscope_gen wrote it, kept whole; mechanism: gk1's if/else on bit 1 of t, its then arm a loop of
//   an inner if/else written alike, its else arm a store and a one-line inner if/else whose then
//   arm no thread of this run takes; ptxas predicated the arms, `@P0 STS` for the then arm's two
//   copies named with the tile loop's line 112 (outside the branch) and `@!P0 STS` for the else
//   arm's two. Each arm's inner if/else one instruction of its own: 68 store instructions, not 67.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 66, ld wavefronts 68, ld conflicts 2, st inst 68, st wavefronts 72,
//   st conflicts 4, global ld requests 34, global ld sectors 516, global st requests 5, global st sectors 5

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 10
#define PAD0_2(i) ((i) * 5 + 3)
__device__ __forceinline__ int perm0_3(int v) { return (31 - v); }
__device__ __forceinline__ int perm0_4(int v) { return ((v * 7) & 31); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sw0_0[4][66];
  __shared__ int sw0_1[1279];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = j * B0 + (((t) & 31) * 4 + ((t) >> 5));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + ((lane + 11) & 31);
      sw0_0[(w) / 64][(w) % 64] = v[j];
    }
    __syncwarp();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B0 + warp * 32 + (lane ^ 6);
      v[j] = sw0_0[(r) / 64][(r) % 64];
    }
    {
      const int w = 0 * B0 + warp * 32 + perm0_3(lane);
      sw0_1[PAD0_2(w)] = v[0];
    }
    {
      const int w = 1 * B0 + warp * 32 + perm0_3(lane);
      if ((v[1] & 1) != 0) sw0_1[PAD0_2(w)] = v[1];
      else sw0_1[PAD0_2(w)] = v[1];
    }
    __syncwarp();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B0 + warp * 32 + perm0_4(lane);
      v[j] = sw0_1[PAD0_2(r)];
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        v[j] = __shfl_sync(FULL, v[j], lane * 5, 16);
      }
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        v[0] = ~v[0];
      }
      {
        v[1] = ~v[1];
      }
      for (int j = 0; j < E0; ++j) {
        v[j] = ~v[j];
      }
    }
    for (int j = 1; j >= 0; --j) {
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) dst[blockIdx.x] = total;
}

#define B1 32
#define E1 2
#define TILE1 (B1 * E1)
#define S1 6
#define PAD1_1(i) ((i) + ((i) >> 4))
#define PAD1_3(i) ((i) * 2 + 0)
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[67];
  __shared__ int sv1_2[127];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int el = (t ^ 23) * E1 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        const int w = (((t ^ 0) + 30) & 31) * E1 + j;
        if ((v[j] & 1) != 0) sv1_0[PAD1_1(w)] = v[j];
        else sv1_0[PAD1_1(w)] = v[j];
      }
    } else {
      {
        const int w = (((t ^ 17) + 30) & 31) * E1 + 0;
        sv1_0[PAD1_1(w)] = v[0];
      }
      {
        const int w = (((t ^ 17) + 30) & 31) * E1 + 1;
        if ((v[1] & 1) != 0) sv1_0[PAD1_1(w)] = v[1];
        else sv1_0[PAD1_1(w)] = v[1];
      }
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = ((t + 24) & 31) * E1 + j;
      v[j] = sv1_0[PAD1_1(r)];
    }
    if (n > 432) {  // uniform: the whole block goes one way
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        const int w = (t ^ 14) * E1 + ((j + 3) & (E1 - 1));
        if ((v[j] & 1) != 0) sv1_2[PAD1_3(w)] = v[j];
        else sv1_2[PAD1_3(w)] = v[j];
      }
      __syncthreads();
      for (int j = 1; j >= 0; --j) {
        const int r = ((t * 15) & 31) * E1 + ((j + 3) & (E1 - 1));
        v[j] = sv1_2[PAD1_3(r)];
      }
    } else {
      for (int j = 1; j >= 0; --j) {
        {
          int lo = __shfl_down_sync(FULL, v[j], 1, 4);
          int hi = __shfl_up_sync(FULL, v[j], 3, 4);
          v[j] = (lane & 3) < 3 ? lo : hi;
        }
      }
    }
    for (int j = 1; j >= 0; --j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) dst[0] = total;  // one block
}
