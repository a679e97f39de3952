#!/usr/bin/python3
"""warpsim_harness.py - the experiment harness behind `warpsim sweep`,
`collect`, `plot` and `reproduce` (src/cli/harness.c execs this file).

  sweep SPEC [-j N] [--engine local|parallel|slurm] [--sshloginfile F]
             [--dry-run] [--out DIR] [--mode M]
  collect [RUN_DIR...] [--out DIR] [--db FILE]
  plot SPEC [--db FILE] [--fig-dir DIR] [--sweep NAME|--all-runs]
  table [SPEC] [--db FILE] [--sweep NAME] [--baseline COL=VAL] [--metric M]
        [--subsweep NAME]
  report SPEC [--db FILE] [--sweep NAME] [--report FILE]
  reproduce PAPER|all [-j N] [--engine E] [--out DIR] [--mode M]
  runjob JOB.json          (internal: one job, for parallel and Slurm)

Every command also takes --warpsim BIN --source-dir DIR --build-dir DIR
(the warpsim command passes its own).  docs/harness.md describes the
spec format, the engines, the database and the figures.  User errors (a
bad spec, option or database) print one line, `warpsim CMD: message`,
and exit with status 2; WARPSIM_HARNESS_DEBUG=1 shows the traceback of
an unexpected error.
"""
import argparse
import json
import os
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness_db  # noqa: E402
import harness_run  # noqa: E402
import harness_spec  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(
    os.path.abspath(__file__)), "..", ".."))


def _common(p):
    p.add_argument("--warpsim", help="warpsim binary (default BUILD/warpsim)")
    p.add_argument("--source-dir", default=ROOT, help="source tree")
    p.add_argument("--build-dir", help="build tree (default SOURCE/build)")


def _fix_paths(a):
    a.source_dir = os.path.abspath(a.source_dir)
    if not a.build_dir:
        a.build_dir = os.path.join(a.source_dir, "build")
    a.build_dir = os.path.abspath(a.build_dir)
    if not a.warpsim:
        a.warpsim = os.path.join(a.build_dir, "warpsim")
    a.warpsim = os.path.abspath(a.warpsim)


def _spec_path(name, source_dir):
    """A spec given as a path or as a name under experiments/."""
    if os.path.isfile(name):
        return name
    if "/" not in name and ".." not in name:
        p = os.path.join(source_dir, "experiments", name + ".toml")
        if os.path.isfile(p):
            return p
    raise harness_spec.SpecError("no spec '%s' (neither a file nor "
                                 "experiments/%s.toml)" % (name, name))


def _db_path(a):
    return a.db or os.path.join(a.out, "warpsim.sqlite")


def _open_db(a):
    """The results database for reading (one-line error when it is
    missing or not a warpsim database)."""
    return harness_db.open_existing(_db_path(a))


def _positive_int(text):
    """argparse type of -j: an integer >= 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(
            "must be a positive integer, not '%s'" % text)
    return n


class _Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors: `warpsim sweep: message`."""

    def error(self, message):
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message,
                                                   self.prog))


# ---- sweep -------------------------------------------------------------------

def do_sweep(a, spec=None):
    """Expand and run a spec's sweep; returns (exit code, sweep name)."""
    spec = spec or harness_spec.load_spec(_spec_path(a.spec, a.source_dir))
    name = harness_spec.check_name(a.name or spec["experiment"]["name"],
                                   "sweep name")
    info = harness_spec.SimInfo(a.warpsim)
    out = os.path.abspath(a.out)
    runs = os.path.join(out, "runs")
    jobs = harness_spec.expand_jobs(spec, info, a.source_dir, a.build_dir,
                                    runs, a.mode)
    sdir = os.path.join(out, "sweeps", name)
    os.makedirs(sdir, exist_ok=True)
    if not a.dry_run:
        harness_run.clean_scratch(runs)
        harness_run.write_json(os.path.join(out, "sweeps", name + ".json"), {
            "name": name, "spec": spec["_path"], "spec_sha256": spec["_sha256"],
            "mode": a.mode, "keys": [j["key"] for j in jobs],
            "subsweeps": _subsweep_keys(jobs),
            "jobs": [{k: j[k] for k in ("key", "workload", "config", "mode",
                                         "sched", "fetch", "size", "seed")}
                     for j in jobs]})
    todo = [j for j in jobs
            if harness_run.run_status(runs, j["key16"]) != "ok"]
    n = a.jobs or os.cpu_count() or 1
    sys.stderr.write("sweep %s: %d jobs, %d to run, engine %s, -j %d, out %s\n"
                     % (name, len(jobs), len(todo), a.engine, n, out))
    prog = harness_run.Progress(len(jobs), len(jobs) - len(todo), a.quiet)
    rc = 0
    if a.engine == "local":
        if a.dry_run:
            for j in todo:
                print(" ".join([j["warpsim"], "run"] + (
                    ["--trace", "RUN/trace.txt"] if j["trace"] else []) +
                    j["sim_options"] +
                               ["--", j["host"]] + j["host_args"]))
            return 0, name
        if todo:
            rc = harness_run.engine_local(todo, n, prog)
    elif a.engine == "parallel":
        rc = harness_run.engine_parallel(todo, n, prog, sdir,
                                         a.sshloginfile, a.dry_run)
    else:
        rc = harness_run.engine_slurm(todo, n if a.jobs else 0, prog, sdir,
                                      a.dry_run, not a.no_wait)
    if a.dry_run:
        return rc, name
    prog.update(final=True)
    failed = [j for j in jobs
              if harness_run.run_status(runs, j["key16"]) != "ok"]
    for j in failed[:10]:
        st = harness_run.read_status(runs, j["key16"])
        sys.stderr.write("sweep: %s %s %s %s: %s (%s)\n" % (
            j["key16"], j["workload"], j["sched"], j["mode"],
            st.get("error") or "not run", os.path.join(runs, j["key16"])))
    if rc == 0 and failed:
        rc = 1
    return rc, name


def _subsweep_keys(jobs):
    """{sub-sweep name: [keys]} of an expanded job list."""
    out = {}
    for j in jobs:
        for n in j.get("subsweeps", []):
            out.setdefault(n, []).append(j["key"])
    return out


def cmd_sweep(a):
    rc, _ = do_sweep(a)
    return rc


def cmd_runjob(a):
    harness_run.die_with_parent()
    try:
        with open(a.job) as f:
            job = json.load(f)
    except OSError as e:
        raise harness_spec.HarnessError("%s: %s" % (a.job, e.strerror or e))
    except ValueError as e:
        raise harness_spec.HarnessError("%s: not JSON (%s)" % (a.job, e))
    harness_db.check_job(job, a.job)
    for k in ("warpsim", "host", "host_args", "sim_options", "runs_dir"):
        if k not in job:
            raise harness_spec.HarnessError("%s: job.json lacks %s"
                                            % (a.job, k))
    st = harness_run.run_job(job)
    print("runjob %s %s" % (job["key16"], st), flush=True)
    return 0


# ---- collect / plot / table / report -----------------------------------------

def do_collect(a, run_dirs=None):
    out = os.path.abspath(a.out)
    dirs = run_dirs or harness_db.run_dirs_under(out)
    manifest = harness_spec.load_manifest(a.source_dir)
    errors = []
    n = harness_db.collect(_db_path(a), dirs, out, manifest, errors)
    for e in errors:
        sys.stderr.write("warpsim collect: %s (skipped)\n" % e)
    sys.stderr.write("collect: %d runs into %s\n" % (n, _db_path(a)))
    return 2 if errors else 0


def cmd_collect(a):
    return do_collect(a, [os.path.abspath(d) for d in a.run_dirs] or None)


def _sweep_name(a, spec):
    if getattr(a, "all_runs", False):
        return None
    return a.sweep or (spec["experiment"]["name"] if spec else None)


def cmd_plot(a):
    import harness_plot
    spec = harness_spec.load_spec(_spec_path(a.spec, a.source_dir))
    name = spec["experiment"]["name"]
    fdir = a.fig_dir or os.path.join(a.out, name, "figures")
    _open_db(a).close()
    if not spec.get("figure"):
        sys.stderr.write("plot: %s has no [[figure]] entries\n"
                         % spec["_path"])
        return 0
    for p in harness_plot.plot_all(_db_path(a), spec.get("figure", []), fdir,
                                   _sweep_name(a, spec), spec):
        print(p)
    return 0


def cmd_table(a):
    import harness_report
    spec = harness_spec.load_spec(_spec_path(a.spec, a.source_dir)) \
        if a.spec else None
    for kv in a.baseline or []:
        if "=" not in kv:
            raise harness_spec.HarnessError(
                "--baseline %s: COLUMN=VALUE expected" % kv)
    base = dict(kv.split("=", 1) for kv in a.baseline) if a.baseline \
        else {"sched": "lrr"}
    db = _open_db(a)
    filters = {"subsweep": a.subsweep} if a.subsweep else None
    sweep = _sweep_name(a, spec)
    text, _ = harness_report.speedup_table(db, sweep, base, a.metric,
                                           filters=filters)
    warn = harness_report.missing_note(db, sweep, filters)
    db.close()
    sys.stdout.write(text)
    if warn:
        sys.stdout.flush()
        sys.stderr.write(warn)
    return 0


def do_report(a, spec, sweep):
    import harness_report
    if spec.get("figure"):
        import harness_plot
    name = spec["experiment"]["name"]
    rdir = os.path.join(os.path.abspath(a.out), name)
    _open_db(a).close()
    figs = []
    if spec.get("figure"):
        figs = harness_plot.plot_all(_db_path(a), spec["figure"],
                                     os.path.join(rdir, "figures"), sweep,
                                     spec)
    path = a.report if getattr(a, "report", None) else \
        os.path.join(rdir, "report.md")
    filled = harness_report.write_report(path, spec, _db_path(a), sweep, figs)
    print("report: %s (%d of %d headline rows filled)"
          % (path, filled, len(spec.get("headline", []))))
    for p in figs:
        print("figure: %s" % p)
    return 0


def cmd_report(a):
    spec = harness_spec.load_spec(_spec_path(a.spec, a.source_dir))
    return do_report(a, spec, _sweep_name(a, spec))


def cmd_reproduce(a):
    names = [a.paper]
    if a.paper == "all":
        ed = os.path.join(a.source_dir, "experiments")
        names = []
        for fn in sorted(os.listdir(ed)):
            if fn.endswith(".toml"):
                s = harness_spec.load_spec(os.path.join(ed, fn))
                if s["experiment"].get("reproduce", True) and \
                        s.get("headline"):
                    names.append(os.path.join(ed, fn))
    rc = 0
    for n in names:
        spec = harness_spec.load_spec(_spec_path(n, a.source_dir))
        t0 = time.time()
        src, sweep = do_sweep(a, spec)
        do_collect(a)
        do_report(a, spec, sweep)
        sys.stderr.write("reproduce %s: %.0f s%s\n" % (
            sweep, time.time() - t0, "" if src == 0 else
            " (some jobs failed; see the sweep lines above)"))
        rc = rc or src
    return rc


def main(argv=None):
    p = _Parser(prog="warpsim", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True,
                           parser_class=_Parser)

    def engine_opts(s):
        s.add_argument("-j", "--jobs", type=_positive_int, default=0,
                       help="parallel jobs, at least 1 (default: the core "
                       "count)")
        s.add_argument("--engine", choices=["local", "parallel", "slurm"],
                       default="local")
        s.add_argument("--sshloginfile", help="GNU parallel --sshloginfile")
        s.add_argument("--dry-run", action="store_true",
                       help="print the commands / sbatch script only")
        s.add_argument("--no-wait", action="store_true",
                       help="slurm: submit without waiting")
        s.add_argument("--mode", choices=harness_spec.SIM_MODES,
                       help="override the spec's simulation mode (the "
                       "spec's default is %s)" % harness_spec.DEFAULT_MODE)
        s.add_argument("--name", help="sweep name (default: the spec's)")
        s.add_argument("--quiet", action="store_true", help="no progress")

    s = sub.add_parser("sweep", help="run a spec's jobs")
    s.add_argument("spec")
    engine_opts(s)
    s.set_defaults(fn=cmd_sweep)

    s = sub.add_parser("runjob", help="run one job file (engines use this)")
    s.add_argument("job")
    s.set_defaults(fn=cmd_runjob)

    s = sub.add_parser("collect", help="load run directories into SQLite")
    s.add_argument("run_dirs", nargs="*")
    s.set_defaults(fn=cmd_collect)

    s = sub.add_parser("plot", help="render a spec's figures")
    s.add_argument("spec")
    s.add_argument("--fig-dir")
    s.add_argument("--sweep")
    s.add_argument("--all-runs", action="store_true",
                   help="use every run in the database, not one sweep's")
    s.set_defaults(fn=cmd_plot)

    s = sub.add_parser("table", help="print a speedup table")
    s.add_argument("spec", nargs="?")
    s.add_argument("--sweep")
    s.add_argument("--all-runs", action="store_true")
    s.add_argument("--baseline", action="append",
                   help="COLUMN=VALUE (default sched=lrr)")
    s.add_argument("--metric", default="gpu_sim_cycle")
    s.add_argument("--subsweep", help="only runs of this sub-sweep")
    s.set_defaults(fn=cmd_table)

    s = sub.add_parser("report", help="figures + report.md from the database")
    s.add_argument("spec")
    s.add_argument("--sweep")
    s.add_argument("--all-runs", action="store_true")
    s.add_argument("--report", help="report path (default OUT/NAME/report.md)")
    s.set_defaults(fn=cmd_report)

    s = sub.add_parser("reproduce", help="sweep, collect, plot, report")
    s.add_argument("paper", help="experiments/<PAPER>.toml, a path, or all")
    engine_opts(s)
    s.set_defaults(fn=cmd_reproduce)

    for s in sub.choices.values():
        _common(s)
        s.add_argument("--out", default="results",
                       help="results directory (default ./results)")
        s.add_argument("--db", help="database (default OUT/warpsim.sqlite)")
    a = p.parse_args(argv)
    _fix_paths(a)
    harness_run.install_signal_handlers()
    try:
        return a.fn(a)
    except harness_spec.HarnessError as e:
        sys.stderr.write("warpsim %s: %s\n" % (a.cmd, e))
        return 2
    except sqlite3.Error as e:
        sys.stderr.write("warpsim %s: database %s: %s\n"
                         % (a.cmd, _db_path(a), e))
        return 2
    except OSError as e:
        sys.stderr.write("warpsim %s: %s%s\n" % (
            a.cmd, e.strerror or e, ": %s" % e.filename if e.filename
            else ""))
        return 2
    except KeyboardInterrupt:
        harness_run.kill_children()
        sys.stderr.write("\nwarpsim %s: interrupted\n" % a.cmd)
        return 130
    except Exception as e:      # a harness bug: one line unless debugging
        if os.environ.get("WARPSIM_HARNESS_DEBUG"):
            raise
        sys.stderr.write("warpsim %s: internal error: %s: %s (set "
                         "WARPSIM_HARNESS_DEBUG=1 for the traceback)\n"
                         % (a.cmd, type(e).__name__, e))
        return 1


if __name__ == "__main__":
    sys.exit(main())
