// A single-pass scan with decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix
// Scan with Decoupled Look-back", 2016): one launch. Every block scans its tile, publishes the
// tile's aggregate with flag A, then looks back over the flags of the tiles before it, combining
// their aggregates until it meets a tile whose inclusive prefix is published (flag P); it then
// publishes its own inclusive prefix (flag P) and finishes its tile with the exclusive prefix.
// title: Scan with decoupled look-back: one pass, tile flags in global memory
// from: Merrill and Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back" (NVIDIA, 2016); Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" (the tile's CHUNK per thread, staged); Demouth, "Parallel Reduction with CUDA" (the scan primitive)
// about: Above 2048 elements, 128 threads and CHUNK 8: one tile (block) per 1024 elements, in one
//    launch (3 tiles at n = 3000, 8 at 8192). Tile 0 has no tile before it: thread 0 stores
//    prefixes[0] and sets flags[0] = 2 (aggregates[0] stays unset). Thread 0 of tile t > 0 stores
//    aggregates[t], sets flags[t] = 1 (A), reads flags[t-1] and so on back (0: not yet
//    published, 1: aggregate only, 2: inclusive prefix), combines what it finds, stores
//    prefixes[t] and sets flags[t] = 2 (P). The trace shows these global loads and stores per
//    tile. The interpreter runs the blocks in order, so every tile finds its predecessor at P and
//    looks back one tile (the step "tile t: found flag 2 at tile t-1"; tile 0's names tile -1);
//    on the GPU a tile may find A (and go on further back) or 0 (and spin). Each element is read
//    once and written once: the large-array scans read it twice.
// note: Tile t is block t: the look-back waits only for lower-numbered blocks, which the GPU
//    dispatches first (the assumption CUB's scan makes too). __threadfence() orders each value
//    before its flag; it does nothing in the interpreter, which runs one thread at a time.
//    On the GPU the schedule shows in the counts: Nsight Compute counts every poll of a flag
//    not yet set, and the aggregates a tile combines after finding flag 1 (the interpreter's
//    trace has one flag load per tile). A float sum combined over several aggregates would round
//    differently from the interpreter's one prefix (seen on an H100: 974.119934 against
//    974.119995), so the file takes int only.
// launch: scan_lookback<<<BLOCKS, THREADS, (CHUNK * THREADS + 2 * THREADS + 1) * sizeof(T)>>>(out, in, flags, aggregates, prefixes, N)
// array: flags[BLOCKS]
// array: aggregates[BLOCKS]
// array: prefixes[BLOCKS]
// init: flags = 0
// check: exclusive-scan
// types: int
// schedule: a tile polls its predecessors' flags until they are set, as often as the GPU's schedule makes it
// require: CHUNK >= 1 && CHUNK <= 64 : needs -D CHUNK from 1 to 64, not {CHUNK}

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

#define FLAG_X 0  // nothing published yet (the host zeroes the flags: the init: line)
#define FLAG_A 1  // the tile's aggregate is in aggregates[t]
#define FLAG_P 2  // the tile's inclusive prefix (tiles 0..t) is in prefixes[t]

#include "block-scan.cuh"

__global__ void scan_lookback(T *g_out, const T *g_in, volatile int *flags, volatile T *aggregates, volatile T *prefixes, int n)
{
    extern __shared__ T smem[];
    int tid = threadIdx.x;
    int B = blockDim.x;
    int tile = blockIdx.x;
    int base = tile * CHUNK * B;
    T *elements = smem;                  // the tile, staged
    T *sums = smem + CHUNK * B;          // Demouth's scan of the threads' totals
    T *tile_prefix = sums + 2 * B;       // what the look-back found: tiles 0..t-1

    for (int k = 0; k < CHUNK; ++k) {  // coalesced: in round k the threads read words k*B .. k*B + B - 1
        int i = k * B + tid;
        elements[i] = (base + i < n) ? g_in[base + i] : IDENTITY;
    }
    __syncthreads();  // step(load): stage tile {tile} (coalesced)

    T chunk[CHUNK];  // the thread's CHUNK consecutive elements, scanned in registers (inclusive)
    T acc = IDENTITY;
    for (int k = 0; k < CHUNK; ++k) {
        acc = OP(acc, elements[tid * CHUNK + k]);
        chunk[k] = acc;
    }
    block_scan(sums, acc);  // sums[2B - 1]: the tile's aggregate

    // Thread 0 publishes the aggregate, then looks back tile by tile.
    int look = tile - 1;   // the tile thread 0 reads the flag of
    int seen = FLAG_P;     // the flag it found there
    if (tid == 0) {
        T aggregate = sums[2 * B - 1];
        T exclusive = IDENTITY;
        if (tile == 0) {
            prefixes[0] = aggregate;
            __threadfence();
            flags[0] = FLAG_P;
        } else {
            aggregates[tile] = aggregate;
            __threadfence();
            flags[tile] = FLAG_A;
            bool done = false;
            while (!done) {
                seen = flags[look];
                while (seen == FLAG_X)  // not published yet: wait for it
                    seen = flags[look];
                __threadfence();
                if (seen == FLAG_P) {
                    exclusive = OP(prefixes[look], exclusive);
                    done = true;
                } else {
                    exclusive = OP(aggregates[look], exclusive);
                    --look;
                }
            }
            prefixes[tile] = OP(exclusive, aggregate);
            __threadfence();
            flags[tile] = FLAG_P;
        }
        tile_prefix[0] = exclusive;
    }
    __syncthreads();  // step(combine): tile {tile}: found flag {seen} at tile {look}

    T prefix = tile_prefix[0];  // the tiles before, then the threads before
    if (tid > 0) prefix = OP(prefix, sums[B + tid - 1]);
    for (int k = 0; k < CHUNK; ++k) {
#if INCLUSIVE
        elements[tid * CHUNK + k] = OP(prefix, chunk[k]);
#else
        elements[tid * CHUNK + k] = (k == 0) ? prefix : OP(prefix, chunk[k - 1]);
#endif
    }
    __syncthreads();  // step(combine): each chunk starts from its prefix

    for (int k = 0; k < CHUNK; ++k) {  // shared to global memory, coalesced
        int i = k * B + tid;
        if (base + i < n) g_out[base + i] = elements[i];
    }
}  // step(store): write the tile (coalesced)
