#!/usr/bin/env python3
"""Which of the differences between the predicted counters and Nsight Compute's are SHOWN (issue 26).

Usage: scripts/shown_differences.py [--bin BUILD/app/scanscope] [--root DIR] [--jobs N] [--list] OUT [OUT ...]

OUT is a folder scripts/fuzz_offline.sh wrote (its table.md; the kernels the table names, by the
path it names them, a relative one from --root, default the repository). For every configuration
of the table the kernel is traced again on the interpreter (`scanscope trace --source K --n N --op
OP --type T --seed 3N+1 --device cpu --json F`: validate's input for --sources, source_request in
engine/validation_plan.cpp; the same build's compiler view as validate's) and its compiler
notes are read (the trace JSON's compiler_notes: "PATH:LINE: text", the notes the window shows on
that line of the code panel). A note names a line; the line's accesses are of up to four kinds,
read from the trace (the sites written on that line, by statement or by position, and whether
their accesses were shared or global): shared ld, shared st, global ld, global st. A shared
atomic counts as a shared load (ptxas makes some a loop of LDS and ATOMS.CAS, whose LDS Nsight
Compute counts as loads).

A differing configuration (ncu agrees: NO) is
  shown      when a note names a line with accesses of a kind whose counters differ (ld inst,
             wavefronts or conflicts: shared ld; st ...: shared st; global ld requests or sectors:
             global ld; global st ...: global st),
  not shown  otherwise (no note, or notes only on lines of other kinds).
An agreeing configuration (yes, with or without a remark) with a note on a line is a false alarm
(the note warned, and the counters agree all the same); its notes are counted too.

Prints, per OUT, the differing configurations (which counters differ, shown or not, the notes'
lines) and the counts; --list also lists the agreeing configurations that have notes; --jobs N
traces N configurations at a time (default 1). The trace's
totals must equal the table's predicted numbers (else the configuration is reported as not traced
alike and counted apart). Exit 0 when it ran, 1 when it could not."""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

COLUMNS = ["ld inst", "ld wavefronts", "ld conflicts", "st inst", "st wavefronts", "st conflicts",
           "global ld requests", "global ld sectors", "global st requests", "global st sectors"]
KIND_OF = {0: "shared ld", 1: "shared ld", 2: "shared ld", 3: "shared st", 4: "shared st", 5: "shared st",
           6: "global ld", 7: "global ld", 8: "global st", 9: "global st"}
NOTE = re.compile(r"^(.*):(\d+): (.*)$", re.S)


def rows(table):
    """(configuration, [(predicted, ncu or None)] * 10, agrees?) for each row of a validate table."""
    out = []
    for line in open(table):
        if not line.startswith("| ") or not re.search(r"\| (yes[^|]*|NO) \|$", line.rstrip()):
            continue
        cells = [c.strip() for c in line.rstrip().strip("|").split(" | ")]
        config, counters, agrees = cells[0], cells[3:13], cells[-1]
        vals = []
        for c in counters:
            m = re.match(r"^(-?\d+)(?: \(ncu (-?\d+)\))?$", c)
            if not m:
                raise ValueError("%s: cell '%s' is not a counter" % (table, c))
            vals.append((int(m.group(1)), int(m.group(2)) if m.group(2) else None))
        out.append((config, vals, agrees != "NO"))
    return out


def trace(binary, root, config):
    """The trace JSON of a configuration 'PATH n=N OP/TYPE'."""
    m = re.match(r"^(\S+) n=(\d+) (\w+)/(\w+)$", config)
    if not m:
        raise ValueError("configuration '%s' is not 'PATH n=N OP/TYPE'" % config)
    path, n, op, ty = m.groups()
    if not os.path.isabs(path):
        path = os.path.join(root, path)
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, "t.json")
        r = subprocess.run([binary, "trace", "--source", path, "--n", n, "--op", op, "--type", ty, "--seed", str(3 * int(n) + 1), "--device", "cpu", "--json", f],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=root)
        if not os.path.exists(f):
            raise RuntimeError("%s: trace wrote no JSON: %s" % (config, r.stderr.strip()[-300:]))
        return json.load(open(f))


def predicted(t):
    tot, g = t["totals"], t["totals"]["global"]
    return [tot["ld"]["inst"], tot["ld"]["wavefronts"], tot["ld"]["conflicts"], tot["st"]["inst"], tot["st"]["wavefronts"],
            tot["st"]["conflicts"], g["ld"]["requests"], g["ld"]["sectors"], g["st"]["requests"], g["st"]["sectors"]]


def line_kinds(t):
    """(file index, line) -> the kinds of the accesses written there (by statement line and by position)."""
    space = {}
    for st in t["steps"]:
        for a in st.get("accesses", []):
            if a.get("op") in ("ld", "st", "atom") and a.get("site", -1) >= 0:
                space.setdefault(a["site"], set()).add("shared")
        for a in st.get("global_accesses", []):
            if a.get("op") in ("ld", "st") and a.get("site", -1) >= 0:
                space.setdefault(a["site"], set()).add("global")
    kinds = {}
    for i, s in enumerate(t.get("sites", [])):
        if s.get("op") not in ("ld", "st", "atom"):
            continue
        for sp in space.get(i, ()):
            if s["op"] == "atom" and sp != "shared":
                continue
            for line in {s["src"][1], s["stmt"][0]}:
                kinds.setdefault((s["src"][0], line), set()).add(sp + " " + ("ld" if s["op"] == "atom" else s["op"]))
    return kinds


def notes_by_line(t):
    """[(file index or -1, line, kinds of the line, text)] of the trace's compiler notes that name a line."""
    files = [f["path"] for f in t.get("files", [])]
    kinds = line_kinds(t)
    out = []
    for n in t.get("compiler_notes", []):
        m = NOTE.match(n)
        if not m:
            continue
        path, line, text = m.group(1), int(m.group(2)), m.group(3)
        fi = files.index(path) if path in files else -1
        out.append((fi, line, kinds.get((fi, line), set()), text))
    return out


def main(argv):
    binary, root, listing, outs, jobs = "build/app/scanscope", os.path.dirname(os.path.dirname(os.path.abspath(__file__))), False, [], 1
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--bin":
            binary, i = argv[i + 1], i + 2
        elif a == "--root":
            root, i = argv[i + 1], i + 2
        elif a == "--jobs":
            jobs, i = int(argv[i + 1]), i + 2
        elif a == "--list":
            listing, i = True, i + 1
        elif a.startswith("--"):
            print(__doc__, file=sys.stderr)
            return 1
        else:
            outs.append(a)
            i += 1
    if not outs:
        print(__doc__, file=sys.stderr)
        return 1
    binary = os.path.abspath(binary)
    total = {"differ": 0, "shown": 0, "agree": 0, "alarm": 0, "alarm_notes": 0, "unlike": 0}
    for out in outs:
        c = {"differ": 0, "shown": 0, "agree": 0, "alarm": 0, "alarm_notes": 0, "unlike": 0}
        print("## %s" % out)
        table = rows(os.path.join(out, "table.md"))
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            traces = pool.map(lambda r: trace(binary, root, r[0]), table)
        for (config, vals, agrees), t in zip(table, traces):
            name = re.sub(r"^/\S*/", "", config)
            if predicted(t) != [p for p, _ in vals]:
                c["unlike"] += 1
                print("  NOT TRACED ALIKE %s: trace %s, table %s" % (name, predicted(t), [p for p, _ in vals]))
                continue
            notes = notes_by_line(t)
            if agrees:
                c["agree"] += 1
                if notes:
                    c["alarm"] += 1
                    c["alarm_notes"] += len(notes)
                    if listing:
                        print("  agrees, %d note(s): %s" % (len(notes), name))
                        for fi, line, k, text in notes:
                            print("      line %d [%s]: %s" % (line, ", ".join(sorted(k)) or "no access", text[:160]))
                continue
            c["differ"] += 1
            differing = sorted({KIND_OF[k] for k, (p, n) in enumerate(vals) if n is not None})
            cols = [COLUMNS[k] for k, (p, n) in enumerate(vals) if n is not None]
            relevant = [x for x in notes if x[2] & set(differing)]
            c["shown"] += bool(relevant)
            print("  %s %s: %s" % ("shown    " if relevant else "NOT SHOWN", name, ", ".join(cols)))
            for fi, line, k, text in notes:
                print("      %s line %d [%s]: %s" % ("*" if (fi, line, k, text) in relevant else " ", line, ", ".join(sorted(k)) or "no access", text[:160]))
        print("%s: differing %d: shown %d, not shown %d; agreeing %d: with a note (false alarms) %d (%d notes)%s" %
              (out, c["differ"], c["shown"], c["differ"] - c["shown"], c["agree"], c["alarm"], c["alarm_notes"],
               "; not traced alike %d" % c["unlike"] if c["unlike"] else ""))
        print()
        for k in total:
            total[k] += c[k]
    if len(outs) > 1:
        print("all: differing %d: shown %d, not shown %d; agreeing %d: with a note (false alarms) %d (%d notes)%s" %
              (total["differ"], total["shown"], total["differ"] - total["shown"], total["agree"], total["alarm"], total["alarm_notes"],
               "; not traced alike %d" % total["unlike"] if total["unlike"] else ""))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError, RuntimeError) as e:
        print("shown_differences: %s" % e, file=sys.stderr)
        sys.exit(1)
