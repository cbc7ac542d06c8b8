// launch: k<T, 64><<<1, 64, 64 * sizeof(T)>>>(in, out, N)
// out: 1
typedef unsigned int uint;
using real = float;
const int HALF = 32;
template <typename V, int B = 64>
__device__ V twice(const V &v) { return v + v * V(B / 64); }
template <class V, unsigned int BLOCK>
__global__ void k(const V *in, V *out, int n) {
  extern __shared__ V s[];
  uint t = threadIdx.x;
  s[t] = t < n ? twice(in[t]) : V(0);
  __syncthreads();
  for (int h = HALF; h > 0; h >>= 1) {
    if (t < h) s[t] = s[t] + s[t + h];
    __syncthreads();  // step(reduce): {h}
  }
  if (t == 0) out[0] = s[0] + real(0) + twice<int, 128>(0);
}
