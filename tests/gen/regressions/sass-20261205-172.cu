// title: generated copy 20261205:172 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261205 (kernel 172), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, warp-local exchange, atomic stores.
//   gk1: loads, shuffles, shuffles, shuffles, shared exchange, shared exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, a0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, out, N)
// array: a0[N]
// init: a0 = 0
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-172 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 1 of t, its arms branched
//   around, each ending in `sx0_2[(w) / 64][(w) % 64] = x[1];`: ptxas made those two one STS after
//   the join, named with the else arm's line; the then arm's line has none. The pair one
//   store (not the then arm's line joined with the `sv0_0` store before it): 76 store instructions,
//   not 80.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 64, ld wavefronts 120, ld conflicts 56, st inst 76, st wavefronts 176,
//   st conflicts 100, global ld requests 16, global ld sectors 104, global st requests 8, global st sectors 80

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 2 + 2)
#define PAD0_4(i) ((i) * 2 + 0)
#define PAD0_6(i) ((i) + ((i) >> 4))
__device__ __forceinline__ int perm0_7(int v) { return (((v ^ 1) + 9) & 31); }
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sv0_0[513];
  __shared__ int sx0_2[4][64];
  __shared__ int sw0_3[511];
  __shared__ int swx0_5[271];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int el = (127 - t) * E0 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      {
        const int w = (((t ^ 28) * 5) & 127) * E0 + ((0 + 2) & (E0 - 1));
        if ((v[0] & 1) != 0) sv0_0[PAD0_1(w)] = v[0];
        else sv0_0[PAD0_1(w)] = v[0];
        sx0_2[(w) / 64][(w) % 64] = x[0];
      }
      {
        const int w = (((t ^ 28) * 5) & 127) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[PAD0_1(w)] = v[1];
        sx0_2[(w) / 64][(w) % 64] = x[1];
      }
    } else {
      {
        const int w = (((t ^ 116) * 5) & 127) * E0 + ((0 + 2) & (E0 - 1));
        sv0_0[PAD0_1(w)] = v[0];
        sx0_2[(w) / 64][(w) % 64] = x[0];
      }
      {
        const int w = (((t ^ 116) * 5) & 127) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[PAD0_1(w)] = v[1];
        sx0_2[(w) / 64][(w) % 64] = x[1];
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + ((t + 102) & 127);
      v[j] = sv0_0[PAD0_1(r)];
      x[j] = sx0_2[(r) / 64][(r) % 64];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + (((lane ^ 28) + 11) & 31);
      sw0_3[PAD0_4(w)] = v[j];
      swx0_5[PAD0_6(w)] = x[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + perm0_7(lane);
      v[j] = sw0_3[PAD0_4(r)];
      x[j] = swx0_5[PAD0_6(r)];
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[0]);  // onto the zeros the host set
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[1]);  // onto the zeros the host set
    }
  }
}

const int B1 = 128;
const int E1 = 2;
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 5))
__device__ int perm1_3(int v) { return (127 - v); }
__device__ int perm1_4(int v) { return (((v ^ 80) + 70) & 127); }
__device__ __forceinline__ int perm1_7(int v) { return (((v ^ 125) + 114) & 127); }
__global__ void gk1(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sv1_0[263];
  __shared__ int sx1_2[8][32];
  __shared__ int sv1_5[256];
  __shared__ int sx1_6[256];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int el = 0 * B1 + ((t + 57) & 127);
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
      x[0] = el;
    }
    {
      const int el = 1 * B1 + ((t + 57) & 127);
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
      x[1] = el;
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 1, 8);
        int hi = __shfl_up_sync(FULL, v[j], 7, 8);
        v[j] = (lane & 7) < 7 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 1, 8);
        int hi = __shfl_up_sync(FULL, x[j], 7, 8);
        x[j] = (lane & 7) < 7 ? lo : hi;
      }
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 15);
      x[j] = __shfl_sync(FULL, x[j], lane + 15);
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 1; j >= 0; --j) {
        v[j] = __shfl_sync(FULL, v[j], lane * 17, 8);
        x[j] = __shfl_sync(FULL, x[j], lane * 17, 8);
      }
    }
    {
      const int w = perm1_3(t) * E1 + ((0 + 3) & (E1 - 1));
      if ((v[0] & 1) != 0) sv1_0[PAD1_1(w)] = v[0];
      else sv1_0[PAD1_1(w)] = v[0];
      sx1_2[(w) / 32][(w) % 32] = x[0];
    }
    {
      const int w = perm1_3(t) * E1 + ((1 + 3) & (E1 - 1));
      if ((v[1] & 1) != 0) sv1_0[PAD1_1(w)] = v[1];
      else sv1_0[PAD1_1(w)] = v[1];
      sx1_2[(w) / 32][(w) % 32] = x[1];
    }
    __syncthreads();
    for (int j = 0; j < E1; ++j) {
      const int r = perm1_4(t) * E1 + j;
      v[j] = sv1_0[PAD1_1(r)];
      x[j] = sx1_2[(r) / 32][(r) % 32];
    }
    for (int j = 0; j < E1; ++j) {
      const int w = perm1_7(t) * E1 + j;
      sv1_5[w] = v[j];
      sx1_6[w] = x[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = t * E1 + ((j + 2) & (E1 - 1));
      v[j] = sv1_5[r];
      x[j] = sx1_6[r];
    }
    for (int j = 0; j < E1; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
