#!/usr/bin/python3
"""test_stats.py KERNEL_BIN_DIR KERNEL_SRC_DIR

The statistics under GPGPU-Sim's names (docs/stats.md) on real runs of the
kernel tests: each name present with a value consistent with the counters
it derives from, `--stats FILE` alone leaves stderr free of statistics,
the text output never prints a name twice, and functional mode leaves the
timing-only names out instead of printing zeros.
"""
import json
import os
import subprocess
import sys
import tempfile

KBIN, KSRC = sys.argv[1:3]
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(kernel, args, tmp):
    """Run a kernel test host with WARPSIM_ARGS=args; (stdout, stderr)."""
    env = dict(os.environ, WARPSIM_ARGS=args)
    p = subprocess.run([os.path.join(KBIN, "kernel_" + kernel),
                        os.path.join(KSRC, kernel, "kernel.ptx")],
                       env=env, cwd=tmp, capture_output=True, text=True,
                       timeout=60)
    check(p.returncode == 0 and "PASS " + kernel in p.stdout,
          "%s %s ran: rc=%d %s" % (kernel, args, p.returncode, p.stderr[-400:]))
    return p.stdout, p.stderr


TIMING_LAUNCH = ["gpgpu_n_load_insn", "gpgpu_n_store_insn",
                 "gpgpu_n_mem_read_global", "gpgpu_n_mem_write_global",
                 "averagemflatency", "gpu_stall_dramfull", "L2_BW",
                 "gpu_occupancy", "warp_occupancy_distribution", "n_cmd",
                 "n_nop", "n_act", "n_pre", "n_req", "n_rd", "n_write",
                 "bwutil", "Row_Buffer_Locality"]
TIMING_TOTAL = ["gpu_tot_occupancy", "L2_BW_total"]
BOTH_TOTAL = ["gpu_tot_ipc", "gpgpu_n_tot_w_icount", "gpgpu_simulation_time",
              "gpgpu_simulation_rate", "gpu_tot_sim_cycle",
              "gpu_tot_sim_insn"]


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def check_launch(l, cfg, name):
    for k in TIMING_LAUNCH:
        check(k in l, "%s: launch lacks %s" % (name, k))
    if any(k not in l for k in TIMING_LAUNCH):
        return
    ws = cfg["warp_size"]
    w = l["warp_occupancy_distribution"]
    check(len(w) == ws + 1, "%s: W histogram has %d entries, warp size %d"
          % (name, len(w), ws))
    check(sum(w[1:]) == l["gpu_sim_warp_insn"],
          "%s: W1..W%d sum %d != warp instructions %d"
          % (name, ws, sum(w[1:]), l["gpu_sim_warp_insn"]))
    check(w[0] == l["sched_idle"] + l["sched_scoreboard"] + l["sched_pipeline"],
          "%s: W0 != idle + scoreboard + pipeline stalls" % name)
    check(w[0] + l["sched_issued"] == l["sched_cycles"],
          "%s: W0 + issuing scheduler-cycles != scheduler-cycles" % name)
    check(sum(k * n for k, n in enumerate(w)) >= l["gpu_sim_insn"],
          "%s: lanes at issue below thread instructions" % name)
    check(0 < l["gpu_occupancy"] <= 100, "%s: gpu_occupancy %r"
          % (name, l["gpu_occupancy"]))
    act = l["warp_cycles_total"] - l["warp_cycles_exit"]
    slots = l["sched_cycles"] / cfg["gpgpu_num_sched_per_core"] * \
        cfg["gpgpu_shader_max_warps"]
    check(close(l["gpu_occupancy"], 100.0 * act / slots),
          "%s: gpu_occupancy not active warp-cycles / slot-cycles" % name)
    sent = sum(l[k] for k in ("gpgpu_n_mem_read_global",
                              "gpgpu_n_mem_write_global",
                              "gpgpu_n_mem_read_local",
                              "gpgpu_n_mem_write_local", "gpgpu_n_mem_const"))
    check(sent == l["icnt_total_pkts_simt_to_mem"],
          "%s: gpgpu_n_mem_* sum %d != packets into the crossbar %d"
          % (name, sent, l["icnt_total_pkts_simt_to_mem"]))
    check(l["gpgpu_n_mem_read_global"] > 0, "%s: no global reads" % name)
    check(l["gpgpu_n_load_insn"] >= l["gpgpu_n_mem_insn"] > 0,
          "%s: per-thread loads below memory warp instructions" % name)
    check(l["averagemflatency"] > cfg["gpgpu_l2_rop_latency"],
          "%s: averagemflatency %r below the ROP latency"
          % (name, l["averagemflatency"]))
    mhz = float(cfg["gpgpu_clock_domains"].split(":")[1])
    bw = l["icnt_total_pkts_mem_to_simt"] * 32 / \
        (l["gpu_sim_cycle"] / (mhz * 1e6)) / 1e9
    check(close(l["L2_BW"], bw), "%s: L2_BW %r != %r" % (name, l["L2_BW"], bw))
    check(isinstance(l["gpu_stall_dramfull"], int), "%s: dramfull" % name)
    nch = cfg["gpgpu_n_mem"]
    for k in ("n_cmd", "n_nop", "n_act", "n_pre", "n_req", "n_rd", "n_write",
              "bwutil", "Row_Buffer_Locality"):
        check(len(l[k]) == nch, "%s: %s has %d channels, not %d"
              % (name, k, len(l[k]), nch))
    check(sum(l["n_act"]) == l["dram_n_act"], "%s: n_act sum" % name)
    check(sum(l["n_req"]) == l["dram_n_req"] > 0, "%s: n_req sum" % name)
    check(all(n <= c for n, c in zip(l["n_nop"], l["n_cmd"])),
          "%s: n_nop above n_cmd" % name)
    for c in range(nch):
        check(close(l["bwutil"][c], l["dram_busy_cycles_chan"][c] /
                    l["n_cmd"][c]), "%s: bwutil[%d]" % (name, c))
        h, m = l["dram_row_hits_chan"][c], l["dram_row_misses_chan"][c]
        check(close(l["Row_Buffer_Locality"][c], h / (h + m) if h + m else 0),
              "%s: Row_Buffer_Locality[%d]" % (name, c))
        check(l["n_rd"][c] + l["n_write"][c] >= l["n_req"][c] - 1,
              "%s: fewer column commands than requests" % name)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        # 1. timing, JSON only: nothing on stderr but the host's own lines
        _, err = run("reduction", "--stats out.json", tmp)
        check(" = " not in err and "gpu_sim_cycle" not in err,
              "--stats out.json still wrote statistics to stderr:\n" + err[:300])
        doc = json.load(open(os.path.join(tmp, "out.json")))
        cfg, ls, tot = doc["config"], doc["launches"], doc["total"]
        check(len(ls) == 2, "reduction: expected 2 launches")
        for i, l in enumerate(ls):
            check_launch(l, cfg, "reduction launch %d" % i)
        for k in BOTH_TOTAL + TIMING_TOTAL:
            check(k in tot, "total lacks %s" % k)
        cyc = sum(l["gpu_sim_cycle"] for l in ls)
        ins = sum(l["gpu_sim_insn"] for l in ls)
        wi = sum(l["gpu_sim_warp_insn"] for l in ls)
        check(tot.get("gpu_tot_sim_cycle") == cyc, "gpu_tot_sim_cycle")
        check(close(tot.get("gpu_tot_ipc", 0), ins / cyc),
              "gpu_tot_ipc != gpu_tot_sim_insn / gpu_tot_sim_cycle")
        check(tot.get("gpgpu_n_tot_w_icount") == wi,
              "gpgpu_n_tot_w_icount != warp instructions of all launches")
        check(tot.get("gpgpu_simulation_time", 0) > 0 and
              close(tot.get("gpgpu_simulation_rate", 0),
                    tot["gpu_tot_sim_insn"] / tot["gpgpu_simulation_time"]),
              "gpgpu_simulation_rate != thread instructions / seconds")
        check(min(l["gpu_occupancy"] for l in ls) - 1e-9 <=
              tot.get("gpu_tot_occupancy", -1) <=
              max(l["gpu_occupancy"] for l in ls) + 1e-9,
              "gpu_tot_occupancy outside its launches' range")

        # 2. text file only, one launch, warp size 16: stderr quiet, every
        #    name once, the W histogram goes to the warp size
        _, err = run("transpose", "--warp-size 16 --stats out.txt", tmp)
        check(" = " not in err, "--stats out.txt wrote statistics to stderr")
        names = [ln.split(" = ", 1)[0] for ln in
                 open(os.path.join(tmp, "out.txt")).read().splitlines()
                 if " = " in ln and not ln.startswith("-")]
        dup = sorted({n for n in names if names.count(n) > 1})
        check(not dup, "names printed twice in one launch's output: %s" % dup)
        for k in TIMING_LAUNCH + BOTH_TOTAL + TIMING_TOTAL:
            check(k in names, "text output lacks %s" % k)
        w = [ln for ln in open(os.path.join(tmp, "out.txt"))
             if ln.startswith("warp_occupancy_distribution = ")]
        check(len(w) == 1 and len(w[0].split(" = ")[1].split()) == 17,
              "warp size 16: W histogram is not W0..W16")

        # 3. functional mode: timing-only names absent, not zero-filled
        run("transpose", "--mode functional --stats f.json", tmp)
        f = json.load(open(os.path.join(tmp, "f.json")))
        for k in TIMING_LAUNCH:
            check(k not in f["launches"][0], "functional mode prints %s" % k)
        for k in TIMING_TOTAL:
            check(k not in f["total"], "functional total has %s" % k)
        for k in BOTH_TOTAL:
            check(k in f["total"], "functional total lacks %s" % k)
    print("test_stats: %d failure(s)" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
