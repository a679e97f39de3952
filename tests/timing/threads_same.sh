#!/bin/sh
# threads_same.sh - parallel stepping must not change results (issue 17
# item 7, docs/timing.md "Parallel stepping"): run one suite workload in
# timing mode once per host thread count and require the same exit status
# and byte-identical full statistics files (every launch's counters and
# cycle counts; the wall-clock lines and the echo of the host-only options
# stats_file and threads are dropped, as tools/statcmp.sh does).
#   threads_same.sh NAME HOST PTX "N1 N2 ..." [simulator options...]
# The first count is the reference.  A count this build refuses ("not
# available": only the one-thread step is built) is skipped with a note;
# when every other count is refused the test reports SKIP (exit 77) after
# still comparing the first count against a run without --threads.
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
	grep -v -e '^sim_wall_seconds' -e '^sim_rate_' \
		-e '^gpgpu_simulation_time' -e '^gpgpu_simulation_rate' \
		-e '^-stats_file' -e '^-threads ' "$tmp/$tag.raw" \
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
compared=0
for n in $counts; do
	run "t$n" "$@" --threads "$n"
	if grep -q "threads = $n: parallel SM stepping is not available" \
	   "$tmp/t$n.err"; then
		echo "threads_same: $name: --threads $n not available in" \
			"this build, skipped"
		continue
	fi
	if [ -z "$ref" ]; then
		ref=t$n
		same default "$ref"
		continue
	fi
	same "$ref" "t$n"
	compared=$((compared + 1))
done
if [ -z "$ref" ]; then
	echo "threads_same: $name: no thread count ran" >&2
	exit 1
fi
lines=$(grep -c . "$tmp/$ref.stats")
if [ $compared -eq 0 ]; then
	echo "SKIP threads_same $name: only $ref ran ($lines lines identical" \
		"to a run without --threads)"
	exit 77
fi
echo "PASS threads_same $name ($counts threads: $lines lines identical)"
