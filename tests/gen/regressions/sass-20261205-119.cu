// title: generated copy 20261205:119 (one launch)
// about: Made by scanscope_gen --seed 20261205 (kernel 119), not by hand: a random kernel that
//   is well-defined by construction, so the interpreter, the GPU and Nsight Compute must agree on it.
//   gk0: loads, arithmetic, shuffles, ballot partition, ballot partition, gather by index, divergent 8-byte shared exchange, atomic stores.
// launch: gk0<<<max(1, (N + S0 + TILE0 - 1) / TILE0), B0>>>(in, out, N)
// init: out = 0
// check: copy
// types: float
// require: N == 1000 : one size per generated kernel

// Regression kernel of the fuzzing (docs/validation.md, "Random kernels"): gen-20261205-119 as
//   scanscope_gen wrote it, kept whole; mechanism: the shared arrays' layout. The inner else of
//   `if (tile % 3 == 0) { if (tile % 3 == 0) ... else ... }` never runs, and the front end removed
//   its two arrays sb0_4 and sbx0_6: ptxas places sp0_9 (float2) at byte 14336, 16-byte aligned,
//   where the interpreter's declaration order put it at word 6654 (8 bytes past a 16-byte
//   boundary). A thread's four float2 of one 32-byte row are two LDS.128 on the GPU, three of
//   the model's aligned blocks before the interpreter took the GPU's layout: 64 load
//   instructions, not 72.
// ncu: NVIDIA H100 80GB HBM3, 2026-12-07: ld inst 64, ld wavefronts 224, ld conflicts 112, st inst 80, st wavefronts 160,
//   st conflicts 48, global ld requests 32, global ld sectors 500, global st requests 0, global st sectors 0

#define FULL 0xffffffffu

#define B0 128
#define E0 4
#define TILE0 (B0 * E0)
#define S0 8
#define PAD0_1(i) ((i) * 3 + 3)
#define PAD0_3(i) ((i) * 3 + 0)
#define PAD0_5(i) ((i) * 5 + 3)
__global__ void gk0(const float *src, float *dst, int n) {
  __shared__ float sb0_0[1537];
  __shared__ int sbx0_2[1534];
  __shared__ float sb0_4[2559];
  __shared__ int sbx0_6[512];
  __shared__ float sg0_7[512];
  __shared__ float2 sp0_9[512];
  const int t = threadIdx.x;
  const int lane = t & 31;
  const int warp = t >> 5;
  float v[E0];
  int x[E0];  // which element of the tile v[j] is
  {
    const int tile = blockIdx.x;
    const int base = tile * TILE0 - S0;  // the tile's first element
    #pragma unroll
    for (int j = 0; j < E0; ++j) {
      const int el = ((t + 40) & 127) * E0 + ((j + 2) & (E0 - 1));
      const int g = base + el;
      v[j] = g >= 0 && g < n ? src[g] : 0;
      x[j] = el;
    }
    for (int j = 0; j < E0; ++j) {
      v[j] *= 2.0f;
    }
    for (int j = 3; j >= 0; --j) {
      {
        float lo = __shfl_down_sync(FULL, v[j], 5, 16);
        float hi = __shfl_up_sync(FULL, v[j], 11, 16);
        v[j] = (lane & 15) < 11 ? lo : hi;
      }
      {
        int lo = __shfl_down_sync(FULL, x[j], 5, 16);
        int hi = __shfl_up_sync(FULL, x[j], 11, 16);
        x[j] = (lane & 15) < 11 ? lo : hi;
      }
    }
    if (tile % 3 == 0) {  // uniform: the whole block goes one way
      if (tile % 3 == 0) {  // uniform: the whole block goes one way
        for (int j = 3; j >= 0; --j) {
          const int p = (__float_as_int(v[j]) >> 3) & 1;
          const unsigned bal = __ballot_sync(FULL, p);
          const int before = __popc(bal & ((1u << lane) - 1u));
          const int dest = p ? before : __popc(bal) + lane - before;
          const int w = j * B0 + warp * 32 + dest;
          sb0_0[PAD0_1(w)] = v[j];
          sbx0_2[PAD0_3(w)] = x[j];
        }
        __syncthreads();
        for (int j = 0; j < E0; ++j) {
          const int r = j * B0 + t;
          v[j] = sb0_0[PAD0_1(r)];
          x[j] = sbx0_2[PAD0_3(r)];
        }
      } else {
        {
          const int p = (__float_as_int(v[0]) >> 1) & 1;
          const unsigned bal = __ballot_sync(FULL, p);
          const int before = __popc(bal & ((1u << lane) - 1u));
          const int dest = p ? before : __popc(bal) + lane - before;
          const int w = 0 * B0 + warp * 32 + dest;
          sb0_4[PAD0_5(w)] = v[0];
          sbx0_6[w] = x[0];
        }
        {
          const int p = (__float_as_int(v[1]) >> 1) & 1;
          const unsigned bal = __ballot_sync(FULL, p);
          const int before = __popc(bal & ((1u << lane) - 1u));
          const int dest = p ? before : __popc(bal) + lane - before;
          const int w = 1 * B0 + warp * 32 + dest;
          sb0_4[PAD0_5(w)] = v[1];
          sbx0_6[w] = x[1];
        }
        {
          const int p = (__float_as_int(v[2]) >> 1) & 1;
          const unsigned bal = __ballot_sync(FULL, p);
          const int before = __popc(bal & ((1u << lane) - 1u));
          const int dest = p ? before : __popc(bal) + lane - before;
          const int w = 2 * B0 + warp * 32 + dest;
          sb0_4[PAD0_5(w)] = v[2];
          sbx0_6[w] = x[2];
        }
        {
          const int p = (__float_as_int(v[3]) >> 1) & 1;
          const unsigned bal = __ballot_sync(FULL, p);
          const int before = __popc(bal & ((1u << lane) - 1u));
          const int dest = p ? before : __popc(bal) + lane - before;
          const int w = 3 * B0 + warp * 32 + dest;
          sb0_4[PAD0_5(w)] = v[3];
          sbx0_6[w] = x[3];
        }
        __syncwarp();
        {
          const int r = 0 * B0 + t;
          v[0] = sb0_4[PAD0_5(r)];
          x[0] = sbx0_6[r];
        }
        {
          const int r = 1 * B0 + t;
          v[1] = sb0_4[PAD0_5(r)];
          x[1] = sbx0_6[r];
        }
        {
          const int r = 2 * B0 + t;
          v[2] = sb0_4[PAD0_5(r)];
          x[2] = sbx0_6[r];
        }
        {
          const int r = 3 * B0 + t;
          v[3] = sb0_4[PAD0_5(r)];
          x[3] = sbx0_6[r];
        }
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        sg0_7[x[j]] = v[j];
      }
      __syncthreads();
      for (int j = 3; j >= 0; --j) {
        const int el = (127 - t) * E0 + j;
        v[j] = sg0_7[el];
        x[j] = el;
      }
    }
    if (t & 32) {  // divergent: each arm keeps bit 5 of t
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + (127 - (t ^ 84));
        sp0_9[w] = make_float2(v[j], __int_as_float(x[j]));
      }
    } else {
      for (int j = 0; j < E0; ++j) {
        const int w = j * B0 + (127 - (t ^ 31));
        sp0_9[w] = make_float2(v[j], __int_as_float(x[j]));
      }
    }
    __syncthreads();
    for (int j = 3; j >= 0; --j) {
      const int r = ((t + 7) & 127) * E0 + ((j + 2) & (E0 - 1));
      float2 q = sp0_9[r];
      v[j] = q.x;
      x[j] = __float_as_int(q.y);
    }
    for (int j = 3; j >= 0; --j) {
      v[j] *= 0.5f;
    }
    {
      const int g = base + x[0];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[0]);  // onto the zeros the host set
    }
    {
      const int g = base + x[1];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[1]);  // onto the zeros the host set
    }
    {
      const int g = base + x[2];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[2]);  // onto the zeros the host set
    }
    {
      const int g = base + x[3];
      if (g >= 0 && g < n) atomicAdd(&dst[g], v[3]);  // onto the zeros the host set
    }
  }
}
