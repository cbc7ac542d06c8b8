// Matrix transpose, the first attempt: every thread moves elements straight from in to out. The
// reads walk along a row of in (coalesced); the writes walk down a column of out (strided).
// title: Transpose: naive (coalesced reads, strided writes)
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" ("Coalesced Access to Global Memory"); the transpose every CUDA course teaches
// about: in is a ROWS x COLS matrix (ROWS = N / COLS; 32 x 32 at N = 1024), out its COLS x ROWS
//    transpose. A block of 32 x 8 threads moves a 32 x 32 tile, each thread 4 rows of it, 8 rows
//    apart. A warp reads 32 neighbouring words of one row of in: 4 sectors per request. It
//    writes them down a column of out, ROWS words apart: 32 sectors per request, 8 times the
//    traffic. transpose-tile fixes the writes by going through shared memory.
// launch: transpose_naive<<<dim3((COLS + TILE_DIM - 1) / TILE_DIM, (N / COLS + TILE_DIM - 1) / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(out, in, N / COLS, COLS)
// check: transpose
// ops: sum

#ifndef COLS
// columns of the input matrix: the largest power of two that divides N, and at most about the
// square root of N (32 for N = 1024: a 32 x 32 matrix; 64 for 4096; 8 for 1000, 125 rows)
#define COLS min(N & -N, 1 << (bit_width(N) / 2))
#endif
#define TILE_DIM 32    // a block's tile is TILE_DIM x TILE_DIM elements
#define BLOCK_ROWS 8   // rows of threads in a block: each thread moves TILE_DIM / BLOCK_ROWS elements

__global__ void transpose_naive(T *out, const T *in, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;  // column of in
    int y = blockIdx.y * TILE_DIM + threadIdx.y;  // row of in
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)  // the tiles on the matrix's right and bottom edges
            out[x * rows + (y + j)] = in[(y + j) * cols + x];
}  // step(store): transposed straight to global memory
