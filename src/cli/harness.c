/*
 * harness.c - `warpsim sweep|collect|reproduce|plot|table|report`: hand
 * over to the experiment harness, tools/harness/warpsim_harness.py under
 * /usr/bin/python3 (Debian's, with tomllib, sqlite3 and matplotlib).  The
 * harness learns where this binary and the source and build trees are, so
 * the jobs it runs use the same simulator.  WARPSIM_SOURCE_DIR,
 * WARPSIM_BUILD_DIR and WARPSIM_PYTHON override the compiled-in paths.
 */
#include "../base/base.h"
#include "harness.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef WS_SOURCE_DIR
#define WS_SOURCE_DIR "."
#endif
#ifndef WS_BINARY_DIR
#define WS_BINARY_DIR "build"
#endif

/* Harness commands; the first four are the documented ones. */
static const char *const harness_cmds[] = {
	"sweep", "collect", "reproduce", "plot", "table", "report",
};

static const char *harness_env(const char *name, const char *dflt)
{
	const char *s = getenv(name);
	return s && *s ? s : dflt;
}

int cli_harness(const char *cmd, int argc, char **argv)
{
	bool known = false;
	for (size_t i = 0; i < sizeof(harness_cmds) / sizeof(harness_cmds[0]); i++)
		known |= !strcmp(cmd, harness_cmds[i]);
	if (!known) {
		fprintf(stderr, "warpsim: '%s' is not a harness command\n", cmd);
		return 2;
	}
	const char *python = harness_env("WARPSIM_PYTHON", "/usr/bin/python3");
	const char *src = harness_env("WARPSIM_SOURCE_DIR", WS_SOURCE_DIR);
	const char *bin = harness_env("WARPSIM_BUILD_DIR", WS_BINARY_DIR);
	char exe[PATH_MAX], script[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		snprintf(exe, sizeof(exe), "%s/warpsim", bin);
	else
		exe[n] = 0;
	snprintf(script, sizeof(script), "%s/tools/harness/warpsim_harness.py",
		 src);

	/* python script cmd --warpsim E --source-dir S --build-dir B args */
	char **av = xcalloc((size_t)argc + 10, sizeof(char *));
	int k = 0;
	av[k++] = (char *)python;
	av[k++] = script;
	av[k++] = (char *)cmd;
	av[k++] = "--warpsim";
	av[k++] = exe;
	av[k++] = "--source-dir";
	av[k++] = (char *)src;
	av[k++] = "--build-dir";
	av[k++] = (char *)bin;
	for (int i = 0; i < argc; i++)
		av[k++] = argv[i];
	av[k] = NULL;
	fflush(stdout);
	execv(python, av);
	fprintf(stderr, "warpsim %s: cannot execute %s %s: %s\n", cmd, python,
		script, strerror(errno));
	free(av);
	return 127;
}
