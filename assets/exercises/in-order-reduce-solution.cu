// Exercise in-order-reduce, a model solution: a reduction that never reorders its operands, so a
// non-commutative operator (mat2, the 2x2 matrix product) gives the sequential answer. Each thread
// combines a run of consecutive elements, then the interleaved tree combines neighbours.
// title: Exercise solution: an order-keeping reduction (consecutive chunks, interleaved tree)
// from: Oancea and Henriksen, *On the CUDA implementation of Reduce and Scan* (reduce needs a
//    commutative operator unless every thread works on consecutive elements); Harris kernel 2 (the tree)
// about: Thread tid reduces elements [tid * chunk, tid * chunk + chunk) in order, in a register;
//    then at stride s thread tid combines sdata[2*s*tid] (the left range) with sdata[2*s*tid + s]
//    (the range right after it). Every OP has its left operand first and both are adjacent ranges:
//    associativity is all the operator needs.
// note: The chunks make the global loads strided (not coalesced) and the tree has the bank
//    conflicts of reduce-interleaved: order costs speed. Oancea and Henriksen read the chunks
//    through shared memory to coalesce them.
// launch: reduce_in_order<<<1, THREADS, THREADS * sizeof(T)>>>(in, out, N)
// out: 1
// check: reduce
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(1024, next_pow2(N))
#endif

__global__ void reduce_in_order(const T *g_idata, T *g_odata, int n)
{
    extern __shared__ T sdata[];

    int tid = threadIdx.x;
    int chunk = (n + blockDim.x - 1) / blockDim.x;

    // consecutive elements, left to right
    T sum = IDENTITY;
    for (int i = tid * chunk; i < n && i < (tid + 1) * chunk; i++)
        sum = OP(sum, g_idata[i]);
    sdata[tid] = sum;
    __syncthreads();  // step(load): load, a chunk per thread

    for (int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] = OP(sdata[index], sdata[index + s]);
        __syncthreads();  // step(reduce): stride {s}
    }

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}  // step(store): write result
