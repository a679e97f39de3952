#!/bin/sh
# stats_guard.sh - guard for simulator speed work (issue 17): run one suite
# workload in timing mode and compare its full statistics file, every
# launch's counters and cycle counts, with the expected file committed
# under tests/timing/stats_guard/.  Host-time lines (sim_wall_seconds,
# sim_rate_*, gpgpu_simulation_time/rate), the stats_file path and the
# host thread count (threads) are dropped before comparing; everything else must be byte-identical, so a
# change that moves one cycle or one counter fails.
#   stats_guard.sh check  NAME HOST PTX EXPECTED [simulator options...]
#   stats_guard.sh update NAME HOST PTX EXPECTED [simulator options...]
# (update rewrites EXPECTED; use it only from a build of the commit whose
# numbers are meant, and say so in the commit message).  A run stopped on
# purpose (gpgpu_max_insn) exits non-zero: STATS_GUARD_RC gives the status
# expected (default 0).
set -u
action=$1 name=$2 host=$3 ptx=$4 expected=$5
shift 5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsguard.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
WARPSIM_ARGS="--mode timing --quiet --stats_file $tmp/raw.stats $*" \
	"$host" "$ptx" --size small --seed 1 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne "${STATS_GUARD_RC:-0}" ]; then
	cat "$tmp/out" "$tmp/err" >&2
	echo "stats_guard: $name exited with status $rc" >&2
	exit 1
fi
grep -v -e '^sim_wall_seconds' -e '^sim_rate_' -e '^sim_parallel_' \
	-e '^gpgpu_simulation_time' -e '^gpgpu_simulation_rate' \
	-e '^-stats_file' -e '^-threads' "$tmp/raw.stats" >"$tmp/got.stats"
if [ "$action" = update ]; then
	cp "$tmp/got.stats" "$expected"
	echo "stats_guard: wrote $expected"
	exit 0
fi
if ! cmp -s "$tmp/got.stats" "$expected"; then
	diff "$expected" "$tmp/got.stats" | head -40 >&2
	echo "stats_guard: $name: statistics differ from $expected" >&2
	exit 1
fi
echo "PASS stats_guard $name ($(grep -c . "$expected") lines identical)"
