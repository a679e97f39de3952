#!/usr/bin/python3
"""baws_gto_lrr.py - why GTO's lead over LRR on the BAWS barrier set changed
between two (or more) builds of warpsim.

Runs every workload of a manifest class (default baws-barrier) under
`--sched lrr` and `--sched gto` with the BAWS experiment's settings
(experiments/baws.toml: timing mode, gtx480, 65536 registers per SM, small
inputs, seed 1, fetch rr) on each build given with --tree LABEL=BUILD_DIR,
in order (the first is "before").  Stats files are kept under --out and
reused when present, so a second call only prints.  Prints Markdown:

  1. per workload: cycles under LRR and GTO, GTO's speedup over LRR in
     each tree, and the change of the speedup's logarithm (its share of
     the change of the geometric mean);
  2. per workload and tree: the warp-cycle classes (warp_cycles_*, summed
     over launches) of LRR and GTO as shares of LRR's total, with
     structural, collector and arbitration folded into one column
     ("struct+": before issue #12 they were one class), and the
     difference GTO - LRR.

  3. per workload: the L1D miss rate and reservation fails per access;
  4. with --kernels W: W's cycles per kernel.

usage: tools/baws_gto_lrr.py --tree before=/tmp/old/build --tree now=build
       [--out DIR] [-j N] [--class NAME] [--kernels W]...
"""
import argparse
import concurrent.futures
import math
import os
import subprocess
import sys

OPTS = ["--mode", "timing", "--config", "gtx480", "--fetch", "rr",
        "--gpgpu_shader_registers", "65536"]
# warp-cycle classes shown, in this order; struct+ sums the classes that
# were one ("structural") before issue #12
COLS = ["issued", "data", "struct+", "control", "fetch", "empty",
        "barrier", "exit"]
FOLD = {"structural": "struct+", "collector": "struct+",
        "arbitration": "struct+"}


def workloads(cls):
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    with open(os.path.join(here, "..", "bench", "manifest.tsv")) as f:
        for line in f:
            if line.startswith("#") or line.startswith("name\t"):
                continue
            row = line.rstrip("\n").split("\t")
            if cls in row[1].split(","):
                out.append(row[0])
    return out


def run(build, w, sched, path):
    """Run one job unless its stats file exists; the file's path."""
    if os.path.exists(path):
        return path
    tmp = path + ".part"
    cmd = [os.path.join(build, "warpsim"), "suite", "run", w,
           "--size", "small", "--seed", "1", "--sched", sched,
           "--stats_file", tmp, "--quiet"] + OPTS
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("%s failed:\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    os.rename(tmp, path)
    return path


MEM = ["L1D_total_cache_accesses", "L1D_total_cache_misses",
       "L1D_total_cache_reservation_fails"]


def read(path):
    """Cycles, warp-cycle classes and L1D counts summed over the launches
    of a run, and cycles per kernel name."""
    cyc, wc, mem, kern = 0, {c: 0 for c in COLS}, {m: 0 for m in MEM}, {}
    name = None
    with open(path) as f:
        for line in f:
            k, _, v = line.partition(" = ")
            k = k.strip()
            if k == "kernel_name":
                name = v.strip()
            elif k == "gpu_sim_cycle":
                cyc += int(v)
                kern[name] = kern.get(name, 0) + int(v)
            elif k in mem:
                mem[k] += int(v)
            elif k.startswith("warp_cycles_") and k != "warp_cycles_total":
                c = k[len("warp_cycles_"):]
                c = FOLD.get(c, c)
                if c in wc:
                    wc[c] += int(v)
    return cyc, wc, mem, kern


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", required=True,
                    help="LABEL=BUILD_DIR (repeat; the first is the "
                         "reference)")
    ap.add_argument("--out", default="results/baws_gto_lrr")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--class", dest="cls", default="baws-barrier")
    ap.add_argument("--kernels", action="append", default=[],
                    help="also print cycles per kernel of this workload "
                         "(repeatable)")
    a = ap.parse_args()
    trees = [t.split("=", 1) for t in a.tree]
    ws = workloads(a.cls)
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for label, build in trees:
            os.makedirs(os.path.join(a.out, label), exist_ok=True)
            for w in ws:
                for s in ("lrr", "gto"):
                    p = os.path.join(a.out, label, "%s.%s.txt" % (w, s))
                    jobs[label, w, s] = ex.submit(run, build, w, s, p)
    res = {k: read(f.result()) for k, f in jobs.items()}
    labels = [t[0] for t in trees]

    print("### GTO over LRR per workload (%s, %d workloads)\n" %
          (a.cls, len(ws)))
    head = "| workload |"
    rule = "|---|"
    for l in labels:
        head += " LRR cycles %s | GTO cycles %s | GTO/LRR %s |" % (l, l, l)
        rule += "---:|---:|---:|"
    head += " change of log speedup (%s -> %s) |" % (labels[0], labels[-1])
    rule += "---:|"
    print(head)
    print(rule)
    logs = {l: [] for l in labels}
    rows = []
    for w in ws:
        row = "| %s |" % w
        sp = {}
        for l in labels:
            lc, gc = res[l, w, "lrr"][0], res[l, w, "gto"][0]
            sp[l] = lc / gc
            logs[l].append(math.log(sp[l]))
            row += " %d | %d | %+.1f%% |" % (lc, gc, (sp[l] - 1) * 100)
        d = math.log(sp[labels[-1]]) - math.log(sp[labels[0]])
        rows.append((d, w))
        row += " %+.3f |" % d
        print(row)
    row = "| **geomean** |"
    for l in labels:
        g = math.exp(sum(logs[l]) / len(ws))
        row += " | | **%+.1f%%** |" % ((g - 1) * 100)
    tot = (sum(logs[labels[-1]]) - sum(logs[labels[0]])) / len(ws)
    row += " %+.3f (mean) |" % tot
    print(row)
    rows.sort()
    print("\nLargest drops of GTO's lead: " + ", ".join(
        "%s %+.3f" % (w, d) for d, w in rows[:4]) +
        "; largest gains: " + ", ".join(
        "%s %+.3f" % (w, d) for d, w in rows[::-1][:3]) + ".")

    print("\n### Warp-cycle classes, share of LRR's warp-cycles "
          "(LRR / GTO / GTO - LRR)\n")
    print("| workload | tree | " + " | ".join(COLS) + " |")
    print("|---|---|" + "---:|" * len(COLS))
    for w in ws:
        for l in labels:
            lw, gw = res[l, w, "lrr"][1], res[l, w, "gto"][1]
            tot_l = sum(lw.values()) or 1
            cells = []
            for c in COLS:
                x, y = lw[c] / tot_l, gw[c] / tot_l
                cells.append("%.3f / %.3f / %+.3f" % (x, y, y - x))
            print("| %s | %s | %s |" % (w, l, " | ".join(cells)))

    print("\n### L1D per workload: miss rate and reservation fails per "
          "access (LRR / GTO)\n")
    print("| workload | " + " | ".join(
        "miss rate %s | res. fails/access %s" % (l, l) for l in labels) +
        " |")
    print("|---|" + "---:|---:|" * len(labels))
    for w in ws:
        cells = []
        for l in labels:
            r = []
            for s in ("lrr", "gto"):
                m = res[l, w, s][2]
                acc = m[MEM[0]] or 1
                r.append((m[MEM[1]] / acc, m[MEM[2]] / acc))
            cells.append("%.3f / %.3f" % (r[0][0], r[1][0]))
            cells.append("%.2f / %.2f" % (r[0][1], r[1][1]))
        print("| %s | %s |" % (w, " | ".join(cells)))

    for w in a.kernels:
        print("\n### %s: cycles per kernel (LRR / GTO)\n" % w)
        names = sorted(res[labels[0], w, "lrr"][3],
                       key=lambda n: -res[labels[0], w, "lrr"][3][n])
        print("| kernel | " + " | ".join(labels) + " |")
        print("|---|" + "---:|" * len(labels))
        for n in names:
            print("| %s | %s |" % (n, " | ".join(
                "%d / %d" % (res[l, w, "lrr"][3].get(n, 0),
                             res[l, w, "gto"][3].get(n, 0))
                for l in labels)))


if __name__ == "__main__":
    main()
