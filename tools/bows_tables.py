#!/usr/bin/python3
"""bows_tables.py - print docs/bows.md's Fig. 10 and Table I tables from a
`warpsim reproduce bows` database, so the numbers in the docs come from
the data and not from hand.

  tools/bows_tables.py [results/warpsim.sqlite]

Fig. 10: BOWS(GTO) (bows:gto:50000) at each delay limit of the `fig10`
sub-sweep over GTO (gto:50000, `fig9`), cycles of the first over the
second per workload, geomean over the busy-wait set and each workload.
Table I: DDOS's true and false spin detection rates (ddos_true_detected /
ddos_true_sibs, ddos_false_detected / ddos_false_branches, per run, then
the mean over the workloads) for each hash/m/k/l/t point of the
`table1_*` sub-sweeps and fig9's default (xor, 8, 8, 8, 4)."""
import math
import sqlite3
import sys

DEFAULTS = {"ddos_hash": "xor", "ddos_m": "8", "ddos_k": "8",
            "ddos_l": "8", "ddos_t": "4"}
DELAYS = ["0", "500", "1000", "3000", "5000", "adaptive"]


def rows(db, subsweep, sched):
    """{workload: row dict} of ok gtx480 runs of a sub-sweep, by policy."""
    cur = db.execute(
        "SELECT r.* FROM runs r JOIN subsweep_runs s ON s.key = r.key "
        "WHERE s.sweep = 'bows' AND s.subsweep = ? AND r.sched = ? AND "
        "r.config = 'gtx480' AND r.status = 'ok'", (subsweep, sched))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def opt(row, name):
    v = row.get("opt_" + name)
    return DEFAULTS.get(name) if v is None else str(v)


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fig10(db):
    base = {r["workload"]: r["gpu_sim_cycle"]
            for r in rows(db, "fig9", "gto:50000")}
    runs = rows(db, "fig10", "bows:gto:50000")
    wls = sorted({r["workload"] for r in runs})
    print("| delay | geomean | " + " | ".join(wls) + " |")
    print("|---" * (len(wls) + 2) + "|")
    for d in DELAYS:
        sp = {}
        for r in runs:
            delay = r.get("opt_bows_delay") or "adaptive"
            if str(delay) == d and r["workload"] in base:
                sp[r["workload"]] = base[r["workload"]] / r["gpu_sim_cycle"]
        if not sp:
            continue
        cells = ["%.2fx" % sp[w] if w in sp else "-" for w in wls]
        print("| %s | %.3fx | %s |" % (d, gmean(list(sp.values())),
                                       " | ".join(cells)))


def rate(rs, num, den):
    v = [r[num] / r[den] for r in rs if r.get(den)]
    return sum(v) / len(v) if v else float("nan")


def table1(db):
    pts = {}
    for sub in ("fig9", "table1_hash", "table1_t", "table1_l"):
        for r in rows(db, sub, "bows:gto:50000"):
            if sub == "fig9" and r.get("opt_bows_detect") not in (None,
                                                                  "ddos"):
                continue
            k = tuple(opt(r, n) for n in ("ddos_hash", "ddos_m", "ddos_k",
                                          "ddos_l", "ddos_t"))
            pts.setdefault(k, {})[r["workload"]] = r
    print("| h | m | k | l | t | TSDR | FSDR | DPR | runs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in sorted(pts, key=lambda k: (k[0] != "xor", -int(k[1]),
                                        -int(k[3]), int(k[4]))):
        rs = list(pts[k].values())
        print("| %s | %s | %s | %s | %s | %.3f | %.3f | %.3f | %d |" % (
            k + (rate(rs, "ddos_true_detected", "ddos_true_sibs"),
                 rate(rs, "ddos_false_detected", "ddos_false_branches"),
                 rate(rs, "ddos_detect_cycles", "ddos_span_cycles"),
                 len(rs))))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "results/warpsim.sqlite"
    db = sqlite3.connect(path)
    print("Fig. 10: BOWS(GTO) over GTO by delay limit (cycles ratio)\n")
    fig10(db)
    print("\nTable I: DDOS detection (BOWS(GTO), mean over workloads)\n")
    table1(db)


if __name__ == "__main__":
    main()
