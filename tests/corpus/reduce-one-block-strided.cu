// title: one-block reduction: each thread sums a strided slice, then a tree in shared memory
// about: A course's first reduction: thread t adds in[t], in[t + 256], ... into a register, the
//   block halves its active threads each level (sequential addressing), thread 0 writes out[0].
// launch: reduce_block<<<1, 256>>>(in, out, N)
// check: reduce
// ops: sum

__global__ void reduce_block(const T *in, T *out, int n) {
  __shared__ T partial[256];
  int tid = threadIdx.x;
  T sum = IDENTITY;
  for (int i = tid; i < n; i += blockDim.x) sum = OP(sum, in[i]);
  partial[tid] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] = OP(partial[tid], partial[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[0] = partial[0];
}
