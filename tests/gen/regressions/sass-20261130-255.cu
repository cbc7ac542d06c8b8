// title: generated sum 20261130:255 (block sums, then one block over them)
// about: Made by scanscope_gen --seed 20261130 (kernel 255), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, arithmetic, ballot partition, shuffles, shared exchange, shared atomics.
//   gk1: loads, shuffles, divergent shared exchange, shuffles, shuffles, shuffle reduction.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), dim3(BX0, BY0)>>>(in, partial, N)
// launch: gk1<<<1, B1>>>(partial, out, max(1, (N + S0 + TILE0 - 1) / TILE0))
// array: partial[max(1, (N + S0 + TILE0 - 1) / TILE0)]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261130-255 as
// scanscope_gen wrote it, kept whole; mechanism: thread 0's `for (int i = 0; i < 4; ++i) total += bins0_3[i];` (line 104 here), which ptxas makes an
//   LDS of bins0_3[0] and an LDS.128 from bins0_3[1] (the aligned block that starts there): two loads, not four.
// ncu: NVIDIA H200, 2026-11-27: ld inst 77, ld wavefronts 113, ld conflicts 36, st inst 76, st wavefronts 113,
//   st conflicts 37, global ld requests 33, global ld sectors 157, global st requests 5, global st sectors 5

#define FULL 0xffffffffu

const int B0 = 256;
const int E0 = 1;
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 8
#define BY0 32
#define PAD0_1(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *src, int *__restrict__ dst, int n) {
  __shared__ int sb0_0[287];
  __shared__ int sv0_2[256];
  __shared__ int bins0_3[4];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int el = (((t ^ 100) + 142) & 255);
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] += 789;
      }
      {
        const int j = 0;
        v[j] -= 789;
      }
    }
    {
      const int j = 0;
      const int p = (v[j] >> 1) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = j * B0 + t;
      v[j] = sb0_0[PAD0_1(r)];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] = __shfl_sync(FULL, v[j], lane + 6, 8);
      }
    }
    {
      const int j = 0;
      const int w = (t ^ 30);
      if ((v[j] & 1) != 0) sv0_2[w] = v[j];
      else sv0_2[w] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int r = (t ^ 135);
      v[j] = sv0_2[r];
    }
    {
      const int j = 0;
      acc += v[j];
    }
  }
  __syncthreads();  // step: the tiles' words are read before the reduction writes
  int total = 0;  // the block's sum, in thread 0
  if (t < 4) bins0_3[t] = 0;
  __syncthreads();
  atomicAdd(&bins0_3[t % 4], acc);
  __syncthreads();
  if (t == 0) {
    for (int i = 0; i < 4; ++i) total += bins0_3[i];
  }
  if (t == 0) dst[blockIdx.x] = total;
}

const int B1 = 128;
const int E1 = 1;
#define TILE1 (B1 * E1)
#define S1 4
#define PAD1_1(i) ((i) + ((i) >> 5))
#define PAD1_4(i) ((i) + ((i) >> 5))
__device__ int perm1_2(int v) { return ((v + 62) & 127); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[131];
  __shared__ int wsum1_3[32];
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
      v[j] = __shfl_sync(FULL, v[j], lane + 4, 16);
    }
    if (t & 2) {  // divergent: each arm keeps bit 1 of t
      {
        const int j = 0;
        const int w = (((t ^ 48) + 111) & 127);
        sv1_0[PAD1_1(w)] = v[j];
      }
    } else {
      {
        const int j = 0;
        const int w = (((t ^ 85) + 111) & 127);
        sv1_0[PAD1_1(w)] = v[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int j = 0;
      const int r = perm1_2(t);
      v[j] = sv1_0[PAD1_1(r)];
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane * 7, 16);
    }
    {
      const int j = 0;
      v[j] = __shfl_sync(FULL, v[j], lane + 13, 16);
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
  __syncthreads();  // step: the warps' sums
  if (warp == 0) {
    int a = lane < 4 ? wsum1_3[PAD1_4(lane)] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) dst[0] = total;  // one block
}
