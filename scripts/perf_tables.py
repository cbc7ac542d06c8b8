#!/usr/bin/env python3
"""The tables of docs/performance.md, from recorded sweeps (scanscope bench --json).

Usage: scripts/perf_tables.py targets H200.json H200-float.json H100.json H100-float.json
       scripts/perf_tables.py best FILE.json         reduce-best and scan-best, n by n
       scripts/perf_tables.py every FILE.json        every strategy at 2^10, 2^16, 2^20, 2^24, 2^28
       scripts/perf_tables.py preset FILE.json       a preset's microseconds (harris-table2, oancea)
Prints Markdown; the docs paste it as is, so a table there is this script's output for the file
the heading names."""
import json
import sys


def load(path):
    d = json.load(open(path))
    t = {(p["kernel"], p["n"]): p for p in d["points"]}
    return d, t


def sizes(t):
    return sorted({n for _, n in t})


def exp(n):
    e = n.bit_length() - 1
    return "2^%d" % e if n == 1 << e else str(n)


def ratio(t, k, c, n):
    return t[(c, n)]["ms"] / t[(k, n)]["ms"]


def us(t, k, n):
    return t[(k, n)]["ms"] * 1e3


def best(path):
    d, t = load(path)
    # (kernel, its CUB, the bandwidth line it is set against, the last column's kernel and CUB)
    families = (("reduce-best", "cub-reduce", "read-probe", None),
                ("scan-best", "cub-scan", "copy", ("scan-best-inclusive", "cub-scan-inclusive", "scan-best-inclusive x CUB-inclusive")))
    print("%s, %s, %s\n" % (d["device"], d["type"], d["date"]))
    for k, c, line, last in families:
        head = ["n", k + " us", "GB/s", "CUB us", "x CUB", line + " GB/s", "x " + line.split("-")[-1]]
        head += ["x copy"] if last is None else [last[2]]
        print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
        for n in sizes(t):
            if (k, n) not in t:
                continue
            g, lg = t[(k, n)]["gbps"], t[(line, n)]["gbps"]
            cells = [exp(n), "%.1f" % us(t, k, n), "%.0f" % g, "%.1f" % us(t, c, n), "%.3f" % ratio(t, k, c, n), "%.0f" % lg, "%.3f" % (g / lg)]
            cells.append("%.3f" % (g / t[("copy", n)]["gbps"]) if last is None else "%.3f" % ratio(t, last[0], last[1], n))
            print("| " + " | ".join(cells) + " |")
        print()


def every(path):
    d, t = load(path)
    cols = [n for n in (1 << 10, 1 << 16, 1 << 20, 1 << 24, 1 << 28) if n in sizes(t)]
    kernels = []
    for k, _ in t:
        if k not in kernels and not k.startswith("cpu-") and not k.startswith("x-"):
            kernels.append(k)
    print("| kernel | " + " | ".join(exp(n) for n in cols) + " |")
    print("|---|" + "---|" * len(cols))
    for k in kernels:
        cells = []
        for n in cols:
            p = t.get((k, n))
            if not p:
                cells.append("-")
            elif k == "copy" or p.get("ratio_to_cub") is None:
                cells.append("%.0f" % p["gbps"])
            else:
                cells.append("%.0f (%.2f)" % (p["gbps"], p["ratio_to_cub"]))
        print("| %s | %s |" % (k, " | ".join(cells)))


def preset(path):
    d, t = load(path)
    kernels = []
    for k, _ in t:
        if k not in kernels:
            kernels.append(k)
    cpu = [k for k in kernels if k.startswith("cpu-")]
    extra = []
    if cpu:
        extra = [(cpu[0], k) for k in ("scan-propagate", "scan-best") if k in kernels]
    print("| n | " + " | ".join(kernels) + "".join(" | CPU / %s" % k for _, k in extra) + " |")
    print("|---|" + "---|" * (len(kernels) + len(extra)))
    for n in sizes(t):
        row = ["%.1f" % us(t, k, n) if (k, n) in t else "-" for k in kernels]
        row += ["%.1f" % (t[(c, n)]["ms"] / t[(k, n)]["ms"]) for c, k in extra]
        print("| %d | %s |" % (n, " | ".join(row)))


def targets(paths):
    for path in paths:
        d, t = load(path)
        ns = [n for n in sizes(t) if (1 << 10) <= n <= (1 << 28)]
        top = 1 << 28
        unverified = [k for k, p in t.items() if not p.get("verified")]
        print("%s %s %s (%s): %d points, %d not verified" % (d["device"], d["type"], d["date"], d.get("cub", "?"), len(t), len(unverified)))
        for k, c in (("scan-best", "cub-scan"), ("scan-best-inclusive", "cub-scan-inclusive"), ("reduce-best", "cub-reduce")):
            r = [(ratio(t, k, c, n), n) for n in ns if (k, n) in t and (c, n) in t]
            lo = min(r)
            print("  %-20s x CUB at 2^28 %.3f; lowest %.3f at %s" % (k, ratio(t, k, c, top), lo[0], exp(lo[1])), end="")
            if k.startswith("scan"):
                print("; x copy at 2^28 %.3f (%.0f GB/s against %.0f)" % (
                    t[(k, top)]["gbps"] / t[("copy", top)]["gbps"], t[(k, top)]["gbps"], t[("copy", top)]["gbps"]))
            else:
                print("; at 2^12: %.3f us against CUB's %.3f" % (us(t, k, 1 << 12), us(t, c, 1 << 12)))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    what, files = sys.argv[1], sys.argv[2:]
    if what == "targets":
        targets(files)
    else:
        {"best": best, "every": every, "preset": preset}[what](files[0])
