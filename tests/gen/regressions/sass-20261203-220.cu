// title: generated sum 20261203:220 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261203 (kernel 220), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, shuffles, shuffles, interleaved tree reduction.
//   gk1: loads, shuffles, shuffles, shared exchange, arithmetic, a loop of run-time length, ballot bit sums.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, partial, N)
// launch: gk1<<<1, B1>>>(partial, out, max(1, (N + S0 + TILE0 - 1) / TILE0), 3)
// array: partial[max(1, (N + S0 + TILE0 - 1) / TILE0)]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261203-220 as
// scanscope_gen wrote it, kept whole; mechanism: the four loads of `for (j = 3; j >= 0; --j) v[j]
//   = sv1_0[t * E1 + j]` are LDS.128 [R13] and LDS [R14], R14 the same address computed again:
//   word 0 loaded a second time, 4 wavefronts a warp (SourceSite::vector_layout, layout_cover).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 56, ld wavefronts 80, ld conflicts 12, st inst 47, st wavefronts 47,
//   st conflicts 0, global ld requests 11, global ld sectors 133, global st requests 2, global st sectors 2

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 2
#define BX0 32
#define BY0 4
#define PAD0_1(i) ((i) * 3 + 1)
__global__ void gk0(const int *src, int *__restrict__ dst, int n) {
  __shared__ int red0_0[383];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = t * E0 + 0;
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
    }
    {
      const int el = t * E0 + 1;
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = t * E0 + 2;
      const int g = base + el;
      v[2] = 0;
      if (g >= 0 && g < n) v[2] = src[g];
    }
    {
      const int el = t * E0 + 3;
      const int g = base + el;
      v[3] = g >= 0 && g < n ? src[g] : 0;
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 15, 16);
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 1, 4);
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 0; j < E0; ++j) {
        {
          int lo = __shfl_down_sync(FULL, v[j], 3, 4);
          int hi = __shfl_up_sync(FULL, v[j], 1, 4);
          v[j] = (lane & 3) < 1 ? lo : hi;
        }
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  red0_0[PAD0_1(t)] = acc;
  __syncthreads();
  for (int s = 1; s < B0; s *= 2) {
    if ((t & (2 * s - 1)) == 0) red0_0[PAD0_1(t)] += red0_0[PAD0_1(t + s)];
    __syncthreads();
  }
  if (t == 0) total = red0_0[PAD0_1(0)];
  if (t == 0) dst[blockIdx.x] = total;
}

#define B1 128
#define E1 4
#define TILE1 (B1 * E1)
#define S1 0
__global__ void gk1(const int *src, int *dst, int n, int reps) {
  __shared__ int sv1_0[512];
  __shared__ int bsum1_1[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int el = (t ^ 43) * E1 + ((0 + 2) & (E1 - 1));
      const int g = base + el;
      v[0] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = (t ^ 43) * E1 + ((1 + 2) & (E1 - 1));
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = (t ^ 43) * E1 + ((2 + 2) & (E1 - 1));
      const int g = base + el;
      v[2] = 0;
      if (g >= 0 && g < n) v[2] = src[g];
    }
    {
      const int el = (t ^ 43) * E1 + ((3 + 2) & (E1 - 1));
      const int g = base + el;
      v[3] = 0;
      if (g >= 0 && g < n) v[3] = src[g];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 3; j >= 0; --j) {
        v[j] = __shfl_sync(FULL, v[j], lane + 1, 4);
      }
    }
    for (int j = 0; j < E1; ++j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 8);
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int w = j * B1 + t;
      if ((v[j] & 1) != 0) sv1_0[w] = v[j];
      else sv1_0[w] = v[j];
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = t * E1 + j;
      v[j] = sv1_0[r];
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      for (int j = 0; j < E1; ++j) {
        v[j] = ~v[j];
      }
      for (int j = 3; j >= 0; --j) {
        v[j] = ~v[j];
      }
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned ws = 0;
  #pragma unroll
  for (int b = 0; b < 32; ++b) {
    ws += (unsigned)__popc(__ballot_sync(FULL, ((unsigned)acc >> b) & 1u)) << b;
  }
  if (lane == 0) bsum1_1[warp] = (int)ws;
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 4; ++i) total += bsum1_1[i];
  }
  if (t == 0) dst[0] = total;  // one block
}
