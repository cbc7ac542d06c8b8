// The primitives tutorial's reduce_sum_warp_shuffle as printed, with its warp_reduce_sum: one element
// per thread, a shuffle reduction in every warp, then the first warp reduces the warps' sums.
// title: Primitives tutorial, reduce_sum_warp_shuffle
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (warp_reduce_sum, reduce_sum_warp_shuffle)
// about: __shfl_down_sync hands a register value from lane + offset to lane (offsets 16, 8, 4, 2,
//    1); lane 0 of each warp writes its warp's sum to shared memory, and after one
//    __syncthreads() the first warp reduces those sums the same way. Compare with
//    reduce-warp-shuffle (grid-stride load, every operator).
// note: One element per thread (i < n ? input[i] : 0), so one block covers at most 1024
//    elements; blockDim.x must be a multiple of 32 for the full-mask shuffles.
// launch: reduce_sum_warp_shuffle<<<1, (N + 31) / 32 * 32, (N + 31) / 32 * sizeof(float)>>>(in, out, N)
// out: 1
// check: reduce
// types: float
// ops: sum
// require: N <= 1024 : takes --n from 1 to 1024 (one element per thread), not {N}

__device__ float warp_reduce_sum(float val) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
        val += __shfl_down_sync(0xFFFFFFFF, val, offset);  // step(shuffle): offset {offset}
    }
    return val;
}

__global__ void reduce_sum_warp_shuffle(float* input, float* output, int n) {
    extern __shared__ float sdata[];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = tid % warpSize;
    unsigned int warpId = tid / warpSize;

    float val = (i < n) ? input[i] : 0.0f;

    // First: full warp-level reduction
    val = warp_reduce_sum(val);

    // Write each warp's result to shared memory
    if (lane == 0) {
        sdata[warpId] = val;
    }
    __syncthreads();  // step(combine): warp sums to shared memory

    // First warp reduces the per-warp results
    val = (tid < blockDim.x / warpSize) ? sdata[lane] : 0.0f;
    if (warpId == 0) {
        val = warp_reduce_sum(val);
    }

    if (tid == 0) {
        output[blockIdx.x] = val;
    }
}  // step(store): write result
