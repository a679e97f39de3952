#!/bin/sh
# help.sh WARPSIM - every `warpsim CMD --help` and `-h` prints a usage line
# on stdout and exits 0; the top-level help names every subcommand and
# every policy that `warpsim list` reports (the registries in src/sched).
set -u
ws=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wshelp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
cmds="run ptx suite sweep collect plot reproduce options list version table report"

# check_help ARGS...: exit 0 and a line starting "usage:" on stdout.
check_help() {
	"$ws" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "help.sh: warpsim $* exited $rc" >&2
		cat "$tmp/err" >&2
		fail=1
	elif ! grep -q '^usage:' "$tmp/out"; then
		echo "help.sh: warpsim $* printed no usage: line on stdout" >&2
		fail=1
	fi
}

check_help --help
check_help -h
for c in $cmds; do
	check_help "$c" --help
done
for c in run ptx suite options list version; do
	check_help "$c" -h
done
for s in list run characterise; do
	check_help suite "$s" --help
done

# The top-level help lists every subcommand, one line each ...
"$ws" --help >"$tmp/top" 2>/dev/null
for c in $cmds; do
	if ! grep -q "^  $c\\b" "$tmp/top"; then
		echo "help.sh: top-level help has no line for '$c'" >&2
		fail=1
	fi
done
# ... and every policy `warpsim list` prints (indented "  name  desc").
"$ws" list >"$tmp/list" || fail=1
n=0
for p in $(sed -n 's/^  \([a-z0-9_]*\) .*/\1/p' "$tmp/list"); do
	n=$((n + 1))
	if ! grep -E "policies \(--(sched|fetch)\):.*[ ,]$p(,|\$)" "$tmp/top" >/dev/null &&
	   ! grep -E "^ +.*[ ,]$p(,|\$)" "$tmp/top" >/dev/null; then
		echo "help.sh: top-level help does not name policy '$p'" >&2
		fail=1
	fi
done
if [ $n -lt 4 ]; then
	echo "help.sh: warpsim list printed only $n policies" >&2
	fail=1
fi
exit $fail
