// The reduction problem's reduce_sum_kernel over a grid, the way its host code launches it: num_blocks
// blocks whose threads sum the input with a grid-stride loop (stride gridDim.x * blockDim.x) and
// reduce their block in shared memory, then the same kernel with one block over the block sums.
// title: Reduction problem, reduce_sum_kernel over a grid (grid-stride load), then 1 block (two launches)
// from: the tutorial problem on parallel reduction (reduce_sum_kernel and its two launches: num_blocks blocks, then 1)
// about: With 2 blocks of 2 threads over the problem's 8 values (5 3 8 1 7 2 9 4) the stride is 4:
//    thread 0 of block 0 sums elements 0 and 4 (12), thread 1 elements 1 and 5 (5), block 1's
//    threads elements 2, 6 (17) and 3, 7 (5); the block sums are 17 and 22 (d_block_sums), and
//    the second launch reduces them to 39, the problem's total. By default n = 3000 takes 2 blocks of
//    256 threads, each thread summing about 6 elements 512 apart: every load of a warp reads 32
//    consecutive words (4 sectors per request).
// launch: reduce_sum_kernel<<<BLOCKS, THREADS, THREADS * sizeof(int)>>>(in, d_block_sums, N)
// launch: reduce_sum_kernel<<<1, THREADS, THREADS * sizeof(int)>>>(d_block_sums, out, BLOCKS)
// array: d_block_sums[BLOCKS]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}
// require: BLOCKS >= 1 && BLOCKS <= 1024 : needs -D BLOCKS from 1 to 1024, not {BLOCKS}

#ifndef THREADS
#define THREADS min(256, max(2, next_pow2(N) / 8))
#endif
#ifndef BLOCKS
#define BLOCKS max(2, min(8, N / (4 * THREADS)))  // num_blocks: a grid-stride loop of about 4 or more elements per thread
#endif

__global__ void reduce_sum_kernel(int* d_A_global, int* d_block_sums, int N) {
    extern __shared__ int s_data[];
    int tid = threadIdx.x;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    // Each thread accumulates multiple elements
    int temp_sum = 0;
    for (int i = idx; i < N; i += stride) {
        temp_sum += d_A_global[i];
    }
    s_data[tid] = temp_sum;
    __syncthreads(); // step(load): grid-stride sums, stride {stride}

    // Perform tree-based reduction
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            s_data[tid] += s_data[tid + s];
        }
        __syncthreads(); // step(reduce): step size {s}
    }

    // Thread 0 stores the partial sum for this block
    if (tid == 0) {
        d_block_sums[blockIdx.x] = s_data[0];
    }
}  // step(store): write the block's sum
