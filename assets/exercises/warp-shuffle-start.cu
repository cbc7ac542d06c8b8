// Exercise warp-shuffle, the start: the primitives tutorial's reduce_sum_warp_shuffle with its
// warp_reduce_sum unfinished: only the first shuffle round is written.
// title: Exercise start: the warp-shuffle reduction, one round of five
// from: the tutorial article *Parallel prefix sum and reduction: the core parallel primitives* (warp_reduce_sum, reduce_sum_warp_shuffle)
// about: __shfl_down_sync(mask, val, offset) hands lane + offset's val to lane. One round with
//    offset 16 adds the upper half of the warp onto the lower half; four more rounds are missing,
//    so lane 0 does not yet hold its warp's sum.
// launch: reduce_sum_warp_shuffle<<<1, (N + 31) / 32 * 32, (N + 31) / 32 * sizeof(float)>>>(in, out, N)
// out: 1
// check: reduce
// types: float
// ops: sum
// require: N <= 1024 : takes --n from 1 to 1024 (one element per thread), not {N}

__device__ float warp_reduce_sum(float val) {
    val += __shfl_down_sync(0xFFFFFFFF, val, 16);  // step(shuffle): offset 16
    // TODO: the rounds with offsets 8, 4, 2 and 1
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
