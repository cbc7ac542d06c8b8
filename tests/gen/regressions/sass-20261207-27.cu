// title: generated sum 20261207:27 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261207 (kernel 27), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shuffles, arithmetic, shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-27 as
//   scanscope_gen wrote it, kept whole; mechanism: four statements store a thread's 16-byte row of
//   sv0_0 (words 0, 1, 2, 3; the last a one-line inner if/else written alike). ptxas joined them
//   into one STS.128, which the line table names with the line of a register loop before them
//   (`v[j] = ~v[j]`, no store); the four statements' lines have no instruction. Its address
//   places each thread's four words: one store instruction a warp, not four.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 32, ld wavefronts 128, ld conflicts 96, st inst 8, st wavefronts 32,
//   st conflicts 0, global ld requests 16, global ld sectors 250, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[512];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int k = (((t ^ 7) + 120) & 127) * (E0 / 2) + 0;  // a pair of elements, one 8-byte load
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
      const int k = (((t ^ 7) + 120) & 127) * (E0 / 2) + 1;  // a pair of elements, one 8-byte load
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
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 15, 8);
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = ~v[j];
    }
    {
      const int w = (((t ^ 9) + 107) & 127) * E0 + 0;
      sv0_0[w] = v[0];
    }
    {
      const int w = (((t ^ 9) + 107) & 127) * E0 + 1;
      sv0_0[w] = v[1];
    }
    {
      const int w = (((t ^ 9) + 107) & 127) * E0 + 2;
      sv0_0[w] = v[2];
    }
    {
      const int w = (((t ^ 9) + 107) & 127) * E0 + 3;
      if ((v[3] & 1) != 0) sv0_0[w] = v[3];
      else sv0_0[w] = v[3];
    }
    __syncthreads();  // step: written before other threads read them
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + (((t) & 31) * 4 + ((t) >> 5));
      v[j] = sv0_0[r];
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = ~v[j];
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
