// title: generated sum 20261127:100 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261127 (kernel 100), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, a loop of run-time length, warp-local exchange, atomic shared exchange, divergent shared exchange, stores.
//   gk1: loads, ballot partition, ballot partition, __syncthreads_count bit sums.
//   gk2: 8-byte loads, shuffles, warp-local exchange, interleaved tree reduction.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, c0, N, 2)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(c0, partial, N)
// launch: gk2<<<1, B2>>>(partial, out, max(1, (N + S1 + TILE1 - 1) / TILE1))
// array: c0[N]
// array: partial[max(1, (N + S1 + TILE1 - 1) / TILE1)]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

#define B0 128
#define E0 1
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) + ((i) >> 5))
#define PAD0_5(i) ((i) + ((i) >> 4))
__device__ int perm0_3(int v) { return (v ^ 31); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sw0_0[131];
  __shared__ int swx0_2[128];
  __shared__ int sv0_4[135];
  __shared__ int sx0_6[128];
  __shared__ int sv0_7[128];
  __shared__ int sx0_8[2][64];
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
      const int el = (127 - t);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int j = 0;
        v[j] = __shfl_sync(FULL, v[j], lane * 17);
        x[j] = __shfl_sync(FULL, x[j], lane * 17);
      }
    }
    {
      const int j = 0;
      const int w = j * B0 + warp * 32 + lane;
      sw0_0[PAD0_1(w)] = v[j];
      swx0_2[w] = x[j];
    }
    __syncwarp();
    {
      const int j = 0;
      const int r = j * B0 + warp * 32 + perm0_3(lane);
      v[j] = sw0_0[PAD0_1(r)];
      x[j] = swx0_2[r];
    }
    for (int i = t; i < 135; i += B0) {
      sv0_4[i] = 0;
    }
    __syncthreads();
    {
      const int j = 0;
      const int w = (((t ^ 124) + 89) & 127);
      atomicExch(&sv0_4[PAD0_5(w)], v[j]);
      sx0_6[w] = x[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (((t) & 31) * 4 + ((t) >> 5));
      v[j] = sv0_4[PAD0_5(r)];
      x[j] = sx0_6[r];
    }
    if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
      {
        const int j = 0;
        const int w = (t ^ 41);
        sv0_7[w] = v[j];
        sx0_8[(w) / 64][(w) % 64] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = (t ^ 9);
        if ((v[j] & 1) != 0) sv0_7[w] = v[j];
        else sv0_7[w] = v[j];
        sx0_8[(w) / 64][(w) % 64] = x[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int j = 0;
      const int r = ((t * 7) & 127);
      v[j] = sv0_7[r];
      x[j] = sx0_8[(r) / 64][(r) % 64];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B1 32
#define E1 1
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 4))
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sb1_0[33];
  __shared__ int sb1_2[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int j = 0;
      const int el = ((t * 11) & 31);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    {
      const int j = 0;
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      sb1_0[PAD1_1(w)] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = j * B1 + t;
      v[j] = sb1_0[PAD1_1(r)];
    }
    {
      const int j = 0;
      const int p = (v[j] >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      sb1_2[w] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = j * B1 + t;
      v[j] = sb1_2[r];
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) dst[blockIdx.x] = total;
}

#define B2 64
#define E2 4
#define TILE2 (B2 * E2)
#define S2 10
#define PAD2_2(i) ((i) + ((i) >> 4))
#define PAD2_4(i) ((i) + ((i) >> 3))
__device__ __forceinline__ int perm2_0(int v) { return (v ^ 20); }
__global__ void gk2(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sw2_1[271];
  __shared__ int red2_3[71];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int acc = 0;
  const int tiles = (n + S2 + TILE2 - 1) / TILE2;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE2 - S2;  // the tile's first element
    {
      const int k = perm2_0(t) * (E2 / 2) + 0;  // a pair of elements, one 8-byte load
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
      const int k = perm2_0(t) * (E2 / 2) + 1;  // a pair of elements, one 8-byte load
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
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 7);
    }
    #pragma unroll
    for (int j = 0; j < E2; ++j) {
      const int w = j * B2 + warp * 32 + ((lane * 3) & 31);
      sw2_1[PAD2_2(w)] = v[j];
    }
    __syncwarp();
    for (int j = 0; j < E2; ++j) {
      const int r = j * B2 + warp * 32 + (((lane ^ 7) + 24) & 31);
      v[j] = sw2_1[PAD2_2(r)];
    }
    {
      acc += v[0];
    }
    {
      acc += v[1];
    }
    {
      acc += v[2];
    }
    {
      acc += v[3];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  red2_3[PAD2_4(t)] = acc;
  __syncthreads();
  for (int s = 1; s < B2; s *= 2) {
    if ((t & (2 * s - 1)) == 0) red2_3[PAD2_4(t)] += red2_3[PAD2_4(t + s)];
    __syncthreads();
  }
  if (t == 0) total = red2_3[PAD2_4(0)];
  if (t == 0) dst[0] = total;  // one block
}
