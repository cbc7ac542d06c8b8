// title: grid-stride block sums with file-scope const auto constants for the block size and the scale (course style)
// about: `const auto block_size = 256;` is an int constant and `const auto scale = 1u;` an unsigned
//   one, as auto deduces them; the launch line uses block_size. Each thread sums a grid-stride
//   run, the block halves its partial sums in shared memory, and thread 0 writes the block's sum;
//   a second launch of the same kernel sums the block sums.
// launch: block_sums<<<BLOCKS, block_size>>>(in, partial, N)
// launch: block_sums<<<1, block_size>>>(partial, out, BLOCKS)
// array: partial[BLOCKS]
// check: reduce
// ops: sum min max
#define BLOCKS min(8, (N + block_size - 1) / block_size)

const auto block_size = 256;
const auto scale = 1u;

__global__ void block_sums(const T *in, T *out, int n) {
  __shared__ T partial[block_size];
  T sum = IDENTITY;
  for (int i = blockIdx.x * block_size + threadIdx.x; i < n; i += gridDim.x * block_size * scale) sum = OP(sum, in[i]);
  partial[threadIdx.x] = sum;
  __syncthreads();  // step(load): each thread's run
  for (int s = block_size / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] = OP(partial[threadIdx.x], partial[threadIdx.x + s]);
    __syncthreads();  // step(reduce): s={s}
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}
