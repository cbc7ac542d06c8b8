// title: generated copy 20261129:0 (one launch)
// about: Made by scanscope_gen --seed 20261129 (kernel 0), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, arithmetic, warp-local exchange, stores.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261129-0 as
// scanscope_gen wrote it, kept whole; mechanism: line 62's loop j = 3..0 (56 as generated) reads a thread's four words
// of one 16-byte block in the order 2, 1, 0, 3, one LDS.128 in the SASS (the model issued three).
// ncu: NVIDIA H200, 2026-11-27: ld inst 104, ld wavefronts 352, ld conflicts 224, st inst 192, st wavefronts 2112,
//   st conflicts 1920, global ld requests 32, global ld sectors 906, global st requests 32, global st sectors 1000

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 8
#define BY0 32
#define PAD0_3(i) ((i) * 2 + 3)
__device__ int perm0_6(int v) { return (v ^ 10); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[1024];
  __shared__ int sx0_2[2050];
  __shared__ int sw0_4[1024];
  __shared__ int swx0_5[1024];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = j * B0 + ((t * 9) & 255);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if (t & 4) {  // divergent: each arm keeps bit 2 of t
      for (int j = 0; j < E0; ++j) {
        const int w = ((((t ^ 42)) & 31) * 8 + (((t ^ 42)) >> 5)) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
        sx0_2[PAD0_3(w)] = x[j];
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        const int w = ((((t ^ 56)) & 31) * 8 + (((t ^ 56)) >> 5)) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
        sx0_2[PAD0_3(w)] = x[j];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = (t ^ 54) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_0[r];
      x[j] = sx0_2[PAD0_3(r)];
    }
    for (int j = 0; j < E0; ++j) {
      v[j] ^= 951;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + warp * 32 + perm0_6(lane);
      sw0_4[w] = v[j];
      swx0_5[w] = x[j];
    }
    __syncwarp();
    {
      const int r = 0 * B0 + warp * 32 + ((lane + 23) & 31);
      v[0] = sw0_4[r];
      x[0] = swx0_5[r];
    }
    {
      const int r = 1 * B0 + warp * 32 + ((lane + 23) & 31);
      v[1] = sw0_4[r];
      x[1] = swx0_5[r];
    }
    {
      const int r = 2 * B0 + warp * 32 + ((lane + 23) & 31);
      v[2] = sw0_4[r];
      x[2] = swx0_5[r];
    }
    {
      const int r = 3 * B0 + warp * 32 + ((lane + 23) & 31);
      v[3] = sw0_4[r];
      x[3] = swx0_5[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] ^= 951;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
