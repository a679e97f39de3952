"""harness_report.py - speedup tables and results/<paper>/report.md.

A spec's [[headline]] rows each name the paper's number and how to
compute ours from the database (geometric-mean speedup of one policy over
another on a class, or any SQL returning one number); the report lists
paper, ours and whether the two have the same sign, then the figures.
"""
import os
import sqlite3

from harness_plot import fetch_runs, geomean, speedups, _order


def speedup_table(db, sweep=None, baseline=None, metric="gpu_sim_cycle",
                  series="sched", group="workload", filters=None):
    """Text table: one row per group, one column per series value (speedup
    over the baseline), and a geomean row; returns (text, {series: gm})."""
    baseline = baseline or {"sched": "lrr"}
    rows = fetch_runs(db, sweep, filters)
    sp = speedups(rows, metric, baseline, series, group)
    snames = _order(list(sp), rows, series, str(baseline.get(series)))
    groups = _order({g for s in sp.values() for g in s}, rows, group)
    base_cyc = {}
    for r in rows:
        if all(str(r.get(k)) == str(v) for k, v in baseline.items()):
            base_cyc.setdefault(str(r.get(group)), []).append(r.get(metric))
    bname = "base cycles" if metric == "gpu_sim_cycle" else "base " + metric
    head = "%-12s %14s" % (group, bname[:14]) + "".join(
        " %9s" % s[:9] for s in snames)
    lines = [head, "-" * len(head)]
    for g in groups:
        bc = base_cyc.get(g, [None])[0]
        lines.append("%-12s %14s" % (g, bc if bc is not None else "-") +
                     "".join(" %9s" % ("%.3f" % sp[s][g] if sp[s].get(g)
                                       else "-") for s in snames))
    gms = {s: geomean([sp[s].get(g) for g in groups]) for s in snames}
    lines.append("-" * len(head))
    lines.append("%-12s %14s" % ("geomean", "") + "".join(
        " %9s" % ("%.3f" % gms[s] if gms[s] else "-") for s in snames))
    return "\n".join(lines) + "\n", gms


def headline_value(db, h, sweep=None):
    """Our number for one headline row, in the row's unit, or None."""
    c = h.get("compute", {})
    kind = c.get("kind", "geomean_speedup")
    unit = h.get("unit", "%")
    if kind == "sql":
        r = db.execute(c["sql"], {"sweep": sweep}).fetchone()
        return None if not r or r[0] is None else float(r[0])
    series = c.get("series", "sched")
    base = c.get("baseline", "lrr")
    base = base if isinstance(base, dict) else {series: base}
    filters = dict(c.get("filter", {}))
    if c.get("class"):
        filters["class"] = c["class"]
    if c.get("workloads"):
        filters["workload"] = c["workloads"]
    rows = fetch_runs(db, sweep, filters, c.get("where"))
    sp = speedups(rows, c.get("metric", "gpu_sim_cycle"), base, series,
                  "workload", c.get("higher_is_better", False))
    vals = [v for v in sp.get(str(c.get("policy")), {}).values() if v]
    if not vals:
        return None
    agg = {"geomean_speedup": geomean,
           "mean_speedup": lambda v: sum(v) / len(v),
           "max_speedup": max, "min_speedup": min}.get(kind)
    if agg is None:
        raise ValueError("headline compute kind '%s'" % kind)
    s = agg(vals)
    return (s - 1.0) * 100.0 if unit == "%" else s


def _sign(v, unit):
    ref = 1.0 if unit == "x" else 0.0
    return (v > ref) - (v < ref)


def _fmt(v, unit):
    if v is None:
        return "n/a"
    if unit == "%":
        return "%+.1f%%" % v
    if unit == "x":
        return "%.3fx" % v
    return "%.4g%s" % (v, unit)


def headline_table(db, headlines, sweep=None):
    """Markdown rows of the headline table; returns (text, filled rows)."""
    out = ["| result | paper | ours | same sign |", "|---|---|---|---|"]
    filled = 0
    for h in headlines:
        unit = h.get("unit", "%")
        try:
            ours = headline_value(db, h, sweep)
        except (sqlite3.Error, ValueError, KeyError) as e:
            ours = None
            h = dict(h, label="%s (error: %s)" % (h.get("label"), e))
        paper = h.get("paper")
        same = "?"
        if ours is not None and paper is not None:
            same = "yes" if _sign(ours, unit) == _sign(paper, unit) else "no"
        filled += ours is not None
        out.append("| %s | %s | %s | %s |" % (
            h.get("label", "?"), _fmt(paper, unit) if paper is not None
            else "-", _fmt(ours, unit), same))
    return "\n".join(out) + "\n", filled


def write_report(path, spec, db_path, sweep, figure_paths, extra=""):
    """Write report.md; returns the number of headline rows filled."""
    exp = spec.get("experiment", {})
    db = sqlite3.connect(db_path)
    n_ok, n_all = db.execute(
        "SELECT SUM(status = 'ok'), COUNT(*) FROM runs WHERE key IN "
        "(SELECT key FROM sweep_runs WHERE sweep = ?)", (sweep,)).fetchone()
    ver = db.execute("SELECT DISTINCT warpsim_version FROM runs WHERE key IN "
                     "(SELECT key FROM sweep_runs WHERE sweep = ?)",
                     (sweep,)).fetchall()
    modes = db.execute("SELECT DISTINCT mode FROM runs WHERE key IN "
                       "(SELECT key FROM sweep_runs WHERE sweep = ?)",
                       (sweep,)).fetchall()
    heads = spec.get("headline", [])
    table, filled = headline_table(db, heads, sweep)
    sw = spec.get("sweep", {})
    base = sw.get("report_baseline", {"sched": "lrr"})
    stab, _ = speedup_table(db, sweep, base,
                            sw.get("report_metric", "gpu_sim_cycle"))
    db.close()
    d = os.path.dirname(os.path.abspath(path))
    lines = [
        "# %s" % exp.get("title", exp.get("name")), "",
        exp.get("description", "").strip(), "",
        "- spec: `%s` (sha256 %s)" % (os.path.relpath(spec["_path"]),
                                      spec["_sha256"][:16]),
        "- paper: %s" % exp.get("paper", "-"),
        "- runs: %s ok of %s; warpsim %s" % (n_ok or 0, n_all or 0,
                                             ", ".join(v[0] or "?" for v in ver)
                                             or "?"),
        "- simulation mode: %s" % (", ".join(m[0] or "?" for m in modes)
                                   or "?"),
        "- database: `%s` (sweep `%s`)" % (db_path, sweep), "",
        "## Headline", "", table,
        "## Speedup over %s (%s)" % (", ".join("%s=%s" % kv for kv in
                                              base.items()),
                                     sw.get("report_metric", "gpu_sim_cycle")),
        "", "```", stab.rstrip(), "```", "",
    ]
    if extra:
        lines += [extra, ""]
    if figure_paths:
        lines += ["## Figures", ""]
        figs = spec.get("figure", [])
        for i, p in enumerate(figure_paths):
            cap = figs[i].get("caption") or figs[i].get("title") or \
                figs[i].get("name", "") if i < len(figs) else ""
            lines += ["![%s](%s)" % (cap, os.path.relpath(p, d)), "",
                      "*%s* (`%s`, also `.svg`)" % (cap, os.path.relpath(p, d)),
                      ""]
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines))
    os.replace(path + ".tmp", path)
    return filled
