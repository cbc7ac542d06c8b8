// title: generated sum 20261203:0 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261203 (kernel 0), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, shuffles, shuffles, ballot partition, tree reduction.
//   gk1: loads, arithmetic, shared atomics.
// launch: gk0<<<max(1, min(3, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, partial, N, E0)
// launch: gk1<<<1, B1>>>(partial, out, max(1, min(3, (N + S0 + TILE0 - 1) / TILE0)))
// array: partial[max(1, min(3, (N + S0 + TILE0 - 1) / TILE0))]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261203-0 as
// scanscope_gen wrote it, kept whole; mechanism: each arm's eight stores of a thread's 8-word
//   block in the order of words 3, 4, 5, 6, 7, 0, 1, 2, which ptxas makes STS [R18], [R18+0x4], ..,
//   [R18+0x10], STS.64 [R17], STS [R17+0x8]: the base of words 3-7 is only 4-byte aligned, so
//   they stay five stores; seven a warp, not four (in order) or three (aligned blocks). The
//   instructions' base registers and offsets place the words (SourceSite::vector_layout).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 39, ld wavefronts 95, ld conflicts 48, st inst 53, st wavefronts 249,
//   st conflicts 192, global ld requests 9, global ld sectors 257, global st requests 2, global st sectors 2

#define FULL 0xffffffffu

const int B0 = 64;
const int E0 = 8;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_3(i) ((i) * 3 + 0)
__global__ void gk0(const int *src, int *dst, int n, int e) {
  __shared__ int sv0_0[512];
  __shared__ int sb0_1[512];
  __shared__ int red0_2[190];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < E0; ++j) {
      const int el = (63 - t) * E0 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      for (int j = 0; j < E0; ++j) {
        const int w = ((((t ^ 32)) & 31) * 2 + (((t ^ 32)) >> 5)) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
      }
    } else {
      #pragma unroll 1
      for (int j = 0; j < E0; j++) {
        const int w = ((((t ^ 32)) & 31) * 2 + (((t ^ 32)) >> 5)) * E0 + ((j + 3) & (E0 - 1));
        sv0_0[w] = v[j];
      }
    }
    __syncthreads();
    #pragma unroll 1
    for (int j = 0; j < E0; j++) {
      const int r = (63 - t) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_0[r];
    }
    for (int j = 7; j >= 0; --j) {
      {
        int lo = __shfl_down_sync(FULL, v[j], 30);
        int hi = __shfl_up_sync(FULL, v[j], 2);
        v[j] = (lane & 31) < 2 ? lo : hi;
      }
    }
    for (int j = 0; j < E0; ++j) {
      v[j] = __shfl_xor_sync(FULL, v[j], 6, 16);
    }
    for (int j = 0; j < e; ++j) {
      const int p = (v[j] >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_1[w] = v[j];
    }
    __syncthreads();
    #pragma unroll 1
    for (int j = 0; j < E0; j++) {
      const int r = j * B0 + t;
      v[j] = sb0_1[r];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  red0_2[PAD0_3(t)] = acc;
  __syncthreads();
  for (int s = B0 / 2; s > 0; s >>= 1) {
    if (t < s) red0_2[PAD0_3(t)] += red0_2[PAD0_3(t + s)];
    __syncthreads();
  }
  if (t == 0) total = red0_2[PAD0_3(0)];
  if (t == 0) dst[blockIdx.x] = total;
}

const int B1 = 128;
const int E1 = 1;
#define TILE1 (B1 * E1)
#define S1 8
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int bins1_0[8];
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
      const int el = (t ^ 16);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] = ~v[j];
      }
      {
        const int j = 0;
        v[j] = ~v[j];
      }
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  if (t < 8) bins1_0[t] = 0;
  __syncthreads();
  atomicAdd(&bins1_0[t % 8], acc);
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 8; ++i) total += bins1_0[i];
  }
  if (t == 0) dst[0] = total;  // one block
}
