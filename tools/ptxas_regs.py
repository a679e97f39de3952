#!/usr/bin/python3
"""ptxas_regs.py - registers per thread and resident TBs per SM of every
suite kernel, from our liveness estimate (src/ptx/live.c) and from ptxas -v
(option ptxas_regs=target, src/ptx/ptxas.c).

Runs each workload of bench/manifest.tsv (small inputs, functional mode,
which computes occupancy exactly as the timing model does) twice and reads
the per-launch statistics kernel_regs_per_thread and kernel_ctas_per_sm.
Prints a Markdown table (docs/timing.md, "Registers per thread").

usage: tools/ptxas_regs.py [--build build] [--regs-per-sm N]...
Needs ptxas on PATH.
"""
import argparse
import os
import subprocess
import sys
import tempfile


def launches(path):
    """Per-launch (kernel, regs, tbs/SM) triples of a stats file."""
    out, cur = [], {}
    with open(path) as f:
        for line in f:
            k, _, v = line.partition(" = ")
            k, v = k.strip(), v.strip()
            if k == "kernel_name":
                cur = {"kernel": v}
            elif k in ("kernel_regs_per_thread", "kernel_ctas_per_sm"):
                cur[k] = int(v)
                if len(cur) == 3:
                    out.append((cur["kernel"], cur["kernel_regs_per_thread"],
                                cur["kernel_ctas_per_sm"]))
    return out


def run(build, name, regs_per_sm, extra):
    """The launches of one workload under extra options."""
    with tempfile.TemporaryDirectory() as d:
        stats = os.path.join(d, "stats.txt")
        cmd = [os.path.join(build, "warpsim"), "suite", "run", name,
               "--mode", "functional", "--quiet", "--stats_file", stats,
               "--gpgpu_shader_registers", str(regs_per_sm)] + extra
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit("%s failed:\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
        return launches(stats)


def summary(ls):
    """kernel -> (regs, min tbs/SM, max tbs/SM) over its launches."""
    out = {}
    for k, r, c in ls:
        _, lo, hi = out.get(k, (r, c, c))
        out[k] = (r, min(lo, c), max(hi, c))
    return out


def tbs(lo, hi):
    return str(lo) if lo == hi else "%d-%d" % (lo, hi)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--regs-per-sm", type=int, action="append",
                    help="gpgpu_shader_registers (repeatable; default "
                         "32768, the GTX480, and 65536, the BAWS setting)")
    a = ap.parse_args()
    sizes = a.regs_per_sm or [32768, 65536]
    names = []
    with open(os.path.join(os.path.dirname(__file__), "..", "bench",
                           "manifest.tsv")) as f:
        for line in f:
            if line.startswith("#") or line.startswith("name\t"):
                continue
            names.append(line.split("\t")[0])
    head = "| workload | kernel | regs liveness | regs ptxas sm_75 |"
    rule = "|---|---|---|---|"
    for n in sizes:
        head += " TBs/SM %dK: liveness | ptxas |" % (n // 1024)
        rule += "---|---|"
    print(head)
    print(rule)
    changed = {n: 0 for n in sizes}
    rows = 0
    diffs = []
    for w in names:
        res = {}
        for n in sizes:
            res[n] = (summary(run(a.build, w, n, [])),
                      summary(run(a.build, w, n, ["--ptxas-regs", "target"])))
        for k in res[sizes[0]][0]:
            live, ptx = res[sizes[0]][0][k][0], res[sizes[0]][1][k][0]
            row = "| %s | %s | %d | %d |" % (w, k, live, ptx)
            diffs.append(ptx - live)
            for n in sizes:
                l, p = res[n][0][k], res[n][1][k]
                row += " %s | %s |" % (tbs(l[1], l[2]), tbs(p[1], p[2]))
                if (l[1], l[2]) != (p[1], p[2]):
                    changed[n] += 1
            print(row)
            rows += 1
    print()
    ad = sorted(abs(x) for x in diffs)
    print("%d kernels: ptxas - liveness from %+d to %+d registers, median "
          "|difference| %d, within +-4 for %d, ptxas higher for %d, lower "
          "for %d; TBs/SM differ on " % (
              rows, min(diffs), max(diffs), ad[len(ad) // 2],
              sum(x <= 4 for x in ad), sum(x > 0 for x in diffs),
              sum(x < 0 for x in diffs)) +
          ", ".join("%d at %dK registers" % (changed[n], n // 1024)
                    for n in sizes) + ".")


if __name__ == "__main__":
    main()
