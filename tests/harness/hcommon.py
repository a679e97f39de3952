"""hcommon.py - shared helpers for the harness tests (tests/harness).

Each test is a script run by CTest as
  test_X.py --warpsim BIN --source-dir SRC --build-dir BUILD
and exits 0 (pass), 1 (fail) or 77 (skipped, with a message).
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
HARNESS = os.path.join(ROOT, "tools", "harness", "warpsim_harness.py")
sys.path.insert(0, os.path.join(ROOT, "tools", "harness"))
SKIP = 77


def args():
    p = argparse.ArgumentParser()
    p.add_argument("--warpsim")
    p.add_argument("--source-dir", default=ROOT)
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    a = p.parse_args()
    if not a.warpsim:
        a.warpsim = os.path.join(a.build_dir, "warpsim")
    return a


def skip(msg):
    print("SKIP: " + msg)
    sys.exit(SKIP)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def tmpdir(name):
    d = tempfile.mkdtemp(prefix="ws-harness-%s-" % name)
    return d


def cleanup(d):
    shutil.rmtree(d, ignore_errors=True)


def harness_argv(a, cmd, *rest):
    return ["/usr/bin/python3", HARNESS, cmd, "--warpsim", a.warpsim,
            "--source-dir", a.source_dir, "--build-dir", a.build_dir] + \
        list(rest)


def harness(a, cmd, *rest, check_rc=True, env=None):
    """Run one harness command; returns the CompletedProcess."""
    p = subprocess.run(harness_argv(a, cmd, *rest), capture_output=True,
                       text=True, env=env)
    if check_rc and p.returncode != 0:
        fail("%s exited %d\nstdout:\n%s\nstderr:\n%s"
             % (cmd, p.returncode, p.stdout, p.stderr[-4000:]))
    return p


def need_binaries(a, workloads):
    if not os.access(a.warpsim, os.X_OK):
        skip("%s is not built" % a.warpsim)
    for w in workloads:
        if not os.access(os.path.join(a.build_dir, "bench", w), os.X_OK):
            skip("bench host %s is not built" % w)


def write_spec(path, name, workloads, scheds, seeds=(1,), mode="timing"):
    """A small sweep spec (timing mode unless told: functional mode takes no policies)."""
    q = lambda xs: "[" + ", ".join('"%s"' % x for x in xs) + "]"
    with open(path, "w") as f:
        f.write('[experiment]\nname = "%s"\n\n[sweep]\nmode = "%s"\n'
                'workloads = %s\nsizes = ["small"]\nconfigs = ["gtx480"]\n'
                'sched = %s\nfetch = ["rr"]\nseeds = [%s]\ntimeout_s = 120\n'
                % (name, mode, q(workloads), q(scheds),
                   ", ".join(str(s) for s in seeds)))


def table_rows(db_path, table, drop=()):
    """Sorted rows of a table as tuples of (column, value), minus columns
    in drop and columns that measure wall-clock time (gpgpu_simulation_time
    and _rate among them)."""
    db = sqlite3.connect(db_path)
    cols = [r[1] for r in db.execute("PRAGMA table_info(%s)" % table)]
    keep = [c for c in cols if c not in drop and "wall" not in c
            and "_per_s" not in c and not c.endswith("_seconds")
            and not c.startswith("gpgpu_simulation_")]
    rows = db.execute("SELECT %s FROM %s" % (
        ", ".join('"%s"' % c for c in keep), table)).fetchall()
    db.close()
    return sorted(tuple(zip(keep, r)) for r in rows)
