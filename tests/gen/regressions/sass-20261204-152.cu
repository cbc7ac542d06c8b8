// title: generated copy 20261204:152 (one launch)
// about: Made by scanscope_gen --seed 20261204 (kernel 152), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, gather by index, ballot partition, divergent shared exchange, shuffles, shuffles, stores.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-152 as
// scanscope_gen wrote it, kept whole; mechanism: the divergent if/else on bit 4 of t became one
//   straight run of code: eight unpredicated STS, each the k-th store (sv0_5, sx0_6, ...) of both
//   arms, all named with the line of `x[j] = sbx0_4[r]` before the branch, a line without stores;
//   no line of either arm has a store instruction. Each arm's k-th store paired with the other's:
//   80 store instructions, 208 wavefronts, 128 conflicts (104, 224, 120 as written).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 80, ld wavefronts 160, ld conflicts 80, st inst 80, st wavefronts 208,
//   st conflicts 128, global ld requests 4, global ld sectors 64, global st requests 8, global st sectors 53

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 3 + 3)
#define PAD0_3(i) ((i) * 2 + 1)
#define PAD0_7(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sg0_0[1537];
  __shared__ int sb0_2[1024];
  __shared__ int sbx0_4[512];
  __shared__ int sv0_5[16][32];
  __shared__ int sx0_6[575];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int k = t * (E0 / 2) + j;  // a pair of elements, one 8-byte load
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
      x[2 * j] = 2 * k;
      x[2 * j + 1] = 2 * k + 1;
    }
    for (int j = 0; j < E0; ++j) {
      sg0_0[PAD0_1(x[j])] = v[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = j * B0 + (t ^ 71);
      v[j] = sg0_0[PAD0_1(el)];
      x[j] = el;
    }
    {
      const int p = (v[0] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 0 * B0 + warp * 32 + dest;
      sb0_2[PAD0_3(w)] = v[0];
      sbx0_4[w] = x[0];
    }
    {
      const int p = (v[1] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 1 * B0 + warp * 32 + dest;
      sb0_2[PAD0_3(w)] = v[1];
      sbx0_4[w] = x[1];
    }
    {
      const int p = (v[2] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 2 * B0 + warp * 32 + dest;
      sb0_2[PAD0_3(w)] = v[2];
      sbx0_4[w] = x[2];
    }
    {
      const int p = (v[3] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 3 * B0 + warp * 32 + dest;
      sb0_2[PAD0_3(w)] = v[3];
      sbx0_4[w] = x[3];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + t;
      v[j] = sb0_2[PAD0_3(r)];
      x[j] = sbx0_4[r];
    }
    if (t & 16) {  // divergent: each arm keeps bit 4 of t
      {
        const int w = (t ^ 44) * E0 + ((0 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[0];
        sx0_6[PAD0_7(w)] = x[0];
      }
      {
        const int w = (t ^ 44) * E0 + ((1 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[1];
        sx0_6[PAD0_7(w)] = x[1];
      }
      {
        const int w = (t ^ 44) * E0 + ((2 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[2];
        sx0_6[PAD0_7(w)] = x[2];
      }
      {
        const int w = (t ^ 44) * E0 + ((3 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[3];
        sx0_6[PAD0_7(w)] = x[3];
      }
    } else {
      {
        const int w = (t ^ 44) * E0 + ((0 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[0];
        sx0_6[PAD0_7(w)] = x[0];
      }
      {
        const int w = (t ^ 44) * E0 + ((1 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[1];
        sx0_6[PAD0_7(w)] = x[1];
      }
      {
        const int w = (t ^ 44) * E0 + ((2 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[2];
        sx0_6[PAD0_7(w)] = x[2];
      }
      {
        const int w = (t ^ 44) * E0 + ((3 + 2) & (E0 - 1));
        sv0_5[(w) / 32][(w) % 32] = v[3];
        sx0_6[PAD0_7(w)] = x[3];
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t ^ 37) + 5) & 127) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_5[(r) / 32][(r) % 32];
      x[j] = sx0_6[PAD0_7(r)];
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_sync(FULL, v[j], lane * 7, 16);
      x[j] = __shfl_sync(FULL, x[j], lane * 7, 16);
    }
    for (int j = 3; j >= 0; --j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 7, 8);
      x[j] = __shfl_xor_sync(FULL, x[j], 7, 8);
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) dst[g] = v[0];
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) dst[g] = v[1];
    }
    {
      const int g = base + x[2];
      if (g >= 0 && g < n) dst[g] = v[2];
    }
    {
      const int g = base + x[3];
      if (g >= 0 && g < n) dst[g] = v[3];
    }
    __syncthreads();
  }
}
