// title: generated sum 20261204:148 (block sums added atomically)
// about: Made by scanscope_gen --seed 20261204 (kernel 148), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, arithmetic, divergent shared exchange, ballot partition, a loop of run-time length, shuffle reduction.
// launch: gk0<<<max(1, min(2, (N + S0 + TILE0 - 1) / TILE0)), B0>>>(in, out, N, N % 3)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-148 as
// scanscope_gen wrote it, kept whole; mechanism: the divergent if/else on bit 1 of t became one
//   straight run of code: four unpredicated STS, each the k-th store to sv0_0 of both arms, the
//   address chosen per thread, named with the line of `v[3] ^= 3407` (a line without stores) and
//   the else-arm's three lines; the then-arm's stores, 22 lines from theirs, have no instruction
//   of their own. Each arm's k-th store paired with the other's: 66 store instructions, not 98.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 66, ld wavefronts 66, ld conflicts 0, st inst 66, st wavefronts 66,
//   st conflicts 0, global ld requests 16, global ld sectors 125, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 32
#define E0 4
#define TILE0 (B0 * E0)
#define S0 0
#define PAD0_1(i) ((i) + ((i) >> 5))
#define PAD0_4(i) ((i) + ((i) >> 5))
__device__ int perm0_2(int v) { return (v ^ 1); }
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sv0_0[131];
  __shared__ int sb0_3[131];
  __shared__ int wsum0_5[32];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < (E0 / 2); ++j) {
      const int k = j * B0 + t;  // a pair of elements, one 8-byte load
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
    {
      v[0] ^= 3407;
    }
    {
      v[1] ^= 3407;
    }
    {
      v[2] ^= 3407;
    }
    {
      v[3] ^= 3407;
    }
    if ((t >> 1) & 1) {  // divergent: each arm keeps bit 1 of t
      {
        const int w = perm0_2((t ^ 13)) * E0 + 0;
        sv0_0[PAD0_1(w)] = v[0];
      }
      {
        const int w = perm0_2((t ^ 13)) * E0 + 1;
        sv0_0[PAD0_1(w)] = v[1];
      }
      {
        const int w = perm0_2((t ^ 13)) * E0 + 2;
        sv0_0[PAD0_1(w)] = v[2];
      }
      {
        const int w = perm0_2((t ^ 13)) * E0 + 3;
        sv0_0[PAD0_1(w)] = v[3];
      }
    } else {
      {
        const int w = perm0_2((t ^ 12)) * E0 + 0;
        if ((v[0] & 1) != 0) sv0_0[PAD0_1(w)] = v[0];
        else sv0_0[PAD0_1(w)] = v[0];
      }
      {
        const int w = perm0_2((t ^ 12)) * E0 + 1;
        sv0_0[PAD0_1(w)] = v[1];
      }
      {
        const int w = perm0_2((t ^ 12)) * E0 + 2;
        sv0_0[PAD0_1(w)] = v[2];
      }
      {
        const int w = perm0_2((t ^ 12)) * E0 + 3;
        sv0_0[PAD0_1(w)] = v[3];
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + ((t + 15) & 31);
      v[j] = sv0_0[PAD0_1(r)];
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int p = (v[0] >> 2) & 1;
        const unsigned bal = __ballot_sync(FULL, p);
        const int before = __popc(bal & ((1u << lane) - 1u));
        const int dest = p ? before : __popc(bal) + lane - before;
        const int w = 0 * B0 + warp * 32 + dest;
        if ((v[0] & 1) != 0) sb0_3[PAD0_4(w)] = v[0];
        else sb0_3[PAD0_4(w)] = v[0];
      }
      {
        const int p = (v[1] >> 2) & 1;
        const unsigned bal = __ballot_sync(FULL, p);
        const int before = __popc(bal & ((1u << lane) - 1u));
        const int dest = p ? before : __popc(bal) + lane - before;
        const int w = 1 * B0 + warp * 32 + dest;
        sb0_3[PAD0_4(w)] = v[1];
      }
      {
        const int p = (v[2] >> 2) & 1;
        const unsigned bal = __ballot_sync(FULL, p);
        const int before = __popc(bal & ((1u << lane) - 1u));
        const int dest = p ? before : __popc(bal) + lane - before;
        const int w = 2 * B0 + warp * 32 + dest;
        sb0_3[PAD0_4(w)] = v[2];
      }
      {
        const int p = (v[3] >> 2) & 1;
        const unsigned bal = __ballot_sync(FULL, p);
        const int before = __popc(bal & ((1u << lane) - 1u));
        const int dest = p ? before : __popc(bal) + lane - before;
        const int w = 3 * B0 + warp * 32 + dest;
        sb0_3[PAD0_4(w)] = v[3];
      }
      __syncthreads();
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int r = j * B0 + t;
        v[j] = sb0_3[PAD0_4(r)];
      }
      __syncthreads();
    }
    {
      v[0] ^= 3407;
    }
    {
      v[1] ^= 3407;
    }
    {
      v[2] ^= 3407;
    }
    {
      v[3] ^= 3407;
    }
    {
      acc += v[0];
    }
    {
      acc += v[1];
    }
    {
      acc += v[2];
    }
    {
      acc += v[3];
    }
  }
  int total = 0;  // the block's sum, in thread 0
  for (int o = 16; o > 0; o >>= 1) {
    acc += __shfl_down_sync(FULL, acc, o);
  }
  if (lane == 0) wsum0_5[warp] = acc;
  __syncthreads();
  if (warp == 0) {
    int a = lane < 1 ? wsum0_5[lane] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      a += __shfl_down_sync(FULL, a, o);
    }
    if (lane == 0) total = a;
  }
  if (t == 0) atomicAdd(&dst[0], total);  // onto the zero the host set
}
