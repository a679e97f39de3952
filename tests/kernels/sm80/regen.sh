#!/bin/sh
# regen.sh [--check] - the sm_80/sm_90 PTX of issue 18's tests:
#   sm80.sm_80.ptx, sm80.sm_90.ptx      from sm80.cu (this folder)
#   suite/<w>.sm_80.ptx, .sm_90.ptx      from bench/<w>/kernel.cu, w in
#                                        scan histo (run by the bench hosts)
# all with `nvcc -ptx -arch=sm_XX -lineinfo`.  Without --check the files
# are rewritten; with --check each is regenerated into a temporary folder
# and compared with the committed one (the path-dependent `.file` lines and
# the internal-name hash ignored, as tests/kernels/check_ptx.sh does).
# Exit 0: written / all fresh; 1: some differ; 77 (CTest skip): no nvcc,
# or an nvcc release other than the one that made the committed files.
set -u
NVCC=${NVCC:-nvcc}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
check=0
[ "${1:-}" = "--check" ] && check=1
if ! command -v "$NVCC" >/dev/null 2>&1; then
	echo "SKIP: nvcc not found"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wssm80.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
strip() {
	sed -e '/^[[:space:]]*\.file[[:space:]]/d' \
	    -e 's/_INTERNAL_[0-9a-f]\{8\}_/_INTERNAL_x_/g' \
	    -e '/^[[:space:]]*\.section[[:space:]]*\.debug_str/,/^[[:space:]]*}/d' "$1"
}
have=$("$NVCC" --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -n 1)
status=0
# gen SRC_DIR SRC OUT ARCH
gen() {
	out=$3
	[ $check -eq 1 ] && out=$tmp/$(basename "$3")
	if [ $check -eq 1 ]; then
		made=$(grep -o 'release [0-9.]*, V[0-9.]*' "$3" 2>/dev/null | head -n 1)
		if [ "$made" != "$have" ]; then
			echo "SKIP: $3 was made by nvcc $made, this is $have"
			exit 77
		fi
	fi
	if ! (cd "$1" && "$NVCC" -ptx -arch="$4" -lineinfo -o "$out" "$2"); then
		echo "FAIL: nvcc -arch=$4 failed on $1/$2"
		status=1
		return
	fi
	if [ $check -eq 1 ]; then
		strip "$3" >"$tmp/committed"
		strip "$out" >"$tmp/fresh"
		if ! diff -u "$tmp/committed" "$tmp/fresh" >/dev/null; then
			echo "STALE: $3 (run tests/kernels/sm80/regen.sh)"
			status=1
		fi
	fi
}
mkdir -p "$here/suite"
for arch in sm_80 sm_90; do
	gen "$here" sm80.cu "$here/sm80.$arch.ptx" $arch
	for w in scan histo; do
		gen "$root/bench/$w" kernel.cu "$here/suite/$w.$arch.ptx" $arch
	done
done
[ $status -eq 0 ] && [ $check -eq 1 ] && echo "PASS sm80 ptx fresh"
exit $status
