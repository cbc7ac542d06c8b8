// Harris's reduce4: once 64 partials remain, the first warp finishes without __syncthreads(),
// in the form that is safe since Volta (read, __syncwarp(), write, __syncwarp()).
// title: Unrolled last warp
// from: Harris kernel 5
// about: Once 64 partials remain, the last warp finishes without __syncthreads.
// note: Harris's original relies on lockstep warps and volatile shared memory, a race since
//    Volta's independent thread scheduling; here each round reads, calls __syncwarp(), then
//    writes. Needs at least 64 threads.
// reorders: sdata[tid] and sdata[tid + s] are not neighbours in the input (element 0 meets
//    element s before element 1), and each thread's partial takes elements blockDim.x apart
// launch: reduce_unroll_warp<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}
// require: THREADS >= 64 : needs at least 64 threads, not {THREADS}

#ifndef THREADS
#define THREADS max(64, min(1024, max(1, next_pow2(N) / 2)))
#endif

__global__ void reduce_unroll_warp(const T *g_idata, T *g_odata, int n)
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

    for (int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    // Lanes do not run in lockstep (Volta+): every lane reads before any lane writes.
    if (tid < 32) {
        for (int s = 32; s > 0; s >>= 1) {
            T v = OP(sdata[tid], sdata[tid + s]);
            __syncwarp();  // step(reduce): last warp, stride {s}: read
            sdata[tid] = v;
            __syncwarp();  // step(reduce): last warp, stride {s}: write
        }
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
