// title: generated copy 20261206:149 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261206 (kernel 149), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, atomic shared exchange, ballot partition, arithmetic, shared exchange, gather by index, arithmetic, shared exchange, stores.
//   gk1: loads, divergent shared exchange, stores.
// launch: gk0<<<max(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N / 4 * 2)
// launch: gk1<<<max(1, (N - N / 4 * 2 + S1 + TILE1 - 1) / TILE1), B1>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-149 as
//   scanscope_gen wrote it, kept whole; mechanism: gk1's `v[j] = sv1_1[..]` (line 205 of the
//   generated file) is made after `@P0 EXIT`, only by the threads that store it (`if (g >= 0 && g < n)
//   dst[g] = v[j]`); one warp of the last tile stores nothing and so makes no load. The line table
//   names gk0's line 147 loads with a line of no sites, and the reader had merged line 147 with the
//   nearest line of loads in the file, gk1's line 205, of another kernel: that group kept the gate
//   off. 59 load instructions and 115 wavefronts, not 60 and 116.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 59, ld wavefronts 115, ld conflicts 56, st inst 69, st wavefronts 245,
//   st conflicts 176, global ld requests 11, global ld sectors 56, global st requests 13, global st sectors 120

#define FULL 0xffffffffu

const int B0 = 128;
const int E0 = 2;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) * 2 + 2)
#define PAD0_6(i) ((i) + ((i) >> 3))
#define PAD0_9(i) ((i) * 2 + 3)
#define PAD0_11(i) ((i) + ((i) >> 5))
#define PAD0_15(i) ((i) * 3 + 0)
__device__ int perm0_0(int v) { return (((v ^ 122) + 101) & 127); }
__device__ __forceinline__ int perm0_4(int v) { return (((v) & 31) * 4 + ((v) >> 5)); }
__device__ __forceinline__ int perm0_12(int v) { return (((v) & 31) * 4 + ((v) >> 5)); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_1[513];
  __shared__ int sx0_3[256];
  __shared__ int sb0_5[287];
  __shared__ int sbx0_7[256];
  __shared__ int sv0_8[514];
  __shared__ int sx0_10[263];
  __shared__ int sg0_13[256];
  __shared__ int sv0_14[766];
  __shared__ int sx0_16[256];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = perm0_0(t) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int i = t; i < 513; i += B0) {
      sv0_1[i] = 0;
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int w = perm0_4(t) * E0 + ((j + 2) & (E0 - 1));
      atomicOr(&sv0_1[PAD0_2(w)], v[j]);
      sx0_3[w] = x[j];
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t ^ 54) + 77) & 127) * E0 + j;
      v[j] = sv0_1[PAD0_2(r)];
      x[j] = sx0_3[r];
    }
    for (int j = 1; j >= 0; --j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_5[PAD0_6(w)] = v[j];
      sbx0_7[w] = x[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_5[PAD0_6(r)];
      x[j] = sbx0_7[r];
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        v[j] = ~v[j];
      }
      {
        v[0] = ~v[0];
      }
      {
        v[1] = ~v[1];
      }
    }
    if (blockIdx.x & 1) {  // uniform: the whole block goes one way
      if (blockIdx.x & 1) {  // uniform: the whole block goes one way
        {
          const int w = perm0_12(t) * E0 + ((0 + 3) & (E0 - 1));
          sv0_8[PAD0_9(w)] = v[0];
          sx0_10[PAD0_11(w)] = x[0];
        }
        {
          const int w = perm0_12(t) * E0 + ((1 + 3) & (E0 - 1));
          if ((v[1] & 1) != 0) sv0_8[PAD0_9(w)] = v[1];
          else sv0_8[PAD0_9(w)] = v[1];
          sx0_10[PAD0_11(w)] = x[1];
        }
        __syncthreads();  // step: written before other threads read them
        for (int j = 0; j < E0; ++j) {
          const int r = j * B0 + t;
          v[j] = sv0_8[PAD0_9(r)];
          x[j] = sx0_10[PAD0_11(r)];
        }
      } else {
        for (int j = 1; j >= 0; --j) {
          sg0_13[x[j]] = v[j];
        }
        __syncthreads();
        #pragma unroll
        for (int j = 0; j < E0; ++j) {
          const int el = ((t * 3) & 127) * E0 + ((j + 3) & (E0 - 1));
          v[j] = sg0_13[el];
          x[j] = el;
        }
      }
    } else {
      if (blockIdx.x & 1) {  // uniform: the whole block goes one way
        for (int j = 1; j >= 0; --j) {
          v[j] ^= 1668;
        }
        {
          v[0] ^= 1668;
        }
        {
          v[1] ^= 1668;
        }
      } else {
        #pragma unroll
        for (int j = 0; j < E0; ++j) {
          const int w = (((t) & 31) * 4 + ((t) >> 5)) * E0 + ((j + 3) & (E0 - 1));
          sv0_14[PAD0_15(w)] = v[j];
          sx0_16[w] = x[j];
        }
        __syncthreads();
        for (int j = 0; j < E0; ++j) {
          const int r = (127 - t) * E0 + ((j + 2) & (E0 - 1));
          v[j] = sv0_14[PAD0_15(r)];
          x[j] = sx0_16[r];
        }
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

#define B1 64
#define E1 1
#define TILE1 (B1 * E1)
#define S1 8
#define PAD1_3(i) ((i) + ((i) >> 5))
__device__ int perm1_0(int v) { return (((v ^ 43) + 59) & 63); }
__global__ void gk1(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sv1_1[2][32];
  __shared__ int sx1_2[65];
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
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if (t & 16) {  // divergent: each arm keeps bit 4 of t
      {
        const int j = 0;
        const int w = ((t ^ 38) ^ 28);
        sv1_1[(w) / 32][(w) % 32] = v[j];
        sx1_2[PAD1_3(w)] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = ((t ^ 41) ^ 28);
        if ((v[j] & 1) != 0) sv1_1[(w) / 32][(w) % 32] = v[j];
        else sv1_1[(w) / 32][(w) % 32] = v[j];
        sx1_2[PAD1_3(w)] = x[j];
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (t ^ 48);
      v[j] = sv1_1[(r) / 32][(r) % 32];
      x[j] = sx1_2[PAD1_3(r)];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
