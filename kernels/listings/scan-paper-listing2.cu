// The scan paper's Listing 2 as our copy prints it: the work-efficient (Blelloch) exclusive scan,
// with block E inside the down-sweep loop, where the extracted text's braces put it.
// title: Scan paper, Listing 2 as printed (work-efficient scan)
// from: Harris, "Parallel Prefix Sum (Scan) with CUDA" (2007), Listing 2, as the project's copy extracts it
// about: Up-sweep, clear the root, down-sweep, in place on n = 2 * threads elements, with the
//    listing's barriers: one at the top of every level (none between the last up-sweep level and
//    block C: thread 0 did that level itself) and one more after every down-sweep level.
// note: In our copy's text the down-sweep loop closes after block E, so E (write the results)
//    runs once per level, after that level's second __syncthreads(): every level loads all n
//    words and writes them to g_odata, and only the last write, after the last level, is the
//    scan. The output is right; expect log2(n) - 1 extra steps of loads and global writes. The
//    paper means E once, after the loop (scan-blelloch). n must be a power of two.
// launch: prescan<<<1, N / 2, N * sizeof(float)>>>(out, in, N)
// check: exclusive-scan
// types: float
// ops: sum
// require: N >= 2 && N <= 2048 : takes --n from 2 to 2048, not {N}
// require: (N & (N - 1)) == 0 : Listing 2 scans a power-of-two array (n = 2 * threads, no padding)

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // allocated on invocation

    int thid = threadIdx.x;
    int offset = 1;

    temp[2*thid] = g_idata[2*thid]; // load input into shared memory
    temp[2*thid+1] = g_idata[2*thid+1];

    for (int d = n>>1; d > 0; d >>= 1) // build sum in place up the tree
    {
        __syncthreads();

        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;

            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0) { temp[n - 1] = 0; } // clear the last element

    for (int d = 1; d < n; d *= 2) // traverse down tree & build scan
    {
        offset >>= 1;
        __syncthreads();

        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;

            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }

        __syncthreads();

        g_odata[2*thid] = temp[2*thid]; // write results to device memory
        g_odata[2*thid+1] = temp[2*thid+1];
    }
}
