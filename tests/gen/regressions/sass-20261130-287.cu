// title: generated copy 20261130:287 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261130 (kernel 287), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, divergent shared exchange, stores.
// launch: gk0<<<max(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N / 4 * 2)
// launch: gk0<<<max(1, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

const int B0 = 32;
const int E0 = 1;
// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-287 as
// scanscope_gen wrote it, kept whole; mechanism: the stores of an if/else's arms written alike, two in one arm (lines 53-54 here, an if/else of
//   their own) and one in the other (line 61): ptxas makes one STS after the branch, named with line 61; one per warp, not two.
// ncu: NVIDIA H200, 2026-11-27: ld inst 128, ld wavefronts 192, ld conflicts 64, st inst 128, st wavefronts 192,
//   st conflicts 64, global ld requests 32, global ld sectors 141, global st requests 32, global st sectors 141

#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 2 + 3)
#define PAD0_3(i) ((i) + ((i) >> 3))
#define PAD0_5(i) ((i) * 5 + 1)
#define PAD0_7(i) ((i) * 5 + 2)
__device__ int perm0_8(int v) { return ((v + 5) & 31); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[66];
  __shared__ int sx0_2[35];
  __shared__ int sv0_4[157];
  __shared__ int sx0_6[158];
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
      const int el = (t ^ 9);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if ((t >> 0) & 1) {  // divergent: each arm keeps bit 0 of t
      {
        const int j = 0;
        const int w = ((t ^ 10) ^ 11);
        if ((v[j] & 1) != 0) sv0_0[PAD0_1(w)] = v[j];
        else sv0_0[PAD0_1(w)] = v[j];
        sx0_2[PAD0_3(w)] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = ((t ^ 6) ^ 11);
        sv0_0[PAD0_1(w)] = v[j];
        sx0_2[PAD0_3(w)] = x[j];
      }
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (t ^ 4);
      v[j] = sv0_0[PAD0_1(r)];
      x[j] = sx0_2[PAD0_3(r)];
    }
    if (t & 16) {  // divergent: each arm keeps bit 4 of t
      {
        const int j = 0;
        const int w = (t ^ 2);
        sv0_4[PAD0_5(w)] = v[j];
        sx0_6[PAD0_7(w)] = x[j];
      }
    } else {
      {
        const int j = 0;
        const int w = (t ^ 5);
        sv0_4[PAD0_5(w)] = v[j];
        sx0_6[PAD0_7(w)] = x[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int j = 0;
      const int r = perm0_8(t);
      v[j] = sv0_4[PAD0_5(r)];
      x[j] = sx0_6[PAD0_7(r)];
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
