// title: generated sum 20261207:244 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261207 (kernel 244), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, ballot partition, stores.
//   gk1: loads, shuffles, shared exchange, shuffle reduction.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, c0, N)
// launch: gk1<<<max(1, min(2, (N + S1 + TILE1 - 1) / TILE1)), B1>>>(c0, out, N)
// array: c0[N]
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-244 as
// scanscope_gen wrote it, kept whole; mechanism: gk0's unrolled loop `v[j] = sb0_0[PAD0_1(r)]`
//   feeds four stores `if (g >= 0 && g < n) dst[g] = v[j]` on lines of their own. ptxas made
//   two of the line's four LDS only in the threads of one of them each: `@!P0 LDS` with the
//   predicate of v[0]'s STG, and an LDS after the `@P3 EXIT` of the threads that do not make
//   v[3]'s STG. Each gated copy counted in the warps that make its store: 39 load instructions,
//   not 41.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 39, ld wavefronts 47, ld conflicts 8, st inst 48, st wavefronts 56,
//   st conflicts 8, global ld requests 20, global ld sectors 160, global st requests 12, global st sectors 128

#define FULL 0xffffffffu

const int B0 = 128;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) * 3 + 1)
#define PAD0_3(i) ((i) * 3 + 0)
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sb0_0[1535];
  __shared__ int sbx0_2[1534];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = ((t + 22) & 127) * E0 + ((0 + 3) & (E0 - 1));
      const int g = base + el;
      v[0] = g >= 0 && g < n ? src[g] : 0;
      x[0] = el;
    }
    {
      const int el = ((t + 22) & 127) * E0 + ((1 + 3) & (E0 - 1));
      const int g = base + el;
      v[1] = 0;
      if (g >= 0 && g < n) v[1] = src[g];
      x[1] = el;
    }
    {
      const int el = ((t + 22) & 127) * E0 + ((2 + 3) & (E0 - 1));
      const int g = base + el;
      v[2] = 0;
      if (g >= 0 && g < n) v[2] = src[g];
      x[2] = el;
    }
    {
      const int el = ((t + 22) & 127) * E0 + ((3 + 3) & (E0 - 1));
      const int g = base + el;
      v[3] = g >= 0 && g < n ? src[g] : 0;
      x[3] = el;
    }
    {
      const int p = (v[0] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 0 * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[0];
      sbx0_2[PAD0_3(w)] = x[0];
    }
    {
      const int p = (v[1] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 1 * B0 + warp * 32 + dest;
      if ((v[1] & 1) != 0) sb0_0[PAD0_1(w)] = v[1];
      else sb0_0[PAD0_1(w)] = v[1];
      sbx0_2[PAD0_3(w)] = x[1];
    }
    {
      const int p = (v[2] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 2 * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[2];
      sbx0_2[PAD0_3(w)] = x[2];
    }
    {
      const int p = (v[3] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 3 * B0 + warp * 32 + dest;
      if ((v[3] & 1) != 0) sb0_0[PAD0_1(w)] = v[3];
      else sb0_0[PAD0_1(w)] = v[3];
      sbx0_2[PAD0_3(w)] = x[3];
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_0[PAD0_1(r)];
      x[j] = sbx0_2[PAD0_3(r)];
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
  }
}

#define B1 256
#define E1 1
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_1(i) ((i) + ((i) >> 3))
#define PAD1_4(i) ((i) * 3 + 2)
__device__ int perm1_2(int v) { return (v ^ 168); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[287];
  __shared__ int wsum1_3[96];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int acc = 0;
  const int tiles = (n + S1 + TILE1 - 1) / TILE1;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int j = 0;
      const int el = t;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    {
      const int j = 0;
      v[j] = __shfl_xor_sync(FULL, v[j], 1, 4);
    }
    {
      const int j = 0;
      const int w = perm1_2(t);
      sv1_0[PAD1_1(w)] = v[j];
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int j = 0;
      const int r = ((t + 184) & 255);
      v[j] = sv1_0[PAD1_1(r)];
    }
    {
      const int j = 0;
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  for (int o = 16; o > 0; o >>= 1) {
    acc += __shfl_down_sync(FULL, acc, o);
  }
  if (lane == 0) wsum1_3[PAD1_4(warp)] = acc;
  __syncthreads();
  if (warp == 0) {
    int a = lane < 8 ? wsum1_3[PAD1_4(lane)] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
