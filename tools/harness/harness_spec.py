"""harness_spec.py - experiment specs (TOML) expanded into keyed jobs.

A spec names workloads (or suite classes), sizes, configs, fetch and issue
policies, seeds and an option grid; the cartesian product is the job list.
A spec may hold several sub-sweeps ([[sweep]]); the job list is their
de-duplicated union.  Each job's key is the sha256 of everything that determines its result: the
PTX and host binary contents, the host arguments, the effective simulator
configuration (options normalised against `warpsim options`, defaults
dropped, plus the config file's name and contents) and the warpsim version.
"""
import hashlib
import itertools
import json
import os
import re
import subprocess
import tomllib

# Options that only say where output goes; they never change a result.
OUTPUT_ONLY = {"stats_file", "quiet", "progress", "trace"}

class SpecError(Exception):
    """A malformed spec or a name that does not resolve."""


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


class SimInfo:
    """What the warpsim binary says about itself: version and option table."""

    def __init__(self, warpsim):
        self.warpsim = os.path.abspath(warpsim)
        out = subprocess.run([self.warpsim, "version"], capture_output=True,
                             text=True, check=True).stdout.strip()
        self.version = out.split()[-1] if out else "unknown"
        text = subprocess.run([self.warpsim, "options"], capture_output=True,
                              text=True, check=True).stdout
        self.defaults = {}   # canonical name -> default value (string)
        self.alias = {}      # any accepted spelling -> canonical name
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

    def canonical(self, name):
        """Canonical option name for any spelling (--x-y, -x_y, alias)."""
        n = name.lstrip("-")
        for cand in (n, n.replace("-", "_")):
            if cand in self.alias:
                return self.alias[cand]
        raise SpecError("unknown simulator option '%s' (see warpsim options)"
                        % name)

    def effective(self, options):
        """Sorted [name, value] pairs that differ from the defaults."""
        eff = {}
        for name, value in options:
            c = self.canonical(name)
            if c in OUTPUT_ONLY:
                continue
            eff[c] = str(value)
        return sorted([k, v] for k, v in eff.items()
                      if self.defaults.get(k) != v)


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
MERGED_KEYS = ("options", "grid")


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


def load_spec(path):
    """Parse a spec file; returns the dict with defaults filled in."""
    try:
        with open(path, "rb") as f:
            spec = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise SpecError("%s: %s" % (path, e))
    exp = spec.setdefault("experiment", {})
    exp.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    spec.setdefault("sweep", {})
    for s in subsweeps(spec):
        if "workloads" not in s:
            raise SpecError("%s: sweep '%s' needs workloads" % (
                path, s["name"]))
    for where, lab in [("[labels]", spec.get("labels", {}))] + [
            ("figure %s labels" % f.get("name", i), f.get("labels", {}))
            for i, f in enumerate(spec.get("figure", []))]:
        if not isinstance(lab, dict) or \
                not all(isinstance(v, str) for v in lab.values()):
            raise SpecError("%s: %s must map names to display strings"
                            % (path, where))
    spec["_path"] = os.path.abspath(path)
    with open(path, "rb") as f:
        spec["_sha256"] = hashlib.sha256(f.read()).hexdigest()
    return spec


def expand_jobs(spec, info, source_dir, build_dir, runs_dir, mode=None):
    """The spec's jobs as dicts (job.json contents), in a stable order.

    Every sub-sweep expands on its own; the job list is the union,
    de-duplicated by key, in first-appearance order.  Each job's
    `subsweeps` lists the names of the sub-sweeps that asked for it."""
    manifest = load_manifest(source_dir)
    jobs, seen = [], {}
    for sw in subsweeps(spec):
        for j in _expand_one(sw, info, source_dir, build_dir, runs_dir,
                             mode, manifest):
            if j["key"] in seen:
                subs = seen[j["key"]]["subsweeps"]
                if sw["name"] not in subs:
                    subs.append(sw["name"])
                continue
            j["subsweeps"] = [sw["name"]]
            seen[j["key"]] = j
            jobs.append(j)
    return jobs


def _expand_one(sw, info, source_dir, build_dir, runs_dir, mode, manifest):
    """One sub-sweep's jobs (cartesian product), de-duplicated by key."""
    classes = dict(manifest)
    workloads = select_workloads(manifest, _as_list(sw["workloads"],
                                                    "workloads"))
    sizes = _as_list(sw.get("sizes", "small"), "sizes")
    configs = _as_list(sw.get("configs", "default"), "configs")
    scheds = _as_list(sw.get("sched", "lrr"), "sched")
    fetches = _as_list(sw.get("fetch", "rr"), "fetch")
    seeds = _as_list(sw.get("seeds", 1), "seeds")
    modes = [mode] if mode else _as_list(sw.get("mode", "functional"), "mode")
    fixed = sw.get("options", {})
    grid = sw.get("grid", {})
    gnames = sorted(grid)
    gvals = [_as_list(grid[g], "grid." + g) for g in gnames]
    trace = bool(sw.get("trace", False))
    timeout = float(sw.get("timeout_s", 3600))
    cfgs = {c: resolve_config(c, source_dir) for c in configs}
    jobs, seen = [], set()
    for w, size, cfg, md, sched, fetch, seed, gv in itertools.product(
            workloads, sizes, configs, modes, scheds, fetches, seeds,
            itertools.product(*gvals)):
        host = os.path.join(build_dir, "bench", w)
        ptx = os.path.join(source_dir, "bench", w, "kernel.ptx")
        if not os.access(host, os.X_OK):
            raise SpecError("%s is not built (make all)" % host)
        carg, csha = cfgs[cfg]
        opts = [("mode", md), ("gpgpu_scheduler", sched),
                ("fetch_policy", fetch)]
        opts += [(k, _value_str(v)) for k, v in sorted(fixed.items())]
        gdict = {}
        for g, v in zip(gnames, gv):
            opts.append((g, _value_str(v)))
            gdict[g] = v
        args = ["--size", str(size), "--seed", str(seed)]
        ident = {
            "warpsim_version": info.version,
            "host_sha256": sha256_file(host),
            "ptx_sha256": sha256_file(ptx),
            "args": args,
            "options": info.effective(opts),
            "config": {"name": cfg, "sha256": csha},
        }
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
            simopts += ["--" + info.canonical(k), v]
        jobs.append({
            "key": key, "key16": key[:16], "ident": ident,
            "workload": w, "classes": ",".join(classes[w]), "size": size,
            "seed": seed, "config": cfg, "config_arg": carg,
            "config_sha256": csha, "mode": md, "sched": sched,
            "fetch": fetch, "grid": gdict, "sim_options": simopts,
            "warpsim": info.warpsim, "host": host, "ptx": ptx,
            "host_args": [ptx] + args, "trace": trace, "timeout_s": timeout,
            "runs_dir": os.path.abspath(runs_dir),
        })
    return jobs
