// LSB-first radix sort, one bit per pass (the primitives tutorial's building block; Demouth's slides): e =
// NOT bit, an exclusive scan of e (scan-blelloch's sweeps) places the zeros first, then the ones, stably.
// title: Radix sort, one bit per pass
// from: the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (radix sort); Demouth, "Parallel Reduction with CUDA" (the one-bit split)
// about: For each bit from the least significant: e = NOT bit, an exclusive scan of e places the
//    zeros first and the ones after them, keeping order (stable). After every bit the keys are
//    sorted. --bits 1 shows the one-bit split alone.
// note: Non-negative int keys, --op sum only; --bits defaults to what the largest key needs.
// launch: radix_sort<<<1, next_pow2(N) / 2, (3 * next_pow2(N) + 1) * sizeof(int)>>>(out, in, N, BITS)
// check: sort
// types: int
// ops: sum
// require: N >= 2 : needs --n of at least 2 (two elements per thread)
// require: N <= 2048 : takes --n from 1 to 2048, not {N}
// require: MIN_IN >= 0 : sorts non-negative ints; --input has {MIN_IN}
// require: BITS >= 1 && BITS <= 31 : takes --bits from 1 to 31, not {BITS}

#ifndef BITS
#define BITS bit_width(MAX_IN)
#endif

#define PAD 0  // the flags are scanned without padding
#include "../scan/scan-blelloch.cu"

__global__ void radix_sort(T *g_odata, const T *g_idata, int n, int bits)
{
    extern __shared__ int smem[];

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;
    int *keys = smem;         // buffer A
    int *flags = keys + m;    // e = NOT bit, then its exclusive scan
    int *zeros = flags + m;   // how many keys have the bit 0
    int *sorted = zeros + 1;  // buffer B

    for (int i = 2*thid; i <= 2*thid + 1; ++i)
        keys[i] = (i < n) ? g_idata[i] : 2147483647;  // padding keys: all ones, so they stay last
    __syncthreads();  // step(load): load keys

    // Even bits read keys and scatter into sorted, odd bits the other way round (no alias
    // pointers: the trace names the words after the pointers that carve them).
    for (int bit = 0; bit < bits; ++bit) {
        int key[2];  // this thread's two keys
        for (int j = 0; j < 2; ++j)
            key[j] = (bit % 2 == 0) ? keys[2*thid + j] : sorted[2*thid + j];
        for (int j = 0; j < 2; ++j)
            flags[2*thid + j] = ((key[j] >> bit) & 1) == 0 ? 1 : 0;
        __syncthreads();  // step(load): bit {bit}: e = NOT bit

        blelloch_sweeps(flags, thid, m);

        if (thid == blockDim.x - 1)  // the last element's scan plus its own flag
            zeros[0] = flags[m - 1] + (((key[1] >> bit) & 1) == 0 ? 1 : 0);
        __syncthreads();  // step(combine): bit {bit}: count the zeros

        int total = zeros[0];
        for (int j = 0; j < 2; ++j) {
            int i = 2*thid + j;
            int f = flags[i];
            int dest = ((key[j] >> bit) & 1) == 0 ? f : i - f + total;  // zeros first, then ones
            if (bit % 2 == 0) sorted[dest] = key[j];
            else keys[dest] = key[j];
        }
        __syncthreads();  // step(store): bit {bit}: scatter (zeros first, stable)
    }

    for (int i = 2*thid; i <= 2*thid + 1; ++i)
        if (i < n) g_odata[i] = (bits % 2 == 0) ? keys[i] : sorted[i];
}  // step(store): write sorted keys
