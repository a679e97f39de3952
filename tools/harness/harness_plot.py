"""harness_plot.py - figures from the results database (matplotlib, Agg).

Figure types ([[figure]] tables in a spec; docs/harness.md):
  speedup      bars of metric(baseline) / metric(run) per group, one bar per
               series value (or per series_list combination), plus a
               geometric-mean group
  stall_norm   per group, a stacked bar of the six stall classes per
               series, divided by the baseline series' total (Fig. 10)
  stat_bars    a scalar statistic per group and series, plus its mean
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


def _where(filters, have=None):
    """SQL text and parameters for {column: value or [values]} filters.

    Columns the runs table does not have (have: its column names) and
    opt_<name> columns are left to _post_filter (in Python), so that a
    default-valued grid option and a missing statistic are handled."""
    parts, params = [], []
    for k, v in sorted((filters or {}).items()):
        if k == "subsweep" or (k != "class" and have is not None and
                               (k not in have or k.startswith("opt_"))):
            continue
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


def _post_filter(rows, filters, have):
    """Apply the filters _where left out (opt_ and unknown columns)."""
    rest = {k: v for k, v in (filters or {}).items()
            if k not in ("class", "subsweep") and
            (k not in have or k.startswith("opt_"))}
    if not rest:
        return rows
    out = []
    for r in rows:
        if all(any(_match_one(r, k, x) for x in
                   (v if isinstance(v, list) else [v]))
               for k, v in rest.items()):
            out.append(r)
    return out


def _table_exists(db, name):
    return db.execute("SELECT 1 FROM sqlite_master WHERE name = ?",
                      (name,)).fetchone() is not None


def fetch_runs(db, sweep=None, filters=None, where=None, dedup=True):
    """Rows (dicts) of finished-ok runs, optionally of one sweep.

    filters: {column: value or [values]}, plus `class` (a manifest class)
    and `subsweep` (a name or a list: runs a [[sweep]] entry asked for).
    dedup: of runs with the same identity (a traced and an untraced run
    of one job), keep one, the untraced one first."""
    have = {r[1] for r in db.execute("PRAGMA table_info(runs)")}
    filters = dict(filters or {})
    parts, params = _where(filters, have)
    parts.insert(0, "status = 'ok'")
    if sweep:
        parts.append("key IN (SELECT key FROM sweep_runs WHERE sweep = ?)")
        params.append(sweep)
    sub = filters.get("subsweep")
    if sub is not None:
        subs = sub if isinstance(sub, list) else [sub]
        if not _table_exists(db, "subsweep_runs"):
            return []
        parts.append("key IN (SELECT key FROM subsweep_runs WHERE "
                     "subsweep IN (%s)%s)" % (", ".join("?" * len(subs)),
                                              " AND sweep = ?" if sweep
                                              else ""))
        params += [str(x) for x in subs] + ([sweep] if sweep else [])
    if where:
        parts.append("(%s)" % where)
    order = "rowid"
    if _table_exists(db, "workloads"):
        order = ("COALESCE((SELECT ord FROM workloads w WHERE w.workload = "
                 "runs.workload), 1000000), workload, rowid")
    db.row_factory = sqlite3.Row
    cur = db.execute("SELECT * FROM runs WHERE %s ORDER BY %s"
                     % (" AND ".join(parts), order), params)
    rows = [dict(r) for r in cur]
    db.row_factory = None
    _attach_config(db, rows, have)
    rows = _post_filter(rows, filters, have)
    if dedup:
        rows = _dedup(rows)
    return rows


def _attach_config(db, rows, have):
    """row['_cfg']: the run's effective values of the grid options (the
    names of the opt_ columns), from run_config."""
    names = sorted(c[4:] for c in have if c.startswith("opt_"))
    if not rows or not names or not _table_exists(db, "run_config"):
        return
    cfg = {}
    for k, n, v in db.execute(
            "SELECT key, name, value FROM run_config WHERE name IN (%s)"
            % ", ".join("?" * len(names)), names):
        cfg.setdefault(k, {})[n] = v
    for r in rows:
        r["_cfg"] = cfg.get(r["key"], {})


def _dedup(rows):
    seen, out = {}, []
    for r in rows:
        k = pair_key(r, ())
        if k in seen:
            if seen[k].get("trace") and not r.get("trace"):
                out[out.index(seen[k])] = r
                seen[k] = r
            continue
        seen[k] = r
        out.append(r)
    return out


def _sim_opts(row):
    """The run's non-default options ({canonical name: value string})."""
    if "_so" not in row:
        so = None
        try:
            so = {k: str(v) for k, v in json.loads(row.get("sim_options")
                                                  or "null")}
        except (ValueError, TypeError):
            so = None
        row["_so"] = so
    return row["_so"]


def col_value(row, col):
    """A column's value for matching.  An opt_<name> column that is NULL
    (the run did not set the option: it was at its default, or the job
    came from another sub-sweep with the same key) reads the option's
    value from the run's non-default options, else its effective
    configuration (run_config), else the string "default"."""
    v = row.get(col)
    if v is None and col.startswith("opt_"):
        n = col[4:]
        so = _sim_opts(row) or {}
        if n in so:
            return so[n]
        if n in row.get("_cfg", {}):
            return row["_cfg"][n]
        return "default"
    return v


def _num(v):
    """A numeric string as int or float; anything else unchanged."""
    if isinstance(v, str):
        try:
            x = float(v)
            return int(x) if x.is_integer() else x
        except ValueError:
            return v
    return v


def _num_eq(a, b):
    if str(a) == str(b):
        return True
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return False


def _match_one(row, k, v):
    rv = col_value(row, k)
    if _num_eq(rv, v):
        return True
    # "default" selects runs that leave the option at its default.
    return k.startswith("opt_") and str(v) == "default" and \
        k[4:] not in (_sim_opts(row) or {})


def combo(x, series="sched"):
    """A policy / baseline / series: a table {column: value} as is (minus
    `label`), a plain value v as {series: v}."""
    if x is None:
        return {}
    if isinstance(x, dict):
        return {k: v for k, v in x.items() if k != "label"}
    return {series: x}


def combo_label(c):
    """A series' label: its `label`, else the values joined by '+'
    (sched and fetch as values, other columns as name=value)."""
    if isinstance(c, dict):
        if c.get("label"):
            return str(c["label"])
        return "+".join(str(v) if k in ("sched", "fetch") else
                        "%s=%s" % (k[4:] if k.startswith("opt_") else k, v)
                        for k, v in c.items() if k != "label")
    return str(c)


def _match(row, base):
    return all(_match_one(row, k, v) for k, v in base.items())


def pair_key(row, ignore):
    """A run's identity for pairing, minus the columns in ignore.

    Workload, size, seed, config, mode, sched and fetch, plus the run's
    other non-default options (sim_options; the grid JSON for rows
    without it), less the options named by opt_<name> in ignore."""
    ig = set(ignore)
    drop = {"gpgpu_scheduler", "fetch_policy", "mode"} | \
        {c[4:] for c in ig if c.startswith("opt_")}
    so = _sim_opts(row)
    if so is None:
        try:
            so = {k: str(v) for k, v in
                  json.loads(row.get("options") or "{}").items()}
        except (ValueError, AttributeError):
            so = {"options": str(row.get("options"))}
    opts = tuple(sorted((k, v) for k, v in so.items() if k not in drop))
    return tuple(str(row.get(c)) for c in ID_COLS
                 if c != "options" and c not in ig) + (opts,)


def _pairs(rows, metric, baseline, policy):
    """(run, baseline run) pairs: runs matching policy with the baseline
    run that agrees on everything the two tables do not name."""
    ignore = set(baseline) | set(policy)
    base = {}
    for r in rows:
        if _match(r, baseline) and r.get(metric) is not None:
            base.setdefault(pair_key(r, ignore), r)
    out = []
    for r in rows:
        if not _match(r, policy):
            continue
        b = base.get(pair_key(r, ignore))
        if b is not None:
            out.append((r, b))
    return out


def _ratio(r, b, metric, higher_is_better):
    v, bv = r.get(metric), b.get(metric)
    if not v or not bv:
        return None
    return v / bv if higher_is_better else bv / v


def speedups(rows, metric="gpu_sim_cycle", baseline=None, series="sched",
             group="workload", higher_is_better=False):
    """{series value: {group value: speedup}} over the baseline runs.

    A run pairs with the baseline run that agrees on every identifying
    column except those the baseline fixes; several pairs in one group
    (seeds, sizes) are combined by geometric mean."""
    baseline = baseline or {"sched": "lrr"}
    acc = {}
    for r, b in _pairs(rows, metric, baseline, {}):
        s = _ratio(r, b, metric, higher_is_better)
        if s:
            acc.setdefault(str(r.get(series)), {}).setdefault(
                str(r.get(group)), []).append(s)
    return {s: {g: geomean(v) for g, v in gs.items()}
            for s, gs in acc.items()}


def combo_speedups(rows, metric, baseline, series_list, group="workload",
                   higher_is_better=False):
    """{label: {group: speedup}} for series given as combinations
    ({column: value, label}); pairing ignores the columns named by the
    series and the baseline."""
    out = {}
    for sc in series_list:
        acc = {}
        for r, b in _pairs(rows, metric, combo(baseline), combo(sc)):
            s = _ratio(r, b, metric, higher_is_better)
            if s:
                acc.setdefault(str(r.get(group)), []).append(s)
        out[combo_label(sc)] = {g: geomean(v) for g, v in acc.items()}
    return out


def fig_rows(db, f, sweep, dedup=True):
    """The runs a figure (or headline) draws from: its filter, class,
    workloads, subsweep and where keys."""
    filters = dict(f.get("filter", {}))
    if f.get("subsweep"):
        filters["subsweep"] = f["subsweep"]
    if f.get("class"):
        filters["class"] = f["class"]
    if f.get("workloads"):
        filters["workload"] = f["workloads"]
    return fetch_runs(db, sweep, filters, f.get("where"), dedup)


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


def _grouped_bars(ax, groups, snames, vals, agg_name, agg):
    """Side-by-side bars: vals[series][group]; an aggregate group last."""
    groups = list(groups) + [agg_name]
    width = 0.8 / max(len(snames), 1)
    for i, s in enumerate(snames):
        v = [vals[s].get(g) for g in groups[:-1]]
        v.append(agg([x for x in v if x is not None]))
        xs = [k + (i - (len(snames) - 1) / 2) * width
              for k in range(len(groups))]
        ax.bar(xs, [x or 0 for x in v], width, label=s)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=45, ha="right")


def fig_speedup(plt, db, f, sweep):
    rows = fig_rows(db, f, sweep)
    series, group = f.get("series", "sched"), f.get("group", "workload")
    metric = f.get("metric", "gpu_sim_cycle")
    hib = f.get("higher_is_better", False)
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 2.6)))
    if f.get("series_list"):
        base = combo(f.get("baseline", {"sched": "lrr"}), series)
        sp = combo_speedups(rows, metric, base, f["series_list"], group, hib)
        snames = [combo_label(c) for c in f["series_list"]]
        btxt = combo_label(f.get("baseline", base))
    else:
        base = combo(f.get("baseline", {"sched": "lrr"}), series)
        sp = speedups(rows, metric, base, series, group, hib)
        bval = str(base.get(series, "lrr"))
        snames = _order(list(sp), rows, series, bval)
        if not f.get("show_baseline", False) and len(snames) > 1:
            snames = [s for s in snames if s != bval]
        btxt = ", ".join("%s=%s" % kv for kv in base.items())
    groups = _order({g for s in sp.values() for g in s}, rows, group)
    if not any(sp.get(s) for s in snames) or not groups:
        _empty(plt, ax, "no paired runs")
        return fig
    _grouped_bars(ax, groups, snames, {s: sp.get(s, {}) for s in snames},
                  "gmean", geomean)
    ax.axhline(1.0, color="black", linewidth=0.6)
    ax.set_ylabel(f.get("ylabel", "speedup over %s" % btxt))
    ax.set_xlabel(f.get("xlabel", group))
    ax.legend(title=None if f.get("series_list") else series, frameon=False,
              loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title(f.get("title", "Speedup over %s" % btxt))
    return fig


# The stall classes of Fig. 10 (warp_cycles_<class> statistics): the
# paper's six, with its fetch hazard ("an empty I-Buffer entry as a result
# of a mismatch between fetch and issue, or an I-cache miss") split into
# our `fetch` (I-cache miss outstanding) and `empty` (I-buffer empty,
# waiting for its fetch turn) so the fetch policies' effect stays visible.
STALL_CLASSES = ["control", "data", "structural", "barrier", "exit", "fetch",
                 "empty"]


def stall_norm_bars(rows, f, have):
    """The bars of a stall_norm figure: (groups, series labels, {(group,
    label): [share per class]}); each pair's classes are divided by its
    baseline run's class total, pairs in a group averaged, plus a `mean`
    group (unless mean_group = false)."""
    group = f.get("group", "workload")
    prefix = f.get("prefix", "warp_cycles_")
    cols = [prefix + c for c in f.get("classes", STALL_CLASSES)]
    slist = f.get("series_list") or []
    base = combo(f.get("baseline", slist[0] if slist else {"sched": "lrr"}))
    snames = [combo_label(c) for c in slist]
    acc = {}   # (group, series) -> list of per-pair class vectors
    for sc, sn in zip(slist, snames):
        for r, b in _pairs(rows, cols[0] if cols[0] in have else "key",
                           base, combo(sc)):
            btot = sum(float(b.get(c) or 0) for c in cols)
            if btot <= 0:
                continue
            acc.setdefault((str(r.get(group)), sn), []).append(
                [float(r.get(c) or 0) / btot for c in cols])
    groups = _order({g for g, _ in acc}, rows, group)
    bars = {k: [sum(x) / len(v) for x in zip(*v)] for k, v in acc.items()}
    if groups and f.get("mean_group", True):
        for sn in snames:
            vs = [bars[(g, sn)] for g in groups if (g, sn) in bars]
            if vs:
                bars[("mean", sn)] = [sum(x) / len(vs) for x in zip(*vs)]
        groups.append("mean")
    return groups, snames, bars


def fig_stall_norm(plt, db, f, sweep):
    """Per group, one stacked bar per series of the stall classes, each
    divided by the baseline series' class total for that pair (Fig. 10)."""
    rows = fig_rows(db, f, sweep)
    prefix = f.get("prefix", "warp_cycles_")
    classes = f.get("classes", STALL_CLASSES)
    slist = f.get("series_list") or []
    base = combo(f.get("baseline", slist[0] if slist else {"sched": "lrr"}))
    fig, ax = plt.subplots(figsize=f.get("size", (9.0, 3.0)))
    have = {r[1] for r in db.execute("PRAGMA table_info(runs)")}
    if not slist or not any(prefix + c in have for c in classes):
        _empty(plt, ax, "no series_list or no %s* statistics" % prefix)
        return fig
    groups, snames, bars = stall_norm_bars(rows, f, have)
    if not groups:
        _empty(plt, ax, "no runs paired with the baseline")
        return fig
    n = len(snames)
    xs, keys = [], []
    for gi, g in enumerate(groups):
        for si, sn in enumerate(snames):
            if (g, sn) in bars:
                xs.append(gi * (n + 1) + si)
                keys.append((g, sn))
    bottom = [0.0] * len(keys)
    cmap = plt.get_cmap("tab10")
    for ci, c in enumerate(classes):
        v = [bars[k][ci] for k in keys]
        ax.bar(xs, v, 0.85, bottom=bottom, label=c, color=cmap(ci))
        bottom = [b + x for b, x in zip(bottom, v)]
    ax.set_xticks(xs)
    ax.set_xticklabels([k[1] for k in keys], rotation=90, fontsize=5)
    for gi, g in enumerate(groups):
        ax.text(gi * (n + 1) + (n - 1) / 2, -0.32, g, ha="center",
                va="top", fontsize=7, transform=ax.get_xaxis_transform())
    ax.axhline(1.0, color="black", linewidth=0.5, linestyle=":")
    ax.set_ylabel(f.get("ylabel", "stall cycles / %s total"
                        % combo_label(f.get("baseline", base))))
    ax.legend(frameon=False, bbox_to_anchor=(1.0, 1.0), loc="upper left")
    ax.set_title(f.get("title", "Stall breakdown normalised to %s"
                       % combo_label(f.get("baseline", base))))
    return fig


def fig_stat_bars(plt, db, f, sweep):
    """A scalar statistic (or several) per group and series, with an
    average group; `stack = true` stacks the metrics in one bar."""
    rows = fig_rows(db, f, sweep)
    group = f.get("group", "workload")
    metrics = f.get("metrics") or [f.get("metric", "gpu_ipc")]
    scale = 100.0 if f.get("percent", False) else 1.0
    slist = f.get("series_list")
    if not slist:
        col = f.get("series", "sched")
        slist = [{col: v} for v in _order({str(r.get(col)) for r in rows},
                                          rows, col)]
    snames = [combo_label(c) for c in slist]
    vals = {}   # (series, metric) -> {group: mean}
    for sc, sn in zip(slist, snames):
        acc = {}
        for r in rows:
            if not _match(r, combo(sc)):
                continue
            for m in metrics:
                if r.get(m) is not None:
                    acc.setdefault(m, {}).setdefault(
                        str(r.get(group)), []).append(float(r[m]) * scale)
        for m in metrics:
            vals[(sn, m)] = {g: sum(v) / len(v)
                             for g, v in acc.get(m, {}).items()}
    groups = _order({g for d in vals.values() for g in d}, rows, group)
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 2.6)))
    if not groups:
        _empty(plt, ax, "no values of %s" % ", ".join(metrics))
        return fig
    agg = geomean if f.get("aggregate", "mean") == "geomean" else \
        (lambda v: sum(v) / len(v) if v else None)
    aname = "gmean" if f.get("aggregate", "mean") == "geomean" else "mean"
    if f.get("stack", False) and len(metrics) > 1:
        allg = groups + [aname]
        width = 0.8 / len(snames)
        cmap = plt.get_cmap("tab10")
        for si, sn in enumerate(snames):
            xs = [k + (si - (len(snames) - 1) / 2) * width
                  for k in range(len(allg))]
            bottom = [0.0] * len(allg)
            for mi, m in enumerate(metrics):
                d = vals[(sn, m)]
                v = [d.get(g) for g in groups]
                v.append(agg([x for x in v if x is not None]))
                v = [x or 0 for x in v]
                ax.bar(xs, v, width, bottom=bottom, color=cmap(mi),
                       alpha=1.0 - 0.45 * si / max(len(snames) - 1, 1),
                       edgecolor="black", linewidth=0.3,
                       label="%s %s" % (sn, m))
                bottom = [b + x for b, x in zip(bottom, v)]
        ax.set_xticks(range(len(allg)))
        ax.set_xticklabels(allg, rotation=45, ha="right")
    else:
        keys = [(sn, m) for sn in snames for m in metrics]
        names = ["%s %s" % k if len(metrics) > 1 else k[0] for k in keys]
        _grouped_bars(ax, groups, names,
                      {n: vals[k] for n, k in zip(names, keys)}, aname, agg)
    unit = " (%)" if scale == 100.0 else ""
    ax.set_ylabel(f.get("ylabel", ", ".join(metrics) + unit))
    ax.set_xlabel(f.get("xlabel", group))
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title(f.get("title", "%s per %s" % (", ".join(metrics), group)))
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
    rows = fig_rows(db, f, sweep)
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


def _pick_run(db, f, sweep, table, sel=None):
    """The first ok run matching the figure's filter / subsweep (and sel,
    e.g. {workload, sched, fetch}) that has rows in table (tb_events or
    warp_phases); traced runs are looked at first."""
    g = dict(f)
    if sel:
        g["filter"] = dict(f.get("filter", {}), **combo(sel))
    rows = fig_rows(db, g, sweep, dedup=False)
    rows.sort(key=lambda r: 0 if r.get("trace") else 1)
    for r in rows:
        if db.execute("SELECT 1 FROM %s WHERE key = ? LIMIT 1" % table,
                      (r["key"],)).fetchone():
            return r
    return None


def fig_tb_lifetime(plt, db, f, sweep):
    fig, ax = plt.subplots(figsize=f.get("size", (7.0, 3.0)))
    r = _pick_run(db, f, sweep, "tb_events", f.get("run"))
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


def _first_tbs(db, key, launch, sm, n):
    """The first n TBs (by start cycle) that ran on one SM."""
    return [tb for tb, in db.execute(
        "SELECT tb FROM warp_phases WHERE key = ? AND launch = ? AND sm = ? "
        "GROUP BY tb ORDER BY MIN(start), tb LIMIT ?", (key, launch, sm, n))]


def fig_warp_phase(plt, db, f, sweep):
    """Per-warp run / barrier / exited phases (between bar_arrive and
    bar_release events) of the first TBs of one SM (`sm`, default 0).
    `run = {workload, sched, fetch}` picks the run (like filter); `runs =
    [{...}, {...}]` draws one column per run (e.g. GTO beside LRR)."""
    sels = f.get("runs") or [f.get("run")]
    launch, sm = f.get("launch", 0), f.get("sm", 0)
    picked = []
    for sel in sels:
        r = _pick_run(db, f, sweep, "warp_phases", sel)
        if r:
            picked.append((r, _first_tbs(db, r["key"], launch, sm,
                                         f.get("max_tbs", 4))))
    if not picked or not any(t for _, t in picked):
        fig, ax = plt.subplots(figsize=f.get("size", (7.0, 3.0)))
        _empty(plt, ax, "no warp phases (run with trace = true)")
        return fig
    nrow = max(len(t) for _, t in picked) or 1
    fig, axes = plt.subplots(nrow, len(picked), squeeze=False,
                             sharex="col", figsize=f.get(
                                 "size", (3.6 * len(picked) + 0.8,
                                          1.0 + 1.0 * nrow)))
    for col, (r, tbs) in enumerate(picked):
        for row in range(nrow):
            ax = axes[row, col]
            if row >= len(tbs):
                ax.axis("off")
                continue
            tb = tbs[row]
            ph = db.execute('SELECT warp, phase, start, "end" FROM '
                            "warp_phases WHERE key = ? AND launch = ? AND "
                            "sm = ? AND tb = ? ORDER BY warp, start",
                            (r["key"], launch, sm, tb)).fetchall()
            for w, p, st, en in ph:
                ax.broken_barh([(st, max(en - st, 0.5))], (w - 0.4, 0.8),
                               color=PHASE_COLOURS.get(p, "tab:blue"))
            ax.set_ylabel("TB %d warp" % tb, fontsize=6)
            ax.yaxis.get_major_locator().set_params(integer=True)
            if row == 0 and len(picked) > 1:
                ax.set_title("%s, %s+%s" % (r["workload"], r["sched"],
                                            r["fetch"]), fontsize=8)
        axes[min(len(tbs), nrow) - 1, col].set_xlabel("cycle")
    for p, c in PHASE_COLOURS.items():
        axes[0, -1].bar([0], [0], color=c, label=p)
    axes[0, -1].legend(ncol=3, frameon=False, loc="lower right",
                       bbox_to_anchor=(1.0, 1.12 if len(picked) > 1
                                       else 1.0))
    r = picked[0][0]
    fig.suptitle(f.get("title", "Warp phases, SM %d: %s" % (
        sm, "; ".join("%s %s+%s" % (x["workload"], x["sched"], x["fetch"])
                      for x, _ in picked))), fontsize=9, x=0.02, ha="left")
    return fig


def fig_line(plt, db, f, sweep):
    rows = [dict(r, **{f.get("x"): _num(col_value(r, f.get("x")))})
            for r in fig_rows(db, f, sweep)]
    rows = [r for r in rows if r.get(f.get("x")) not in (None, "default")]
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
           "stall_norm": fig_stall_norm, "stat_bars": fig_stat_bars,
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
