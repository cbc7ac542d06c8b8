// title: generated copy 20261205:75 (one launch)
// about: Made by scanscope_gen --seed 20261205 (kernel 75), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, arithmetic, shuffles, divergent 8-byte shared exchange, stores.
// launch: gk0<<<max(1, min(3, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-75 as
//   scanscope_gen wrote it, kept whole; mechanism: a loop's four int2 stores of one thread's 32-byte
//   row in the order 1, 0, 3, 2 (`sp0_0[w] = make_int2(v[j], x[j])`, w = row * 4 + ((j + 2) & 3),
//   j = 3 down to 0, in the then arm of `if ((t & 127) >= 64)`): the PTX's four st.shared.v2 are
//   STS.64, STS.64 and STS.128 in the SASS (element 1 from a base register of its own). The
//   instructions' addresses place each thread's words: 10 store instructions, not 12.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 8, ld wavefronts 64, ld conflicts 32, st inst 10, st wavefronts 320,
//   st conflicts 288, global ld requests 16, global ld sectors 256, global st requests 16, global st sectors 136

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 64
#define BY0 2
__device__ __forceinline__ int perm0_1(int v) { return ((v + 13) & 127); }
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int2 sp0_0[512];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = (((t) & 31) * 4 + ((t) >> 5)) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 3; j >= 0; --j) {
        v[j] += 917;
      }
      {
        v[0] -= 917;
      }
      {
        v[1] -= 917;
      }
      {
        v[2] -= 917;
      }
      {
        v[3] -= 917;
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 7);
      x[j] = __shfl_sync(FULL, x[j], lane * 7);
    }
    if ((t & 127) >= 64) {  // divergent: each arm keeps bit 6 of t
      for (int j = 3; j >= 0; --j) {
        const int w = ((((t ^ 41)) & 31) * 4 + (((t ^ 41)) >> 5)) * E0 + ((j + 2) & (E0 - 1));
        sp0_0[w] = make_int2(v[j], x[j]);
      }
    } else {
      {
        const int w = ((((t ^ 49)) & 31) * 4 + (((t ^ 49)) >> 5)) * E0 + ((0 + 2) & (E0 - 1));
        sp0_0[w] = make_int2(v[0], x[0]);
      }
      {
        const int w = ((((t ^ 49)) & 31) * 4 + (((t ^ 49)) >> 5)) * E0 + ((1 + 2) & (E0 - 1));
        sp0_0[w] = make_int2(v[1], x[1]);
      }
      {
        const int w = ((((t ^ 49)) & 31) * 4 + (((t ^ 49)) >> 5)) * E0 + ((2 + 2) & (E0 - 1));
        sp0_0[w] = make_int2(v[2], x[2]);
      }
      {
        const int w = ((((t ^ 49)) & 31) * 4 + (((t ^ 49)) >> 5)) * E0 + ((3 + 2) & (E0 - 1));
        sp0_0[w] = make_int2(v[3], x[3]);
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = perm0_1(t) * E0 + ((j + 3) & (E0 - 1));
      int2 q = sp0_0[r];
      v[j] = q.x;
      x[j] = q.y;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
