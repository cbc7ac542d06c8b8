// title: generated sum 20261127:64 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261127 (kernel 64), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shuffles, a loop of run-time length, shuffles, arithmetic, shuffles, a loop of run-time length, stores.
//   gk1: loads, arithmetic, ballot partition, a loop of run-time length, arithmetic, shuffle reduction.
//   gk2: 8-byte loads, ballot partition, divergent shared exchange, ballot bit sums.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, c0, N, N % 3)
// launch: gk1<<<max(1, min(1, (N + S1 + TILE1 - 1) / TILE1)), dim3(BX1, BY1)>>>(c0, partial, N, E1, 2)
// launch: gk2<<<1, dim3(BX2, BY2)>>>(partial, out, max(1, min(1, (N + S1 + TILE1 - 1) / TILE1)), E2)
// array: c0[N]
// array: partial[max(1, min(1, (N + S1 + TILE1 - 1) / TILE1))]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-64 as
// scanscope_gen wrote it, kept whole; mechanism: the else arm's stores (an if/else storing one word, which nvcc made one store with no line of its own) are named by the line table with the line of the other arm's last store, which has more STS than the PTX there: counted as written, not joined to it.
// ncu: NVIDIA H200, 2026-11-27: ld inst 105, ld wavefronts 137, ld conflicts 32, st inst 128, st wavefronts 160,
//   st conflicts 32, global ld requests 65, global ld sectors 1501, global st requests 34, global st sectors 502

#define B0 128
#define E0 1
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *src, int *__restrict__ dst, int n, int reps) {
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
      const int el = (((t) & 31) * 4 + ((t) >> 5));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int j = 0;
        v[j] = __shfl_sync(FULL, v[j], lane + 11);
        x[j] = __shfl_sync(FULL, x[j], lane + 11);
      }
    }
    {
      const int j = 0;
      {
        int lo = __shfl_down_sync(FULL, v[j], 2, 4);
        int hi = __shfl_up_sync(FULL, v[j], 2, 4);
        v[j] = (lane & 3) < 2 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 2, 4);
        int hi = __shfl_up_sync(FULL, x[j], 2, 4);
        x[j] = (lane & 3) < 2 ? lo : hi;
      }
    }
    {
      const int j = 0;
      v[j] = ~v[j];
    }
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int j = 0;
        {
          int lo = __shfl_down_sync(FULL, v[j], 3, 4);
          int hi = __shfl_up_sync(FULL, v[j], 1, 4);
          v[j] = (lane & 3) < 1 ? lo : hi;
        }
        {
          int lo = __shfl_down_sync(FULL, x[j], 3, 4);
          int hi = __shfl_up_sync(FULL, x[j], 1, 4);
          x[j] = (lane & 3) < 1 ? lo : hi;
        }
      }
    }
    {
      const int j = 0;
      v[j] = ~v[j];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}

#define B1 256
#define E1 4
#define TILE1 (B1 * E1)
#define S1 0
#define BX1 16
#define BY1 16
#define PAD1_3(i) ((i) + ((i) >> 5))
__global__ void gk1(const int *src, int *dst, int n, int e, int reps) {
  __shared__ int sb1_0[1024];
  __shared__ int wsum1_2[32];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 0; j < E1; ++j) {
      const int el = ((t * 5) & 255) * E1 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        v[j] = ~v[j];
      }
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
    }
    for (int rep = 0; rep < reps; ++rep) {
      for (int j = 0; j < E1; ++j) {
        const int p = (v[j] >> 0) & 1;
        const unsigned bal = __ballot_sync(FULL, p);
        const int before = __popc(bal & ((1u << lane) - 1u));
        const int dest = p ? before : __popc(bal) + lane - before;
        const int w = j * B1 + warp * 32 + dest;
        sb1_0[w] = v[j];
      }
      __syncwarp();
      for (int j = 3; j >= 0; --j) {
        const int r = j * B1 + t;
        v[j] = sb1_0[r];
      }
      __syncthreads();  // step: read before the next round writes
    }
    {
      v[0] ^= 651;
    }
    {
      v[1] ^= 651;
    }
    {
      v[2] ^= 651;
    }
    {
      v[3] ^= 651;
    }
    for (int j = 3; j >= 0; --j) {
      v[j] ^= 651;
    }
    for (int j = 0; j < e; ++j) {
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  for (int o = 16; o > 0; o >>= 1) {
    acc += __shfl_down_sync(FULL, acc, o);
  }
  if (lane == 0) wsum1_2[PAD1_3(warp)] = acc;
  __syncthreads();
  if (warp == 0) {
    int a = lane < 8 ? wsum1_2[PAD1_3(lane)] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) dst[blockIdx.x] = total;
}

const int B2 = 256;
const int E2 = 2;
#define TILE2 (B2 * E2)
#define S2 0
#define BX2 32
#define BY2 8
#define PAD2_2(i) ((i) + ((i) >> 4))
#define PAD2_5(i) ((i) * 2 + 2)
__device__ __forceinline__ int perm2_3(int v) { return ((v + 215) & 255); }
__global__ void gk2(const int *src, int *__restrict__ dst, int n, int e) {
  __shared__ int sb2_0[512];
  __shared__ int sv2_1[543];
  __shared__ int bsum2_4[65];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int acc = 0;
  const int tiles = (n + S2 + TILE2 - 1) / TILE2;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE2 - S2;  // the tile's first element
    {
      const int j = 0;
      const int k = ((t + 234) & 255);  // a pair of elements, one 8-byte load
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
    for (int j = 0; j < E2; ++j) {
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B2 + warp * 32 + dest;
      sb2_0[w] = v[j];
    }
    __syncwarp();
    for (int j = 0; j < e; ++j) {
      const int r = j * B2 + t;
      v[j] = sb2_0[r];
    }
    if (t & 4) {  // divergent: each arm keeps bit 2 of t
      {
        const int w = perm2_3((t ^ 193)) * E2 + ((0 + 2) & (E2 - 1));
        sv2_1[PAD2_2(w)] = v[0];
      }
      {
        const int w = perm2_3((t ^ 193)) * E2 + ((1 + 2) & (E2 - 1));
        sv2_1[PAD2_2(w)] = v[1];
      }
    } else {
      for (int j = 1; j >= 0; --j) {
        const int w = perm2_3((t ^ 10)) * E2 + ((j + 2) & (E2 - 1));
        if ((v[j] & 1) != 0) sv2_1[PAD2_2(w)] = v[j];
        else sv2_1[PAD2_2(w)] = v[j];
      }
    }
    __syncthreads();
    for (int j = 0; j < e; ++j) {
      const int r = ((t * 9) & 255) * E2 + ((j + 2) & (E2 - 1));
      v[j] = sv2_1[PAD2_2(r)];
    }
    for (int j = 0; j < E2; ++j) {
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
  if (lane == 0) bsum2_4[PAD2_5(warp)] = (int)ws;
  __syncthreads();  // step: the warps' sums
  if (t == 0) {
    for (int i = 0; i < 8; ++i) total += bsum2_4[PAD2_5(i)];
  }
  if (t == 0) dst[0] = total;  // one block
}
