#!/usr/bin/python3
"""Job integrity, on a real 4-job sweep (nn and bt under lrr and gto,
timing mode by default: the spec names no mode):
  - every job is a timing-mode job (its row and its statistics say so);
  - a stats.json cut short after the run counts as failed: collect
    stores it as failed with the reason and no statistics, `table` warns
    naming the row (workload x config) and its geomean row counts 1 of 2,
    `report` lists it, and the next sweep runs that job again;
  - a run directory with a list-shaped job.json: collect loads the others
    and reports it in one line (exit status 2);
  - `report` on a spec without [[figure]] writes the report (tables)."""
import json
import os
import sqlite3

import hcommon as h

a = h.args()
h.need_binaries(a, ["nn", "bt"])
d = h.tmpdir("integrity")
spec = os.path.join(d, "integ.toml")
with open(spec, "w") as f:
    f.write('[experiment]\nname = "integ"\n\n[sweep]\nworkloads = ["nn", '
            '"bt"]\nconfigs = ["gtx480"]\nsched = ["lrr", "gto"]\n'
            'timeout_s = 120\n')
out = os.path.join(d, "out")
runs = os.path.join(out, "runs")
dbp = os.path.join(out, "warpsim.sqlite")
h.harness(a, "sweep", spec, "-j", "2", "--out", out, "--quiet")
h.harness(a, "collect", "--out", out)
db = sqlite3.connect(dbp)
modes = db.execute("SELECT r.mode, c.value FROM runs r JOIN run_config c "
                   "ON c.key = r.key AND c.name = 'mode'").fetchall()
h.check(modes == [("timing", "timing")] * 4, "modes: %s" % modes)
k16 = db.execute("SELECT key16 FROM runs WHERE workload = 'bt' AND "
                 "sched = 'gto'").fetchone()[0]
db.close()

# Cut bt/gto's statistics short (as a full disk or a crash would).
st = os.path.join(runs, k16, "stats.json")
text = open(st).read()
with open(st, "w") as f:
    f.write(text[:len(text) // 2])
h.harness(a, "collect", "--out", out)
db = sqlite3.connect(dbp)
row = db.execute("SELECT status, error, gpu_sim_cycle FROM runs WHERE "
                 "key16 = ?", (k16,)).fetchone()
db.close()
h.check(row[0] == "failed" and "truncated" in (row[1] or "") and
        row[2] is None, "truncated stats.json collected as %s" % (row,))
p = h.harness(a, "table", spec, "--out", out)
h.check("bt x gtx480" in p.stderr and "gto+rr" in p.stderr and
        "truncated" in p.stderr, "table warning:\n" + p.stderr)
lines = p.stdout.strip().splitlines()
h.check(lines[-1].split() == ["n", "(of", "2)", "2", "1"] and
        lines[-2].startswith("geomean"), "table:\n" + p.stdout)
h.check([l.split()[-1] for l in lines if l.startswith("bt ")] == ["-"],
        "bt's gto cell is not empty:\n" + p.stdout)

# report without [[figure]]: tables and the missing job.
rep = os.path.join(out, "integ", "report.md")
p = h.harness(a, "report", spec, "--out", out)
txt = open(rep).read()
h.check("## Speedup over" in txt and "bt x gtx480, gto+rr" in txt and
        "## Figures" not in txt, "report:\n" + txt)

# The next sweep runs the failed job again, and only that one.
p = h.harness(a, "sweep", spec, "-j", "2", "--out", out)
h.check("4 jobs, 1 to run" in p.stderr, "rerun:\n" + p.stderr)
h.harness(a, "collect", "--out", out)
db = sqlite3.connect(dbp)
n = db.execute("SELECT COUNT(*) FROM runs WHERE status = 'ok'").fetchone()[0]
db.close()
h.check(n == 4, "%d of 4 ok after the rerun" % n)

# A run directory whose job.json is a list: one line, exit 2.
bad = os.path.join(runs, "0" * 16)
os.makedirs(bad)
with open(os.path.join(bad, "job.json"), "w") as f:
    json.dump([1, 2], f)
with open(os.path.join(bad, "status.json"), "w") as f:
    json.dump({"status": "ok"}, f)
p = h.harness(a, "collect", "--out", out, check_rc=False)
err = [l for l in p.stderr.splitlines() if l.startswith("warpsim collect")]
h.check(p.returncode == 2 and len(err) == 1 and "0" * 16 in err[0] and
        "Traceback" not in p.stderr and "collect: 4 runs" in p.stderr,
        "collect with a list job.json: exit %d\n%s" % (p.returncode,
                                                        p.stderr))
h.cleanup(d)
print("PASS: default mode timing; a truncated stats.json is failed, "
      "named by table and report, and rerun; bad job.json; report "
      "without figures")
