// title: generated copy 20261208:107 (3 launches through arrays)
// about: Made by scanscope_gen --seed 20261208 (kernel 107), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, gather by index, stores.
//   gk1: loads, arithmetic, shuffles, arithmetic, gather by index, gather by index, stores.
//   gk2: 8-byte loads, warp-local exchange, shuffles, shuffles, gather by index, a loop of run-time length, stores.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, a0, N)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, a1, N)
// launch: gk2<<<max(1, (N + S2 + TILE2 - 1) / TILE2), B2>>>(a1, out, N, N % 3)
// array: a0[N]
// array: a1[N]
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261208-107 as
//   scanscope_gen wrote it, kept whole; mechanism: gk1's uniform if/else loads `v[j] = sg1_1[el]`
//   in one arm and `v[j] = sg1_2[PAD1_3(el)]` in the other (lines 128 and 140 of the generated
//   file); ptxas makes them one LDS after the join, after `@P0 EXIT`, named with line 146
//   (`v[j] -= 377`, no shared sites), only in the threads that store the value at line 155. The
//   warps that store nothing make no load: 85 load instructions and 95 wavefronts, not 86 and 96.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 85, ld wavefronts 95, ld conflicts 10, st inst 86, st wavefronts 104,
//   st conflicts 18, global ld requests 30, global ld sectors 174, global st requests 53, global st sectors 364

#define FULL 0xffffffffu

#define B0 64
#define E0 2
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_1(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sg0_0[143];
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
      const int k = (((t ^ 26) + 21) & 63);  // a pair of elements, one 8-byte load
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
    {
      sg0_0[PAD0_1(x[0])] = v[0];
    }
    {
      sg0_0[PAD0_1(x[1])] = v[1];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = ((t * 11) & 63) * E0 + j;
      v[j] = sg0_0[PAD0_1(el)];
      x[j] = el;
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + ((t * 11) & 63) * E0 + j;
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();  // step: the tile's shared words are read before the next tile's are written
  }
}

#define B1 64
#define E1 1
#define TILE1 (B1 * E1)
#define S1 4
#define PAD1_3(i) ((i) * 5 + 0)
__device__ __forceinline__ int perm1_0(int v) { return (v ^ 45); }
__device__ __forceinline__ int perm1_4(int v) { return (63 - v); }
__global__ void gk1(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sg1_1[64];
  __shared__ int sg1_2[316];
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
    {
      const int j = 0;
      v[j] = ~v[j];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        {
          int lo = __shfl_down_sync(FULL, v[j], 1);
          int hi = __shfl_up_sync(FULL, v[j], 31);
          v[j] = (lane & 31) < 31 ? lo : hi;
        }
        {
          int lo = __shfl_down_sync(FULL, x[j], 1);
          int hi = __shfl_up_sync(FULL, x[j], 31);
          x[j] = (lane & 31) < 31 ? lo : hi;
        }
      }
    }
    {
      const int j = 0;
      v[j] += 377;
    }
    if (blockIdx.x & 1) {  // uniform: the whole block goes one way
      {
        const int j = 0;
        sg1_1[x[j]] = v[j];
      }
      __syncthreads();
      {
        const int j = 0;
        const int el = t;
        v[j] = sg1_1[el];
        x[j] = el;
      }
    } else {
      {
        const int j = 0;
        sg1_2[PAD1_3(x[j])] = v[j];
      }
      __syncthreads();
      {
        const int j = 0;
        const int el = perm1_4(t);
        v[j] = sg1_2[PAD1_3(el)];
        x[j] = el;
      }
    }
    {
      const int j = 0;
      v[j] -= 377;
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

#define B2 256
#define E2 4
#define TILE2 (B2 * E2)
#define S2 8
#define PAD2_5(i) ((i) * 3 + 3)
__global__ void gk2(const int *src, int *dst, int n, int reps) {
  __shared__ int sw2_0[1024];
  __shared__ int swx2_2[1024];
  __shared__ int sg2_4[3073];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E2];
  int x[E2];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE2 - S2;  // the tile's first element
    {
      const int k = ((t * 17) & 255) * (E2 / 2) + 0;  // a pair of elements, one 8-byte load
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
      x[2 * 0] = 2 * k;
      x[2 * 0 + 1] = 2 * k + 1;
    }
    {
      const int k = ((t * 17) & 255) * (E2 / 2) + 1;  // a pair of elements, one 8-byte load
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
      x[2 * 1] = 2 * k;
      x[2 * 1 + 1] = 2 * k + 1;
    }
    for (int j = 0; j < E2; ++j) {
      const int w = j * B2 + warp * 32 + (31 - lane);
      sw2_0[w] = v[j];
      swx2_2[w] = x[j];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B2 + warp * 32 + (31 - lane);
      v[j] = sw2_0[r];
      x[j] = swx2_2[r];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 11);
      x[j] = __shfl_sync(FULL, x[j], lane + 11);
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      if (tile % 3 == 0) {  // uniform: the whole block goes one way
        #pragma unroll
        for (int j = 0; j < E2; ++j) {
          v[j] = __shfl_xor_sync(FULL, v[j], 8, 16);
          x[j] = __shfl_xor_sync(FULL, x[j], 8, 16);
        }
      } else {
        for (int j = 0; j < E2; ++j) {
          sg2_4[PAD2_5(x[j])] = v[j];
        }
        __syncthreads();
        #pragma unroll
        for (int j = 0; j < E2; ++j) {
          const int el = t * E2 + ((j + 2) & (E2 - 1));
          v[j] = sg2_4[PAD2_5(el)];
          x[j] = el;
        }
      }
      __syncthreads();
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
    {
      const int g = base + x[2];
      if (g >= 0 && g < n) dst[g] = v[2];
    }
    {
      const int g = base + x[3];
      if (g >= 0 && g < n) dst[g] = v[3];
    }
  }
}
