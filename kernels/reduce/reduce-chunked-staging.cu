// Oancea and Henriksen's chunked reduction (their notes, "Applying Brent's Lemma" and "For
// Non-Commutative Operators"): each thread reduces CHUNK consecutive elements sequentially, the
// block reduces its threads' results, and a second launch with one block reduces the blocks'.
// Read naively, the lanes of a warp are CHUNK words apart (uncoalesced); -D COALESCED=1 stages
// the block's tile through shared memory: the warp reads consecutive words, then each thread
// takes its CHUNK consecutive elements from shared memory.
// title: Chunked reduction: CHUNK consecutive elements per thread, uncoalesced or staged (two launches)
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" (chunked reduction, coalesced access, the staging buffer)
// about: With CHUNK 8 a warp's load of element k of every thread's chunk touches 32 words 32
//    bytes apart: 32 sectors per request, 8 loads per thread. Staged (-D COALESCED=1), the warp
//    reads 32 consecutive words per request: 4 sectors, the same 8 loads. n = 4096 (4 blocks of
//    128 threads): the first launch's 128 requests touch 4096 sectors, staged 512. The price
//    moves to shared memory: reading a thread's 8 consecutive words of the tile is an 8-way
//    bank conflict. The chunk is reduced in order and the tree combines neighbours, so
//    non-commutative operators work.
// launch: reduce_chunks<<<BLOCKS, THREADS, (CHUNK * THREADS + THREADS) * sizeof(T)>>>(buf, in, N)
// launch: reduce_chunks<<<1, BUF_THREADS, (CHUNK * BUF_THREADS + BUF_THREADS) * sizeof(T)>>>(out, buf, BLOCKS)
// array: buf[BLOCKS]
// out: 1
// check: reduce
// require: CHUNK >= 1 && CHUNK <= 64 : needs -D CHUNK from 1 to 64, not {CHUNK}
// require: BLOCKS <= 1024 : needs at most 1024 blocks (one block reduces their results), not {BLOCKS}

#ifndef CHUNK
#define CHUNK 8  // consecutive elements per thread
#endif
#ifndef COALESCED
#define COALESCED 0  // 1: stage the tile through shared memory
#endif
#ifndef THREADS
#define THREADS min(128, max(32, next_pow2(N) / (4 * CHUNK)))
#endif
#define BLOCKS ((N + CHUNK * THREADS - 1) / (CHUNK * THREADS))
#define BUF_THREADS next_pow2((BLOCKS + CHUNK - 1) / CHUNK)

// Block b reduces elements [b * CHUNK * B, (b + 1) * CHUNK * B) of g_in into g_out[b].
__global__ void reduce_chunks(T *g_out, const T *g_in, int n)
{
    extern __shared__ T smem[];
    int tid = threadIdx.x;
    int B = blockDim.x;
    int base = blockIdx.x * CHUNK * B;
    T *partials = smem;  // the threads' results
    T acc = IDENTITY;
#if COALESCED
    T *staged = smem + B;  // the tile
    for (int k = 0; k < CHUNK; ++k) {  // round k: the threads read words k*B .. k*B + B - 1
        int i = k * B + tid;
        staged[i] = (base + i < n) ? g_in[base + i] : IDENTITY;
    }
    __syncthreads();  // step(load): stage the tile (coalesced)
    for (int k = 0; k < CHUNK; ++k)
        acc = OP(acc, staged[tid * CHUNK + k]);
#else
    for (int k = 0; k < CHUNK; ++k) {  // round k: lane l reads word l*CHUNK + k (CHUNK words apart)
        int i = tid * CHUNK + k;
        T x = (base + i < n) ? g_in[base + i] : IDENTITY;
        acc = OP(acc, x);
    }
#endif
    partials[tid] = acc;
    __syncthreads();  // step(load): each thread's CHUNK consecutive elements reduced

    for (int s = 1; s < B; s *= 2) {  // neighbours combine, left operand first
        if (tid % (2 * s) == 0 && tid + s < B)
            partials[tid] = OP(partials[tid], partials[tid + s]);
        __syncthreads();  // step(reduce): s = {s}
    }
    if (tid == 0) g_out[blockIdx.x] = partials[0];
}  // step(store): the block's result
