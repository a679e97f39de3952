#!/bin/bash
# tools/par_bench.sh - wall-clock speedup of --threads 2 (docs/timing.md,
# "Parallel stepping"); a benchmark, not a test.  Per workload, REPS
# interleaved repetitions of --threads 1, --threads 2 (adaptive fork) and
# --threads 2 --threads_adapt 0 (always fork), each capped at CAP warp
# instructions; prints the median sim_wall_seconds (summed over launches)
# of each and the speedups over one thread.  Run from the checkout that
# owns BUILD (bench/*/kernel.ptx is read from the cwd).
#   tools/par_bench.sh BUILD CAP REPS WORKLOAD...
#   e.g. tools/par_bench.sh build 1000000 5 sha1 mm histo ss pf
B=$1; CAP=$2; R=$3; shift 3
cfgs=("" "--threads 2" "--threads 2 --threads_adapt 0")
for w in "$@"; do
  declare -a T0=() T1=() T2=(); P1=0
  for r in $(seq $R); do
    for c in 0 1 2; do
      WARPSIM_ARGS="--mode timing --quiet --gpgpu_max_insn $CAP --stats_file /tmp/pb.st ${cfgs[$c]}" $B/bench/$w bench/$w/kernel.ptx --size small --seed 1 >/dev/null 2>&1
      t=$(awk -F' = ' '/^sim_wall_seconds/ {s+=$2} END {printf "%.4f", s}' /tmp/pb.st)
      case $c in 0) T0+=($t);; 1) T1+=($t); P1=$(awk -F' = ' '/^sim_parallel_cycles/ {s+=$2} END {print s+0}' /tmp/pb.st);; 2) T2+=($t);; esac
    done
  done
  m0=$(printf "%s\n" "${T0[@]}" | sort -n | sed -n "$(( (R+1)/2 ))p")
  m1=$(printf "%s\n" "${T1[@]}" | sort -n | sed -n "$(( (R+1)/2 ))p")
  m2=$(printf "%s\n" "${T2[@]}" | sort -n | sed -n "$(( (R+1)/2 ))p")
  cyc=$(awk -F' = ' '/^gpu_sim_cycle/ {s+=$2} END {print s+0}' /tmp/pb.st)
  awk -v w=$w -v a=$m0 -v b=$m1 -v c=$m2 -v p=$P1 -v n=$cyc 'BEGIN {printf "%s t1 %.3f adapt %.3f (%.2fx, forked %d of %d cycles) fork %.3f (%.2fx)\n", w, a, b, a/b, p, n, c, a/c}'
done
