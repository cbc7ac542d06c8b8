// title: generated sum 20261208:81 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261208 (kernel 81), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, arithmetic, shuffle reduction.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261208-81 as
//   scanscope_gen wrote it, kept whole; mechanism: a divergent if/else (`if ((t & 7) >= 4)`) whose
//   then arm is a loop storing a thread's 16-byte row of sv0_0 and whose else arm is a loop of
//   one-line inner if/else written alike (`if ((v[j] & 1) != 0) sv0_0[w] = v[j]; else sv0_0[w] =
//   v[j];`). ptxas kept the arms apart and joined each arm's four stores into one STS.128: `@P0
//   STS.128` and `@!P0 STS.128`, both named with the then arm's line; the else arm's lines have no
//   instruction. One store instruction a warp for each arm there, not one a word for the else arm.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 10, ld wavefronts 34, ld conflicts 0, st inst 24, st wavefronts 72,
//   st conflicts 0, global ld requests 32, global ld sectors 500, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 64
#define BY0 2
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[512];
  __shared__ int wsum0_1[32];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = (127 - t) * E0 + ((j + 3) & (E0 - 1));
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if ((t & 7) >= 4) {  // divergent: each arm keeps bit 2 of t
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = ((t ^ 121) ^ 55) * E0 + j;
        sv0_0[w] = v[j];
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = ((t ^ 32) ^ 55) * E0 + j;
        if ((v[j] & 1) != 0) sv0_0[w] = v[j];
        else sv0_0[w] = v[j];
      }
    }
    __syncthreads();
    {
      const int r = (((t ^ 64) + 99) & 127) * E0 + ((0 + 2) & (E0 - 1));
      v[0] = sv0_0[r];
    }
    {
      const int r = (((t ^ 64) + 99) & 127) * E0 + ((1 + 2) & (E0 - 1));
      v[1] = sv0_0[r];
    }
    {
      const int r = (((t ^ 64) + 99) & 127) * E0 + ((2 + 2) & (E0 - 1));
      v[2] = sv0_0[r];
    }
    {
      const int r = (((t ^ 64) + 99) & 127) * E0 + ((3 + 2) & (E0 - 1));
      v[3] = sv0_0[r];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = ~v[j];
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = ~v[j];
    }
    for (int j = 3; j >= 0; --j) {
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  for (int o = 16; o > 0; o >>= 1) {
    acc += __shfl_down_sync(FULL, acc, o);
  }
  if (lane == 0) wsum0_1[warp] = acc;
  __syncthreads();
  if (warp == 0) {
    int a = lane < 4 ? wsum0_1[lane] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
