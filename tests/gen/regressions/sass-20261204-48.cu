// title: generated copy 20261204:48 (one launch)
// about: Made by scanscope_gen --seed 20261204 (kernel 48), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, divergent shared exchange, arithmetic, arithmetic, shared exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-48 as
// scanscope_gen wrote it, kept whole; mechanism:
//   the LDS of `v[j] = sv0_3[PAD0_4(r)]` (a loop counting down) made in every thread for two of its
//   four copies, for the other two only in the threads of the store copy that uses the value (the
//   store loop counts up: load 3 - m feeds store m), and the value stored is the loaded one less 991
//   (`v[j] -= 991` between them). Two warps have no lane that stores such a copy's element: 54 load
//   instructions and 142 wavefronts (56 and 144 before).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 54, ld wavefronts 142, ld conflicts 80, st inst 96, st wavefronts 256,
//   st conflicts 160, global ld requests 8, global ld sectors 123, global st requests 12, global st sectors 160

#define FULL 0xffffffffu

const int B0 = 64;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 10
#define BX0 64
#define BY0 1
#define PAD0_2(i) ((i) + ((i) >> 3))
#define PAD0_4(i) ((i) + ((i) >> 5))
__device__ int perm0_6(int v) { return (v ^ 10); }
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sv0_0[256];
  __shared__ int sx0_1[287];
  __shared__ int sv0_3[263];
  __shared__ int sx0_5[256];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int k = ((t * 11) & 63) * (E0 / 2) + j;  // a pair of elements, one 8-byte load
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
    if (t & 16) {  // divergent: each arm keeps bit 4 of t
      for (int j = 3; j >= 0; --j) {
        const int w = ((((t ^ 2)) & 31) * 2 + (((t ^ 2)) >> 5)) * E0 + j;
        sv0_0[w] = v[j];
        sx0_1[PAD0_2(w)] = x[j];
      }
    } else {
      {
        const int w = ((((t ^ 40)) & 31) * 2 + (((t ^ 40)) >> 5)) * E0 + 0;
        sv0_0[w] = v[0];
        sx0_1[PAD0_2(w)] = x[0];
      }
      {
        const int w = ((((t ^ 40)) & 31) * 2 + (((t ^ 40)) >> 5)) * E0 + 1;
        sv0_0[w] = v[1];
        sx0_1[PAD0_2(w)] = x[1];
      }
      {
        const int w = ((((t ^ 40)) & 31) * 2 + (((t ^ 40)) >> 5)) * E0 + 2;
        sv0_0[w] = v[2];
        sx0_1[PAD0_2(w)] = x[2];
      }
      {
        const int w = ((((t ^ 40)) & 31) * 2 + (((t ^ 40)) >> 5)) * E0 + 3;
        sv0_0[w] = v[3];
        sx0_1[PAD0_2(w)] = x[3];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = (63 - t) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_0[r];
      x[j] = sx0_1[PAD0_2(r)];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] += 991;
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        v[j] ^= 3717;
      }
      {
        v[0] ^= 3717;
      }
      {
        v[1] ^= 3717;
      }
      {
        v[2] ^= 3717;
      }
      {
        v[3] ^= 3717;
      }
    }
    {
      const int w = (((t ^ 38) + 34) & 63) * E0 + ((0 + 2) & (E0 - 1));
      sv0_3[PAD0_4(w)] = v[0];
      sx0_5[w] = x[0];
    }
    {
      const int w = (((t ^ 38) + 34) & 63) * E0 + ((1 + 2) & (E0 - 1));
      sv0_3[PAD0_4(w)] = v[1];
      sx0_5[w] = x[1];
    }
    {
      const int w = (((t ^ 38) + 34) & 63) * E0 + ((2 + 2) & (E0 - 1));
      if ((v[2] & 1) != 0) sv0_3[PAD0_4(w)] = v[2];
      else sv0_3[PAD0_4(w)] = v[2];
      sx0_5[w] = x[2];
    }
    {
      const int w = (((t ^ 38) + 34) & 63) * E0 + ((3 + 2) & (E0 - 1));
      sv0_3[PAD0_4(w)] = v[3];
      sx0_5[w] = x[3];
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = perm0_6(t) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_3[PAD0_4(r)];
      x[j] = sx0_5[r];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] -= 991;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
