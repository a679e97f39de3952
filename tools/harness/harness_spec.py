"""harness_spec.py - experiment specs (TOML) expanded into keyed jobs.

A spec names workloads (or suite classes), sizes, configs, fetch and issue
policies, seeds and an option grid; the cartesian product is the job list.
A spec may hold several sub-sweeps ([[sweep]]); the job list is their
de-duplicated union.  Each job's key is the sha256 of everything that determines its result: the
PTX and host binary contents, the host arguments, the effective simulator
configuration (options normalised against `warpsim options`, defaults
dropped, plus the config file's name and contents) and the warpsim version.
A spec may also name programs of its own ([[program]]: a command line)
instead of suite workloads.  Specs are checked when they are loaded:
unknown keys, names that would escape a directory, and (before any job
runs) every mode, policy, fetch, config and option, asked of the binary.
"""
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tomllib

# Options that only say where output goes; they never change a result.
OUTPUT_ONLY = {"stats_file", "quiet", "progress", "trace"}

# Options that only one issue policy reads, by that policy's base name (the
# part of --sched before ':'; BOWS is the bows:BASE wrapper).  warpsim
# refuses them under any other policy (no silent no-op; their --help says
# "(--sched bows:BASE only)" and harness.policy_scoped checks that this
# table agrees).  A sweep gives such an option -- in `options` or `grid` --
# only to the runs of its policy; the other policies' runs are made once,
# without it, and pair with every variant of it (harness_plot.pair_key).
POLICY_SCOPED = {
    "bows": ("bows_delay", "bows_detect", "bows_sibs", "ddos_l", "ddos_m",
             "ddos_k", "ddos_t", "ddos_hash"),
}


def option_applies(name, sched):
    """False when option `name` (canonical) is scoped to an issue policy
    other than sched's (sched None: unknown, so it applies)."""
    if sched is None:
        return True
    base = str(sched).split(":", 1)[0]
    return all(base == pol or name not in opts
               for pol, opts in POLICY_SCOPED.items())


class HarnessError(Exception):
    """A user error the harness reports in one line (exit status 2)."""


class SpecError(HarnessError):
    """A malformed spec or a name that does not resolve."""


# The keys each table of a spec may hold ("" is the top level).  Figure
# tables are checked by the figure code (their keys depend on the type).
SPEC_KEYS = {
    "": {"experiment", "sweep", "sweep_defaults", "headline", "figure",
         "table", "report", "program", "labels"},
    "experiment": {"name", "title", "paper", "description", "reproduce"},
    "sweep": {"name", "mode", "workloads", "programs", "sizes", "configs",
              "sched", "fetch", "seeds", "timeout_s", "trace", "options",
              "grid", "args", "report_baseline", "report_metric"},
    "headline": {"label", "paper", "unit", "compute", "why", "evidence",
                 "neutral", "values"},
    "compute": {"kind", "series", "policy", "baseline", "metric",
                "higher_is_better", "class", "workloads", "subsweep",
                "filter", "where", "sql", "unit", "denominator",
                "per_kernel"},
    "table": {"title", "baseline", "series", "series_list", "metric",
              "higher_is_better", "group", "class", "workloads", "subsweep",
              "filter", "where"},
    "report": {"baseline", "metric", "report_baseline", "report_metric"},
    "program": {"name", "command", "cwd", "inputs"},
}
# Fields a headline's `why` text can name besides its own values
# (harness_report.why_fields computes them).
WHY_BUILTINS = ("ours", "paper", "sign", "per", "max", "min", "argmax",
                "argmin", "above", "below")
SIM_MODES = ("functional", "timing")
DEFAULT_MODE = "timing"      # what `warpsim run` does without --mode


def check_name(name, what):
    """Refuse a name that becomes part of a path unless it is one plain
    path component: no '/', no '..', not empty."""
    if not isinstance(name, str) or not name or "/" in name or \
            "\\" in name or ".." in name or "\0" in name or \
            name.startswith("."):
        raise SpecError("%s %r: a name must be one plain path component "
                        "(no '/', no '..', not starting with '.')"
                        % (what, name))
    return name


def sha256_file(path):
    """Hex sha256 of a file's contents."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_manifest(source_dir):
    """bench/manifest.tsv as a list of (name, [classes]) in manifest order."""
    out = []
    path = os.path.join(source_dir, "bench", "manifest.tsv")
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("name\t"):
                continue
            fields = line.split("\t")
            out.append((fields[0], [c for c in fields[1].split(",") if c]))
    return out


def select_workloads(manifest, names):
    """Expand workload names, class names and 'all' in manifest order."""
    known = {n for n, _ in manifest}
    classes = {c for _, cs in manifest for c in cs}
    for n in names:
        if n != "all" and n not in known and n not in classes:
            raise SpecError("unknown workload or class '%s'" % n)
    sel = []
    for n, cs in manifest:
        if any(x == "all" or x == n or x in cs for x in names):
            sel.append(n)
    return sel


def _ask(argv):
    """(exit status, stdout, stderr) of a warpsim query; a binary that
    cannot run is a HarnessError."""
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise HarnessError("cannot run %s: %s" % (argv[0], e))
    return p.returncode, p.stdout, p.stderr


class SimInfo:
    """What the warpsim binary says about itself: version, option table
    and policy names; it also checks option sets (`warpsim options ARGS`)."""

    def __init__(self, warpsim):
        self.warpsim = os.path.abspath(warpsim)   # the binary
        rc, out, err = _ask([self.warpsim, "version"])
        if rc != 0:
            raise HarnessError("%s version: exit status %d: %s" % (
                self.warpsim, rc, err.strip()))
        out = out.strip()
        self.version = out.split()[-1] if out else "unknown"  # warpsim version
        rc, text, err = _ask([self.warpsim, "options"])
        if rc != 0:
            raise HarnessError("%s options: exit status %d: %s" % (
                self.warpsim, rc, err.strip()))
        self.defaults = {}   # canonical name -> default value (string)
        self.alias = {}      # any accepted spelling -> canonical name
        self.checked = {}    # option argv tuple -> error text or None
        self._policies = None  # {"sched": set, "fetch": set} (lazy)
        self._config_values = {}  # --config argument -> {name: value}
        for line in text.splitlines():
            m = re.match(r"^\s+--(\S+)\s+(.*)$", line)
            if not m:
                continue
            name, rest = m.group(1), m.group(2)
            d = re.search(r"\(default (.*)\)\s*$", rest)
            self.defaults[name] = d.group(1) if d else None
            self.alias[name] = name
            for a in re.findall(r"also --([\w:-]+)", rest):
                self.alias[a] = name

    def policies(self):
        """{"sched": names, "fetch": names} from `warpsim list` (a
        policy's base name, before any ':ARGS')."""
        if self._policies is None:
            rc, text, err = _ask([self.warpsim, "list"])
            if rc != 0:
                raise HarnessError("%s list: exit status %d: %s" % (
                    self.warpsim, rc, err.strip()))
            self._policies = {"sched": set(), "fetch": set()}
            cur = None
            for line in text.splitlines():
                if line.startswith("issue policies"):
                    cur = "sched"
                elif line.startswith("fetch policies"):
                    cur = "fetch"
                elif cur and re.match(r"^\s+\S", line):
                    self._policies[cur].add(line.split()[0])
        return self._policies

    def check_options(self, args):
        """None when `warpsim options ARGS` accepts ARGS, else its error
        (the binary's first error line)."""
        key = tuple(args)
        if key not in self.checked:
            rc, _, err = _ask([self.warpsim, "options"] + list(args))
            msg = None
            if rc != 0:
                lines = [l.strip() for l in err.splitlines() if l.strip()]
                msg = (lines[0] if lines else "exit status %d" % rc)
                msg = re.sub(r"^warpsim:\s*", "", msg)
            self.checked[key] = msg
        return self.checked[key]

    def canonical(self, name):
        """Canonical option name for any spelling (--x-y, -x_y, alias)."""
        n = name.lstrip("-")
        for cand in (n, n.replace("-", "_")):
            if cand in self.alias:
                return self.alias[cand]
        raise SpecError("unknown simulator option '%s' (see warpsim options)"
                        % name)

    def config_values(self, carg):
        """Canonical name -> value under `--config carg` (what `warpsim
        options --config carg` prints); the plain defaults when carg is
        None."""
        if carg is None:
            return self.defaults
        if carg not in self._config_values:
            rc, text, err = _ask([self.warpsim, "options", "--config", carg])
            if rc != 0:
                lines = [l.strip() for l in err.splitlines() if l.strip()]
                raise SpecError("config '%s': %s" % (
                    carg, lines[0] if lines else "exit status %d" % rc))
            vals = dict(self.defaults)
            for line in text.splitlines():
                m = re.match(r"^-(\S+) = (.*)$", line)
                if m and m.group(1) in self.alias:
                    vals[self.alias[m.group(1)]] = m.group(2)
            self._config_values[carg] = vals
        return self._config_values[carg]

    def effective(self, options, carg=None):
        """Sorted [name, value] pairs that differ from what the machine
        (built-in defaults, or `--config carg`) already sets.  An option
        equal to the GTX480 default still counts under a config that sets
        another value (gpgpu_simd_width 32 on tesla8)."""
        base = self.config_values(carg)
        eff = {}
        for name, value in options:
            c = self.canonical(name)
            if c in OUTPUT_ONLY:
                continue
            eff[c] = str(value)
        return sorted([k, v] for k, v in eff.items()
                      if base.get(k) != v)


def resolve_config(name, source_dir):
    """(--config argument or None, sha256 of its file or None).

    'default' means no --config.  A name with a file configs/NAME.cfg is a
    simulator built-in (kept identical to that file): it is passed by name
    and hashed by the file's contents.  Any other existing file is passed
    by absolute path; an unknown name is passed as is (the simulator
    decides)."""
    if name == "default":
        return None, None
    for ext in (".cfg", ".config", ""):
        c = os.path.join(source_dir, "configs", name + ext)
        if os.path.isfile(c) and "/" not in name:
            return name, sha256_file(c)
    if os.path.isfile(name):
        return os.path.abspath(name), sha256_file(name)
    return name, None


def _as_list(v, what):
    if v is None:
        return []
    if isinstance(v, list):
        return v
    if isinstance(v, (str, int, float, bool)):
        return [v]
    raise SpecError("%s must be a value or a list" % what)


def _value_str(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


# Keys of a sweep table that are dicts merged key by key with the
# [sweep_defaults] table (every other key simply replaces the default).
MERGED_KEYS = ("options", "grid", "args")


def subsweeps(spec):
    """The spec's sub-sweeps as a list of complete sweep tables.

    `[sweep]` (one table) gives one sub-sweep; `[[sweep]]` (an array of
    tables) gives one per entry.  Each entry is `[sweep_defaults]` updated
    with the entry's own keys; `options` and `grid` are merged key by key.
    An entry's name is its `name`, else "sweepN" (N from 1); a single
    [sweep] without a name is called "main".  Entries may share a name:
    they then form one sub-sweep (e.g. two products that together make
    one figure's job set)."""
    sw = spec.get("sweep", {})
    defaults = spec.get("sweep_defaults", {})
    entries = sw if isinstance(sw, list) else [sw]
    out = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise SpecError("[[sweep]] entries must be tables")
        m = dict(defaults)
        for k, v in e.items():
            if k in MERGED_KEYS and isinstance(v, dict) and \
                    isinstance(m.get(k), dict):
                m[k] = dict(m[k], **v)
            else:
                m[k] = v
        m.setdefault("name", "sweep%d" % (i + 1) if isinstance(sw, list)
                     else "main")
        out.append(m)
    return out


def report_settings(spec):
    """Report-wide settings (report_baseline, report_metric): from
    [report], else [sweep_defaults], else a single [sweep] table."""
    sw = spec.get("sweep", {})
    out = dict(sw) if isinstance(sw, dict) else {}
    out.update(spec.get("sweep_defaults", {}))
    rep = spec.get("report", {})
    for k, v in rep.items():
        out["report_" + k if not k.startswith("report_") else k] = v
    return out


def _check_keys(table, kind, where):
    """Every key of table must be one SPEC_KEYS[kind] names."""
    if not isinstance(table, dict):
        raise SpecError("%s must be a table" % where)
    bad = sorted(set(table) - SPEC_KEYS[kind])
    if bad:
        raise SpecError("unknown key%s %s in %s (known: %s)" % (
            "s" if len(bad) > 1 else "", ", ".join("'%s'" % k for k in bad),
            where, ", ".join(sorted(SPEC_KEYS[kind]))))


def _tables(spec, key):
    """spec[key] as a list of tables ([[key]] or a single [key])."""
    v = spec.get(key, [])
    v = v if isinstance(v, list) else [v]
    for i, t in enumerate(v):
        if not isinstance(t, dict):
            raise SpecError("[[%s]] entry %d must be a table" % (key, i + 1))
    return v


def check_spec(spec):
    """Check a parsed spec's structure: known keys in every table (figure
    tables aside), names that are plain path components, workloads or
    programs in every sub-sweep, known program names.  Raises SpecError."""
    _check_keys(spec, "", "the spec's top level")
    exp = spec.get("experiment", {})
    _check_keys(exp, "experiment", "[experiment]")
    check_name(exp.get("name"), "experiment name")
    sw = spec.get("sweep", {})
    if isinstance(sw, list):
        for i, e in enumerate(sw):
            _check_keys(e, "sweep", "[[sweep]] entry %d%s" % (
                i + 1, " ('%s')" % e["name"] if isinstance(e, dict) and
                isinstance(e.get("name"), str) else ""))
    else:
        _check_keys(sw, "sweep", "[sweep]")
    _check_keys(spec.get("sweep_defaults", {}), "sweep", "[sweep_defaults]")
    _check_keys(spec.get("report", {}), "report", "[report]")
    for i, h in enumerate(_tables(spec, "headline")):
        where = "[[headline]] %d ('%s')" % (i + 1, h.get("label", "?"))
        _check_keys(h, "headline", where)
        _check_keys(h.get("compute", {}), "compute", where + " compute")
        vals = h.get("values", {})
        if not isinstance(vals, dict):
            raise SpecError("%s values must be a table" % where)
        for n, v in vals.items():
            if not re.fullmatch(r"[A-Za-z_]\w*", n):
                raise SpecError("%s value name '%s' (letters, digits, _)"
                                % (where, n))
            _check_keys(v, "compute", "%s values.%s" % (where, n))
            if n in WHY_BUILTINS:
                raise SpecError("%s value name '%s' is a built-in field"
                                % (where, n))
        for m in re.finditer(r"\{([A-Za-z_]\w*)(?:\.([\w:+-]+))?\}",
                             str(h.get("why", ""))):
            f, sub = m.group(1), m.group(2)
            if f not in WHY_BUILTINS and f not in vals:
                raise SpecError("%s why: unknown field {%s} (built-in: %s; "
                                "or a name under values)" % (
                                    where, m.group(0)[1:-1],
                                    ", ".join(WHY_BUILTINS)))
            if f == "per" and not sub:
                raise SpecError("%s why: {per} needs a workload: "
                                "{per.WORKLOAD}" % where)
    for i, t in enumerate(_tables(spec, "table")):
        _check_keys(t, "table", "[[table]] %d" % (i + 1))
    for i, f in enumerate(_tables(spec, "figure")):
        if "name" in f:
            check_name(f["name"], "figure name")
    progs = {}
    for i, pr in enumerate(_tables(spec, "program")):
        where = "[[program]] %d" % (i + 1)
        _check_keys(pr, "program", where)
        n = check_name(pr.get("name"), where + " name")
        if n in progs:
            raise SpecError("two [[program]] entries are named '%s'" % n)
        cmd = pr.get("command")
        if not isinstance(cmd, list) or not cmd or \
                not all(isinstance(x, str) and x for x in cmd):
            raise SpecError("[[program]] '%s': command must be a non-empty "
                            "list of strings (program, then arguments)" % n)
        for k in ("inputs",):
            v = pr.get(k, [])
            if not isinstance(v, list) or \
                    not all(isinstance(x, str) for x in v):
                raise SpecError("[[program]] '%s': %s must be a list of "
                                "paths" % (n, k))
        progs[n] = pr
    for s in subsweeps(spec):
        check_name(s["name"], "sweep name")
        if "workloads" not in s and "programs" not in s:
            raise SpecError("sweep '%s' needs workloads or programs"
                            % s["name"])
        for p in _as_list(s.get("programs"), "programs"):
            if p not in progs:
                raise SpecError("sweep '%s': no [[program]] named '%s'%s" % (
                    s["name"], p, " (defined: %s)" % ", ".join(progs)
                    if progs else ""))
        for k in ("options", "grid", "args"):
            if not isinstance(s.get(k, {}), dict):
                raise SpecError("sweep '%s': %s must be a table"
                                % (s["name"], k))
        check_args(s)


def check_args(sw):
    """A sub-sweep's `args` (workload arguments): names of letters, digits,
    '_' and '-' (the host option --NAME), each value a string, integer or
    float (or a list of them: one job per value); suite workloads only."""
    args = sw.get("args", {})
    if args and "workloads" not in sw:
        raise SpecError("sweep '%s': args apply to suite workloads "
                        "(a [[program]] writes its own command line)"
                        % sw["name"])
    for name, vals in args.items():
        if not re.match(r"^[A-Za-z0-9][A-Za-z0-9_-]*$", name) or \
                name in ("size", "seed"):
            raise SpecError("sweep '%s': args: bad argument name '%s' "
                            "(letters, digits, '_', '-'; not size or seed,"
                            " which sizes and seeds set)"
                            % (sw["name"], name))
        for v in _as_list(vals, "args." + name):
            if isinstance(v, bool) or \
                    not isinstance(v, (str, int, float)):
                raise SpecError("sweep '%s': args.%s: value %r is not a "
                                "string or number" % (sw["name"], name, v))


def workload_arg_sets(sw):
    """The cartesian product of a sub-sweep's `args`: a list of
    [(name, value), ...] (sorted by name); [[]] without args."""
    args = sw.get("args", {})
    names = sorted(args)
    return [list(zip(names, vs)) for vs in itertools.product(
        *[_as_list(args[n], "args." + n) for n in names])]


def load_spec(path):
    """Read, parse and check a spec file; returns the dict with the
    experiment name filled in, plus _path, _dir and _sha256."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise SpecError("%s: %s" % (path, e.strerror or e))
    if b"\0" in raw:
        raise SpecError("%s: a binary file, not a TOML spec" % path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SpecError("%s: not UTF-8 text (byte %d), not a TOML spec"
                        % (path, e.start))
    try:
        spec = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError("%s: invalid TOML: %s" % (path, e))
    exp = spec.setdefault("experiment", {})
    if isinstance(exp, dict):
        exp.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    spec.setdefault("sweep", {})
    try:
        check_spec(spec)
    except SpecError as e:
        raise SpecError("%s: %s" % (path, e))
    for where, lab in [("[labels]", spec.get("labels", {}))] + [
            ("figure %s labels" % f.get("name", i), f.get("labels", {}))
            for i, f in enumerate(spec.get("figure", []))]:
        if not isinstance(lab, dict) or \
                not all(isinstance(v, str) for v in lab.values()):
            raise SpecError("%s: %s must map names to display strings"
                            % (path, where))
    spec["_path"] = os.path.abspath(path)
    spec["_dir"] = os.path.dirname(spec["_path"])
    spec["_sha256"] = hashlib.sha256(raw).hexdigest()
    return spec


def check_sim(spec, info, source_dir, mode=None):
    """Ask the binary about every mode, issue and fetch policy, config and
    option (name and value) of every sub-sweep: `warpsim list` for policy
    names and `warpsim options ARGS` for each value, so a misspelt or
    missing name fails before anything runs.  A sub-sweep that runs in
    functional mode may not name `sched` or `fetch` (the functional model
    has no scheduler: every policy would give the same result), and its
    options are checked in functional mode, where warpsim refuses the
    timing-only ones.  mode overrides the spec's modes (sweep --mode).
    Raises SpecError."""
    pol = info.policies()
    for sw in subsweeps(spec):
        where = "sweep '%s'" % sw["name"]
        modes = ([mode] if mode is not None else
                 _as_list(sw.get("mode", DEFAULT_MODE), "mode"))
        for m in modes:
            if m not in SIM_MODES:
                raise SpecError("%s: mode '%s' (one of %s)" % (
                    where, m, ", ".join(SIM_MODES)))
        if "functional" in modes:
            for key in ("sched", "fetch"):
                if key in sw:
                    raise SpecError(
                        "%s: '%s' does not apply in functional mode (the "
                        "functional model has no scheduler, so every "
                        "policy would give the same result): run it in "
                        "timing mode or drop '%s'" % (where, key, key))
        mode_args = (["--mode", "functional"] if "functional" in modes
                     else [])
        for kind, key, opt in (("sched", "sched", "gpgpu_scheduler"),
                               ("fetch", "fetch", "fetch_policy")):
            for v in _as_list(sw.get(key, "lrr" if kind == "sched"
                                     else "rr"), key):
                base = str(v).split(":", 1)[0]
                if base not in pol[kind]:
                    raise SpecError("%s: unknown %s policy '%s' (warpsim "
                                    "list: %s)" % (
                                        where, "issue" if kind == "sched"
                                        else "fetch", v,
                                        ", ".join(sorted(pol[kind]))))
                err = info.check_options(["--" + opt, str(v)])
                if err:
                    raise SpecError("%s: %s '%s': %s" % (where, key, v, err))
        cfg_args = []  # the first config's: grid values are checked on it
        for c in _as_list(sw.get("configs", "default"), "configs"):
            carg, _ = resolve_config(str(c), source_dir)
            if carg:
                err = info.check_options(["--config", carg])
                if err:
                    raise SpecError("%s: config '%s': %s" % (where, c, err))
                if not cfg_args:
                    cfg_args = ["--config", carg]
        # options a policy scopes (POLICY_SCOPED) are checked with each of
        # the sub-sweep's policies that takes them; one no policy takes is
        # an error (it would do nothing in every run)
        scheds = ([None] if "functional" in modes else
                  [str(x) for x in _as_list(sw.get("sched", "lrr"),
                                            "sched")])
        fixed = []
        for k, v in sorted(sw.get("options", {}).items()):
            try:
                fixed.append((info.canonical(k), _value_str(v)))
            except SpecError as e:
                raise SpecError("%s: options: %s" % (where, e))
        grid = []
        for g, vals in sorted(sw.get("grid", {}).items()):
            try:
                grid.append((info.canonical(g), g,
                             _as_list(vals, "grid." + g)))
            except SpecError as e:
                raise SpecError("%s: grid: %s" % (where, e))
        for name in [n for n, _ in fixed] + [c for c, _, _ in grid]:
            if not any(option_applies(name, s) for s in scheds):
                pol = [p for p, o in POLICY_SCOPED.items() if name in o]
                raise SpecError(
                    "%s: option '%s' only applies with --sched %s:BASE, "
                    "which this sub-sweep does not run (sched: %s)" % (
                        where, name, pol[0], ", ".join(scheds)))
        for s in scheds:
            sarg = ["--gpgpu_scheduler", s] if s is not None else []
            fx = [a for n, v in fixed if option_applies(n, s)
                  for a in ("--" + n, v)]
            err = info.check_options(mode_args + sarg + fx) if fx else None
            if err:
                raise SpecError("%s: options: %s" % (where, err))
            for c, g, vals in grid:
                if not option_applies(c, s):
                    continue
                for v in vals:
                    err = info.check_options(mode_args + cfg_args + sarg +
                                             fx + ["--" + c, _value_str(v)])
                    if err:
                        raise SpecError("%s: grid %s = %s: %s" % (
                            where, g, v, err))


def expand_jobs(spec, info, source_dir, build_dir, runs_dir, mode=None):
    """The spec's jobs as dicts (job.json contents), in a stable order.

    The spec's names are first checked against the binary (check_sim).
    Every sub-sweep expands on its own; the job list is the union,
    de-duplicated by key, in first-appearance order.  Each job's
    `subsweeps` lists the names of the sub-sweeps that asked for it."""
    if mode is not None and mode not in SIM_MODES:
        raise SpecError("--mode '%s' (one of %s)" % (mode,
                                                     ", ".join(SIM_MODES)))
    check_sim(spec, info, source_dir, mode)
    manifest = load_manifest(source_dir)
    progs = {p["name"]: p for p in _tables(spec, "program")}
    hashes = {}
    jobs, seen = [], {}
    for sw in subsweeps(spec):
        for j in _expand_one(sw, info, source_dir, build_dir, runs_dir,
                             mode, manifest, progs,
                             spec.get("_dir", os.getcwd()), hashes):
            if j["key"] in seen:
                subs = seen[j["key"]]["subsweeps"]
                if sw["name"] not in subs:
                    subs.append(sw["name"])
                continue
            j["subsweeps"] = [sw["name"]]
            seen[j["key"]] = j
            jobs.append(j)
    return jobs


def _hash(path, cache):
    """sha256_file, remembered per (path, size, mtime) for one expansion."""
    st = os.stat(path)
    k = (path, st.st_size, st.st_mtime_ns)
    if k not in cache:
        cache[k] = sha256_file(path)
    return cache[k]


def program_target(prog, spec_dir, hashes):
    """(host, args, cwd, hashed files) of a [[program]]: the executable
    (a path relative to cwd, else looked up on PATH), its arguments as
    written, the directory it runs in (`cwd`, default the spec's
    directory) and the sha256 of every argument that names an existing
    .ptx file plus every `inputs` file."""
    name = prog["name"]
    cwd = os.path.normpath(os.path.join(spec_dir, prog.get("cwd", ".")))
    if not os.path.isdir(cwd):
        raise SpecError("[[program]] '%s': cwd %s is not a directory"
                        % (name, cwd))
    exe = prog["command"][0]
    host = os.path.join(cwd, exe) if "/" in exe else shutil.which(exe)
    if not host or not os.path.isfile(host) or not os.access(host, os.X_OK):
        raise SpecError("[[program]] '%s': %s is not an executable file"
                        % (name, exe))
    host = os.path.abspath(host)
    files = {}
    for arg in prog["command"][1:]:
        f = os.path.join(cwd, arg)
        if arg.endswith(".ptx") and os.path.isfile(f):
            files[arg] = _hash(f, hashes)
    for arg in prog.get("inputs", []):
        f = os.path.join(cwd, arg)
        if not os.path.isfile(f):
            raise SpecError("[[program]] '%s': input %s does not exist"
                            % (name, f))
        files[arg] = _hash(f, hashes)
    return host, list(prog["command"][1:]), cwd, files


def _expand_one(sw, info, source_dir, build_dir, runs_dir, mode, manifest,
                progs, spec_dir, hashes):
    """One sub-sweep's jobs (cartesian product), de-duplicated by key.

    A target is a suite workload (build/bench/W on bench/W/kernel.ptx,
    times sizes and seeds) or a [[program]] (its own command line; sizes
    and seeds do not apply)."""
    classes = dict(manifest)
    targets = []
    if "workloads" in sw:
        for w in select_workloads(manifest, _as_list(sw["workloads"],
                                                     "workloads")):
            host = os.path.join(build_dir, "bench", w)
            ptx = os.path.join(source_dir, "bench", w, "kernel.ptx")
            if not os.access(host, os.X_OK):
                raise SpecError("%s is not built (make all)" % host)
            for size, seed, wargs in itertools.product(
                    _as_list(sw.get("sizes", "small"), "sizes"),
                    _as_list(sw.get("seeds", 1), "seeds"),
                    workload_arg_sets(sw)):
                args = ["--size", str(size), "--seed", str(seed)]
                for n, v in wargs:
                    args += ["--" + n, _value_str(v)]
                targets.append({
                    "workload": w, "classes": ",".join(classes[w]),
                    "size": size, "seed": seed, "host": host, "ptx": ptx,
                    "host_args": [ptx] + args, "cwd": None,
                    "wargs": dict(wargs),
                    "ident": {"host_sha256": _hash(host, hashes),
                              "ptx_sha256": _hash(ptx, hashes),
                              "args": args}})
    for pname in _as_list(sw.get("programs"), "programs"):
        host, args, cwd, files = program_target(progs[pname], spec_dir,
                                                hashes)
        targets.append({
            "workload": pname, "classes": "program", "size": "-",
            "seed": None, "host": host, "ptx": None, "host_args": args,
            "cwd": cwd, "program": pname,
            "ident": {"program": {"host_sha256": _hash(host, hashes),
                                  "args": args, "files": files}}})
    configs = _as_list(sw.get("configs", "default"), "configs")
    scheds = _as_list(sw.get("sched", "lrr"), "sched")
    fetches = _as_list(sw.get("fetch", "rr"), "fetch")
    modes = [mode] if mode else _as_list(sw.get("mode", DEFAULT_MODE),
                                         "mode")
    fixed = sw.get("options", {})
    grid = sw.get("grid", {})
    gnames = sorted(grid)
    gvals = [_as_list(grid[g], "grid." + g) for g in gnames]
    trace = bool(sw.get("trace", False))
    timeout = float(sw.get("timeout_s", 3600))
    cfgs = {c: resolve_config(c, source_dir) for c in configs}
    jobs, seen = [], set()
    for t, cfg, md, sched, fetch, gv in itertools.product(
            targets, configs, modes, scheds, fetches,
            itertools.product(*gvals)):
        carg, csha = cfgs[cfg]
        opts = [("mode", md), ("gpgpu_scheduler", sched),
                ("fetch_policy", fetch)]
        # an option another policy scopes is left out of this run (and
        # the grid's variants of it collapse into one job: same key)
        opts += [(k, _value_str(v)) for k, v in sorted(fixed.items())
                 if option_applies(info.canonical(k), sched)]
        gdict = {}
        for g, v in zip(gnames, gv):
            if not option_applies(info.canonical(g), sched):
                continue
            opts.append((g, _value_str(v)))
            gdict[g] = v
        ident = dict(t["ident"])
        ident.update({
            "warpsim_version": info.version,
            "options": info.effective(opts, carg),
            "config": {"name": cfg, "sha256": csha},
        })
        if trace:
            # A traced job is a job of its own: an untraced run with the
            # same options has no trace.txt to draw timelines from.  Only
            # present when true, so untraced keys stay as they were.
            ident["trace"] = True
        key = hashlib.sha256(json.dumps(ident, sort_keys=True)
                             .encode()).hexdigest()
        if key in seen:
            continue
        seen.add(key)
        simopts = []
        if carg:
            simopts += ["--config", carg]
        for k, v in opts:
            # functional sub-sweeps name no sched or fetch (check_sim):
            # these are the defaults, which warpsim would refuse as
            # explicitly set timing-only options in functional mode
            if md == "functional" and k in ("gpgpu_scheduler",
                                            "fetch_policy"):
                continue
            simopts += ["--" + info.canonical(k), v]
        job = {
            "key": key, "key16": key[:16], "ident": ident,
            "workload": t["workload"], "classes": t["classes"],
            "size": t["size"], "seed": t["seed"], "config": cfg,
            "config_arg": carg, "config_sha256": csha, "mode": md,
            "sched": sched, "fetch": fetch, "grid": gdict,
            "sim_options": simopts, "warpsim": info.warpsim,
            "host": t["host"], "ptx": t["ptx"], "host_args": t["host_args"],
            "trace": trace, "timeout_s": timeout,
            "runs_dir": os.path.abspath(runs_dir),
        }
        if t.get("wargs"):
            job["args"] = t["wargs"]
        if t["cwd"]:
            job["cwd"] = t["cwd"]
            job["program"] = t["program"]
        jobs.append(job)
    return jobs
