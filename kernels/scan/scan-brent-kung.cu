// Brent-Kung inclusive scan (the primitives tutorial's table): Blelloch's up-sweep, then a distribution
// down the tree that keeps the root's total instead of clearing it, so fewer operations than Blelloch.
// title: Brent-Kung inclusive scan
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (scan algorithm table: Brent-Kung); scan paper, Algorithm 3 (the up-sweep)
// about: The up-sweep is Blelloch's reduce phase: afterwards the last element of every block of
//    2^k elements that ends a prefix holds that prefix's total. Going back down, each finished
//    prefix is added into the middle of the block that follows it: m - 1 - log2(m) operations
//    instead of the down-sweep's m - 1, no clearing of the root, and an inclusive scan. Two
//    elements per thread.
// note: Inclusive only.
// launch: scan_brent_kung<<<1, next_pow2(N) / 2, next_pow2(N) * sizeof(T)>>>(out, in, N)
// check: inclusive-scan
// require: N >= 2 : needs --n of at least 2 (two elements per thread)
// require: N <= 2048 : takes --n from 1 to 2048, not {N}

// n elements, padded with the identity up to m = 2 * blockDim.x (the tree needs a power of two)
__global__ void scan_brent_kung(T *g_odata, const T *g_idata, int n)
{
    extern __shared__ T temp[];

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;
    int offset = 1;

    temp[2*thid] = (2*thid < n) ? g_idata[2*thid] : IDENTITY;
    temp[2*thid + 1] = (2*thid + 1 < n) ? g_idata[2*thid + 1] : IDENTITY;
    __syncthreads();  // step(load): load

    for (int d = m >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
        if (thid < d) {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            temp[bi] = OP(temp[ai], temp[bi]);
        }
        offset *= 2;
        __syncthreads();  // step(up): up-sweep d={d}
    }

    // temp[offset*(thid+1) - 1] now ends a finished prefix; the block of offset/2 elements after
    // it only holds its own total, so add the prefix into it.
    for (offset = m / 2; offset > 1; offset >>= 1) {
        int ai = offset*(thid+1)-1;
        int bi = ai + offset/2;
        if (bi < m)
            temp[bi] = OP(temp[ai], temp[bi]);
        __syncthreads();  // step(down): distribute, offset {offset}
    }

    if (2*thid < n) g_odata[2*thid] = temp[2*thid];
    if (2*thid + 1 < n) g_odata[2*thid + 1] = temp[2*thid + 1];
}  // step(store): write output
