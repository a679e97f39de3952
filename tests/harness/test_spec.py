#!/usr/bin/python3
"""Spec expansion and job keys; the statistics parsers; reproduce end to
end on a 2-job spec with the real binary.
  - classes and names expand in manifest order; the grid multiplies;
  - a key is stable, changes with an option that matters, ignores
    spellings (--sched vs --gpgpu_scheduler) and default values (the
    config's values under a config);
  - the plain-text and JSON statistics forms load into the same columns;
  - `reproduce` writes report.md with its headline row and figure."""
import json
import os
import re
import sqlite3
import subprocess

import hcommon as h
import harness_db
import harness_run
import harness_spec

a = h.args()
h.need_binaries(a, ["nn", "bt", "sp"])
d = h.tmpdir("spec")
info = harness_spec.SimInfo(a.warpsim)
man = harness_spec.load_manifest(a.source_dir)
bar = harness_spec.select_workloads(man, ["baws-barrier"])
h.check(bar[:2] == ["sp", "ms"] and "octp" in bar and "nn" not in bar,
        "class expansion: %s" % bar)
h.check(harness_spec.select_workloads(man, ["nn", "sp"]) == ["sp", "nn"],
        "names come out in manifest order")
h.check(info.canonical("--sched") == "gpgpu_scheduler" and
        info.canonical("-warp-size") == "warp_size", "option aliases")


def jobs(sw):
    spec = {"experiment": {"name": "t"}, "sweep": sw}
    return harness_spec.expand_jobs(spec, info, a.source_dir, a.build_dir,
                                    os.path.join(d, "runs"))


base = {"workloads": ["nn", "bt"], "sched": ["lrr", "gto"], "mode": "timing",
        "configs": ["gtx480"]}
j1 = jobs(dict(base, grid={"warp_size": [16, 32]}))
h.check(len(j1) == 8, "2 workloads x 2 policies x 2 warp sizes = %d jobs"
        % len(j1))
j2 = jobs(dict(base, grid={"warp_size": [16, 32]}))
h.check([j["key"] for j in j1] == [j["key"] for j in j2], "keys not stable")
h.check(len({j["key"] for j in j1}) == 8, "keys collide")
# warp_size 32 is the default: the same key as not naming it.
k32 = {j["key"] for j in j1 if j["grid"]["warp_size"] == 32}
k0 = {j["key"] for j in jobs(base)}
h.check(k32 == k0, "a default-valued option changed the key")
# Under a config, "default" means the config's value: SIMD 32 (the GTX480
# default) on tesla8 (SIMD 8) is a different machine, SIMD 8 is not.
t8 = dict(base, configs=["tesla8"], sched=["lrr"])
kt = {j["grid"]["gpgpu_simd_width"]: j["key"]
      for j in jobs(dict(t8, grid={"gpgpu_simd_width": [8, 32]}))}
kt0 = {j["key"] for j in jobs(t8)}
h.check(len(set(kt.values())) == 2 and kt[32] not in kt0,
        "SIMD 32 on tesla8 filed as tesla8's own SIMD 8")
h.check(kt[8] in kt0, "tesla8's own SIMD width changed the key")
kseed = {j["key"] for j in jobs(dict(base, seeds=[2]))}
h.check(not kseed & k0, "the seed does not change the key")
kalias = {j["key"] for j in jobs(dict(base, options={"sched": "lrr"},
                                      sched=["lrr"]))}
h.check(kalias <= k0, "an alias spelling changed the key")

# Text and JSON statistics give the same columns.
text = ("warpsim 0.1.0: effective configuration\n-mode = functional\n"
        "kernel_name = k\ngpu_sim_cycle = 10\ngpu_sim_insn = 64\n"
        "gpu_tot_sim_cycle = 10\nkernel_name = k\ngpu_sim_cycle = 30\n"
        "gpu_sim_insn = 64\ngpu_tot_sim_cycle = 40\ngpu_tot_sim_cycle = 40\n"
        "gpu_tot_launches = 2\n")
st = harness_db.parse_text_stats(text)
h.check(len(st["launches"]) == 2 and st["total"]["gpu_sim_cycle"] == 40
        and st["total"]["gpu_ipc"] == 128 / 40 and
        st["total"]["gpu_tot_launches"] == 2 and
        st["config"]["mode"] == "functional", "text stats: %s" % st)
# The simulator's own text form: running totals after each launch, then
# only the end-of-run lines (no repeated name); totals from the last launch.
text = ("warpsim 0.1.0: effective configuration\n-mode = timing\n"
        "kernel_name = k\ngpu_sim_cycle = 10\ngpu_sim_insn = 64\n"
        "gpu_tot_sim_cycle = 10\ngpu_tot_ipc = 6.4\nkernel_name = k\n"
        "gpu_sim_cycle = 30\ngpu_sim_insn = 64\ngpu_tot_sim_cycle = 40\n"
        "gpu_tot_ipc = 3.2\ngpu_tot_warp_insn = 4\ngpu_tot_launches = 2\n"
        "gpgpu_simulation_time = 0.5\n")
st = harness_db.parse_text_stats(text)
h.check(len(st["launches"]) == 2 and "gpu_tot_launches" not in
        st["launches"][1] and st["total"]["gpu_tot_sim_cycle"] == 40 and
        st["total"]["gpu_tot_ipc"] == 3.2 and
        st["total"]["gpu_sim_cycle"] == 40 and
        st["total"]["gpu_tot_launches"] == 2 and
        st["total"]["gpgpu_simulation_time"] == 0.5,
        "text stats with end-of-run lines: %s" % st)
p_txt = os.path.join(d, "s.txt")
with open(p_txt, "w") as f:
    f.write(text)
h.check(harness_run.stats_problem(p_txt) is None, "complete text stats")
with open(p_txt, "w") as f:
    f.write(text.split("gpu_tot_warp_insn")[0])
h.check(harness_run.stats_problem(p_txt) is not None,
        "text stats without the end-of-run lines counted as complete")
# The real binary's text and JSON forms agree on the totals.
for ext in ("txt", "json"):
    subprocess.run([a.warpsim, "suite", "run", "nn", "--stats",
                    os.path.join(d, "nn." + ext)], capture_output=True,
                   check=True)
tt = harness_db.load_stats(os.path.join(d, "nn.txt"))
tj = harness_db.load_stats(os.path.join(d, "nn.json"))
for k in ("gpu_tot_sim_cycle", "gpu_tot_launches", "gpu_sim_cycle",
          "gpu_tot_sim_insn"):
    h.check(tt["total"].get(k) == tj["total"].get(k),
            "text/JSON total %s: %s vs %s" % (k, tt["total"].get(k),
                                             tj["total"].get(k)))
h.check(len(tt["launches"]) == len(tj["launches"]), "launch counts differ")

js = {"warpsim_version": "0.1.0", "config": {"mode": "timing"},
      "launches": [{"kernel_name": "k", "gpu_sim_cycle": 40}],
      "total": {"gpu_sim_cycle": 40, "gpu_ipc": None, "status": 3,
                "per_sm": [1, 2]}, "complete": True}
p = os.path.join(d, "s.json")
with open(p, "w") as f:
    json.dump(js, f)
h.check(harness_db.load_stats(p) == js, "JSON stats not loaded as written")

# reproduce, end to end, on the real binary.
spec = os.path.join(d, "mini.toml")
h.write_spec(spec, "mini", ["sp"], ["lrr", "gto"])
with open(spec, "a") as f:
    f.write('\n[[headline]]\nlabel = "GTO vs LRR"\npaper = 8.4\nunit = "%"\n'
            'compute = { kind = "geomean_speedup", policy = "gto", '
            'baseline = "lrr" }\n\n[[figure]]\nname = "speedup"\n'
            'type = "speedup"\n')
out = os.path.join(d, "out")
r = h.harness(a, "reproduce", spec, "--out", out, "-j", "2")
rep = os.path.join(out, "mini", "report.md")
h.check(os.path.isfile(rep), "no report.md:\n" + r.stdout + r.stderr)
txt = open(rep).read()
# The headline's "ours" is the geomean speedup the table prints.
mrow = re.search(r"\| GTO vs LRR \| \+8\.4% \| ([-+]\d+\.\d)% \|", txt)
mgeo = re.search(r"^geomean\s+1\.000\s+(\d+\.\d+)\s*$", txt, re.M)
h.check(mrow and mgeo and abs(float(mrow.group(1)) -
                              (float(mgeo.group(1)) - 1) * 100) < 0.11,
        "headline row:\n" + txt)
h.check(os.path.getsize(os.path.join(out, "mini", "figures", "speedup.png"))
        > 5000, "speedup figure")
db = sqlite3.connect(os.path.join(out, "warpsim.sqlite"))
n = db.execute("SELECT COUNT(*) FROM runs WHERE status = 'ok' AND "
               "gpu_sim_cycle > 0 AND workload = 'sp'").fetchone()[0]
h.check(n == 2, "%d ok sp runs with cycles" % n)
h.cleanup(d)
print("PASS: expansion, keys, stats parsers, reproduce end to end")
