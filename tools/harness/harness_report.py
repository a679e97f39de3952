"""harness_report.py - speedup tables and results/<paper>/report.md.

A spec's [[headline]] rows each name the paper's number and how to
compute ours from the database (speedup of one policy - a value or a
combination of columns - over another on a class, a mean statistic, or
any SQL returning one number); the report lists paper, ours and whether
the two have the same sign, `why` notes and, where the sign differs,
evidence (stall breakdowns, the workloads furthest off), then the speedup
tables ([[table]]) and the figures.  Tables and the report name every job
of the sweep that failed or was never collected (missing_runs); a
geomean row says over how many workloads it was taken.
"""
import json
import math
import os
import re
import sqlite3

from harness_plot import (STALL_CLASSES, caption, combo, combo_label,
                          combo_speedups, display_label, fetch_runs, fig_rows,
                          geomean, spec_order, speedups, value_name, _match,
                          _order, _pairs, _ratio,
                          _table_exists)

SPEEDUP_KINDS = {"geomean_speedup": geomean,
                 "mean_speedup": lambda v: sum(v) / len(v),
                 "max_speedup": max, "min_speedup": min}
STAT_KINDS = {"mean_stat": lambda v: sum(v) / len(v),
              "geomean_stat": geomean}


def speedup_table(db, sweep=None, baseline=None, metric="gpu_sim_cycle",
                  series="sched", group="workload", filters=None,
                  series_list=None, higher_is_better=False, where=None,
                  labels=None, order=None):
    """Text table: one row per group, one column per series value (or
    per series_list combination; speedup over the baseline), and a
    geomean row; returns (text, {series: gm}).  Columns carry display
    names (harness_plot.display_label with the spec's [labels]) and
    come in the spec's order (order: harness_plot.spec_order)."""
    baseline = combo(baseline or {"sched": "lrr"}, series)
    rows = fetch_runs(db, sweep, filters, where)
    if series_list:
        sp = combo_speedups(rows, metric, baseline, series_list, group,
                            higher_is_better)
        snames = [combo_label(c) for c in series_list]
        heads = [display_label(c, labels, series) for c in series_list]
    else:
        sp = speedups(rows, metric, baseline, series, group,
                      higher_is_better)
        snames = _order(list(sp), rows, series,
                        str(baseline.get(series)), order)
        heads = [value_name(series, s, labels) for s in snames]
    gset = {g for s in sp.values() for g in s}
    gset |= {str(r.get(group)) for r in rows if r.get(group) is not None}
    if group == "workload":     # workloads whose every run failed
        gset |= {m["workload"] for m in missing_runs(db, sweep, filters)}
    groups = _order(gset, rows, group)
    base_cyc = {}
    for r in rows:
        if _match(r, baseline):
            base_cyc.setdefault(str(r.get(group)), []).append(r.get(metric))
    bname = "base cycles" if metric == "gpu_sim_cycle" else "base " + metric
    wid = max([9] + [len(s) for s in heads])
    head = "%-12s %14s" % (group, bname[:14]) + "".join(
        " %*s" % (wid, s) for s in heads)
    lines = [head, "-" * len(head)]
    for g in groups:
        bc = base_cyc.get(g, [None])[0]
        lines.append("%-12s %14s" % (g, bc if bc is not None else "-") +
                     "".join(" %*s" % (wid, "%.3f" % sp[s][g]
                                       if sp.get(s, {}).get(g) else "-")
                             for s in snames))
    gms = {s: geomean([sp.get(s, {}).get(g) for g in groups])
           for s in snames}
    lines.append("-" * len(head))
    lines.append("%-12s %14s" % ("geomean", "") + "".join(
        " %*s" % (wid, "%.3f" % gms[s] if gms[s] else "-") for s in snames))
    # Over how many groups each geomean was taken (a failed or missing
    # run leaves its group out: the count says so).
    lines.append("%-12s %14s" % ("n (of %d)" % len(groups), "") + "".join(
        " %*d" % (wid, sum(1 for g in groups if sp.get(s, {}).get(g)))
        for s in snames))
    return "\n".join(lines) + "\n", gms


# Columns of sweep_jobs a table filter can select on.
JOB_COLUMNS = ("workload", "config", "mode", "sched", "fetch", "size", "seed")


def missing_runs(db, sweep=None, filters=None):
    """The jobs (of one sweep, or every run) without an ok run in the
    database, as dicts {workload, config, sched, fetch, why}, narrowed by
    a table's filters (subsweep, class, workload and the job columns).
    A sweep's jobs come from sweep_jobs (written by collect from
    sweeps/<name>.json); where that is absent, from its sweep_runs keys."""
    filters = dict(filters or {})
    have_jobs = _table_exists(db, "sweep_jobs")
    if sweep and have_jobs and db.execute(
            "SELECT 1 FROM sweep_jobs WHERE sweep = ? LIMIT 1",
            (sweep,)).fetchone():
        cur = db.execute(
            "SELECT j.key, j.workload, j.config, j.sched, j.fetch, "
            "j.mode, j.size, j.seed, r.status, r.error FROM sweep_jobs j "
            "LEFT JOIN runs r ON r.key = j.key WHERE j.sweep = ? AND "
            "(r.status IS NULL OR r.status != 'ok')", (sweep,))
    elif sweep:
        cur = db.execute(
            "SELECT s.key, r.workload, r.config, r.sched, r.fetch, r.mode, "
            "r.size, r.seed, r.status, r.error FROM sweep_runs s LEFT JOIN "
            "runs r ON r.key = s.key WHERE s.sweep = ? AND "
            "(r.status IS NULL OR r.status != 'ok')", (sweep,))
    else:
        cur = db.execute(
            "SELECT key, workload, config, sched, fetch, mode, size, seed, "
            "status, error FROM runs WHERE status IS NULL OR "
            "status != 'ok'")
    names = ("key", "workload", "config", "sched", "fetch", "mode", "size",
             "seed", "status", "error")
    out = [dict(zip(names, r)) for r in cur.fetchall()]
    sub = filters.get("subsweep")
    if sub is not None and sweep:
        subs = [str(x) for x in (sub if isinstance(sub, list) else [sub])]
        keys = {r[0] for r in db.execute(
            "SELECT key FROM subsweep_runs WHERE sweep = ? AND subsweep IN "
            "(%s)" % ", ".join("?" * len(subs)), [sweep] + subs)} \
            if _table_exists(db, "subsweep_runs") else set()
        out = [m for m in out if m["key"] in keys]
    cls = filters.get("class")
    if cls is not None and _table_exists(db, "workload_classes"):
        ws = {r[0] for r in db.execute(
            "SELECT workload FROM workload_classes WHERE class = ?", (cls,))}
        out = [m for m in out if m["workload"] in ws]
    for k in JOB_COLUMNS:
        if k in filters:
            v = filters[k]
            vs = {str(x) for x in (v if isinstance(v, list) else [v])}
            out = [m for m in out if m[k] is None or str(m[k]) in vs]
    for m in out:
        m["why"] = ("not collected (no finished run directory)"
                    if m["status"] is None else
                    "failed: %s" % (m["error"] or "no reason recorded"))
    return out


def missing_note(db, sweep=None, filters=None, prefix="warning: "):
    """Lines naming the rows (workload x config) that have jobs missing or
    failed, with the policies and the reasons; "" when there are none."""
    miss = missing_runs(db, sweep, filters)
    if not miss:
        return ""
    rows = {}
    for m in miss:
        rows.setdefault((m["workload"] or "?", m["config"] or "?"),
                        []).append(m)
    lines = ["%s%d job%s of %s missing or failed, left out of the "
             "speedups and geomeans (%d row%s: %s):" % (
                 prefix, len(miss), "s" if len(miss) > 1 else "",
                 "sweep '%s'" % sweep if sweep else "the database",
                 len(rows), "s" if len(rows) > 1 else "",
                 ", ".join("%s x %s" % r for r in sorted(rows)))]
    for (w, c), ms in sorted(rows.items()):
        for m in ms:
            lines.append("%s  %s x %s, %s+%s%s: %s" % (
                prefix, w, c, m["sched"] or "?", m["fetch"] or "?",
                " (%s)" % m["mode"] if m["mode"] else "", m["why"]))
    return "\n".join(lines) + "\n"


def _policy_base(c):
    """(policy, baseline) combinations of a compute table: each a table
    {column: value} or a plain value of column `series` (default sched)."""
    series = c.get("series", "sched")
    pol = combo(c.get("policy"), series)
    base = combo(c.get("baseline", "lrr"), series)
    return pol, base


def headline_detail(db, h, sweep=None):
    """Our number for one headline row and what it came from:
    {value (in the row's unit), kind, per (workload: speedup or stat),
    pairs [(run, baseline run)] or rows [runs], policy, baseline}."""
    c = h.get("compute", {})
    kind = c.get("kind", "geomean_speedup")
    unit = h.get("unit", "%")
    out = {"kind": kind, "value": None, "per": {}, "pairs": [], "rows": []}
    if kind == "sql":
        r = db.execute(c["sql"], {"sweep": sweep}).fetchone()
        out["value"] = None if not r or r[0] is None else float(r[0])
        return out
    rows = fig_rows(db, c, sweep)
    metric = c.get("metric", "gpu_sim_cycle")
    pol, base = _policy_base(c)
    out.update(policy=pol, baseline=base)
    if kind in STAT_KINDS:
        den = c.get("denominator")
        sel = [r for r in rows if _match(r, pol) and r.get(metric) is not None
               and (not den or r.get(den))]
        acc = {}
        for r in sel:
            acc.setdefault(r["workload"], []).append(
                float(r[metric]) / float(r[den]) if den else float(r[metric]))
        out["rows"] = sel
        out["per"] = {w: sum(v) / len(v) for w, v in acc.items()}
        vals = list(out["per"].values())
        if not vals:
            return out
        v = STAT_KINDS[kind](vals)
        if v is not None:
            out["value"] = v * 100.0 if unit == "%" else v
        return out
    if kind not in SPEEDUP_KINDS:
        raise ValueError("headline compute kind '%s'" % kind)
    if not pol:
        raise ValueError("headline '%s' has no policy" % h.get("label"))
    pairs = _pairs(rows, metric, base, pol)
    acc = {}
    for r, b in pairs:
        s = _ratio(r, b, metric, c.get("higher_is_better", False))
        if s:
            acc.setdefault(r["workload"], []).append(s)
    out["pairs"] = pairs
    out["per"] = {w: geomean(v) for w, v in acc.items()}
    vals = [v for v in out["per"].values() if v]
    if not vals:
        return out
    s = SPEEDUP_KINDS[kind](vals)
    out["value"] = (s - 1.0) * 100.0 if unit == "%" else s
    return out


def headline_value(db, h, sweep=None):
    """Our number for one headline row, in the row's unit, or None."""
    return headline_detail(db, h, sweep)["value"]


def _sign(v, unit, neutral=0.0):
    """-1, 0 or 1 relative to 1 (unit x) or 0; |difference| <= neutral
    counts as 0 (a 'performance-neutral' result)."""
    ref = 1.0 if unit == "x" else 0.0
    if abs(v - ref) <= neutral:
        return 0
    return (v > ref) - (v < ref)


def _fmt(v, unit, signed=True):
    if v is None:
        return "n/a"
    if unit == "%":
        return ("%+.1f%%" if signed else "%.1f%%") % v
    if unit == "x":
        return "%.3fx" % v
    return "%.4g%s" % (v, unit)


def _short(x):
    """A signed count in a few characters: +1.2M, -34.5k, +789."""
    if x is None:
        return "n/a"
    a = abs(x)
    if a >= 1e6:
        return "%+.2fM" % (x / 1e6)
    if a >= 1e4:
        return "%+.1fk" % (x / 1e3)
    return "%+.0f" % x


def _total(r, prefix="warp_cycles_"):
    """A run's warp-cycle total (warp_cycles_total, else the sum of the
    six classes); None without the statistics."""
    t = r.get(prefix + "total")
    if t:
        return float(t)
    vs = [r.get(prefix + c) for c in STALL_CLASSES]
    vs = [float(v) for v in vs if v is not None]
    return sum(vs) if vs else None


def stall_shares(runs):
    """Mean over workloads of each stall class as a share of the total
    ({class: share or None})."""
    per = {}
    for r in runs:
        t = _total(r)
        if not t:
            continue
        per.setdefault(r["workload"], []).append(
            [None if r.get("warp_cycles_" + c) is None else
             float(r["warp_cycles_" + c]) / t for c in STALL_CLASSES])
    out = {}
    for i, c in enumerate(STALL_CLASSES):
        ws = []
        for vs in per.values():
            xs = [v[i] for v in vs if v[i] is not None]
            if xs:
                ws.append(sum(xs) / len(xs))
        out[c] = sum(ws) / len(ws) if ws else None
    return out


def _pct(v):
    return "n/a" if v is None else "%.1f%%" % (v * 100.0)


def evidence(h, d):
    """Markdown evidence for one headline: the stall breakdown of the two
    sides and the 3 workloads furthest from the paper's number."""
    unit = h.get("unit", "%")
    paper = h.get("paper")
    lines = ["Evidence for *%s*:" % h.get("label", "?"), ""]
    head = "| side | " + " | ".join(STALL_CLASSES) + " |"
    lines += [head, "|---" * (len(STALL_CLASSES) + 1) + "|"]
    if d["kind"] in STAT_KINDS:
        sides = [(combo_label(d.get("policy") or {"runs": "all"}),
                  d["rows"])]
    else:
        sides = [(combo_label(d["policy"]), [r for r, _ in d["pairs"]]),
                 (combo_label(d["baseline"]), [b for _, b in d["pairs"]])]
    for name, runs in sides:
        sh = stall_shares(runs)
        lines.append("| %s | %s |" % (name, " | ".join(
            _pct(sh[c]) for c in STALL_CLASSES)))
    lines.append("")
    if d["kind"] in STAT_KINDS:
        ref = (paper / 100.0 if unit == "%" else paper) \
            if paper is not None else None
        per = d["per"]
        if ref is None and per:
            ref = sum(per.values()) / len(per)
        worst = sorted(per, key=lambda w: -abs(per[w] - ref))[:3]
        lines += ["| workload | %s | paper |" % h.get("compute", {}).get(
            "metric", "value"), "|---|---|---|"]
        for w in worst:
            lines.append("| %s | %s | %s |" % (
                w, _fmt(per[w] * 100.0 if unit == "%" else per[w], unit,
                        False),
                _fmt(paper, unit, False) if paper is not None else "-"))
        return "\n".join(lines) + "\n"
    ref = 1.0
    if paper is not None:
        ref = 1.0 + paper / 100.0 if unit == "%" else paper
    per = {w: v for w, v in d["per"].items() if v}
    if ref <= 0:
        ref = 1.0
    worst = sorted(per, key=lambda w: -abs(math.log(per[w] / ref)))[:3]
    lines += ["| workload | speedup | cycles | " + " | ".join(
        STALL_CLASSES) + " |", "|---" * (len(STALL_CLASSES) + 3) + "|"]
    for w in worst:
        ps = [(r, b) for r, b in d["pairs"] if r["workload"] == w]
        cells = []
        for col in ["gpu_sim_cycle"] + ["warp_cycles_" + c
                                        for c in STALL_CLASSES]:
            ds = [float(r[col]) - float(b[col]) for r, b in ps
                  if r.get(col) is not None and b.get(col) is not None]
            cells.append(_short(sum(ds) / len(ds)) if ds else "n/a")
        lines.append("| %s | %.3fx | %s |" % (w, per[w], " | ".join(cells)))
    lines += ["", "(workloads furthest from the paper's %s; cycle columns: "
              "%s minus %s, warp-cycles per class)" % (
                  _fmt(paper, unit) if paper is not None else "1.0x",
                  combo_label(d["policy"]), combo_label(d["baseline"]))]
    return "\n".join(lines) + "\n"


# Placeholders of `why` texts: {name} or {name.workload}.
WHY_FIELD = re.compile(r"\{([A-Za-z_]\w*)(?:\.([\w:+-]+))?\}")


def _fmt_per(v, kind, unit):
    """One workload's value of a headline (a speedup or a statistic) in
    the headline's unit."""
    if v is None:
        return "n/a"
    if kind in SPEEDUP_KINDS:
        if unit == "%":
            return _fmt((v - 1.0) * 100.0, "%")
        return _fmt(v, "x") if unit == "x" else "%.4g" % v
    return _fmt(v * 100.0 if unit == "%" else v, unit, False)


def _sign_text(ours, paper, unit, neutral):
    if ours is None or paper is None:
        return "sign unknown"
    if _sign(ours, unit, neutral) == _sign(paper, unit, neutral):
        return "the paper's sign"
    return "the opposite sign to the paper's"


def why_fields(db, h, d, sweep=None):
    """The values a headline's `why` text may name, as strings: the
    builtins (WHY_BUILTINS) from this row's result d, and each
    `values.NAME` (a compute table: any headline kind, or `wins`, the
    number of paired workloads where the policy's metric is better, "N
    of M"), with NAME.WORKLOAD for its per-workload values."""
    unit = h.get("unit", "%")
    kind = d["kind"] if d else None
    per = {w: v for w, v in (d["per"] if d else {}).items() if v is not None}
    out = {"ours": _fmt(d["value"] if d else None, unit,
                        kind in SPEEDUP_KINDS),
           "paper": _fmt(h.get("paper"), unit, kind in SPEEDUP_KINDS)
           if h.get("paper") is not None else "n/a",
           "sign": _sign_text(d["value"] if d else None, h.get("paper"),
                              unit, float(h.get("neutral", 0.0)))}
    per_fmt = {w: _fmt_per(v, kind, unit) for w, v in per.items()}
    out.update({"per." + w: v for w, v in per_fmt.items()})
    if per:
        hi = max(per, key=per.get)
        lo = min(per, key=per.get)
        out.update(max=per_fmt[hi], min=per_fmt[lo], argmax=hi, argmin=lo)
        ref = 1.0 if kind in SPEEDUP_KINDS else None
        if ref is not None:
            out["above"] = ", ".join("%s (%s)" % (w, per_fmt[w]) for w in
                                     sorted(per, key=lambda w: -per[w])
                                     if per[w] > ref) or "none"
            out["below"] = ", ".join("%s (%s)" % (w, per_fmt[w]) for w in
                                     sorted(per, key=per.get)
                                     if per[w] < ref) or "none"
    for name, c in (h.get("values") or {}).items():
        vu = c.get("unit", unit)
        wins = c.get("kind") == "wins"
        comp = dict(c, kind="geomean_speedup") if wins else c
        try:
            vd = headline_detail(db, {"compute": comp, "unit": vu}, sweep)
        except (sqlite3.Error, ValueError, KeyError) as e:
            out[name] = "n/a (%s)" % e
            continue
        vk = vd["kind"]
        vper = {w: v for w, v in vd["per"].items() if v is not None}
        if wins:
            out[name] = "%d of %d" % (sum(1 for v in vper.values() if v > 1),
                                      len(vper))
        else:
            out[name] = _fmt(vd["value"], vu, vk in SPEEDUP_KINDS)
        out.update({"%s.%s" % (name, w): _fmt_per(v, vk, vu)
                    for w, v in vper.items()})
    return out


def render_why(db, h, d, sweep=None):
    """A headline's `why` text with its {fields} filled from the data
    (why_fields); a field without a value reads n/a."""
    text = h.get("why", "")
    if not WHY_FIELD.search(text):
        return text
    f = why_fields(db, h, d, sweep)

    def sub(m):
        k = m.group(1) + ("." + m.group(2) if m.group(2) else "")
        return f.get(k, "n/a")
    return WHY_FIELD.sub(sub, text)


def headline_table(db, headlines, sweep=None, notes=None):
    """Markdown rows of the headline table; returns (text, filled rows).
    notes, a list, receives the `why` texts and evidence blocks that go
    under the table (when the signs differ or `evidence = true`)."""
    out = ["| result | paper | ours | same sign |", "|---|---|---|---|"]
    filled = 0
    for h in headlines:
        unit = h.get("unit", "%")
        d = None
        try:
            d = headline_detail(db, h, sweep)
            ours = d["value"]
        except (sqlite3.Error, ValueError, KeyError) as e:
            ours = None
            h = dict(h, label="%s (error: %s)" % (h.get("label"), e))
        paper = h.get("paper")
        same = "?"
        nt = float(h.get("neutral", 0.0))
        if ours is not None and paper is not None:
            same = "yes" if _sign(ours, unit, nt) == _sign(paper, unit, nt) \
                else "no"
        filled += ours is not None
        sg = h.get("compute", {}).get("kind", "geomean_speedup") in \
            SPEEDUP_KINDS
        out.append("| %s | %s | %s | %s |" % (
            h.get("label", "?"), _fmt(paper, unit, sg) if paper is not None
            else "-", _fmt(ours, unit, sg), same))
        if notes is None:
            continue
        if h.get("why"):
            notes.append("- *%s*: %s" % (h.get("label", "?"), " ".join(
                render_why(db, h, d, sweep).split())))
        want = h.get("evidence")
        if d is not None and d["kind"] != "sql" and ours is not None and \
                (want is True or (want is not False and same == "no")):
            notes.append("\n" + evidence(h, d))
    return "\n".join(out) + "\n", filled


def _table_filters(t):
    f = dict(t.get("filter", {}))
    for k in ("class", "subsweep"):
        if t.get(k):
            f[k] = t[k]
    if t.get("workloads"):
        f["workload"] = t["workloads"]
    return f


def report_tables(spec):
    """The report's speedup tables: the spec's [[table]] entries, else one
    over report_baseline (default sched=lrr) of every run."""
    import harness_spec
    if spec.get("table"):
        out = []
        for t in spec["table"]:
            t = dict(t)
            base = combo(t.get("baseline", {"sched": "lrr"}),
                         t.get("series", "sched"))
            t["baseline"] = base
            t.setdefault("title", "Speedup over %s (%s)%s" % (
                combo_label(base), t.get("metric", "gpu_sim_cycle"),
                ", sub-sweep %s" % t["subsweep"] if t.get("subsweep")
                else ""))
            out.append(t)
        return out
    sw = harness_spec.report_settings(spec)
    base = sw.get("report_baseline", {"sched": "lrr"})
    metric = sw.get("report_metric", "gpu_sim_cycle")
    return [{"baseline": base, "metric": metric,
             "title": "Speedup over %s (%s)" % (
                 ", ".join("%s=%s" % kv for kv in base.items()), metric)}]


def _facts(png):
    """The numbers a figure shows (NAME.json beside NAME.png), or {}."""
    try:
        with open(png[:-4] + ".json") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def figure_lines(figs, figure_paths, d):
    """Markdown for the figures: each image, then its caption below it,
    numbered in report order ("**Figure N.** caption"), with {values}
    filled from the figure's own numbers, and the PDF / SVG beside it."""
    out = []
    for i, p in enumerate(figure_paths):
        f = figs[i] if i < len(figs) else {}
        cap = caption(f, _facts(p))
        rel = os.path.relpath(p, d)
        out += ["![Figure %d](%s)" % (i + 1, rel), "",
                "**Figure %d.** %s (`%s`; also [PDF](%s), [SVG](%s))" % (
                    i + 1, cap, os.path.basename(p)[:-4],
                    rel[:-4] + ".pdf", rel[:-4] + ".svg"), ""]
    return out


def write_report(path, spec, db_path, sweep, figure_paths, extra=""):
    """Write report.md; returns the number of headline rows filled."""
    exp = spec.get("experiment", {})
    db = sqlite3.connect(db_path)
    n_ok = db.execute(
        "SELECT SUM(status = 'ok') FROM runs WHERE key IN "
        "(SELECT key FROM sweep_runs WHERE sweep = ?)", (sweep,)).fetchone()[0]
    n_all = db.execute("SELECT COUNT(*) FROM sweep_runs WHERE sweep = ?",
                       (sweep,)).fetchone()[0]     # jobs, collected or not
    ver = db.execute("SELECT DISTINCT warpsim_version FROM runs WHERE key IN "
                     "(SELECT key FROM sweep_runs WHERE sweep = ?)",
                     (sweep,)).fetchall()
    modes = db.execute("SELECT DISTINCT mode FROM runs WHERE key IN "
                       "(SELECT key FROM sweep_runs WHERE sweep = ?)",
                       (sweep,)).fetchall()
    heads = spec.get("headline", [])
    notes = []
    table, filled = headline_table(db, heads, sweep, notes)
    tables = []
    for t in report_tables(spec):
        text, _ = speedup_table(
            db, sweep, t.get("baseline"), t.get("metric", "gpu_sim_cycle"),
            t.get("series", "sched"), t.get("group", "workload"),
            _table_filters(t), t.get("series_list"),
            t.get("higher_is_better", False), t.get("where"),
            spec.get("labels"), spec_order(spec))
        text += missing_note(db, sweep, _table_filters(t))
        tables.append((t, text))
    missing = missing_note(db, sweep, None, prefix="")
    db.close()
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
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
    ]
    if missing:
        lines += ["**Missing or failed jobs** (every number below leaves "
                  "them out):", "", "```", missing.rstrip(), "```", ""]
    lines += [
        "## Headline", "", table,
    ]
    if notes:
        lines += ["\n".join(notes), ""]
    for t, text in tables:
        lines += ["## %s" % t["title"], "", "```", text.rstrip(), "```", ""]
    if extra:
        lines += [extra, ""]
    if figure_paths:
        lines += ["## Figures", ""] + figure_lines(
            spec.get("figure", []), figure_paths, d)
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines))
    os.replace(path + ".tmp", path)
    return filled
