// title: generated copy 20261127:121 (one launch)
// about: Made by scanscope_gen --seed 20261127 (kernel 121), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, warp-local exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-121 as
// scanscope_gen wrote it, kept whole; mechanism: a shared load whose value only the guarded global store uses, which ptxas makes after the EXIT of the threads that do not store (a gated load).
// ncu: NVIDIA H200, 2026-11-27: ld inst 25, ld wavefronts 33, ld conflicts 8, st inst 32, st wavefronts 48,
//   st conflicts 16, global ld requests 9, global ld sectors 40, global st requests 9, global st sectors 40

#define B0 256
#define E0 1
#define TILE0 (B0 * E0)
#define S0 2
#define PAD0_2(i) ((i) + ((i) >> 5))
__global__ void gk0(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sw0_0[16][18];
  __shared__ int swx0_1[263];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int el = (t ^ 65);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + (((lane ^ 18) + 6) & 31);
      if ((v[j] & 1) != 0) sw0_0[(w) / 16][(w) % 16] = v[j];
      else sw0_0[(w) / 16][(w) % 16] = v[j];
      swx0_1[PAD0_2(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + (lane ^ 31);
      v[j] = sw0_0[(r) / 16][(r) % 16];
      x[j] = swx0_1[PAD0_2(r)];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
