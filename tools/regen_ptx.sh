#!/bin/sh
# regen_ptx.sh - regenerate every committed PTX file from its CUDA source:
# tests/kernels/*/kernel.cu and bench/*/*.cu (when any exist) each become
# the .ptx of the same name next to them, with
# `nvcc -ptx -arch=sm_75 -lineinfo` run in the source's directory.
# tests/kernels/check_ptx.sh checks the tests/kernels ones.
# Usage: tools/regen_ptx.sh        (NVCC=path overrides the compiler)
set -eu
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
	echo "regen_ptx.sh: nvcc not found (set NVCC)" >&2
	exit 1
fi
root=$(cd "$(dirname "$0")/.." && pwd)
n=0
for cu in "$root"/tests/kernels/*/kernel.cu "$root"/bench/*/*.cu; do
	[ -f "$cu" ] || continue # an unmatched glob stays literal
	dir=$(dirname "$cu")
	src=$(basename "$cu")
	echo "nvcc ${cu#"$root"/}"
	(cd "$dir" && "$NVCC" -ptx -arch=sm_75 -lineinfo \
		-o "${src%.cu}.ptx" "$src")
	n=$((n + 1))
done
echo "regen_ptx.sh: $n PTX files written"
