// title: generated copy 20261130:97 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261130 (kernel 97), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, shuffles, shuffles, divergent 8-byte shared exchange, shuffles, stores.
// launch: gk0<<<max(1, min(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N / 4 * 2)
// launch: gk0<<<max(1, min(1, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

const int B0 = 32;
const int E0 = 1;
// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-97 as
// scanscope_gen wrote it, kept whole; mechanism: the int2 stores of an if/else's two arms (lines 61 and 67 here, written alike), which ptxas
//   makes one STS.64 after the branch that the line table names with line 67: one instruction per warp, not two.
// ncu: NVIDIA H200, 2026-11-27: ld inst 32, ld wavefronts 128, ld conflicts 64, st inst 32, st wavefronts 128,
//   st conflicts 64, global ld requests 32, global ld sectors 141, global st requests 32, global st sectors 141

#define TILE0 (B0 * E0)
#define S0 4
#define PAD0_1(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int2 sp0_0[35];
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
      const int el = (t ^ 14);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane * 7);
      x[j] = __shfl_sync(FULL, x[j], lane * 7);
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane * 15, 16);
      x[j] = __shfl_sync(FULL, x[j], lane * 15, 16);
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane * 11, 4);
      x[j] = __shfl_sync(FULL, x[j], lane * 11, 4);
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      {
        const int j = 0;
        const int w = (((t ^ 7) * 11) & 31);
        sp0_0[PAD0_1(w)] = make_int2(v[j], x[j]);
      }
    } else {
      {
        const int j = 0;
        const int w = (((t ^ 1) * 11) & 31);
        sp0_0[PAD0_1(w)] = make_int2(v[j], x[j]);
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = ((t * 11) & 31);
      int2 q = sp0_0[PAD0_1(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    {
      const int j = 0;
      {
        int lo = __shfl_down_sync(FULL, v[j], 3, 8);
        int hi = __shfl_up_sync(FULL, v[j], 5, 8);
        v[j] = (lane & 7) < 5 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 3, 8);
        int hi = __shfl_up_sync(FULL, x[j], 5, 8);
        x[j] = (lane & 7) < 5 ? lo : hi;
      }
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
