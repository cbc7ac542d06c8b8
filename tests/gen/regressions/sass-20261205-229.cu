// title: generated copy 20261205:229 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261205 (kernel 229), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, shuffles, divergent 8-byte shared exchange, stores.
//   gk1: 8-byte loads, 8-byte shared exchange, stores.
// launch: gk0<<<max(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N / 4 * 2, E0)
// launch: gk1<<<max(1, min(4, (N - N / 4 * 2 + S1 + TILE1 - 1) / TILE1)), B1>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-229 as
//   scanscope_gen wrote it, kept whole; mechanism: the int2 form of a runtime-bounded loop's row,
//   `for (int j = 0; j < e; ++j) { int2 q = sp0_0[r]; ... }` with r = row * 4 + ((j + 2) & 3): two
//   LDS.128 for the thread's four int2 before the unrolled loop, the remainder LDS.64 (a block and a
//   loop). 36 load instructions, not 40 (the PTX's ld.shared.v2 a thread's int2 each).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 36, ld wavefronts 544, ld conflicts 464, st inst 32, st wavefronts 160,
//   st conflicts 64, global ld requests 24, global ld sectors 328, global st requests 32, global st sectors 486

#define FULL 0xffffffffu

#define B0 32
#define E0 4
#define TILE0 (B0 * E0)
#define S0 10
#define BX0 32
#define BY0 1
__global__ void gk0(const int *src, int *dst, int n, int e) {
  __shared__ int2 sp0_0[128];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = t * E0 + ((j + 2) & (E0 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int j = 3; j >= 0; --j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 11, 16);
        int hi = __shfl_up_sync(FULL, v[j], 5, 16);
        v[j] = (lane & 15) < 5 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 11, 16);
        int hi = __shfl_up_sync(FULL, x[j], 5, 16);
        x[j] = (lane & 15) < 5 ? lo : hi;
      }
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      for (int j = 3; j >= 0; --j) {
        v[j] = __shfl_sync(FULL, v[j], lane + 14);
        x[j] = __shfl_sync(FULL, x[j], lane + 14);
      }
    } else {
      if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
        for (int j = 3; j >= 0; --j) {
          const int w = j * B0 + (31 - (t ^ 4));
          sp0_0[w] = make_int2(v[j], x[j]);
        }
      } else {
        for (int j = 3; j >= 0; --j) {
          const int w = j * B0 + (31 - (t ^ 12));
          sp0_0[w] = make_int2(v[j], x[j]);
        }
      }
      __syncthreads();
      for (int j = 0; j < e; ++j) {
        const int r = (t ^ 21) * E0 + ((j + 2) & (E0 - 1));
        int2 q = sp0_0[r];
        v[j] = q.x;
        x[j] = q.y;
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

#define B1 256
#define E1 4
#define TILE1 (B1 * E1)
#define S1 0
__device__ int perm1_0(int v) { return (255 - v); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int2 sp1_1[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int k = j * B1 + perm1_0(t);  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * j] = q.x;
      v[2 * j + 1] = q.y;
      x[2 * j] = 2 * k;
      x[2 * j + 1] = 2 * k + 1;
    }
    for (int j = 0; j < E1; ++j) {
      const int w = t * E1 + j;
      sp1_1[w] = make_int2(v[j], x[j]);
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int r = j * B1 + (((t) & 31) * 8 + ((t) >> 5));
      int2 q = sp1_1[r];
      v[j] = q.x;
      x[j] = q.y;
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
    {
      const int g = base + x[2];
      if (g >= 0 && g < n) dst[g] = v[2];
    }
    {
      const int g = base + x[3];
      if (g >= 0 && g < n) dst[g] = v[3];
    }
    __syncthreads();
  }
}
