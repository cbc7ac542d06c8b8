// Harris's reduce2, the kernel of the primitives tutorial and the reduction problem: sequential
// addressing, conflict-free, but half the threads idle from the first step.
// title: Sequential addressing
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives"; the tutorial problem on parallel reduction (reduce_sum and its tree); Demouth, "Parallel Reduction with CUDA"; Harris, "Optimizing Parallel Reduction in CUDA", kernel 3
// about: The stride halves each step and thread tid combines sdata[tid] and sdata[tid+stride]:
//    consecutive lanes touch consecutive words, conflict-free. Half the threads idle from the
//    first step.
// reorders: sdata[tid] and sdata[tid + s] are not neighbours in the input (element 0 meets
//    element s before element 1), and the grid-stride partials interleave the input
// launch: reduce_sequential<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, next_pow2(N))
#endif

__global__ void reduce_sequential(const T *g_idata, T *g_odata, int n)
{
    extern __shared__ T sdata[];

    int tid = threadIdx.x;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    // each thread first reduces its grid-stride chunk in a register (the reduction problem)
    T sum = IDENTITY;
    for (int i = idx; i < n; i += stride)
        sum = OP(sum, g_idata[i]);
    sdata[tid] = sum;
    __syncthreads();  // step(load): load

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
