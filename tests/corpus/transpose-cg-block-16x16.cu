// title: transpose with 16 x 16 blocks, one element per thread, a padded tile and cg::this_thread_block().sync() (course style)
// about: Course code's square-block transpose: `typedef` of the index type, a block of
//   dim3(TILE, TILE) threads (warps span two rows of it), tile[TILE][TILE + 1], bounds checks on
//   both sides so any matrix shape works, and the barrier written as a cooperative group's sync.
// launch: transpose16<<<dim3((COLS + TILE - 1) / TILE, (N / COLS + TILE - 1) / TILE), dim3(TILE, TILE)>>>(out, in, N / COLS, COLS)
// check: transpose
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#ifndef COLS
#define COLS min(N & -N, 1 << (bit_width(N) / 2))
#endif
#define TILE 16
typedef unsigned int uint;

__global__ void transpose16(T *out, const T *in, uint rows, uint cols) {
  __shared__ T tile[TILE][TILE + 1];
  cg::thread_block block = cg::this_thread_block();
  uint col = blockIdx.x * TILE + threadIdx.x;
  uint row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = in[row * cols + col];
  block.sync();  // step(load): the tile
  col = blockIdx.y * TILE + threadIdx.x;  // a column of out is a row of in
  row = blockIdx.x * TILE + threadIdx.y;
  if (row < cols && col < rows) out[row * rows + col] = tile[threadIdx.x][threadIdx.y];
}  // step(store): from tile columns
