// Exercise pad-blelloch, the start: the scan paper's work-efficient scan (Listing 2), with block E
// after the down-sweep as the paper means it, and no padding yet. Every level's lanes touch words
// 2 * offset apart, so deep levels put many lanes in one bank.
// title: Exercise start: the work-efficient scan without padding (Listing 2)
// from: scan paper (Harris, Sengupta, Owens 2007), Listing 2
// about: Up-sweep, clear the root, down-sweep, in place on n = 2 * threads elements. NUM_BANKS
//    and LOG_NUM_BANKS are here for the padding to use (--banks 16 sets them to 16 and 4).
// launch: prescan<<<1, N / 2, N * sizeof(float)>>>(out, in, N)
// check: exclusive-scan
// types: float
// ops: sum
// require: N >= 2 && N <= 2048 : takes --n from 2 to 2048, not {N}
// require: (N & (N - 1)) == 0 : scans a power-of-two array (n = 2 * threads), not {N}

#ifndef NUM_BANKS
#define NUM_BANKS 32
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 5
#endif

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation

    int thid = threadIdx.x;
    int offset = 1;

    temp[2*thid] = g_idata[2*thid]; // load input into shared memory
    temp[2*thid+1] = g_idata[2*thid+1];
    __syncthreads();  // step(load): load

    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;

            temp[bi] += temp[ai];
        }
        offset *= 2;
        __syncthreads();  // step(up): up-sweep d={d}
    }

    if (thid == 0) { temp[n - 1] = 0; } // clear the last element
    __syncthreads();  // step(clear): clear last element

    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;

            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
        __syncthreads();  // step(down): down-sweep d={d}
    }

    g_odata[2*thid] = temp[2*thid]; // write results to device memory
    g_odata[2*thid+1] = temp[2*thid+1];
}  // step(store): write output
