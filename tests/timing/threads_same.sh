#!/bin/sh
# threads_same.sh - parallel stepping must not change results (issue 17
# item 7, docs/timing.md "Parallel stepping"): run one suite workload in
# timing mode once per host thread count and require the same exit status
# and byte-identical full statistics files (every launch's counters and
# cycle counts; the wall-clock lines and the echo of the host-only options
# stats_file and threads are dropped, as tools/statcmp.sh does).
#   threads_same.sh NAME HOST PTX "N1 N2 ..." [simulator options...]
# The first count is the reference (compared with a run without
# --threads); every later count above 1 must also have stepped some cycle
# on several threads (sim_parallel_cycles > 0), so a pool that silently
# never ran fails.
set -u
name=$1 host=$2 ptx=$3 counts=$4
shift 4
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsthreads.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run TAG [options]: statistics in $tmp/TAG.stats, status in $tmp/TAG.rc,
# stderr in $tmp/TAG.err
run() {
	tag=$1
	shift
	WARPSIM_ARGS="--mode timing --quiet --stats_file $tmp/$tag.raw $*" \
		"$host" "$ptx" --size small --seed 1 >"$tmp/$tag.out" \
		2>"$tmp/$tag.err"
	echo $? >"$tmp/$tag.rc"
	grep -v -e '^sim_wall_seconds' -e '^sim_rate_' -e '^sim_parallel_' \
		-e '^gpgpu_simulation_time' -e '^gpgpu_simulation_rate' \
		-e '^-stats_file' -e '^-threads' "$tmp/$tag.raw" \
		>"$tmp/$tag.stats" 2>/dev/null
}

# same A B: A's and B's status and statistics agree (else a diff, exit 1)
same() {
	if ! cmp -s "$tmp/$1.rc" "$tmp/$2.rc"; then
		echo "threads_same: $name: exit status $(cat "$tmp/$1.rc")" \
			"($1) vs $(cat "$tmp/$2.rc") ($2)" >&2
		cat "$tmp/$2.err" >&2
		exit 1
	fi
	if [ ! -s "$tmp/$1.stats" ] ||
	   ! cmp -s "$tmp/$1.stats" "$tmp/$2.stats"; then
		diff "$tmp/$1.stats" "$tmp/$2.stats" | head -40 >&2
		echo "threads_same: $name: statistics of $1 and $2 differ" >&2
		exit 1
	fi
}

run default "$@"
ref=
for n in $counts; do
	run "t$n" "$@" --threads "$n"
	if [ -z "$ref" ]; then
		ref=t$n
		same default "$ref"
		continue
	fi
	same "$ref" "t$n"
	# the pool must have run: some cycle visited its SMs on n threads
	par=$(awk '/^sim_parallel_cycles/ { s += $NF } END { print s + 0 }' \
		"$tmp/t$n.raw")
	if [ "$n" -gt 1 ] && [ "$par" -eq 0 ]; then
		echo "threads_same: $name: --threads $n stepped no cycle in" \
			"parallel (sim_parallel_cycles 0)" >&2
		exit 1
	fi
	echo "threads_same: $name: --threads $n: $par parallel cycles"
done
lines=$(grep -c . "$tmp/$ref.stats")
echo "PASS threads_same $name ($counts threads: $lines lines identical)"
