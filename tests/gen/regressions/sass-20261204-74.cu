// title: generated sum 20261204:74 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261204 (kernel 74), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, warp-local exchange, __syncthreads_count bit sums.
//   gk1: loads, ballot partition, shared exchange, divergent shared exchange, divergent shared exchange, a loop of run-time length, shuffles, shared atomics.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, partial, N)
// launch: gk1<<<1, B1>>>(partial, out, max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), N % 3)
// array: partial[max(1, min(4, (N + S0 + TILE0 - 1) / TILE0))]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-74 as
// scanscope_gen wrote it, kept whole; mechanism: gk1's if/else on bit 6 of t, one arm
//   `if (..) sv1_4[w] = v[0]; else sv1_4[w] = v[0];` and `sv1_4[w] = v[1];`, the other an unrolled
//   loop of the same inner if/else: each arm's predicated STS (the first named with a later line
//   without stores) are its own; and the rep loop's if/else on bit 1 of t, one arm a loop of an
//   inner if/else whose STS the line table names with the lines of `for (int rep ..)` and of that
//   if (lines without stores), the other a loop of `sv1_5[PAD1_6(w)] = v[j]`: the first arm's
//   store joins none of the other's (73 stores, not 65).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 67, ld wavefronts 83, ld conflicts 16, st inst 73, st wavefronts 97,
//   st conflicts 24, global ld requests 33, global ld sectors 533, global st requests 2, global st sectors 2

#define FULL 0xffffffffu

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sw0_0[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < E0; ++j) {
      const int el = ((t + 5) & 255) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + ((lane + 27) & 31);
      if ((v[j] & 1) != 0) sw0_0[w] = v[j];
      else sw0_0[w] = v[j];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + warp * 32 + (31 - lane);
      v[j] = sw0_0[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
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

#define B1 128
#define E1 2
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_2(i) ((i) * 5 + 3)
#define PAD1_6(i) ((i) * 3 + 1)
#define PAD1_8(i) ((i) + ((i) >> 5))
__device__ int perm1_0(int v) { return (v ^ 84); }
__global__ void gk1(const int *src, int *dst, int n, int reps) {
  __shared__ int sb1_1[1279];
  __shared__ int sv1_3[256];
  __shared__ int sv1_4[256];
  __shared__ int sv1_5[767];
  __shared__ int bins1_7[8];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int el = perm1_0(t) * E1 + ((0 + 2) & (E1 - 1));
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
    }
    {
      const int el = perm1_0(t) * E1 + ((1 + 2) & (E1 - 1));
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      if ((v[j] & 1) != 0) sb1_1[PAD1_2(w)] = v[j];
      else sb1_1[PAD1_2(w)] = v[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int r = j * B1 + t;
      v[j] = sb1_1[PAD1_2(r)];
    }
    for (int j = 0; j < E1; ++j) {
      const int w = j * B1 + ((t + 18) & 127);
      sv1_3[w] = v[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B1 + t;
      v[j] = sv1_3[r];
    }
    if (t & 64) {  // divergent: each arm keeps bit 6 of t
      {
        const int w = ((((t ^ 61) ^ 93) + 125) & 127) * E1 + ((0 + 2) & (E1 - 1));
        if ((v[0] & 1) != 0) sv1_4[w] = v[0];
        else sv1_4[w] = v[0];
      }
      {
        const int w = ((((t ^ 61) ^ 93) + 125) & 127) * E1 + ((1 + 2) & (E1 - 1));
        sv1_4[w] = v[1];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        const int w = ((((t ^ 39) ^ 93) + 125) & 127) * E1 + ((j + 2) & (E1 - 1));
        if ((v[j] & 1) != 0) sv1_4[w] = v[j];
        else sv1_4[w] = v[j];
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int r = (t ^ 26) * E1 + ((j + 2) & (E1 - 1));
      v[j] = sv1_4[r];
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      __syncthreads();
      for (int rep = 0; rep < reps; ++rep) {
        if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
          for (int j = 1; j >= 0; --j) {
            const int w = ((t ^ 25) ^ 34) * E1 + j;
            if ((v[j] & 1) != 0) sv1_5[PAD1_6(w)] = v[j];
            else sv1_5[PAD1_6(w)] = v[j];
          }
        } else {
          for (int j = 0; j < E1; ++j) {
            const int w = ((t ^ 29) ^ 34) * E1 + j;
            sv1_5[PAD1_6(w)] = v[j];
          }
        }
        __syncthreads();
        {
          const int r = (t ^ 4) * E1 + ((0 + 2) & (E1 - 1));
          v[0] = sv1_5[PAD1_6(r)];
        }
        {
          const int r = (t ^ 4) * E1 + ((1 + 2) & (E1 - 1));
          v[1] = sv1_5[PAD1_6(r)];
        }
        __syncthreads();
      }
    } else {
      if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
        #pragma unroll
        for (int j = 0; j < E1; ++j) {
          v[j] = __shfl_sync(FULL, v[j], lane + 7, 16);
        }
      }
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  if (t < 8) bins1_7[PAD1_8(t)] = 0;
  __syncthreads();
  atomicAdd(&bins1_7[PAD1_8(t % 8)], acc);
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 8; ++i) total += bins1_7[PAD1_8(i)];
  }
  if (t == 0) dst[0] = total;  // one block
}
