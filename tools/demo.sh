#!/usr/bin/env bash
# make demo: the main job.  Sweeps the BAWS barrier-intensive workloads
# (experiments/demo.toml) under every issue policy available on the
# GTX480 configuration at the small size, through the experiment harness
# (local worker pool, one job per core), collects the runs into
# results/warpsim.sqlite, prints the speedup table over LRR (per workload
# and geometric mean) and the path of the speedup figure.  Reruns skip
# finished jobs.
set -euo pipefail
# Simulation mode of every job (DEMO_MODE overrides): timing.  The demo
# compares issue policies, so DEMO_MODE=functional is refused by the
# harness (the functional model has no scheduler).
MODE=${DEMO_MODE:-timing}
BUILD=${1:-build}
cd "$(dirname "$0")/.."
BUILD=$(cd "$BUILD" && pwd)
out=results
harness() {
	# `warpsim sweep|collect|plot...` once the command dispatches to the
	# harness; the harness script itself otherwise (same arguments).
	if "$BUILD/warpsim" --help 2>/dev/null | grep -q '^  sweep'; then
		"$BUILD/warpsim" "$@"
	else
		local cmd=$1
		shift
		/usr/bin/python3 tools/harness/warpsim_harness.py "$cmd" \
			--warpsim "$BUILD/warpsim" --source-dir "$PWD" \
			--build-dir "$BUILD" "$@"
	fi
}
harness sweep experiments/demo.toml --mode "$MODE" --out "$out" ||
	echo "demo: some jobs failed (see above); the table has the rest"
harness collect --out "$out" 2>/dev/null
echo
echo "Speedup over LRR (cycles, $MODE mode, gtx480, small inputs):"
harness table demo --out "$out" | tee "$out/demo-table.txt"
harness report demo --out "$out" | sed -n 's/^figure: //p' | head -1 |
	while read -r fig; do
		echo "table: $out/demo-table.txt"
		echo "figure: $fig"
	done
echo "report: $out/demo/report.md"
