// title: copy through a 1-D shared tile of TILE_DIM * TILE_DIM words, dim3(TILE_DIM, BLOCK_ROWS) blocks (developer blog's copySharedMem style)
// about: The blog's baseline for its transposes: each 32 x 8 block stages a 32 x 32 tile of a
//   matrix 32 wide in `__shared__ T tile[TILE_DIM * TILE_DIM]` and writes it back where it came
//   from. The rows run past the end of the input when N is not a multiple of 32, so every access
//   checks its index.
// launch: copy_shared_mem<<<dim3(1, (N + 1023) / 1024), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, N)
// check: copy
const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

__global__ void copy_shared_mem(T *odata, const T *idata, int n) {
  __shared__ T tile[TILE_DIM * TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    int k = (y + j) * width + x;
    if (k < n) tile[(threadIdx.y + j) * TILE_DIM + threadIdx.x] = idata[k];
  }
  __syncthreads();  // step(load): the tile
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    int k = (y + j) * width + x;
    if (k < n) odata[k] = tile[(threadIdx.y + j) * TILE_DIM + threadIdx.x];
  }
}
