#!/usr/bin/env bash
# make bench: simulation rate of the timing and functional models (perf/
# kernels in-process, eleven suite workloads through their host programs,
# the five slowest included), peak RSS per mode, against the issue-4
# targets, then host instructions per warp instruction under callgrind
# (--insns N, 0 skips).  Not a test.
# Usage: tools/bench.sh [BUILD_DIR] [simrate options, e.g. --reps 1]
set -euo pipefail
BUILD=${1:-build}
shift || true
cd "$(dirname "$0")/.."
exec "$BUILD/simrate" --build "$BUILD" --src . "$@"
