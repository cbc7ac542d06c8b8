// title: generated copy 20261204:128 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261204 (kernel 128), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, shuffles, ballot partition, stores.
// launch: gk0<<<max(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N / 4 * 2)
// launch: gk0<<<max(1, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261204-128 as
// scanscope_gen wrote it, kept whole; mechanism:
//   the tile's last loop `for (j = 3; j >= 0; --j) if (g >= 0 && g < n) dst[g] = v[j]` unrolled into
//   four STGs, and of the four LDS of `v[j] = sb0_0[PAD0_1(r)]` ptxas made two in every thread and
//   two only in the threads that store their value: one predicated with the first STG's condition (j
//   = 3), one after the EXIT of the threads that do not make the last (j = 0). No thread stores an
//   element of j = 3 (the tile's second half, past n): 8 warps a launch make 3 loads there, not 4
//   (112 load instructions, 128 before).
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 112, ld wavefronts 112, ld conflicts 0, st inst 128, st wavefronts 128,
//   st conflicts 0, global ld requests 16, global ld sectors 134, global st requests 32, global st sectors 268

#define FULL 0xffffffffu

#define B0 256
#define E0 4
#define TILE0 (B0 * E0)
#define S0 6
#define PAD0_1(i) ((i) + ((i) >> 5))
__global__ void gk0(const int *src, int *dst, int n) {
  __shared__ int sb0_0[1055];
  __shared__ int sbx0_2[1024];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 1; j >= 0; --j) {
      const int k = j * B0 + ((t + 167) & 255);  // a pair of elements, one 8-byte load
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
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        v[0] = __shfl_xor_sync(FULL, v[0], 17);
        x[0] = __shfl_xor_sync(FULL, x[0], 17);
      }
      {
        v[1] = __shfl_xor_sync(FULL, v[1], 17);
        x[1] = __shfl_xor_sync(FULL, x[1], 17);
      }
      {
        v[2] = __shfl_xor_sync(FULL, v[2], 17);
        x[2] = __shfl_xor_sync(FULL, x[2], 17);
      }
      {
        v[3] = __shfl_xor_sync(FULL, v[3], 17);
        x[3] = __shfl_xor_sync(FULL, x[3], 17);
      }
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int p = (v[j] >> 2) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[j];
      sbx0_2[w] = x[j];
    }
    __syncwarp();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_0[PAD0_1(r)];
      x[j] = sbx0_2[r];
    }
    for (int j = 3; j >= 0; --j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
