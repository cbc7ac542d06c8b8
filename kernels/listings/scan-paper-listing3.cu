// The scan paper's Listing 2 with Listing 3's macro and blocks A to E substituted, as printed:
// bankOffsetB computed from ai, and the ZERO_BANK_CONFLICTS macro (-D ZERO_BANK_CONFLICTS).
// title: Scan paper, Listing 3 as printed (bank-conflict padding, errata)
// from: scan paper (Harris, Sengupta, Owens 2007), Listings 2 and 3, blocks A to E
// about: The work-efficient scan with the paper's padding: every shared index gets
//    CONFLICT_FREE_OFFSET added, and each thread loads from the two halves of the array. Shows
//    the two errata of Listing 3 one at a time. Compare with scan-blelloch --pad harris|zero.
// note: By default the simple padding ((n) >> LOG_NUM_BANKS) runs with block A as printed:
//    bankOffsetB = CONFLICT_FREE_OFFSET(ai) where bi is meant. While n/2 < NUM_BANKS both offsets
//    are equal and the scan is right; from n = 2 * NUM_BANKS on, the second half is stored at the
//    wrong words: the up-sweep's first level reads words never written, the root's among them
//    (scanscope stops there; a GPU reads what shared memory held, and the output is wrong), and
//    from n = 4 * NUM_BANKS on two threads also store to one word in the load step (a
//    write-after-write hazard). -D ZERO_BANK_CONFLICTS selects the printed
//    ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)): '+' binds tighter than '>>', so it is
//    (n >> (NUM_BANKS + n)) >> (2 * LOG_NUM_BANKS), 0 for every index (the shift by 32 or more
//    from n = 32 - NUM_BANKS on gives 0 on the GPU; C leaves it undefined): no padding at all, so
//    the output is right (bankOffsetB's erratum adds 0 too) and the bank conflicts are exactly
//    those of unpadded indices. NUM_BANKS and LOG_NUM_BANKS are the printed 16 and 4 (G80):
//    --banks 16 models the banks they were chosen for; -D NUM_BANKS=32 -D LOG_NUM_BANKS=5 pads
//    for today's 32. Block E is placed after the down-sweep, as the paper means (see
//    scan-paper-listing2 for the braces as extracted). n must be a power of two.
// broken: Listing 3's errata: bankOffsetB from ai; ZERO_BANK_CONFLICTS pads nothing.
// launch: prescan<<<1, N / 2, (N + CONFLICT_FREE_OFFSET(N - 1)) * sizeof(float)>>>(out, in, N)
// check: exclusive-scan
// types: float
// ops: sum
// require: N >= 2 && N <= 2048 : takes --n from 2 to 2048, not {N}
// require: (N & (N - 1)) == 0 : Listing 2 scans a power-of-two array (n = 2 * threads)

#ifndef NUM_BANKS
#define NUM_BANKS 16
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 4
#endif

#ifdef ZERO_BANK_CONFLICTS
#define CONFLICT_FREE_OFFSET(n) \
    ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
#else
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#endif

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation

    int thid = threadIdx.x;
    int offset = 1;

    // block A
    int ai = thid;
    int bi = thid + (n/2);

    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(ai);  // as printed: bi is meant

    temp[ai + bankOffsetA] = g_idata[ai];
    temp[bi + bankOffsetB] = g_idata[bi];

    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        __syncthreads();

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
    }

    // block C: clear the last element
    if (thid==0) { temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0; }

    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        __syncthreads();

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
    }

    __syncthreads();

    // block E: write results to device memory
    g_odata[ai] = temp[ai + bankOffsetA];
    g_odata[bi] = temp[bi + bankOffsetB];
}
