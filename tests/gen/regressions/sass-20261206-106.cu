// title: generated sum 20261206:106 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261206 (kernel 106), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, ballot partition, stores.
//   gk1: loads, shared exchange, shuffles, __syncthreads_count bit sums.
//   gk2: 8-byte loads, divergent shared exchange, warp-local exchange, atomic shared exchange, divergent shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, c0, N)
// launch: gk1<<<max(1, min(2, (N + S1 + TILE1 - 1) / TILE1)), dim3(BX1, BY1)>>>(c0, partial, N)
// launch: gk2<<<1, B2>>>(partial, out, max(1, min(2, (N + S1 + TILE1 - 1) / TILE1)))
// array: c0[N]
// array: partial[max(1, min(2, (N + S1 + TILE1 - 1) / TILE1))]

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-106 as
//   scanscope_gen wrote it, kept whole; mechanism: gk2's divergent if/else (`if ((t >> 1) & 1)`)
//   whose then arm stores a thread's 16-byte row of sv2_6 with four statements and whose else arm
//   is an unrolled loop of one-line inner if/else written alike. ptxas kept the arms apart and made
//   each arm's four stores one STS.128, `@P0 STS.128` and `@!P0 STS.128`, both named with the
//   then arm's last line (the PTX has one store there): one store instruction a warp for each arm,
//   not one a word for the else arm.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 136, ld wavefronts 480, ld conflicts 320, st inst 144, st wavefronts 224,
//   st conflicts 32, global ld requests 65, global ld sectors 751, global st requests 35, global st sectors 503
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) * 3 + 3)
#define PAD0_4(i) ((i) + ((i) >> 5))
__device__ __forceinline__ int perm0_0(int v) { return (v ^ 41); }
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sb0_1[3073];
  __shared__ int sbx0_3[1055];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = perm0_0(t) * E0 + ((0 + 3) & (E0 - 1));
      const int g = base + el;
      v[0] = g >= 0 && g < n ? src[g] : 0;
      x[0] = el;
    }
    {
      const int el = perm0_0(t) * E0 + ((1 + 3) & (E0 - 1));
      const int g = base + el;
      v[1] = 0;
      if (g >= 0 && g < n) v[1] = src[g];
      x[1] = el;
    }
    {
      const int el = perm0_0(t) * E0 + ((2 + 3) & (E0 - 1));
      const int g = base + el;
      v[2] = 0;
      if (g >= 0 && g < n) v[2] = src[g];
      x[2] = el;
    }
    {
      const int el = perm0_0(t) * E0 + ((3 + 3) & (E0 - 1));
      const int g = base + el;
      v[3] = 0;
      if (g >= 0 && g < n) v[3] = src[g];
      x[3] = el;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_1[PAD0_2(w)] = v[j];
      sbx0_3[PAD0_4(w)] = x[j];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + t;
      v[j] = sb0_1[PAD0_2(r)];
      x[j] = sbx0_3[PAD0_4(r)];
    }
    for (int j = 3; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B1 256
#define E1 2
#define TILE1 (B1 * E1)
#define S1 0
#define BX1 64
#define BY1 4
__device__ int perm1_1(int v) { return (((v) & 31) * 8 + ((v) >> 5)); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[32][16];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int el = (255 - t) * E1 + ((j + 2) & (E1 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int w = ((t + 249) & 255) * E1 + ((0 + 3) & (E1 - 1));
      sv1_0[(w) / 16][(w) % 16] = v[0];
    }
    {
      const int w = ((t + 249) & 255) * E1 + ((1 + 3) & (E1 - 1));
      sv1_0[(w) / 16][(w) % 16] = v[1];
    }
    __syncthreads();  // step: written before other threads read them
    for (int j = 0; j < E1; ++j) {
      const int r = j * B1 + perm1_1(t);
      v[j] = sv1_0[(r) / 16][(r) % 16];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 0; j < E1; ++j) {
        v[j] = __shfl_sync(FULL, v[j], lane * 5, 16);
      }
    }
    for (int j = 1; j >= 0; --j) {
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
  if (t == 0) dst[blockIdx.x] = total;
}

#define B2 256
#define E2 4
#define TILE2 (B2 * E2)
#define S2 0
#define PAD2_4(i) ((i) + ((i) >> 3))
__device__ __forceinline__ int perm2_2(int v) { return (255 - v); }
__device__ __forceinline__ int perm2_8(int v) { return (v ^ 127); }
__global__ void gk2(const int *src, int *dst, int n) {
  __shared__ int sv2_0[1024];
  __shared__ int sw2_3[1151];
  __shared__ int sv2_5[1024];
  __shared__ int sv2_6[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int acc = 0;
  const int tiles = (n + S2 + TILE2 - 1) / TILE2;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE2 - S2;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < (E2 / 2); ++j) {
      const int k = (255 - t) * (E2 / 2) + j;  // a pair of elements, one 8-byte load
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
    }
    if (blockIdx.x & 1) {  // uniform: the whole block goes one way
      if (blockIdx.x & 1) {  // uniform: the whole block goes one way
        if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
          {
            const int w = (t ^ 16) * E2 + ((0 + 3) & (E2 - 1));
            if ((v[0] & 1) != 0) sv2_0[w] = v[0];
            else sv2_0[w] = v[0];
          }
          {
            const int w = (t ^ 16) * E2 + ((1 + 3) & (E2 - 1));
            if ((v[1] & 1) != 0) sv2_0[w] = v[1];
            else sv2_0[w] = v[1];
          }
          {
            const int w = (t ^ 16) * E2 + ((2 + 3) & (E2 - 1));
            sv2_0[w] = v[2];
          }
          {
            const int w = (t ^ 16) * E2 + ((3 + 3) & (E2 - 1));
            sv2_0[w] = v[3];
          }
        } else {
          {
            const int w = (t ^ 216) * E2 + ((0 + 3) & (E2 - 1));
            sv2_0[w] = v[0];
          }
          {
            const int w = (t ^ 216) * E2 + ((1 + 3) & (E2 - 1));
            sv2_0[w] = v[1];
          }
          {
            const int w = (t ^ 216) * E2 + ((2 + 3) & (E2 - 1));
            sv2_0[w] = v[2];
          }
          {
            const int w = (t ^ 216) * E2 + ((3 + 3) & (E2 - 1));
            if ((v[3] & 1) != 0) sv2_0[w] = v[3];
            else sv2_0[w] = v[3];
          }
        }
        __syncthreads();
        {
          const int r = 0 * B2 + perm2_2(t);
          v[0] = sv2_0[r];
        }
        {
          const int r = 1 * B2 + perm2_2(t);
          v[1] = sv2_0[r];
        }
        {
          const int r = 2 * B2 + perm2_2(t);
          v[2] = sv2_0[r];
        }
        {
          const int r = 3 * B2 + perm2_2(t);
          v[3] = sv2_0[r];
        }
      } else {
        for (int j = 0; j < E2; ++j) {
          const int w = j * B2 + warp * 32 + ((lane + 16) & 31);
          sw2_3[PAD2_4(w)] = v[j];
        }
        __syncwarp();
        for (int j = 0; j < E2; ++j) {
          const int r = j * B2 + warp * 32 + (lane ^ 16);
          v[j] = sw2_3[PAD2_4(r)];
        }
      }
    } else {
      for (int i = t; i < 1024; i += B2) {
        sv2_5[i] = 0;
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E2; ++j) {
        const int w = (((t) & 31) * 8 + ((t) >> 5)) * E2 + ((j + 3) & (E2 - 1));
        atomicExch(&sv2_5[w], v[j]);
      }
      __syncthreads();
      for (int j = 0; j < E2; ++j) {
        const int r = (255 - t) * E2 + ((j + 2) & (E2 - 1));
        v[j] = sv2_5[r];
      }
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      {
        const int w = perm2_8((t ^ 104)) * E2 + 0;
        sv2_6[w] = v[0];
      }
      {
        const int w = perm2_8((t ^ 104)) * E2 + 1;
        if ((v[1] & 1) != 0) sv2_6[w] = v[1];
        else sv2_6[w] = v[1];
      }
      {
        const int w = perm2_8((t ^ 104)) * E2 + 2;
        sv2_6[w] = v[2];
      }
      {
        const int w = perm2_8((t ^ 104)) * E2 + 3;
        sv2_6[w] = v[3];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E2; ++j) {
        const int w = perm2_8((t ^ 112)) * E2 + j;
        if ((v[j] & 1) != 0) sv2_6[w] = v[j];
        else sv2_6[w] = v[j];
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int r = ((t * 7) & 255) * E2 + ((j + 3) & (E2 - 1));
      v[j] = sv2_6[r];
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
