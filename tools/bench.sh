#!/usr/bin/env bash
# make bench: simulation-rate benchmark of the functional model.
set -euo pipefail
BUILD=${1:-build}
cd "$(dirname "$0")/.."
"$BUILD/simrate" perf/kernels.ptx
