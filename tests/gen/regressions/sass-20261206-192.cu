// title: generated sum 20261206:192 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261206 (kernel 192), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, shared exchange, shared exchange, shared exchange, divergent shared exchange, shared exchange, ballot bit sums.
// launch: gk0<<<max(1, min(4, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261206-192 as
//   scanscope_gen wrote it, kept whole; mechanism: four statements store a thread's 16-byte row of
//   sv0_0 (words 3, 0, 1, 2; words 0 and 1 each a one-line inner if/else written alike in both
//   arms). ptxas made them STS [R22] and STS.64 [R14] named with word 3's line and STS [R14+0x8]
//   named with word 2's: the STS.64 holds the two inner if/else's words. The three instructions'
//   addresses (a base register shared with word 2's store) place each thread's four words: 3 store
//   instructions a warp there, not 4.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 147, ld wavefronts 387, ld conflicts 224, st inst 192, st wavefronts 1032,
//   st conflicts 832, global ld requests 8, global ld sectors 216, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

const int B0 = 256;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_4(i) ((i) + ((i) >> 4))
#define PAD0_8(i) ((i) + ((i) >> 4))
__device__ __forceinline__ int perm0_2(int v) { return (((v) & 31) * 8 + ((v) >> 5)); }
__device__ int perm0_5(int v) { return ((v + 190) & 255); }
__device__ __forceinline__ int perm0_9(int v) { return (v ^ 127); }
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sv0_0[1024];
  __shared__ int sv0_3[1087];
  __shared__ int sv0_6[1024];
  __shared__ int sv0_7[1087];
  __shared__ int sv0_10[1024];
  __shared__ int bsum0_11[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int el = 0 * B0 + ((t * 11) & 255);
      const int g = base + el;
      v[0] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = 1 * B0 + ((t * 11) & 255);
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int el = 2 * B0 + ((t * 11) & 255);
      const int g = base + el;
      v[2] = 0;
      if (g >= 0 && g < n) v[2] = src[g];
    }
    {
      const int el = 3 * B0 + ((t * 11) & 255);
      const int g = base + el;
      v[3] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int w = perm0_2(t) * E0 + ((0 + 3) & (E0 - 1));
      sv0_0[w] = v[0];
    }
    {
      const int w = perm0_2(t) * E0 + ((1 + 3) & (E0 - 1));
      if ((v[1] & 1) != 0) sv0_0[w] = v[1];
      else sv0_0[w] = v[1];
    }
    {
      const int w = perm0_2(t) * E0 + ((2 + 3) & (E0 - 1));
      if ((v[2] & 1) != 0) sv0_0[w] = v[2];
      else sv0_0[w] = v[2];
    }
    {
      const int w = perm0_2(t) * E0 + ((3 + 3) & (E0 - 1));
      sv0_0[w] = v[3];
    }
    __syncthreads();
    {
      const int r = 0 * B0 + t;
      v[0] = sv0_0[r];
    }
    {
      const int r = 1 * B0 + t;
      v[1] = sv0_0[r];
    }
    {
      const int r = 2 * B0 + t;
      v[2] = sv0_0[r];
    }
    {
      const int r = 3 * B0 + t;
      v[3] = sv0_0[r];
    }
    for (int j = 3; j >= 0; --j) {
      const int w = j * B0 + (255 - t);
      sv0_3[PAD0_4(w)] = v[j];
    }
    __syncthreads();
    {
      const int r = perm0_5(t) * E0 + ((0 + 2) & (E0 - 1));
      v[0] = sv0_3[PAD0_4(r)];
    }
    {
      const int r = perm0_5(t) * E0 + ((1 + 2) & (E0 - 1));
      v[1] = sv0_3[PAD0_4(r)];
    }
    {
      const int r = perm0_5(t) * E0 + ((2 + 2) & (E0 - 1));
      v[2] = sv0_3[PAD0_4(r)];
    }
    {
      const int r = perm0_5(t) * E0 + ((3 + 2) & (E0 - 1));
      v[3] = sv0_3[PAD0_4(r)];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + ((t + 109) & 255);
      sv0_6[w] = v[j];
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (t ^ 140) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_6[r];
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      {
        const int w = perm0_9((t ^ 104)) * E0 + 0;
        sv0_7[PAD0_8(w)] = v[0];
      }
      {
        const int w = perm0_9((t ^ 104)) * E0 + 1;
        if ((v[1] & 1) != 0) sv0_7[PAD0_8(w)] = v[1];
        else sv0_7[PAD0_8(w)] = v[1];
      }
      {
        const int w = perm0_9((t ^ 104)) * E0 + 2;
        sv0_7[PAD0_8(w)] = v[2];
      }
      {
        const int w = perm0_9((t ^ 104)) * E0 + 3;
        sv0_7[PAD0_8(w)] = v[3];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = perm0_9((t ^ 112)) * E0 + j;
        if ((v[j] & 1) != 0) sv0_7[PAD0_8(w)] = v[j];
        else sv0_7[PAD0_8(w)] = v[j];
      }
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = ((t * 7) & 255) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_7[PAD0_8(r)];
    }
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + (t ^ 24);
      sv0_10[w] = v[j];
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = (t ^ 5) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_10[r];
    }
    for (int j = 3; j >= 0; --j) {
      acc += v[j];
    }
    __syncthreads();
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned ws = 0;
  #pragma unroll
  for (int b = 0; b < 32; ++b) {
    ws += (unsigned)__popc(__ballot_sync(FULL, ((unsigned)acc >> b) & 1u)) << b;
  }
  if (lane == 0) bsum0_11[warp] = (int)ws;
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 8; ++i) total += bsum0_11[i];
  }
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
