// title: generated copy 20261207:296 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261207 (kernel 296), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, ballot partition, divergent atomic shared exchange, arithmetic, arithmetic, stores.
//   gk1: loads, gather by index, arithmetic, atomic stores.
// launch: gk0<<<max(1, min(2, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, out, N / 4 * 2, E0)
// launch: gk1<<<max(1, (N - N / 4 * 2 + S1 + TILE1 - 1) / TILE1), B1>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2)
// init: out = 0
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261207-296 as
// scanscope_gen wrote it, kept whole; mechanism: gk1's loads `v[j] = sg1_1[PAD1_2(el)]` (j = 3 down
//   to 0) feed `if (g >= 0 && g < n) atomicAdd(&dst[g], v[j])`; ptxas makes the j = 3 load (the
//   second LDS in code order) inside the branch around its RED (`@P2 BRA` over `LDS; RED`), so lanes
//   0-11 of warp 0, which skip that atomic in the one tile, skip the load and one word of its 2-way
//   conflict: 127 load wavefronts and 47 conflicts, not 128 and 48.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 80, ld wavefronts 127, ld conflicts 47, st inst 96, st wavefronts 144,
//   st conflicts 48, global ld requests 24, global ld sectors 145, global st requests 16, global st sectors 126

#define FULL 0xffffffffu

#define B0 32
#define E0 2
#define TILE0 (B0 * E0)
#define S0 0
#define BX0 32
#define BY0 1
#define PAD0_1(i) ((i) * 2 + 2)
#define PAD0_3(i) ((i) + ((i) >> 3))
__global__ void gk0(const int *src, int *dst, int n, int e) {
  __shared__ int sb0_0[129];
  __shared__ int sbx0_2[71];
  __shared__ int sv0_4[64];
  __shared__ int sx0_5[64];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int j = 0;
      const int k = t;  // a pair of elements, one 8-byte load
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
      const int p = (v[j] >> 0) & 1;
      const unsigned bal = __ballot_sync(FULL, p);
      const int before = __popc(bal & ((1u << lane) - 1u));
      const int dest = p ? before : __popc(bal) + lane - before;
      const int w = j * B0 + warp * 32 + dest;
      sb0_0[PAD0_1(w)] = v[j];
      sbx0_2[PAD0_3(w)] = x[j];
    }
    __syncthreads();
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int r = j * B0 + t;
      v[j] = sb0_0[PAD0_1(r)];
      x[j] = sbx0_2[PAD0_3(r)];
    }
    for (int i = t; i < 64; i += B0) {
      sv0_4[i] = 0;
    }
    __syncthreads();
    if (t & 16) {  // divergent: each arm keeps bit 4 of t
      {
        const int w = 0 * B0 + (31 - (t ^ 3));
        atomicOr(&sv0_4[w], v[0]);
        sx0_5[w] = x[0];
      }
      {
        const int w = 1 * B0 + (31 - (t ^ 3));
        atomicExch(&sv0_4[w], v[1]);
        sx0_5[w] = x[1];
      }
    } else {
      for (int j = 1; j >= 0; --j) {
        const int w = j * B0 + (31 - (t ^ 0));
        atomicExch(&sv0_4[w], v[j]);
        sx0_5[w] = x[j];
      }
    }
    __syncthreads();
    for (int j = 0; j < e; ++j) {
      const int r = j * B0 + t;
      v[j] = sv0_4[r];
      x[j] = sx0_5[r];
    }
    if (__any_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 0; j < e; ++j) {
        v[j] += 302;
      }
      {
        v[0] -= 302;
      }
      {
        v[1] -= 302;
      }
    }
    {
      v[0] = ~v[0];
    }
    {
      v[1] = ~v[1];
    }
    for (int j = 0; j < e; ++j) {
      v[j] = ~v[j];
    }
    for (int j = 0; j < e; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B1 128
#define E1 4
#define TILE1 (B1 * E1)
#define S1 0
#define PAD1_2(i) ((i) + ((i) >> 3))
__device__ int perm1_0(int v) { return (((v ^ 26) + 51) & 127); }
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sg1_1[575];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    {
      const int el = 0 * B1 + perm1_0(t);
      const int g = base + el;
      v[0] = 0;
      if (g >= 0 && g < n) v[0] = src[g];
      x[0] = el;
    }
    {
      const int el = 1 * B1 + perm1_0(t);
      const int g = base + el;
      v[1] = g >= 0 && g < n ? src[g] : 0;
      x[1] = el;
    }
    {
      const int el = 2 * B1 + perm1_0(t);
      const int g = base + el;
      v[2] = g >= 0 && g < n ? src[g] : 0;
      x[2] = el;
    }
    {
      const int el = 3 * B1 + perm1_0(t);
      const int g = base + el;
      v[3] = g >= 0 && g < n ? src[g] : 0;
      x[3] = el;
    }
    for (int j = 0; j < E1; ++j) {
      sg1_1[PAD1_2(x[j])] = v[j];
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int el = j * B1 + (127 - t);
      v[j] = sg1_1[PAD1_2(el)];
      x[j] = el;
    }
    #pragma unroll
    for (int j = 0; j < E1; ++j) {
      v[j] += 431;
    }
    for (int j = 0; j < E1; ++j) {
      v[j] -= 431;
    }
    for (int j = 3; j >= 0; --j) {
      const int g = base + j * B1 + (127 - t);
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[j]);  // onto the zeros the host set
    }
  }
}
