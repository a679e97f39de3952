#!/bin/sh
# regen_ptx.sh - regenerate every committed PTX file from its CUDA source:
#  - tests/kernels/*/kernel.cu and bench/*/*.cu (when any exist) each become
#    the .ptx of the same name next to them, with
#    `nvcc -ptx -arch=sm_75 -lineinfo` run in the source's directory
#    (tests/kernels/check_ptx.sh checks these);
#  - tests/rt/<name>.cu whose <name>.ptx is committed (sys_kernel) becomes
#    that .ptx with `nvcc -ptx -arch=sm_75`, no -lineinfo (as committed);
#  - the sm_80/sm_90 PTX under tests/kernels/sm80 through its own
#    tests/kernels/sm80/regen.sh (which also checks them: --check).
# The fat binaries in tests/rt/data are not PTX and are not remade here.
# Usage: tools/regen_ptx.sh        (NVCC=path overrides the compiler)
set -eu
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
	echo "regen_ptx.sh: nvcc not found (set NVCC)" >&2
	exit 1
fi
root=$(cd "$(dirname "$0")/.." && pwd)
n=0
# gen SOURCE FLAGS...: SOURCE.cu -> SOURCE.ptx in its directory
gen() {
	cu=$1
	shift
	dir=$(dirname "$cu")
	src=$(basename "$cu")
	echo "nvcc ${cu#"$root"/}"
	(cd "$dir" && "$NVCC" -ptx -arch=sm_75 "$@" -o "${src%.cu}.ptx" "$src")
	n=$((n + 1))
}
for cu in "$root"/tests/kernels/*/kernel.cu "$root"/bench/*/*.cu; do
	[ -f "$cu" ] || continue # an unmatched glob stays literal
	gen "$cu" -lineinfo
done
for cu in "$root"/tests/rt/*.cu; do
	[ -f "${cu%.cu}.ptx" ] || continue # the rest are nvcc-built programs
	gen "$cu"
done
echo "regen_ptx.sh: $n sm_75 PTX files written"
NVCC=$NVCC sh "$root/tests/kernels/sm80/regen.sh"
