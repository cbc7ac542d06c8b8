// launch: k<<<1, 1>>>(out)
__global__ void k(int* out) { while (1) { } }
