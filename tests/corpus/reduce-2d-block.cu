// title: reduction with 16 x 16 blocks over a 2 x 2 grid, then one 16 x 16 block over the partials
// about: Course code often keeps the picture's shape in the launch: a block of dim3(16, 16) threads
//   numbers its threads tid = threadIdx.y * blockDim.x + threadIdx.x and its blocks
//   blockIdx.y * gridDim.x + blockIdx.x. Each thread sums a grid-stride slice, the block halves a
//   256-word tree, and the second launch reduces the 4 block sums the same way.
// launch: reduce_2d<<<dim3(2, 2), dim3(16, 16)>>>(in, partial, N)
// launch: reduce_2d<<<1, dim3(16, 16)>>>(partial, out, 4)
// array: partial[4]
// check: reduce
// ops: sum

__global__ void reduce_2d(const T *in, T *out, int n) {
  __shared__ T sums[256];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y;
  const int block = blockIdx.y * gridDim.x + blockIdx.x;
  const int stride = threads * gridDim.x * gridDim.y;
  T s = IDENTITY;
  for (int i = block * threads + tid; i < n; i += stride) s = OP(s, in[i]);
  sums[tid] = s;
  __syncthreads();
  for (int half = threads / 2; half > 0; half /= 2) {
    if (tid < half) sums[tid] = OP(sums[tid], sums[tid + half]);
    __syncthreads();  // step(reduce): half={half}
  }
  if (tid == 0) out[block] = sums[0];
}
