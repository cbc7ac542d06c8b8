// title: generated sum 20261127:105 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261127 (kernel 105), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, warp-local exchange, shared exchange, warp-local exchange, divergent atomic shared exchange, shared exchange, interleaved tree reduction.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-105 as
// scanscope_gen wrote it, kept whole; mechanism: the zeroing loop `for (int i = t; i < 385; i += B0) sv0_7[i] = 0;` (lines 87-88 here), which ptxas unrolled into a
//   remainder loop of one STS (n mod 4 iterations), a loop of 16 STS and blocks of 8 and 4: in warp 0, lane 0 runs 4
//   iterations (the block of 4) and lanes 1-31 run 3 (the remainder loop): 7 stores, not 4 (SourceSite::unrolled).
// ncu: NVIDIA H200, 2026-11-27: ld inst 536, ld wavefronts 584, ld conflicts 48, st inst 472, st wavefronts 520,
//   st conflicts 48, global ld requests 32, global ld sectors 500, global st requests 0, global st sectors 0

const int B0 = 128;
const int E0 = 1;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) + ((i) >> 5))
#define PAD0_3(i) ((i) + ((i) >> 5))
#define PAD0_8(i) ((i) * 3 + 3)
__device__ int perm0_4(int v) { return (v ^ 53); }
__device__ int perm0_6(int v) { return ((v * 5) & 31); }
__device__ __forceinline__ int perm0_9(int v) { return (127 - v); }
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sw0_0[131];
  __shared__ int sv0_2[131];
  __shared__ int sw0_5[2][66];
  __shared__ int sv0_7[385];
  __shared__ int sv0_10[4][33];
  __shared__ int red0_11[128];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int el = (((t) & 31) * 4 + ((t) >> 5));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + (lane ^ 15);
      sw0_0[PAD0_1(w)] = v[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + (lane ^ 19);
      v[j] = sw0_0[PAD0_1(r)];
    }
    {
      const int j = 0;
      const int w = perm0_4(t);
      sv0_2[PAD0_3(w)] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (127 - t);
      v[j] = sv0_2[PAD0_3(r)];
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + perm0_6(lane);
      sw0_5[(w) / 64][(w) % 64] = v[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + (31 - lane);
      v[j] = sw0_5[(r) / 64][(r) % 64];
    }
    for (int i = t; i < 385; i += B0) {
      sv0_7[i] = 0;
    }
    __syncthreads();
    if ((t >> 6) & 1) {  // divergent: each arm keeps bit 6 of t
      {
        const int j = 0;
        const int w = ((((t ^ 7)) & 31) * 4 + (((t ^ 7)) >> 5));
        atomicAdd(&sv0_7[PAD0_8(w)], v[j]);
      }
    } else {
      {
        const int j = 0;
        const int w = ((((t ^ 29)) & 31) * 4 + (((t ^ 29)) >> 5));
        atomicAdd(&sv0_7[PAD0_8(w)], v[j]);
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = perm0_9(t);
      v[j] = sv0_7[PAD0_8(r)];
    }
    {
      const int j = 0;
      const int w = ((t * 11) & 127);
      sv0_10[(w) / 32][(w) % 32] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = ((t * 11) & 127);
      v[j] = sv0_10[(r) / 32][(r) % 32];
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  red0_11[t] = acc;
  __syncthreads();
  for (int s = 1; s < B0; s *= 2) {
    if ((t & (2 * s - 1)) == 0) red0_11[t] += red0_11[t + s];
    __syncthreads();
  }
  if (t == 0) total = red0_11[0];
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
