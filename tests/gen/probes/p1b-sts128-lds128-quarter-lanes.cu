// title: probe p1b: STS.128 and LDS.128 of lanes 4-7 of each quarter-warp (`if (t & 4)`), 16 words of distinct banks in each quarter
// about: The 16-byte form of p1a: each quarter-warp's four active lanes store (then load) int4
//   slots whose words fill 16 banks, a half-warp's two quarters together one word of each bank.
//   Asks: does a store's (a load's) pair of quarters share one wavefront (st / ld wavefronts 4, 2
//   warps) or take one each (8)? scanscope (2026-12-08) predicts st 8 (a store's segments each,
//   not measured for 16 bytes), ld 4.
// launch: k<<<1, 64>>>(out, in, N)
// check: copy
// types: int
// require: N == 64 : one size

__global__ void k(int *dst, const int *src, int n) {
  __shared__ int4 a[32];
  const int t = threadIdx.x;
  const int v = src[t];
  const int slot = (t >> 5) * 16 + ((t & 31) >> 3) * 4 + (t & 3);
  if (t & 4) a[slot] = make_int4(v, t, v, t);
  __syncthreads();
  int d = 0;
  if (t & 4) {
    const int4 q = a[slot];
    d = q.x - v + q.y - t + q.z - v + q.w - t;
  }
  dst[t] = v + d;
}
