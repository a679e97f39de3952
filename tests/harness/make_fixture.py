#!/usr/bin/python3
"""make_fixture.py - regenerate fixture.sql, the small committed results
database the figure and report tests load.  It fabricates run directories
(job.json, status.json, JSON stats.json in the exact schema warpsim
writes, a trace for one run) and loads them with the real collector, so
the fixture also follows the collector's schema.

Two sweeps: "fixture" (fixture.toml: 4 workloads x 3 policies x 2
scheduler counts) and "fxbaws" (fixture_baws.toml: BAWS-style
sched+fetch combinations in sub-sweeps fig8/fig9/fig12/ibuf/nonbar/
timeline, an I-buffer grid whose default value was de-duplicated into
the fig8 run, traced duplicates, rtru_mean on only some runs).

  tests/harness/make_fixture.py > tests/harness/fixture.sql
"""
import hashlib
import json
import os
import sqlite3
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "harness"))
import harness_db  # noqa: E402

WORKLOADS = [("sp", "baws-barrier,pro", 1000), ("mm", "baws-barrier,dwr", 800),
             ("bt", "baws-barrier,pro", 600), ("nn", "baws-nonbarrier,dwr", 400)]
SCHED = {"lrr": 1.0, "gto": 1.0 / 1.09, "tl": 1.0 / 1.03}
NSCHED = {1: 1.15, 2: 1.0}     # opt_gpgpu_num_sched_per_core scaling


def trace_text():
    """2 SMs, 2 TBs each after another, 4 warps per TB with 2 barriers."""
    out = []
    for sm in range(2):
        for i in range(2):
            tb = sm * 2 + i
            t0 = i * 400 + sm * 30
            out.append("%d tb_start %d %d -" % (t0, sm, tb))
            for w in range(4):
                a1 = t0 + 80 + 25 * w
                out.append("%d bar_arrive %d %d %d" % (a1, sm, tb, w))
            for w in range(4):
                out.append("%d bar_release %d %d %d" % (t0 + 180, sm, tb, w))
            for w in range(4):
                out.append("%d warp_exit %d %d %d" % (t0 + 300 + 10 * w, sm,
                                                      tb, w))
            out.append("%d tb_end %d %d -" % (t0 + 340, sm, tb))
    return "\n".join(out) + "\n"


def write_run_dir(d, job, stats):
    """Create run directory d with job.json, stats.json and an ok
    status.json, as a runner leaves them."""
    os.makedirs(d)
    for fn, obj in (("job.json", job), ("stats.json", stats),
                    ("status.json", {"status": "ok", "exit_status": 0,
                                     "error": None, "wall_s": 0.0,
                                     "host": "fixture", "started_at": 0.0,
                                     "finished_at": 0.0})):
        with open(os.path.join(d, fn), "w") as f:
            json.dump(obj, f, sort_keys=True)


def make_run(root, w, classes, base, sched, nsched):
    key = ("%s-%s-%d" % (w, sched, nsched)).encode().hex().ljust(64, "0")[:64]
    cyc = int(base * SCHED[sched] * NSCHED[nsched] * 100)
    insn = base * 3000
    tot = {"gpu_sim_cycle": cyc, "gpu_sim_insn": insn,
           "gpu_sim_warp_insn": insn // 32, "gpu_ipc": insn / cyc,
           "sched_idle": cyc // 5, "sched_scoreboard": cyc // 4,
           "sched_pipeline": cyc // 10, "sched_barrier": cyc // 8,
           "sched_issued": cyc - cyc // 5 - cyc // 4 - cyc // 10 - cyc // 8,
           "warp_cycles_issued": insn // 32, "warp_cycles_control": cyc // 20,
           "warp_cycles_data": cyc * 3, "warp_cycles_structural": cyc // 3,
           "warp_cycles_barrier": cyc * (2 if sched == "gto" else 1),
           "warp_cycles_exit": cyc // 7, "warp_cycles_fetch": cyc // 9,
           "warp_cycles_empty": cyc // 11, "gpu_simd_efficiency": None,
           "sm_busy_cycles": [cyc - 10 * i for i in range(4)]}
    launch = dict(tot, kernel_name=w + "_kernel", kernel_status="ok")
    stats = {"warpsim_version": "0.1.0",
             "config": {"mode": "timing", "gpgpu_scheduler": sched,
                        "gpgpu_num_sched_per_core": nsched},
             "launches": [launch], "total": dict(tot, gpu_tot_launches=1),
             "complete": True}
    job = {"key": key, "key16": key[:16], "workload": w, "classes": classes,
           "size": "small", "seed": 1, "config": "gtx480",
           "config_sha256": "0" * 64, "mode": "timing", "sched": sched,
           "fetch": "rr", "grid": {"gpgpu_num_sched_per_core": nsched},
           "ident": {"warpsim_version": "0.1.0",
                     "options": [["gpgpu_num_sched_per_core", "1"]]
                     * (nsched == 1) + [["gpgpu_scheduler", sched]]
                     * (sched != "lrr")}}
    d = os.path.join(root, key[:16])
    write_run_dir(d, job, stats)
    if w == "sp" and nsched == 2:
        with open(os.path.join(d, "trace.txt"), "w") as f:
            f.write(trace_text())
    return d, key


# fxbaws: speedup over lrr+rr per (sched, fetch); per-workload overrides.
BCOMBO = {("lrr", "rr"): 1.0, ("lrr", "cff"): 1.01, ("gto", "rr"): 1.08,
          ("gto", "cff"): 1.10, ("mwf", "rr"): 1.09, ("mwf", "cff"): 1.16,
          ("mwf", "fef"): 1.11, ("mwf:gto", "rr"): 1.05,
          ("mwf:gto", "cff"): 1.17, ("mwf:gto", "fef"): 1.11,
          ("saws", "rr"): 1.10, ("saws", "cff"): 1.12}
BOVERRIDE = {("sp", "mwf:gto", "rr"): 1.02}     # MWF without CFF loses here
BWORK = [("sp", "baws-barrier,pro", 1000), ("mm", "baws-barrier,dwr", 800),
         ("bt", "baws-barrier,pro", 600), ("nn", "baws-nonbarrier,dwr", 400)]
BSUBS = {
    "fig8": [(s, f) for s in ("lrr", "gto", "mwf", "mwf:gto")
             for f in ("rr", "cff")],
    "fig9": [("mwf", "fef"), ("mwf:gto", "fef")],
    "fig12": [("saws", "rr"), ("saws", "cff")],
    "ibuf": [("gto", "rr", 2), ("gto", "rr", 4)],
    "nonbar": [("lrr", "rr"), ("gto", "rr"), ("saws", "rr"),
               ("mwf:gto", "cff"), ("saws", "cff")],
    "timeline": [("lrr", "rr", None, True), ("gto", "rr", None, True)],
}


def trace_text2(slow):
    """Two launches (cycles and TB ids restart), per-TB bar_release
    lines (warp -1), warp `slow` of each TB arriving last."""
    out = []
    for _launch in range(2):
        ev = []
        for tb in range(2):
            t0 = tb * 500
            ev.append("%d tb_start 0 %d -1" % (t0, tb))
            for ph in range(3):
                base = t0 + ph * 150
                for w in range(4):
                    ev.append("%d bar_arrive 0 %d %d" % (
                        base + 40 + 10 * w + (60 if w == slow else 0), tb, w))
                ev.append("%d bar_release 0 %d -1" % (base + 140, tb))
            for w in range(4):
                ev.append("%d warp_exit 0 %d %d" % (t0 + 460 + 5 * w, tb, w))
            ev.append("%d tb_end 0 %d -1" % (t0 + 490, tb))
        out += sorted(ev, key=lambda e: int(e.split()[0]))
    return "# warpsim trace: cycle event sm tb warp\n" + "\n".join(
        out) + "\n"


def make_brun(root, w, classes, base, sched, fetch, ibuf, trace):
    name = "b-%s-%s-%s-%s-%d" % (w, sched, fetch, ibuf or "", bool(trace))
    key = hashlib.sha256(name.encode()).hexdigest()
    sp = BOVERRIDE.get((w, sched, fetch), BCOMBO[(sched, fetch)])
    if ibuf == 4:
        sp *= 1.003
    cyc = int(base * 100 / sp)
    greedy = sched in ("gto", "mwf:gto", "saws")
    tot = {"gpu_sim_cycle": cyc, "warp_cycles_issued": base * 90,
           "warp_cycles_control": cyc // 20, "warp_cycles_data": cyc * 3,
           "warp_cycles_structural": cyc // (4 if greedy else 2),
           "warp_cycles_barrier": cyc * (3 if greedy else 2) // 2
           if sched != "mwf:gto" else cyc,
           "warp_cycles_exit": cyc // 7,
           "warp_cycles_fetch": cyc // (12 if fetch == "cff" else 8),
           "warp_cycles_empty": cyc // 11}
    tot["warp_cycles_total"] = sum(v for k, v in tot.items()
                                   if k.startswith("warp_cycles_"))
    tot["warp_frac_barrier"] = tot["warp_cycles_barrier"] / \
        tot["warp_cycles_total"]
    tot["warp_frac_exit"] = tot["warp_cycles_exit"] / tot["warp_cycles_total"]
    if w in ("sp", "mm"):
        tot["rtru_mean"] = 0.30 if greedy else 0.25
        tot["rtru_phases"] = 40
    launch = dict(tot, kernel_name=w + "_kernel", kernel_status="ok")
    opts = [["fetch_policy", fetch]] * (fetch != "rr") + \
        [["gpgpu_ibuffer_size", "4"]] * (ibuf == 4) + \
        [["gpgpu_scheduler", sched]] * (sched != "lrr")
    stats = {"warpsim_version": "0.1.0",
             "config": {"mode": "timing", "gpgpu_scheduler": sched,
                        "fetch_policy": fetch,
                        "gpgpu_ibuffer_size": ibuf or 2},
             "launches": [launch], "total": dict(tot, gpu_tot_launches=1),
             "complete": True}
    job = {"key": key, "key16": key[:16], "workload": w, "classes": classes,
           "size": "small", "seed": 1, "config": "gtx480",
           "config_sha256": "0" * 64, "mode": "timing", "sched": sched,
           "fetch": fetch, "trace": bool(trace),
           "grid": {"gpgpu_ibuffer_size": ibuf} if ibuf == 4 else {},
           "ident": {"warpsim_version": "0.1.0", "options": opts}}
    d = os.path.join(root, key[:16])
    if os.path.isdir(d):
        return d, key
    write_run_dir(d, job, stats)
    if trace:
        with open(os.path.join(d, "trace.txt"), "w") as f:
            f.write(trace_text2(3 if sched == "gto" else 1))
    return d, key


def make_baws(tmp):
    """The fxbaws runs; returns (dirs, {subsweep: keys}, all keys)."""
    dirs, subs, keys = [], {}, []
    for sub, combos in BSUBS.items():
        for w, classes, base in BWORK:
            if (sub == "nonbar") != (w == "nn"):
                continue
            if sub == "timeline" and w not in ("sp", "bt"):
                continue
            for c in combos:
                sched, fetch = c[0], c[1]
                ibuf = c[2] if len(c) > 2 else None
                trace = len(c) > 3 and c[3]
                # ibuffer 2 is the default: the same job (key) as fig8's.
                d, k = make_brun(tmp, w, classes, base, sched, fetch,
                                 ibuf if ibuf == 4 else None, trace)
                if d not in dirs:
                    dirs.append(d)
                    keys.append(k)
                subs.setdefault(sub, []).append(k)
    return dirs, subs, keys


def main():
    tmp = tempfile.mkdtemp()
    dirs, keys = [], []
    for w, classes, base in WORKLOADS:
        for sched in SCHED:
            for ns in NSCHED:
                d, k = make_run(tmp, w, classes, base, sched, ns)
                dirs.append(d)
                keys.append(k)
    bdirs, bsubs, bkeys = make_baws(tmp)
    out = os.path.join(tmp, "out")
    os.makedirs(os.path.join(out, "sweeps"))
    with open(os.path.join(out, "sweeps", "fixture.json"), "w") as f:
        json.dump({"name": "fixture", "keys": keys}, f)
    with open(os.path.join(out, "sweeps", "fxbaws.json"), "w") as f:
        json.dump({"name": "fxbaws", "keys": bkeys, "subsweeps": bsubs}, f)
    dbp = os.path.join(tmp, "f.sqlite")
    manifest = [(w, c.split(",")) for w, c, _ in WORKLOADS]
    harness_db.collect(dbp, dirs + bdirs, out, manifest)
    db = sqlite3.connect(dbp)
    print("-- tests/harness/fixture.sql: generated by make_fixture.py")
    for line in db.iterdump():
        print(line)


if __name__ == "__main__":
    main()
