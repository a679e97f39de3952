#!/bin/sh
# run.sh - CTest driver for the runtime-API tests (POSIX sh); every program
# runs under `warpsim run`, which puts build/ (libcudart.so.13, libcuda.so.1)
# first on the library path.
#   run.sh pass WARPSIM NAME PROG [ARGS]   PROG must exit 0 and print "PASS NAME"
#   run.sh twin WARPSIM NAME PROG HOST PTX  as pass, and the statistics of
#                                           PROG equal those of the Driver-API
#                                           workload HOST PTX (wall time aside)
#   run.sh expect WARPSIM NAME EXPECTED PROG [ARGS]
#                                           PROG passes and its stdout equals
#                                           EXPECTED (device printf)
#   run.sh assert WARPSIM PROG             PROG passes and printed CUDA's
#                                           assertion line
#   run.sh static WARPSIM PROG             warpsim run must tell that PROG
#                                           carries NVIDIA's static runtime
#   run.sh noimage WARPSIM PROG            PROG's launch must fail with
#                                           cudaErrorNoKernelImageForDevice and
#                                           stderr name the nvcc flag
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsrt.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mode=$1
ws=$2
shift 2

# run TAG ARGS...: warpsim run ARGS, stdout/stderr to $tmp/TAG.{out,err}.
run() {
	tag=$1
	shift
	"$ws" run "$@" >"$tmp/$tag.out" 2>"$tmp/$tag.err"
	rc=$?
	cat "$tmp/$tag.out"
	cat "$tmp/$tag.err" >&2
	return $rc
}

# need_pass TAG NAME RC
need_pass() {
	[ "$3" -eq 0 ] || { echo "run.sh: $2 exited with status $3" >&2; exit 1; }
	grep -q "^PASS $2\\( \\|\$\\)" "$tmp/$1.out" ||
		{ echo "run.sh: no 'PASS $2' line" >&2; exit 1; }
}

# The statistics without what depends on the host (wall time, rates, the
# stats file's own name).
strip() {
	grep -v -e 'stats_file' -e 'wall_seconds' -e 'sim_rate' \
		-e 'simulation_time' -e 'simulation_rate' "$1"
}

case $mode in
pass)
	name=$1
	shift
	run a -- "$@"
	need_pass a "$name" $?
	;;
twin)
	name=$1 prog=$2 host=$3 ptx=$4
	run rt --stats "$tmp/rt.stats" -- "$prog"
	need_pass rt "$name" $?
	run drv --stats "$tmp/drv.stats" -- "$host" "$ptx"
	need_pass drv "$name" $?
	strip "$tmp/rt.stats" >"$tmp/rt.s"
	strip "$tmp/drv.stats" >"$tmp/drv.s"
	grep -q '^gpu_sim_cycle = [1-9]' "$tmp/rt.s" ||
		{ echo "run.sh: no cycles in the statistics" >&2; exit 1; }
	if ! diff "$tmp/drv.s" "$tmp/rt.s"; then
		echo "run.sh: runtime twin's statistics differ from the Driver API's" >&2
		exit 1
	fi
	;;
expect)
	name=$1 exp=$2
	shift 2
	run a -- "$@"
	need_pass a "$name" $?
	if ! diff "$exp" "$tmp/a.out"; then
		echo "run.sh: output differs from $exp" >&2
		exit 1
	fi
	;;
assert)
	run a -- "$1"
	need_pass a assert $?
	grep -q 'rt_assert.cu:[0-9]*: void as_check(int \*, int): block: \[1,0,0\], thread: \[5,0,0\] Assertion `i != bad` failed.$' "$tmp/a.out" ||
		{ echo "run.sh: no assertion line for block 1 thread 5" >&2; exit 1; }
	;;
static)
	run a -- "$1"
	grep -q "carries NVIDIA's CUDA runtime.*rebuild it with nvcc -cudart shared" "$tmp/a.err" ||
		{ echo "run.sh: no hint to rebuild with -cudart shared" >&2; exit 1; }
	;;
noimage)
	run a -- "$1"
	rc=$?
	[ $rc -eq 3 ] || { echo "run.sh: expected exit 3, got $rc" >&2; exit 1; }
	grep -q '^NOIMAGE cudaErrorNoKernelImageForDevice$' "$tmp/a.out" ||
		{ echo "run.sh: launch did not fail with no kernel image" >&2; exit 1; }
	grep -q -- '-gencode arch=compute_75,code=compute_75' "$tmp/a.err" ||
		{ echo "run.sh: message does not name the nvcc flag" >&2; exit 1; }
	;;
*)
	echo "usage: run.sh pass|twin|expect|assert|static|noimage WARPSIM ..." >&2
	exit 2
	;;
esac
exit 0
