// title: copy through kernel parameters that are float4 pointers, one float4 per thread (N a multiple of 4)
// about: The kernel is written for vectors from the start: `const float4 *in, float4 *out`, the host
//   passing the float arrays and the count of float4s, N / 4. Thread i copies out[i] = in[i]: one
//   16-byte load and one 16-byte store, a warp's 32 lanes 512 consecutive bytes (16 sectors, one
//   request each way).
// types: float
// require: N % 4 == 0 : N must be a multiple of 4 (whole float4s), not {N}
// launch: copy_float4<<<(N / 4 + 127) / 128, 128>>>(in, out, N / 4)
// check: copy

__global__ void copy_float4(const float4 *in, float4 *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) out[i] = in[i];
}
