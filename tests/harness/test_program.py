#!/usr/bin/python3
"""Sweeping a program of one's own: a [[program]] names a command line
(here build/bench/nn run directly, on a copy of its PTX next to the
spec, by relative path) instead of a suite workload.
  - it runs like a workload, under every policy, and gives the same
    cycles as the suite's nn job;
  - its key follows the program binary, its arguments and the contents
    of the PTX files among them, and nothing else;
  - a [[program]] that is not executable or not defined is a spec error."""
import os
import shutil
import sqlite3

import hcommon as h
import harness_spec

a = h.args()
h.need_binaries(a, ["nn"])
d = h.tmpdir("program")
host = os.path.abspath(os.path.join(a.build_dir, "bench", "nn"))
shutil.copy(os.path.join(a.source_dir, "bench", "nn", "kernel.ptx"),
            os.path.join(d, "mine.ptx"))


def write(name, command, extra=""):
    p = os.path.join(d, name)
    with open(p, "w") as f:
        f.write('[experiment]\nname = "%s"\n\n[[program]]\nname = "mine"\n'
                'command = [%s]\n\n[sweep]\nprograms = ["mine"]\n'
                'workloads = ["nn"]\nconfigs = ["gtx480"]\n'
                'sched = ["lrr", "gto"]\n%s'
                % (os.path.splitext(name)[0],
                   ", ".join('"%s"' % c for c in command), extra))
    return p


cmd = [host, "mine.ptx", "--size", "small"]
spec = write("prog.toml", cmd)
out = os.path.join(d, "out")
h.harness(a, "sweep", spec, "-j", "2", "--out", out, "--quiet")
h.harness(a, "collect", "--out", out)
db = sqlite3.connect(os.path.join(out, "warpsim.sqlite"))
got = dict(((w, s), c) for w, s, c in db.execute(
    "SELECT workload, sched, gpu_sim_cycle FROM runs WHERE status = 'ok' "
    "AND classes != ''"))
db.close()
h.check(len(got) == 4 and all(got.values()), "runs: %s" % got)
for s in ("lrr", "gto"):
    h.check(got[("mine", s)] == got[("nn", s)],
            "program vs suite nn under %s: %s" % (s, got))


def keys(path):
    info = harness_spec.SimInfo(a.warpsim)
    sp = harness_spec.load_spec(path)
    return {j["key"] for j in harness_spec.expand_jobs(
        sp, info, a.source_dir, a.build_dir, os.path.join(d, "r"))
        if j["workload"] == "mine"}


k0 = keys(spec)
h.check(k0 == keys(write("again.toml", cmd)), "program keys not stable")
h.check(not k0 & keys(write("args.toml", cmd[:3] + ["tiny"])),
        "an argument did not change the key")
with open(os.path.join(d, "mine.ptx"), "a") as f:
    f.write("\n// edited\n")
h.check(not k0 & keys(spec), "the PTX contents did not change the key")

p = h.harness(a, "sweep", write("nx.toml", ["./no_such_host"]), "--dry-run",
              "--out", out, check_rc=False)
h.check(p.returncode == 2 and "no_such_host" in p.stderr and
        "Traceback" not in p.stderr, p.stderr)
p = os.path.join(d, "undef.toml")
with open(p, "w") as f:
    f.write('[experiment]\nname = "u"\n[sweep]\nprograms = ["ghost"]\n')
r = h.harness(a, "sweep", p, "--dry-run", "--out", out, check_rc=False)
h.check(r.returncode == 2 and "'ghost'" in r.stderr, r.stderr)
h.cleanup(d)
print("PASS: a [[program]] sweeps like a workload (same cycles as the suite's "
      "nn); its key follows binary, arguments and PTX contents")
