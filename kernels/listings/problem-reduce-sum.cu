// The reduction problem's reduce_sum_kernel as printed: a grid-stride loop into one register per
// thread, then the sequential-addressing tree in shared memory.
// title: Reduction problem, reduce_sum_kernel (grid-stride load, tree reduction)
// from: the tutorial problem on parallel reduction (reduce_sum_kernel)
// about: Each thread sums a grid-stride chunk of the input (with 4 threads and 8 elements thread 0
//    sums elements 0 and 4), stores it to s_data, and the tree halves the stride each step.
//    Demouth's slides draw the same kernel with 4 threads. Compare with reduce-sequential,
//    the same kernel for every operator.
// note: s_data[tid] += s_data[tid + s] loads s_data[tid + s] before s_data[tid] (the right side
//    of += first).
// reorders: s_data[tid] and s_data[tid + s] are not neighbours in the input
// launch: reduce_sum_kernel<<<1, THREADS, THREADS * sizeof(int)>>>(in, out, N)
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, next_pow2(N))
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
    __syncthreads(); // step(load): Ensure all data is ready before reduction

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
