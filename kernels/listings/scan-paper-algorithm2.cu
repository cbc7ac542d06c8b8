// The scan paper's Algorithm 2 (the double-buffered naive scan) written as CUDA, with its printed
// test k >= 2^d; -D FIXED=1 uses k >= 2^(d-1), the test the update x[k - 2^(d-1)] needs.
// title: Scan paper, Algorithm 2 as printed (naive scan, erratum)
// from: scan paper (Harris, Sengupta, Owens 2007), Algorithm 2 (and Algorithm 1's same test)
// about: for d := 1 to log2 n: every k with k >= 2^d gets x[in][k - 2^(d-1)] + x[in][k], the
//    others copy x[in][k]; swap(in, out). An inclusive scan, one element per thread, n a power
//    of two.
// note: As printed the test is k >= 2^d while the term added is x[k - 2^(d-1)], so the elements
//    k with 2^(d-1) <= k < 2^d only copy at step d and never get that term: expect a wrong
//    inclusive scan from element 1 on (1,2,3,4 gives 1,2,5,7 instead of 1,3,6,10). -D FIXED=1
//    tests k >= 2^(d-1) and gives the inclusive scan.
// broken: Algorithm 2's erratum (default FIXED=0): the test k >= 2^d skips needed additions.
// launch: scan<<<1, N, 2 * N * sizeof(float)>>>(out, in, N)
// check: inclusive-scan
// types: float
// ops: sum
// require: N <= 1024 : takes --n from 1 to 1024, not {N}
// require: (N & (N - 1)) == 0 : Algorithm 2 runs d from 1 to log2 n: n a power of two

#ifndef FIXED
#define FIXED 0
#endif

#if FIXED
#define FIRST_K(d) (1 << ((d) - 1))  // k >= 2^(d-1): every k that has an x[k - 2^(d-1)]
#else
#define FIRST_K(d) (1 << (d))        // k >= 2^d, as printed
#endif

__global__ void scan(float *g_odata, float *g_idata, int n)
{
    extern __shared__ float temp[]; // x[2][n]: x[in] and x[out]

    int k = threadIdx.x;
    int pout = 0, pin = 1;

    temp[pout*n + k] = g_idata[k];
    __syncthreads();  // step(load): load

    for (int d = 1; (1 << d) <= n; d++)  // d := 1 to log2 n
    {
        pout = 1 - pout;  // swap(in, out)
        pin = 1 - pout;

        if (k >= FIRST_K(d))
            temp[pout*n + k] = temp[pin*n + k - (1 << (d - 1))] + temp[pin*n + k];
        else
            temp[pout*n + k] = temp[pin*n + k];

        __syncthreads();  // step(scan): d={d}
    }

    g_odata[k] = temp[pout*n + k];
}  // step(store): write output
