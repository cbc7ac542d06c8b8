// title: generated copy 20261207:23 (3 launches through arrays)
// about: Made by scanscope_gen --seed 20261207 (kernel 23), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shuffles, a loop of run-time length, gather by index, divergent 8-byte shared exchange, a loop of run-time length, stores.
//   gk1: loads, ballot partition, gather by index, ballot partition, shuffles, gather by index, a loop of run-time length, stores.
//   gk2: 8-byte loads, warp-local exchange, gather by index, gather by index, gather by index, arithmetic, stores.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, a0, N, N % 3)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, a1, N, 1)
// launch: gk2<<<max(1, (N + S2 + TILE2 - 1) / TILE2), B2>>>(a1, out, N)
// array: a0[N]
// array: a1[N]
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-23 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 0 of t inside a `rep` loop
//   with a barrier, each arm two int2 stores `sp0_2[w] = make_int2(v[k], x[k])`; ptxas unrolled the
//   loop (7 copies, one a barrier region) and in each copy made the arms' second stores one STS.64
//   after the join, named with the else arm's line (`@P2 STS.64`, `@!P2 STS.64`, `STS.64`). The
//   pair one store: 432 store instructions, not 448.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 400, ld wavefronts 1184, ld conflicts 736, st inst 432, st wavefronts 1376,
//   st conflicts 896, global ld requests 64, global ld sectors 1153, global st requests 96, global st sectors 1656

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
__device__ __forceinline__ int perm0_1(int v) { return ((v + 85) & 127); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sg0_0[256];
  __shared__ int2 sp0_2[256];
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
      const int k = (127 - t);  // a pair of elements, one 8-byte load
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
    for (int rep = 0; rep < reps; ++rep) {
      {
        v[0] = __shfl_sync(FULL, v[0], lane + 7, 8);
        x[0] = __shfl_sync(FULL, x[0], lane + 7, 8);
      }
      {
        v[1] = __shfl_sync(FULL, v[1], lane + 7, 8);
        x[1] = __shfl_sync(FULL, x[1], lane + 7, 8);
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      sg0_0[x[j]] = v[j];
    }
    __syncthreads();  // step: written before the canonical reads
    {
      const int el = perm0_1(t) * E0 + ((0 + 3) & (E0 - 1));
      v[0] = sg0_0[el];
      x[0] = el;
    }
    {
      const int el = perm0_1(t) * E0 + ((1 + 3) & (E0 - 1));
      v[1] = sg0_0[el];
      x[1] = el;
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      if ((t & 1) >= 1) {  // divergent: each arm keeps bit 0 of t
        {
          const int w = (t ^ 54) * E0 + 0;
          sp0_2[w] = make_int2(v[0], x[0]);
        }
        {
          const int w = (t ^ 54) * E0 + 1;
          sp0_2[w] = make_int2(v[1], x[1]);
        }
      } else {
        {
          const int w = (t ^ 30) * E0 + 0;
          sp0_2[w] = make_int2(v[0], x[0]);
        }
        {
          const int w = (t ^ 30) * E0 + 1;
          sp0_2[w] = make_int2(v[1], x[1]);
        }
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int r = (((t) & 31) * 4 + ((t) >> 5)) * E0 + ((j + 3) & (E0 - 1));
        int2 q = sp0_2[r];
        v[j] = q.x;
        x[j] = q.y;
      }
      __syncthreads();
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

#define B1 128
#define E1 1
#define TILE1 (B1 * E1)
#define S1 4
#define PAD1_2(i) ((i) + ((i) >> 4))
#define PAD1_4(i) ((i) * 2 + 3)
#define PAD1_7(i) ((i) * 5 + 0)
#define PAD1_9(i) ((i) + ((i) >> 5))
__device__ int perm1_0(int v) { return (((v) & 31) * 4 + ((v) >> 5)); }
__global__ void gk1(const int *src, int *dst, int n, int reps) {
  __shared__ int sb1_1[135];
  __shared__ int sbx1_3[258];
  __shared__ int sg1_5[4][32];
  __shared__ int sb1_6[636];
  __shared__ int sbx1_8[131];
  __shared__ int sg1_10[128];
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
      const int el = perm1_0(t);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    {
      const int j = 0;
      const int p = (v[j] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      sb1_1[PAD1_2(w)] = v[j];
      sbx1_3[PAD1_4(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B1 + t;
      v[j] = sb1_1[PAD1_2(r)];
      x[j] = sbx1_3[PAD1_4(r)];
    }
    {
      const int j = 0;
      sg1_5[(x[j]) / 32][(x[j]) % 32] = v[j];
    }
    __syncthreads();  // step: written before the canonical reads
    {
      const int j = 0;
      const int el = (((t ^ 67) + 22) & 127);
      v[j] = sg1_5[(el) / 32][(el) % 32];
      x[j] = el;
    }
    {
      const int j = 0;
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      sb1_6[PAD1_7(w)] = v[j];
      sbx1_8[PAD1_9(w)] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B1 + t;
      v[j] = sb1_6[PAD1_7(r)];
      x[j] = sbx1_8[PAD1_9(r)];
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] = __shfl_sync(FULL, v[j], lane + 8, 16);
        x[j] = __shfl_sync(FULL, x[j], lane + 8, 16);
      }
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int j = 0;
        sg1_10[x[j]] = v[j];
      }
      __syncthreads();
      {
        const int j = 0;
        const int el = (t ^ 40);
        v[j] = sg1_10[el];
        x[j] = el;
      }
      __syncthreads();
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

#define B2 256
#define E2 4
#define TILE2 (B2 * E2)
#define S2 0
#define PAD2_1(i) ((i) + ((i) >> 5))
__global__ void gk2(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sw2_0[1055];
  __shared__ int swx2_2[1024];
  __shared__ int sg2_3[1024];
  __shared__ int sg2_5[64][16];
  __shared__ int sg2_6[1024];
  __shared__ int sb2_8[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int x[E2];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE2 - S2;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int k = j * B2 + (((t) & 31) * 8 + ((t) >> 5));  // a pair of elements, one 8-byte load
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
    for (int j = 3; j >= 0; --j) {
      const int w = j * B2 + warp * 32 + lane;
      sw2_0[PAD2_1(w)] = v[j];
      swx2_2[w] = x[j];
    }
    __syncwarp();
    {
      const int r = 0 * B2 + warp * 32 + ((lane + 2) & 31);
      v[0] = sw2_0[PAD2_1(r)];
      x[0] = swx2_2[r];
    }
    {
      const int r = 1 * B2 + warp * 32 + ((lane + 2) & 31);
      v[1] = sw2_0[PAD2_1(r)];
      x[1] = swx2_2[r];
    }
    {
      const int r = 2 * B2 + warp * 32 + ((lane + 2) & 31);
      v[2] = sw2_0[PAD2_1(r)];
      x[2] = swx2_2[r];
    }
    {
      const int r = 3 * B2 + warp * 32 + ((lane + 2) & 31);
      v[3] = sw2_0[PAD2_1(r)];
      x[3] = swx2_2[r];
    }
    for (int j = 3; j >= 0; --j) {
      sg2_3[x[j]] = v[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int k = j * B2 + (255 - t);
      v[2 * j] = sg2_3[2 * k];
      v[2 * j + 1] = sg2_3[2 * k + 1];
      x[2 * j] = 2 * k;
      x[2 * j + 1] = 2 * k + 1;
    }
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      sg2_5[(x[j]) / 16][(x[j]) % 16] = v[j];
    }
    __syncthreads();  // step: written before the canonical reads
    #pragma unroll
    for (int j = 0; j < (E2 / 2); ++j) {
      const int k = (((t ^ 190) + 144) & 255) * (E2 / 2) + j;
      v[2 * j] = sg2_5[(2 * k) / 16][(2 * k) % 16];
      v[2 * j + 1] = sg2_5[(2 * k + 1) / 16][(2 * k + 1) % 16];
      x[2 * j] = 2 * k;
      x[2 * j + 1] = 2 * k + 1;
    }
    for (int j = 3; j >= 0; --j) {
      sg2_6[x[j]] = v[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int el = (255 - t) * E2 + ((j + 2) & (E2 - 1));
      v[j] = sg2_6[el];
      x[j] = el;
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
    } else {
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
      #pragma unroll
      for (int j = 0; j < E2; ++j) {
        v[j] = ~v[j];
      }
    }
    for (int j = 0; j < E2; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
