// title: transpose of a square matrix without a COLS macro: isqrt(N) in the launch, bounds checked (samples style)
// about: The samples' transposes take width and height and assume a square matrix; with no COLS
//   macro the transpose check takes the input as a square of isqrt(N) rows, and the launch line
//   sizes the grid with isqrt(N). Blocks of 16 x 16 threads move a 16 x 16 tile through a padded
//   shared tile; threads past the matrix's edge (a side that is no multiple of 16) skip their
//   element, as the samples' copySharedMem guards it.
// launch: transpose_tile<<<dim3((isqrt(N) + 15) / 16, (isqrt(N) + 15) / 16), dim3(16, 16)>>>(out, in, isqrt(N), isqrt(N))
// check: transpose
// require: isqrt(N) * isqrt(N) == N : a square matrix, not {N} elements
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define TILE 16

__global__ void transpose_tile(T *odata, const T *idata, int width, int height) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < width && y < height) tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
  cg::sync(cta);  // step(load): the tile
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < height && y < width) odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}  // step(store): from tile columns
