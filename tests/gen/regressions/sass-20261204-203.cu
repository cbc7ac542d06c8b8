// title: generated copy 20261204:203 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261204 (kernel 203), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent atomic shared exchange, warp-local exchange, divergent shared exchange, stores.
// launch: gk0<<<max(1, min(3, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N / 4 * 2)
// launch: gk0<<<max(1, min(3, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-203 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's divergent if/else on bit 0 of t has in each
//   arm a loop of an inner if/else storing `sv0_8[PAD0_9(w)] = v[j]` in both inner arms and
//   `sx0_10[PAD0_11(w)] = x[j]`, made one straight run of predicated STS (@P0 for one arm, @!P0 for
//   the other); the line table names the inner if/else's STS with the arm's sx0_10 line and one
//   with a line of loads: each arm's own, not one for both (320 stores, not 288; 40 conflicts, not 72).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 192, ld wavefronts 192, ld conflicts 0, st inst 320, st wavefronts 360,
//   st conflicts 40, global ld requests 32, global ld sectors 270, global st requests 32, global st sectors 500

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 3 + 2)
#define PAD0_4(i) ((i) * 3 + 1)
#define PAD0_6(i) ((i) + ((i) >> 5))
#define PAD0_9(i) ((i) + ((i) >> 5))
#define PAD0_11(i) ((i) + ((i) >> 3))
__device__ __forceinline__ int perm0_7(int v) { return (v ^ 29); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[768];
  __shared__ int sx0_2[256];
  __shared__ int sw0_3[767];
  __shared__ int swx0_5[263];
  __shared__ int sv0_8[263];
  __shared__ int sx0_10[287];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = (((t ^ 70) + 42) & 127) * E0 + ((0 + 3) & (E0 - 1));
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
      x[0] = el;
    }
    {
      const int el = (((t ^ 70) + 42) & 127) * E0 + ((1 + 3) & (E0 - 1));
      const int g = base + el;
      v[1] = 0;
      if (g >= 0 && g < n) v[1] = src[g];
      x[1] = el;
    }
    for (int i = t; i < 768; i += B0) {
      sv0_0[i] = 0;
    }
    __syncthreads();
    if ((t >> 5) & 1) {  // divergent: each arm keeps bit 5 of t
      {
        const int w = 0 * B0 + ((((t ^ 84) ^ 99) + 12) & 127);
        atomicXor(&sv0_0[PAD0_1(w)], v[0]);
        sx0_2[w] = x[0];
      }
      {
        const int w = 1 * B0 + ((((t ^ 84) ^ 99) + 12) & 127);
        atomicExch(&sv0_0[PAD0_1(w)], v[1]);
        sx0_2[w] = x[1];
      }
    } else {
      {
        const int w = 0 * B0 + ((((t ^ 25) ^ 99) + 12) & 127);
        atomicXor(&sv0_0[PAD0_1(w)], v[0]);
        sx0_2[w] = x[0];
      }
      {
        const int w = 1 * B0 + ((((t ^ 25) ^ 99) + 12) & 127);
        atomicXor(&sv0_0[PAD0_1(w)], v[1]);
        sx0_2[w] = x[1];
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + ((t + 78) & 127);
      v[j] = sv0_0[PAD0_1(r)];
      x[j] = sx0_2[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + perm0_7(lane);
      sw0_3[PAD0_4(w)] = v[j];
      swx0_5[PAD0_6(w)] = x[j];
    }
    __syncwarp();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + (lane ^ 24);
      v[j] = sw0_3[PAD0_4(r)];
      x[j] = swx0_5[PAD0_6(r)];
    }
    if ((t & 1) >= 1) {  // divergent: each arm keeps bit 0 of t
      for (int j = 1; j >= 0; --j) {
        const int w = j * B0 + ((((t ^ 92) ^ 71) + 57) & 127);
        if ((v[j] & 1) != 0) sv0_8[PAD0_9(w)] = v[j];
        else sv0_8[PAD0_9(w)] = v[j];
        sx0_10[PAD0_11(w)] = x[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + ((((t ^ 6) ^ 71) + 57) & 127);
        if ((v[j] & 1) != 0) sv0_8[PAD0_9(w)] = v[j];
        else sv0_8[PAD0_9(w)] = v[j];
        sx0_10[PAD0_11(w)] = x[j];
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t) & 31) * 4 + ((t) >> 5)) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_8[PAD0_9(r)];
      x[j] = sx0_10[PAD0_11(r)];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
