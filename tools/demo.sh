#!/usr/bin/env bash
# make demo: the main job.  Until the timing model and the experiment
# harness land (issues 4 and 5) there are no issue policies to compare, so
# the default experiment characterises the BAWS barrier-intensive
# workloads on the functional model: each runs through its unchanged
# Driver API host, is checked against its CPU reference, and contributes
# one table row (warp instructions, barriers per warp, atomics, SIMD
# efficiency).
set -euo pipefail
BUILD=${1:-build}
cd "$(dirname "$0")/.."
out=results/demo
mkdir -p "$out"
table="$out/table.txt"
"$BUILD/warpsim" suite characterise baws-barrier --check \
	--stats-dir "$out/stats" --out "$table"
cat "$table"
echo "table: $table"
echo "figure: none yet (figures come with the experiment harness, issue 5)"
