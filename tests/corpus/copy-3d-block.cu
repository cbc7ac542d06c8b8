// title: copy through a 3-D shared cube, mirrored: 8 x 4 x 2 threads per block, a 3-D grid
// about: Every index of a 3-D launch at once. A block of dim3(8, 4, 2) threads stores its slice of
//   in into cube[z][y][x]; after the barrier each thread reads the mirrored cell
//   cube[1 - z][3 - y][7 - x] and writes it where that cell came from, so out equals in. Blocks
//   are numbered x fastest over a dim3(N / 256, 2, 2) grid, as the hardware numbers them.
// launch: copy_cube<<<dim3(N / 256, 2, 2), dim3(8, 4, 2)>>>(out, in)
// check: copy
// require: N % 256 == 0 : needs --n a multiple of 256, not {N}

__global__ void copy_cube(T *out, const T *in) {
  __shared__ T cube[2][4][8];
  const int per_block = blockDim.x * blockDim.y * blockDim.z;
  const int block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  cube[threadIdx.z][threadIdx.y][threadIdx.x] = in[block * per_block + tid];
  __syncthreads();  // step(load): the cube
  const int mx = blockDim.x - 1 - threadIdx.x, my = blockDim.y - 1 - threadIdx.y, mz = blockDim.z - 1 - threadIdx.z;
  const int mirrored = mx + blockDim.x * (my + blockDim.y * mz);
  out[block * per_block + mirrored] = cube[mz][my][mx];
}  // step(store): mirrored back
