// title: generated copy 20261204:77 (one launch)
// about: Made by scanscope_gen --seed 20261204 (kernel 77), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, ballot partition, atomic shared exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// check: copy
// types: float
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-77 as
// scanscope_gen wrote it, kept whole; mechanism: sm_90 has no shared float atomicAdd, so ptxas
//   makes `atomicAdd(&sv0_3[PAD0_4(w)], v[j])` (unrolled: two copies) a loop of an LDS of the old
//   value, the add and an ATOMS.CAS, whose back edge returns to the LDS while a lane's CAS failed.
//   Each round's LDS is a load instruction for Nsight Compute, the CAS neither a load nor a store.
//   A round's CAS succeeds for one lane a bank: the warps' 32 distinct words lie two to a bank
//   (stride 2), so each warp makes two rounds, the first of 32 lanes (2 wavefronts), the second of
//   16 (1): 64 load instructions, 96 wavefronts, 32 conflicts more than the atomic's none.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 192, ld wavefronts 320, ld conflicts 128, st inst 136, st wavefronts 200,
//   st conflicts 64, global ld requests 32, global ld sectors 282, global st requests 32, global st sectors 385

#define FULL 0xffffffffu

#define B0 64
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 2 + 1)
#define PAD0_4(i) ((i) + ((i) >> 5))
__device__ int perm0_6(int v) { return ((v + 28) & 63); }
__global__ void gk0(const float *src, float *__restrict__ dst, int n) {
  __shared__ float sb0_0[256];
  __shared__ int sbx0_2[128];
  __shared__ float sv0_3[131];
  __shared__ int sx0_5[4][32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  float v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < E0; ++j) {
      const int el = (((t ^ 28) + 10) & 63) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (__float_as_int(v[j]) >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[j];
      sbx0_2[w] = x[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_0[PAD0_1(r)];
      x[j] = sbx0_2[r];
    }
    for (int i = t; i < 131; i += B0) {
      sv0_3[i] = 0;
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int w = (((t ^ 56) + 33) & 63) * E0 + j;
      atomicAdd(&sv0_3[PAD0_4(w)], v[j]);
      sx0_5[(w) / 32][(w) % 32] = x[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = perm0_6(t) * E0 + j;
      v[j] = sv0_3[PAD0_4(r)];
      x[j] = sx0_5[(r) / 32][(r) % 32];
    }
    for (int j = 1; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
