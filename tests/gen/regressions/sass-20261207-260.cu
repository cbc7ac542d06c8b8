// title: generated copy 20261207:260 (one launch)
// about: Made by scanscope_gen --seed 20261207 (kernel 260), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, divergent shared exchange, a loop of run-time length, shuffles, 8-byte shared exchange, gather by index, 8-byte shared exchange, stores.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N, 3)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-260 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's if/else on bit 2 of t, each arm a loop of
//   an inner if/else `if ((v[j] & 1) != 0) sv0_1[PAD0_2(w)] = v[j]; else sv0_1[PAD0_2(w)] = v[j];`
//   and a store of sx0_3; ptxas kept the outer arms apart by predicates (@P0 STS, @!P0 STS) and
//   names no store with the inner if/else's lines. The four lines are one group a copy in each arm,
//   not one for the lanes of both arms: 480 store instructions, not 384.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 288, ld wavefronts 672, ld conflicts 320, st inst 480, st wavefronts 776,
//   st conflicts 232, global ld requests 16, global ld sectors 132, global st requests 32, global st sectors 273

#define FULL 0xffffffffu

#define B0 64
#define E0 2
#define TILE0 (B0 * E0)
#define S0 2
#define PAD0_2(i) ((i) + ((i) >> 5))
#define PAD0_4(i) ((i) + ((i) >> 4))
#define PAD0_7(i) ((i) + ((i) >> 3))
#define PAD0_10(i) ((i) * 5 + 0)
#define PAD0_12(i) ((i) + ((i) >> 4))
__device__ int perm0_0(int v) { return ((v + 33) & 63); }
__device__ int perm0_5(int v) { return (((v) & 31) * 2 + ((v) >> 5)); }
__device__ int perm0_8(int v) { return (((v ^ 24) + 56) & 63); }
__device__ int perm0_13(int v) { return ((v + 54) & 63); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_1[131];
  __shared__ int sx0_3[135];
  __shared__ int2 sp0_6[143];
  __shared__ int sg0_9[636];
  __shared__ int2 sp0_11[135];
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
    for (int rep = 0; rep < reps; ++rep) {
      if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
        for (int j = 0; j < E0; ++j) {
          const int w = j * B0 + ((((t ^ 11) ^ 32) + 57) & 63);
          if ((v[j] & 1) != 0) sv0_1[PAD0_2(w)] = v[j];
          else sv0_1[PAD0_2(w)] = v[j];
          sx0_3[PAD0_4(w)] = x[j];
        }
      } else {
        for (int j = 0; j < E0; ++j) {
          const int w = j * B0 + ((((t ^ 48) ^ 32) + 57) & 63);
          if ((v[j] & 1) != 0) sv0_1[PAD0_2(w)] = v[j];
          else sv0_1[PAD0_2(w)] = v[j];
          sx0_3[PAD0_4(w)] = x[j];
        }
      }
      __syncthreads();  // step: written before other threads read them
      {
        const int r = perm0_5(t) * E0 + ((0 + 3) & (E0 - 1));
        v[0] = sv0_1[PAD0_2(r)];
        x[0] = sx0_3[PAD0_4(r)];
      }
      {
        const int r = perm0_5(t) * E0 + ((1 + 3) & (E0 - 1));
        v[1] = sv0_1[PAD0_2(r)];
        x[1] = sx0_3[PAD0_4(r)];
      }
      __syncthreads();
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 4, 16);
      x[j] = __shfl_xor_sync(FULL, x[j], 4, 16);
    }
    {
      const int w = 0 * B0 + ((t * 15) & 63);
      sp0_6[PAD0_7(w)] = make_int2(v[0], x[0]);
    }
    {
      const int w = 1 * B0 + ((t * 15) & 63);
      sp0_6[PAD0_7(w)] = make_int2(v[1], x[1]);
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = perm0_8(t) * E0 + ((j + 3) & (E0 - 1));
      int2 q = sp0_6[PAD0_7(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    for (int j = 0; j < E0; ++j) {
      sg0_9[PAD0_10(x[j])] = v[j];
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int el = (((t) & 31) * 2 + ((t) >> 5)) * E0 + j;
      v[j] = sg0_9[PAD0_10(el)];
      x[j] = el;
    }
    {
      const int w = (63 - t) * E0 + ((0 + 2) & (E0 - 1));
      sp0_11[PAD0_12(w)] = make_int2(v[0], x[0]);
    }
    {
      const int w = (63 - t) * E0 + ((1 + 2) & (E0 - 1));
      sp0_11[PAD0_12(w)] = make_int2(v[1], x[1]);
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int r = 0 * B0 + perm0_13(t);
      int2 q = sp0_11[PAD0_12(r)];
      v[0] = q.x;
      x[0] = q.y;
    }
    {
      const int r = 1 * B0 + perm0_13(t);
      int2 q = sp0_11[PAD0_12(r)];
      v[1] = q.x;
      x[1] = q.y;
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}
