// Oancea and Henriksen's scanIncWarp done with __shfl_up_sync: every warp scans its 32 values in
// registers, then the warps' totals are scanned by the first warp and added back as carries.
// title: Warp-shuffle scan
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" (scanIncWarp), done with __shfl_up_sync
// about: Each warp scans 32 values in 5 shuffle rounds (lane >= h adds the value h lanes up), the
//    last lane publishes the warp total, the first warp scans the totals, later warps add their
//    carry.
// note: Inclusive only; threads are n rounded up to a multiple of 32.
// launch: scan_warp_shuffle<<<1, (N + 31) / 32 * 32, (N + 31) / 32 * sizeof(T)>>>(out, in, N)
// check: inclusive-scan
// require: N <= 1024 : takes --n from 1 to 1024, not {N}

__global__ void scan_warp_shuffle(T *g_odata, const T *g_idata, int n)
{
    extern __shared__ T totals[];  // one per warp

    int tid = threadIdx.x;
    int lane = tid % warpSize;  // the notes' i in "if (i >= h)": the lane, not the thread id
    int warp = tid / warpSize;
    int warps = blockDim.x / warpSize;

    T val = (tid < n) ? g_idata[tid] : IDENTITY;
    for (int h = 1; h < warpSize; h *= 2) {
        T other = __shfl_up_sync(0xffffffff, val, h);  // step(shuffle): warp scan, h={h}
        if (lane >= h) val = OP(other, val);
    }

    if (lane == warpSize - 1) totals[warp] = val;
    __syncthreads();  // step(combine): warp totals to shared memory

    if (warps > 1) {
        if (warp == 0) {  // the first warp scans the warp totals the same way
            T t = (lane < warps) ? totals[lane] : IDENTITY;
            for (int h = 1; h < warpSize; h *= 2) {
                T other = __shfl_up_sync(0xffffffff, t, h);  // step(shuffle): scan of warp totals, h={h}
                if (lane >= h) t = OP(other, t);
            }
            if (lane < warps) totals[lane] = t;
        }
        __syncthreads();  // step(combine): scanned totals to shared memory

        if (warp > 0) val = OP(totals[warp - 1], val);  // the carry: all warps before this one
    }

    if (tid < n) g_odata[tid] = val;
}  // step(store): add carries, write output
