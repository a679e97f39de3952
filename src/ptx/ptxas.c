/*
 * ptxas.c - registers per thread as NVIDIA's ptxas allocates them.
 *
 * Opt-in (option ptxas_regs): the module text is written to a temporary
 * file and `ptxas -v -arch=sm_XX -o /dev/null FILE` runs on it, found on
 * PATH and started without a shell (posix_spawnp, argv built here, stdin
 * from /dev/null, stdout and stderr into a second temporary file).  Its
 * "Compiling entry function 'NAME'" / "Used N registers" lines give each
 * kernel's count, which then replaces the liveness estimate of live.c for
 * occupancy.  Both temporary files are removed on every path.  ptxas is
 * never required: without the option it is not looked for, and with the
 * option a missing ptxas, a failed run or a kernel without a count is an
 * error, not a silent fall-back to the estimate.
 */
#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptx.h"

extern char **environ;

/* Longest ptxas output kept for parsing and error messages. */
#define PTXAS_OUT_MAX (4u << 20)

/* Bytes of ptxas output quoted in an error message. */
#define PTXAS_QUOTE_MAX 600

int ptx_ptxas_parse(const char *out, const char *name, uint32_t *regs)
{
	size_t nl = strlen(name);
	bool in_entry = false;

	for (const char *p = out; *p;) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);
		const char *s;
		/* "ptxas info    : Compiling entry function 'NAME' for 'sm_75'" */
		if ((s = strstr(p, "Compiling entry function '")) && s < end) {
			s += strlen("Compiling entry function '");
			in_entry = (size_t)(end - s) > nl && !strncmp(s, name, nl) &&
				   s[nl] == '\'';
		} else if (in_entry && (s = strstr(p, "Used ")) && s < end) {
			/* "ptxas info    : Used 26 registers, used 0 barriers, ..." */
			char *stop;
			unsigned long v = strtoul(s + 5, &stop, 10);
			if (stop != s + 5 && !strncmp(stop, " register", 9) &&
			    v <= 65535) {
				*regs = (uint32_t)v;
				return 0;
			}
		}
		p = eol ? eol + 1 : end;
	}
	return -1;
}

/* Write all of buf to fd; 0 or -1 with errno. */
static int ptxas_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t w = write(fd, buf, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Read up to PTXAS_OUT_MAX bytes of fd from its start, NUL-terminated. */
static char *ptxas_read_all(int fd)
{
	size_t len = 0, cap = 4096;
	char *buf = xmalloc(cap);

	if (lseek(fd, 0, SEEK_SET) < 0) {
		free(buf);
		return NULL;
	}
	for (;;) {
		if (cap - len < 2) {
			if (cap >= PTXAS_OUT_MAX)
				break;
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		ssize_t r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	buf[len] = '\0';
	return buf;
}

/* A temporary file in $TMPDIR (else /tmp); fd or -1, path in buf. */
static int ptxas_temp(char *buf, size_t size, const char *what)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	if ((size_t)snprintf(buf, size, "%s/warpsim-%s-XXXXXX", dir, what) >=
	    size)
		return -1;
	return mkstemp(buf);
}

/*
 * Run ptxas on path with its output going to out_fd.  Returns its exit
 * status (0 = success), or -1 with a message in d when it could not run.
 */
static int ptxas_spawn(const char *path, unsigned sm, int out_fd,
		       struct diag *d)
{
	char arch[32];
	char *argv[] = {"ptxas", "-v", arch, "-o", "/dev/null", (char *)path,
			NULL};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, status;

	snprintf(arch, sizeof(arch), "-arch=sm_%u", sm);
	if (posix_spawn_file_actions_init(&fa))
		return diag_err(d, "ptxas_regs: cannot prepare to run ptxas");
	rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (!rc)
		rc = posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	if (!rc)
		rc = posix_spawn_file_actions_adddup2(&fa, out_fd, 2);
	if (!rc)
		rc = posix_spawnp(&pid, "ptxas", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc == ENOENT)
		return diag_err(d, "ptxas_regs: 'ptxas' is not on PATH (the "
				"option runs NVIDIA's ptxas for register "
				"counts; unset it to use the liveness estimate)");
	if (rc)
		return diag_err(d, "ptxas_regs: cannot run ptxas: %s",
				strerror(rc));
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return diag_err(d, "ptxas_regs: waiting for ptxas: %s",
					strerror(errno));
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 256 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

int ptx_ptxas_regs(const char *text, size_t len, unsigned sm,
		   const char *const *names, uint32_t n, uint32_t *regs,
		   struct diag *d)
{
	char in_path[4096], out_path[4096];
	char *out = NULL;
	int in_fd, out_fd = -1, rc = -1, st;

	in_fd = ptxas_temp(in_path, sizeof(in_path), "ptx");
	if (in_fd < 0)
		return diag_err(d, "ptxas_regs: cannot create a temporary "
				"file: %s", strerror(errno));
	if (ptxas_write_all(in_fd, text, len)) {
		diag_err(d, "ptxas_regs: cannot write %s: %s", in_path,
			 strerror(errno));
		goto out_in;
	}
	out_fd = ptxas_temp(out_path, sizeof(out_path), "ptxas");
	if (out_fd < 0) {
		diag_err(d, "ptxas_regs: cannot create a temporary file: %s",
			 strerror(errno));
		goto out_in;
	}
	st = ptxas_spawn(in_path, sm, out_fd, d);
	if (st < 0)
		goto out_out;
	out = ptxas_read_all(out_fd);
	if (st) {
		const char *o = out ? out : "";
		size_t ol = strlen(o);
		diag_err(d, "ptxas_regs: `ptxas -v -arch=sm_%u` failed (%s %d)"
			 ":\n%.*s%s", sm, st > 255 ? "signal" : "exit status",
			 st > 255 ? st - 256 : st, PTXAS_QUOTE_MAX, o,
			 ol > PTXAS_QUOTE_MAX ? "\n..." : "");
		goto out_out;
	}
	rc = 0;
	for (uint32_t i = 0; i < n; i++)
		if (!out || ptx_ptxas_parse(out, names[i], &regs[i])) {
			rc = diag_err(d, "ptxas_regs: ptxas -v printed no "
				      "register count for kernel '%s'",
				      names[i]);
			break;
		}
out_out:
	free(out);
	close(out_fd);
	unlink(out_path);
out_in:
	close(in_fd);
	unlink(in_path);
	return rc;
}
