// title: generated sum 20261201:100 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261201 (kernel 100), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, warp-local exchange, atomic stores.
//   gk1: loads, arithmetic, atomic shared exchange, arithmetic, arithmetic, tree reduction.
//   gk2: loads, shared exchange, divergent shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, c0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(c0, partial, N)
// launch: gk2<<<1, B2>>>(partial, out, max(1, (N + S1 + TILE1 - 1) / TILE1))
// array: c0[N]
// array: partial[max(1, (N + S1 + TILE1 - 1) / TILE1)]
// init: c0 = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261201-100 as
// scanscope_gen wrote it, kept whole; mechanism: the two arms of `if ((t >> 0) & 1)` in gk2 each
//   store words 0-3 of a thread's block in four statements written alike (lines 195-229 here): ptxas
//   makes each arm's first three an STS.64 and an STS, and the arms' last stores (lines 210 and 227,
//   17 lines apart) one STS after the branch, named with line 227: one store, not two (8 stores
//   fewer).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 252, ld wavefronts 1268, ld conflicts 992, st inst 247, st wavefronts 943,
//   st conflicts 680, global ld requests 52, global ld sectors 269, global st requests 9, global st sectors 9

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 10
#define PAD0_2(i) ((i) * 5 + 3)
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sw0_0[4][66];
  __shared__ int swx0_1[1279];
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
      const int k = t;  // a pair of elements, one 8-byte load
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
      const int w = j * B0 + warp * 32 + (31 - lane);
      sw0_0[(w) / 64][(w) % 64] = v[j];
      swx0_1[PAD0_2(w)] = x[j];
    }
    __syncwarp();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B0 + warp * 32 + ((lane + 10) & 31);
      v[j] = sw0_0[(r) / 64][(r) % 64];
      x[j] = swx0_1[PAD0_2(r)];
    }
    for (int j = 1; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
    __syncthreads();  // step: the tile's shared words are read before the next tile's are written
  }
}

#define B1 128
#define E1 1
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 5))
__global__ void gk1(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sv1_0[131];
  __shared__ int red1_2[128];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int j = 0;
      const int el = t;
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int j = 0;
      v[j] ^= 248;
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      for (int i = t; i < 131; i += B1) {
        sv1_0[i] = 0;
      }
      __syncthreads();  // step: the zeroed words before the writes
      {
        const int j = 0;
        const int w = ((t * 15) & 127);
        atomicExch(&sv1_0[PAD1_1(w)], v[j]);
      }
      __syncthreads();
      {
        const int j = 0;
        const int r = (((t) & 31) * 4 + ((t) >> 5));
        v[j] = sv1_0[PAD1_1(r)];
      }
    } else {
      {
        const int j = 0;
        v[j] += 290;
      }
      {
        const int j = 0;
        v[j] -= 290;
      }
    }
    {
      const int j = 0;
      v[j] ^= 248;
    }
    {
      const int j = 0;
      v[j] = ~v[j];
    }
    {
      const int j = 0;
      v[j] = ~v[j];
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  red1_2[t] = acc;
  __syncthreads();
  for (int s = B1 / 2; s > 0; s >>= 1) {
    if (t < s) red1_2[t] += red1_2[t + s];
    __syncthreads();
  }
  if (t == 0) total = red1_2[0];
  if (t == 0) dst[blockIdx.x] = total;
}

#define B2 256
#define E2 4
#define TILE2 (B2 * E2)
#define S2 0
__device__ __forceinline__ int perm2_1(int v) { return (((v) & 31) * 8 + ((v) >> 5)); }
__global__ void gk2(const int *src, int *dst, int n) {
  __shared__ int sv2_0[16][64];
  __shared__ int sv2_2[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int acc = 0;
  const int tiles = (n + S2 + TILE2 - 1) / TILE2;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE2 - S2;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int el = t * E2 + ((j + 3) & (E2 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    for (int j = 3; j >= 0; --j) {
      const int w = t * E2 + ((j + 3) & (E2 - 1));
      sv2_0[(w) / 64][(w) % 64] = v[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int r = perm2_1(t) * E2 + j;
      v[j] = sv2_0[(r) / 64][(r) % 64];
    }
    if ((t >> 0) & 1) {  // divergent: each arm keeps bit 0 of t
      {
        const int w = ((((t ^ 50)) & 31) * 8 + (((t ^ 50)) >> 5)) * E2 + 0;
        sv2_2[w] = v[0];
      }
      {
        const int w = ((((t ^ 50)) & 31) * 8 + (((t ^ 50)) >> 5)) * E2 + 1;
        sv2_2[w] = v[1];
      }
      {
        const int w = ((((t ^ 50)) & 31) * 8 + (((t ^ 50)) >> 5)) * E2 + 2;
        sv2_2[w] = v[2];
      }
      {
        const int w = ((((t ^ 50)) & 31) * 8 + (((t ^ 50)) >> 5)) * E2 + 3;
        sv2_2[w] = v[3];
      }
    } else {
      {
        const int w = ((((t ^ 184)) & 31) * 8 + (((t ^ 184)) >> 5)) * E2 + 0;
        sv2_2[w] = v[0];
      }
      {
        const int w = ((((t ^ 184)) & 31) * 8 + (((t ^ 184)) >> 5)) * E2 + 1;
        sv2_2[w] = v[1];
      }
      {
        const int w = ((((t ^ 184)) & 31) * 8 + (((t ^ 184)) >> 5)) * E2 + 2;
        sv2_2[w] = v[2];
      }
      {
        const int w = ((((t ^ 184)) & 31) * 8 + (((t ^ 184)) >> 5)) * E2 + 3;
        sv2_2[w] = v[3];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = ((t * 7) & 255) * E2 + j;
      v[j] = sv2_2[r];
    }
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
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
