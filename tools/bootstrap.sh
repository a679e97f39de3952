#!/usr/bin/env bash
# Install the Debian packages warpsim needs that this machine lacks.
# Run by both README commands (make bootstrap ...); a no-op when all exist.
set -euo pipefail
need=(cmake ninja-build make gcc parallel python3-matplotlib sqlite3 libzstd1)
# parallel, python3-matplotlib, sqlite3: the experiment harness
# (tools/harness); add slurm-wlm by hand only where a Slurm cluster exists.
# libzstd1: loaded at run time to read nvcc 13's zstd-compressed fat
# binaries (src/api/api_fatbin.c).
opt=(clang)   # libFuzzer harness (tests/fuzz); skipped when absent
missing=()
for p in "${need[@]}" "${opt[@]}"; do
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "bootstrap: all packages present"
	exit 0
fi
echo "bootstrap: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
