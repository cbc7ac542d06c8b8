// title: generated copy 20261206:260 (one launch)
// about: Made by scanscope_gen --seed 20261206 (kernel 260), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent atomic shared exchange, shuffles, warp-local exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-260 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 3 of t, its arms branched
//   around; the then arm's first statements and the first copy of the else arm's loop (the same
//   `atomicOr` and `sx0_2[(w) / 32][(w) % 32] = x[0]`, the same address) are one ATOMS and one STS
//   before the branch, named with the else arm's line; the then arm's line has none. The pair one
//   store (a common head): 160 store instructions, not 176.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 128, ld wavefronts 128, ld conflicts 0, st inst 160, st wavefronts 160,
//   st conflicts 0, global ld requests 32, global ld sectors 125, global st requests 32, global st sectors 125

#define FULL 0xffffffffu

#define B0 32
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 32
#define BY0 1
#define PAD0_1(i) ((i) + ((i) >> 5))
__device__ int perm0_5(int v) { return (31 - v); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[65];
  __shared__ int sx0_2[2][33];
  __shared__ int sw0_3[64];
  __shared__ int swx0_4[64];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = 0 * B0 + (t ^ 17);
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
      x[0] = el;
    }
    {
      const int el = 1 * B0 + (t ^ 17);
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
      x[1] = el;
    }
    for (int i = t; i < 65; i += B0) {
      sv0_0[i] = 0;
    }
    __syncthreads();
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      {
        const int w = (((t ^ 18) + 19) & 31) * E0 + ((0 + 3) & (E0 - 1));
        atomicOr(&sv0_0[PAD0_1(w)], v[0]);
        sx0_2[(w) / 32][(w) % 32] = x[0];
      }
      {
        const int w = (((t ^ 18) + 19) & 31) * E0 + ((1 + 3) & (E0 - 1));
        atomicOr(&sv0_0[PAD0_1(w)], v[1]);
        sx0_2[(w) / 32][(w) % 32] = x[1];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = (((t ^ 18) + 19) & 31) * E0 + ((j + 3) & (E0 - 1));
        atomicOr(&sv0_0[PAD0_1(w)], v[j]);
        sx0_2[(w) / 32][(w) % 32] = x[j];
      }
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = (t ^ 30) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_0[PAD0_1(r)];
      x[j] = sx0_2[(r) / 32][(r) % 32];
    }
    for (int j = 1; j >= 0; --j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 1, 4);
        int hi = __shfl_up_sync(FULL, v[j], 3, 4);
        v[j] = (lane & 3) < 3 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 1, 4);
        int hi = __shfl_up_sync(FULL, x[j], 3, 4);
        x[j] = (lane & 3) < 3 ? lo : hi;
      }
    }
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + ((lane + 23) & 31);
      sw0_3[w] = v[j];
      swx0_4[w] = x[j];
    }
    __syncwarp();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + perm0_5(lane);
      v[j] = sw0_3[r];
      x[j] = swx0_4[r];
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
