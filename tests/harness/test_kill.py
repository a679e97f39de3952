#!/usr/bin/python3
"""Kill a sweep half-way (SIGKILL, then SIGTERM, to its process group),
rerun it: every job ends up in the database exactly once, none is lost,
jobs finished before the kill are not rerun, no half-written run
directory is ever visible, and collecting twice changes nothing.
Then kill only the sweep process (SIGKILL, then SIGTERM) while its jobs
run a program that would run for 30 s: no child outlives it."""
import os
import signal
import sqlite3
import subprocess
import time

import hcommon as h

a = h.args()
h.need_binaries(a, ["nn"])
d = h.tmpdir("kill")
spec = os.path.join(d, "eight.toml")
h.write_spec(spec, "eight", ["nn"], ["lrr", "gto"], seeds=(1, 2, 3, 4))
out = os.path.join(d, "out")
runs = os.path.join(out, "runs")


def finished():
    if not os.path.isdir(runs):
        return []
    return [x for x in os.listdir(runs) if not x.startswith(".")]


def sweep_and_kill(sig, k):
    env = dict(os.environ, WARPSIM_HARNESS_TEST_DELAY="0.4")
    p = subprocess.Popen(h.harness_argv(a, "sweep", spec, "-j", "2",
                                        "--out", out, "--quiet"),
                         env=env, start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0 = time.time()
    while len(finished()) < k and p.poll() is None and time.time() - t0 < 30:
        time.sleep(0.02)
    h.check(p.poll() is None, "sweep ended before it could be killed")
    os.killpg(p.pid, sig)
    p.wait()
    for x in finished():   # published directories are complete
        h.check(os.path.isfile(os.path.join(runs, x, "status.json")),
                "run %s published without status.json" % x)
    return len(finished())


n1 = sweep_and_kill(signal.SIGKILL, 2)
h.check(0 < n1 < 8, "after SIGKILL %d of 8 runs finished" % n1)
n2 = sweep_and_kill(signal.SIGTERM, n1 + 2)
h.check(n1 < n2 < 8, "after SIGTERM %d of 8 runs finished (%d before)"
        % (n2, n1))
p = h.harness(a, "sweep", spec, "-j", "2", "--out", out)
h.check("%d skipped" % n2 in p.stderr, "rerun did not skip the %d finished "
        "jobs:\n%s" % (n2, p.stderr))
h.check(not [x for x in os.listdir(runs) if x.startswith(".tmp-")],
        "scratch directories left after the rerun")
h.harness(a, "collect", "--out", out)
db = os.path.join(out, "warpsim.sqlite")
c = sqlite3.connect(db)
rows = c.execute("SELECT key, COUNT(*) FROM runs GROUP BY key").fetchall()
ok = c.execute("SELECT COUNT(*) FROM runs WHERE status = 'ok'").fetchone()[0]
member = c.execute("SELECT COUNT(*) FROM sweep_runs WHERE sweep = 'eight' "
                   "AND key IN (SELECT key FROM runs)").fetchone()[0]
dump1 = list(c.iterdump())
c.close()
h.check(len(rows) == 8 and all(n == 1 for _, n in rows),
        "expected 8 runs once each, got %s" % rows)
h.check(ok == 8 and member == 8, "ok %d, sweep members %d" % (ok, member))
h.harness(a, "collect", "--out", out)
c = sqlite3.connect(db)
dump2 = list(c.iterdump())
c.close()
h.check(dump1 == dump2, "collecting twice changed the database")


def session_procs(sid):
    """[(pid, comm)] of the live (not zombie) processes of session sid."""
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                st = f.read()
        except OSError:
            continue
        comm = st[st.index("(") + 1:st.rindex(")")]
        f = st[st.rindex(")") + 2:].split()
        if int(f[3]) == sid and f[0] != "Z":   # f[3]: session id
            out.append((int(pid), comm))
    return out


slow = os.path.join(d, "slow.toml")
with open(slow, "w") as f:
    f.write('[experiment]\nname = "slow"\n\n[[program]]\nname = "nap"\n'
            'command = ["sleep", "30"]\n\n[sweep]\nmode = "timing"\n'
            'programs = ["nap"]\nsched = ["lrr", "gto"]\n')


def kill_sweep_only(sig):
    p = subprocess.Popen(h.harness_argv(a, "sweep", slow, "-j", "2",
                                        "--out", os.path.join(d, "o2"),
                                        "--quiet"),
                         start_new_session=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    t0 = time.time()
    while time.time() - t0 < 20 and p.poll() is None and \
            sum(c == "sleep" for _, c in session_procs(p.pid)) < 2:
        time.sleep(0.05)
    h.check(sum(c == "sleep" for _, c in session_procs(p.pid)) == 2,
            "the jobs never started: %s" % session_procs(p.pid))
    os.kill(p.pid, sig)          # the sweep process only, not its group
    try:
        p.wait(timeout=10)       # SIGTERM: the sweep kills its jobs, exits
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        h.fail("the sweep waited for its jobs after %s"
               % signal.Signals(sig).name)
    t0 = time.time()
    while session_procs(p.pid) and time.time() - t0 < 5:
        time.sleep(0.05)
    left = session_procs(p.pid)
    for pid, _ in left:
        os.kill(pid, signal.SIGKILL)
    h.check(not left, "after %s of the sweep process, its children live "
            "on: %s" % (signal.Signals(sig).name, left))


kill_sweep_only(signal.SIGKILL)
kill_sweep_only(signal.SIGTERM)
h.cleanup(d)
print("PASS: killed after %d and %d of 8 jobs; rerun completed every job "
      "exactly once; collect is idempotent; no job outlives a sweep killed "
      "by SIGKILL or SIGTERM" % (n1, n2))
