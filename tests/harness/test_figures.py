#!/usr/bin/python3
"""Each figure type renders from the committed fixture database
(fixture.sql loaded into a temporary SQLite file) into a non-empty PNG
and an SVG: fixture.toml (sweep "fixture") and fixture_baws.toml (sweep
"fxbaws": series_list speedups, stall_norm, stat_bars, two-run
warp_phase) together cover every type."""
import os
import sqlite3

import hcommon as h

h.args()
try:
    import matplotlib  # noqa: F401
except ImportError:
    h.skip("python3-matplotlib is not installed (make bootstrap)")
import harness_plot
import harness_spec

d = h.tmpdir("figures")
dbp = os.path.join(d, "fixture.sqlite")
db = sqlite3.connect(dbp)
with open(os.path.join(h.HERE, "fixture.sql")) as f:
    db.executescript(f.read())
db.close()
spec = harness_spec.load_spec(os.path.join(h.HERE, "fixture.toml"))
bspec = harness_spec.load_spec(os.path.join(h.HERE, "fixture_baws.toml"))
figs = spec["figure"] + bspec["figure"]
h.check({f["type"] for f in figs} == set(harness_plot.FIGURES),
        "the fixture specs must cover every figure type")
paths = harness_plot.plot_all(dbp, spec["figure"], os.path.join(d, "figs"),
                              "fixture")
paths += harness_plot.plot_all(dbp, bspec["figure"],
                               os.path.join(d, "bfigs"), "fxbaws")
for f, p in zip(figs, paths):
    h.check(os.path.getsize(p) > 5000, "%s: PNG too small" % p)
    with open(p, "rb") as fh:
        h.check(fh.read(8) == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % p)
    svg = p[:-4] + ".svg"
    h.check(os.path.isfile(svg) and os.path.getsize(svg) > 1000,
            "%s missing or empty" % svg)
# The figure's data, not just its frame: speedups and timelines.
db = sqlite3.connect(dbp)
rows = harness_plot.fetch_runs(db, "fixture",
                               {"opt_gpgpu_num_sched_per_core": 2})
sp = harness_plot.speedups(rows, baseline={"sched": "lrr"})
h.check(abs(sp["gto"]["sp"] - 1.09) < 0.01, "gto speedup %s" % sp["gto"])
n = db.execute("SELECT COUNT(*) FROM tb_events WHERE key IN (SELECT key "
               "FROM sweep_runs WHERE sweep = 'fixture')").fetchone()[0]
h.check(n == 12, "fixture has %d TB events, expected 12" % n)
h.cleanup(d)
print("PASS: %d figures (%s) rendered" % (len(paths), ", ".join(
    f["type"] for f in figs)))
