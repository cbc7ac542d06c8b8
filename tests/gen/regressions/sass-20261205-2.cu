// title: generated copy 20261205:2 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261205 (kernel 2), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, arithmetic, warp-local exchange, stores.
//   gk1: 8-byte loads, shuffles, atomic stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, a0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, out, N)
// array: a0[N]
// init: out = 0
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-2 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's three one-line inner if/else in a row
//   (`if ((v[k] & 1) != 0) sw0_0[PAD0_1(w)] = v[k]; else sw0_0[PAD0_1(w)] = v[k];`, lines 79-80,
//   85-86, 91-92 of this file), each one STS that the line table names with a line of loads: the last `else`
//   (line 92) lies 13 lines from the first `if`, past the 12-line reach, and was joined with line
//   93's `swx0_2[w] = x[3]` ("one store for two statements"). The group of same-text lines chains
//   through each line it holds: 16 store instructions, not 18.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 16, ld wavefronts 24, ld conflicts 8, st inst 16, st wavefronts 24,
//   st conflicts 8, global ld requests 12, global ld sectors 96, global st requests 8, global st sectors 32

#define FULL 0xffffffffu

#define B0 32
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 2 + 0)
__device__ int perm0_3(int v) { return (v ^ 31); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sw0_0[255];
  __shared__ int swx0_2[128];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = 0 * B0 + ((t * 9) & 31);
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
      x[0] = el;
    }
    {
      const int el = 1 * B0 + ((t * 9) & 31);
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
      x[1] = el;
    }
    {
      const int el = 2 * B0 + ((t * 9) & 31);
      const int g = base + el;
      v[2] = g >= 0 && g < n ? src[g] : 0;
      x[2] = el;
    }
    {
      const int el = 3 * B0 + ((t * 9) & 31);
      const int g = base + el;
      v[3] = 0;
      if (g >= 0 && g < n) v[3] = src[g];
      x[3] = el;
    }
    for (int j = 3; j >= 0; --j) {
      v[j] ^= 778;
    }
    {
      const int w = 0 * B0 + warp * 32 + ((lane * 7) & 31);
      sw0_0[PAD0_1(w)] = v[0];
      swx0_2[w] = x[0];
    }
    {
      const int w = 1 * B0 + warp * 32 + ((lane * 7) & 31);
      if ((v[1] & 1) != 0) sw0_0[PAD0_1(w)] = v[1];
      else sw0_0[PAD0_1(w)] = v[1];
      swx0_2[w] = x[1];
    }
    {
      const int w = 2 * B0 + warp * 32 + ((lane * 7) & 31);
      if ((v[2] & 1) != 0) sw0_0[PAD0_1(w)] = v[2];
      else sw0_0[PAD0_1(w)] = v[2];
      swx0_2[w] = x[2];
    }
    {
      const int w = 3 * B0 + warp * 32 + ((lane * 7) & 31);
      if ((v[3] & 1) != 0) sw0_0[PAD0_1(w)] = v[3];
      else sw0_0[PAD0_1(w)] = v[3];
      swx0_2[w] = x[3];
    }
    __syncwarp();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + perm0_3(lane);
      v[j] = sw0_0[PAD0_1(r)];
      x[j] = swx0_2[r];
    }
    for (int j = 0; j < E0; ++j) {
      v[j] ^= 778;
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

const int B1 = 64;
const int E1 = 2;
#define TILE1 (B1 * E1)
#define S1 0
__global__ void gk1(const int *src, int *dst, int n) {
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int j = 0;
      const int k = (((t) & 31) * 2 + ((t) >> 5));  // a pair of elements, one 8-byte load
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
    for (int j = 1; j >= 0; --j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 3, 16);
      x[j] = __shfl_xor_sync(FULL, x[j], 3, 16);
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
