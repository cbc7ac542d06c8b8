// title: generated sum 20261205:100 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261205 (kernel 100), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent atomic shared exchange, shared exchange, a loop of run-time length, warp-local exchange, shuffles, shared exchange, __syncthreads_count bit sums.
//   gk1: 8-byte loads, warp-local exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, partial, N, E0, 1)
// launch: gk1<<<1, B1>>>(partial, out, max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)))
// array: partial[max(1, min(4, (N + S0 + TILE0 - 1) / TILE0))]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-100 as
//   scanscope_gen wrote it, kept whole; mechanism: gk0's runtime-bounded loop `for (int j = 0; j < e; ++j)
//   v[j] = sv0_0[r]` with r = row * 4 + ((j + 2) & 3) (e = E0 = 4 at the launch): ptxas loads the
//   thread's row with one LDS.128 before the unrolled loop, whose addresses repeat every four
//   iterations, and makes the remainder's iterations LDS (one, then two predicated). Each warp makes
//   the one LDS.128: 112 load instructions, not 136 (the four 4-byte loads a thread writes).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 112, ld wavefronts 544, ld conflicts 384, st inst 160, st wavefronts 320,
//   st conflicts 160, global ld requests 33, global ld sectors 1001, global st requests 2, global st sectors 2

#define FULL 0xffffffffu

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 10
#define PAD0_5(i) ((i) + ((i) >> 4))
__device__ int perm0_1(int v) { return (255 - v); }
__device__ int perm0_8(int v) { return (((v ^ 121) + 162) & 255); }
__global__ void gk0(const int *src, int *dst, int n, int e, int reps) {
  __shared__ int sv0_0[1024];
  __shared__ int sv0_2[1024];
  __shared__ int sw0_4[1087];
  __shared__ int sv0_6[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = (((t) & 31) * 8 + ((t) >> 5)) * E0 + j;
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    for (int i = t; i < 1024; i += B0) {
      sv0_0[i] = 0;
    }
    __syncthreads();  // step: the zeroed words before the writes
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      for (int j = 0; j < E0; ++j) {
        const int w = perm0_1((t ^ 0)) * E0 + ((j + 3) & (E0 - 1));
        atomicAdd(&sv0_0[w], v[j]);
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = perm0_1((t ^ 18)) * E0 + ((j + 3) & (E0 - 1));
        atomicXor(&sv0_0[w], v[j]);
      }
    }
    __syncthreads();
    for (int j = 0; j < e; ++j) {
      const int r = (((t) & 31) * 8 + ((t) >> 5)) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_0[r];
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + (t ^ 135);
        sv0_2[w] = v[j];
      }
      __syncthreads();
      for (int j = 3; j >= 0; --j) {
        const int r = (t ^ 200) * E0 + ((j + 3) & (E0 - 1));
        v[j] = sv0_2[r];
      }
      __syncthreads();
    }
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + lane;
      sw0_4[PAD0_5(w)] = v[j];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + warp * 32 + (lane ^ 15);
      v[j] = sw0_4[PAD0_5(r)];
    }
    for (int j = 0; j < e; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 15, 8);
    }
    {
      const int w = (255 - t) * E0 + ((0 + 2) & (E0 - 1));
      sv0_6[w] = v[0];
    }
    {
      const int w = (255 - t) * E0 + ((1 + 2) & (E0 - 1));
      sv0_6[w] = v[1];
    }
    {
      const int w = (255 - t) * E0 + ((2 + 2) & (E0 - 1));
      sv0_6[w] = v[2];
    }
    {
      const int w = (255 - t) * E0 + ((3 + 2) & (E0 - 1));
      sv0_6[w] = v[3];
    }
    __syncthreads();
    {
      const int r = perm0_8(t) * E0 + ((0 + 2) & (E0 - 1));
      v[0] = sv0_6[r];
    }
    {
      const int r = perm0_8(t) * E0 + ((1 + 2) & (E0 - 1));
      v[1] = sv0_6[r];
    }
    {
      const int r = perm0_8(t) * E0 + ((2 + 2) & (E0 - 1));
      v[2] = sv0_6[r];
    }
    {
      const int r = perm0_8(t) * E0 + ((3 + 2) & (E0 - 1));
      v[3] = sv0_6[r];
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
#define E1 8
#define TILE1 (B1 * E1)
#define S1 4
#define PAD1_2(i) ((i) * 2 + 0)
__device__ __forceinline__ int perm1_0(int v) { return (((v) & 31) * 4 + ((v) >> 5)); }
__global__ void gk1(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sw1_1[2047];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int k = 0 * B1 + perm1_0(t);  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 0] = q.x;
      v[2 * 0 + 1] = q.y;
    }
    {
      const int k = 1 * B1 + perm1_0(t);  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 1] = q.x;
      v[2 * 1 + 1] = q.y;
    }
    {
      const int k = 2 * B1 + perm1_0(t);  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 2] = q.x;
      v[2 * 2 + 1] = q.y;
    }
    {
      const int k = 3 * B1 + perm1_0(t);  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 3] = q.x;
      v[2 * 3 + 1] = q.y;
    }
    for (int j = 7; j >= 0; --j) {
      const int w = j * B1 + warp * 32 + ((lane + 30) & 31);
      sw1_1[PAD1_2(w)] = v[j];
    }
    __syncwarp();
    for (int j = 7; j >= 0; --j) {
      const int r = j * B1 + warp * 32 + (((lane ^ 11) + 6) & 31);
      v[j] = sw1_1[PAD1_2(r)];
    }
    #pragma unroll 1
    for (int j = 0; j < E1; j++) {
      acc += v[j];
    }
    __syncthreads();  // step: the tile's shared words are read before the next tile's are written
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) dst[0] = total;  // one block
}
