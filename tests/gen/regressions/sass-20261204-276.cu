// title: generated copy 20261204:276 (3 launches through arrays)
// about: Made by scanscope_gen --seed 20261204 (kernel 276), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, warp-local exchange, a loop of run-time length, atomic shared exchange, atomic stores.
//   gk1: loads, shared exchange, shuffles, shuffles, shuffles, stores.
//   gk2: 8-byte loads, divergent shared exchange, shuffles, shared exchange, 8-byte shared exchange, gather by index, divergent atomic shared exchange, a loop of run-time length, stores.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, a0, N, N % 3)
// launch: gk1<<<max(1, min(4, (N + S1 + TILE1 - 1) / TILE1)), B1>>>(a0, a1, N)
// launch: gk2<<<max(1, (N + S2 + TILE2 - 1) / TILE2), B2>>>(a1, out, N, N % 3)
// array: a0[N]
// array: a1[N]
// init: a0 = 0
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-276 as
// scanscope_gen wrote it, kept whole; mechanism: gk2's divergent if/else on bit 1 of t has in each
//   arm a loop of `if ((v[j] & 1) != 0) sv2_0[w] = v[j]; else sv2_0[w] = v[j];` and `sx2_1[w] = x[j];`.
//   ptxas made one STS of each inner if/else a copy, which the line table names with the arm's
//   `sx2_1[w] = x[j]` (4 STS there, 2 in the PTX), and branched around each arm: each arm's inner
//   if/else is an instruction of its own, not one for both arms (156 stores, not 146).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 114, ld wavefronts 232, ld conflicts 98, st inst 156, st wavefronts 272,
//   st conflicts 106, global ld requests 17, global ld sectors 132, global st requests 20, global st sectors 144

#define FULL 0xffffffffu

#define B0 256
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_3(i) ((i) + ((i) >> 3))
#define PAD0_5(i) ((i) + ((i) >> 4))
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sw0_0[32][18];
  __shared__ int swx0_1[512];
  __shared__ int sv0_2[575];
  __shared__ int sx0_4[543];
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
    if (n > 651) {  // uniform: the whole block goes one way
      for (int rep = 0; rep < reps; ++rep) {
        {
          const int w = 0 * B0 + warp * 32 + ((lane + 17) & 31);
          sw0_0[(w) / 16][(w) % 16] = v[0];
          swx0_1[w] = x[0];
        }
        {
          const int w = 1 * B0 + warp * 32 + ((lane + 17) & 31);
          sw0_0[(w) / 16][(w) % 16] = v[1];
          swx0_1[w] = x[1];
        }
        __syncwarp();
        for (int j = 0; j < E0; ++j) {
          const int r = j * B0 + warp * 32 + ((lane + 5) & 31);
          v[j] = sw0_0[(r) / 16][(r) % 16];
          x[j] = swx0_1[r];
        }
        __syncthreads();  // step: read before the next round writes
      }
    } else {
      for (int i = t; i < 575; i += B0) {
        sv0_2[i] = 0;
      }
      __syncthreads();
      {
        const int w = (((t) & 31) * 8 + ((t) >> 5)) * E0 + 0;
        atomicXor(&sv0_2[PAD0_3(w)], v[0]);
        sx0_4[PAD0_5(w)] = x[0];
      }
      {
        const int w = (((t) & 31) * 8 + ((t) >> 5)) * E0 + 1;
        atomicOr(&sv0_2[PAD0_3(w)], v[1]);
        sx0_4[PAD0_5(w)] = x[1];
      }
      __syncthreads();
      for (int j = 0; j < E0; ++j) {
        const int r = t * E0 + ((j + 3) & (E0 - 1));
        v[j] = sv0_2[PAD0_3(r)];
        x[j] = sx0_4[PAD0_5(r)];
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
    __syncthreads();
  }
}

const int B1 = 256;
const int E1 = 2;
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 4))
#define PAD1_3(i) ((i) * 3 + 2)
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[543];
  __shared__ int sx1_2[1536];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int el = t * E1 + ((j + 2) & (E1 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int j = 0; j < E1; ++j) {
      const int w = j * B1 + ((t + 113) & 255);
      sv1_0[PAD1_1(w)] = v[j];
      sx1_2[PAD1_3(w)] = x[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B1 + (t ^ 81);
      v[j] = sv1_0[PAD1_1(r)];
      x[j] = sx1_2[PAD1_3(r)];
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 5);
        int hi = __shfl_up_sync(FULL, v[j], 27);
        v[j] = (lane & 31) < 27 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 5);
        int hi = __shfl_up_sync(FULL, x[j], 27);
        x[j] = (lane & 31) < 27 ? lo : hi;
      }
    }
    for (int j = 0; j < E1; ++j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 15);
      x[j] = __shfl_xor_sync(FULL, x[j], 15);
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 1; j >= 0; --j) {
        v[j] = __shfl_xor_sync(FULL, v[j], 3, 8);
        x[j] = __shfl_xor_sync(FULL, x[j], 3, 8);
      }
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B2 32
#define E2 2
#define TILE2 (B2 * E2)
#define S2 10
#define PAD2_3(i) ((i) + ((i) >> 5))
#define PAD2_5(i) ((i) + ((i) >> 5))
#define PAD2_8(i) ((i) * 3 + 1)
#define PAD2_10(i) ((i) + ((i) >> 4))
__device__ int perm2_6(int v) { return (v ^ 17); }
__global__ void gk2(const int *src, int *dst, int n, int reps) {
  __shared__ int sv2_0[64];
  __shared__ int sx2_1[64];
  __shared__ int sv2_2[65];
  __shared__ int sx2_4[65];
  __shared__ int2 sp2_7[191];
  __shared__ int sg2_9[67];
  __shared__ int sv2_11[64];
  __shared__ int sx2_12[64];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int x[E2];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE2 - S2;  // the tile's first element
    {
      const int j = 0;
      const int k = (t ^ 18);  // a pair of elements, one 8-byte load
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
    if (n > 45) {  // uniform: the whole block goes one way
      if (t & 2) {  // divergent: each arm keeps bit 1 of t
        for (int j = 0; j < E2; ++j) {
          const int w = (31 - (t ^ 12)) * E2 + ((j + 2) & (E2 - 1));
          if ((v[j] & 1) != 0) sv2_0[w] = v[j];
          else sv2_0[w] = v[j];
          sx2_1[w] = x[j];
        }
      } else {
        for (int j = 1; j >= 0; --j) {
          const int w = (31 - (t ^ 29)) * E2 + ((j + 2) & (E2 - 1));
          if ((v[j] & 1) != 0) sv2_0[w] = v[j];
          else sv2_0[w] = v[j];
          sx2_1[w] = x[j];
        }
      }
      __syncthreads();
      {
        const int r = t * E2 + ((0 + 3) & (E2 - 1));
        v[0] = sv2_0[r];
        x[0] = sx2_1[r];
      }
      {
        const int r = t * E2 + ((1 + 3) & (E2 - 1));
        v[1] = sv2_0[r];
        x[1] = sx2_1[r];
      }
    } else {
      if (tile % 3 == 0) {  // uniform: the whole block goes one way
        #pragma unroll
        for (int j = 0; j < E2; ++j) {
          v[j] = __shfl_xor_sync(FULL, v[j], 31);
          x[j] = __shfl_xor_sync(FULL, x[j], 31);
        }
      } else {
        {
          const int w = perm2_6(t) * E2 + 0;
          if ((v[0] & 1) != 0) sv2_2[PAD2_3(w)] = v[0];
          else sv2_2[PAD2_3(w)] = v[0];
          sx2_4[PAD2_5(w)] = x[0];
        }
        {
          const int w = perm2_6(t) * E2 + 1;
          sv2_2[PAD2_3(w)] = v[1];
          sx2_4[PAD2_5(w)] = x[1];
        }
        __syncthreads();
        #pragma unroll
        for (int j = 0; j < E2; ++j) {
          const int r = t * E2 + ((j + 2) & (E2 - 1));
          v[j] = sv2_2[PAD2_3(r)];
          x[j] = sx2_4[PAD2_5(r)];
        }
      }
    }
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int w = ((t + 25) & 31) * E2 + j;
      sp2_7[PAD2_8(w)] = make_int2(v[j], x[j]);
    }
    __syncthreads();
    for (int j = 0; j < E2; ++j) {
      const int r = (t ^ 8) * E2 + j;
      int2 q = sp2_7[PAD2_8(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    for (int j = 1; j >= 0; --j) {
      sg2_9[PAD2_10(x[j])] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int k = t;
      v[2 * j] = sg2_9[PAD2_10(2 * k)];
      v[2 * j + 1] = sg2_9[PAD2_10(2 * k + 1)];
      x[2 * j] = 2 * k;
      x[2 * j + 1] = 2 * k + 1;
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      for (int i = t; i < 64; i += B2) {
        sv2_11[i] = 0;
      }
      __syncthreads();  // step: the zeroed words before the writes
      if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
        for (int j = 0; j < E2; ++j) {
          const int w = ((t ^ 28) ^ 2) * E2 + ((j + 3) & (E2 - 1));
          atomicExch(&sv2_11[w], v[j]);
          sx2_12[w] = x[j];
        }
      } else {
        {
          const int w = ((t ^ 17) ^ 2) * E2 + ((0 + 3) & (E2 - 1));
          atomicOr(&sv2_11[w], v[0]);
          sx2_12[w] = x[0];
        }
        {
          const int w = ((t ^ 17) ^ 2) * E2 + ((1 + 3) & (E2 - 1));
          atomicOr(&sv2_11[w], v[1]);
          sx2_12[w] = x[1];
        }
      }
      __syncthreads();  // step: written before other threads read them
      {
        const int r = (((t ^ 23) + 25) & 31) * E2 + ((0 + 2) & (E2 - 1));
        v[0] = sv2_11[r];
        x[0] = sx2_12[r];
      }
      {
        const int r = (((t ^ 23) + 25) & 31) * E2 + ((1 + 2) & (E2 - 1));
        v[1] = sv2_11[r];
        x[1] = sx2_12[r];
      }
      __syncthreads();
    }
    for (int j = 1; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
