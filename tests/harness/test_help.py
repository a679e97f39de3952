#!/usr/bin/python3
"""Every harness command's --help prints its usage and exits 0, through
the warpsim binary (src/cli/harness.c) and through the script."""
import subprocess

import hcommon as h

a = h.args()
h.need_binaries(a, [])
# --help of every command: usage, exit 0, through warpsim and directly.
for cmd in ("sweep", "collect", "plot", "reproduce", "table", "report"):
    for argv in ([a.warpsim, cmd, "--help"],
                 h.harness_argv(a, cmd, "--help")):
        p = subprocess.run(argv, capture_output=True, text=True)
        h.check(p.returncode == 0 and p.stdout.startswith("usage: warpsim "
                                                          + cmd),
                "%s: exit %d\n%s%s" % (" ".join(argv[-2:]), p.returncode,
                                       p.stdout[:300], p.stderr))
print("PASS: --help of sweep, collect, plot, reproduce, table and report")
