// title: reduce with vectorized loads: each thread reads four ints at a time through reinterpret_cast<const int4 *> (one 16-byte load), then a shared tree
// about: The "vectorized memory access" idiom of the performance courses: the input is walked as
//   int4s, so a warp's load is one instruction of 512 bytes (16 sectors of 32 bytes) where a
//   scalar grid-stride loop would issue four instructions of 128 bytes for the same data: a
//   quarter of the load requests, the same sectors. Each thread adds the four members it gets,
//   thread 0 of block 0 adds the n % 4 elements past the last whole int4 with scalar loads, and
//   each block ends with the classic tree in shared memory; a second launch reduces the block sums.
// reorders: a thread combines int4s a grid apart, the tree pairs tid with tid + s
// types: int
// launch: reduce_vec4<<<BLOCKS, 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce_vec4<<<1, 128, 128 * sizeof(T)>>>(partial, out, BLOCKS)
// array: partial[BLOCKS]
// out: 1
// check: reduce

#define BLOCKS min(8, (N + 511) / 512)

__global__ void reduce_vec4(const T *in, T *out, int n) {
  extern __shared__ T sdata[];
  unsigned int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  const int4 *in4 = reinterpret_cast<const int4 *>(in);  // in is 256-byte aligned, so every int4 is 16-byte aligned
  T sum = IDENTITY;
  for (int v = i; v < n / 4; v += stride) {
    int4 q = in4[v];  // one ld.global.v4 per thread
    sum = OP(sum, OP(OP(q.x, q.y), OP(q.z, q.w)));
  }
  if (i == 0)
    for (int k = n / 4 * 4; k < n; ++k) sum = OP(sum, in[k]);  // the tail: fewer than 4 elements
  sdata[tid] = sum;
  __syncthreads();  // step(load): each thread's sum of its int4s
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = OP(sdata[tid], sdata[tid + s]);
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
