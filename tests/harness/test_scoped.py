#!/usr/bin/python3
"""Options one issue policy scopes (harness_spec.POLICY_SCOPED: BOWS's
bows_* and ddos_*):
  - warpsim refuses them under another policy, and its option help marks
    exactly the options the harness's table lists;
  - a sweep gives them (fixed or grid) only to that policy's runs: the
    other policy's run is made once, without them;
  - a sub-sweep in which no policy takes one is a spec error;
  - pairing a BOWS variant with a GTO baseline ignores the option the
    baseline's policy does not take, but two BOWS variants stay apart.
Expansion only; nothing runs."""
import json
import os
import re

import hcommon as h
import harness_plot
import harness_spec

a = h.args()
h.need_binaries(a, ["nn", "bt"])
d = h.tmpdir("scoped")
info = harness_spec.SimInfo(a.warpsim)

# the binary and the table agree
rc, text, _ = harness_spec._ask([a.warpsim, "options"])
marked = set(re.findall(r"^\s+--(\S+)\s+.*\(--sched bows:BASE only\)",
                        text, re.M))
h.check(marked == set(harness_spec.POLICY_SCOPED["bows"]),
        "options marked bows-only in --help %s, table %s" % (
            sorted(marked), sorted(harness_spec.POLICY_SCOPED["bows"])))
for n in harness_spec.POLICY_SCOPED["bows"]:
    v = "x.txt" if n == "bows_sibs" else "mod" if n == "ddos_hash" else \
        "ddos:1000" if n == "bows_detect" else "4"
    err = info.check_options(["--gpgpu_scheduler", "gto", "--" + n, v])
    h.check(err and "bows:BASE" in err, "%s under gto: %s" % (n, err))
    err = info.check_options(["--gpgpu_scheduler", "bows:gto", "--" + n, v])
    h.check(err is None, "%s under bows:gto refused: %s" % (n, err))

spec_path = os.path.join(d, "scoped.toml")
with open(spec_path, "w") as f:
    f.write('''[experiment]
name = "scoped"

[sweep_defaults]
mode = "timing"
options = { bows_sibs = "bows_sibs.txt", gpgpu_max_cycle = 5000000 }

[[sweep]]
name = "f"
workloads = ["nn"]
sched = ["gto:50000", "bows:gto:50000"]
[sweep.grid]
ddos_hash = ["xor", "mod"]
''')
spec = harness_spec.load_spec(spec_path)
jobs = harness_spec.expand_jobs(spec, info, a.source_dir, a.build_dir,
                                os.path.join(d, "runs"))
desc = [(j["sched"], j["grid"].get("ddos_hash"),
         "--bows_sibs" in j["sim_options"], "--ddos_hash" in j["sim_options"])
        for j in jobs]
want = [("gto:50000", None, False, False),
        ("bows:gto:50000", "xor", True, True),
        ("bows:gto:50000", "mod", True, True)]
h.check(desc == want, "jobs %s, want %s" % (desc, want))
h.check(len({j["key"] for j in jobs}) == 3, "keys collide")

# no policy of the sub-sweep takes ddos_m: an error before anything runs
with open(spec_path, "w") as f:
    f.write('''[experiment]
name = "scoped2"
[[sweep]]
workloads = ["nn"]
sched = ["lrr", "gto"]
grid = { ddos_m = [4, 8] }
''')
try:
    harness_spec.expand_jobs(harness_spec.load_spec(spec_path), info,
                             a.source_dir, a.build_dir,
                             os.path.join(d, "runs"))
    h.check(False, "ddos_m with lrr and gto only was accepted")
except harness_spec.SpecError as e:
    h.check("ddos_m" in str(e) and "bows:BASE" in str(e), str(e))


# pairing: BOWS variants against one GTO run
def row(sched, cyc, **opts):
    so = [["mode", "timing"], ["gpgpu_scheduler", sched]] + \
        [[k, str(v)] for k, v in sorted(opts.items())]
    return {"workload": "nn", "size": "small", "seed": 1, "config": "gtx480",
            "mode": "timing", "sched": sched, "fetch": "rr",
            "options": "{}", "sim_options": json.dumps(so),
            "gpu_sim_cycle": cyc, "key": sched + str(cyc)}


rows = [row("gto:50000", 1000),
        row("bows:gto:50000", 800, bows_sibs="s.txt", ddos_hash="xor"),
        row("bows:gto:50000", 900, bows_sibs="s.txt", ddos_hash="mod")]
p = harness_plot._pairs(rows, "gpu_sim_cycle", {"sched": "gto:50000"},
                        {"sched": "bows:gto:50000"})
h.check(sorted((r["gpu_sim_cycle"], b["gpu_sim_cycle"]) for r, b in p) ==
        [(800, 1000), (900, 1000)], "pairs over gto: %s" % [
            (r["key"], b["key"]) for r, b in p])
p = harness_plot._pairs(rows, "gpu_sim_cycle",
                        {"sched": "bows:gto:50000", "opt_ddos_hash": "xor"},
                        {"sched": "bows:gto:50000", "opt_ddos_hash": "mod"})
h.check([(r["gpu_sim_cycle"], b["gpu_sim_cycle"]) for r, b in p] ==
        [(900, 800)], "mod over xor: %s" % [(r["key"], b["key"])
                                            for r, b in p])
# a GTO run with another non-scoped option does not pair
rows.append(row("bows:gto:50000", 700, gpgpu_ibuffer_size=4))
p = harness_plot._pairs(rows, "gpu_sim_cycle", {"sched": "gto:50000"},
                        {"sched": "bows:gto:50000"})
h.check(len(p) == 2, "ibuffer 4 paired with the default gto run")
h.cleanup(d)
print("PASS: BOWS-only options refused elsewhere, given only to bows:* runs, "
      "paired across the scope")
