// title: generated copy 20261127:71 (one launch)
// about: Made by scanscope_gen --seed 20261127 (kernel 71), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, arithmetic, shuffles, 8-byte shared exchange, atomic stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// init: out = 0
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-71 as
// scanscope_gen wrote it, kept whole; mechanism: a loop's int2 loads of iterations j = 1, 2 and j = 3, 0 (adjacent words, out of order) made two LDS.128 by ptxas.
// ncu: NVIDIA H200, 2026-11-27: ld inst 16, ld wavefronts 128, ld conflicts 64, st inst 32, st wavefronts 512,
//   st conflicts 448, global ld requests 16, global ld sectors 266, global st requests 0, global st sectors 0

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int2 sp0_0[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int k = ((t + 109) & 255) * (E0 / 2) + 0;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 0] = q.x;
      v[2 * 0 + 1] = q.y;
      x[2 * 0] = 2 * k;
      x[2 * 0 + 1] = 2 * k + 1;
    }
    {
      const int k = ((t + 109) & 255) * (E0 / 2) + 1;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 1] = q.x;
      v[2 * 1 + 1] = q.y;
      x[2 * 1] = 2 * k;
      x[2 * 1 + 1] = 2 * k + 1;
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = ~v[j];
    }
    for (int j = 3; j >= 0; --j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 3, 4);
        int hi = __shfl_up_sync(FULL, v[j], 1, 4);
        v[j] = (lane & 3) < 1 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 3, 4);
        int hi = __shfl_up_sync(FULL, x[j], 1, 4);
        x[j] = (lane & 3) < 1 ? lo : hi;
      }
    }
    for (int j = 3; j >= 0; --j) {
      const int w = j * B0 + (((t) & 31) * 8 + ((t) >> 5));
      sp0_0[w] = make_int2(v[j], x[j]);
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t ^ 41) + 188) & 255) * E0 + ((j + 3) & (E0 - 1));
      int2 q = sp0_0[r];
      v[j] = q.x;
      x[j] = q.y;
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = ~v[j];
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[0]);  // onto the zeros the host set
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[1]);  // onto the zeros the host set
    }
    {
      const int g = base + x[2];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[2]);  // onto the zeros the host set
    }
    {
      const int g = base + x[3];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[3]);  // onto the zeros the host set
    }
  }
}
