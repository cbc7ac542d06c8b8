// title: generated copy 20261127:1 (2 launches through arrays)
// about: Made by scanscope_gen --seed 20261127 (kernel 1), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: 8-byte loads, divergent shared exchange, stores.
//   gk1: 8-byte loads, shared exchange, arithmetic, 8-byte shared exchange, divergent shared exchange, divergent shared exchange, arithmetic, stores.
// launch: gk0<<<max(1, min(1, (N + S0 + TILE0 - 1) / TILE0)), dim3(BX0, BY0)>>>(in, a0, N, E0)
// launch: gk1<<<max(1, (N + S1 + TILE1 - 1) / TILE1), B1>>>(a0, out, N)
// array: a0[N]
// check: copy
// types: int
// require: N == 256 : one size per generated kernel

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 2
#define BX0 8
#define BY0 16
__global__ void gk0(const int *src, int *dst, int n, int e) {
  __shared__ int sv0_0[512];
  __shared__ int sx0_1[16][34];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E0];
  int x[E0];  // which element of the tile v[j] is
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    for (int j = 0; j < (E0 / 2); ++j) {
      const int k = (127 - t) * (E0 / 2) + j;  // a pair of elements, one 8-byte load
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
    if (t & 2) {  // divergent: each arm keeps bit 1 of t
      for (int j = 0; j < e; ++j) {
        const int w = (t ^ 52) * E0 + j;
        sv0_0[w] = v[j];
        sx0_1[(w) / 32][(w) % 32] = x[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E0; ++j) {
        const int w = (t ^ 0) * E0 + j;
        if ((v[j] & 1) != 0) sv0_0[w] = v[j];
        else sv0_0[w] = v[j];
        sx0_1[(w) / 32][(w) % 32] = x[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int r = 0 * B0 + (t ^ 73);
      v[0] = sv0_0[r];
      x[0] = sx0_1[(r) / 32][(r) % 32];
    }
    {
      const int r = 1 * B0 + (t ^ 73);
      v[1] = sv0_0[r];
      x[1] = sx0_1[(r) / 32][(r) % 32];
    }
    {
      const int r = 2 * B0 + (t ^ 73);
      v[2] = sv0_0[r];
      x[2] = sx0_1[(r) / 32][(r) % 32];
    }
    {
      const int r = 3 * B0 + (t ^ 73);
      v[3] = sv0_0[r];
      x[3] = sx0_1[(r) / 32][(r) % 32];
    }
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
    __syncthreads();
  }
}

#define B1 128
#define E1 4
#define TILE1 (B1 * E1)
#define S1 6
#define PAD1_2(i) ((i) * 2 + 1)
#define PAD1_5(i) ((i) * 2 + 1)
#define PAD1_8(i) ((i) + ((i) >> 5))
#define PAD1_10(i) ((i) + ((i) >> 5))
__global__ void gk1(const int *src, int *dst, int n) {
  __shared__ int sv1_0[16][34];
  __shared__ int sx1_1[1024];
  __shared__ int2 sp1_3[512];
  __shared__ int sv1_4[1024];
  __shared__ int sx1_6[16][32];
  __shared__ int sv1_7[527];
  __shared__ int sx1_9[527];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  int v[E1];
  int x[E1];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE1 - S1;  // the tile's first element
    for (int j = 0; j < (E1 / 2); ++j) {
      const int k = j * B1 + ((t + 126) & 127);  // a pair of elements, one 8-byte load
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
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      for (int j = 3; j >= 0; --j) {
        const int w = j * B1 + ((t + 66) & 127);
        sv1_0[(w) / 32][(w) % 32] = v[j];
        sx1_1[PAD1_2(w)] = x[j];
      }
      __syncthreads();  // step: written before other threads read them
      for (int j = 0; j < E1; ++j) {
        const int r = (t ^ 94) * E1 + j;
        v[j] = sv1_0[(r) / 32][(r) % 32];
        x[j] = sx1_1[PAD1_2(r)];
      }
    } else {
      {
        v[0] ^= 3822;
      }
      {
        v[1] ^= 3822;
      }
      {
        v[2] ^= 3822;
      }
      {
        v[3] ^= 3822;
      }
      for (int j = 3; j >= 0; --j) {
        v[j] ^= 3822;
      }
    }
    for (int j = 0; j < E1; ++j) {
      const int w = ((t * 11) & 127) * E1 + j;
      sp1_3[w] = make_int2(v[j], x[j]);
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int r = 0 * B1 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp1_3[r];
      v[0] = q.x;
      x[0] = q.y;
    }
    {
      const int r = 1 * B1 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp1_3[r];
      v[1] = q.x;
      x[1] = q.y;
    }
    {
      const int r = 2 * B1 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp1_3[r];
      v[2] = q.x;
      x[2] = q.y;
    }
    {
      const int r = 3 * B1 + (((t) & 31) * 4 + ((t) >> 5));
      int2 q = sp1_3[r];
      v[3] = q.x;
      x[3] = q.y;
    }
    if ((t >> 2) & 1) {  // divergent: each arm keeps bit 2 of t
      {
        const int w = (((t ^ 41) * 9) & 127) * E1 + ((0 + 2) & (E1 - 1));
        if ((v[0] & 1) != 0) sv1_4[PAD1_5(w)] = v[0];
        else sv1_4[PAD1_5(w)] = v[0];
        sx1_6[(w) / 32][(w) % 32] = x[0];
      }
      {
        const int w = (((t ^ 41) * 9) & 127) * E1 + ((1 + 2) & (E1 - 1));
        sv1_4[PAD1_5(w)] = v[1];
        sx1_6[(w) / 32][(w) % 32] = x[1];
      }
      {
        const int w = (((t ^ 41) * 9) & 127) * E1 + ((2 + 2) & (E1 - 1));
        if ((v[2] & 1) != 0) sv1_4[PAD1_5(w)] = v[2];
        else sv1_4[PAD1_5(w)] = v[2];
        sx1_6[(w) / 32][(w) % 32] = x[2];
      }
      {
        const int w = (((t ^ 41) * 9) & 127) * E1 + ((3 + 2) & (E1 - 1));
        sv1_4[PAD1_5(w)] = v[3];
        sx1_6[(w) / 32][(w) % 32] = x[3];
      }
    } else {
      for (int j = 3; j >= 0; --j) {
        const int w = (((t ^ 72) * 9) & 127) * E1 + ((j + 2) & (E1 - 1));
        sv1_4[PAD1_5(w)] = v[j];
        sx1_6[(w) / 32][(w) % 32] = x[j];
      }
    }
    __syncthreads();
    {
      const int r = (t ^ 35) * E1 + ((0 + 3) & (E1 - 1));
      v[0] = sv1_4[PAD1_5(r)];
      x[0] = sx1_6[(r) / 32][(r) % 32];
    }
    {
      const int r = (t ^ 35) * E1 + ((1 + 3) & (E1 - 1));
      v[1] = sv1_4[PAD1_5(r)];
      x[1] = sx1_6[(r) / 32][(r) % 32];
    }
    {
      const int r = (t ^ 35) * E1 + ((2 + 3) & (E1 - 1));
      v[2] = sv1_4[PAD1_5(r)];
      x[2] = sx1_6[(r) / 32][(r) % 32];
    }
    {
      const int r = (t ^ 35) * E1 + ((3 + 3) & (E1 - 1));
      v[3] = sv1_4[PAD1_5(r)];
      x[3] = sx1_6[(r) / 32][(r) % 32];
    }
    if ((t & 127) >= 64) {  // divergent: each arm keeps bit 6 of t
      for (int j = 0; j < E1; ++j) {
        const int w = (t ^ 45) * E1 + ((j + 3) & (E1 - 1));
        sv1_7[PAD1_8(w)] = v[j];
        sx1_9[PAD1_10(w)] = x[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        const int w = (t ^ 51) * E1 + ((j + 3) & (E1 - 1));
        sv1_7[PAD1_8(w)] = v[j];
        sx1_9[PAD1_10(w)] = x[j];
      }
    }
    __syncthreads();  // step: written before other threads read them
    {
      const int r = (((t ^ 99) + 85) & 127) * E1 + 0;
      v[0] = sv1_7[PAD1_8(r)];
      x[0] = sx1_9[PAD1_10(r)];
    }
    {
      const int r = (((t ^ 99) + 85) & 127) * E1 + 1;
      v[1] = sv1_7[PAD1_8(r)];
      x[1] = sx1_9[PAD1_10(r)];
    }
    {
      const int r = (((t ^ 99) + 85) & 127) * E1 + 2;
      v[2] = sv1_7[PAD1_8(r)];
      x[2] = sx1_9[PAD1_10(r)];
    }
    {
      const int r = (((t ^ 99) + 85) & 127) * E1 + 3;
      v[3] = sv1_7[PAD1_8(r)];
      x[3] = sx1_9[PAD1_10(r)];
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      for (int j = 0; j < E1; ++j) {
        v[j] = ~v[j];
      }
      #pragma unroll
      for (int j = 0; j < E1; ++j) {
        v[j] = ~v[j];
      }
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
