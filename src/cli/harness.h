/*
 * harness.h - `warpsim sweep|collect|reproduce|plot`: the experiment
 * harness (tools/harness/warpsim_harness.py, run by /usr/bin/python3).
 */
#ifndef SIM_CLI_HARNESS_H
#define SIM_CLI_HARNESS_H

/*
 * Run harness command cmd ("sweep", "collect", "reproduce" or "plot")
 * with the argc arguments that follow it on the command line.  Execs
 * the Python harness, passing this executable as --warpsim and the
 * source and build directories; returns only on failure (127 when the
 * interpreter or the script cannot be executed, 2 for an unknown cmd).
 */
int cli_harness(const char *cmd, int argc, char **argv);

#endif
