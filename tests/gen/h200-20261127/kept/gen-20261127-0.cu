// title: generated copy 20261127:0 (two launches over the two parts)
// about: Made by scanscope_gen --seed 20261127 (kernel 0), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, gather by index, arithmetic, arithmetic, arithmetic, a loop of run-time length, stores.
// launch: gk0<<<max(1, (N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N / 4 * 2, 0)
// launch: gk0<<<max(1, (N - N / 4 * 2 + S0 + TILE0 - 1) / TILE0), B0>>>(in + N / 4 * 2, out + N / 4 * 2, N - N / 4 * 2, 2)
// check: copy
// types: int
// require: N == 1000 : one size per generated kernel

#define FULL 0xffffffffu

#define B0 64
#define E0 1
#define TILE0 (B0 * E0)
#define S0 8
#define PAD0_1(i) ((i) * 3 + 1)
__global__ void gk0(const int *src, int *dst, int n, int reps) {
  __shared__ int sg0_0[191];
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
      const int el = t;
      const int g = base + el;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
      x[j] = el;
    }
    {
      const int j = 0;
      sg0_0[PAD0_1(x[j])] = v[j];
    }
    __syncthreads();
    {
      const int j = 0;
      const int el = ((t * 17) & 63);
      v[j] = sg0_0[PAD0_1(el)];
      x[j] = el;
    }
    if (__all_sync(FULL, (v[0] & 3) == 1)) {  // the same for every lane of the warp
      {
        const int j = 0;
        v[j] += 714;
      }
      {
        const int j = 0;
        v[j] -= 714;
      }
    }
    __syncthreads();
    for (int rep = 0; rep < reps; ++rep) {
      if (tile % 3 == 0) {  // uniform: the whole block goes one way
        {
          const int j = 0;
          v[j] = ~v[j];
        }
        {
          const int j = 0;
          v[j] = ~v[j];
        }
      } else {
        {
          const int j = 0;
          v[j] ^= 1724;
        }
        {
          const int j = 0;
          v[j] ^= 1724;
        }
      }
    }
    {
      const int j = 0;
      const int g = base + x[j];
      if (g >= 0 && g < n) dst[g] = v[j];
    }
  }
}
