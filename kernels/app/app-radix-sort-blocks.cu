// Demouth's parallel radix sort over a grid (his slides' "Parallel Radix Sort with CUDA"): a loop
// on the bits, RADIX_BITS at a time; each pass is three launches. 1. Each block counts its keys per
// digit (one counter per combination of the pass's bits, kept in shared memory because registers
// cannot be indexed: s_counters[digit][thread]) and reduces the counters to the block's counts; 2.
// one block scans the counts, digit by digit across the blocks; 3. each block scatters its keys to
// the scanned offsets. Four passes of 2 bits sort keys of up to 8 bits.
// title: Radix sort over a grid: per-block digit counters, one scan, scatter (4 passes, 12 launches)
// from: Demouth, "Parallel Reduction with CUDA" (slides, 2012): "Parallel Radix Sort with CUDA", the outline and "Where to Store Counters"
// about: With the slides' 32 keys (1 4 3 2 8 6 3 2 ...), 2 blocks of 4 threads, 4 keys each:
//    pass 1 counts the low 2 bits; block 0 holds 3, 3, 5, 5 keys of digit 0, 1, 2, 3 and
//    block 1 3, 6, 5, 2. counts is digit-major (3 3 3 6 5 5 5 2: digit 0 of block 0, of block
//    1, then digit 1 ...), so its exclusive scan (0 3 6 9 15 20 25 30) is where each block's
//    keys of each digit go. The scatter is stable: a thread's keys in order, threads in order,
//    blocks in order, so after the last pass the keys are sorted by their low BITS bits. Each
//    thread reads 4 consecutive keys: lanes 16 bytes apart, 16 sectors per request of a warp.
// note: Non-negative int keys, --op sum only. --bits (default what the largest key needs, at
//    most 8) sorts by the low bits: a pass beyond them has one digit, a stable copy.
// launch: count_digits<<<BLOCKS, THREADS, NUM_COUNTERS * THREADS * sizeof(int)>>>(in, counts, N, 0, BITS)
// launch: scan_counts<<<1, SCAN_THREADS, 2 * SCAN_THREADS * sizeof(int)>>>(counts, NUM_COUNTERS * BLOCKS)
// launch: scatter<<<BLOCKS, THREADS, 2 * NUM_COUNTERS * THREADS * sizeof(int)>>>(in, keys_a, counts, N, 0, BITS)
// launch: count_digits<<<BLOCKS, THREADS, NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_a, counts, N, RADIX_BITS, BITS)
// launch: scan_counts<<<1, SCAN_THREADS, 2 * SCAN_THREADS * sizeof(int)>>>(counts, NUM_COUNTERS * BLOCKS)
// launch: scatter<<<BLOCKS, THREADS, 2 * NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_a, keys_b, counts, N, RADIX_BITS, BITS)
// launch: count_digits<<<BLOCKS, THREADS, NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_b, counts, N, 2 * RADIX_BITS, BITS)
// launch: scan_counts<<<1, SCAN_THREADS, 2 * SCAN_THREADS * sizeof(int)>>>(counts, NUM_COUNTERS * BLOCKS)
// launch: scatter<<<BLOCKS, THREADS, 2 * NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_b, keys_a, counts, N, 2 * RADIX_BITS, BITS)
// launch: count_digits<<<BLOCKS, THREADS, NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_a, counts, N, 3 * RADIX_BITS, BITS)
// launch: scan_counts<<<1, SCAN_THREADS, 2 * SCAN_THREADS * sizeof(int)>>>(counts, NUM_COUNTERS * BLOCKS)
// launch: scatter<<<BLOCKS, THREADS, 2 * NUM_COUNTERS * THREADS * sizeof(int)>>>(keys_a, out, counts, N, 3 * RADIX_BITS, BITS)
// array: counts[NUM_COUNTERS * BLOCKS]
// array: keys_a[N]
// array: keys_b[N]
// check: sort
// types: int
// ops: sum
// require: N <= 8192 : takes --n from 1 to 8192 (the trace records at most 2,000,000 accesses), not {N}
// require: MIN_IN >= 0 : sorts non-negative ints; --input has {MIN_IN}
// require: BITS >= 1 && BITS <= 4 * RADIX_BITS : takes --bits from 1 to {4 * RADIX_BITS} (four passes of RADIX_BITS), not {BITS}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (the counters' tree halves the block), not {THREADS}
// require: NUM_COUNTERS * BLOCKS <= 1024 : needs at most 1024 counters (one block scans them), not {NUM_COUNTERS * BLOCKS}

#ifndef RADIX_BITS
#define RADIX_BITS 2  // bits per pass
#endif
#ifndef ITEMS
#define ITEMS 4  // consecutive keys per thread
#endif
#ifndef THREADS
#define THREADS min(128, max(4, next_pow2(N) / (4 * ITEMS)))
#endif
#ifndef BITS
#define BITS max(1, min(4 * RADIX_BITS, bit_width(MAX_IN)))
#endif
#define NUM_COUNTERS (1 << RADIX_BITS)
#define BLOCKS ((N + ITEMS * THREADS - 1) / (ITEMS * THREADS))
#define SCAN_THREADS next_pow2(NUM_COUNTERS * BLOCKS)

#include "../scan/block-scan.cuh"

// The pass's digit: RADIX_BITS bits from `shift`, fewer where they pass the `bits` sorted by.
__device__ int digit_of(int key, int shift, int bits)
{
    int width = min(RADIX_BITS, bits - shift);
    if (width <= 0) return 0;
    return (key >> shift) & ((1 << width) - 1);
}

// Each thread counts the digits of its ITEMS consecutive keys in its column of s_counters: the
// counter of digit d at s_counters[d * row + skip + threadIdx.x].
__device__ void count_keys(int *s_counters, int row, int skip, const int *keys, int n, int shift, int bits)
{
    int tid = threadIdx.x;
    int first = (blockIdx.x * blockDim.x + tid) * ITEMS;
    for (int d = 0; d < NUM_COUNTERS; ++d)
        s_counters[d * row + skip + tid] = 0;
    // A pass past the bits sorted by counts every key as digit 0 without reading it (nvcc drops
    // the load whose value digit_of would not use; the interpreter counts what the text reads).
    for (int j = 0; j < ITEMS; ++j)
        if (first + j < n)
            s_counters[(shift < bits ? digit_of(keys[first + j], shift, bits) : 0) * row + skip + tid]++;
    __syncthreads();  // step(load): shift {shift}: each thread's counters
}

// 1. Block b's count of each digit d, to counts[d * gridDim.x + b] (digit-major).
__global__ void count_digits(const int *keys, int *counts, int n, int shift, int bits)
{
    extern __shared__ int s_counters[];  // [NUM_COUNTERS][blockDim.x]
    int tid = threadIdx.x;
    int B = blockDim.x;
    count_keys(s_counters, B, 0, keys, n, shift, bits);
    for (int s = B / 2; s > 0; s >>= 1) {  // every digit's row reduced, as the reduction does
        if (tid < s)
            for (int d = 0; d < NUM_COUNTERS; ++d)
                s_counters[d * B + tid] += s_counters[d * B + tid + s];
        __syncthreads();  // step(reduce): s = {s}
    }
    for (int d = tid; d < NUM_COUNTERS; d += B)
        counts[d * gridDim.x + blockIdx.x] = s_counters[d * B];
}  // step(store): the block's counts

// 2. One block scans the counts (exclusive): where block b's keys of digit d start.
__global__ void scan_counts(int *counts, int len)
{
    extern __shared__ int smem[];
    int tid = threadIdx.x;
    block_scan(smem, tid < len ? counts[tid] : 0);
    if (tid < len) counts[tid] = (tid == 0) ? 0 : smem[blockDim.x + tid - 1];
}  // step(store): the scanned counts

// 3. Each thread writes its keys to the block's offset of their digit, after the keys of the
// same digit that threads before it hold, and after its own earlier ones.
__global__ void scatter(const int *keys_in, int *keys_out, const int *counts, int n, int shift, int bits)
{
    // [NUM_COUNTERS][2 * blockDim.x]: per digit, blockDim.x zeros, then the threads' counters
    // (Demouth's scan primitive, every digit's row at once)
    extern __shared__ int s_counters[];
    int tid = threadIdx.x;
    int B = blockDim.x;
    for (int d = 0; d < NUM_COUNTERS; ++d)
        s_counters[d * 2 * B + tid] = 0;
    count_keys(s_counters, 2 * B, B, keys_in, n, shift, bits);
    int mine[NUM_COUNTERS];  // the thread's own counters
    for (int d = 0; d < NUM_COUNTERS; ++d)
        mine[d] = s_counters[d * 2 * B + B + tid];

    for (int offset = 1; offset < B; offset *= 2) {
        int before[NUM_COUNTERS];
        for (int d = 0; d < NUM_COUNTERS; ++d)
            before[d] = s_counters[d * 2 * B + B + tid - offset];
        __syncthreads();  // step(scan): offset {offset}: read
        for (int d = 0; d < NUM_COUNTERS; ++d)
            s_counters[d * 2 * B + B + tid] += before[d];
        __syncthreads();  // step(scan): offset {offset}: combine
    }
    for (int d = 0; d < NUM_COUNTERS; ++d)  // where the thread's first key of digit d goes
        s_counters[d * 2 * B + B + tid] += counts[d * gridDim.x + blockIdx.x] - mine[d];

    int first = (blockIdx.x * B + tid) * ITEMS;
    for (int j = 0; j < ITEMS; ++j)
        if (first + j < n) {
            int key = keys_in[first + j];
            keys_out[s_counters[digit_of(key, shift, bits) * 2 * B + B + tid]++] = key;
        }
}  // step(store): scatter the keys (stable)
