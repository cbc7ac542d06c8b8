// The scan paper's scan of arrays of arbitrary size (its Figure 6, "Arrays of Arbitrary Size"):
// three launches. Every block scans its 2 * THREADS elements with the work-efficient scan and
// writes its total to `sums`; one block scans `sums`; every block then adds its scanned sum to
// its elements. Any n: the last block's missing elements are the identity.
// title: Scan of a large array: scan blocks, scan the block sums, add them back
// from: scan paper, "Arrays of Arbitrary Size" and Figure 6; Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" (the three kernels)
// about: With n = 3000 and 512 threads, 3 blocks of 1024 scan their parts and write their totals;
//    a single block scans the 3 totals; the third kernel adds block j's scanned total to every
//    element of block j. Each element is read twice and written twice: the reason a single-pass
//    scan (decoupled look-back) is faster on large arrays.
// launch: scan_blocks<<<BLOCKS, THREADS, 2 * THREADS * sizeof(T)>>>(out, in, sums, N)
// launch: scan_blocks<<<1, SUM_THREADS, 2 * SUM_THREADS * sizeof(T)>>>(sums, sums, total, BLOCKS)
// launch: add_block_sums<<<BLOCKS, THREADS>>>(out, sums, N)
// array: sums[BLOCKS]
// array: total[1]
// check: exclusive-scan
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (the tree halves the block), not {THREADS}
// require: BLOCKS <= 2048 : needs at most 2048 blocks (one block scans their sums), not {BLOCKS}

#ifndef THREADS
#define THREADS min(512, max(1, next_pow2(N) / 2))
#endif
#define BLOCKS ((N + 2 * THREADS - 1) / (2 * THREADS))
#define SUM_THREADS max(1, next_pow2(BLOCKS) / 2)

#include "scan-blelloch.cu"

// Block j scans elements [j*m, j*m + m) of g_idata (m = 2 * blockDim.x) into g_odata and writes
// their total (the last exclusive prefix combined with the last element) to g_sums[j].
__global__ void scan_blocks(T *g_odata, const T *g_idata, T *g_sums, int n)
{
    extern __shared__ T temp[];
    int thid = threadIdx.x;
    int m = 2 * blockDim.x;
    int base = blockIdx.x * m;

    int ai = thid;             // coalesced: the warp reads consecutive elements
    int bi = thid + (m/2);
    T a = (base + ai < n) ? g_idata[base + ai] : IDENTITY;
    T b = (base + bi < n) ? g_idata[base + bi] : IDENTITY;  // for the last thread: the block's last element
    temp[ai] = a;
    temp[bi] = b;
    __syncthreads();  // step(load): load the block's elements

    blelloch_sweeps(temp, thid, m);

    if (base + ai < n) g_odata[base + ai] = temp[ai];
    if (base + bi < n) g_odata[base + bi] = temp[bi];
    if (bi == m - 1) g_sums[blockIdx.x] = OP(temp[m - 1], b);
}  // step(store): write the block's scan and its total

// Block j adds the scanned total of the blocks before it to each of its m elements.
__global__ void add_block_sums(T *g_odata, const T *g_sums, int n)
{
    int m = 2 * blockDim.x;
    int base = blockIdx.x * m;
    T add = g_sums[blockIdx.x];
    if (base + threadIdx.x < n) g_odata[base + threadIdx.x] = OP(add, g_odata[base + threadIdx.x]);
    if (base + threadIdx.x + m/2 < n) g_odata[base + threadIdx.x + m/2] = OP(add, g_odata[base + threadIdx.x + m/2]);
}  // step(store): add the block sums
