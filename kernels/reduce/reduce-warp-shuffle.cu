// The primitives tutorial's reduce_sum_warp_shuffle: each warp reduces its registers with
// __shfl_down_sync, lane 0 of each warp writes one partial, and the first warp reduces those.
// title: Warp shuffle reduction
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (reduce_sum_warp_shuffle)
// about: Each warp reduces its registers with __shfl_down_sync (offsets 16, 8, 4, 2, 1); lane 0 of
//    each warp writes one partial to shared memory and the first warp reduces those.
// note: Threads must be a multiple of 32.
// reorders: lane i combines its value with lane i + offset's, not its neighbour's (lane 0
//    meets lane 16 first), and the grid-stride partials interleave the input
// launch: reduce_warp_shuffle<<<1, THREADS, THREADS / 32 * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: THREADS % 32 == 0 : needs --threads a multiple of 32, not {THREADS}

#ifndef THREADS
#define THREADS min(1024, (N + 31) / 32 * 32)
#endif

__global__ void reduce_warp_shuffle(const T *g_idata, T *g_odata, int n)
{
    extern __shared__ T sdata[];  // one partial per warp

    int tid = threadIdx.x;
    int lane = tid % warpSize;
    int warpId = tid / warpSize;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    // each thread first reduces its grid-stride chunk in a register (the reduction problem)
    T val = IDENTITY;
    for (int i = idx; i < n; i += stride)
        val = OP(val, g_idata[i]);

    // every warp: lane + offset hands its value down (the tutorial's warp_reduce_sum)
    for (int offset = warpSize / 2; offset > 0; offset >>= 1)
        val = OP(val, __shfl_down_sync(0xffffffff, val, offset));  // step(shuffle): warp shuffle, offset {offset}

    if (lane == 0) sdata[warpId] = val;
    __syncthreads();  // step(combine): warp totals to shared memory

    // the first warp reduces the per-warp partials
    val = (tid < blockDim.x / warpSize) ? sdata[lane] : IDENTITY;
    if (warpId == 0) {
        for (int offset = warpSize / 2; offset > 0; offset >>= 1)
            val = OP(val, __shfl_down_sync(0xffffffff, val, offset));  // step(shuffle): first warp, offset {offset}
    }

    if (tid == 0) g_odata[blockIdx.x] = val;
}  // step(store): write result
