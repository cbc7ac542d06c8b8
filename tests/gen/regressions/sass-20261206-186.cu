// title: generated sum 20261206:186 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261206 (kernel 186), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, shuffles, shared exchange, tree reduction.
//   gk1: loads, ballot partition, shared exchange, shuffles, shuffles, warp-local exchange, ballot bit sums.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, partial, N)
// launch: gk1<<<1, B1>>>(partial, out, max(1, (N + S0 + TILE0 - 1) / TILE0))
// array: partial[max(1, (N + S0 + TILE0 - 1) / TILE0)]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-186 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 3 of t, each arm a loop of
//   eight copies with an inner if/else written alike (`if ((v[j] & 1) != 0) sv0_0[PAD0_1(w)] = v[j];
//   else sv0_0[PAD0_1(w)] = v[j];`); ptxas branched around the arms, one STS a copy in each, named
//   with each arm's loop's line. Each arm's inner if/else one instruction of its own (not one for
//   the lanes of both arms): 152 store instructions, not 120.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 125, ld wavefronts 253, ld conflicts 128, st inst 152, st wavefronts 184,
//   st conflicts 32, global ld requests 34, global ld sectors 127, global st requests 3, global st sectors 3

#define FULL 0xffffffffu

#define B0 64
#define E0 8
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) + ((i) >> 5))
#define PAD0_3(i) ((i) + ((i) >> 4))
__device__ int perm0_4(int v) { return ((v + 52) & 63); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[527];
  __shared__ int sv0_2[543];
  __shared__ int red0_5[64];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = j * B0 + t;
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    if ((t & 15) >= 8) {  // divergent: each arm keeps bit 3 of t
      for (int j = 7; j >= 0; --j) {
        const int w = j * B0 + ((t ^ 51) ^ 43);
        if ((v[j] & 1) != 0) sv0_0[PAD0_1(w)] = v[j];
        else sv0_0[PAD0_1(w)] = v[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + ((t ^ 32) ^ 43);
        if ((v[j] & 1) != 0) sv0_0[PAD0_1(w)] = v[j];
        else sv0_0[PAD0_1(w)] = v[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = (((t) & 31) * 2 + ((t) >> 5)) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_0[PAD0_1(r)];
    }
    if (blockIdx.x & 1) {  // uniform: the whole block goes one way
      #pragma unroll 1
      for (int j = 0; j < E0; j++) {
        {
          int lo = __shfl_down_sync(FULL, v[j], 14);
          int hi = __shfl_up_sync(FULL, v[j], 18);
          v[j] = (lane & 31) < 18 ? lo : hi;
        }
      }
    } else {
      for (int j = 7; j >= 0; --j) {
        const int w = j * B0 + (63 - t);
        sv0_2[PAD0_3(w)] = v[j];
      }
      __syncthreads();
      #pragma unroll 1
      for (int j = 0; j < E0; j++) {
        const int r = perm0_4(t) * E0 + ((j + 2) & (E0 - 1));
        v[j] = sv0_2[PAD0_3(r)];
      }
    }
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  red0_5[t] = acc;
  __syncthreads();
  #pragma unroll
  for (int s = B0 / 2; s > 0; s >>= 1) {
    if (t < s) red0_5[t] += red0_5[t + s];
    __syncthreads();
  }
  if (t == 0) total = red0_5[0];
  if (t == 0) dst[blockIdx.x] = total;
}

const int B1 = 256;
const int E1 = 2;
#define TILE1 (B1 * E1)
#define S1 2
#define PAD1_1(i) ((i) + ((i) >> 5))
#define PAD1_3(i) ((i) * 5 + 3)
__device__ int perm1_4(int v) { return (((v) & 31) * 8 + ((v) >> 5)); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sb1_0[527];
  __shared__ int sv1_2[2559];
  __shared__ int sw1_5[512];
  __shared__ int bsum1_6[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int el = ((t + 58) & 255) * E1 + ((j + 3) & (E1 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      sb1_0[PAD1_1(w)] = v[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int r = j * B1 + t;
      v[j] = sb1_0[PAD1_1(r)];
    }
    for (int j = 1; j >= 0; --j) {
      const int w = (((t ^ 72) + 61) & 255) * E1 + ((j + 3) & (E1 - 1));
      sv1_2[PAD1_3(w)] = v[j];
    }
    __syncthreads();
    {
      const int r = 0 * B1 + perm1_4(t);
      v[0] = sv1_2[PAD1_3(r)];
    }
    {
      const int r = 1 * B1 + perm1_4(t);
      v[1] = sv1_2[PAD1_3(r)];
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 1; j >= 0; --j) {
        v[j] = __shfl_xor_sync(FULL, v[j], 4);
      }
    }
    for (int j = 1; j >= 0; --j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 1, 4);
        int hi = __shfl_up_sync(FULL, v[j], 3, 4);
        v[j] = (lane & 3) < 3 ? lo : hi;
      }
    }
    for (int j = 1; j >= 0; --j) {
      const int w = j * B1 + warp * 32 + lane;
      if ((v[j] & 1) != 0) sw1_5[w] = v[j];
      else sw1_5[w] = v[j];
    }
    __syncwarp();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B1 + warp * 32 + ((lane + 23) & 31);
      v[j] = sw1_5[r];
    }
    for (int j = 0; j < E1; ++j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned ws = 0;
  #pragma unroll
  for (int b = 0; b < 32; ++b) {
    ws += (unsigned)__popc(__ballot_sync(FULL, ((unsigned)acc >> b) & 1u)) << b;
  }
  if (lane == 0) bsum1_6[warp] = (int)ws;
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 8; ++i) total += bsum1_6[i];
  }
  if (t == 0) dst[0] = total;  // one block
}
