// title: generated copy 20261207:189 (one launch)
// about: Made by scanscope_gen --seed 20261207 (kernel 189), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, divergent 8-byte shared exchange, ballot partition, divergent 8-byte shared exchange, ballot partition, gather by index, atomic stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N, E0)
// init: out = 0
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-189 as
//   scanscope_gen wrote it, kept whole; mechanism: a divergent if/else whose then arm stores a
//   thread's 32-byte row of int2 sp0_6 with four statements (elements 3, 0, 1, 2). ptxas made them
//   STS.128 [R15] named with element 1's line (it holds elements 0 and 1), STS.64 [R15+0x18] named
//   with element 3's and STS.64 [R15+0x10] named with element 2's; element 0's line has none. The
//   int2 of element 0 is a lane's half of element 1's STS.128 (its aligned block holds both), not an
//   STS.64 of its own beside element 3's: three store instructions a warp there, not four.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 224, ld wavefronts 608, ld conflicts 320, st inst 272, st wavefronts 589,
//   st conflicts 237, global ld requests 32, global ld sectors 514, global st requests 0, global st sectors 0

const int B0 = 32;
const int E0 = 4;
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_1(i) ((i) * 5 + 2)
#define PAD0_5(i) ((i) + ((i) >> 4))
#define PAD0_8(i) ((i) * 3 + 1)
#define PAD0_10(i) ((i) * 3 + 0)
__device__ int perm0_2(int v) { return (v ^ 1); }
__global__ void gk0(const int *src, int *dst, int n, int e) {
  __shared__ int2 sp0_0[638];
  __shared__ int sb0_3[128];
  __shared__ int sbx0_4[135];
  __shared__ int2 sp0_6[128];
  __shared__ int sb0_7[383];
  __shared__ int sbx0_9[382];
  __shared__ int sg0_11[128];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 3; j >= 0; --j) {
      const int el = (t ^ 22) * E0 + j;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    if (t & 8) {  // divergent: each arm keeps bit 3 of t
      for (int j = 0; j < e; ++j) {
        const int w = j * B0 + perm0_2((t ^ 4));
        sp0_0[PAD0_1(w)] = make_int2(v[j], x[j]);
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + perm0_2((t ^ 23));
        sp0_0[PAD0_1(w)] = make_int2(v[j], x[j]);
      }
    }
    __syncthreads();
    for (int j = 0; j < E0; ++j) {
      const int r = (t ^ 21) * E0 + ((j + 2) & (E0 - 1));
      int2 q = sp0_0[PAD0_1(r)];
      v[j] = q.x;
      x[j] = q.y;
    }
    {
      const int p = (v[0] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 0 * B0 + warp * 32 + dest;
      sb0_3[w] = v[0];
      sbx0_4[PAD0_5(w)] = x[0];
    }
    {
      const int p = (v[1] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 1 * B0 + warp * 32 + dest;
      if ((v[1] & 1) != 0) sb0_3[w] = v[1];
      else sb0_3[w] = v[1];
      sbx0_4[PAD0_5(w)] = x[1];
    }
    {
      const int p = (v[2] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 2 * B0 + warp * 32 + dest;
      sb0_3[w] = v[2];
      sbx0_4[PAD0_5(w)] = x[2];
    }
    {
      const int p = (v[3] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = 3 * B0 + warp * 32 + dest;
      sb0_3[w] = v[3];
      sbx0_4[PAD0_5(w)] = x[3];
    }
    __syncwarp();
    for (int j = 0; j < e; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_3[r];
      x[j] = sbx0_4[PAD0_5(r)];
    }
    if ((t >> 4) & 1) {  // divergent: each arm keeps bit 4 of t
      {
        const int w = ((((t ^ 11) ^ 16) + 27) & 31) * E0 + ((0 + 3) & (E0 - 1));
        sp0_6[w] = make_int2(v[0], x[0]);
      }
      {
        const int w = ((((t ^ 11) ^ 16) + 27) & 31) * E0 + ((1 + 3) & (E0 - 1));
        sp0_6[w] = make_int2(v[1], x[1]);
      }
      {
        const int w = ((((t ^ 11) ^ 16) + 27) & 31) * E0 + ((2 + 3) & (E0 - 1));
        sp0_6[w] = make_int2(v[2], x[2]);
      }
      {
        const int w = ((((t ^ 11) ^ 16) + 27) & 31) * E0 + ((3 + 3) & (E0 - 1));
        sp0_6[w] = make_int2(v[3], x[3]);
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        const int w = ((((t ^ 2) ^ 16) + 27) & 31) * E0 + ((j + 3) & (E0 - 1));
        sp0_6[w] = make_int2(v[j], x[j]);
      }
    }
    __syncthreads();  // step: written before other threads read them
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + (t ^ 19);
      int2 q = sp0_6[r];
      v[j] = q.x;
      x[j] = q.y;
    }
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_7[PAD0_8(w)] = v[j];
      sbx0_9[PAD0_10(w)] = x[j];
    }
    __syncwarp();
    for (int j = 3; j >= 0; --j) {
      const int r = j * B0 + t;
      v[j] = sb0_7[PAD0_8(r)];
      x[j] = sbx0_9[PAD0_10(r)];
    }
    {
      sg0_11[x[0]] = v[0];
    }
    {
      sg0_11[x[1]] = v[1];
    }
    {
      sg0_11[x[2]] = v[2];
    }
    {
      sg0_11[x[3]] = v[3];
    }
    __syncthreads();
    for (int j = 0; j < e; ++j) {
      const int el = ((t + 24) & 31) * E0 + j;
      v[j] = sg0_11[el];
      x[j] = el;
    }
    for (int j = 0; j < e; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
  }
}
