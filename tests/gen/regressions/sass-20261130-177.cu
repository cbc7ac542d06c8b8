// title: generated copy 20261130:177 (one launch)
// about: Made by scanscope_gen --seed 20261130 (kernel 177), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent 8-byte shared exchange, arithmetic, warp-local exchange, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

const int B0 = 32;
const int E0 = 2;
#define TILE0 (B0 * E0)
// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-177 as
// scanscope_gen wrote it, kept whole; mechanism: the int2 stores of an if/else's arms (lines 50, 55 and 59 here, written alike), which
//   ptxas makes two STS.64 after the branch that the line table names with line 66, a load's: two per warp, not four.
// ncu: NVIDIA H200, 2026-11-27: ld inst 96, ld wavefronts 160, ld conflicts 32, st inst 96, st wavefronts 160,
//   st conflicts 32, global ld requests 32, global ld sectors 280, global st requests 32, global st sectors 280

#define S0 2
#define BX0 16
#define BY0 2
#define PAD0_1(i) ((i) * 5 + 0)
#define PAD0_3(i) ((i) * 2 + 2)
__device__ int perm0_5(int v) { return (31 - v); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int2 sp0_0[316];
  __shared__ int sw0_2[129];
  __shared__ int swx0_4[64];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = (t ^ 11) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    if (t & 2) {  // divergent: each arm keeps bit 1 of t
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + ((t ^ 5) ^ 15);
        sp0_0[PAD0_1(w)] = make_int2(v[j], x[j]);
      }
    } else {
      {
        const int w = 0 * B0 + ((t ^ 5) ^ 15);
        sp0_0[PAD0_1(w)] = make_int2(v[0], x[0]);
      }
      {
        const int w = 1 * B0 + ((t ^ 5) ^ 15);
        sp0_0[PAD0_1(w)] = make_int2(v[1], x[1]);
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + (((t ^ 30) + 18) & 31);
      int2 q = sp0_0[PAD0_1(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] += 573;
    }
    {
      const int w = 0 * B0 + warp * 32 + lane;
      sw0_2[PAD0_3(w)] = v[0];
      swx0_4[w] = x[0];
    }
    {
      const int w = 1 * B0 + warp * 32 + lane;
      sw0_2[PAD0_3(w)] = v[1];
      swx0_4[w] = x[1];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + perm0_5(lane);
      v[j] = sw0_2[PAD0_3(r)];
      x[j] = swx0_4[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] -= 573;
    }
    for (int j = 1; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
