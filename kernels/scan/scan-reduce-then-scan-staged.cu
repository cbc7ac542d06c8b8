// Reduce-then-scan (Oancea and Henriksen's notes, "CUDA Scan Implementation"; Demouth's slides'
// outline of a scan): 1. every block reduces its tile and publishes the result in buf; 2. one
// block scans buf in place; 3. every block scans its tile again, starting from its prefix in buf.
// Each thread handles CHUNK consecutive elements, staged through shared memory so that the
// global reads and writes are coalesced.
// title: Reduce-then-scan: reduce the blocks, scan the block sums, scan the blocks (three launches)
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" ("CUDA Scan Implementation", steps 1, 2, 3.1 to 3.5); Demouth, "Parallel Reduction with CUDA" (the scan outline and its scan primitive)
// about: Above 2048 elements, 128 threads and CHUNK 8: one block per 1024 elements (3 blocks at
//    n = 3000, 8 at 8192). Launch 1 stages each tile in shared memory (the warp reads 32
//    consecutive words per request: 4 sectors), each thread reduces its 8 consecutive elements,
//    the block its threads' results, and writes buf[b]. Launch 2 scans the block sums in one
//    block (exclusive: buf becomes 0, sum0, sum0+sum1, ...).
//    Launch 3 reads the tile again, scans each thread's chunk in registers, scans the threads'
//    totals (Demouth's scan primitive), adds buf[b], and writes through shared memory: 2n reads
//    and n writes of global memory, all coalesced.
// note: Reading a thread's CHUNK consecutive words of the staged tile is a CHUNK-way bank
//    conflict (words CHUNK apart); the global accesses are what the staging buys.
// launch: reduce_blocks<<<BLOCKS, THREADS, (CHUNK * THREADS + THREADS) * sizeof(T)>>>(buf, in, N)
// launch: scan_buf<<<1, BUF_THREADS, 2 * BUF_THREADS * sizeof(T)>>>(buf, BLOCKS)
// launch: scan_blocks<<<BLOCKS, THREADS, (CHUNK * THREADS + 2 * THREADS) * sizeof(T)>>>(out, in, buf, N)
// array: buf[BLOCKS]
// check: exclusive-scan
// require: CHUNK >= 1 && CHUNK <= 64 : needs -D CHUNK from 1 to 64, not {CHUNK}
// require: BLOCKS <= 1024 : needs at most 1024 blocks (one block scans buf), not {BLOCKS}

#ifndef CHUNK
#define CHUNK 8  // consecutive elements per thread
#endif
#ifndef THREADS
#define THREADS min(128, max(1, next_pow2(N) / (4 * CHUNK)))
#endif
#ifndef INCLUSIVE
#define INCLUSIVE 0
#endif
#define BLOCKS ((N + CHUNK * THREADS - 1) / (CHUNK * THREADS))
#define BUF_THREADS next_pow2(BLOCKS)

#include "block-scan.cuh"

// The block's tile, CHUNK * blockDim.x elements from `base`, copied to shared memory coalesced:
// in round k the threads read the tile's words k*B .. k*B + B - 1 (past n: the identity).
__device__ void load_tile(T *tile, const T *g_in, int base, int n)
{
    int B = blockDim.x;
    for (int k = 0; k < CHUNK; ++k) {
        int i = k * B + threadIdx.x;
        tile[i] = (base + i < n) ? g_in[base + i] : IDENTITY;
    }
    __syncthreads();  // step(load): stage the tile in shared memory (coalesced)
}

// 1. Block b reduces its tile and publishes the result in buf[b].
__global__ void reduce_blocks(T *buf, const T *g_in, int n)
{
    extern __shared__ T smem[];
    int tid = threadIdx.x;
    int B = blockDim.x;
    T *tile = smem;
    T *sums = smem + CHUNK * B;
    load_tile(tile, g_in, blockIdx.x * CHUNK * B, n);

    T acc = IDENTITY;
    for (int k = 0; k < CHUNK; ++k)  // the thread's CHUNK consecutive elements, in order
        acc = OP(acc, tile[tid * CHUNK + k]);
    sums[tid] = acc;
    __syncthreads();  // step(reduce): each thread's chunk reduced

    for (int s = 1; s < B; s *= 2) {  // neighbours combine, left operand first
        if (tid % (2 * s) == 0 && tid + s < B)
            sums[tid] = OP(sums[tid], sums[tid + s]);
        __syncthreads();  // step(reduce): s = {s}
    }
    if (tid == 0) buf[blockIdx.x] = sums[0];
}  // step(store): publish the block's reduction in buf

// 2. One block scans buf in place (exclusive: buf[b] becomes the reduction of blocks 0..b-1).
__global__ void scan_buf(T *buf, int nb)
{
    extern __shared__ T smem[];
    int tid = threadIdx.x;
    block_scan(smem, tid < nb ? buf[tid] : IDENTITY);
    if (tid < nb) buf[tid] = (tid == 0) ? IDENTITY : smem[blockDim.x + tid - 1];
}  // step(store): the blocks' prefixes

// 3. Block b scans its tile starting from buf[b].
__global__ void scan_blocks(T *g_out, const T *g_in, const T *buf, int n)
{
    extern __shared__ T smem[];
    int tid = threadIdx.x;
    int B = blockDim.x;
    int base = blockIdx.x * CHUNK * B;
    T *tile = smem;
    T *sums = smem + CHUNK * B;
    load_tile(tile, g_in, base, n);  // 3.1 (the elements copied coalesced)

    T elems[CHUNK];  // 3.1: the thread's chunk scanned in registers (inclusive)
    T acc = IDENTITY;
    for (int k = 0; k < CHUNK; ++k) {
        acc = OP(acc, tile[tid * CHUNK + k]);
        elems[k] = acc;
    }
    block_scan(sums, acc);  // 3.2, 3.3: the threads' totals, scanned

    T prefix = buf[blockIdx.x];  // 3.4: the blocks before, then the threads before
    if (tid > 0) prefix = OP(prefix, sums[B + tid - 1]);
    for (int k = 0; k < CHUNK; ++k) {
#if INCLUSIVE
        tile[tid * CHUNK + k] = OP(prefix, elems[k]);
#else
        tile[tid * CHUNK + k] = (k == 0) ? prefix : OP(prefix, elems[k - 1]);
#endif
    }
    __syncthreads();  // step(combine): each chunk starts from its prefix

    for (int k = 0; k < CHUNK; ++k) {  // 3.5: shared to global memory, coalesced
        int i = k * B + tid;
        if (base + i < n) g_out[base + i] = tile[i];
    }
}  // step(store): write the tile (coalesced)
