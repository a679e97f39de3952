#!/usr/bin/python3
"""The same 6-job spec through the local pool and through GNU parallel on
the local host (sshlogin ':') gives identical database rows, apart from
timestamps, host names and wall-clock measurements."""
import os
import shutil
import sqlite3

import hcommon as h

a = h.args()
if not shutil.which("parallel"):
    h.skip("GNU parallel is not installed (apt-get install parallel)")
h.need_binaries(a, ["nn", "bt"])
d = h.tmpdir("engines")
spec = os.path.join(d, "six.toml")
h.write_spec(spec, "six", ["nn", "bt"], ["lrr", "gto", "tl"])
logins = os.path.join(d, "logins")
with open(logins, "w") as f:
    f.write(":\n")
outs = {"local": os.path.join(d, "local"), "parallel": os.path.join(d, "par")}
h.harness(a, "sweep", spec, "-j", "2", "--out", outs["local"])
h.harness(a, "sweep", spec, "-j", "2", "--engine", "parallel",
          "--sshloginfile", logins, "--out", outs["parallel"])
for o in outs.values():
    h.harness(a, "collect", "--out", o)
dbs = {k: os.path.join(o, "warpsim.sqlite") for k, o in outs.items()}
drop = {"wall_s", "host", "started_at", "finished_at"}
for t in ("runs", "launches", "stat_arrays", "sweep_runs", "tb_events",
          "warp_phases", "workloads"):
    ra = h.table_rows(dbs["local"], t, drop)
    rb = h.table_rows(dbs["parallel"], t, drop)
    h.check(ra == rb, "table %s differs between engines:\n%s\n%s"
            % (t, ra[:2], rb[:2]))
n = sqlite3.connect(dbs["local"]).execute(
    "SELECT COUNT(*), SUM(status = 'ok') FROM runs").fetchone()
h.check(n == (6, 6), "expected 6 ok runs, got %s" % (n,))
# run_config holds the run's own stats_file path: compare the rest.
cf = []
for k in ("local", "parallel"):
    cf.append(sorted(sqlite3.connect(dbs[k]).execute(
        "SELECT key, name, value FROM run_config WHERE name NOT IN "
        "('stats_file', 'trace')").fetchall()))
h.check(cf[0] == cf[1] and cf[0], "run_config differs between engines")
h.cleanup(d)
print("PASS: local and parallel engines give identical rows (6 jobs)")
