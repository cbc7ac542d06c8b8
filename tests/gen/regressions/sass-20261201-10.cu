// title: generated sum 20261201:10 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261201 (kernel 10), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent shared exchange, arithmetic, a loop of run-time length, shared exchange, divergent shared exchange, atomic shared exchange, __syncthreads_count bit sums.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N, 1)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261201-10 as
// scanscope_gen wrote it, kept whole; mechanism: the eight stores of a thread's 8-word block, made
//   in the order of words 1, 0, 7, 6, 5, 4, 3, 2 (lines 50 and 56 here), which ptxas joins as they
//   come: STS.64, STS.128, STS.64, three stores a warp, not one per aligned 16-byte block
//   (SourceSite::vector_in_order).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 128, ld wavefronts 160, ld conflicts 32, st inst 154, st wavefronts 274,
//   st conflicts 112, global ld requests 32, global ld sectors 156, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

const int B0 = 64;
const int E0 = 8;
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_3(i) ((i) + ((i) >> 5))
#define PAD0_5(i) ((i) + ((i) >> 5))
#define PAD0_7(i) ((i) + ((i) >> 4))
__device__ int perm0_1(int v) { return ((v + 54) & 63); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_0[512];
  __shared__ int sv0_2[527];
  __shared__ int sv0_4[527];
  __shared__ int sv0_6[543];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll 1
    for (int j = 0; j < E0; j++) {
      const int el = j * B0 + (((t ^ 61) + 28) & 63);
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
    }
    if ((t & 31) >= 16) {  // divergent: each arm keeps bit 4 of t
      for (int j = 7; j >= 0; --j) {
        const int w = (((t ^ 34) * 13) & 63) * E0 + ((j + 2) & (E0 - 1));
        sv0_0[w] = v[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = (((t ^ 45) * 13) & 63) * E0 + ((j + 2) & (E0 - 1));
        sv0_0[w] = v[j];
      }
    }
    __syncthreads();
    for (int j = 7; j >= 0; --j) {
      const int r = j * B0 + perm0_1(t);
      v[j] = sv0_0[r];
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
        #pragma unroll 1
        for (int j = 0; j < E0; j++) {
          v[j] += 555;
        }
        for (int j = 0; j < E0; ++j) {
          v[j] -= 555;
        }
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int w = ((t * 13) & 63) * E0 + ((j + 2) & (E0 - 1));
      sv0_2[PAD0_3(w)] = v[j];
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (t ^ 33) * E0 + ((j + 3) & (E0 - 1));
      v[j] = sv0_2[PAD0_3(r)];
    }
    if ((t & 31) >= 16) {  // divergent: each arm keeps bit 4 of t
      for (int j = 7; j >= 0; --j) {
        const int w = j * B0 + (((t ^ 10) + 28) & 63);
        sv0_4[PAD0_5(w)] = v[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + (((t ^ 5) + 28) & 63);
        sv0_4[PAD0_5(w)] = v[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sv0_4[PAD0_5(r)];
    }
    for (int i = t; i < 543; i += B0) {
      sv0_6[i] = 0;
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int w = j * B0 + (((t) & 31) * 2 + ((t) >> 5));
      atomicExch(&sv0_6[PAD0_7(w)], v[j]);
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (((t ^ 6) + 45) & 63) * E0 + ((j + 2) & (E0 - 1));
      v[j] = sv0_6[PAD0_7(r)];
    }
    for (int j = 7; j >= 0; --j) {
      acc += v[j];
    }
    __syncthreads();  // step: the tile's shared words are read before the next tile's are written
  }
  int total = 0;  // the block's sum, in thread 0
  unsigned bs = 0;
  for (int b = 0; b < 32; ++b) {
    bs += (unsigned)__syncthreads_count(((unsigned)acc >> b) & 1u) << b;
  }
  total = (int)bs;
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
