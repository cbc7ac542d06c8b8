// title: generated sum 20261208:67 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261208 (kernel 67), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, divergent shared exchange, divergent shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261208-67 as
//   scanscope_gen wrote it, kept whole; mechanism: a divergent if/else (`if ((t >> 0) & 1)`) whose
//   two arms each store a thread's 16-byte row of sv0_0 with four statements (two of the else arm's
//   one-line inner if/else written alike). nvcc made the arms straight code (each store's address
//   chosen per thread) and ptxas joined the four stores into one unpredicated STS.128, named with
//   the else arm's last line: one store instruction a warp for both arms, not four.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 40, ld wavefronts 64, ld conflicts 0, st inst 72, st wavefronts 96,
//   st conflicts 0, global ld requests 16, global ld sectors 257, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 32
#define E0 4
#define TILE0 (B0 * E0)
#define S0 10
#define BX0 16
#define BY0 2
#define PAD0_3(i) ((i) + ((i) >> 5))
__device__ int perm0_1(int v) { return (v ^ 4); }
__device__ int perm0_4(int v) { return (31 - v); }
__global__ void gk0(const int *__restrict__ src, int *__restrict__ dst, int n) {
  __shared__ int sv0_0[128];
  __shared__ int sv0_2[131];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int k = (t ^ 20) * (E0 / 2) + 0;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 0] = q.x;
      v[2 * 0 + 1] = q.y;
    }
    {
      const int k = (t ^ 20) * (E0 / 2) + 1;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 1] = q.x;
      v[2 * 1 + 1] = q.y;
    }
    if ((t >> 0) & 1) {  // divergent: each arm keeps bit 0 of t
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((0 + 2) & (E0 - 1));
        sv0_0[w] = v[0];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[w] = v[1];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((2 + 2) & (E0 - 1));
        sv0_0[w] = v[2];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((3 + 2) & (E0 - 1));
        sv0_0[w] = v[3];
      }
    } else {
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((0 + 2) & (E0 - 1));
        if ((v[0] & 1) != 0) sv0_0[w] = v[0];
        else sv0_0[w] = v[0];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[w] = v[1];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((2 + 2) & (E0 - 1));
        if ((v[2] & 1) != 0) sv0_0[w] = v[2];
        else sv0_0[w] = v[2];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((3 + 2) & (E0 - 1));
        sv0_0[w] = v[3];
      }
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = perm0_1(t) * E0 + j;
      v[j] = sv0_0[r];
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      for (int j = 3; j >= 0; --j) {
        const int w = perm0_4((t ^ 4)) * E0 + j;
        sv0_2[PAD0_3(w)] = v[j];
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        const int w = perm0_4((t ^ 20)) * E0 + j;
        sv0_2[PAD0_3(w)] = v[j];
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = t * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_2[PAD0_3(r)];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
