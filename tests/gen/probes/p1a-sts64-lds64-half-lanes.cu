// title: probe p1a: STS.64 and LDS.64 of lanes 8-15 and 24-31 (`if (t & 8)`), 16 words of distinct banks in each half-warp
// about: Each warp's active lanes store (then load) int2 slots 0-7 (lanes 8-15, words 0-15) and
//   8-15 (lanes 24-31, words 16-31): the two half-warps together ask one word of each bank. Measured
//   in runs 20261202-07 (gen-20261207-83): such a store takes 2 wavefronts a warp. Asks: (st) the
//   same here (2 warps: st wavefronts 4); (ld) does a load of the same lanes share one wavefront
//   between its halves (ld wavefronts 2) or take one each (4)? scanscope (2026-12-08) predicts
//   st 4, ld 2.
// launch: k<<<1, 64>>>(out, in, N)
// check: copy
// types: int
// require: N == 64 : one size

__global__ void k(int *dst, const int *src, int n) {
  __shared__ int2 a[32];
  const int t = threadIdx.x;
  const int v = src[t];
  const int slot = (t >> 5) * 16 + (t & 7) + ((t >> 4) & 1) * 8;
  if (t & 8) a[slot] = make_int2(v, t);
  __syncthreads();
  int d = 0;
  if (t & 8) {
    const int2 q = a[slot];
    d = q.x - v + q.y - t;
  }
  dst[t] = v + d;
}
