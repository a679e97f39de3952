#!/bin/sh
# run_minimal.sh WARPSIM HOST SRCDIR - the README example runs under
# `warpsim run` and README.md quotes examples/minimal/host.c verbatim.
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
/usr/bin/python3 - "$src" <<'PY' || exit 1
import sys
src = sys.argv[1]
readme = open(src + "/README.md").read()
host = open(src + "/examples/minimal/host.c").read()
if host not in readme:
    sys.exit("run_minimal: README.md does not quote examples/minimal/host.c verbatim")
print("README quotes examples/minimal/host.c")
PY
