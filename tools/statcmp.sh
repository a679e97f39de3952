#!/bin/bash
# tools/statcmp.sh - full-statistics equality check for speed work (issue 17):
# a 45-run matrix (every issue policy, fetch policies, DWR, warp size 16,
# runs stopped by gpgpu_max_insn) whose whole statistics files must not
# change.  Make the reference with the build before the change, compare
# with the build after it:
#   statcmp.sh gen  BUILD OUTDIR   - run the matrix with BUILD, keep filtered stats in OUTDIR
#   statcmp.sh cmp  BUILD BASEDIR  - run the matrix with BUILD, compare against BASEDIR
# Run from the checkout that owns BUILD (bench/*/kernel.ptx is read from the
# cwd); for the reference build a separate checkout (git worktree) of the old
# commit: the hosts load libcuda.so from the directory they were built in,
# so a copied build directory runs whatever is built there now.
# Each run is capped at 200k warp instructions (the stopped launch still reports its stats).
# STATCMP_ARGS (environment) is added to every run's options, e.g.
# STATCMP_ARGS="--threads 2" statcmp.sh cmp build BASEDIR checks that a host
# option changes no statistic; the wall-clock lines and the echo of the
# host-only options stats_file and threads are not compared.
act=$1; B=$2; D=$3; fail=0; n=0
if [ "$act" = gen ]; then mkdir -p "$D"; O=$D; else O=$(mktemp -d); fi
while read -r w pol rest; do
  [ -z "$w" ] && continue
  tag=$(echo "$w $pol $rest" | sed 's/ *$//' | tr ' :/' '___')
  raw=$(mktemp)
  WARPSIM_ARGS="--mode timing --quiet --gpgpu_max_insn 200000 --sched $pol $rest $STATCMP_ARGS --stats_file $raw" \
    timeout 900 "$B/bench/$w" "bench/$w/kernel.ptx" --size small --seed 1 >/dev/null 2>&1 </dev/null
  grep -v -e '^sim_wall_seconds' -e '^sim_rate_' -e '^sim_parallel_' -e '^gpgpu_simulation_time' -e '^gpgpu_simulation_rate' -e '^-stats_file' -e '^-threads' "$raw" > "$O/$tag.stats"
  rm -f "$raw"; n=$((n+1))
  if [ ! -s "$O/$tag.stats" ]; then echo "EMPTY $w $pol $rest"; fail=1; continue; fi
  if [ "$act" = cmp ] && ! cmp -s "$O/$tag.stats" "$D/$tag.stats"; then
    echo "DIFF $w $pol $rest: $(diff "$D/$tag.stats" "$O/$tag.stats" | head -4 | tr '\n' ' ')"; fail=1
  fi
done <<'LIST'
sp lrr
sp mwf
sp saws:gto
sp pro
sp cawa
sp bows:gto
sp tl
mm gto
mm oldest
mm pro
mm lrr --fetch cff
mm gto --fetch fef
kmeans lrr
kmeans gto
kmeans bows:lrr
kmeans cawa
kmeans gto --dwr 32 --gpgpu_simd_width 8
histo lrr
histo bows:gto
histo pro
histo gto:500
ss lrr
ss gto
ss bows:gto
ss pro
pf lrr
pf gto
pf cawa
nqueens lrr
nqueens gto
nqueens mwf
sha1 lrr
sha1 gto
bfs lrr
bfs gto --warp-size 16
conv lrr
conv tl
nwlock bows:gto
nwlock gto
ht bows:gto
ht lrr
tsp gto
bhst lrr
lud gto
nn lrr --dwr 16 --gpgpu_simd_width 8
LIST
[ "$act" = cmp ] && rm -rf "$O"
if [ "$act" = cmp ]; then [ $fail = 0 ] && echo "statcmp: all $n runs identical" || echo "statcmp: DIFFERENCES"; fi
exit $fail
