// title: generated copy 20261127:142 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261127 (kernel 142), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, 8-byte shared exchange, shuffles, shuffles, ballot partition, arithmetic, stores.
//   gk1: loads, arithmetic, shuffles, a loop of run-time length, warp-local exchange, 8-byte shared exchange, divergent 8-byte shared exchange, arithmetic, arithmetic, stores.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, a0, N)
// launch: gk1<<<max(1, min(1, (N + S1 + TILE1 - 1) / TILE1)), B1>>>(a0, out, N, 2)
// array: a0[N]
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-142 as
// scanscope_gen wrote it, kept whole; mechanism: two int2 stores made one STS.128 by ptxas.
// ncu: NVIDIA H200, 2026-11-27: ld inst 160, ld wavefronts 384, ld conflicts 192, st inst 144, st wavefronts 256,
//   st conflicts 64, global ld requests 48, global ld sectors 530, global st requests 64, global st sectors 780

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 16
#define BY0 8
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int2 sp0_0[512];
  __shared__ int sb0_1[512];
  __shared__ int sbx0_2[512];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < (E0 / 2); ++j) {
      const int k = (t ^ 57) * (E0 / 2) + j;  // a pair of elements, one 8-byte load
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
    for (int j = 0; j < E0; ++j) {
      const int w = (t ^ 126) * E0 + ((j + 2) & (E0 - 1));
      sp0_0[w] = make_int2(v[j], x[j]);
    }
    __syncthreads();
    {
      const int r = 0 * B0 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp0_0[r];
      v[0] = q.x;
      x[0] = q.y;
    }
    {
      const int r = 1 * B0 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp0_0[r];
      v[1] = q.x;
      x[1] = q.y;
    }
    {
      const int r = 2 * B0 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp0_0[r];
      v[2] = q.x;
      x[2] = q.y;
    }
    {
      const int r = 3 * B0 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp0_0[r];
      v[3] = q.x;
      x[3] = q.y;
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        {
          int lo = __shfl_down_sync(FULL, v[j], 9);
          int hi = __shfl_up_sync(FULL, v[j], 23);
          v[j] = (lane & 31) < 23 ? lo : hi;
        }
        {
          int lo = __shfl_down_sync(FULL, x[j], 9);
          int hi = __shfl_up_sync(FULL, x[j], 23);
          x[j] = (lane & 31) < 23 ? lo : hi;
        }
      }
    }
    {
      v[0] = __shfl_sync(FULL, v[0], lane * 7);
      x[0] = __shfl_sync(FULL, x[0], lane * 7);
    }
    {
      v[1] = __shfl_sync(FULL, v[1], lane * 7);
      x[1] = __shfl_sync(FULL, x[1], lane * 7);
    }
    {
      v[2] = __shfl_sync(FULL, v[2], lane * 7);
      x[2] = __shfl_sync(FULL, x[2], lane * 7);
    }
    {
      v[3] = __shfl_sync(FULL, v[3], lane * 7);
      x[3] = __shfl_sync(FULL, x[3], lane * 7);
    }
    for (int j = 3; j >= 0; --j) {
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_1[w] = v[j];
      sbx0_2[w] = x[j];
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_1[r];
      x[j] = sbx0_2[r];
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        v[0] += 479;
      }
      {
        v[1] += 479;
      }
      {
        v[2] += 479;
      }
      {
        v[3] += 479;
      }
      {
        v[0] -= 479;
      }
      {
        v[1] -= 479;
      }
      {
        v[2] -= 479;
      }
      {
        v[3] -= 479;
      }
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

#define B1 32
#define E1 2
#define TILE1 (B1 * E1)
#define S1 10
#define PAD1_1(i) ((i) * 5 + 2)
#define PAD1_3(i) ((i) * 3 + 3)
#define PAD1_5(i) ((i) * 2 + 3)
__device__ int perm1_6(int v) { return (((v ^ 13) + 1) & 31); }
__device__ int perm1_8(int v) { return ((v + 24) & 31); }
__global__ void gk1(const int *src, int *dst, int n, int reps) {
  __shared__ int sw1_0[318];
  __shared__ int swx1_2[193];
  __shared__ int2 sp1_4[130];
  __shared__ int2 sp1_7[64];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int el = t * E1 + ((j + 3) & (E1 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    for (int j = 0; j < E1; ++j) {
      v[j] ^= 2607;
    }
    for (int rep = 0; rep < reps; ++rep) {
      {
        v[0] = __shfl_xor_sync(FULL, v[0], 6);
        x[0] = __shfl_xor_sync(FULL, x[0], 6);
      }
      {
        v[1] = __shfl_xor_sync(FULL, v[1], 6);
        x[1] = __shfl_xor_sync(FULL, x[1], 6);
      }
    }
    if (n > 290) {  // uniform: the whole block goes one way
      if (n > 595) {  // uniform: the whole block goes one way
        #pragma unroll
        for (int j = 0; j < E1; ++j) {
          const int w = j * B1 + warp * 32 + ((lane * 9) & 31);
          sw1_0[PAD1_1(w)] = v[j];
          swx1_2[PAD1_3(w)] = x[j];
        }
        __syncwarp();
        #pragma unroll
        for (int j = 0; j < E1; ++j) {
          const int r = j * B1 + warp * 32 + (lane ^ 28);
          v[j] = sw1_0[PAD1_1(r)];
          x[j] = swx1_2[PAD1_3(r)];
        }
      } else {
        #pragma unroll
        for (int j = 0; j < E1; ++j) {
          const int w = j * B1 + perm1_6(t);
          sp1_4[PAD1_5(w)] = make_int2(v[j], x[j]);
        }
        __syncthreads();  // step: written before other threads read them
        {
          const int r = t * E1 + 0;
          int2 q = sp1_4[PAD1_5(r)];
          v[0] = q.x;
          x[0] = q.y;
        }
        {
          const int r = t * E1 + 1;
          int2 q = sp1_4[PAD1_5(r)];
          v[1] = q.x;
          x[1] = q.y;
        }
      }
    } else {
      if (t & 2) {  // divergent: each arm keeps bit 1 of t
        for (int j = 0; j < E1; ++j) {
          const int w = perm1_8((t ^ 13)) * E1 + ((j + 3) & (E1 - 1));
          sp1_7[w] = make_int2(v[j], x[j]);
        }
      } else {
        #pragma unroll
        for (int j = 0; j < E1; ++j) {
          const int w = perm1_8((t ^ 4)) * E1 + ((j + 3) & (E1 - 1));
          sp1_7[w] = make_int2(v[j], x[j]);
        }
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        const int r = j * B1 + ((t * 15) & 31);
        int2 q = sp1_7[r];
        v[j] = q.x;
        x[j] = q.y;
      }
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        v[j] = ~v[j];
      }
      {
        v[0] = ~v[0];
      }
      {
        v[1] = ~v[1];
      }
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        v[j] += 589;
      }
      for (int j = 1; j >= 0; --j) {
        v[j] -= 589;
      }
    }
    {
      v[0] ^= 2607;
    }
    {
      v[1] ^= 2607;
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
    __syncthreads();
  }
}
