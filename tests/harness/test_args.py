#!/usr/bin/python3
"""Workload arguments from a spec (a sub-sweep's `args` table):
  - each value (or combination, over several names) is a job of its own
    whose host command line ends in --NAME VALUE and whose key differs;
  - `args` merge with [sweep_defaults] key by key;
  - the runs table gets an arg_<name> column, and speedup pairing keeps
    runs with different arguments apart;
  - a bad name, a non-scalar value or args on programs only are spec
    errors.
Runs ht functionally with --buckets 16 and 64: fewer buckets, more
failed lock attempts."""
import os
import sqlite3

import hcommon as h
import harness_plot
import harness_spec

a = h.args()
h.need_binaries(a, ["ht"])
d = h.tmpdir("args")
info = harness_spec.SimInfo(a.warpsim)


def write(name, body):
    p = os.path.join(d, name)
    with open(p, "w") as f:
        f.write('[experiment]\nname = "%s"\n\n' % os.path.splitext(name)[0]
                + body)
    return p


spec_path = write("wargs.toml", '''[sweep_defaults]
mode = "functional"
args = { buckets = 16 }

[[sweep]]
name = "fig16"
workloads = ["ht"]
args = { buckets = [16, 64] }

[[sweep]]
name = "plain"
workloads = ["ht"]
args = {}
''')
spec = harness_spec.load_spec(spec_path)
subs = harness_spec.subsweeps(spec)
h.check(subs[1]["args"] == {"buckets": 16},
        "args merge with the defaults: %s" % subs[1]["args"])
jobs = harness_spec.expand_jobs(spec, info, a.source_dir, a.build_dir,
                                os.path.join(d, "runs"))
got = sorted((j.get("args", {}).get("buckets"), j["subsweeps"])
             for j in jobs)
h.check(got == [(16, ["fig16", "plain"]), (64, ["fig16"])],
        "jobs: %s" % got)
for j in jobs:
    b = str(j["args"]["buckets"])
    h.check(j["host_args"][-2:] == ["--buckets", b],
            "host command line %s" % j["host_args"])
h.check(len({j["key"] for j in jobs}) == 2, "keys collide")

for body, what in (
        ('[sweep]\nworkloads = ["ht"]\nargs = { size = 3 }\n', "size"),
        ('[sweep]\nworkloads = ["ht"]\nargs = { "a b" = 3 }\n', "a b"),
        ('[sweep]\nworkloads = ["ht"]\nargs = { buckets = [true] }\n',
         "True"),
        ('[[program]]\nname = "p"\ncommand = ["true"]\n\n[sweep]\n'
         'programs = ["p"]\nargs = { buckets = 3 }\n', "program")):
    try:
        harness_spec.load_spec(write("bad.toml", body))
        h.fail("spec accepted: " + body)
    except harness_spec.SpecError as e:
        h.check(what in str(e), "error %r does not name %r" % (str(e), what))

out = os.path.join(d, "out")
h.harness(a, "sweep", spec_path, "-j", "2", "--out", out, "--quiet")
h.harness(a, "collect", "--out", out)
db = sqlite3.connect(os.path.join(out, "warpsim.sqlite"))
db.row_factory = sqlite3.Row
rows = [dict(r) for r in db.execute(
    "SELECT * FROM runs WHERE status = 'ok' ORDER BY arg_buckets")]
db.close()
h.check([r["arg_buckets"] for r in rows] == [16, 64],
        "arg_buckets: %s" % [r["arg_buckets"] for r in rows])
h.check(rows[0]["gpu_sim_cas_fail"] > rows[1]["gpu_sim_cas_fail"],
        "16 buckets fail no more CAS than 64: %s" %
        [r["gpu_sim_cas_fail"] for r in rows])
h.check(harness_plot.pair_key(rows[0], set()) !=
        harness_plot.pair_key(rows[1], set()),
        "runs with different workload arguments pair")
h.check(harness_plot.pair_key(rows[0], {"arg_buckets"}) ==
        harness_plot.pair_key(rows[1], {"arg_buckets"}),
        "arg_buckets in ignore still separates the runs")
h.cleanup(d)
print("PASS: workload arguments expand, run, load and pair")
