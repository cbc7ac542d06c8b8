// Exercise pad-blelloch, a model solution: Listing 3's padding on the work-efficient scan, in its
// corrected form. Every shared index i becomes i + i/NUM_BANKS + i/NUM_BANKS^2, and each thread
// loads from the two halves of the array.
// title: Exercise solution: the work-efficient scan, padded (Listing 3, corrected)
// from: scan paper (Harris, Sengupta, Owens 2007), Listing 3 and section 39.2.3
// about: CONFLICT_FREE_OFFSET(n) = n/NUM_BANKS + n/NUM_BANKS^2 (the ZERO_BANK_CONFLICTS form, with
//    its precedence and LOG_NUM_BANKS errata corrected) inserts one unused word after every
//    NUM_BANKS words and one more after every NUM_BANKS^2, so the lanes of a deep level, whose
//    indices are a multiple of NUM_BANKS apart, land in different banks. Block A computes
//    bankOffsetB from bi (the listing prints ai).
// note: The simple padding n/NUM_BANKS alone leaves 2-way conflicts where the stride reaches
//    NUM_BANKS^2 words: with 16 banks from n = 512 on, with 32 banks at n = 2048.
// launch: prescan<<<1, N / 2, (N + CONFLICT_FREE_OFFSET(N - 1)) * sizeof(float)>>>(out, in, N)
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

#define CONFLICT_FREE_OFFSET(n) (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation

    int thid = threadIdx.x;
    int offset = 1;

    // block A
    int ai = thid;
    int bi = thid + (n/2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = g_idata[ai];
    temp[bi + bankOffsetB] = g_idata[bi];
    __syncthreads();  // step(load): load

    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        if (thid < d)
        {
            // block B
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);

            temp[bi] += temp[ai];
        }
        offset *= 2;
        __syncthreads();  // step(up): up-sweep d={d}
    }

    // block C: clear the last element
    if (thid == 0) { temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0; }
    __syncthreads();  // step(clear): clear last element

    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        if (thid < d)
        {
            // block D
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);

            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
        __syncthreads();  // step(down): down-sweep d={d}
    }

    // block E: write results to device memory
    g_odata[ai] = temp[ai + bankOffsetA];
    g_odata[bi] = temp[bi + bankOffsetB];
}  // step(store): write output
