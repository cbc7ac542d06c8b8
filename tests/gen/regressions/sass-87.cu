// title: generated copy 20261127:87 (one launch)
// about: Made by scanscope_gen --seed 20261127 (kernel 87), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, ballot partition, stores.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// check: copy
// types: float
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261127-87 as
// scanscope_gen wrote it, kept whole; mechanism: the stores of an if/else's two arms to the same word (lines 42 and 43 as generated) are one STS, which the line table names with the next line's: one store for the two arms.
// ncu: NVIDIA H200, 2026-11-27: ld inst 64, ld wavefronts 96, ld conflicts 32, st inst 64, st wavefronts 96,
//   st conflicts 32, global ld requests 32, global ld sectors 157, global st requests 32, global st sectors 157

const int B0 = 128;
const int E0 = 2;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_2(i) ((i) * 2 + 3)
__device__ int perm0_0(int v) { return ((v + 33) & 127); }
__global__ void gk0(const float *src, float *dst, int n) {
  __shared__ float sb0_1[514];
  __shared__ int sbx0_3[256];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  float v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < E0; ++j) {
      const int el = j * B0 + perm0_0(t);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    for (int j = 0; j < E0; ++j) {
      const int p = (__float_as_int(v[j]) >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      if (v[j] > 5.0f) sb0_1[PAD0_2(w)] = v[j];
      else sb0_1[PAD0_2(w)] = v[j];
      sbx0_3[w] = x[j];
    }
    __syncwarp();
    for (int j = 1; j >= 0; --j) {
      const int r = j * B0 + t;
      v[j] = sb0_1[PAD0_2(r)];
      x[j] = sbx0_3[r];
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
    __syncthreads();
  }
}
