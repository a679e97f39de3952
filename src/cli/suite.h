/*
 * suite.h - `warpsim suite` (list, run and characterise the workloads).
 */
#ifndef SIM_CLI_SUITE_H
#define SIM_CLI_SUITE_H

/* argv[0] is the subcommand; returns the process exit status. */
int suite_main(int argc, char **argv);

#endif
