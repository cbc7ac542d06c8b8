// Harris's reduce3: each thread combines two elements blockDim.x apart while loading, so half as
// many threads run the same sequential-addressing tree.
// title: First add during load
// from: Harris kernel 4
// about: Each thread adds two elements (threads apart) while loading, so half as many threads run
//    the same sequential-addressing tree.
// reorders: sdata[tid] and sdata[tid + s] are not neighbours in the input (element 0 meets
//    element s before element 1), and each thread's partial takes elements blockDim.x apart
// launch: reduce_first_add<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, max(1, next_pow2(N) / 2))
#endif

__global__ void reduce_first_add(const T *g_idata, T *g_odata, int n)
{
    extern __shared__ T sdata[];

    int tid = threadIdx.x;
    int idx = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
    int stride = 2 * gridDim.x * blockDim.x;

    // the grid-stride loop of the reduction problem, two elements blockDim.x apart per turn
    T sum = IDENTITY;
    for (int i = idx; i < n; i += stride) {
        sum = OP(sum, g_idata[i]);
        if (i + blockDim.x < n)
            sum = OP(sum, g_idata[i + blockDim.x]);
    }
    sdata[tid] = sum;
    __syncthreads();  // step(load): load (first add)

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
