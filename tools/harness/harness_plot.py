"""harness_plot.py - figures from the results database (matplotlib, Agg).

Figure types ([[figure]] tables in a spec; docs/harness.md, Figures):
  speedup      bars of metric(baseline) / metric(run) per group, one bar per
               series value (or per series_list combination), plus a
               geometric-mean group; bars start at the baseline's 1.0
  stall_norm   per group, a stacked bar of the stall classes per series,
               divided by the baseline series' total (Fig. 10)
  stat_bars    a scalar statistic per group and series, plus its mean
  stall        stacked breakdown of the columns named by prefix(es), one
               bar per (group, series), normalised to 1 by default
  tb_lifetime  TB lifetimes per SM over time for one run (tb_events)
  warp_phase   per-warp run / barrier / exited phases of a few TBs, runs
               side by side on one time axis
  line         metric (or speedup) over a swept column, one line per series
Every figure is written as NAME.png, NAME.svg and NAME.pdf, sized for a
two-column paper and without a title (the report writes the caption),
plus NAME.json with the numbers it shows (for caption placeholders).
Series carry the papers' names (display_label: [labels], defaults such
as mwf:gto -> MWF(GTO)) and come in the order the spec lists them.
"""
import json
import math
import os
import sqlite3
import string

# Columns that identify a job; speedups pair runs equal on all of these
# except the ones the baseline fixes.
ID_COLS = ["workload", "size", "seed", "config", "mode", "sched", "fetch",
           "options"]


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
    for r in rows:
        _derive(r)
    return rows


def _derive(r):
    """Columns computed from others: sched_stall, the scheduler cycles
    without an issue (idle + scoreboard + pipeline, GPGPU-Sim's stall
    cycles; PRO's Fig. 5)."""
    if r.get("sched_cycles") is not None and \
            r.get("sched_issued") is not None:
        r["sched_stall"] = r["sched_cycles"] - r["sched_issued"]


def per_kernel_rows(db, rows):
    """One row per (run, kernel): the run's row with every numeric column
    of its launches of that kernel summed (cycles and counts add up;
    ratios such as gpu_ipc are left out) and workload "W:kernel", so that
    speedups pair kernels (PRO's Fig. 4 is per kernel).  A run without
    launch rows stays as it is."""
    if not rows or not _table_exists(db, "launches"):
        return rows
    cols = [c[1] for c in db.execute("PRAGMA table_info(launches)")]
    if "kernel_name" not in cols:
        return rows
    skip = {"key", "launch", "kernel_name"}
    out = []
    for r in rows:
        db.row_factory = sqlite3.Row
        ls = [dict(x) for x in db.execute(
            "SELECT * FROM launches WHERE key = ? ORDER BY launch",
            (r["key"],))]
        db.row_factory = None
        if not ls:
            out.append(r)
            continue
        by = {}
        for ln in ls:
            by.setdefault(str(ln.get("kernel_name")), []).append(ln)
        for k, lns in by.items():
            n = dict(r)
            n["workload"] = "%s:%s" % (r["workload"], k)
            for c in cols:
                if c in skip or c not in r:
                    continue
                vals = [ln.get(c) for ln in lns]
                if all(isinstance(v, int) for v in vals):
                    n[c] = sum(vals)
                else:
                    n.pop(c, None)
            _derive(n)
            out.append(n)
    return out


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


def pair_key(row, ignore, base_sched=None):
    """A run's identity for pairing, minus the columns in ignore.

    Workload, size, seed, config, mode, sched and fetch, plus the run's
    other non-default options (sim_options; the grid JSON for rows
    without it), less the options named by opt_<name> in ignore, and less
    the options the baseline's policy base_sched does not take
    (harness_spec.POLICY_SCOPED: a BOWS run with ddos_hash=mod pairs with
    the GTO run, which has no ddos_hash)."""
    from harness_spec import option_applies
    ig = set(ignore)
    drop = {"gpgpu_scheduler", "fetch_policy", "mode"} | \
        {c[4:] for c in ig if c.startswith("opt_")}
    so = _sim_opts(row)
    if base_sched is not None and so is not None:
        drop |= {k for k in so if not option_applies(k, base_sched)}
    if so is None:
        try:
            so = {k: str(v) for k, v in
                  json.loads(row.get("options") or "{}").items()}
        except (ValueError, AttributeError):
            so = {"options": str(row.get("options"))}
    opts = tuple(sorted((k, v) for k, v in so.items() if k not in drop))
    # workload arguments (arg_<name>, sweep `args`) identify the input
    wargs = tuple(sorted((k, str(v)) for k, v in row.items()
                         if k.startswith("arg_") and v is not None and
                         k not in ig))
    return tuple(str(row.get(c)) for c in ID_COLS
                 if c != "options" and c not in ig) + (opts, wargs)


def _pairs(rows, metric, baseline, policy):
    """(run, baseline run) pairs: runs matching policy with the baseline
    run that agrees on everything the two tables do not name."""
    ignore = set(baseline) | set(policy)
    bs = baseline.get("sched")
    base = {}
    for r in rows:
        if _match(r, baseline) and r.get(metric) is not None:
            base.setdefault(pair_key(r, ignore, bs), r)
    out = []
    for r in rows:
        if not _match(r, policy):
            continue
        b = base.get(pair_key(r, ignore, bs))
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
    rows = fetch_runs(db, sweep, filters, f.get("where"), dedup)
    if f.get("per_kernel"):
        rows = per_kernel_rows(db, rows)
    return rows


# ---- display names ---------------------------------------------------------
# Figures, legends and report tables name policies as the papers do.  A
# series' display name is, in this order: its own `label`; the entry of
# the spec's [labels] table (a figure's `labels` table overrides it)
# for its internal label (e.g. "gto+rr+gpgpu_ibuffer_size=2"); else its
# parts, each looked up in [labels] and then in the defaults below:
# sched "mwf:gto" -> MWF(GTO), fetch "cff" -> +CFF (fetch rr, the
# baseline fetch, is left out when a sched is named), a grid option
# gpgpu_ibuffer_size=4 -> "ibuffer_size=4" (after a comma).

SCHED_NAMES = {"lrr": "LRR", "gto": "GTO", "tl": "TLS", "mwf": "MWF",
               "saws": "SAWS", "oldest": "Oldest", "pro": "PRO"}
# The inner order a two-level name implies when it names none: "mwf" is
# MWF(LRR) (src/sched/mwf.c); SAWS is GTO inside a TB, as the paper's.
SCHED_INNER = {"mwf": "lrr"}
FETCH_NAMES = {"rr": "RR", "cff": "CFF", "fef": "FEF"}
# Statistics as axis and legend text.
STAT_NAMES = {"gpu_sim_cycle": "cycles", "gpu_ipc": "IPC",
              "warp_frac_barrier": "barrier", "warp_frac_exit": "exit",
              "rtru_mean": "RTRU"}


def sched_name(v, labels=None):
    """A --gpgpu_scheduler value in the papers' words: lrr -> LRR,
    mwf -> MWF(LRR), mwf:gto -> MWF(GTO); [labels] entries win."""
    labels = labels or {}
    v = str(v)
    if v in labels:
        return str(labels[v])
    base, _, arg = v.partition(":")
    arg = arg or SCHED_INNER.get(base, "")
    name = SCHED_NAMES.get(base, base.upper())
    return "%s(%s)" % (name, sched_name(arg, labels)) if arg else name


def value_name(col, v, labels=None):
    """One column value as text: sched and fetch by the defaults above,
    a statistic name by STAT_NAMES, anything else as is; [labels]
    entries win."""
    labels = labels or {}
    v = str(v)
    if col == "sched":
        return sched_name(v, labels)
    if v in labels:
        return str(labels[v])
    if col == "fetch":
        return FETCH_NAMES.get(v, v.upper())
    if col == "metric":
        return STAT_NAMES.get(v, v)
    return v


def display_label(c, labels=None, series="sched"):
    """A series' (or policy's) display name; c is a combination table
    {column: value, label} or a plain value of column `series`."""
    labels = labels or {}
    if isinstance(c, dict) and c.get("label"):
        return str(c["label"])
    c = combo(c, series)
    internal = combo_label(c)
    if internal in labels:
        return str(labels[internal])
    name, opts = "", []
    for k, v in c.items():
        if k == "fetch" and "sched" in c and str(v) == "rr" and \
                "rr" not in labels:
            continue
        if k in ("sched", "fetch"):
            name += ("+" if name else "") + value_name(k, v, labels)
        elif k.startswith("opt_"):
            t = "%s=%s" % (k[4:], v)
            opts.append(str(labels.get(t, t[6:] if t.startswith("gpgpu_")
                                       else t)))
        else:
            opts.append(value_name(k, v, labels))
    return ", ".join(([name] if name else []) + opts)


def spec_order(spec):
    """{column: [values in the order the spec lists them]} over every
    sub-sweep (sched, fetch, config, size, seed, mode, opt_<grid>)."""
    import harness_spec
    cols = {"sched": "sched", "fetch": "fetch", "configs": "config",
            "sizes": "size", "seeds": "seed", "mode": "mode"}
    out = {}
    for sw in harness_spec.subsweeps(spec or {}):
        items = [(cols[k], sw.get(k)) for k in cols]
        items += [("opt_" + g, v) for g, v in sorted(
            (sw.get("grid") or {}).items())]
        items += [("arg_" + a.replace("-", "_"), v) for a, v in sorted(
            (sw.get("args") or {}).items())]
        for col, vs in items:
            for v in vs if isinstance(vs, list) else \
                    ([] if vs is None else [vs]):
                lst = out.setdefault(col, [])
                if str(v) not in lst:
                    lst.append(str(v))
    return out


def _order(values, rows, col, first=None, spec_ord=None):
    """values in order: first (the baseline value), then the order the
    spec lists them (spec_ord: spec_order's table), then first
    appearance in rows (manifest order), then sorted."""
    seen = [first] if first in values else []
    for v in (spec_ord or {}).get(col, []):
        if v in values and v not in seen:
            seen.append(v)
    for r in rows:
        v = str(r.get(col))
        if v in values and v not in seen:
            seen.append(v)
    return seen + sorted(set(values) - set(seen))


# ---- rendering -------------------------------------------------------------
# Sizes for a two-column paper: one column is about 3.4 in wide, the
# full text width about 7 in.  Fonts are set for print at 100 %.
COLUMN_W = 3.4
FULL_W = 7.0


def _mpl():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({
        "font.size": 7, "axes.labelsize": 7, "axes.titlesize": 7,
        "xtick.labelsize": 6.5, "ytick.labelsize": 6.5,
        "legend.fontsize": 6.5, "axes.linewidth": 0.6,
        "xtick.major.width": 0.5, "ytick.major.width": 0.5,
        "axes.spines.top": False, "axes.spines.right": False,
        "hatch.linewidth": 0.4,
        "pdf.fonttype": 42,       # TrueType in PDFs (paper submission)
        "svg.fonttype": "none",   # SVG text stays text
        "svg.hashsalt": "warpsim"})
    return plt


def _labels(f):
    return f.get("_labels") or {}


def _group_name(f, g):
    """A group (workload) tick label: [labels] entry or the value."""
    return str(_labels(f).get(g, g))


def _save(fig, out_dir, name, facts=None):
    """NAME.png (200 dpi), NAME.svg, NAME.pdf and NAME.json (the numbers
    the figure shows, for captions); returns the PNG path."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    fig.savefig(base + ".png", dpi=200, bbox_inches="tight", pad_inches=0.02)
    fig.savefig(base + ".svg", bbox_inches="tight", pad_inches=0.02,
                metadata={"Date": None})
    fig.savefig(base + ".pdf", bbox_inches="tight", pad_inches=0.02,
                metadata={"CreationDate": None, "ModDate": None})
    with open(base + ".json.tmp", "w") as fh:
        json.dump(facts or {}, fh, sort_keys=True, indent=1)
    os.replace(base + ".json.tmp", base + ".json")
    return base + ".png"


def _empty(plt, ax, msg):
    ax.text(0.5, 0.5, msg, ha="center", va="center", transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def _legend_above(ax, n, ncol=None):
    """A frameless legend of n entries above the axes, read row by row in
    the order drawn (one row up to 5 entries, else two rows, unless ncol
    says)."""
    c = ncol or (max(n, 1) if n <= 5 else (n + 1) // 2)
    hs, ls = ax.get_legend_handles_labels()
    rows = -(-len(hs) // c)
    # matplotlib fills a legend column by column; reorder so that it
    # reads row by row.
    idx = [r * c + k for k in range(c) for r in range(rows)
           if r * c + k < len(hs)]
    ax.legend([hs[i] for i in idx], [ls[i] for i in idx], ncol=c,
              frameon=False, loc="lower left", bbox_to_anchor=(0.0, 1.01),
              borderaxespad=0.2, handlelength=1.2, columnspacing=1.0)


def _xticks(ax, fig, names, pos=None, bold_last=False):
    """Group tick labels (at pos, default 0, 1, ...), rotated only where
    they would not fit."""
    ax.set_xticks(pos if pos is not None else range(len(names)))
    room = fig.get_size_inches()[0] * 72 * 0.85 / max(len(names), 1)
    longest = max((len(n) for n in names), default=1) * 6.5 * 0.6
    if longest > room:
        ax.set_xticklabels(names, rotation=40, ha="right",
                           rotation_mode="anchor")
    else:
        ax.set_xticklabels(names)
    ax.tick_params(axis="x", length=0)
    if bold_last and names:
        ax.get_xticklabels()[-1].set_fontweight("bold")


def _fit_ylim(ax, values, ref=None, labels_room=0.0, floor=None):
    """y limits around the data (and ref, e.g. the baseline 1.0) with a
    margin; labels_room: extra fraction of the span for value labels."""
    vs = [v for v in values if v is not None]
    if ref is not None:
        vs.append(ref)
    if not vs:
        return
    lo, hi = min(vs), max(vs)
    span = (hi - lo) or max(abs(hi) * 0.02, 0.01)
    pad = 0.08 * span
    top = hi + pad + labels_room * span
    bot = lo - pad - (labels_room * span if ref is not None and lo < ref
                      else 0.0)
    if floor is not None:
        bot = max(bot, floor)
    ax.set_ylim(bot, top)


def _speedup_text(v):
    """A speedup as a compact label: 1.23, or 1.004 for an effect under
    5% (so that 1.004 and 0.996 do not both read 1.00)."""
    return ("%.3f" if abs(v - 1.0) < 0.05 else "%.2f") % v


def _bar_value_labels(ax, xs, vs, ref, rotate, fmt="%.2f"):
    """Compact value labels at the bar ends (beyond ref: above, below
    it: under the bar); fmt is a %-format or a function."""
    for x, v in zip(xs, vs):
        if v is None:
            continue
        up = ref is None or v >= ref
        ax.annotate(fmt(v) if callable(fmt) else fmt % v, (x, v), xytext=(0, 1.5 if up else -1.5),
                    textcoords="offset points", ha="center",
                    va="bottom" if up else "top", fontsize=5,
                    rotation=90 if rotate else 0, clip_on=False)


def _want_values(f, nbars):
    """Which bars get value labels: `value_labels` = "all", "aggregate"
    (the gmean / mean group only) or "none"; by default all when there
    are at most 40 bars, else the aggregate group."""
    v = f.get("value_labels", "all" if nbars <= 40 else "aggregate")
    if v not in ("all", "aggregate", "none"):
        raise ValueError("figure %s: value_labels must be all, aggregate "
                         "or none" % f.get("name"))
    return v


def _grouped_bars(plt, fig, ax, f, groups, snames, vals, agg_name, agg,
                  ref=None, fmt="%.2f"):
    """Side-by-side bars vals[series][group] (bars start at ref, e.g. the
    baseline 1.0, else at 0), an aggregate group last, set apart by a
    shaded background and a bold tick label, and drawn wider (twice, with
    more than 3 series) so its value labels fit.  Returns {series:
    aggregate} and the values drawn."""
    ng = len(groups)
    n = max(len(snames), 1)
    scale = 2.0 if n > 3 else 1.0
    centres = list(range(ng)) + [ng - 0.5 + scale / 2]
    width = min(0.84 / n, 0.5)
    want = _want_values(f, n * (ng + 1))
    cmap = plt.get_cmap("tab10" if n <= 10 else "tab20")
    aggs, drawn = {}, []
    base = ref if ref is not None else 0.0
    for i, s in enumerate(snames):
        v = [vals[s].get(g) for g in groups]
        a = agg([x for x in v if x is not None])
        v.append(a)
        aggs[s] = a
        off = (i - (n - 1) / 2) * width
        xs = [c + off * (scale if k == ng else 1.0)
              for k, c in enumerate(centres)]
        ws = [width] * ng + [width * scale]
        ax.bar(xs, [(x - base) if x is not None else 0 for x in v], ws,
               bottom=base, label=s, color=cmap(i % cmap.N),
               edgecolor="black", linewidth=0.25, zorder=2)
        drawn += [x for x in v if x is not None]
        if want != "none":
            sel = range(len(v)) if want == "all" else [len(v) - 1]
            _bar_value_labels(ax, [xs[k] for k in sel], [v[k] for k in sel],
                              ref, n > 2, fmt)
    ax.axvspan(ng - 0.5, centres[-1] + scale / 2, color="0.92", zorder=0,
               linewidth=0)
    ax.set_xlim(-0.5, centres[-1] + scale / 2)
    _xticks(ax, fig, [_group_name(f, g) for g in groups] + [agg_name],
            centres, bold_last=True)
    ax.yaxis.grid(True, linewidth=0.3, color="0.85", zorder=0)
    ax.set_axisbelow(True)
    return aggs, drawn


def _group_names_below(ax, items, ticklabels):
    """Group names (x, text, bold) under rotated per-bar tick labels."""
    ax.tick_params(axis="x", length=0, pad=1)
    off = 6 + 3.4 * max((len(t) for t in ticklabels), default=0)
    for x, text, bold in items:
        ax.annotate(text, (x, 0), xycoords=("data", "axes fraction"),
                    xytext=(0, -off), textcoords="offset points",
                    ha="center", va="top", fontsize=6.5,
                    fontweight="bold" if bold else "normal")


def _size(f, w, h):
    s = f.get("size")
    return tuple(s) if s else (w, h)


def fig_speedup(plt, db, f, sweep):
    """Bars of speedup over the baseline per group and series, starting
    at the baseline's 1.0 (a line), y axis fitted to the data, value
    labels, and a gmean group."""
    rows = fig_rows(db, f, sweep)
    lab = _labels(f)
    series, group = f.get("series", "sched"), f.get("group", "workload")
    metric = f.get("metric", "gpu_sim_cycle")
    hib = f.get("higher_is_better", False)
    fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.2))
    base = combo(f.get("baseline", {"sched": "lrr"}), series)
    btxt = display_label(f.get("baseline", base), lab, series)
    if f.get("series_list"):
        sp = combo_speedups(rows, metric, base, f["series_list"], group, hib)
        keys = [combo_label(c) for c in f["series_list"]]
        snames = [display_label(c, lab, series) for c in f["series_list"]]
    else:
        sp = speedups(rows, metric, base, series, group, hib)
        bval = str(base.get(series, "lrr"))
        keys = _order(list(sp), rows, series, bval, f.get("_order"))
        if not f.get("show_baseline", False) and len(keys) > 1:
            keys = [s for s in keys if s != bval]
        snames = [value_name(series, s, lab) for s in keys]
    groups = _order({g for s in sp.values() for g in s}, rows, group)
    if not any(sp.get(s) for s in keys) or not groups:
        _empty(plt, ax, "no paired runs")
        return fig, {}
    vals = {n: sp.get(k, {}) for n, k in zip(snames, keys)}
    aggs, drawn = _grouped_bars(plt, fig, ax, f, groups, snames, vals,
                                "gmean", geomean, 1.0, _speedup_text)
    ax.axhline(1.0, color="black", linewidth=0.7, zorder=3)
    n = len(snames)
    room = 0.0 if _want_values(f, n * (len(groups) + 1)) == "none" else \
        (0.22 if n > 2 else 0.1)
    if f.get("ylim"):
        ax.set_ylim(*f["ylim"])
    else:
        _fit_ylim(ax, drawn, 1.0, room, floor=0.0)
    ax.set_ylabel(f.get("ylabel", "speedup over %s" % btxt))
    if f.get("xlabel"):
        ax.set_xlabel(f["xlabel"])
    _legend_above(ax, n)
    facts = {"baseline": btxt, "groups": len(groups),
             "gmean": aggs, "gmean_pct": {s: (v - 1.0) * 100.0
                                          for s, v in aggs.items() if v},
             "max": {s: max(d.values()) for s, d in vals.items() if d},
             "min": {s: min(d.values()) for s, d in vals.items() if d},
             "argmax": {s: max(d, key=d.get) for s, d in vals.items() if d},
             "argmin": {s: min(d, key=d.get) for s, d in vals.items() if d}}
    return fig, facts



# The stall classes of Fig. 10 (warp_cycles_<class> statistics): the
# paper's six, with its fetch hazard ("an empty I-Buffer entry as a result
# of a mismatch between fetch and issue, or an I-cache miss") split into
# our `fetch` (I-cache miss outstanding) and `empty` (I-buffer empty,
# waiting for its fetch turn) so the fetch policies' effect stays visible;
# plus `collector` (ready, but its operand-collector input register is
# full: a structural hazard of the GPGPU-Sim pipeline the paper used) and
# `arbitration` (ready and free to issue, but another warp of its
# scheduler issued), kept apart from `structural` (a busy resource).
STALL_CLASSES = ["control", "data", "structural", "collector",
                 "arbitration", "barrier", "exit", "fetch", "empty"]


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
    snames = [display_label(c, _labels(f)) for c in slist]
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
    lab = _labels(f)
    prefix = f.get("prefix", "warp_cycles_")
    classes = f.get("classes", STALL_CLASSES)
    slist = f.get("series_list") or []
    base = combo(f.get("baseline", slist[0] if slist else {"sched": "lrr"}))
    fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.4))
    have = {r[1] for r in db.execute("PRAGMA table_info(runs)")}
    if not slist or not any(prefix + c in have for c in classes):
        _empty(plt, ax, "no series_list or no %s* statistics" % prefix)
        return fig, {}
    groups, snames, bars = stall_norm_bars(rows, f, have)
    if not groups:
        _empty(plt, ax, "no runs paired with the baseline")
        return fig, {}
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
        ax.bar(xs, v, 0.85, bottom=bottom, label=str(lab.get(c, c)),
               color=cmap(ci), edgecolor="black", linewidth=0.2, zorder=2)
        bottom = [b + x for b, x in zip(bottom, v)]
    ax.set_xticks(xs)
    ax.set_xticklabels([k[1] for k in keys], rotation=90, fontsize=5)
    ax.tick_params(axis="x", length=0, pad=1)
    if "mean" in groups:
        gi = groups.index("mean")
        ax.axvspan(gi * (n + 1) - 0.7, gi * (n + 1) + n - 0.3, color="0.92",
                   zorder=0, linewidth=0)
    _group_names_below(ax, [(gi * (n + 1) + (n - 1) / 2, _group_name(f, g),
                             g == "mean") for gi, g in enumerate(groups)],
                       [k[1] for k in keys])
    ax.set_xlim(-1, len(groups) * (n + 1) - 1)
    ax.axhline(1.0, color="black", linewidth=0.6, linestyle="--", zorder=3)
    _fit_ylim(ax, bottom, 1.0, 0.0, floor=0.0)
    ax.set_ylim(0.0, ax.get_ylim()[1])
    btxt = display_label(f.get("baseline", base), lab)
    ax.set_ylabel(f.get("ylabel", "warp cycles / %s total" % btxt))
    _legend_above(ax, len(classes), ncol=min(len(classes), 8))
    facts = {"baseline": btxt,
             "mean_total": {sn: sum(bars[("mean", sn)]) for sn in snames
                            if ("mean", sn) in bars}}
    for ci, c in enumerate(classes):
        facts["mean_" + c] = {sn: bars[("mean", sn)][ci] for sn in snames
                              if ("mean", sn) in bars}
    return fig, facts


def fig_stat_bars(plt, db, f, sweep):
    """A scalar statistic (or several) per group and series, with an
    average group; `stack = true` stacks the metrics in one bar."""
    rows = fig_rows(db, f, sweep)
    lab = _labels(f)
    group = f.get("group", "workload")
    metrics = f.get("metrics") or [f.get("metric", "gpu_ipc")]
    mnames = [value_name("metric", m, lab) for m in metrics]
    scale = 100.0 if f.get("percent", False) else 1.0
    slist = f.get("series_list")
    col = f.get("series", "sched")
    if not slist:
        slist = [{col: v} for v in _order({str(r.get(col)) for r in rows},
                                          rows, col, None, f.get("_order"))]
    snames = [display_label(c, lab, col) for c in slist]
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
    fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.2))
    if not groups:
        _empty(plt, ax, "no values of %s" % ", ".join(metrics))
        return fig, {}
    agg = geomean if f.get("aggregate", "mean") == "geomean" else \
        (lambda v: sum(v) / len(v) if v else None)
    aname = "gmean" if f.get("aggregate", "mean") == "geomean" else "mean"
    fmt = "%.0f" if scale == 100.0 else "%.2g"
    facts = {}
    if f.get("stack", False) and len(metrics) > 1:
        allg = groups + [aname]
        width = 0.84 / len(snames)
        want = _want_values(f, len(snames) * len(allg))
        cmap = plt.get_cmap("tab10")
        hatches = ["", "////", "....", "xxxx", "\\\\\\\\"]
        tops = []
        for si, sn in enumerate(snames):
            xs = [k + (si - (len(snames) - 1) / 2) * width
                  for k in range(len(allg))]
            bottom = [0.0] * len(allg)
            for mi, m in enumerate(metrics):
                d = vals[(sn, m)]
                v = [d.get(g) for g in groups]
                v.append(agg([x for x in v if x is not None]))
                facts.setdefault(aname, {})["%s %s" % (sn, mnames[mi])] = \
                    v[-1]
                v = [x or 0 for x in v]
                ax.bar(xs, v, width, bottom=bottom, color=cmap(mi),
                       hatch=hatches[si % len(hatches)], edgecolor="black",
                       linewidth=0.25, zorder=2,
                       label="%s %s" % (sn, mnames[mi]))
                bottom = [b + x for b, x in zip(bottom, v)]
            tops += bottom
            if want != "none":
                sel = range(len(allg)) if want == "all" else [len(allg) - 1]
                _bar_value_labels(ax, [xs[k] for k in sel],
                                  [bottom[k] for k in sel], None,
                                  len(snames) > 2, fmt)
        ax.axvspan(len(allg) - 1.5, len(allg) - 0.5, color="0.92",
                   zorder=0, linewidth=0)
        ax.set_xlim(-0.5, len(allg) - 0.5)
        _xticks(ax, fig, [_group_name(f, g) for g in groups] + [aname],
                None, bold_last=True)
        ax.yaxis.grid(True, linewidth=0.3, color="0.85", zorder=0)
        ax.set_axisbelow(True)
        _fit_ylim(ax, tops + [0.0], None, 0.12, floor=0.0)
        ax.set_ylim(0.0, ax.get_ylim()[1])
    else:
        keys = [(sn, m) for sn in snames for m in metrics]
        names = ["%s %s" % (sn, value_name("metric", m, lab))
                 if len(metrics) > 1 else sn for sn, m in keys]
        aggs, drawn = _grouped_bars(
            plt, fig, ax, f, groups, names,
            {n: vals[k] for n, k in zip(names, keys)}, aname, agg, None, fmt)
        facts[aname] = aggs
        _fit_ylim(ax, drawn + [0.0], None, 0.12, floor=0.0)
        ax.set_ylim(0.0, ax.get_ylim()[1])
    unit = " (%)" if scale == 100.0 else ""
    ax.set_ylabel(f.get("ylabel", ", ".join(mnames) + unit))
    if f.get("xlabel"):
        ax.set_xlabel(f["xlabel"])
    _legend_above(ax, len(snames) * (len(metrics) if f.get("stack") else 1))
    return fig, facts


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
    lab = _labels(f)
    cols = stall_columns(db, f)
    series, group = f.get("series", "sched"), f.get("group", "workload")
    fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.4))
    if not rows or not cols:
        _empty(plt, ax, "no statistics with prefix %s" % f.get("prefix"))
        return fig, {}
    bars = {}
    for r in rows:
        k = (str(r.get(group)), str(r.get(series)))
        vals = bars.setdefault(k, [0.0] * len(cols))
        for i, c in enumerate(cols):
            vals[i] += float(r.get(c) or 0)
    groups = _order({g for g, _ in bars}, rows, group)
    snames = _order({s for _, s in bars}, rows, series, None,
                    f.get("_order"))
    keys = [(g, s) for g in groups for s in snames if (g, s) in bars]
    norm = f.get("normalise", True)
    bottom = [0.0] * len(keys)
    cmap = plt.get_cmap("tab10" if len(cols) <= 10 else "tab20")
    xs = []
    for g, s in keys:
        xs.append(groups.index(g) * (len(snames) + 1) + snames.index(s))
    for i, c in enumerate(cols):
        vals = []
        for k in keys:
            tot = sum(bars[k]) or 1.0
            vals.append(bars[k][i] / tot if norm else bars[k][i])
        pre = f.get("prefix", "")
        name = c[len(pre):] if isinstance(pre, str) and c.startswith(pre) \
            else c
        ax.bar(xs, vals, 0.85, bottom=bottom, label=str(lab.get(c, name)),
               color=cmap(i % cmap.N), edgecolor="black", linewidth=0.2,
               zorder=2)
        bottom = [b + v for b, v in zip(bottom, vals)]
    if len(snames) > 1:
        ax.set_xticks(xs)
        ax.set_xticklabels([value_name(series, k[1], lab) for k in keys],
                           rotation=90, fontsize=5)
        _group_names_below(ax, [(gi * (len(snames) + 1) +
                                 (len(snames) - 1) / 2, _group_name(f, g),
                                 False) for gi, g in enumerate(groups)],
                           [value_name(series, k[1], lab) for k in keys])
    else:
        ax.set_xticks(xs)
        ax.set_xticklabels([_group_name(f, k[0]) for k in keys])
    ax.set_ylabel(f.get("ylabel", "fraction of cycles" if norm else "cycles"))
    if f.get("xlabel"):
        ax.set_xlabel(f["xlabel"])
    ax.legend(ncol=1, frameon=False, bbox_to_anchor=(1.0, 1.0),
              loc="upper left")
    return fig, {}


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


def _run_name(r, f, with_workload):
    """A run's display name (its policy combination, and its workload
    where the figure's runs differ in it)."""
    n = display_label({"sched": r["sched"], "fetch": r["fetch"]},
                      _labels(f))
    return "%s, %s" % (_group_name(f, r["workload"]), n) if with_workload \
        else n


def fig_tb_lifetime(plt, db, f, sweep):
    """TB lifetimes per SM over cycles, TBs that overlap on an SM stacked.
    `run = {...}` (or filter) picks the run; `runs = [{...}, {...}]` draws
    one panel per run, one above the other on one time axis (PRO's Fig.
    2: LRR and PRO); `sm` keeps one SM (all by default)."""
    sels = f.get("runs") or [f.get("run")]
    picked = [r for r in (_pick_run(db, f, sweep, "tb_events", sel)
                          for sel in sels) if r]
    if not picked:
        fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.4))
        _empty(plt, ax, "no TB events (run with trace = true)")
        return fig, {}
    launch, one_sm = f.get("launch", 0), f.get("sm")
    fig, axes = plt.subplots(
        len(picked), 1, squeeze=False, sharex=True,
        figsize=_size(f, FULL_W, 0.4 + (2.0 if one_sm is None else 1.3) *
                      len(picked)))
    several = len({r["workload"] for r in picked}) > 1
    facts = {"cycles": {}}
    cmap = plt.get_cmap("tab20")
    for (ax,), r in zip(axes, picked):
        q = ('SELECT sm, tb, start, "end" FROM tb_events WHERE key = ? '
             "AND launch = ?")
        args = [r["key"], launch]
        if one_sm is not None:
            q += " AND sm = ?"
            args.append(int(one_sm))
        ev = db.execute(q + " ORDER BY sm, start, tb", args).fetchall()
        lanes, placed = {}, []   # sm -> lane end times; (lane, event)
        for sm, tb, start, end in ev:
            ls = lanes.setdefault(sm, [])
            for i, e in enumerate(ls):
                if e <= start:
                    break
            else:
                i = len(ls)
                ls.append(0)
            ls[i] = end
            placed.append((i, sm, tb, start, end))
        for i, sm, tb, start, end in placed:
            hgt = 0.8 / len(lanes[sm])   # every lane of an SM alike
            ax.broken_barh([(start, end - start)], (sm + i * hgt, hgt),
                           color=cmap(tb % 20), edgecolor="black",
                           linewidth=0.2)
        yt = sorted(lanes)
        ax.set_yticks([sm + 0.4 for sm in yt])
        ax.set_yticklabels([str(sm) for sm in yt], fontsize=6)
        ax.set_ylabel("SM")
        name = _run_name(r, f, several)
        ax.text(1.0, 1.01, name, transform=ax.transAxes, ha="right",
                va="bottom")
        facts["cycles"][name] = max((e[3] for e in ev), default=0)
    axes[-1][0].set_xlabel("cycle")
    if len(picked) == 1:
        name = next(iter(facts["cycles"]))
        return fig, {"run": name, "cycles": facts["cycles"][name]}
    return fig, facts


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
    [{...}, {...}]` draws one column per run (e.g. GTO beside LRR), all
    panels on one time axis (same x limits) so the runs compare."""
    sels = f.get("runs") or [f.get("run")]
    launch, sm = f.get("launch", 0), f.get("sm", 0)
    picked = []
    for sel in sels:
        r = _pick_run(db, f, sweep, "warp_phases", sel)
        if r:
            picked.append((r, _first_tbs(db, r["key"], launch, sm,
                                         f.get("max_tbs", 4))))
    if not picked or not any(t for _, t in picked):
        fig, ax = plt.subplots(figsize=_size(f, FULL_W, 2.0))
        _empty(plt, ax, "no warp phases (run with trace = true)")
        return fig, {}
    nrow = max(len(t) for _, t in picked) or 1
    ncol = len(picked)
    fig, axes = plt.subplots(
        nrow, ncol, squeeze=False, sharex=True,
        figsize=_size(f, FULL_W if ncol > 1 else COLUMN_W * 1.4,
                      0.5 + 0.75 * nrow),
        gridspec_kw={"hspace": 0.12, "wspace": 0.12})
    several = len({r["workload"] for r, _ in picked}) > 1 or ncol == 1
    t0, t1, facts = None, None, {"cycles": {}, "first": {}}
    for col, (r, tbs) in enumerate(picked):
        name = _run_name(r, f, several)
        last = None
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
                               color=PHASE_COLOURS.get(p, "tab:blue"),
                               linewidth=0)
                t0 = st if t0 is None else min(t0, st)
                t1 = en if t1 is None else max(t1, en)
                last = en if last is None else max(last, en)
            if col == 0:
                ax.set_ylabel("TB %d\nwarp" % tb, fontsize=6)
            else:
                ax.set_ylabel("TB %d" % tb, fontsize=6)
            ax.yaxis.get_major_locator().set_params(integer=True)
            ax.tick_params(axis="y", labelsize=5.5)
            if row == 0:
                ax.set_title(name, fontsize=7, loc="left", pad=3)
        axes[min(len(tbs), nrow) - 1, col].set_xlabel("cycle")
        axes[min(len(tbs), nrow) - 1, col].tick_params(labelbottom=True)
        facts["cycles"][name] = last
    if t0 is not None:
        pad = 0.01 * max(t1 - t0, 1)
        for ax in axes.flat:
            ax.set_xlim(t0 - pad, t1 + pad)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in
               PHASE_COLOURS.values()]
    # Above the top-right panel, right-aligned (column titles are left).
    axes[0, -1].legend(handles, list(PHASE_COLOURS), ncol=3, frameon=False,
                       loc="lower right", bbox_to_anchor=(1.0, 1.0),
                       borderaxespad=0.1, handlelength=1.0,
                       columnspacing=0.8)
    return fig, facts


def fig_line(plt, db, f, sweep):
    rows = [dict(r, **{f.get("x"): _num(col_value(r, f.get("x")))})
            for r in fig_rows(db, f, sweep)]
    rows = [r for r in rows if r.get(f.get("x")) not in (None, "default")]
    lab = _labels(f)
    x, series = f.get("x"), f.get("series", "sched")
    metric = f.get("metric", "gpu_sim_cycle")
    fig, ax = plt.subplots(figsize=_size(f, COLUMN_W, 2.2))
    ref = None
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
        ylabel = "geomean speedup over %s" % display_label(
            f["baseline"], lab, series)
        ref = 1.0
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
        ylabel = value_name("metric", metric, lab)
    if not lines:
        _empty(plt, ax, "no runs with column %s" % x)
        return fig, {}
    ys = []
    for s in _order(list(lines), rows, series, None, f.get("_order")):
        xs = sorted(k for k in lines[s] if k is not None)
        ax.plot(xs, [lines[s][k] for k in xs], marker="o", markersize=3,
                linewidth=1.0, label=value_name(series, s, lab))
        ys += [lines[s][k] for k in xs]
    if ref is not None:
        ax.axhline(ref, color="black", linewidth=0.7, linestyle="--")
    _fit_ylim(ax, ys, ref, 0.05)
    xname = x[4:] if x.startswith("opt_") else x
    ax.set_xlabel(f.get("xlabel", str(lab.get(x, xname))))
    ax.set_ylabel(f.get("ylabel", ylabel))
    ax.yaxis.grid(True, linewidth=0.3, color="0.85")
    _legend_above(ax, len(lines))
    return fig, {"values": {value_name(series, s, lab): {str(k): v for k, v
                                                         in d.items()}
                            for s, d in lines.items()}}


FIGURES = {"speedup": fig_speedup, "stall": fig_stall,
           "stall_norm": fig_stall_norm, "stat_bars": fig_stat_bars,
           "tb_lifetime": fig_tb_lifetime, "warp_phase": fig_warp_phase,
           "line": fig_line}


def prepare(figures, spec=None):
    """The figure tables with what rendering needs from the spec: the
    display names (`_labels`: [labels] updated with the figure's own
    `labels`) and the spec order of column values (`_order`)."""
    spec = spec or {}
    base = dict(spec.get("labels") or {})
    order = spec_order(spec) if spec.get("sweep") else {}
    return [dict(f, _labels=dict(base, **(f.get("labels") or {})),
                 _order=order) for f in figures]


def draw(plt, db, f):
    """(matplotlib figure, facts) for one prepared figure table; facts
    are the numbers it shows, for captions."""
    kind = f.get("type")
    if kind not in FIGURES:
        raise ValueError("figure type '%s' (one of %s)"
                         % (kind, ", ".join(FIGURES)))
    return FIGURES[kind](plt, db, f, f.get("_sweep"))


def plot_all(db_path, figures, out_dir, sweep=None, spec=None):
    """Render every figure spec into NAME.png, .svg, .pdf (and .json, the
    numbers shown); returns the PNG paths in order.  spec (the whole
    spec) supplies [labels] and the order series are drawn in."""
    plt = _mpl()
    db = sqlite3.connect(db_path)
    paths = []
    for i, f in enumerate(prepare(figures, spec)):
        f["_sweep"] = sweep
        fig, facts = draw(plt, db, f)
        paths.append(_save(fig, out_dir, f.get("name", "%s%d" % (
            f.get("type"), i)), facts))
        plt.close(fig)
    db.close()
    return paths


class _CaptionFormatter(string.Formatter):
    """str.format for captions: a field the figure did not compute (no
    such name or series, or no value) prints as n/a."""

    def get_field(self, field_name, args, kwargs):
        try:
            return super().get_field(field_name, args, kwargs)
        except (KeyError, IndexError, AttributeError, TypeError):
            return None, field_name

    def format_field(self, value, format_spec):
        if value is None:
            return "n/a"
        return super().format_field(value, format_spec)


def caption(f, facts=None):
    """A figure's caption text: `caption` (old name: `title`), with
    {placeholders} filled from the numbers the figure shows (facts,
    NAME.json: e.g. {gmean[GTO]:.3f}, {gmean_pct[BAWS]:+.1f},
    {argmax[GTO]}); a value the figure did not compute prints as n/a,
    never a guess."""
    text = " ".join(str(f.get("caption") or f.get("title") or
                        f.get("name", "")).split())
    try:
        return _CaptionFormatter().format(text, **(facts or {}))
    except ValueError as e:    # a malformed format string
        return "%s (caption error: %s)" % (text, e)


def describe(f):
    """One line describing a figure spec (for reports)."""
    return caption(f) or json.dumps(f, sort_keys=True)
