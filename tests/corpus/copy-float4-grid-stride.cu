// title: copy with float4 loads and stores in a grid-stride loop (16 bytes per thread per turn)
// about: The vectorized copy of the memory-bandwidth lessons: `in` and `out` are read and written
//   as float4s through reinterpret_cast, so each warp-instruction moves 512 bytes (16 sectors)
//   and the loop makes a quarter of the requests of a copy of single floats. The n % 4 floats
//   after the last whole float4 are copied one per thread by the first threads of the grid.
// types: float
// launch: copy_vec4<<<min(4, (N + 511) / 512), 128>>>(out, in, N)
// check: copy

__global__ void copy_vec4(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  for (int v = i; v < n / 4; v += stride)
    reinterpret_cast<float4 *>(out)[v] = reinterpret_cast<const float4 *>(in)[v];  // ld.global.v4, st.global.v4
  int k = n / 4 * 4 + i;  // the tail
  if (k < n) out[k] = in[k];
}
