// Stream compaction (the primitives tutorial): flags, an exclusive scan of the flags
// (scan-blelloch's sweeps), and a scatter of the kept values to their scanned index.
// title: Stream compaction: keep the odd values
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (stream compaction: flags, exclusive scan, scatter)
// about: Each element gets a flag (1 = keep), an exclusive scan of the flags gives every kept
//    element its output index, and a scatter writes it there: no atomics, no contention.
// note: int and --op sum only; keeps the odd values (the tutorial's example [A,B,C,D,E] with flags
//    [1,0,1,1,0] is --input 1,2,3,5,6).
// launch: compact<<<1, next_pow2(N) / 2, next_pow2(N) * sizeof(int)>>>(out, in, N)
// out: N + 1
// check: compact
// types: int
// ops: sum
// require: N >= 2 : needs --n of at least 2 (two elements per thread)
// require: N <= 2048 : takes --n from 1 to 2048, not {N}

#define PAD 0  // the flags are scanned without padding
#include "../scan/scan-blelloch.cu"

__global__ void compact(T *g_odata, const T *g_idata, int n)
{
    extern __shared__ int flags[];  // the flags, then their exclusive scan

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;

    for (int i = 2*thid; i <= 2*thid + 1; ++i)
        flags[i] = (i < n && (g_idata[i] & 1) != 0) ? 1 : 0;
    __syncthreads();  // step(load): flags: 1 = keep (odd value)

    blelloch_sweeps(flags, thid, m);

    for (int i = 2*thid; i <= 2*thid + 1; ++i) {
        int where = flags[i];
        T v = i < n ? g_idata[i] : 0;  // one load: the compiler would merge two loads of g_idata[i] here
        bool keep = i < n && (v & 1) != 0;
        if (keep) g_odata[where] = v;
        if (i == n - 1) g_odata[n] = where + (keep ? 1 : 0);  // the count: last scan + last flag
    }
}  // step(store): scatter the kept values
