#!/usr/bin/python3
"""Slurm engine: --dry-run prints an sbatch job-array script with one
task per job (checked everywhere); where `sinfo` answers, a 2-job sweep
runs through sbatch and lands in the database like a local one.  Skipped
(CTest SKIP_RETURN_CODE 77) where there is no Slurm cluster."""
import os
import shutil
import sqlite3
import subprocess

import hcommon as h

a = h.args()
h.need_binaries(a, ["nn"])
d = h.tmpdir("slurm")
spec = os.path.join(d, "two.toml")
h.write_spec(spec, "two", ["nn"], ["lrr", "gto"])
out = os.path.join(d, "out")
p = h.harness(a, "sweep", spec, "--engine", "slurm", "--dry-run",
              "--out", out)
h.check("#SBATCH --array=1-2" in p.stdout and " runjob " in p.stdout,
        "dry-run script lacks the job array:\n" + p.stdout)
jl = os.path.join(out, "sweeps", "two", "jobs.txt")
h.check(os.path.isfile(jl) and len(open(jl).read().split()) == 2,
        "dry-run did not write the 2-line job list")
h.check(not os.path.isdir(os.path.join(out, "runs")) or
        not os.listdir(os.path.join(out, "runs")), "dry-run ran jobs")
if not shutil.which("sinfo"):
    h.cleanup(d)
    h.skip("no Slurm here (sinfo not found); dry-run script checked")
try:
    r = subprocess.run(["sinfo", "-h"], capture_output=True, timeout=10)
except (OSError, subprocess.TimeoutExpired):
    r = None
if r is None or r.returncode != 0:
    h.cleanup(d)
    h.skip("sinfo does not answer; dry-run script checked")
h.harness(a, "sweep", spec, "--engine", "slurm", "--out", out)
h.harness(a, "collect", "--out", out)
n = sqlite3.connect(os.path.join(out, "warpsim.sqlite")).execute(
    "SELECT COUNT(*) FROM runs WHERE status = 'ok'").fetchone()[0]
h.check(n == 2, "slurm sweep: %d of 2 runs ok" % n)
h.cleanup(d)
print("PASS: slurm job array ran 2 jobs")
