#!/bin/sh
# check_ptx.sh [DIR] - is every committed DIR/*/kernel.ptx (DIR defaults to
# tests/kernels; bench/ is the other user) what nvcc
# makes of its kernel.cu?  Regenerates each one into a temporary directory
# with the flags tools/regen_ptx.sh uses (-ptx -arch=sm_75 -lineinfo) and
# diffs it against the committed file.  `.file` lines and the
# `.section .debug_str` block are ignored: nvcc writes the absolute source
# path there (and a hash of it), which differs between checkouts.
# Exit 0: all fresh; 1: some differ; 77 (CTest skip): no nvcc, or an nvcc
# release other than the one that generated the committed files.
set -u
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
	echo "SKIP: nvcc not found"
	exit 77
fi
here=${1:-$(cd "$(dirname "$0")" && pwd)} # the folder whose */kernel.cu to check
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wsptx.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# strip FILE: the PTX without the path-dependent debug lines, and with the
# path hash nvcc puts into internal-linkage names (_INTERNAL_<8 hex>_)
# replaced by a constant.
strip() {
	sed -e '/^[[:space:]]*\.file[[:space:]]/d' \
	    -e 's/_INTERNAL_[0-9a-f]\{8\}_/_INTERNAL_x_/g' \
	    -e '/^[[:space:]]*\.section[[:space:]]*\.debug_str/,/^[[:space:]]*}/d' "$1"
}

have=$("$NVCC" --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -n 1)
status=0
n=0
for cu in "$here"/*/kernel.cu; do
	[ -f "$cu" ] || continue
	dir=$(dirname "$cu")
	name=$(basename "$dir")
	ptx=$dir/kernel.ptx
	if [ ! -f "$ptx" ]; then
		echo "MISSING: $name/kernel.ptx (run tools/regen_ptx.sh)"
		status=1
		continue
	fi
	made=$(grep -o 'release [0-9.]*, V[0-9.]*' "$ptx" | head -n 1)
	if [ "$made" != "$have" ]; then
		echo "SKIP: $name/kernel.ptx was made by nvcc $made, this is $have"
		exit 77
	fi
	mkdir -p "$tmp/$name"
	if ! (cd "$dir" && "$NVCC" -ptx -arch=sm_75 -lineinfo \
		-o "$tmp/$name/kernel.ptx" kernel.cu); then
		echo "FAIL: nvcc failed on $name/kernel.cu"
		status=1
		continue
	fi
	strip "$ptx" >"$tmp/$name/committed"
	strip "$tmp/$name/kernel.ptx" >"$tmp/$name/fresh"
	if ! diff -u "$tmp/$name/committed" "$tmp/$name/fresh"; then
		echo "STALE: $name/kernel.ptx (run tools/regen_ptx.sh)"
		status=1
	fi
	n=$((n + 1))
done
[ $status -eq 0 ] && echo "PASS ptx_fresh: $n kernel.ptx files match"
exit $status
