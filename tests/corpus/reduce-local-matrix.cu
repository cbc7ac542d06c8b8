// title: reduction of 2 x 4 chunks held in a local matrix, then a tree over a 2-D shared array
// about: Register blocking as textbooks write it: each of 64 threads loads 8 consecutive inputs
//   into T v[2][4] (zeros where the input ends), adds each row, then the two row sums. The 64
//   partial sums go to a shared 8 x 8 array, which one warp's worth of threads folds row by row.
// launch: reduce_chunks<<<1, 64>>>(in, out, N)
// check: reduce
// ops: sum

#define ROWS 2
#define COLS_PER_ROW 4

__global__ void reduce_chunks(const T *in, T *out, int n) {
  __shared__ T part[8][8];
  const int tid = threadIdx.x;
  T total = 0;
  for (int base = tid * ROWS * COLS_PER_ROW; base < n; base += blockDim.x * ROWS * COLS_PER_ROW) {
    T v[ROWS][COLS_PER_ROW] = {{0}, {0}};
    for (int r = 0; r < (int)(sizeof(v) / sizeof(v[0])); ++r)
      for (int c = 0; c < COLS_PER_ROW; ++c)
        if (base + r * COLS_PER_ROW + c < n) v[r][c] = in[base + r * COLS_PER_ROW + c];
    T row_sum[ROWS];
    for (int r = 0; r < ROWS; ++r) {
      T *row = v[r];
      row_sum[r] = row[0] + row[1] + row[2] + row[3];
    }
    total += row_sum[0] + row_sum[1];
  }
  part[tid / 8][tid % 8] = total;
  __syncthreads();  // step(load): the 8 x 8 partial sums
  if (tid < 8) {
    T s = 0;
    for (int c = 0; c < 8; ++c) s += part[tid][c];
    part[tid][0] = s;
  }
  __syncthreads();  // step(reduce): row sums in column 0
  if (tid == 0) {
    T s = 0;
    for (int r = 0; r < 8; ++r) s += part[r][0];
    out[0] = s;
  }
}
