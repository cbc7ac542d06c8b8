// title: transpose with a padded shared tile, TILE_DIM and BLOCK_ROWS as file-scope const ints (developer blog style)
// about: The blog's transposeNoBankConflicts: `const int TILE_DIM = 32; const int BLOCK_ROWS = 8;`,
//   blocks of dim3(TILE_DIM, BLOCK_ROWS) each move a 32 x 32 tile through
//   `__shared__ T tile[TILE_DIM][TILE_DIM + 1]`, four rows per thread, and the matrix width is
//   read from the grid (gridDim.x * TILE_DIM) as the blog does, so both sides must be multiples
//   of 32.
// launch: transpose_no_bank_conflicts<<<dim3(COLS / TILE_DIM, N / COLS / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in)
// check: transpose
// require: COLS % 32 == 0 && (N / COLS) % 32 == 0 : needs a matrix whose sides are multiples of 32, not {N} elements
#ifndef COLS
#define COLS min(N & -N, 1 << (bit_width(N) / 2))
#endif
const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

__global__ void transpose_no_bank_conflicts(T *odata, const T *idata) {
  __shared__ T tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();  // step(load): the tile
  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transposed block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  width = gridDim.y * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}  // step(store): from tile columns
