// The work-efficient scan of the scan paper (Listing 2, Algorithms 3 and 4), with Listing 3's
// bank-conflict padding in its corrected form. The applications call its sweeps.
// title: Blelloch work-efficient scan
// from: scan paper, Algorithms 3 and 4, Listings 2 and 3; the tutorial article "Parallel prefix sum and reduction: the core parallel primitives"; Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan"
// about: Up-sweep builds a reduction tree in place, the root is cleared, the down-sweep swaps and
//    adds back down: O(n) work, two elements per thread. --pad adds index/NUM_BANKS (harris) or
//    index/NUM_BANKS + index/NUM_BANKS^2 (zero) to every index to break bank conflicts.
// note: The paper's ZERO_BANK_CONFLICTS macro prints ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)):
//    '+' binds tighter than '>>', and NUM_BANKS stands where LOG_NUM_BANKS is meant, so it
//    computes (n >> (16 + n)) >> 8: 0 for every index (and undefined once 16 + n reaches 32),
//    i.e. no padding at all. The corrected form ((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))
//    also pads every NUM_BANKS^2 words, removing the conflicts the simple padding leaves at deep
//    levels. Listing 3's block A also computes bankOffsetB from ai (it must be bi). Exclusive
//    only. kernels/listings/scan-paper-listing3.cu runs both errata as printed.
// launch: prescan<<<1, next_pow2(N) / 2, (next_pow2(N) + CONFLICT_FREE_OFFSET(next_pow2(N) - 1)) * sizeof(T)>>>(out, in, N)
// check: exclusive-scan
// require: N >= 2 : needs --n of at least 2 (two elements per thread)
// require: N <= 2048 : takes --n from 1 to 2048, not {N}

#ifndef PAD
#define PAD 0  // 0: none, 1: Listing 3's simple padding (harris), 2: ZERO_BANK_CONFLICTS, corrected (zero)
#endif
#ifndef NUM_BANKS
#define NUM_BANKS 32
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 5
#endif

#if PAD == 2
#define CONFLICT_FREE_OFFSET(n) (((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)))
#elif PAD == 1
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#else
#define CONFLICT_FREE_OFFSET(n) 0
#endif

// Exclusive scan of temp[0, m) in place (m a power of two, m/2 threads): up-sweep (Algorithm 3),
// clear the root (block C), down-sweep (Algorithm 4).
__device__ void blelloch_sweeps(T *temp, int thid, int m)
{
    int offset = 1;

    for (int d = m >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
        if (thid < d) {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);

            temp[bi] = OP(temp[ai], temp[bi]);
        }
        offset *= 2;
        __syncthreads();  // step(up): up-sweep d={d}
    }

    if (thid == 0) { temp[m - 1 + CONFLICT_FREE_OFFSET(m - 1)] = IDENTITY; }  // clear the last element
    __syncthreads();  // step(clear): clear last element

    for (int d = 1; d < m; d *= 2) {  // traverse down tree & build scan
        offset >>= 1;
        if (thid < d) {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);

            T t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] = OP(temp[bi], t);
        }
        __syncthreads();  // step(down): down-sweep d={d}
    }
}

// n elements, padded with the identity up to m = 2 * blockDim.x (the paper's "arrays of
// arbitrary size": the tree needs a power of two).
__global__ void prescan(T *g_odata, const T *g_idata, int n)
{
    extern __shared__ T temp[];  // allocated on invocation

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;

    // A grid of these scans a large array block by block (the paper's "Arrays of arbitrary
    // size"): block j scans elements [j*m, j*m + m). With one block this changes nothing.
    g_idata += blockIdx.x * m;
    g_odata += blockIdx.x * m;
    n -= blockIdx.x * m;

    // block A
#if PAD
    int ai = thid;             // the two halves: no two-way conflict between neighbours
    int bi = thid + (m/2);
#else
    int ai = 2*thid;
    int bi = 2*thid + 1;
#endif
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (ai < n) ? g_idata[ai] : IDENTITY;
    temp[bi + bankOffsetB] = (bi < n) ? g_idata[bi] : IDENTITY;
    __syncthreads();  // step(load): load

    blelloch_sweeps(temp, thid, m);

    // block E: write results to device memory
    if (ai < n) g_odata[ai] = temp[ai + bankOffsetA];
    if (bi < n) g_odata[bi] = temp[bi + bankOffsetB];
}  // step(store): write output
