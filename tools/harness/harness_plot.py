"""harness_plot.py - figures from the results database (matplotlib, Agg).

Figure types ([[figure]] tables in a spec; docs/harness.md):
  speedup      bars of metric(baseline) / metric(run) per group, one bar per
               series value, plus a geometric-mean group
  stall        stacked breakdown of the columns named by prefix(es), one
               bar per (group, series), normalised to 1 by default
  tb_lifetime  TB lifetimes per SM over time for one run (tb_events)
  warp_phase   per-warp run / barrier / exited phases of a few TBs
  line         metric (or speedup) over a swept column, one line per series
Every figure is written as NAME.png and NAME.svg.
"""
import json
import math
import os
import sqlite3

# Columns that identify a job; speedups pair runs equal on all of these
# except the ones the baseline fixes.
ID_COLS = ["workload", "size", "seed", "config", "mode", "sched", "fetch",
           "options"]


def _mpl():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.size": 8, "axes.titlesize": 9,
                         "axes.labelsize": 8, "legend.fontsize": 7,
                         "svg.hashsalt": "warpsim"})
    return plt


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def _where(filters):
    """SQL text and parameters for {column: value or [values]} filters."""
    parts, params = [], []
    for k, v in sorted((filters or {}).items()):
        if k == "class":
            parts.append("(',' || classes || ',') LIKE ?")
            params.append("%%,%s,%%" % v)
        elif isinstance(v, list):
            parts.append('"%s" IN (%s)' % (k, ", ".join("?" * len(v))))
            params += [str(x) if k == "size" else x for x in v]
        else:
            parts.append('"%s" = ?' % k)
            params.append(str(v) if k == "size" else v)
    return parts, params


def fetch_runs(db, sweep=None, filters=None, where=None):
    """Rows (dicts) of finished-ok runs, optionally of one sweep."""
    parts, params = _where(filters)
    parts.insert(0, "status = 'ok'")
    if sweep:
        parts.append("key IN (SELECT key FROM sweep_runs WHERE sweep = ?)")
        params.append(sweep)
    if where:
        parts.append("(%s)" % where)
    order = "rowid"
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'workloads'"
                  ).fetchone():
        order = ("COALESCE((SELECT ord FROM workloads w WHERE w.workload = "
                 "runs.workload), 1000000), workload, rowid")
    db.row_factory = sqlite3.Row
    cur = db.execute("SELECT * FROM runs WHERE %s ORDER BY %s"
                     % (" AND ".join(parts), order), params)
    rows = [dict(r) for r in cur]
    db.row_factory = None
    return rows


def _match(row, base):
    return all(str(row.get(k)) == str(v) for k, v in base.items())


def speedups(rows, metric="gpu_sim_cycle", baseline=None, series="sched",
             group="workload", higher_is_better=False):
    """{series value: {group value: speedup}} over the baseline runs.

    A run pairs with the baseline run that agrees on every identifying
    column except those the baseline fixes; several pairs in one group
    (seeds, sizes) are combined by geometric mean."""
    baseline = baseline or {"sched": "lrr"}
    free = [c for c in ID_COLS if c not in baseline]
    base = {}
    for r in rows:
        if _match(r, baseline) and r.get(metric):
            base[tuple(r.get(c) for c in free)] = r[metric]
    acc = {}
    for r in rows:
        b = base.get(tuple(r.get(c) for c in free))
        v = r.get(metric)
        if not b or not v:
            continue
        s = v / b if higher_is_better else b / v
        acc.setdefault(str(r.get(series)), {}).setdefault(
            str(r.get(group)), []).append(s)
    return {s: {g: geomean(v) for g, v in gs.items()}
            for s, gs in acc.items()}


def _order(values, rows, col, first=None):
    """values in order of first appearance in rows (manifest order), the
    baseline value (first) leading."""
    seen = [first] if first in values else []
    for r in rows:
        v = str(r.get(col))
        if v in values and v not in seen:
            seen.append(v)
    return seen + sorted(set(values) - set(seen))


def _save(fig, out_dir, name):
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    fig.savefig(base + ".png", dpi=200, bbox_inches="tight")
    fig.savefig(base + ".svg", bbox_inches="tight",
                metadata={"Date": None})
    return base + ".png"


def _empty(plt, ax, msg):
    ax.text(0.5, 0.5, msg, ha="center", va="center", transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def fig_speedup(plt, db, f, sweep):
    rows = fetch_runs(db, sweep, f.get("filter"), f.get("where"))
    series, group = f.get("series", "sched"), f.get("group", "workload")
    sp = speedups(rows, f.get("metric", "gpu_sim_cycle"),
                  f.get("baseline", {"sched": "lrr"}), series, group,
                  f.get("higher_is_better", False))
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 2.6)))
    snames = _order(list(sp), rows, series,
                    str(f.get("baseline", {}).get(series, "lrr")))
    bval = str(f.get("baseline", {}).get(series, "lrr"))
    if not f.get("show_baseline", False) and len(snames) > 1:
        snames = [s for s in snames if s != bval]
    groups = _order({g for s in sp.values() for g in s}, rows, group)
    if not snames or not groups:
        _empty(plt, ax, "no paired runs")
        return fig
    groups.append("gmean")
    width = 0.8 / len(snames)
    for i, s in enumerate(snames):
        vals = [sp[s].get(g) for g in groups[:-1]]
        vals.append(geomean(vals))
        xs = [k + (i - (len(snames) - 1) / 2) * width
              for k in range(len(groups))]
        ax.bar(xs, [v or 0 for v in vals], width, label=s)
    ax.axhline(1.0, color="black", linewidth=0.6)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=45, ha="right")
    base = ", ".join("%s=%s" % kv for kv in f.get("baseline",
                                                   {"sched": "lrr"}).items())
    ax.set_ylabel(f.get("ylabel", "speedup over %s" % base))
    ax.set_xlabel(f.get("xlabel", group))
    ax.legend(title=series, frameon=False, loc="upper left",
              bbox_to_anchor=(1.0, 1.0))
    ax.set_title(f.get("title", "Speedup over %s" % base))
    return fig


def stall_columns(db, f):
    """runs columns named by the figure's prefix(es) or columns list."""
    cols = [r[1] for r in db.execute("PRAGMA table_info(runs)")]
    if f.get("columns"):
        return [c for c in f["columns"] if c in cols]
    pre = f.get("prefix", "sched_")
    pre = [pre] if isinstance(pre, str) else pre
    ex = set(f.get("exclude", []))
    return [c for c in cols if any(c.startswith(p) for p in pre)
            and c not in ex and not c.endswith("_total")]


def fig_stall(plt, db, f, sweep):
    rows = fetch_runs(db, sweep, f.get("filter"), f.get("where"))
    cols = stall_columns(db, f)
    series, group = f.get("series", "sched"), f.get("group", "workload")
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 2.8)))
    if not rows or not cols:
        _empty(plt, ax, "no statistics with prefix %s" % f.get("prefix"))
        return fig
    bars, labels = {}, []
    for r in rows:
        k = (str(r.get(group)), str(r.get(series)))
        vals = bars.setdefault(k, [0.0] * len(cols))
        for i, c in enumerate(cols):
            vals[i] += float(r.get(c) or 0)
    groups = _order({g for g, _ in bars}, rows, group)
    snames = _order({s for _, s in bars}, rows, series)
    keys = [(g, s) for g in groups for s in snames if (g, s) in bars]
    norm = f.get("normalise", True)
    bottom = [0.0] * len(keys)
    for i, c in enumerate(cols):
        vals = []
        for k in keys:
            tot = sum(bars[k]) or 1.0
            vals.append(bars[k][i] / tot if norm else bars[k][i])
        pre = f.get("prefix", "")
        lab = c[len(pre):] if isinstance(pre, str) and c.startswith(pre) \
            else c
        ax.bar(range(len(keys)), vals, 0.8, bottom=bottom, label=lab)
        bottom = [b + v for b, v in zip(bottom, vals)]
    labels = ["%s\n%s" % k if len(snames) > 1 else k[0] for k in keys]
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels(labels, rotation=90 if len(keys) > 12 else 0,
                       fontsize=6)
    ax.set_ylabel(f.get("ylabel", "fraction of cycles" if norm else "cycles"))
    ax.set_xlabel(f.get("xlabel", "%s / %s" % (group, series)))
    ax.legend(ncol=1, frameon=False, bbox_to_anchor=(1.0, 1.0),
              loc="upper left")
    ax.set_title(f.get("title", "Stall breakdown (%s)" % f.get("prefix", "")))
    return fig


def _pick_run(db, f, sweep, table):
    """Key of the first ok run matching the figure's filter with rows in
    table (tb_events or warp_phases)."""
    for r in fetch_runs(db, sweep, f.get("filter"), f.get("where")):
        if db.execute("SELECT 1 FROM %s WHERE key = ? LIMIT 1" % table,
                      (r["key"],)).fetchone():
            return r
    return None


def fig_tb_lifetime(plt, db, f, sweep):
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 3.0)))
    r = _pick_run(db, f, sweep, "tb_events")
    if not r:
        _empty(plt, ax, "no TB events (run with trace = true)")
        return fig
    launch = f.get("launch", 0)
    ev = db.execute('SELECT sm, tb, start, "end" FROM tb_events WHERE key = ? '
                    "AND launch = ? ORDER BY sm, start, tb",
                    (r["key"], launch)).fetchall()
    cmap = plt.get_cmap("tab20")
    lanes = {}   # sm -> list of lane end times
    yt = []
    for sm, tb, start, end in ev:
        ls = lanes.setdefault(sm, [])
        for i, e in enumerate(ls):
            if e <= start:
                break
        else:
            i = len(ls)
            ls.append(0)
        ls[i] = end
        y = sm + i / (len(ls) + 1.0) * 0.8
        ax.broken_barh([(start, end - start)], (y, 0.8 / max(len(ls), 1)),
                       color=cmap(tb % 20), edgecolor="black", linewidth=0.2)
    yt = sorted(lanes)
    ax.set_yticks([s + 0.4 for s in yt])
    ax.set_yticklabels([str(s) for s in yt], fontsize=6)
    ax.set_xlabel("cycle")
    ax.set_ylabel("SM")
    ax.set_title(f.get("title", "TB lifetimes per SM: %s, %s"
                       % (r["workload"], r["sched"])))
    return fig


PHASE_COLOURS = {"run": "tab:green", "barrier": "tab:red",
                 "exited": "lightgrey"}


def fig_warp_phase(plt, db, f, sweep):
    r = _pick_run(db, f, sweep, "warp_phases")
    if not r:
        fig, ax = plt.subplots(figsize=f.get("size", (7.0, 3.0)))
        _empty(plt, ax, "no warp phases (run with trace = true)")
        return fig
    launch = f.get("launch", 0)
    tbs = db.execute("SELECT DISTINCT sm, tb FROM warp_phases WHERE key = ? "
                     "AND launch = ? ORDER BY tb, sm LIMIT ?",
                     (r["key"], launch, f.get("max_tbs", 4))).fetchall()
    fig, axes = plt.subplots(len(tbs), 1, sharex=True, squeeze=False,
                             figsize=f.get("size", (7.0, 1.2 + 1.0 * len(tbs))))
    for ax, (sm, tb) in zip(axes[:, 0], tbs):
        rows = db.execute('SELECT warp, phase, start, "end" FROM warp_phases '
                          "WHERE key = ? AND launch = ? AND sm = ? AND tb = ? "
                          "ORDER BY warp, start",
                          (r["key"], launch, sm, tb)).fetchall()
        for w, ph, st, en in rows:
            ax.broken_barh([(st, max(en - st, 0.5))], (w - 0.4, 0.8),
                           color=PHASE_COLOURS.get(ph, "tab:blue"))
        ax.set_ylabel("TB %d warp" % tb)
    for ph, c in PHASE_COLOURS.items():
        axes[0, 0].bar([0], [0], color=c, label=ph)
    axes[0, 0].legend(ncol=3, frameon=False, loc="lower right",
                      bbox_to_anchor=(1.0, 1.0))
    axes[-1, 0].set_xlabel("cycle")
    fig.suptitle(f.get("title", "Warp phases: %s, %s"
                       % (r["workload"], r["sched"])), fontsize=9)
    return fig


def fig_line(plt, db, f, sweep):
    rows = fetch_runs(db, sweep, f.get("filter"), f.get("where"))
    x, series = f.get("x"), f.get("series", "sched")
    metric = f.get("metric", "gpu_sim_cycle")
    fig, ax = plt.subplots(figsize=f.get("size", (3.5, 2.6)))
    if f.get("baseline"):   # y = geomean speedup over the baseline
        pts = {}
        for r in rows:
            pts.setdefault(r.get(x), []).append(r)
        lines = {}
        for xv, rs in pts.items():
            sp = speedups(rs, metric, f["baseline"], series, "workload",
                          f.get("higher_is_better", False))
            for s, g in sp.items():
                lines.setdefault(s, {})[xv] = geomean(list(g.values()))
        ylabel = "geomean speedup"
    else:
        acc = {}
        for r in rows:
            if r.get(metric) is not None:
                acc.setdefault(str(r.get(series)), {}).setdefault(
                    r.get(x), []).append(float(r[metric]))
        agg = geomean if f.get("aggregate", "geomean") == "geomean" else \
            (lambda v: sum(v) / len(v))
        lines = {s: {xv: agg(v) for xv, v in d.items()}
                 for s, d in acc.items()}
        ylabel = metric
    if not lines:
        _empty(plt, ax, "no runs with column %s" % x)
        return fig
    for s in _order(list(lines), rows, series):
        xs = sorted(k for k in lines[s] if k is not None)
        ax.plot(xs, [lines[s][k] for k in xs], marker="o", label=s)
    ax.set_xlabel(f.get("xlabel", x))
    ax.set_ylabel(f.get("ylabel", ylabel))
    ax.legend(title=series, frameon=False)
    ax.set_title(f.get("title", "%s over %s" % (ylabel, x)))
    return fig


FIGURES = {"speedup": fig_speedup, "stall": fig_stall,
           "tb_lifetime": fig_tb_lifetime, "warp_phase": fig_warp_phase,
           "line": fig_line}


def plot_all(db_path, figures, out_dir, sweep=None):
    """Render every figure spec; returns the PNG paths in order."""
    plt = _mpl()
    db = sqlite3.connect(db_path)
    paths = []
    for i, f in enumerate(figures):
        kind = f.get("type")
        if kind not in FIGURES:
            raise ValueError("figure type '%s' (one of %s)"
                             % (kind, ", ".join(FIGURES)))
        fig = FIGURES[kind](plt, db, f, sweep)
        paths.append(_save(fig, out_dir, f.get("name", "%s%d" % (kind, i))))
        plt.close(fig)
    db.close()
    return paths


def describe(f):
    """One line describing a figure spec (for reports)."""
    return f.get("caption") or f.get("title") or json.dumps(f, sort_keys=True)
