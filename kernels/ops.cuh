// The operators of the kernel files. The host defines T (int or float) and SS_INT (1 when T is
// int), includes this file, then defines OP(a, b) and IDENTITY as one pair below.
#ifndef SS_OPS_CUH
#define SS_OPS_CUH

__device__ __forceinline__ T ss_sum(T a, T b) { return a + b; }  // int wraps, as the GPU's add does
__device__ __forceinline__ T ss_min(T a, T b) { return b < a ? b : a; }
__device__ __forceinline__ T ss_max(T a, T b) { return a < b ? b : a; }

#if SS_INT
__device__ __forceinline__ T ss_or(T a, T b) { return a | b; }

// 2x2 matrix product mod 256, one matrix packed in an int (bytes a, b, c, d from the lowest:
// [a b; c d]). Associative but not commutative: it shows which kernels reorder operands.
__device__ __forceinline__ T ss_mat2(T x, T y)
{
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    unsigned a = ux & 255u, b = (ux >> 8) & 255u, c = (ux >> 16) & 255u, d = ux >> 24;
    unsigned e = uy & 255u, f = (uy >> 8) & 255u, g = (uy >> 16) & 255u, h = uy >> 24;
    unsigned r0 = (a * e + b * g) & 255u, r1 = (a * f + b * h) & 255u;
    unsigned r2 = (c * e + d * g) & 255u, r3 = (c * f + d * h) & 255u;
    return (T)(r0 | (r1 << 8) | (r2 << 16) | (r3 << 24));
}

#define SS_SUM_IDENTITY 0
#define SS_MIN_IDENTITY 2147483647
#define SS_MAX_IDENTITY (-2147483647 - 1)
#define SS_OR_IDENTITY 0
#define SS_MAT2_IDENTITY 0x01000001
#else
#define SS_SUM_IDENTITY 0.0f
#define SS_MIN_IDENTITY __int_as_float(0x7f800000)
#define SS_MAX_IDENTITY __int_as_float(0xff800000)
#endif

#endif
