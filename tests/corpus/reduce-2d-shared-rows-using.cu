// title: reduction with dim3(32, 8) blocks over a 2-D shared array: rows folded along x, then column 0 along y (course style, using/typedef, T(0))
// about: Course code that keeps the block's shape: `using real = T;`, a 2-D grid of dim3(32, 8)
//   blocks, `__shared__ real tile[8][32]`; each row of threads halves its row (x < s), then the
//   first column halves along y. Block sums go to partial; a 1 x 1 grid reduces them.
// reorders: a row pairs x with x + s and the column pairs y with y + s
// launch: reduce_rows<<<dim3(2, (N + 511) / 512), dim3(32, 8)>>>(in, partial, N)
// launch: reduce_rows<<<dim3(1, 1), dim3(32, 8)>>>(partial, out, 2 * ((N + 511) / 512))
// array: partial[2 * ((N + 511) / 512)]
// out: 1
// check: reduce
// require: N <= 256 * 256 : the second launch reduces at most 256 block sums, not {N}
using real = T;
typedef unsigned int uint;

__global__ void reduce_rows(const real *in, real *out, uint n) {
  __shared__ real tile[8][32];
  const uint tx = threadIdx.x, ty = threadIdx.y;
  const uint block = blockIdx.y * gridDim.x + blockIdx.x;
  const uint i = block * (blockDim.x * blockDim.y) + ty * blockDim.x + tx;
  real v = i < n ? in[i] : real(IDENTITY);
  tile[ty][tx] = v;
  __syncthreads();  // step(load): the block's 8 x 32 values
  for (uint s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tx < s) tile[ty][tx] = v = OP(v, tile[ty][tx + s]);
    __syncthreads();  // step(reduce): rows, {s} columns add
  }
  for (uint s = blockDim.y / 2; s > 0; s >>= 1) {
    if (tx == 0 && ty < s) tile[ty][0] = v = OP(v, tile[ty + s][0]);
    __syncthreads();  // step(reduce): column 0, {s} rows add
  }
  if (tx == 0 && ty == 0) out[block] = v;
}
