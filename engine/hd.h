// Host/device qualifiers, so that one kernel source compiles for nvcc (GPU) and g++ (emulator).
#pragma once

#if defined(__CUDACC__)
#define SS_HD __host__ __device__ __forceinline__
#define SS_DEVICE __device__ __forceinline__
#else
#define SS_HD inline
#define SS_DEVICE inline
#endif
