// title: generated copy 20261130:84 (one launch)
// about: Made by scanscope_gen --seed 20261130 (kernel 84), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, 8-byte shared exchange, shuffles, shuffles, shuffles, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: float
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

const int B0 = 128;
const int E0 = 2;
#define TILE0 (B0 * E0)
// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-84 as
// scanscope_gen wrote it, kept whole; mechanism: two float2 stores of one aligned 16-byte block (lines 44 and 48 here, w = 2k and 2k + 1),
//   which ptxas makes one STS.128 that the line table names with line 48: one instruction per warp, not two.
// ncu: NVIDIA H200, 2026-11-27: ld inst 32, ld wavefronts 64, ld conflicts 0, st inst 16, st wavefronts 64,
//   st conflicts 0, global ld requests 32, global ld sectors 282, global st requests 32, global st sectors 195

#define S0 0
#define BX0 8
#define BY0 16
__global__ void gk0(const float *src, float *dst, int n) {
  __shared__ float2 sp0_0[256];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  float v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = ((t + 14) & 127) * E0 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      const int w = (t ^ 58) * E0 + 0;
      sp0_0[w] = make_float2(v[0], __int_as_float(x[0]));
    }
    {
      const int w = (t ^ 58) * E0 + 1;
      sp0_0[w] = make_float2(v[1], __int_as_float(x[1]));
    }
    __syncthreads();
    {
      const int r = 0 * B0 + ((t + 13) & 127);
      float2 q = sp0_0[r];
      v[0] = q.x;
      x[0] = __float_as_int(q.y);
    }
    {
      const int r = 1 * B0 + ((t + 13) & 127);
      float2 q = sp0_0[r];
      v[1] = q.x;
      x[1] = __float_as_int(q.y);
    }
    {
      v[0] = __shfl_sync(FULL, v[0], lane * 15, 16);
      x[0] = __shfl_sync(FULL, x[0], lane * 15, 16);
    }
    {
      v[1] = __shfl_sync(FULL, v[1], lane * 15, 16);
      x[1] = __shfl_sync(FULL, x[1], lane * 15, 16);
    }
    {
      v[0] = __shfl_xor_sync(FULL, v[0], 2, 16);
      x[0] = __shfl_xor_sync(FULL, x[0], 2, 16);
    }
    {
      v[1] = __shfl_xor_sync(FULL, v[1], 2, 16);
      x[1] = __shfl_xor_sync(FULL, x[1], 2, 16);
    }
    for (int j = 1; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane + 25);
      x[j] = __shfl_sync(FULL, x[j], lane + 25);
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
