// title: block reduction generic in its operator: a class with static members (identity, op) as a template argument (samples style)
// about: The operator classes of the samples' generic reductions: struct MaxOp has static member
//   functions identity() and op(a, b), and the block reduction is a function template that calls
//   Op::identity() and Op::op(...) without an object. Each thread folds a grid-stride run of the
//   input, the block halves its shared array (sequential addressing), and thread 0 of each block
//   combines the block's result into out[0] with atomicMax (init: out to the identity).
// launch: reduce_max<<<min(8, (N + 255) / 256), 256>>>(in, out, N)
// init: out = -2147483648
// out: 1
// check: reduce
// ops: max
// types: int

struct MaxOp {
  __device__ static int identity() { return -2147483647 - 1; }
  __device__ static int op(int a, int b) { return a > b ? a : b; }
};

template <class Op, int BLOCK>
__device__ int block_reduce(int *s, int v) {
  const unsigned int t = threadIdx.x;
  s[t] = v;
  __syncthreads();  // step: each thread's fold in shared memory
  for (unsigned int half = BLOCK / 2; half > 0; half >>= 1) {
    if (t < half) s[t] = Op::op(s[t], s[t + half]);
    __syncthreads();  // step(reduce): {half} pairs combined
  }
  return s[0];
}

__global__ void reduce_max(const int *in, int *out, int n) {
  __shared__ int s[256];
  int v = MaxOp::identity();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v = MaxOp::op(v, in[i]);
  const int block_max = block_reduce<MaxOp, 256>(s, v);
  if (threadIdx.x == 0) atomicMax(out, block_max);
}
