#!/usr/bin/python3
"""stats_golden.py WARPSIM GOLDEN_DIR NAME [--update]

Run suite workload NAME at the small size in functional and timing mode
and compare every statistic of every launch and of the total with the
golden file GOLDEN_DIR/NAME.MODE.txt ("key value" lines).  Statistics and
cycle counts are a pure function of the configuration and the program, so
a change that should not alter them (a faster loop, a smaller register
file) must leave every golden value as it is.  Host-time values (wall
seconds, rates) are not compared; statistics added after the golden was
written are ignored, so new counters do not break it.  With --update the
golden files are rewritten instead (do that only for a deliberate model
change, and say so in the commit).
"""
import json
import os
import subprocess
import sys
import tempfile

HOST_TIME = ("sim_wall_seconds", "sim_rate_warp_insn_per_s",
             "sim_rate_cycle_per_s", "gpgpu_simulation_time",
             "gpgpu_simulation_rate", "sim_parallel_cycles")


def flat(d, path=""):
    """Yield (key path, value) for every leaf of d."""
    if isinstance(d, dict):
        for k, v in d.items():
            yield from flat(v, path + "/" + k)
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from flat(v, path + "/" + str(i))
    else:
        yield path, d


def stats(warpsim, name, mode):
    """The compared statistics of one run, as {key: text}."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "stats.json")
        env = dict(os.environ, WARPSIM_ARGS="")
        p = subprocess.run([warpsim, "suite", "run", name, "--size", "small",
                            "--mode", mode, "--stats", out],
                           capture_output=True, text=True, env=env)
        if p.returncode:
            sys.exit("FAIL: %s %s: exit %d\n%s%s" % (
                name, mode, p.returncode, p.stdout, p.stderr))
        with open(out) as f:
            data = json.load(f)
    got = {}
    for sect in ("launches", "total"):
        for k, v in flat(data.get(sect), "/" + sect):
            if k.rsplit("/", 1)[-1] not in HOST_TIME:
                got[k] = json.dumps(v)
    return got


def main():
    warpsim, gdir, name = sys.argv[1:4]
    update = "--update" in sys.argv[4:]
    fails = 0
    for mode in ("functional", "timing"):
        got = stats(warpsim, name, mode)
        path = os.path.join(gdir, "%s.%s.txt" % (name, mode))
        if update:
            with open(path, "w") as f:
                for k in sorted(got):
                    f.write("%s %s\n" % (k, got[k]))
            print("wrote", path, len(got), "values")
            continue
        with open(path) as f:
            want = dict(line.rstrip("\n").split(" ", 1) for line in f)
        bad = [k for k in sorted(want) if got.get(k) != want[k]]
        for k in bad[:10]:
            print("FAIL: %s %s %s: golden %s, now %s" % (
                name, mode, k, want[k], got.get(k, "(missing)")))
        if len(bad) > 10:
            print("FAIL: ... and %d more" % (len(bad) - 10))
        print("%s %s: %d values, %d differ" % (name, mode, len(want),
                                                len(bad)))
        fails += len(bad)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
