#!/usr/bin/env bash
# make bench: simulation rate of the timing and functional models (perf/
# kernels in-process, six suite workloads through their host programs),
# peak RSS per mode, against the issue-4 targets.  Not a test.
# Usage: tools/bench.sh [BUILD_DIR] [simrate options, e.g. --reps 1]
set -euo pipefail
BUILD=${1:-build}
shift || true
cd "$(dirname "$0")/.."
exec "$BUILD/simrate" --build "$BUILD" --src . "$@"
