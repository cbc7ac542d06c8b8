// title: transpose with diagonal block reordering (blockIdx renumbered along diagonals), padded tile (CUDA samples' transpose whitepaper style)
// about: The samples' transposeDiagonal: on a square grid, block (bx, by) works on tile
//   ((bx + by) % gridDim.x, bx), so blocks that run together touch different memory partitions.
//   Otherwise the blog's padded-tile transpose with dim3(TILE_DIM, BLOCK_ROWS) blocks; the matrix
//   is SIDE x SIDE with SIDE a multiple of TILE_DIM.
// launch: transpose_diagonal<<<dim3(SIDE / TILE_DIM, SIDE / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, SIDE)
// check: transpose
// require: N == SIDE * SIDE && SIDE % 16 == 0 : needs a square matrix whose side is a multiple of 16, not {N} elements
#define SIDE (1 << (bit_width(N) / 2))
#define COLS SIDE
const int TILE_DIM = 16;
const int BLOCK_ROWS = 4;

__global__ void transpose_diagonal(T *odata, const T *idata, int width) {
  __shared__ T tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_y = blockIdx.x;
  int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = blockIdx_x * TILE_DIM + threadIdx.x;
  int y = blockIdx_y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();  // step(load): the tile
  x = blockIdx_y * TILE_DIM + threadIdx.x;
  y = blockIdx_x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
