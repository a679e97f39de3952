#!/usr/bin/python3
"""Per-kernel rows (`per_kernel = true`) and the derived sched_stall
column, on the committed fixture with a second kernel added to one run:
each run becomes one row per kernel with its launches summed, named
W:kernel, and speedups pair kernels."""
import os
import sqlite3

import hcommon as h
import harness_plot as hp

h.args()
db = sqlite3.connect(":memory:")
with open(os.path.join(h.HERE, "fixture.sql")) as f:
    db.executescript(f.read())
keys = [k for k, in db.execute(
    "SELECT key FROM runs WHERE workload = 'sp' AND status = 'ok' "
    "ORDER BY key")]
h.check(len(keys) >= 2, "fixture has no sp runs")
# every sp run gets a second launch of another kernel (cycles 1000 + i)
for i, k in enumerate(keys):
    db.execute("INSERT INTO launches (key, launch, kernel_name, "
               "gpu_sim_cycle, gpu_ipc) VALUES (?, 1, 'sp_tail', ?, 0.5)",
               (k, 1000 + i))
    db.execute("INSERT INTO launches (key, launch, kernel_name, "
               "gpu_sim_cycle, gpu_ipc) VALUES (?, 2, 'sp_tail', ?, 0.5)",
               (k, 10))
db.execute('ALTER TABLE runs ADD COLUMN "sched_cycles"')
db.execute("UPDATE runs SET sched_cycles = 100, sched_issued = 60")
f = {"workloads": ["sp"]}
plain = hp.fig_rows(db, f, None)
h.check(plain and all(r.get("sched_stall") == 40 for r in plain),
        "sched_stall is not sched_cycles - sched_issued")
pk = hp.fig_rows(db, dict(f, per_kernel=True), None)
names = sorted({r["workload"] for r in pk})
h.check(names == ["sp:sp_kernel", "sp:sp_tail"], "groups: %s" % names)
h.check(len(pk) == 2 * len(plain), "%d rows for %d runs" % (len(pk),
                                                           len(plain)))
for r in pk:
    want = [c for k, c in db.execute(
        "SELECT kernel_name, SUM(gpu_sim_cycle) FROM launches WHERE key = ? "
        "GROUP BY kernel_name", (r["key"],))
        if "sp:" + k == r["workload"]]
    h.check(want and r["gpu_sim_cycle"] == want[0],
            "%s %s: cycles %s, launches sum %s" % (r["key"], r["workload"],
                                                    r["gpu_sim_cycle"], want))
    h.check("gpu_ipc" not in r, "a ratio column was summed")
sp = hp.speedups(pk, "gpu_sim_cycle", {"sched": "lrr"}, "sched", "workload")
h.check(any("sp:sp_tail" in v for v in sp.values()),
        "no per-kernel speedup: %s" % sp)
print("PASS: per-kernel rows sum each kernel's launches; sched_stall")
