#!/bin/sh
# fuzz.sh [SECONDS] - build the PTX front-end fuzzer (clang, libFuzzer with
# ASan/UBSan) into build-fuzz/ and run it for SECONDS (default 60) seeded
# with tests/fuzz/corpus.  New inputs go to build-fuzz/corpus, crash
# reproducers to build-fuzz/.  Exits non-zero when the fuzzer finds a crash.
set -eu
secs=${1:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz
gen=
command -v ninja >/dev/null 2>&1 && gen="-G Ninja"
if [ ! -f "$build/CMakeCache.txt" ]; then
	# shellcheck disable=SC2086
	CC=${FUZZ_CC:-clang} cmake -S "$root" -B "$build" $gen \
		-DCMAKE_BUILD_TYPE=Debug -DWS_FUZZ=ON >/dev/null
fi
cmake --build "$build" --target fuzz_ptx
mkdir -p "$build/corpus"
exec "$build/fuzz_ptx" -max_total_time="$secs" -timeout=10 \
	-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
	-dict="$root/tests/fuzz/ptx.dict" -artifact_prefix="$build/" \
	"$build/corpus" "$root/tests/fuzz/corpus"
