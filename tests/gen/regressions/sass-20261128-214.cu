// title: generated copy 20261128:214 (one launch)
// about: Made by scanscope_gen --seed 20261128 (kernel 214), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shared exchange, divergent atomic shared exchange, a loop of run-time length, 8-byte shared exchange, stores.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N, N % 3)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261128-214 as
// scanscope_gen wrote it, kept whole; mechanism: shared loads whose PTX has no line (line 0) and whose LDS the line table names another line for: not removed, counted as written.
// ncu: NVIDIA H100 80GB HBM3, 2026-11-27: ld inst 24, ld wavefronts 120, ld conflicts 88, st inst 44, st wavefronts 120,
//   st conflicts 68, global ld requests 4, global ld sectors 36, global st requests 8, global st sectors 104

#define B0 64
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_5(i) ((i) * 5 + 0)
#define PAD0_7(i) ((i) * 2 + 2)
#define PAD0_9(i) ((i) * 2 + 3)
__device__ __forceinline__ int perm0_2(int v) { return (((v ^ 13) + 36) & 63); }
__device__ __forceinline__ int perm0_3(int v) { return (((v) & 31) * 2 + ((v) >> 5)); }
__device__ __forceinline__ int perm0_10(int v) { return (v ^ 2); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_0[8][18];
  __shared__ int sx0_1[128];
  __shared__ int sv0_4[636];
  __shared__ int sx0_6[257];
  __shared__ int2 sp0_8[258];
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
      const int k = (((t ^ 45) + 11) & 63);  // a pair of elements, one 8-byte load
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
    for (int rep = 0; rep < reps; ++rep) {
      if (tile % 3 == 0) {  // uniform: the whole block goes one way
        {
          const int w = perm0_2(t) * E0 + 0;
          sv0_0[(w) / 16][(w) % 16] = v[0];
          sx0_1[w] = x[0];
        }
        {
          const int w = perm0_2(t) * E0 + 1;
          sv0_0[(w) / 16][(w) % 16] = v[1];
          sx0_1[w] = x[1];
        }
        __syncthreads();
        {
          const int r = perm0_3(t) * E0 + ((0 + 3) & (E0 - 1));
          v[0] = sv0_0[(r) / 16][(r) % 16];
          x[0] = sx0_1[r];
        }
        {
          const int r = perm0_3(t) * E0 + ((1 + 3) & (E0 - 1));
          v[1] = sv0_0[(r) / 16][(r) % 16];
          x[1] = sx0_1[r];
        }
      } else {
        for (int i = t; i < 636; i += B0) {
          sv0_4[i] = 0;
        }
        __syncthreads();  // step: the zeroed words before the writes
        if ((t & 15) >= 8) {  // divergent: each arm keeps bit 3 of t
          #pragma unroll
          for (int j = 0; j < E0; ++j) {
            const int w = (t ^ 21) * E0 + j;
            atomicExch(&sv0_4[PAD0_5(w)], v[j]);
            sx0_6[PAD0_7(w)] = x[j];
          }
        } else {
          for (int j = 0; j < E0; ++j) {
            const int w = (t ^ 36) * E0 + j;
            atomicXor(&sv0_4[PAD0_5(w)], v[j]);
            sx0_6[PAD0_7(w)] = x[j];
          }
        }
        __syncthreads();
        {
          const int r = (63 - t) * E0 + 0;
          v[0] = sv0_4[PAD0_5(r)];
          x[0] = sx0_6[PAD0_7(r)];
        }
        {
          const int r = (63 - t) * E0 + 1;
          v[1] = sv0_4[PAD0_5(r)];
          x[1] = sx0_6[PAD0_7(r)];
        }
      }
      __syncthreads();
    }
    for (int j = 1; j >= 0; --j) {
      const int w = ((t + 13) & 63) * E0 + j;
      sp0_8[PAD0_9(w)] = make_int2(v[j], x[j]);
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = perm0_10(t) * E0 + j;
      int2 q = sp0_8[PAD0_9(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
