// title: generated sum 20261201:113 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261201 (kernel 113), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, shuffles, arithmetic, shuffle reduction.
// launch: gk0<<<max(1, min(3, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261201-113 as
// scanscope_gen wrote it, kept whole; mechanism: the arms of `if ((t & 1) >= 1)` store sv0_0[w]
//   (lines 50-51, an if/else of the same store, and 57): ptxas makes each arm's own predicated STS,
//   and the line table names the tile loop's line (35) for the first arm's two; they are not one
//   store with the other arm's (10 stores a block, not 6).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 9, ld wavefronts 15, ld conflicts 0, st inst 30, st wavefronts 30,
//   st conflicts 0, global ld requests 12, global ld sectors 112, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 64
#define E0 2
#define TILE0 (B0 * E0)
#define S0 8
#define PAD0_3(i) ((i) + ((i) >> 3))
__device__ __forceinline__ int perm0_1(int v) { return (((v ^ 29) + 36) & 63); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[128];
  __shared__ int wsum0_2[35];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = ((t * 9) & 63) * E0 + ((0 + 3) & (E0 - 1));
      const int g = base + el;
      v[0] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = ((t * 9) & 63) * E0 + ((1 + 3) & (E0 - 1));
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    if ((t & 1) >= 1) {  // divergent: each arm keeps bit 0 of t
      for (int j = 1; j >= 0; --j) {
        const int w = j * B0 + (((t ^ 44) + 63) & 63);
        if ((v[j] & 1) != 0) sv0_0[w] = v[j];
        else sv0_0[w] = v[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + (((t ^ 48) + 63) & 63);
        sv0_0[w] = v[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    for (int j = 1; j >= 0; --j) {
      const int r = perm0_1(t) * E0 + j;
      v[j] = sv0_0[r];
    }
    for (int j = 1; j >= 0; --j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 13, 16);
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = ~v[j];
    }
    for (int j = 1; j >= 0; --j) {
      v[j] = ~v[j];
    }
    {
      acc += v[0];
    }
    {
      acc += v[1];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  for (int o = 16; o > 0; o >>= 1) {
    acc += __shfl_down_sync(FULL, acc, o);
  }
  if (lane == 0) wsum0_2[PAD0_3(warp)] = acc;
  __syncthreads();
  if (warp == 0) {
    int a = lane < 2 ? wsum0_2[PAD0_3(lane)] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
