// title: generated sum 20261130:180 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261130 (kernel 180), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, atomic shared exchange, shuffles, warp-local exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-180 as
// scanscope_gen wrote it, kept whole; mechanism: the zeroing loop `for (int i = t; i < 1276; i += B0) sv0_0[i] = 0;` (lines 52-53 here), which ptxas unrolled into
//   three remainder STS (n mod 4 iterations), a loop of 16 STS and blocks of 8 and 4: in warp 1, lanes 32-59 run 20
//   iterations (16 + 4) and lanes 60-63 run 19 (3 + 16): 23 stores, not 20 (SourceSite::unrolled).
// ncu: NVIDIA H200, 2026-11-27: ld inst 64, ld wavefronts 96, ld conflicts 32, st inst 204, st wavefronts 236,
//   st conflicts 32, global ld requests 16, global ld sectors 250, global st requests 0, global st sectors 0

#define B0 64
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 5 + 0)
#define PAD0_3(i) ((i) * 2 + 2)
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[1276];
  __shared__ int sw0_2[513];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < (E0 / 2); ++j) {
      const int k = j * B0 + ((t * 17) & 63);  // a pair of elements, one 8-byte load
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
    }
    for (int i = t; i < 1276; i += B0) {
      sv0_0[i] = 0;
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + (((t ^ 49) + 49) & 63);
      atomicOr(&sv0_0[PAD0_1(w)], v[j]);
    }
    __syncthreads();
    {
      const int r = 0 * B0 + (((t ^ 52) + 39) & 63);
      v[0] = sv0_0[PAD0_1(r)];
    }
    {
      const int r = 1 * B0 + (((t ^ 52) + 39) & 63);
      v[1] = sv0_0[PAD0_1(r)];
    }
    {
      const int r = 2 * B0 + (((t ^ 52) + 39) & 63);
      v[2] = sv0_0[PAD0_1(r)];
    }
    {
      const int r = 3 * B0 + (((t ^ 52) + 39) & 63);
      v[3] = sv0_0[PAD0_1(r)];
    }
    {
      v[0] = __shfl_sync(FULL, v[0], lane + 2, 4);
    }
    {
      v[1] = __shfl_sync(FULL, v[1], lane + 2, 4);
    }
    {
      v[2] = __shfl_sync(FULL, v[2], lane + 2, 4);
    }
    {
      v[3] = __shfl_sync(FULL, v[3], lane + 2, 4);
    }
    for (int j = 3; j >= 0; --j) {
      const int w = j * B0 + warp * 32 + (lane ^ 21);
      sw0_2[PAD0_3(w)] = v[j];
    }
    __syncwarp();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + warp * 32 + ((lane * 17) & 31);
      v[j] = sw0_2[PAD0_3(r)];
    }
    for (int j = 3; j >= 0; --j) {
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
