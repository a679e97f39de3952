#!/usr/bin/python3
"""Figures from the committed fixture database (fixture.sql loaded into a
temporary SQLite file); fixture.toml (sweep "fixture") and
fixture_baws.toml (sweep "fxbaws") together cover every figure type.
Checks, without running the simulator:
  - every figure is written as a non-empty PNG, SVG and PDF (plus the
    JSON of the numbers it shows);
  - no title is drawn into the image (the report writes the caption):
    a "Fig. N:" caption or title is absent from the SVG text;
  - speedup bars: a baseline line at 1.0, the y axis fitted around the
    data (a +0.3% effect spans a visible part of the axis), value labels;
  - side-by-side timelines share one time axis (same x limits) even when
    the runs differ in length;
  - legends and axis labels carry display names (MWF(GTO)+CFF, TLS, the
    spec's [labels] and a figure's own labels);
  - series come in the order the spec lists them, not the database's;
  - report captions below the figures, numbered, with {values} filled
    from the figure's own numbers."""
import copy
import json
import os
import sqlite3

import hcommon as h

h.args()
try:
    import matplotlib  # noqa: F401
except ImportError:
    h.skip("python3-matplotlib is not installed (make bootstrap)")
import harness_plot
import harness_report
import harness_spec

d = h.tmpdir("figures")
dbp = os.path.join(d, "fixture.sqlite")
db = sqlite3.connect(dbp)
with open(os.path.join(h.HERE, "fixture.sql")) as f:
    db.executescript(f.read())
# The fixture's traced runs all have the same timeline; stretch bt's by
# 1.5 so the two columns of the two-run warp_phase figure differ.
db.execute('UPDATE warp_phases SET start = start * 3 / 2, "end" = "end" * '
           "3 / 2 WHERE key IN (SELECT key FROM runs WHERE workload = 'bt')")
db.commit()
db.close()
spec = harness_spec.load_spec(os.path.join(h.HERE, "fixture.toml"))
bspec = harness_spec.load_spec(os.path.join(h.HERE, "fixture_baws.toml"))
figs = spec["figure"] + bspec["figure"]
h.check({f["type"] for f in figs} == set(harness_plot.FIGURES),
        "the fixture specs must cover every figure type")

# A caption and a title in the paper's "Fig. N:" style must not be drawn.
bspec = copy.deepcopy(bspec)
for f in bspec["figure"]:
    f["caption"] = "Fig. 97: caption of %s" % f["name"]
    f["title"] = "Fig. 98: title of %s" % f["name"]
paths = harness_plot.plot_all(dbp, spec["figure"], os.path.join(d, "figs"),
                              "fixture", spec)
paths += harness_plot.plot_all(dbp, bspec["figure"],
                               os.path.join(d, "bfigs"), "fxbaws", bspec)
for f, p in zip(figs, paths):
    h.check(os.path.getsize(p) > 5000, "%s: PNG too small" % p)
    with open(p, "rb") as fh:
        h.check(fh.read(8) == b"\x89PNG\r\n\x1a\n", "%s is not a PNG" % p)
    svg, pdf = p[:-4] + ".svg", p[:-4] + ".pdf"
    h.check(os.path.isfile(svg) and os.path.getsize(svg) > 1000,
            "%s missing or empty" % svg)
    with open(pdf, "rb") as fh:
        h.check(fh.read(5) == b"%PDF-" and os.path.getsize(pdf) > 1000,
                "%s missing or not a PDF" % pdf)
    with open(p[:-4] + ".json") as fh:
        json.load(fh)
    text = open(svg).read()
    h.check("Fig. 9" not in text and "title of" not in text and
            "caption of" not in text, "%s: a title is drawn" % svg)
# The absence above means something only if SVG text is searchable.
h.check("MWF(GTO)+CFF" in open(paths[len(spec["figure"])][:-4] +
                               ".svg").read(), "SVG text is not text")

plt = harness_plot._mpl()
db = sqlite3.connect(dbp)


def draw(f, s, sweep):
    """(matplotlib figure, facts) of one figure of spec s."""
    g = harness_plot.prepare([f], s)[0]
    g["_sweep"] = sweep
    return harness_plot.draw(plt, db, g)


def by_name(s, name):
    return [f for f in s["figure"] if f["name"] == name][0]


def legend(fig):
    return [t.get_text() for t in fig.axes[0].get_legend().get_texts()]


# Speedup: baseline line, y axis around the data, value labels, names.
fig, facts = draw(by_name(bspec, "fig8"), bspec, "fxbaws")
ax = fig.axes[0]
h.check(legend(fig) == ["GTO", "GTO+CFF", "MWF(GTO)+CFF"],
        "fig8 legend %s" % legend(fig))
h.check(any(list(l.get_ydata()) == [1.0, 1.0] for l in ax.lines),
        "no baseline line at 1.0")
lo, hi = ax.get_ylim()
h.check(0.9 < lo < 1.0 and 1.17 < hi < 1.3,
        "fig8 y limits %s for speedups 1.08..1.17" % ((lo, hi),))
vals = {t.get_text() for t in ax.texts}
h.check({"1.08", "1.10", "1.17"} <= vals, "value labels %s" % vals)
h.check(harness_plot._speedup_text(0.9978) == "0.998" and
        harness_plot._speedup_text(1.0321) == "1.032" and
        harness_plot._speedup_text(1.4149) == "1.41", "value label text")
h.check(abs(facts["gmean"]["GTO"] - 1.08) < 0.005, "facts %s" % facts)
h.check(ax.get_ylabel() == "speedup over LRR", ax.get_ylabel())
plt.close(fig)

# A +0.3% effect (I-buffer 4 over 2) must be visible: the axis spans
# little more than the data, not 0..1.
fig, facts = draw(by_name(bspec, "ibuffer"),
                  dict(bspec, labels={"gpgpu_ibuffer_size=2": "I-buffer 2"}),
                  "fxbaws")
ax = fig.axes[0]
lo, hi = ax.get_ylim()
g = facts["gmean"]["I-buffer 4"]
h.check(lo < 1.0 < g < hi and hi - lo < 0.02 and (g - 1.0) / (hi - lo) > 0.1,
        "ibuffer y limits %s for a speedup of %.4f" % ((lo, hi), g))
h.check(ax.get_ylabel() == "speedup over GTO, I-buffer 2",
        "[labels] not used: %s" % ax.get_ylabel())
plt.close(fig)

# Display names: the defaults, [labels] and a figure's own labels.
dl = harness_plot.display_label
for c, want in [({"sched": "mwf:gto", "fetch": "cff"}, "MWF(GTO)+CFF"),
                ({"sched": "mwf", "fetch": "rr"}, "MWF(LRR)"),
                ({"sched": "tl", "fetch": "fef"}, "TLS+FEF"),
                ({"sched": "saws", "fetch": "cff"}, "SAWS+CFF"),
                ({"sched": "gto", "fetch": "rr",
                  "opt_gpgpu_ibuffer_size": 2}, "GTO, ibuffer_size=2"),
                ({"fetch": "cff"}, "CFF"), ("gto", "GTO")]:
    h.check(dl(c) == want, "display_label(%s) = %s, want %s"
            % (c, dl(c), want))
h.check(dl({"sched": "mwf", "fetch": "rr"}, {"rr": "RR"}) == "MWF(LRR)+RR",
        "labels rr")
s2 = dict(bspec, labels={"mwf:gto+cff": "BAWS", "gto+cff": "x"})
f8 = dict(by_name(bspec, "fig8"), labels={"gto+cff": "GTO with CFF"})
fig, _ = draw(f8, s2, "fxbaws")
h.check(legend(fig) == ["GTO", "GTO+CFF", "BAWS"],
        "explicit label > figure labels > [labels]: %s" % legend(fig))
plt.close(fig)
f8 = dict(by_name(bspec, "fig8"))
f8["series_list"] = [dict(c, label=None) for c in f8["series_list"]]
f8["labels"] = {"gto+cff": "GTO with CFF"}
fig, _ = draw(f8, s2, "fxbaws")
h.check(legend(fig) == ["GTO", "GTO with CFF", "BAWS"],
        "figure labels over [labels]: %s" % legend(fig))
plt.close(fig)

bad = os.path.join(d, "bad.toml")
with open(bad, "w") as fh:
    fh.write('[experiment]\nname = "b"\n[sweep]\nworkloads = ["sp"]\n'
             '[labels]\ngto = 1\n')
try:
    harness_spec.load_spec(bad)
    h.fail("[labels] with a number accepted")
except harness_spec.SpecError as e:
    h.check("[labels]" in str(e), str(e))

# Series in spec order (the database holds lrr, gto, tl in that order).
for order, want in [(["tl", "gto", "lrr"], ["TLS", "GTO"]),
                    (["gto", "lrr", "tl"], ["GTO", "TLS"])]:
    s3 = copy.deepcopy(spec)
    s3["sweep"]["sched"] = order
    fig, _ = draw(by_name(s3, "speedup"), s3, "fixture")
    h.check(legend(fig) == want, "sched = %s: legend %s, want %s"
            % (order, legend(fig), want))
    plt.close(fig)
    text, _ = harness_report.speedup_table(
        db, "fixture", {"sched": "lrr"}, filters={
            "opt_gpgpu_num_sched_per_core": 2},
        order=harness_plot.spec_order(s3))
    h.check(text.splitlines()[0].split()[3:] == ["LRR"] + want,
            "table header %s" % text.splitlines()[0])

# The figures' data, not just their frame.
rows = harness_plot.fetch_runs(db, "fixture",
                               {"opt_gpgpu_num_sched_per_core": 2})
sp = harness_plot.speedups(rows, baseline={"sched": "lrr"})
h.check(abs(sp["gto"]["sp"] - 1.09) < 0.01, "gto speedup %s" % sp["gto"])
n = db.execute("SELECT COUNT(*) FROM tb_events WHERE key IN (SELECT key "
               "FROM sweep_runs WHERE sweep = 'fixture')").fetchone()[0]
h.check(n == 12, "fixture has %d TB events, expected 12" % n)

# Two timelines side by side: one time axis, covering the longer run.
fig, facts = draw(by_name(bspec, "fig4"), bspec, "fxbaws")
xl = {ax.get_xlim() for ax in fig.axes if ax.axison}
h.check(len(xl) == 1, "timeline panels have different x limits: %s" % xl)
end = db.execute('SELECT MAX("end") FROM warp_phases WHERE launch = 0 AND '
                 "sm = 0 AND key IN (SELECT key FROM runs WHERE workload = "
                 "'bt' AND sched = 'gto' AND trace = 1)").fetchone()[0]
h.check(list(xl)[0][1] >= end, "x limits %s end before %s" % (xl, end))
h.check(facts["cycles"]["bt, GTO"] == end and
        facts["cycles"]["sp, LRR"] < end, "timeline facts %s" % facts)
h.check([a.get_title(loc="left") for a in fig.axes[:2]] ==
        ["sp, LRR", "bt, GTO"], "column titles")
plt.close(fig)
db.close()

# Report captions: below the image, numbered, values from the figure.
f = dict(by_name(bspec, "fig8"), caption=(
    "Speedup over LRR; GTO {gmean[GTO]:.3f}, best {argmax[MWF(GTO)+CFF]}."))
nop = dict(f, caption="{gmean[nobody]:.3f}")   # no such series
p8 = [p for p in paths if p.endswith("/fig8.png")][0]
lines = harness_report.figure_lines([f, nop], [p8, p8], d)
h.check(lines[0] == "![Figure 1](bfigs/fig8.png)" and lines[2].startswith(
    "**Figure 1.** Speedup over LRR; GTO 1.080, best sp.") and
    lines[6].startswith("**Figure 2.** n/a ("), "\n".join(lines))
h.check("[PDF](bfigs/fig8.pdf)" in lines[2], lines[2])
h.cleanup(d)
print("PASS: %d figures (%s) rendered as PNG, SVG and PDF; baseline, y "
      "limits, shared time axis, display names, spec order, captions"
      % (len(paths), ", ".join(f["type"] for f in figs)))
