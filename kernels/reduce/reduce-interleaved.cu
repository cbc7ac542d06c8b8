// Harris's reduce1: index = 2*s*tid keeps the working threads contiguous (no divergence), but
// lanes 2*s words apart meet in one bank.
// title: Interleaved addressing, strided index
// from: Harris, Optimizing Parallel Reduction, kernel 2
// about: index = 2*stride*tid keeps the working threads contiguous (no divergence), but lanes
//    2*stride words apart fall into the same bank: bank conflicts.
// launch: reduce_interleaved<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, next_pow2(N))
#endif

__global__ void reduce_interleaved(const T *g_idata, T *g_odata, int n)
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

    for (int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] = OP(sdata[index], sdata[index + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
