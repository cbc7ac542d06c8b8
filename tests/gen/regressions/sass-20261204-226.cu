// title: generated copy 20261204:226 (one launch)
// about: Made by scanscope_gen --seed 20261204 (kernel 226), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shared exchange, a loop of run-time length, ballot partition, stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N, N % 3)
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-226 as
// scanscope_gen wrote it, kept whole; mechanism:
//   of the two LDS of `v[j] = sb0_3[PAD0_4(r)]` the first is predicated with @!P0 and the STG of
//   `dst[g] = v[j]` after it too, with a LEA between that the SASS reader took for a write of P0
//   (bits 84-86 of a LEA are no predicate); the second lies after the EXIT of the threads that do
//   not store. Each copy is made by the threads of its store copy only: 58 load instructions, 82
//   wavefronts, 24 conflicts (64, 96 and 32 before).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 58, ld wavefronts 82, ld conflicts 24, st inst 64, st wavefronts 144,
//   st conflicts 80, global ld requests 5, global ld sectors 36, global st requests 10, global st sectors 45

#define FULL 0xffffffffu

#define B0 128
#define E0 2
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_1(i) ((i) * 2 + 2)
#define PAD0_4(i) ((i) + ((i) >> 4))
#define PAD0_6(i) ((i) * 5 + 1)
__global__ void gk0(const int *src, int *__restrict__ dst, int n, int reps) {
  __shared__ int sv0_0[513];
  __shared__ int sx0_2[256];
  __shared__ int sb0_3[271];
  __shared__ int sbx0_5[1277];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int k = (t ^ 62);  // a pair of elements, one 8-byte load
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
    for (int rep = 0; rep < reps; ++rep) {
      {
        const int w = ((t + 99) & 127) * E0 + ((0 + 2) & (E0 - 1));
        if ((v[0] & 1) != 0) sv0_0[PAD0_1(w)] = v[0];
        else sv0_0[PAD0_1(w)] = v[0];
        sx0_2[w] = x[0];
      }
      {
        const int w = ((t + 99) & 127) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[PAD0_1(w)] = v[1];
        sx0_2[w] = x[1];
      }
      __syncthreads();
      {
        const int r = 0 * B0 + ((t + 37) & 127);
        v[0] = sv0_0[PAD0_1(r)];
        x[0] = sx0_2[r];
      }
      {
        const int r = 1 * B0 + ((t + 37) & 127);
        v[1] = sv0_0[PAD0_1(r)];
        x[1] = sx0_2[r];
      }
      __syncthreads();
    }
    for (int j = 1; j >= 0; --j) {
      const int p = (v[j] >> 3) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_3[PAD0_4(w)] = v[j];
      sbx0_5[PAD0_6(w)] = x[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_3[PAD0_4(r)];
      x[j] = sbx0_5[PAD0_6(r)];
    }
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
