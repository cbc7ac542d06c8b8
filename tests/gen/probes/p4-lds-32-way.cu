// title: probe p4: a 32-way and a 16-way conflicted LDS, 8 warps (gen-20261207-50's gk1, gen-20261207-88's gk0)
// about: r = ((t & 31) * 8 + (t >> 5)) * 2 + c: `sv[2 r + 1]` asks 32 words of one bank a warp, `sx[r]`
//   16 words of each of two banks. gen-20261207-50 and -88 (this pattern with others) measured 5
//   load wavefronts and conflicts more than the model (816 / 821); the same text twice. Asks: does
//   a 32-way (16-way) LDS take 32 (16) wavefronts on the H100 every time? scanscope predicts ld
//   inst 32, wavefronts 16 x 32 + 16 x 16 = 768, conflicts 736.
// launch: k<<<1, 256>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 512 : one size

__global__ void k(const int *src, int *dst, int n) {
  __shared__ int sv[1024];
  __shared__ int sx[512];
  const int t = threadIdx.x;
  #pragma unroll
  for (int c = 0; c < 2; ++c) {
    const int w = 2 * t + c;
    sv[2 * w + 1] = src[w];
    sx[w] = src[w];
  }
  __syncthreads();
  int a = 0, b = 0;
  #pragma unroll
  for (int c = 0; c < 2; ++c) {
    const int r = ((t & 31) * 8 + (t >> 5)) * 2 + c;
    a += sv[2 * r + 1];
    b += sx[r];
  }
  atomicAdd(&dst[0], 2 * a - b);
}
