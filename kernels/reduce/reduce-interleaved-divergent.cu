// Harris's reduce0: tid % (2*s) picks the working threads, so every warp keeps a few busy lanes
// until the end (divergence), and % is slow.
// title: Interleaved addressing, divergent branch
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (tree trace); Harris, "Optimizing Parallel Reduction in CUDA", kernel 1
// about: Thread tid works when tid % (2*stride) == 0: every warp keeps a few busy lanes, so warps
//    diverge and the modulo is slow.
// launch: reduce_interleaved_divergent<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, next_pow2(N))
#endif

__global__ void reduce_interleaved_divergent(const T *g_idata, T *g_odata, int n)
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
        if (tid % (2 * s) == 0)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
