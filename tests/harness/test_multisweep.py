#!/usr/bin/python3
"""Several sub-sweeps in one spec ([[sweep]] + [sweep_defaults]):
  - each entry expands on its own; the union is de-duplicated by key and
    every job lists the sub-sweeps that asked for it (entries may share
    a name); options merge key by key with the defaults;
  - a grid option at its default value is the same job as not naming it;
  - a traced job has a key of its own, and untraced keys are the same as
    with a single [sweep];
  - the sweep's membership lists load into subsweep_runs;
  - `sweep --dry-run` accepts the spec.
Expansion only (the warpsim binary answers `options`); nothing runs."""
import json
import os
import sqlite3

import hcommon as h
import harness_db
import harness_spec
import warpsim_harness

a = h.args()
h.need_binaries(a, ["nn", "bt"])
d = h.tmpdir("multisweep")
info = harness_spec.SimInfo(a.warpsim)
spec_path = os.path.join(d, "multi.toml")
with open(spec_path, "w") as f:
    f.write('''[experiment]
name = "multi"

[sweep_defaults]
mode = "timing"
configs = ["gtx480"]
options = { gpgpu_max_cycle = 5000000 }

[[sweep]]
name = "a"
workloads = ["nn", "bt"]
sched = ["lrr", "gto"]

[[sweep]]
name = "b"
workloads = ["bt"]
sched = ["gto"]
grid = { gpgpu_ibuffer_size = [2, 4] }

[[sweep]]
name = "c"
workloads = ["bt"]
sched = ["lrr"]
trace = true

[[sweep]]
name = "a"
workloads = ["nn"]
sched = ["tl"]

[[sweep]]
workloads = ["nn"]
options = { gpgpu_deadlock_cycles = 300000 }
''')
spec = harness_spec.load_spec(spec_path)
subs = harness_spec.subsweeps(spec)
h.check([s["name"] for s in subs] == ["a", "b", "c", "a", "sweep5"],
        "sub-sweep names: %s" % [s["name"] for s in subs])
h.check(subs[4]["options"] == {"gpgpu_max_cycle": 5000000,
                               "gpgpu_deadlock_cycles": 300000},
        "options merge: %s" % subs[4]["options"])
jobs = harness_spec.expand_jobs(spec, info, a.source_dir, a.build_dir,
                                os.path.join(d, "runs"))
desc = [(j["workload"], j["sched"], j["grid"].get("gpgpu_ibuffer_size"),
         j["trace"], j["subsweeps"]) for j in jobs]
want = [("bt", "lrr", None, False, ["a"]),       # manifest order
        ("bt", "gto", None, False, ["a", "b"]),
        ("nn", "lrr", None, False, ["a"]), ("nn", "gto", None, False, ["a"]),
        ("bt", "gto", 4, False, ["b"]), ("bt", "lrr", None, True, ["c"]),
        ("nn", "tl", None, False, ["a"]),
        ("nn", "lrr", None, False, ["sweep5"])]
h.check(desc == want, "jobs:\n%s\nwant:\n%s" % (desc, want))
h.check(len({j["key"] for j in jobs}) == len(jobs), "keys collide")
so = jobs[-1]["sim_options"]
h.check("--gpgpu_max_cycle" in so and "--gpgpu_deadlock_cycles" in so,
        "merged options not on the command line: %s" % so)

# A single [sweep] gives the same untraced keys; the traced one differs.
single = {"experiment": {"name": "s"}, "sweep": {
    "workloads": ["bt"], "sched": ["lrr"], "mode": "timing",
    "configs": ["gtx480"], "options": {"gpgpu_max_cycle": 5000000}}}
k1 = harness_spec.expand_jobs(single, info, a.source_dir, a.build_dir,
                              os.path.join(d, "runs"))[0]["key"]
h.check(k1 == jobs[0]["key"], "multi-sweep changed an untraced key")
h.check(jobs[5]["key"] != k1 and jobs[5]["ident"].get("trace") is True,
        "a traced job shares the untraced job's key")
h.check("trace" not in jobs[0]["ident"], "untraced ident names trace")

# Membership lists into the database.
out = os.path.join(d, "out")
os.makedirs(os.path.join(out, "sweeps"))
with open(os.path.join(out, "sweeps", "multi.json"), "w") as f:
    json.dump({"name": "multi", "keys": [j["key"] for j in jobs],
               "subsweeps": warpsim_harness._subsweep_keys(jobs)}, f)
dbp = os.path.join(out, "warpsim.sqlite")
harness_db.collect(dbp, [], out)
db = sqlite3.connect(dbp)
got = dict(db.execute("SELECT subsweep, COUNT(*) FROM subsweep_runs WHERE "
                      "sweep = 'multi' GROUP BY subsweep").fetchall())
h.check(got == {"a": 5, "b": 2, "c": 1, "sweep5": 1}, "subsweep_runs %s"
        % got)
db.close()

p = h.harness(a, "sweep", spec_path, "--dry-run", "--out", out)
lines = [l for l in p.stdout.splitlines() if " run " in l]
h.check(len(lines) == 8 and sum("--trace" in l for l in lines) == 1,
        "dry run:\n" + p.stdout)
h.cleanup(d)
print("PASS: sub-sweeps expand, de-duplicate, record membership; traced "
      "keys are distinct")
