// title: printf debugging: each block prints its sum, each warp's lane 0 what it loaded (course style)
// about: How students debug a reduction: lane 0 of every warp prints the first element its warp
//   loaded (a tab, the value as a number and in hex), and thread 0 prints its block's sum with
//   %.1f once the tree is done. The second launch adds the block sums and prints the total. The
//   interpreter prints the lines in launch, block, step and thread order; the GPU in its own order,
//   so the GPU check compares them as lines, each as many times.
// launch: block_sums<<<(N + 63) / 64, 64>>>(in, partial, N)
// launch: block_sums<<<1, 64>>>(partial, out, (N + 63) / 64)
// array: partial[(N + 63) / 64]
// out: 1
// check: reduce
// require: N <= 64 * 64 : the second launch adds at most 64 block sums

__global__ void block_sums(const T *in, T *out, int n) {
  __shared__ T s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  s[t] = i < n ? in[i] : IDENTITY;
  if (t % 32 == 0 && i < n) printf("block %d warp %d:\t%d (0x%x)\n", blockIdx.x, t / 32, (int)s[t], (unsigned)(int)s[t]);
  __syncthreads();  // step: loaded
  for (int stride = 32; stride > 0; stride /= 2) {
    if (t < stride) s[t] = OP(s[t], s[t + stride]);
    __syncthreads();  // step: stride {stride}
  }
  if (t == 0) {
    printf("block %d of %d: sum %.1f\n", blockIdx.x, gridDim.x, (float)s[0]);
    out[blockIdx.x] = s[0];
  }
}
