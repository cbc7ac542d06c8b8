// title: device function templates called without template arguments (deduced), a default argument
// about: `combine` and `load_or` are templates whose V is deduced from the call's arguments;
//   `block_reduce` takes its block size as a template argument with a default.
// launch: sum_kernel<<<1, 128>>>(in, out, N)
// check: reduce
// ops: sum
using index_t = unsigned int;
constexpr int kBlock = 128;

template <typename V>
__device__ V combine(V a, const V &b) { return a + b; }

template <typename V>
__device__ V load_or(const V *p, index_t i, index_t n, V fallback) { return i < n ? p[i] : fallback; }

template <typename V, int BLOCK = kBlock>
__device__ V block_reduce(V *s, V v) {
  index_t tid = threadIdx.x;
  s[tid] = v;
  __syncthreads();
  for (int half = BLOCK / 2; half > 0; half >>= 1) {
    if (tid < half) s[tid] = combine(s[tid], s[tid + half]);
    __syncthreads();  // step(reduce): {half} threads add
  }
  return tid == 0 ? s[0] : V(0);  // only thread 0's result is used
}

__global__ void sum_kernel(const T *in, T *out, index_t n) {
  __shared__ T partial[kBlock];
  T mine = T(0);
  for (index_t i = threadIdx.x; i < n; i += kBlock) mine = combine(mine, load_or(in, i, n, T(0)));
  T total = block_reduce<T>(partial, mine);
  if (threadIdx.x == 0) out[0] = total;
}
