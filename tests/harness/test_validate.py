#!/usr/bin/python3
"""User errors get one line and exit status 2, before anything runs:
  - an unknown issue or fetch policy, option, option value or config
    (asked of the binary: `warpsim list`, `warpsim options ARGS`), also
    under --dry-run;
  - policies or timing-only options in a functional-mode sweep (the
    functional model has no scheduler: the runs would be identical);
  - an unknown spec key (named with its table);
  - names that would become paths with '/' or '..';
  - a binary, non-UTF-8 or invalid-TOML spec; -j -1 and -j 0;
  - a corrupt or missing database; a list-shaped job.json;
  - no Python traceback in any of them.
Also: a spec without `mode` expands to timing-mode jobs."""
import json
import os

import hcommon as h

a = h.args()
h.need_binaries(a, ["nn"])
d = h.tmpdir("validate")
out = os.path.join(d, "out")

BASE = '''[experiment]
name = "v"

[sweep]
mode = "timing"
workloads = ["nn"]
sched = ["lrr"]
'''


def spec(name, text):
    p = os.path.join(d, name)
    with open(p, "wb" if isinstance(text, bytes) else "w") as f:
        f.write(text)
    return p


def one_line(p, *want, cmd="sweep"):
    """p failed with exit status 2 and one stderr line naming want."""
    lines = p.stderr.strip().splitlines()
    h.check(p.returncode == 2 and len(lines) == 1 and
            lines[0].startswith("warpsim %s: " % cmd) and
            "Traceback" not in p.stderr and
            all(w in lines[0] for w in want),
            "want one line naming %s, exit 2; got exit %d:\n%s"
            % (want, p.returncode, p.stderr))


def sweep_err(path, *want, extra=()):
    p = h.harness(a, "sweep", path, "--out", out, "--dry-run", *extra,
                  check_rc=False)
    one_line(p, *want)
    h.check(not os.path.exists(os.path.join(out, "runs")),
            "a run directory appeared for a bad spec")


# Functional mode has no scheduler: naming policies there is an error, and
# so is a timing-only option (a sweep over them would give identical runs).
FUNC = BASE.replace('mode = "timing"', 'mode = "functional"')
sweep_err(spec("fsched.toml", FUNC), "'sched'", "functional mode")
sweep_err(spec("ffetch.toml", FUNC.replace('sched = ["lrr"]\n', '') +
               'fetch = ["rr"]\n'), "'fetch'", "functional mode")
sweep_err(spec("fopt.toml", FUNC.replace('sched = ["lrr"]\n', '') +
               'grid = { gpgpu_ibuffer_size = [2, 4] }\n'),
          "gpgpu_ibuffer_size")
sweep_err(spec("fmode.toml", BASE), "'sched'", "functional mode",
          extra=("--mode", "functional"))
p = h.harness(a, "sweep", spec("fok.toml", FUNC.replace(
    'sched = ["lrr"]\n', '')), "--out", out, "--dry-run")
h.check("--mode functional" in p.stdout and "gpgpu_scheduler" not in
        p.stdout, "a functional sweep without policies:\n" + p.stdout)

# Names the binary must confirm.
sweep_err(spec("pol.toml", BASE.replace('["lrr"]', '["lrr", "nosuch"]')),
          "'nosuch'", "issue policy")
sweep_err(spec("fetch.toml", BASE + 'fetch = ["rr", "zz"]\n'), "'zz'",
          "fetch policy")
sweep_err(spec("opt.toml", BASE + 'options = { no_such_option = 1 }\n'),
          "no_such_option")
sweep_err(spec("val.toml", BASE + 'grid = { gpgpu_ibuffer_size = ["x"] }\n'),
          "gpgpu_ibuffer_size")
sweep_err(spec("cfg.toml", BASE + 'configs = ["no_such_config"]\n'),
          "no_such_config")
sweep_err(spec("mode.toml", BASE.replace('"timing"', '"fast"')),
          "'fast'")
# Unknown keys, named with their table.
sweep_err(spec("key.toml", BASE + 'shced = ["gto"]\n'), "'shced'", "[sweep]")
sweep_err(spec("key2.toml", BASE + '\n[[headline]]\nlabel = "x"\n'
               'compute = { kind = "geomean_speedup", polciy = "gto" }\n'),
          "'polciy'", "compute")
sweep_err(spec("why.toml", BASE + '\n[[headline]]\nlabel = "x"\n'
               'why = "gain {ours}, {nosuch}"\n'), "{nosuch}")
sweep_err(spec("key3.toml", BASE + '\n[experimnet]\nname = "y"\n'),
          "'experimnet'")
# Names that become paths.
sweep_err(spec("n1.toml", BASE.replace('name = "v"', 'name = "a/b"')),
          "a/b")
sweep_err(spec("n2.toml", BASE.replace('name = "v"', 'name = ".."')), "..")
sweep_err(spec("n3.toml", BASE + 'name = "../up"\n'), "../up")
sweep_err(spec("n4.toml", BASE + '\n[[figure]]\nname = "../../f"\n'
               'type = "speedup"\n'), "../../f")
sweep_err(spec("n5.toml", BASE), "x/y", extra=("--name", "x/y"))
# Files that are not TOML specs; bad -j.
sweep_err(spec("bin.toml", open(a.warpsim, "rb").read(4096)), "binary")
sweep_err(spec("latin1.toml", b'[experiment]\nname = "caf\xe9"\n'), "UTF-8")
sweep_err(spec("bad.toml", "[sweep\nworkloads = 1\n"), "invalid TOML")
good = spec("good.toml", BASE)
sweep_err(good, "-j", "-1", extra=("-j", "-1"))
sweep_err(good, "-j", "'0'", extra=("-j", "0"))

# The committed experiments pass the same checks (keys, names, why fields).
import harness_spec  # noqa: E402
ed = os.path.join(a.source_dir, "experiments")
for fn in sorted(os.listdir(ed)):
    if fn.endswith(".toml"):
        harness_spec.load_spec(os.path.join(ed, fn))

# Without `mode` the jobs are timing-mode jobs, as with `warpsim run`.
p = h.harness(a, "sweep", spec("nomode.toml", BASE.replace(
    'mode = "timing"\n', '')), "--out", out, "--dry-run")
h.check("--mode timing" in p.stdout and "--mode functional" not in p.stdout,
        "a spec without mode:\n" + p.stdout)
h.check(not os.path.exists(os.path.join(out, "runs")), "dry run ran jobs")

# Databases: missing, corrupt (table, report, plot, collect).
bad_db = spec("bad.sqlite", b"this is not an SQLite database\n" * 40)
for cmd, args in (("table", [good]), ("report", [good]), ("plot", [good]),
                  ("collect", [])):
    one_line(h.harness(a, cmd, *args, "--db", bad_db, "--out", out,
                       check_rc=False), "bad.sqlite", cmd=cmd)
one_line(h.harness(a, "table", good, "--db", os.path.join(d, "none.sqlite"),
                   "--out", out, check_rc=False), "none.sqlite", cmd="table")
h.check(not os.path.exists(os.path.join(d, "none.sqlite")),
        "reading a missing database created it")
# A list-shaped job.json.
jl = spec("job.json", json.dumps([{"key": "x"}]))
one_line(h.harness(a, "runjob", jl, check_rc=False), "JSON object",
         cmd="runjob")

h.cleanup(d)
print("PASS: bad names, keys, files, -j and databases give one-line errors "
      "(exit 2) before anything runs; no mode means "
      "timing")
