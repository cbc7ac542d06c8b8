// title: generated copy 20261207:83 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261207 (kernel 83), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, ballot partition, ballot partition, divergent shared exchange, divergent 8-byte shared exchange, ballot partition, atomic stores.
// launch: gk0<<<max(1, min(2, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N / 4 * 2)
// launch: gk0<<<max(1, min(2, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// init: out = 0
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-83 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's `if (t & 8)` whose two arms store int2s
//   (`sp0_10[PAD0_11(w)] = make_int2(v[j], x[j])`), four `@P0 STS.64` and four `@!P0 STS.64`: each
//   takes 8 lanes of each half-warp, 16 words of distinct banks in each half. The GPU serves the two
//   half-warps of a store in a wavefront each (2 a warp, no conflict), where a load's two halves
//   that together ask one word a bank share one: 448 store wavefronts, not 384.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 288, ld wavefronts 832, ld conflicts 512, st inst 384, st wavefronts 448,
//   st conflicts 0, global ld requests 16, global ld sectors 133, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

const int B0 = 64;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_3(i) ((i) + ((i) >> 5))
#define PAD0_6(i) ((i) * 3 + 1)
#define PAD0_8(i) ((i) * 5 + 1)
#define PAD0_11(i) ((i) + ((i) >> 3))
#define PAD0_14(i) ((i) + ((i) >> 5))
__device__ int perm0_0(int v) { return (v ^ 44); }
__global__ void gk0(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sb0_1[256];
  __shared__ int sbx0_2[263];
  __shared__ int sb0_4[256];
  __shared__ int sbx0_5[767];
  __shared__ int sv0_7[1277];
  __shared__ int sx0_9[8][32];
  __shared__ int2 sp0_10[287];
  __shared__ int sb0_12[256];
  __shared__ int sbx0_13[263];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int k = 0 * B0 + perm0_0(t);  // a pair of elements, one 8-byte load
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
      x[2 * 0] = 2 * k;
      x[2 * 0 + 1] = 2 * k + 1;
    }
    {
      const int k = 1 * B0 + perm0_0(t);  // a pair of elements, one 8-byte load
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
      x[2 * 1] = 2 * k;
      x[2 * 1 + 1] = 2 * k + 1;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      if ((v[j] & 1) != 0) sb0_1[w] = v[j];
      else sb0_1[w] = v[j];
      sbx0_2[PAD0_3(w)] = x[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_1[r];
      x[j] = sbx0_2[PAD0_3(r)];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_4[w] = v[j];
      sbx0_5[PAD0_6(w)] = x[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_4[r];
      x[j] = sbx0_5[PAD0_6(r)];
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      {
        const int w = 0 * B0 + (t ^ 50);
        if ((v[0] & 1) != 0) sv0_7[PAD0_8(w)] = v[0];
        else sv0_7[PAD0_8(w)] = v[0];
        sx0_9[(w) / 32][(w) % 32] = x[0];
      }
      {
        const int w = 1 * B0 + (t ^ 50);
        sv0_7[PAD0_8(w)] = v[1];
        sx0_9[(w) / 32][(w) % 32] = x[1];
      }
      {
        const int w = 2 * B0 + (t ^ 50);
        sv0_7[PAD0_8(w)] = v[2];
        sx0_9[(w) / 32][(w) % 32] = x[2];
      }
      {
        const int w = 3 * B0 + (t ^ 50);
        sv0_7[PAD0_8(w)] = v[3];
        sx0_9[(w) / 32][(w) % 32] = x[3];
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = j * B0 + (t ^ 19);
        sv0_7[PAD0_8(w)] = v[j];
        sx0_9[(w) / 32][(w) % 32] = x[j];
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t) & 31) * 2 + ((t) >> 5)) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_7[PAD0_8(r)];
      x[j] = sx0_9[(r) / 32][(r) % 32];
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = (t ^ 17) * E0 + ((j + 3) & (E0 - 1));
        sp0_10[PAD0_11(w)] = make_int2(v[j], x[j]);
      }
    } else {
      {
        const int w = (t ^ 34) * E0 + ((0 + 3) & (E0 - 1));
        sp0_10[PAD0_11(w)] = make_int2(v[0], x[0]);
      }
      {
        const int w = (t ^ 34) * E0 + ((1 + 3) & (E0 - 1));
        sp0_10[PAD0_11(w)] = make_int2(v[1], x[1]);
      }
      {
        const int w = (t ^ 34) * E0 + ((2 + 3) & (E0 - 1));
        sp0_10[PAD0_11(w)] = make_int2(v[2], x[2]);
      }
      {
        const int w = (t ^ 34) * E0 + ((3 + 3) & (E0 - 1));
        sp0_10[PAD0_11(w)] = make_int2(v[3], x[3]);
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + ((t + 13) & 63);
      int2 q = sp0_10[PAD0_11(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_12[w] = v[j];
      sbx0_13[PAD0_14(w)] = x[j];
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + t;
      v[j] = sb0_12[r];
      x[j] = sbx0_13[PAD0_14(r)];
    }
    for (int j = 3; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
    __syncthreads();
  }
}
