// Matrix transpose through a shared-memory tile: a block reads a 32 x 32 tile of in row by row
// (coalesced), and writes it to out row by row too (coalesced), reading the tile by columns.
// title: Transpose: shared-memory tile (32-way bank conflicts)
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" ("Coalesced Access to Global Memory"); the tiled transpose of CUDA courses
// about: Both global accesses are coalesced now (4 sectors per request), but the tile is read by
//    columns: the 32 lanes of a warp read tile[0][c], tile[1][c], ... tile[31][c], words 32 apart,
//    all in one bank. Every such read takes 32 wavefronts (31 conflicts). transpose-tile-padded
//    adds one column of padding and the conflicts are gone.
// launch: transpose_tile<<<dim3((COLS + TILE_DIM - 1) / TILE_DIM, (N / COLS + TILE_DIM - 1) / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, N / COLS, COLS)
// check: transpose
// ops: sum

#ifndef COLS
// columns of the input matrix: the largest power of two that divides N, and at most about the
// square root of N (32 for N = 1024: a 32 x 32 matrix; 64 for 4096; 8 for 1000, 125 rows)
#define COLS min(N & -N, 1 << (bit_width(N) / 2))
#endif
#define TILE_DIM 32    // a block's tile is TILE_DIM x TILE_DIM elements
#define BLOCK_ROWS 8   // rows of threads in a block: each thread moves TILE_DIM / BLOCK_ROWS elements

__global__ void transpose_tile(T *out, const T *in, int rows, int cols)
{
    __shared__ T tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;  // column of in
    int y = blockIdx.y * TILE_DIM + threadIdx.y;  // row of in
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)  // the tiles on the matrix's right and bottom edges
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();  // step(load): the tile, row by row

    x = blockIdx.y * TILE_DIM + threadIdx.x;  // column of out (a row of in)
    y = blockIdx.x * TILE_DIM + threadIdx.y;  // row of out (a column of in)
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}  // step(store): out by rows, from tile columns
