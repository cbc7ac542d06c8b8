// The scan paper's Listing 1 as printed: the naive (Hillis-Steele) exclusive scan, whose update
// line adds to the stale output buffer instead of reading both terms from the input buffer.
// title: Scan paper, Listing 1 as printed (naive scan, erratum)
// from: scan paper (Harris, Sengupta, Owens 2007), Listing 1
// about: The double-buffered naive scan exactly as the paper prints it. Compare with
//    scan-hillis-steele, which uses Algorithm 2's update.
// note: The listing prints temp[pout*n+thid] += temp[pin*n+thid - offset]: the += reads the
//    *output* buffer, which holds the values of two steps before (and at the first step was never
//    written), where Algorithm 2 reads temp[pin*n+thid]. Expect the first scan step to read
//    never-written words temp[n + thid] (scanscope stops there; a GPU adds whatever shared memory
//    held). -D CLEAR_OUTPUT_BUFFER=1 zeroes that buffer first (a line the paper does not have):
//    then the run completes, wrong from element 1 on: the paper's example 3,1,7,0,4,1,6,3 gives
//    0,0,1,7,7,0,5,8 instead of 0,3,4,11,11,15,16,22.
// broken: Listing 1's erratum: the += adds to the stale output buffer.
// launch: scan<<<1, N, 2 * N * sizeof(float)>>>(out, in, N)
// check: exclusive-scan
// types: float
// ops: sum
// require: N <= 1024 : takes --n from 1 to 1024, not {N}

#ifndef CLEAR_OUTPUT_BUFFER
#define CLEAR_OUTPUT_BUFFER 0
#endif

__global__ void scan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation

    int thid = threadIdx.x;
    int pout = 0, pin = 1;

    // load input into shared memory.
    // This is exclusive scan, so shift right by one and set first elt to 0
    temp[pout*n + thid] = (thid > 0) ? g_idata[thid-1] : 0;
#if CLEAR_OUTPUT_BUFFER
    temp[pin*n + thid] = 0;  // not in the paper
#endif
    __syncthreads();  // step(load): load, shifted right

    for (int offset = 1; offset < n; offset *= 2)
    {
        pout = 1 - pout; // swap double buffer indices
        pin = 1 - pout;

        if (thid >= offset)
            temp[pout*n+thid] += temp[pin*n+thid - offset];
        else
            temp[pout*n+thid] = temp[pin*n+thid];

        __syncthreads();  // step(scan): offset {offset}
    }

    g_odata[thid] = temp[pout*n+thid]; // write output
}  // step(store): write output
