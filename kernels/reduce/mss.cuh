// The maximum segment sum's tuple and operator (Oancea and Henriksen, On the CUDA implementation
// of Reduce and Scan: MSSP), shared by the in-order and the reordering kernel.
#pragma once

struct MSS {
  int mss;  // the best segment anywhere (the empty segment: 0)
  int mis;  // the best prefix
  int mcs;  // the best suffix
  int ts;   // the total
};

__device__ MSS mss_of(int x) {
  int p = max(x, 0);
  MSS r = {p, p, p, x};
  return r;
}

// a, then b: a's best suffix meets b's best prefix
__device__ MSS join(MSS a, const MSS &b) {
  MSS r;
  r.mss = max(max(a.mss, b.mss), a.mcs + b.mis);
  r.mis = max(a.mis, a.ts + b.mis);
  r.mcs = max(a.mcs + b.ts, b.mcs);
  r.ts = a.ts + b.ts;
  return r;
}
