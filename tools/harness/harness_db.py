"""harness_db.py - load run directories into the SQLite results database.

Tables (docs/harness.md has the full schema):
  runs          one row per run: job identity, status, grid options as
                opt_<name> columns, every scalar statistic of "total" as a
                column (columns are added as new statistics appear)
  launches      one row per (run, launch): every scalar per-launch statistic
  run_config    the effective configuration the run printed (name, value)
  stat_arrays   array-valued statistics as JSON text (launch -1 = total)
  tb_events     TB lifetimes from a trace: run, launch, sm, tb, start, end
  warp_phases   per-warp phases (run / barrier / exited) from a trace
  sweep_runs    which sweep (experiment) asked for which run
  sweep_jobs    what each of a sweep's jobs is (workload, config, policies),
                so reports can name jobs that failed or were never collected
  subsweep_runs which sub-sweep ([[sweep]] entry) of a sweep asked for it
  workload_classes  the manifest's suite classes per workload
  workloads     manifest order (ord) and classes per workload
Collecting is idempotent: rows are keyed by run key and replaced.  A run
whose status says ok but whose statistics file is not complete is stored
as failed, with the reason, and without statistics.
"""
import json
import math
import os
import re
import sqlite3

from harness_run import stats_problem
from harness_spec import HarnessError

# runs columns that are not statistics (a statistic with one of these
# names is stored as stat_<name>).
META = [
    ("key", "TEXT PRIMARY KEY"), ("key16", "TEXT"), ("workload", "TEXT"),
    ("classes", "TEXT"), ("size", "TEXT"), ("seed", "INTEGER"),
    ("config", "TEXT"), ("config_hash", "TEXT"), ("mode", "TEXT"),
    ("sched", "TEXT"), ("fetch", "TEXT"), ("options", "TEXT"),
    ("sim_options", "TEXT"), ("warpsim_version", "TEXT"),
    ("status", "TEXT"), ("exit_status", "INTEGER"), ("error", "TEXT"),
    ("wall_s", "REAL"), ("host", "TEXT"), ("started_at", "REAL"),
    ("finished_at", "REAL"), ("trace", "INTEGER"),
]
META_NAMES = {n for n, _ in META}
# Columns that vary from one execution of the same job to the next.
VOLATILE = {"wall_s", "host", "started_at", "finished_at"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (%s);
CREATE TABLE IF NOT EXISTS launches (key TEXT, launch INTEGER,
    PRIMARY KEY (key, launch));
CREATE TABLE IF NOT EXISTS run_config (key TEXT, name TEXT, value,
    PRIMARY KEY (key, name));
CREATE TABLE IF NOT EXISTS stat_arrays (key TEXT, launch INTEGER,
    name TEXT, value TEXT, PRIMARY KEY (key, launch, name));
CREATE TABLE IF NOT EXISTS tb_events (key TEXT, launch INTEGER,
    sm INTEGER, tb INTEGER, start INTEGER, "end" INTEGER);
CREATE INDEX IF NOT EXISTS tb_events_key ON tb_events (key);
CREATE TABLE IF NOT EXISTS warp_phases (key TEXT, launch INTEGER,
    sm INTEGER, tb INTEGER, warp INTEGER, phase TEXT, start INTEGER,
    "end" INTEGER);
CREATE INDEX IF NOT EXISTS warp_phases_key ON warp_phases (key);
CREATE TABLE IF NOT EXISTS sweep_runs (sweep TEXT, key TEXT,
    PRIMARY KEY (sweep, key));
CREATE TABLE IF NOT EXISTS subsweep_runs (sweep TEXT, subsweep TEXT,
    key TEXT, PRIMARY KEY (sweep, subsweep, key));
CREATE TABLE IF NOT EXISTS sweep_jobs (sweep TEXT, key TEXT, workload TEXT,
    config TEXT, mode TEXT, sched TEXT, fetch TEXT, size TEXT,
    seed INTEGER, PRIMARY KEY (sweep, key));
CREATE TABLE IF NOT EXISTS workload_classes (workload TEXT, class TEXT,
    PRIMARY KEY (workload, class));
CREATE TABLE IF NOT EXISTS workloads (workload TEXT PRIMARY KEY,
    ord INTEGER, classes TEXT);
""" % ", ".join("%s %s" % c for c in META)


def q(name):
    """Quote an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def open_db(path):
    """Open (creating it if needed) the database for collecting."""
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    if os.path.exists(path):
        open_existing(path).close()     # a corrupt file: one-line error
    db = sqlite3.connect(path)
    try:
        db.executescript(SCHEMA)
    except sqlite3.DatabaseError as e:
        db.close()
        raise HarnessError("database %s: %s" % (path, e))
    return db


def open_existing(path):
    """Open a results database for reading; a missing file, a file that
    is not SQLite or one without a runs table is a HarnessError."""
    if not os.path.isfile(path):
        raise HarnessError("no database %s (run `warpsim collect` first, or "
                           "pass --db)" % path)
    db = sqlite3.connect(path)
    try:
        names = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names:
            db.executescript(SCHEMA)    # an empty file: an empty database
    except sqlite3.DatabaseError as e:
        db.close()
        raise HarnessError("database %s: %s" % (path, e))
    if names and "runs" not in names:
        db.close()
        raise HarnessError("database %s has no runs table (not a warpsim "
                           "results database)" % path)
    return db


def _columns(db, table):
    return {r[1] for r in db.execute("PRAGMA table_info(%s)" % q(table))}


def _ensure_columns(db, table, names, have):
    for n in names:
        if n not in have:
            db.execute("ALTER TABLE %s ADD COLUMN %s" % (q(table), q(n)))
            have.add(n)


# ---- statistics files ------------------------------------------------------

def _scalar(v):
    """Text value -> int, float (None for NaN) or string."""
    v = v.strip()
    if re.fullmatch(r"[-+]?\d+", v):
        return int(v)
    try:
        f = float(v)
        return None if math.isnan(f) else f
    except ValueError:
        return v


# The lines the simulator prints once, at shutdown, after the last launch.
FINAL_NAMES = ("gpu_tot_warp_insn", "gpu_tot_launches",
               "gpgpu_simulation_time", "gpgpu_simulation_rate")


def is_running_total(name):
    """A statistic each launch prints as the total over the run so far."""
    return (name.startswith("gpu_tot_") or name in
            ("gpgpu_n_tot_w_icount", "L2_BW_total"))


def parse_text_stats(text):
    """The plain-text `name = value` form, shaped like the JSON form.

    Per-launch blocks start at kernel_name; the end-of-run lines
    (FINAL_NAMES, src/sim/sim.c sim_final_lines) or a name repeated inside
    a block start the closing totals block.  The running totals each
    launch prints (RUNNING_TOTAL) are taken from the last launch; other
    totals the text does not print are summed over launches (gpu_max_*
    and max_* take the maximum)."""
    cfg, launches, tot_block = {}, [], {}
    version, cur = None, None
    for line in text.splitlines():
        m = re.match(r"^warpsim (\S+): effective configuration", line)
        if m:
            version = m.group(1)
            continue
        m = re.match(r"^\s*(-?)([^\s=]+)\s*=\s*(.*)$", line)
        if not m:
            continue
        dash, name, val = m.groups()
        if dash and cur is None:
            cfg[name] = _scalar(val) if val.strip() else ""
            continue
        if name == "kernel_name":
            cur = {}
            launches.append(cur)
        elif cur is None or (cur is not tot_block and
                             (name in cur or name in FINAL_NAMES)):
            cur = tot_block
        cur[name] = _scalar(val)
    total = {}
    for ln in launches:
        for k, v in ln.items():
            if not isinstance(v, int) or isinstance(v, bool):
                continue
            if k in ("kernel_launch_uid",) or is_running_total(k):
                continue
            if k.startswith(("gpu_max_", "max_")):
                total[k] = max(total.get(k, v), v)
            else:
                total[k] = total.get(k, 0) + v
    if total.get("gpu_sim_cycle"):
        total["gpu_ipc"] = total.get("gpu_sim_insn", 0) / total["gpu_sim_cycle"]
    if launches:
        total.update({k: v for k, v in launches[-1].items()
                      if is_running_total(k)})
    total.update(tot_block)
    return {"warpsim_version": version, "config": cfg, "launches": launches,
            "total": total, "complete": True}


def load_stats(path):
    """Stats file (JSON, or the plain-text fallback) as a dict, or None."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            return obj
    except ValueError:
        pass
    if text.lstrip().startswith(("{", "[")):
        return None      # broken JSON is not the plain-text form
    return parse_text_stats(text)


def _split(d):
    """(scalars, arrays) of a stats dict; NaN stays None."""
    sc, ar = {}, {}
    for k, v in (d or {}).items():
        if isinstance(v, (list, dict)):
            ar[k] = v
        elif isinstance(v, float) and math.isnan(v):
            sc[k] = None
        else:
            sc[k] = v
    return sc, ar


# ---- traces ----------------------------------------------------------------

def parse_trace(path):
    """(tb_rows, phase_rows) from a `cycle event sm tb warp` trace.

    A launch starts at a launch event or at a tb_start of a TB id that
    already started in this launch (warpsim restarts cycles and TB ids
    per launch and prints no launch event).  bar_release names
    one warp, or none (`-` or -1): then it releases every warp of the TB
    that is waiting at the barrier."""
    tbs, phases = [], []
    open_tb = {}      # (sm, tb) -> [launch, sm, tb, start, end]
    warp = {}         # (sm, tb, warp) -> (phase, start)
    tb_start = {}     # (sm, tb) -> start cycle
    launch, started = 0, set()   # TB ids started in this launch
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#") or len(w) < 2:
                continue
            if w[1] in ("launch", "launch_start", "kernel_start"):
                launch += 1 if (tbs or open_tb) else 0
                open_tb, warp, tb_start, started = {}, {}, {}, set()
                continue
            if len(w) < 4:
                continue
            try:
                cyc, ev, sm, tb = int(w[0]), w[1], int(w[2]), int(w[3])
                wp = int(w[4]) if len(w) > 4 and w[4] not in ("-",) else -1
            except ValueError:
                continue
            if ev == "tb_start" and tb in started:
                launch += 1
                open_tb, warp, tb_start, started = {}, {}, {}, set()
            t = (sm, tb)
            if ev == "tb_start":
                started.add(tb)
                open_tb[t] = [launch, sm, tb, cyc, None]
                tb_start[t] = cyc
                continue
            if ev == "tb_end":
                row = open_tb.pop(t, [launch, sm, tb, tb_start.get(t, cyc),
                                      None])
                row[4] = cyc
                tbs.append(tuple(row))
                for k in sorted(k for k in warp if k[:2] == t):
                    ph, st = warp.pop(k)
                    phases.append((launch, sm, tb, k[2], ph, st, cyc))
                continue
            nxt = {"bar_arrive": "barrier", "bar_release": "run",
                   "warp_exit": "exited"}.get(ev)
            if nxt is None:
                continue
            if ev == "bar_release" and wp < 0:
                for k in sorted(k for k in warp if k[:2] == t):
                    ph, st = warp[k]
                    if ph == "barrier":
                        phases.append((launch, sm, tb, k[2], ph, st, cyc))
                        warp[k] = ("run", cyc)
                continue
            k = (sm, tb, wp)
            ph, st = warp.get(k, ("run", tb_start.get(t, cyc)))
            phases.append((launch, sm, tb, wp, ph, st, cyc))
            warp[k] = (nxt, cyc)
    return tbs, phases


# ---- collect ---------------------------------------------------------------

def _read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


JOB_KEYS = ("key", "key16", "workload", "config", "sched", "fetch", "size",
            "ident")


def check_job(job, where):
    """A job.json's contents must be an object with the job fields."""
    if not isinstance(job, dict):
        raise HarnessError("%s: job.json is not a job (a JSON object "
                           "expected, got %s)" % (where, type(job).__name__))
    miss = [k for k in JOB_KEYS if k not in job]
    if miss or not isinstance(job.get("ident"), dict):
        raise HarnessError("%s: job.json lacks %s" % (
            where, ", ".join(miss) or "an ident object"))
    return job


def collect_run(db, run_dir, have_runs, have_launches):
    """Insert or replace one run directory; returns its key or None (not
    a finished run).  A malformed job.json is a HarnessError.  A run whose
    status is ok but whose stats file is incomplete is stored as failed
    with the reason, and without statistics."""
    job = _read_json(os.path.join(run_dir, "job.json"))
    st = _read_json(os.path.join(run_dir, "status.json"))
    if job is None or not isinstance(st, dict):
        return None
    check_job(job, run_dir)
    key = job["key"]
    status, error = st.get("status"), st.get("error")
    stats = {}
    if status == "ok":
        why = stats_problem(os.path.join(run_dir, "stats.json"))
        if why:
            status, error = "failed", why
        else:
            stats = load_stats(os.path.join(run_dir, "stats.json")) or {}
    row = {
        "key": key, "key16": job["key16"], "workload": job["workload"],
        "classes": job.get("classes"), "size": str(job["size"]),
        "seed": job.get("seed"), "config": job["config"],
        "config_hash": job.get("config_sha256"), "mode": job.get("mode"),
        "sched": job["sched"], "fetch": job["fetch"],
        "options": json.dumps(job.get("grid", {}), sort_keys=True),
        "sim_options": json.dumps(job["ident"]["options"]),
        "warpsim_version": stats.get("warpsim_version") or
        job["ident"]["warpsim_version"],
        "status": status, "exit_status": st.get("exit_status"),
        "error": error, "wall_s": st.get("wall_s"),
        "host": st.get("host"), "started_at": st.get("started_at"),
        "finished_at": st.get("finished_at"),
        "trace": 1 if job.get("trace") else 0,
    }
    for g, v in job.get("grid", {}).items():
        row["opt_" + g] = v
    for a, v in (job.get("args") or {}).items():
        row["arg_" + a.replace("-", "_")] = v
    sc, ar = _split(stats.get("total"))
    for k, v in sc.items():
        row["stat_" + k if k in META_NAMES or k.startswith("opt_") or
            k.startswith("arg_") else k] = v
    _ensure_columns(db, "runs", row, have_runs)
    cols = list(row)
    db.execute("INSERT OR REPLACE INTO runs (%s) VALUES (%s)" % (
        ", ".join(q(c) for c in cols), ", ".join("?" * len(cols))),
        [row[c] for c in cols])
    for t in ("launches", "run_config", "stat_arrays", "tb_events",
              "warp_phases"):
        db.execute("DELETE FROM %s WHERE key = ?" % t, (key,))
    for name, v in sorted(ar.items()):
        db.execute("INSERT INTO stat_arrays VALUES (?, -1, ?, ?)",
                   (key, name, json.dumps(v)))
    for i, ln in enumerate(stats.get("launches") or []):
        lsc, lar = _split(ln)
        lrow = {"key": key, "launch": i}
        lrow.update({("stat_" + k if k in ("key", "launch") else k): v
                     for k, v in lsc.items()})
        _ensure_columns(db, "launches", lrow, have_launches)
        cols = list(lrow)
        db.execute("INSERT INTO launches (%s) VALUES (%s)" % (
            ", ".join(q(c) for c in cols), ", ".join("?" * len(cols))),
            [lrow[c] for c in cols])
        for name, v in sorted(lar.items()):
            db.execute("INSERT INTO stat_arrays VALUES (?, ?, ?, ?)",
                       (key, i, name, json.dumps(v)))
    for name, v in sorted((stats.get("config") or {}).items()):
        if isinstance(v, (list, dict)):
            v = json.dumps(v)
        db.execute("INSERT INTO run_config VALUES (?, ?, ?)", (key, name, v))
    tr = os.path.join(run_dir, "trace.txt")
    if os.path.isfile(tr):
        tbs, phases = parse_trace(tr)
        db.executemany("INSERT INTO tb_events VALUES (?, ?, ?, ?, ?, ?)",
                       [(key,) + r for r in tbs])
        db.executemany("INSERT INTO warp_phases VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [(key,) + r for r in phases])
    return key


def collect_sweeps(db, out_dir):
    """Load sweeps/<name>.json membership lists into sweep_runs."""
    sd = os.path.join(out_dir, "sweeps")
    if not os.path.isdir(sd):
        return
    for fn in sorted(os.listdir(sd)):
        if not fn.endswith(".json"):
            continue
        sw = _read_json(os.path.join(sd, fn))
        if not isinstance(sw, dict) or "keys" not in sw:
            continue
        db.execute("DELETE FROM sweep_runs WHERE sweep = ?", (sw["name"],))
        db.executemany("INSERT INTO sweep_runs VALUES (?, ?)",
                       [(sw["name"], k) for k in sw["keys"]])
        db.execute("DELETE FROM subsweep_runs WHERE sweep = ?", (sw["name"],))
        db.executemany("INSERT OR IGNORE INTO subsweep_runs VALUES (?, ?, ?)",
                       [(sw["name"], sub, k) for sub, ks in
                        sorted((sw.get("subsweeps") or {}).items())
                        for k in ks])
        db.execute("DELETE FROM sweep_jobs WHERE sweep = ?", (sw["name"],))
        db.executemany(
            "INSERT OR REPLACE INTO sweep_jobs VALUES (?, ?, ?, ?, ?, ?, ?, "
            "?, ?)", [(sw["name"], j.get("key"), j.get("workload"),
                       j.get("config"), j.get("mode"), j.get("sched"),
                       j.get("fetch"), None if j.get("size") is None
                       else str(j["size"]), j.get("seed"))
                      for j in sw.get("jobs") or [] if isinstance(j, dict)])


def collect(db_path, run_dirs, out_dir=None, manifest=None, errors=None):
    """Collect run directories (and the sweep lists under out_dir);
    returns how many runs were loaded.  A run directory with a malformed
    job.json is skipped; its message goes to errors (a list), or raises
    when errors is None."""
    db = open_db(db_path)
    have_runs, have_l = _columns(db, "runs"), _columns(db, "launches")
    n = 0
    with db:
        for d in run_dirs:
            try:
                if collect_run(db, d, have_runs, have_l):
                    n += 1
            except HarnessError as e:
                if errors is None:
                    raise
                errors.append(str(e))
        if out_dir:
            collect_sweeps(db, out_dir)
        for i, (w, cs) in enumerate(manifest or []):
            db.execute("INSERT OR REPLACE INTO workloads VALUES (?, ?, ?)",
                       (w, i, ",".join(cs)))
            for c in cs:
                db.execute("INSERT OR REPLACE INTO workload_classes "
                           "VALUES (?, ?)", (w, c))
    db.close()
    return n


def run_dirs_under(out_dir):
    """Finished run directories under out_dir/runs (scratch ones skipped)."""
    rd = os.path.join(out_dir, "runs")
    if not os.path.isdir(rd):
        return []
    return [os.path.join(rd, d) for d in sorted(os.listdir(rd))
            if not d.startswith(".")
            and os.path.isfile(os.path.join(rd, d, "status.json"))]
