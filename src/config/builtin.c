/*
 * builtin.c - the built-in machine configurations for `--config NAME`.
 *
 * Each text is byte-identical to configs/NAME.cfg (tests/unit/test_config.c
 * checks it), so the committed files document exactly what a built-in
 * applies.  Edit the .cfg file and this table together.
 */
#include "../base/base.h"
#include "config.h"

/* configs/gtx480.cfg */
static const char builtin_gtx480[] =
	"# gtx480: NVIDIA GeForce GTX480 (Fermi) as GPGPU-Sim's SM2_GTX480 config\n"
	"# models it (shared/reference/gtx480.md sections 1-6).  These values are\n"
	"# warpsim's defaults.  The file lists every option that another built-in\n"
	"# changes, so `--config gtx480` after another built-in restores this machine.\n"
	"# PRO's 14-SM variant: --config gtx480 --set gpgpu_n_clusters=14\n"
	"\n"
	"# machine size\n"
	"-gpgpu_n_clusters 15\n"
	"-gpgpu_n_cores_per_cluster 1\n"
	"-gpgpu_shader_max_threads 1536\n"
	"-gpgpu_shader_max_warps 0            # 0: threads / warp_size = 48\n"
	"-gpgpu_shader_cta 8\n"
	"-gpgpu_shader_registers 32768\n"
	"-gpgpu_shmem_size 49152\n"
	"-gpgpu_shmem_per_block 49152\n"
	"-gpgpu_max_cta_threads 1024\n"
	"-gpgpu_clock_domains 700.0:700.0:700.0:924.0\n"
	"-gpgpu_dram_size_mb 1536\n"
	"\n"
	"# SM front end, issue and execution units\n"
	"-gpgpu_num_sched_per_core 2\n"
	"-gpgpu_max_insn_issue_per_warp 1\n"
	"-gpgpu_simd_width 32\n"
	"-gpgpu_num_sp_units 2\n"
	"-gpgpu_num_sfu_units 1\n"
	"-gpgpu_num_dp_units 0                # DP runs on the SFU\n"
	"-gpgpu_result_buses 2\n"
	"-gpgpu_num_reg_banks 16\n"
	"# operand collector (SM2_GTX480 gpgpusim.config; mem/gen: GPGPU-Sim defaults)\n"
	"-gpgpu_pipeline_widths 2,0,1,1,2,0,1,1,2\n"
	"-gpgpu_operand_collector_num_units_sp 6\n"
	"-gpgpu_operand_collector_num_units_sfu 8\n"
	"-gpgpu_operand_collector_num_units_mem 2\n"
	"-gpgpu_operand_collector_num_in_ports_sp 2\n"
	"-gpgpu_operand_collector_num_out_ports_sp 2\n"
	"-gpgpu_cache:il1 4:128:4,L:R:f:N,A:2:32,4\n"
	"-ptx_opcode_initiation_int 1,2,2,1,8,4\n"
	"-ptx_opcode_initiation_dp 8,16,8,8,130\n"
	"\n"
	"# L1 data and constant caches, shared memory\n"
	"-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n"
	"-gpgpu_l1_latency 35\n"
	"-gpgpu_gmem_skip_L1D 0\n"
	"-gpgpu_const_cache:l1 N:64:64:2,L:R:f:N:L,S:2:32,4\n"
	"-gpgpu_shmem_num_banks 32\n"
	"-gpgpu_smem_latency 26\n"
	"-mem_coalesce_bytes 0                # 0: the L1D line (128 B)\n"
	"\n"
	"# memory partitions, L2, DRAM (Hynix H5GQ1H24AFR GDDR5)\n"
	"-gpgpu_n_mem 6\n"
	"-gpgpu_n_sub_partition_per_mchannel 2\n"
	"-gpgpu_cache:dl2 N:64:128:8,L:B:m:L:L,A:256:4,4:0,32   # 3.2.2: unsectored\n"
	"-gpgpu_perf_sim_memcpy 0             # 3.2.2: copies leave the L2 cold\n"
	"-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\n"
	"-gpgpu_n_mem_per_ctrlr 2\n"
	"-gpgpu_dram_buswidth 4\n"
	"-gpgpu_dram_burst_length 8\n"
	"-dram_data_command_freq_ratio 4      # GDDR5\n"
	"-gpgpu_mem_addr_mapping dramid@8;0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS\n";

/* configs/gtx480-4x.cfg */
static const char builtin_gtx480_4x[] =
	"# gtx480-4x: the GTX480 as GPGPU-Sim 4.2's SM2_GTX480 config models it,\n"
	"# for comparisons with GPGPU-Sim 4.2.  Applied on top of the defaults\n"
	"# (gtx480, the GPGPU-Sim 3.2.2 model the seed papers used), it changes\n"
	"# what 4.2's file changes in the parts warpsim models:\n"
	"#  - a sectored L2 (32-byte sectors: a 128 B miss is four DRAM requests,\n"
	"#    write-backs send the dirty sectors only);\n"
	"#  - host-to-device copies install their lines in the L2.\n"
	"# Not taken from that file: its gto default scheduler (pick one with\n"
	"# --sched) and the 4.x operand-collector arbiter (docs/timing.md).\n"
	"-gpgpu_cache:dl2 S:64:128:8,L:B:m:L:L,A:256:4,4:0,32\n"
	"-gpgpu_perf_sim_memcpy 1\n";

/* configs/tesla8.cfg */
static const char builtin_tesla8[] =
	"# tesla8: the Tesla-like 8-wide machine of the DWR paper (ICCD 2012,\n"
	"# Sections II and V; shared/reference/gtx480.md section 9.3).  Memory values\n"
	"# match mem_config_tesla8.  Options not listed keep their defaults (GTX480).\n"
	"# Assumed (the paper prints none): DRAM timings and bank count, the L2\n"
	"# (64 KB per partition, 64 B lines), ALU latencies (GTX480 ones, not a\n"
	"# 24-stage pipeline), one SFU and two result buses.\n"
	"\n"
	"# machine size\n"
	"-gpgpu_n_clusters 16\n"
	"-gpgpu_shader_max_threads 1024\n"
	"-gpgpu_shader_registers 16384\n"
	"-gpgpu_shmem_size 16384\n"
	"-gpgpu_shmem_per_block 16384\n"
	"# 332.8 GFLOPS / (16 SMs x 8 lanes x 2 flops) = 1.3 GHz core clock;\n"
	"# 76.8 GB/s / (6 partitions x 8 B x 2 (DDR)) = 800 MHz memory clock\n"
	"-gpgpu_clock_domains 1300.0:1300.0:1300.0:800.0\n"
	"\n"
	"# one warp scheduler issuing to one 8-lane SIMD group\n"
	"-gpgpu_num_sched_per_core 1\n"
	"-gpgpu_simd_width 8\n"
	"-gpgpu_num_sp_units 1\n"
	"\n"
	"# 48 KB L1D: 64 sets x 12 ways x 64 B lines; 64 B memory transactions\n"
	"-gpgpu_cache:dl1 N:64:64:12,L:L:m:N:L,S:64:8,8\n"
	"-mem_coalesce_bytes 64\n"
	"-gpgpu_shmem_num_banks 16\n"
	"\n"
	"# 6 partitions, one L2 slice each, 64-bit DDR channels: 76.8 GB/s\n"
	"-gpgpu_n_mem 6\n"
	"-gpgpu_n_sub_partition_per_mchannel 1\n"
	"-gpgpu_cache:dl2 N:128:64:8,L:B:m:L:L,A:256:4,4:0,32\n"
	"-gpgpu_dram_timing_opt nbk=8:CCD=2:RRD=8:RCD=12:RAS=25:RP=10:RC=35:CL=10:WL=7:CDLR=6:WR=11:RTPL=2\n"
	"-gpgpu_n_mem_per_ctrlr 2\n"
	"-gpgpu_dram_buswidth 4\n"
	"-gpgpu_dram_burst_length 4\n"
	"-dram_data_command_freq_ratio 2      # DDR\n"
	"-gpgpu_mem_addr_mapping dramid@8;00000RRR.RRRRRRRR.RRBBCCCB.CCCSSSSS\n";

/* configs/gtx1080ti.cfg */
static const char builtin_gtx1080ti[] =
	"# gtx1080ti: NVIDIA GeForce GTX1080Ti (Pascal GP102) as BOWS (HPCA 2018,\n"
	"# Table II) simulated it: shared/reference/gtx480.md section 9.2, with the\n"
	"# rest from GPGPU-Sim's GeForceGTX1080Ti config, which BOWS names as its\n"
	"# source.  Options not listed keep their defaults (GTX480).\n"
	"# Assumed or changed:\n"
	"#  - 4 schedulers per SM as BOWS prints (that config file sets 2);\n"
	"#  - L2 MSHR merges 4 (the file has 1024:1024; warpsim requires the\n"
	"#    L2->icnt queue to hold one MSHR's merges);\n"
	"#  - the L2 is modelled unsectored; bank groups are not modelled;\n"
	"#  - global accesses skip the L1D as in that file (gmem_skip_L1D 1);\n"
	"#  - ALU latencies as on GTX480 except the initiation intervals the file\n"
	"#    changes; device memory 11 GB.\n"
	"\n"
	"# machine size\n"
	"-gpgpu_n_clusters 28\n"
	"-gpgpu_n_cores_per_cluster 1\n"
	"-gpgpu_shader_max_threads 2048\n"
	"-gpgpu_shader_cta 32\n"
	"-gpgpu_shader_registers 65536\n"
	"-gpgpu_shmem_size 98304\n"
	"-gpgpu_shmem_per_block 49152\n"
	"-gpgpu_clock_domains 1481.0:2962.0:1481.0:2750.0\n"
	"-gpgpu_dram_size_mb 11264\n"
	"\n"
	"# SM front end, issue and execution units\n"
	"-gpgpu_num_sched_per_core 4\n"
	"-gpgpu_max_insn_issue_per_warp 2\n"
	"-gpgpu_num_sp_units 4\n"
	"-gpgpu_num_sfu_units 1\n"
	"-gpgpu_result_buses 6\n"
	"-gpgpu_num_reg_banks 32\n"
	"# operand collector: that file's SP/SFU/MEM values (its 4.x INT and DP\n"
	"# fields dropped from the pipeline widths)\n"
	"-gpgpu_pipeline_widths 4,0,1,1,4,0,1,1,6\n"
	"-gpgpu_operand_collector_num_units_sp 20\n"
	"-gpgpu_operand_collector_num_units_sfu 4\n"
	"-gpgpu_operand_collector_num_units_mem 8\n"
	"-gpgpu_operand_collector_num_in_ports_sp 4\n"
	"-gpgpu_operand_collector_num_out_ports_sp 4\n"
	"-gpgpu_cache:il1 8:128:4,L:R:f:N:L,A:2:48,4\n"
	"-ptx_opcode_initiation_int 1,2,2,2,8,4\n"
	"-ptx_opcode_initiation_dp 1,2,1,1,130\n"
	"\n"
	"# 48 KB L1D: 64 sets x 6 ways x 128 B; 16 KB constant cache\n"
	"-gpgpu_cache:dl1 64:128:6,L:L:m:N:H,A:128:8,8\n"
	"-gpgpu_gmem_skip_L1D 1\n"
	"-gpgpu_const_cache:l1 128:64:2,L:R:f:N:L,A:2:64,4\n"
	"-gpgpu_shmem_num_banks 32\n"
	"\n"
	"# 11 channels x 2 slices of 128 KB (64 sets x 16 ways x 128 B) = 2.75 MB L2\n"
	"-gpgpu_n_mem 11\n"
	"-gpgpu_n_sub_partition_per_mchannel 2\n"
	"-gpgpu_cache:dl2 64:128:16,L:B:m:W:L,A:1024:4,4:0,32\n"
	"# GDDR5X, one 32-bit chip per channel; GDDR5 timings as in that file\n"
	"-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0\n"
	"-gpgpu_n_mem_per_ctrlr 1\n"
	"-gpgpu_dram_buswidth 4\n"
	"-gpgpu_dram_burst_length 8\n"
	"-dram_data_command_freq_ratio 4\n"
	"-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n";

static const struct cfg_builtin builtin_table[] = {
	{"gtx480", "NVIDIA GTX480 (Fermi), GPGPU-Sim SM2_GTX480; the defaults",
	 builtin_gtx480},
	{"gtx480-4x", "GTX480 as GPGPU-Sim 4.2's SM2_GTX480: sectored L2, "
	 "copies warm the L2", builtin_gtx480_4x},
	{"tesla8", "Tesla-like 8-wide machine of DWR (16 SMs, SIMD 8)",
	 builtin_tesla8},
	{"gtx1080ti", "NVIDIA GTX1080Ti (Pascal) as BOWS Table II",
	 builtin_gtx1080ti},
};

const struct cfg_builtin *cfg_builtin_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_table); i++)
		if (!strcmp(builtin_table[i].name, name))
			return &builtin_table[i];
	return NULL;
}

const struct cfg_builtin *cfg_builtin_list(unsigned *n)
{
	*n = (unsigned)ARRAY_SIZE(builtin_table);
	return builtin_table;
}
