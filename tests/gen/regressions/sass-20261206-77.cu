// title: generated copy 20261206:77 (one launch)
// about: Made by scanscope_gen --seed 20261206 (kernel 77), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, warp-local exchange, warp-local exchange, divergent 8-byte shared exchange, stores.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-77 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's loads of lines 66-67 that ptxas made only in
//   the threads of the STS.64 named with line 79 (after an EXIT of the others); that STS.64 is both
//   arms' `sp0_7[w] = make_int2(v[j], x[j])` of `if (t & 32)`, so every thread makes it and the
//   loads: 160 load instructions, not 128 (the loads gated by the else arm's store alone).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 160, ld wavefronts 256, ld conflicts 64, st inst 160, st wavefronts 256,
//   st conflicts 64, global ld requests 32, global ld sectors 500, global st requests 32, global st sectors 500

#define FULL 0xffffffffu

#define B0 128
#define E0 1
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 32
#define BY0 4
#define PAD0_1(i) ((i) * 2 + 1)
#define PAD0_3(i) ((i) * 2 + 2)
#define PAD0_6(i) ((i) * 5 + 2)
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sw0_0[256];
  __shared__ int swx0_2[257];
  __shared__ int sw0_4[128];
  __shared__ int swx0_5[638];
  __shared__ int2 sp0_7[128];
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
      const int el = ((t * 7) & 127);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + (lane ^ 20);
      if ((v[j] & 1) != 0) sw0_0[PAD0_1(w)] = v[j];
      else sw0_0[PAD0_1(w)] = v[j];
      swx0_2[PAD0_3(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + (lane ^ 13);
      v[j] = sw0_0[PAD0_1(r)];
      x[j] = swx0_2[PAD0_3(r)];
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + (31 - lane);
      sw0_4[w] = v[j];
      swx0_5[PAD0_6(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + (31 - lane);
      v[j] = sw0_4[r];
      x[j] = swx0_5[PAD0_6(r)];
    }
    if (t & 32) {  // divergent: each arm keeps bit 5 of t
      {
        const int j = 0;
        const int w = (t ^ 26);
        sp0_7[w] = make_int2(v[j], x[j]);
      }
    } else {
      {
        const int j = 0;
        const int w = (t ^ 93);
        sp0_7[w] = make_int2(v[j], x[j]);
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = t;
      int2 q = sp0_7[r];
      v[j] = q.x;
      x[j] = q.y;
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
