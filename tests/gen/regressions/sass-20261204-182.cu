// title: generated copy 20261204:182 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261204 (kernel 182), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shuffles, shared exchange, a loop of run-time length, atomic stores.
//   gk1: loads, gather by index, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, a0, N, 0)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), dim3(BX1, BY1)>>>(a0, out, N)
// array: a0[N]
// init: a0 = 0
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-182 as
// scanscope_gen wrote it, kept whole; mechanism:
//   gk1's two LDS of `v[j] = sg1_1[el]`: one predicated with the first STG's condition, one after
//   the EXIT of the threads that do not make the second; the reader took the line as gated only
//   where all its loads were gated the same way. Warps 0 to 3 store nothing and make no load there:
//   8 load instructions, 16 wavefronts, 8 conflicts (16, 32 and 16 before).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 8, ld wavefronts 16, ld conflicts 8, st inst 8, st wavefronts 16,
//   st conflicts 0, global ld requests 12, global ld sectors 96, global st requests 8, global st sectors 64

#define FULL 0xffffffffu

const int B0 = 256;
const int E0 = 2;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) + ((i) >> 5))
#define PAD0_4(i) ((i) + ((i) >> 5))
__device__ __forceinline__ int perm0_0(int v) { return (v ^ 162); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_1[527];
  __shared__ int sx0_3[527];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int k = perm0_0(t);  // a pair of elements, one 8-byte load
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
      v[0] = __shfl_sync(FULL, v[0], lane * 7, 16);
      x[0] = __shfl_sync(FULL, x[0], lane * 7, 16);
    }
    {
      v[1] = __shfl_sync(FULL, v[1], lane * 7, 16);
      x[1] = __shfl_sync(FULL, x[1], lane * 7, 16);
    }
    for (int rep = 0; rep < reps; ++rep) {
      for (int j = 1; j >= 0; --j) {
        const int w = t * E0 + ((j + 2) & (E0 - 1));
        sv0_1[PAD0_2(w)] = v[j];
        sx0_3[PAD0_4(w)] = x[j];
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int r = (((t) & 31) * 8 + ((t) >> 5)) * E0 + ((j + 2) & (E0 - 1));
        v[j] = sv0_1[PAD0_2(r)];
        x[j] = sx0_3[PAD0_4(r)];
      }
      __syncthreads();
    }
    for (int j = 1; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
  }
}

#define B1 256
#define E1 2
#define TILE1 (B1 * E1)
#define S1 0
#define BX1 8
#define BY1 32
__device__ int perm1_0(int v) { return (v ^ 55); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sg1_1[512];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int el = perm1_0(t) * E1 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      sg1_1[x[0]] = v[0];
    }
    {
      sg1_1[x[1]] = v[1];
    }
    __syncthreads();  // step: written before the canonical reads
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int el = (255 - t) * E1 + ((j + 3) & (E1 - 1));
      v[j] = sg1_1[el];
      x[j] = el;
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
