// title: generated sum 20261201:122 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261201 (kernel 122), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261201-122 as
// scanscope_gen wrote it, kept whole; mechanism: four stores of a thread's 16-byte block (lines
//   42-55 here), the fourth an if/else of the same store, which ptxas makes one STS.128: the arms'
//   stores are a lane of it (8 stores, not 16).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 8, ld wavefronts 32, ld conflicts 0, st inst 8, st wavefronts 32,
//   st conflicts 0, global ld requests 32, global ld sectors 125, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *__restrict__ src, int *dst, int n) {
  __shared__ int sv0_0[512];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = j * B0 + (t ^ 16);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    {
      const int w = t * E0 + ((0 + 2) & (E0 - 1));
      sv0_0[w] = v[0];
    }
    {
      const int w = t * E0 + ((1 + 2) & (E0 - 1));
      sv0_0[w] = v[1];
    }
    {
      const int w = t * E0 + ((2 + 2) & (E0 - 1));
      sv0_0[w] = v[2];
    }
    {
      const int w = t * E0 + ((3 + 2) & (E0 - 1));
      if ((v[3] & 1) != 0) sv0_0[w] = v[3];
      else sv0_0[w] = v[3];
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = t * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_0[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
  }
  __syncthreads();
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
