"""harness_run.py - run jobs: the per-job runner and the three engines.

A job runs in a scratch directory runs/.tmp-<key16>-<host>-<pid>/ and is
renamed to runs/<key16>/ only after its status.json is written, so a run
directory either holds a finished job (ok or failed) or does not exist; a
killed sweep leaves at most scratch directories, which the next sweep
removes.  A job counts as done only when its status is ok and its
statistics file is complete (stats_problem).  Engines: a local worker
pool, GNU parallel (optionally over ssh logins) and Slurm job arrays; all
three call the same runner.

Each simulator child runs in a process group of its own and is told by
the kernel to die with the thread that started it (Linux
PR_SET_PDEATHSIG), so no simulator outlives a sweep, not even one killed
by SIGKILL; SIGTERM and SIGINT kill every child's group.
"""
import concurrent.futures
import ctypes
import ctypes.util
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

# Set when the sweep is interrupted: runners then discard their scratch
# directory instead of publishing a run killed by the interrupt.
STOP = threading.Event()

# Live simulator children (Popen objects) of this process, so that an
# interrupt can kill their process groups.
CHILDREN = set()
CHILDREN_LOCK = threading.Lock()

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "warpsim_harness.py")


def write_atomic(path, text):
    """Write text to path through a temporary file and a rename."""
    tmp = "%s.tmp-%d-%d" % (path, os.getpid(), threading.get_ident())
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, indent=1, sort_keys=True) + "\n")


def read_status(runs_dir, key16):
    """A finished job's status.json as a dict ({} when there is none or
    it is not a JSON object)."""
    try:
        with open(os.path.join(runs_dir, key16, "status.json")) as f:
            st = json.load(f)
    except (OSError, ValueError):
        return {}
    return st if isinstance(st, dict) else {}


def run_status(runs_dir, key16):
    """'ok', 'failed' or None (never run / not finished) for a job.  A job
    whose status says ok but whose statistics are not complete (truncated,
    edited, lost) is 'failed', so the next sweep runs it again."""
    st = read_status(runs_dir, key16).get("status")
    if st == "ok" and stats_problem(os.path.join(runs_dir, key16,
                                                 "stats.json")):
        return "failed"
    return st


def stats_problem(path):
    """None when a statistics file is complete, else why it is not.

    Complete means what src/stats/stats.c's JSON writer leaves when the
    simulator shuts down normally: one JSON object with "complete": true,
    a "launches" list and a "total" object holding gpu_tot_launches (set
    at shutdown), which equals the launches written plus
    launches_dropped.  The writer rewrites the document tail after every
    launch, so a file cut short or a run killed in between fails one of
    these.  The plain-text form (`name = value`) is complete when a
    gpu_tot_launches line, printed once at shutdown, follows the last
    launch's kernel_name line."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return "no stats.json"
    except OSError as e:
        return "cannot read stats.json: %s" % (e.strerror or e)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "stats.json is not UTF-8 text"
    if not text.strip():
        return "stats.json is empty"
    if not text.lstrip().startswith("{"):
        closed = False
        for line in text.splitlines():
            if re.match(r"^\s*kernel_name\s*=", line):
                closed = False
            elif re.match(r"^\s*gpu_tot_launches\s*=", line):
                closed = True
        if not closed:
            return "plain-text statistics without the closing totals"
        return None
    try:
        obj = json.loads(text)
    except ValueError as e:
        return "stats.json is truncated or malformed (%s)" % e
    if not isinstance(obj, dict):
        return "stats.json is not a JSON object"
    if obj.get("complete") is not True:
        return "stats.json is not complete (the run did not shut down)"
    tot, launches = obj.get("total"), obj.get("launches")
    if not isinstance(tot, dict) or not isinstance(launches, list):
        return "stats.json has no total object or launches list"
    n = tot.get("gpu_tot_launches")
    if not isinstance(n, int) or isinstance(n, bool):
        return "stats.json total has no gpu_tot_launches"
    if n != len(launches) + int(tot.get("launches_dropped") or 0):
        return ("stats.json lists %d launches, its total says %d"
                % (len(launches), n))
    return None


def _libc_prctl():
    """libc's prctl, looked up once before any fork (None off Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6",
                           use_errno=True)
        return libc.prctl
    except (OSError, AttributeError):
        return None


PRCTL = _libc_prctl()
PR_SET_PDEATHSIG = 1


def _child_setup(parent):
    """Between fork and exec: die by SIGKILL with the parent thread (the
    setting survives exec); if the parent is already gone, die now."""
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(137)


def die_with_parent():
    """Ask the kernel to SIGKILL this process when its parent dies (a
    runjob under GNU parallel or Slurm: a killed engine leaves no runner
    behind, and the runner's own children die with it)."""
    parent = os.getppid()
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(137)


def run_child(argv, cwd, stdout, stderr, timeout=None, env=None):
    """Run argv in a new process group that dies with this process;
    returns (exit status or None, error or None).  A timeout kills the
    whole group."""
    parent = os.getpid()
    try:
        p = subprocess.Popen(argv, stdout=stdout, stderr=stderr, cwd=cwd,
                             env=env, process_group=0,
                             preexec_fn=lambda: _child_setup(parent))
    except (OSError, subprocess.SubprocessError) as e:
        return None, "cannot run %s: %s" % (argv[0], e)
    with CHILDREN_LOCK:
        CHILDREN.add(p)
    try:
        try:
            return p.wait(timeout=timeout), None
        except subprocess.TimeoutExpired:
            _kill_group(p)
            p.wait()
            return None, "timed out after %g s" % timeout
    except BaseException:       # an interrupt in this thread: no orphan
        _kill_group(p)
        raise
    finally:
        with CHILDREN_LOCK:
            CHILDREN.discard(p)


def _kill_group(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except OSError:
        pass


def kill_children():
    """SIGKILL the process group of every live child (on an interrupt)."""
    with CHILDREN_LOCK:
        kids = list(CHILDREN)
    for p in kids:
        _kill_group(p)


def run_job(job):
    """Run one job unless it already finished ok; returns its status."""
    runs = job["runs_dir"]
    final = os.path.join(runs, job["key16"])
    if run_status(runs, job["key16"]) == "ok":
        return "ok"
    os.makedirs(runs, exist_ok=True)
    tmp = os.path.join(runs, ".tmp-%s-%s-%d-%d" % (
        job["key16"], socket.gethostname(), os.getpid(),
        threading.get_ident()))
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    write_json(os.path.join(tmp, "job.json"), job)
    delay = float(os.environ.get("WARPSIM_HARNESS_TEST_DELAY", "0") or 0)
    if delay > 0:   # test hook: makes jobs slow enough to kill mid-sweep
        time.sleep(delay)
    stats = os.path.join(tmp, "stats.json")
    argv = [job["warpsim"], "run", "--stats_file", stats]
    if job.get("trace"):
        argv += ["--trace", os.path.join(tmp, "trace.txt")]
    argv += job["sim_options"] + ["--", job["host"]] + job["host_args"]
    started = time.time()
    t0 = time.monotonic()
    err, rc = None, None
    env = dict(os.environ, WARPSIM_RUN_DIR=tmp)
    with open(os.path.join(tmp, "stdout"), "wb") as so, \
            open(os.path.join(tmp, "stderr"), "wb") as se:
        rc, err = run_child(argv, job.get("cwd") or tmp, so, se,
                            job.get("timeout_s") or None, env)
    wall = time.monotonic() - t0
    if STOP.is_set():
        shutil.rmtree(tmp, ignore_errors=True)
        return "interrupted"
    if err is None and rc != 0:
        err = ("exit status %d" % rc if rc > 0 else
               "killed by signal %d" % -rc)
    if err is None:
        err = stats_problem(stats)
    status = {
        "status": "ok" if err is None else "failed",
        "exit_status": rc, "error": err, "wall_s": round(wall, 3),
        "started_at": started, "finished_at": time.time(),
        "host": socket.gethostname(), "argv": argv,
    }
    write_json(os.path.join(tmp, "status.json"), status)
    # Publish: move any older (failed) directory aside, then rename.
    old = None
    if os.path.exists(final):
        old = tmp + ".old"
        os.replace(final, old)
    os.replace(tmp, final)
    if old:
        shutil.rmtree(old, ignore_errors=True)
    return status["status"]


def clean_scratch(runs_dir):
    """Remove scratch directories of dead runners on this host."""
    if not os.path.isdir(runs_dir):
        return
    me = socket.gethostname()
    for d in os.listdir(runs_dir):
        if not d.startswith(".tmp-"):
            continue
        parts = d[len(".tmp-"):].removesuffix(".old").split("-")
        try:
            pid = int(parts[-2])
        except (ValueError, IndexError):
            continue
        if "-".join(parts[1:-2]) != me:
            continue
        try:
            os.kill(pid, 0)
            continue            # its runner is still alive
        except ProcessLookupError:
            pass
        except OSError:
            continue
        shutil.rmtree(os.path.join(runs_dir, d), ignore_errors=True)


class Progress:
    """The live progress line: done/total, failures, elapsed, ETA."""

    def __init__(self, total, skipped, quiet=False):
        self.total = total
        self.done = skipped
        self.skipped = skipped
        self.failed = 0
        self.t0 = time.monotonic()
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.lock = threading.Lock()
        self.last = 0.0

    def _fmt(self, s):
        s = int(s)
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)

    def line(self):
        el = time.monotonic() - self.t0
        ran = self.done - self.skipped
        left = self.total - self.done
        eta = "--" if ran == 0 else self._fmt(el / ran * left)
        return ("sweep: %d/%d done, %d failed, %d skipped, elapsed %s, ETA %s"
                % (self.done, self.total, self.failed, self.skipped,
                   self._fmt(el), eta))

    def update(self, status=None, final=False):
        with self.lock:
            if status is not None:
                self.done += 1
                self.failed += status != "ok"
            if self.quiet:
                return
            now = time.monotonic()
            if self.tty:
                sys.stderr.write("\r" + self.line() + ("\n" if final else ""))
            elif final or now - self.last >= 2:
                sys.stderr.write(self.line() + "\n")
                self.last = now
            sys.stderr.flush()


def engine_local(jobs, jobs_n, progress):
    """Run jobs on a local pool of jobs_n workers."""
    ex = concurrent.futures.ThreadPoolExecutor(max_workers=jobs_n)
    try:
        futs = [ex.submit(run_job, j) for j in jobs]
        for f in concurrent.futures.as_completed(futs):
            try:
                st = f.result()
            except Exception as e:   # a harness bug must not stop the sweep
                sys.stderr.write("\nsweep: runner error: %s\n" % e)
                st = "failed"
            progress.update(st)
    except BaseException:
        STOP.set()
        ex.shutdown(wait=False, cancel_futures=True)
        kill_children()
        raise
    ex.shutdown()
    return 0


def _write_job_files(jobs, sweep_dir):
    """One job file per job plus the list of them; returns the list path."""
    jd = os.path.join(sweep_dir, "jobs")
    os.makedirs(jd, exist_ok=True)
    paths = []
    for j in jobs:
        p = os.path.join(jd, j["key16"] + ".json")
        write_json(p, j)
        paths.append(p)
    lst = os.path.join(sweep_dir, "jobs.txt")
    write_atomic(lst, "".join(p + "\n" for p in paths))
    return lst


def engine_parallel(jobs, jobs_n, progress, sweep_dir, sshloginfile=None,
                    dry_run=False):
    """Run jobs through GNU parallel (each job: warpsim_harness.py runjob)."""
    lst = _write_job_files(jobs, sweep_dir)
    argv = ["parallel", "--no-notice", "--line-buffer", "-j", str(jobs_n),
            "--joblog", os.path.join(sweep_dir, "parallel.joblog")]
    if sshloginfile:
        argv += ["--sshloginfile", sshloginfile]
    argv += ["-a", lst, sys.executable or "/usr/bin/python3", HARNESS,
             "runjob", "{}"]
    if dry_run:
        print(" ".join(shlex.quote(a) for a in argv))
        return 0
    if not shutil.which("parallel"):
        sys.stderr.write("sweep: GNU parallel is not installed "
                         "(apt-get install parallel)\n")
        return 2
    parent = os.getpid()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True,
                         process_group=0,
                         preexec_fn=lambda: _child_setup(parent))
    with CHILDREN_LOCK:
        CHILDREN.add(p)
    try:
        for line in p.stdout:
            line = line.strip()
            if line.startswith("runjob "):
                progress.update(line.split()[-1])
        return p.wait()
    finally:
        with CHILDREN_LOCK:
            CHILDREN.discard(p)


def slurm_script(jobs, sweep_dir, jobs_n):
    """The sbatch job-array script for jobs (written under sweep_dir)."""
    lst = _write_job_files(jobs, sweep_dir)
    logs = os.path.join(sweep_dir, "slurm")
    os.makedirs(logs, exist_ok=True)
    n = len(jobs)
    lines = [
        "#!/bin/bash",
        "#SBATCH --job-name=warpsim-%s" % os.path.basename(sweep_dir),
        "#SBATCH --array=1-%d%s" % (n, "%%%d" % jobs_n if jobs_n else ""),
        "#SBATCH --ntasks=1",
        "#SBATCH --cpus-per-task=1",
        "#SBATCH --output=%s/%%A_%%a.log" % logs,
        "# One array task per warpsim job; each runs the harness runner,",
        "# which skips jobs already done and publishes its run atomically.",
        "set -euo pipefail",
        'job=$(sed -n "${SLURM_ARRAY_TASK_ID}p" %s)' % shlex.quote(lst),
        "exec %s %s runjob \"$job\"" % (
            shlex.quote(sys.executable or "/usr/bin/python3"),
            shlex.quote(HARNESS)),
    ]
    return "\n".join(lines) + "\n"


def engine_slurm(jobs, jobs_n, progress, sweep_dir, dry_run=False,
                 wait=True):
    """Write and submit (sbatch --wait) the job array; or print it."""
    text = slurm_script(jobs, sweep_dir, jobs_n)
    path = os.path.join(sweep_dir, "sweep.sbatch")
    write_atomic(path, text)
    if dry_run:
        sys.stdout.write(text)
        return 0
    if not shutil.which("sbatch"):
        sys.stderr.write("sweep: sbatch not found (Slurm is not installed "
                         "here); --dry-run prints the script\n")
        return 2
    argv = ["sbatch", "--parsable"] + (["--wait"] if wait else []) + [path]
    p = subprocess.run(argv, text=True, capture_output=True)
    sys.stderr.write(p.stderr)
    sys.stdout.write("sweep: submitted slurm job %s (%s)\n"
                     % (p.stdout.strip(), path))
    if wait:
        for j in jobs:
            progress.update(run_status(j["runs_dir"], j["key16"]) or "failed")
    return p.returncode


def install_signal_handlers():
    """SIGTERM ends the sweep like Ctrl-C: KeyboardInterrupt, on which
    the engines kill their children's process groups (kill_children)."""
    def on_term(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_term)
