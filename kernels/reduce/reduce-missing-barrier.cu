// The race lesson: reduce-sequential with the __syncthreads() between its first two tree levels
// forgotten (the primitives tutorial's "common mistake").
// title: Sequential addressing with one __syncthreads() missing
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" ("forgetting __syncthreads() between reduction levels"); the tutorial problem on parallel reduction
// about: Deliberately broken: the barrier between the first two tree levels is left out, so a
//    thread of the second level reads a partial that another thread has not written yet. The
//    trace marks the hazard; compute-sanitizer's racecheck flags the same kernel on a GPU.
// note: Race lesson. scanscope runs each thread through both levels before the next thread
//    starts, the worst order, so its result is wrong; on a GPU the result depends on timing.
// broken: one __syncthreads() is missing: thread tid < blockDim.x/4 reads sdata[tid + blockDim.x/4], which thread
//    tid + blockDim.x/4 writes in the first level with no barrier in between.
// reorders: sdata[tid] and sdata[tid + s] are not neighbours in the input (element 0 meets
//    element s before element 1)
// launch: reduce_missing_barrier<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}
// require: THREADS >= 4 : needs at least 4 threads, not {THREADS}

#ifndef THREADS
#define THREADS max(4, min(1024, next_pow2(N)))
#endif

__global__ void reduce_missing_barrier(const T *g_idata, T *g_odata, int n)
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

    // the first two levels, with the barrier between them forgotten
    int first = blockDim.x / 2;
    for (int s = first; s >= first / 2; s >>= 1) {
        if (tid < s)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        // __syncthreads() missing here
    }
    __syncthreads();  // step(reduce): strides {first} and half: NO barrier

    for (int s = first / 4; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = OP(sdata[tid], sdata[tid + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
