// title: generated sum 20261129:112 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261129 (kernel 112), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, arithmetic, divergent shared exchange, ballot partition, stores.
//   gk1: loads, shuffles, shared exchange, warp-local exchange, shared exchange, divergent shared exchange, shuffles, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, c0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(c0, out, N)
// array: c0[N]
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261129-112 as
// scanscope_gen wrote it, kept whole; mechanism: four blocks `{ r = ... + k; v[k] = sv0_0[r]; x[k] = sx0_1[r]; }`
// (lines 80-98 here) are two LDS.128 in the SASS, which the line table names with two of the eight
// lines; the others' sites are found by the words their threads read (the same aligned block).
// ncu: NVIDIA H200, 2026-11-27: ld inst 88, ld wavefronts 368, ld conflicts 256, st inst 144, st wavefronts 256,
//   st conflicts 112, global ld requests 20, global ld sectors 260, global st requests 12, global st sectors 132

const int B0 = 128;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_3(i) ((i) + ((i) >> 5))
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[512];
  __shared__ int sx0_1[512];
  __shared__ int sb0_2[527];
  __shared__ int sbx0_4[512];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < E0; ++j) {
      const int el = j * B0 + (((t) & 31) * 4 + ((t) >> 5));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 19);
      x[j] = __shfl_sync(FULL, x[j], lane + 19);
    }
    {
      v[0] = ~v[0];
    }
    {
      v[1] = ~v[1];
    }
    {
      v[2] = ~v[2];
    }
    {
      v[3] = ~v[3];
    }
    if ((t >> 4) & 1) {  // divergent: each arm keeps bit 4 of t
      for (int j = 3; j >= 0; --j) {
        const int w = ((t ^ 38) ^ 75) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
        sx0_1[w] = x[j];
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        const int w = ((t ^ 75) ^ 75) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
        sx0_1[w] = x[j];
      }
    }
    __syncthreads();
    {
      const int r = ((t * 9) & 127) * E0 + 0;
      v[0] = sv0_0[r];
      x[0] = sx0_1[r];
    }
    {
      const int r = ((t * 9) & 127) * E0 + 1;
      v[1] = sv0_0[r];
      x[1] = sx0_1[r];
    }
    {
      const int r = ((t * 9) & 127) * E0 + 2;
      v[2] = sv0_0[r];
      x[2] = sx0_1[r];
    }
    {
      const int r = ((t * 9) & 127) * E0 + 3;
      v[3] = sv0_0[r];
      x[3] = sx0_1[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_2[PAD0_3(w)] = v[j];
      sbx0_4[w] = x[j];
    }
    __syncthreads();
    {
      const int r = 0 * B0 + t;
      v[0] = sb0_2[PAD0_3(r)];
      x[0] = sbx0_4[r];
    }
    {
      const int r = 1 * B0 + t;
      v[1] = sb0_2[PAD0_3(r)];
      x[1] = sbx0_4[r];
    }
    {
      const int r = 2 * B0 + t;
      v[2] = sb0_2[PAD0_3(r)];
      x[2] = sbx0_4[r];
    }
    {
      const int r = 3 * B0 + t;
      v[3] = sb0_2[PAD0_3(r)];
      x[3] = sbx0_4[r];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = ~v[j];
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

#define B1 128
#define E1 4
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 5))
#define PAD1_4(i) ((i) + ((i) >> 5))
#define PAD1_6(i) ((i) * 5 + 3)
__global__ void gk1(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sv1_0[527];
  __shared__ int sw1_2[512];
  __shared__ int sv1_3[527];
  __shared__ int sv1_5[2559];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int el = t * E1 + 0;
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
    }
    {
      const int el = t * E1 + 1;
      const int g = base + el;
      v[1] = 0;
      if (g >= 0 && g < n) v[1] = src[g];
    }
    {
      const int el = t * E1 + 2;
      const int g = base + el;
      v[2] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = t * E1 + 3;
      const int g = base + el;
      v[3] = 0;
      if (g >= 0 && g < n) v[3] = src[g];
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 7, 16);
    }
    if (n > 451) {  // uniform: the whole block goes one way
      for (int j = 3; j >= 0; --j) {
        const int w = j * B1 + t;
        sv1_0[PAD1_1(w)] = v[j];
      }
      __syncthreads();
      for (int j = 0; j < E1; ++j) {
        const int r = (t ^ 12) * E1 + ((j + 3) & (E1 - 1));
        v[j] = sv1_0[PAD1_1(r)];
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = j * B1 + warp * 32 + ((lane * 9) & 31);
        sw1_2[w] = v[j];
      }
      __syncwarp();
      for (int j = 3; j >= 0; --j) {
        const int r = j * B1 + warp * 32 + (((lane ^ 7) + 15) & 31);
        v[j] = sw1_2[r];
      }
    }
    for (int j = 0; j < E1; ++j) {
      const int w = j * B1 + t;
      sv1_3[PAD1_4(w)] = v[j];
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = ((t + 22) & 127) * E1 + ((j + 3) & (E1 - 1));
      v[j] = sv1_3[PAD1_4(r)];
    }
    if (t & 64) {  // divergent: each arm keeps bit 6 of t
      for (int j = 3; j >= 0; --j) {
        const int w = ((t ^ 38) ^ 98) * E1 + j;
        sv1_5[PAD1_6(w)] = v[j];
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = ((t ^ 59) ^ 98) * E1 + j;
        if ((v[j] & 1) != 0) sv1_5[PAD1_6(w)] = v[j];
        else sv1_5[PAD1_6(w)] = v[j];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = (((t) & 31) * 4 + ((t) >> 5)) * E1 + ((j + 3) & (E1 - 1));
      v[j] = sv1_5[PAD1_6(r)];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 2, 8);
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
