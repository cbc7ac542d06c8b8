// Demouth's reduction over a grid, the way his slides run it: 2 blocks of 4 threads over 32 ints.
// Step 1, each thread sums its block's range 4 elements apart (my_sum); step 2, each block
// reduces its threads' sums in shared memory and thread 0 writes the block's sum; step 3, the same
// kernel, launched again with one block, reduces the block sums.
// title: Demouth's slides, reduce_kernel over 2 blocks, then 1 block (two launches)
// from: Demouth, "Parallel Reduction with CUDA" (slides, 2012): "Blocks and Threads", steps 1 to 3
// about: The slides' input (1 4 3 2 8 6 3 2 ... 0 0 2 1) gives the threads' sums 11 13 11 9 and
//    6 14 10 12, the block sums 44 and 42 (partial_sums), and 86 after the second launch. A
//    __syncthreads() waits for the threads of one block only: the blocks meet at the end of the
//    first launch, which is why the last step is a second launch.
// launch: reduce_kernel<<<BLOCKS, THREADS, THREADS * sizeof(int)>>>(N, in, partial_sums, (N + BLOCKS - 1) / BLOCKS)
// launch: reduce_kernel<<<1, THREADS, THREADS * sizeof(int)>>>(BLOCKS, partial_sums, out, BLOCKS)
// array: partial_sums[BLOCKS]
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (the tree halves the block), not {THREADS}
// require: BLOCKS >= 1 && BLOCKS <= N : needs -D BLOCKS from 1 to N, not {BLOCKS}

#ifndef THREADS
#define THREADS 4
#endif
#ifndef BLOCKS
#define BLOCKS 2
#endif

__global__ void reduce_kernel(int n, const int *a, int *partial_sums, int block_range)
{
    // 1st step: each thread sums the elements of its block's range, blockDim.x apart
    int begin = blockIdx.x * block_range;
    int end = min(begin + block_range, n);
    int my_sum = 0;
    for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
        my_sum += a[i];

    // 2nd step: the block reduces its threads' sums in shared memory
    extern __shared__ int smem[];
    smem[threadIdx.x] = my_sum;
    __syncthreads();  // step(load): the threads' partial sums

    for (int offset = blockDim.x / 2; offset > 0; offset /= 2) {
        if (threadIdx.x < offset)
            smem[threadIdx.x] += smem[threadIdx.x + offset];
        __syncthreads();  // step(reduce): offset {offset}
    }

    // the block leader stores the block's sum in global memory
    if (threadIdx.x == 0)
        partial_sums[blockIdx.x] = smem[0];
}  // step(store): the block's sum
