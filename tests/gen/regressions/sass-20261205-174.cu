// title: generated copy 20261205:174 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261205 (kernel 174), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, stores.
//   gk1: loads, shuffles, ballot partition, shuffles, 8-byte shared exchange, shuffles, stores.
// launch: gk0<<<max(1, min(3, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N / 4 * 2)
// launch: gk1<<<max(1, (N - N / 4 * 2 + S1 + TILE1 - 1) / TILE1), B1>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-174 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 3 of t, its arms predicated
//   (@P0 / @!P0) and ending in `sx0_1[PAD0_2(w)] = x[3];`, one unpredicated STS after them named with
//   the else arm's line; each arm also has an inner `if (..) sv0_0[w] = v[k]; else sv0_0[w] = v[k];`,
//   each one predicated STS of its own arm named with one line of the then arm. The tail one store, the inner if/else
//   one instruction in each arm (not one for both): 1296 store wavefronts, not 1200.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 80, ld wavefronts 144, ld conflicts 32, st inst 160, st wavefronts 1296,
//   st conflicts 1128, global ld requests 32, global ld sectors 330, global st requests 48, global st sectors 645

#define FULL 0xffffffffu

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[1024];
  __shared__ int sx0_1[1151];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = (255 - t) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    if ((t & 1) >= 1) {  // divergent: each arm keeps bit 0 of t
      {
        const int w = ((((t ^ 62)) & 31) * 8 + (((t ^ 62)) >> 5)) * E0 + ((0 + 3) & (E0 - 1));
        sv0_0[w] = v[0];
        sx0_1[PAD0_2(w)] = x[0];
      }
      {
        const int w = ((((t ^ 62)) & 31) * 8 + (((t ^ 62)) >> 5)) * E0 + ((1 + 3) & (E0 - 1));
        sv0_0[w] = v[1];
        sx0_1[PAD0_2(w)] = x[1];
      }
      {
        const int w = ((((t ^ 62)) & 31) * 8 + (((t ^ 62)) >> 5)) * E0 + ((2 + 3) & (E0 - 1));
        sv0_0[w] = v[2];
        sx0_1[PAD0_2(w)] = x[2];
      }
      {
        const int w = ((((t ^ 62)) & 31) * 8 + (((t ^ 62)) >> 5)) * E0 + ((3 + 3) & (E0 - 1));
        if ((v[3] & 1) != 0) sv0_0[w] = v[3];
        else sv0_0[w] = v[3];
        sx0_1[PAD0_2(w)] = x[3];
      }
    } else {
      {
        const int w = ((((t ^ 142)) & 31) * 8 + (((t ^ 142)) >> 5)) * E0 + ((0 + 3) & (E0 - 1));
        if ((v[0] & 1) != 0) sv0_0[w] = v[0];
        else sv0_0[w] = v[0];
        sx0_1[PAD0_2(w)] = x[0];
      }
      {
        const int w = ((((t ^ 142)) & 31) * 8 + (((t ^ 142)) >> 5)) * E0 + ((1 + 3) & (E0 - 1));
        sv0_0[w] = v[1];
        sx0_1[PAD0_2(w)] = x[1];
      }
      {
        const int w = ((((t ^ 142)) & 31) * 8 + (((t ^ 142)) >> 5)) * E0 + ((2 + 3) & (E0 - 1));
        sv0_0[w] = v[2];
        sx0_1[PAD0_2(w)] = x[2];
      }
      {
        const int w = ((((t ^ 142)) & 31) * 8 + (((t ^ 142)) >> 5)) * E0 + ((3 + 3) & (E0 - 1));
        sv0_0[w] = v[3];
        sx0_1[PAD0_2(w)] = x[3];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = ((t * 5) & 255) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_0[r];
      x[j] = sx0_1[PAD0_2(r)];
    }
    for (int j = 3; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

const int B1 = 256;
const int E1 = 1;
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) * 3 + 2)
#define PAD1_3(i) ((i) + ((i) >> 5))
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sb1_0[768];
  __shared__ int sbx1_2[263];
  __shared__ int2 sp1_4[256];
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
      const int el = (255 - t);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane + 4, 16);
      x[j] = __shfl_sync(FULL, x[j], lane + 4, 16);
    }
    {
      const int j = 0;
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B1 + warp * 32 + dest;
      if ((v[j] & 1) != 0) sb1_0[PAD1_1(w)] = v[j];
      else sb1_0[PAD1_1(w)] = v[j];
      sbx1_2[PAD1_3(w)] = x[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = j * B1 + t;
      v[j] = sb1_0[PAD1_1(r)];
      x[j] = sbx1_2[PAD1_3(r)];
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      {
        const int j = 0;
        {
          int lo = __shfl_down_sync(FULL, v[j], 23);
          int hi = __shfl_up_sync(FULL, v[j], 9);
          v[j] = (lane & 31) < 9 ? lo : hi;
        }
        {
          int lo = __shfl_down_sync(FULL, x[j], 23);
          int hi = __shfl_up_sync(FULL, x[j], 9);
          x[j] = (lane & 31) < 9 ? lo : hi;
        }
      }
    } else {
      {
        const int j = 0;
        const int w = ((t * 15) & 255);
        sp1_4[w] = make_int2(v[j], x[j]);
      }
      __syncthreads();  // step: written before other threads read them
      {
        const int j = 0;
        const int r = (t ^ 150);
        int2 q = sp1_4[r];
        v[j] = q.x;
        x[j] = q.y;
      }
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] = __shfl_sync(FULL, v[j], lane + 15);
        x[j] = __shfl_sync(FULL, x[j], lane + 15);
      }
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
