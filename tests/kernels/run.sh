#!/bin/sh
# run.sh - CTest driver for the kernel tests (POSIX sh).
#   run.sh pass NAME HOST PTX        HOST PTX must exit 0 and print "PASS NAME"
#   run.sh twice NAME HOST PTX       as pass, twice; the two stdouts must match
#   run.sh fault KIND KERNEL HOST PTX
#                                    HOST PTX KIND must exit 0, print
#                                    "PASS fault KIND", and its stderr (the
#                                    simulator's fault report) must name
#                                    KERNEL and mention "block"
# Output of the host is echoed so CTest logs show it.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wskern.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run_host TAG CMD...: run CMD, stdout to $tmp/TAG.out, stderr to
# $tmp/TAG.err, echo both; returns the exit status.
run_host() {
	tag=$1
	shift
	"$@" >"$tmp/$tag.out" 2>"$tmp/$tag.err"
	rc=$?
	cat "$tmp/$tag.out"
	cat "$tmp/$tag.err" >&2
	return $rc
}

# need_pass TAG NAME RC: the run must have exited 0 with a PASS NAME line.
need_pass() {
	if [ "$3" -ne 0 ]; then
		echo "run.sh: $2 exited with status $3" >&2
		exit 1
	fi
	if ! grep -q "^PASS $2\\( \\|:\\|\$\\)" "$tmp/$1.out"; then
		echo "run.sh: no 'PASS $2' line" >&2
		exit 1
	fi
}

mode=${1:-}
case $mode in
pass)
	[ $# -eq 4 ] || { echo "usage: run.sh pass NAME HOST PTX" >&2; exit 2; }
	run_host a "$3" "$4"
	need_pass a "$2" $?
	;;
twice)
	[ $# -eq 4 ] || { echo "usage: run.sh twice NAME HOST PTX" >&2; exit 2; }
	run_host a "$3" "$4"
	need_pass a "$2" $?
	run_host b "$3" "$4"
	need_pass b "$2" $?
	if ! diff "$tmp/a.out" "$tmp/b.out"; then
		echo "run.sh: two runs of $2 printed different output" >&2
		exit 1
	fi
	;;
fault)
	[ $# -eq 5 ] || { echo "usage: run.sh fault KIND KERNEL HOST PTX" >&2; exit 2; }
	run_host a "$4" "$5" "$2"
	need_pass a "fault $2" $?
	if ! grep -q -- "$3" "$tmp/a.err"; then
		echo "run.sh: fault report on stderr does not name $3" >&2
		exit 1
	fi
	if ! grep -q "block" "$tmp/a.err"; then
		echo "run.sh: fault report on stderr does not mention 'block'" >&2
		exit 1
	fi
	;;
*)
	echo "usage: run.sh pass|twice|fault ..." >&2
	exit 2
	;;
esac
exit 0
