#!/usr/bin/python3
"""The report generator fills every row of the fixture's headline table
(paper, ours, same sign) and lists the figures."""
import os
import re
import sqlite3

import hcommon as h

a = h.args()
try:
    import matplotlib  # noqa: F401
except ImportError:
    h.skip("python3-matplotlib is not installed (make bootstrap)")
d = h.tmpdir("report")
dbp = os.path.join(d, "fixture.sqlite")
db = sqlite3.connect(dbp)
with open(os.path.join(h.HERE, "fixture.sql")) as f:
    db.executescript(f.read())
db.close()
rep = os.path.join(d, "report.md")
p = h.harness(a, "report", os.path.join(h.HERE, "fixture.toml"), "--db", dbp,
              "--out", d, "--report", rep)
h.check("4 of 4 headline rows filled" in p.stdout, p.stdout)
text = open(rep).read()
# The headline table: the first table after "## Headline" (evidence
# tables may follow it).
head = text.split("## Headline", 1)[1].lstrip("\n").split("\n\n", 1)[0]
rows = [l for l in head.splitlines() if l.startswith("| ") and
        not l.startswith("| result")]
h.check(len(rows) == 4, "expected 4 headline rows:\n" + text)
for r in rows:
    cells = [c.strip() for c in r.strip("|").split("|")]
    h.check(len(cells) == 4 and "n/a" not in cells and "?" not in cells,
            "unfilled row: " + r)
want = {"GTO vs LRR mean speedup": ("+9.0%", "yes"),
        "two-level vs LRR, barrier-intensive, mean": ("+3.0%", "no"),
        "GTO vs LRR best workload": ("1.090x", "yes")}
for r in rows:
    cells = [c.strip() for c in r.strip("|").split("|")]
    if cells[0] in want:
        h.check((cells[2], cells[3]) == want[cells[0]],
                "row %s: got %s" % (cells[0], cells[2:]))
h.check(len(re.findall(r"!\[.*\]\(\S*figures/\S*\.png\)", text)) == 7,
        "report does not list the 7 figures")
h.cleanup(d)
print("PASS: report fills all 4 headline rows and lists 7 figures")
