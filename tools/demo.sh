#!/usr/bin/env bash
# make demo: the main job.  Until the timing model and the experiment
# harness land (issues 4 and 5), the default experiment runs our test
# kernels on the functional model through the unchanged Driver API host
# programs and prints one table row per kernel.
set -euo pipefail
BUILD=${1:-build}
cd "$(dirname "$0")/.."
out=results/demo
mkdir -p "$out"
table="$out/table.txt"
printf '%-12s %-6s %10s %14s %10s\n' workload result launches warp_insn simd_eff > "$table"
for dir in tests/kernels/*/; do
	name=$(basename "$dir")
	host="$BUILD/tests/kernels/kernel_$name"
	[ -x "$host" ] && [ -f "$dir/kernel.ptx" ] || continue
	[ "$name" = fault ] && continue
	stats="$out/$name.stats"
	if "$BUILD/warpsim" run --stats_file "$stats" -- "$host" "$dir/kernel.ptx" > "$out/$name.out" 2>&1; then
		res=PASS
	else
		res=FAIL
	fi
	launches=$(grep -c '^kernel_name' "$stats" 2>/dev/null || true)
	winsn=$(awk -F' = ' '/^gpu_sim_warp_insn/ {s += $2} END {print s+0}' "$stats" 2>/dev/null)
	tinsn=$(awk -F' = ' '/^gpu_sim_insn/ {s += $2} END {print s+0}' "$stats" 2>/dev/null)
	ws=$(awk -F' = ' '/^-warp_size/ {print $2; exit}' "$stats" 2>/dev/null)
	eff=$(awk -v t="$tinsn" -v w="$winsn" -v s="${ws:-32}" 'BEGIN { if (w > 0) printf "%.3f", t / (w * s); else print "-" }')
	printf '%-12s %-6s %10s %14s %10s\n' "$name" "$res" "${launches:-0}" "$winsn" "$eff" >> "$table"
done
cat "$table"
echo "table: $table"
echo "figure: none yet (figures come with the experiment harness, issue 5)"
