#!/bin/sh
# run_minimal.sh WARPSIM HOST SRCDIR - the README example runs under
# `warpsim run`, README.md quotes examples/minimal/host.c verbatim, and
# README.md shows the policy list exactly as `warpsim list` prints it.
set -u
warpsim=$1 host=$2 src=$3
out=$("$warpsim" run --stats /dev/null -- "$host" "$src/examples/minimal/kernel.ptx") || {
	echo "run_minimal: the example failed: $out" >&2
	exit 1
}
echo "$out"
case $out in
*"PASS saxpy"*) ;;
*) echo "run_minimal: no PASS line" >&2; exit 1 ;;
esac
"$warpsim" list >"${TMPDIR:-/tmp}/ws_list.$$" || exit 1
/usr/bin/python3 - "$src" "${TMPDIR:-/tmp}/ws_list.$$" <<'PY' || { rm -f "${TMPDIR:-/tmp}/ws_list.$$"; exit 1; }
import sys
src = sys.argv[1]
lst = open(sys.argv[2]).read()
readme = open(src + "/README.md").read()
host = open(src + "/examples/minimal/host.c").read()
if host not in readme:
    sys.exit("run_minimal: README.md does not quote examples/minimal/host.c verbatim")
print("README quotes examples/minimal/host.c")
if "```\n" + lst + "```\n" not in readme:
    sys.exit("run_minimal: README.md's policy list differs from `warpsim list`")
print("README shows `warpsim list`")
PY
rm -f "${TMPDIR:-/tmp}/ws_list.$$"
