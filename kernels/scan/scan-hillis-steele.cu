// The naive scan of the scan paper (Listing 1), double-buffered, with Algorithm 2's update: both
// terms come from the input buffer.
// title: Hillis-Steele (naive) scan, double-buffered
// from: scan paper (Harris, Sengupta, Owens), Algorithm 2 and Listing 1; the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" ([1,2,3,4])
// about: Every step, element k adds element k-offset; offset doubles. O(n log n) work in log n
//    steps, double-buffered because warps do not run in lockstep.
// note: Listing 1 prints temp[pout*n+thid] += temp[pin*n+thid-offset], which adds to the stale
//    output buffer; Algorithm 2 (and this kernel) reads both terms from the input buffer.
// launch: scan_hillis_steele<<<1, N, 2 * N * sizeof(T)>>>(out, in, N)
// check: exclusive-scan
// require: N <= 1024 : takes --n from 1 to 1024, not {N}

#ifndef INCLUSIVE
#define INCLUSIVE 0
#endif

__global__ void scan_hillis_steele(T *g_odata, const T *g_idata, int n)
{
    extern __shared__ T temp[];  // two buffers of n: warps do not run in lockstep

    int thid = threadIdx.x;
    int pout = 0, pin = 1;

#if INCLUSIVE
    temp[pout*n + thid] = g_idata[thid];
    __syncthreads();  // step(load): load
#else
    // exclusive scan: shift right by one and put the identity first
    temp[pout*n + thid] = (thid > 0) ? g_idata[thid-1] : IDENTITY;
    __syncthreads();  // step(load): load, shifted right
#endif

    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;  // swap double buffer indices
        pin = 1 - pout;

        if (thid >= offset)
            temp[pout*n + thid] = OP(temp[pin*n + thid - offset], temp[pin*n + thid]);
        else
            temp[pout*n + thid] = temp[pin*n + thid];
        __syncthreads();  // step(scan): offset {offset}
    }

    g_odata[thid] = temp[pout*n + thid];  // write output
}  // step(store): write output
