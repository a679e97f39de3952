#!/bin/sh
# options.sh - CTest driver for the `warpsim` option checks (POSIX sh).
#   options.sh WARPSIM [HOST PTX]
# HOST PTX: a Driver-API program (tests/kernels/reduction) that must PASS
# under `warpsim run --config` of a GPGPU-Sim-style config file.
set -u
ws=$1
host=${2:-}
ptx=${3:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wscli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

# refuse WANT ARGS...: `warpsim options ARGS` must exit non-zero with WANT
# in its stderr.
refuse() {
	want=$1
	shift
	if "$ws" options "$@" >"$tmp/out" 2>"$tmp/err"; then
		fail "warpsim options $* exited 0"
	elif ! grep -qF -- "$want" "$tmp/err"; then
		fail "warpsim options $*: no '$want' in: $(cat "$tmp/err")"
	fi
}

# accept ARGS...: `warpsim options ARGS` must exit 0.
accept() {
	"$ws" options "$@" >"$tmp/out" 2>"$tmp/err" ||
		fail "warpsim options $* refused: $(cat "$tmp/err")"
}

refuse "gpgpu_scheduler 'foo'" --sched foo
refuse "fetch_policy 'foo'" --fetch foo
refuse "gpgpu_scheduler 'tl:x'" --sched tl:x
printf -- '-gpgpu_scheduler foo\n' >"$tmp/badsched.cfg"
refuse "gpgpu_scheduler 'foo'" --mode functional --config "$tmp/badsched.cfg"
refuse "only applies to --mode timing" --mode functional --sched gto
refuse "'gpgpu_l1_latency'" --mode functional --set gpgpu_l1_latency=3
refuse "not an integer" --warp_size 32.9
refuse "finite" --gpgpu_clock_domains inf:700:700:700
accept --warp_size 0x20
grep -q '^-warp_size = 32$' "$tmp/out" || fail "0x20 is not 32"
accept --gpgpu_max_insn 1E9
grep -q '^-gpgpu_max_insn = 1000000000$' "$tmp/out" || fail "1E9 misread"
accept --mode functional --config gtx1080ti
# What only the timing model reads is checked by `warpsim options` too, in
# either mode (a file may set it for a functional run).
refuse "gpgpu_pipeline_widths" --gpgpu_pipeline_widths 1,2
refuse "ptx_opcode_latency_int" --set ptx_opcode_latency_int=1,x
printf -- '-gpgpu_pipeline_widths 1,2\n' >"$tmp/badpipe.cfg"
refuse "gpgpu_pipeline_widths" --mode functional --config "$tmp/badpipe.cfg"

# `warpsim run` checks the same way, before running anything.
if "$ws" run --sched foo -- true 2>"$tmp/err"; then
	fail "warpsim run --sched foo exited 0"
fi
grep -qF "gpgpu_scheduler 'foo'" "$tmp/err" || fail "run: $(cat "$tmp/err")"

# WARPSIM_ARGS round-trips awkward values (POSIX shell quoting).
odd="/tmp/it's \"a\" \$x\\y	z.json"
"$ws" run --stats_file "$odd" --quiet -- sh -c 'printf "%s" "$WARPSIM_ARGS"' \
	>"$tmp/args" 2>"$tmp/err" || fail "run printenv: $(cat "$tmp/err")"
eval "set -- $(cat "$tmp/args")"
[ "$#" -eq 3 ] && [ "$1" = "--stats_file" ] && [ "$2" = "$odd" ] &&
	[ "$3" = "--quiet" ] || fail "WARPSIM_ARGS did not round-trip: $(cat "$tmp/args")"

# A gpgpusim.config in GPGPU-Sim's style (written for this test).
cat >"$tmp/gpgpusim.config" <<'CFG'
# functional simulator specification
-gpgpu_ptx_instruction_classification 0
-gpgpu_ptx_sim_mode 0
-gpgpu_ptx_force_max_capability 75
-gpgpu_n_clusters 30
-gpgpu_n_cores_per_cluster 1
-gpgpu_n_mem 12
-gpgpu_n_sub_partition_per_mchannel 2
-gpgpu_clock_domains 1365.0:1365.0:1365.0:3500.0
-gpgpu_shader_registers 65536
-gpgpu_shader_core_pipeline 1024:32
-gpgpu_shader_cta 32
-gpgpu_num_sp_units 4
-gpgpu_num_sfu_units 4
-gpgpu_tensor_core_avail 1
-ptx_opcode_latency_int 4,13,4,5,145
-ptx_opcode_latency_sfu 100
-ptx_opcode_initiation_sfu 8
-gpgpu_num_sched_per_core 4
-gpgpu_scheduler gto
-gpgpu_cache:dl1  S:1:128:512,L:L:s:N:L,A:256:8,16:0,32
-gpgpu_shmem_size 65536
-gpgpu_l1_latency 20
-gpgpu_cache:dl2 S:64:128:16,L:B:m:L:P,A:192:4,32:0,32
-gpgpu_cache:il1 N:64:128:16,L:R:f:N:L,S:2:48,4
-gpgpu_const_cache:l1 N:128:64:8,L:R:f:N:L,S:2:64,4
-network_mode 2
-icnt_in_buffer_limit 512
-icnt_flit_size 40
-gpgpu_l2_rop_latency 160
-dram_latency 100
-gpgpu_n_mem_per_ctrlr 1
-gpgpu_dram_buswidth 2
-gpgpu_dram_burst_length 16
-dram_data_command_freq_ratio 4  # GDDR6
-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS
-gpgpu_dram_timing_opt "nbk=16:CCD=4:RRD=10:RCD=20:RAS=50:RP=20:RC=62:
                        CL=20:WL=8:CDLR=9:WR=20:nbkgrp=4:CCDL=4:RTPL=4"
-power_simulation_enabled 0
CFG
accept --config "$tmp/gpgpusim.config"
grep -q '^-gpgpu_n_clusters = 30$' "$tmp/out" || fail "stock config: clusters"
grep -q '^-gpgpu_shader_max_threads = 1024$' "$tmp/out" ||
	fail "stock config: core pipeline"
grep -q '^-ptx_opcode_latency_sfu = 100,8$' "$tmp/out" ||
	fail "stock config: sfu latency"
grep -q '^-gpgpu_dram_timing_opt = nbk=16:.*:RC=62: CL=20:' "$tmp/out" ||
	fail "stock config: quoted value over two lines"
[ "$(grep -c 'ignored' "$tmp/err")" -eq 1 ] ||
	fail "stock config: expected one warning line for unknown options"
grep -q 'gpgpu_ptx_sim_mode, .*icnt_in_buffer_limit' "$tmp/err" ||
	fail "stock config: warning does not list the unknown options"
refuse "--strict-options" --config "$tmp/gpgpusim.config" --strict-options
refuse "unknown option" --gpgpu_ptx_sim_mode 0

if [ -n "$host" ]; then
	"$ws" run --config "$tmp/gpgpusim.config" --quiet -- "$host" "$ptx" \
		>"$tmp/run.out" 2>"$tmp/run.err"
	rc=$?
	grep -q '^PASS' "$tmp/run.out" && [ "$rc" -eq 0 ] ||
		fail "run with the stock config (rc $rc): $(cat "$tmp/run.out" "$tmp/run.err")"
fi

[ "$fails" -eq 0 ] && echo "PASS cli.options"
exit "$fails"
