"""Runs one fuzz case under limits and classifies the outcome.

A case is a set of files and an argv template; `{name}` in the argv is
replaced by the path of file `name` in a fresh directory. Classes:

  ok          exit 0 (and, for roller-opt, the output re-parses and verifies)
  diagnostic  non-zero exit with an `error:` diagnostic
  crash       a signal, LLVM's crash report or stack dump, a fatal error
              ("LLVM ERROR"), or a non-zero exit with no diagnostic
  sanitizer   an AddressSanitizer / UndefinedBehaviorSanitizer report
  hang        still running after the time limit
  memory      the address-space limit (RLIMIT_AS) or ASan's RSS limit hit
  invalid     exit 0 but the output fails to re-parse or verify

The key deduplicates findings: top stack frames for crashes and sanitizer
reports, the normalized first message for diagnostics and invalid outputs,
the pipeline for hangs and memory hits (no stack to go by), except an
allocation failure that LLVM reports with a stack dump, keyed by its frames.
"""

import os
import re
import resource
import signal
import subprocess
import tempfile
import time

FAILING = ("crash", "sanitizer", "hang", "memory", "invalid")
SYMBOLIZER = "/usr/lib/llvm-22/bin/llvm-symbolizer"
OUTPUT_LIMIT = 256 << 20  # bytes of output a run may write


class Limits:
    def __init__(self, timeout=20.0, memory_mb=4096, sanitized=False):
        self.timeout, self.memory_mb, self.sanitized = timeout, memory_mb, sanitized


def is_sanitized(binary):
    """Whether the binary links a sanitizer runtime (ASan ignores RLIMIT_AS:
    it reserves terabytes of shadow)."""
    try:
        out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    except OSError:
        return False
    return "libasan" in out or "libubsan" in out


def _environ(limits, root):
    env = dict(os.environ)
    env["LLVM_SYMBOLIZER_PATH"] = SYMBOLIZER
    env["ASAN_SYMBOLIZER_PATH"] = SYMBOLIZER
    if limits.sanitized:
        supp = os.path.join(root, "scripts", "ubsan.supp")
        env.setdefault("ASAN_OPTIONS", "allow_user_poisoning=0:detect_leaks=1")
        # The RSS limit catches growth, but kills the process with no stack.
        # One allocation of more than half the limit fails instead (returns
        # null) before the RSS gets there, so that LLVM reports it with a
        # stack like the RLIMIT_AS of an uninstrumented build, and a known
        # one (upstream's parser sizing a vector by a type's element count)
        # is recognized by its frames.
        env["ASAN_OPTIONS"] += (f":hard_rss_limit_mb={limits.memory_mb}"
                                f":max_allocation_size_mb={limits.memory_mb // 2}"
                                ":allocator_may_return_null=1")
        env.setdefault("UBSAN_OPTIONS",
                       f"print_stacktrace=1:halt_on_error=1:suppressions={supp}")
    return env


def _preexec(limits):
    def apply():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))
        if not limits.sanitized:
            cap = limits.memory_mb << 20
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    return apply


def run(argv, limits, root, cwd, stdout_path):
    """(returncode or None on timeout, stderr text, seconds)."""
    start = time.monotonic()
    with open(stdout_path, "wb") as out, open(os.path.join(cwd, "stderr"), "wb+") as err:
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, env=_environ(limits, root),
                                preexec_fn=_preexec(limits))
        try:
            rc = proc.wait(timeout=limits.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = None
        err.seek(0)
        text = err.read(1 << 20).decode("utf-8", "replace")
    return rc, text, time.monotonic() - start


_SKIP_FRAME = re.compile(r"llvm::sys::|SignalHandler|__restore_rt|\babort\b|raise|"
                         r"pthread_kill|__assert_fail|report_fatal_error|"
                         r"llvm_unreachable|report_bad_alloc|__cxa_|terminate|"
                         r"__sanitizer|__asan|__ubsan|libc\.so|_start\b|"
                         r"__libc_start|\bmain\b|gsignal")


def _frames(stderr, count=3):
    names = []
    for line in stderr.splitlines():
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (?:in )?(.*)", line)
        if not m:
            continue
        func = m.group(1).replace("(anonymous namespace)", "anon")
        func = re.sub(r"\(.*$", "", func).strip()
        func = re.sub(r"<.*>", "<>", func)
        if (not func or func.startswith("0x") or _SKIP_FRAME.search(func)
                or "libsanitizer" in line):
            continue
        names.append(func.split(" ")[-1])
        if len(names) == count:
            break
    return names


def normalize(message):
    """A diagnostic without its numbers, names and types, so that the same
    check on other sizes has one key."""
    message = re.sub(r"'[^']*'", "'_'", message)
    message = re.sub(r'"[^"]*"', '"_"', message)
    message = re.sub(r"<[^<>]*>", "<_>", message)
    message = re.sub(r"-?\d+(\.\d+)?(e[+-]?\d+)?", "N", message)
    return message.strip()[:160]


def first_error(stderr):
    """(message, located) of the first `error:` diagnostic, or None."""
    for line in stderr.splitlines():
        m = re.search(r"(?:^|: )error: (.*)", line)
        if m:
            # A name location (loc("x")) prints as <unknown>:0 and names it.
            located = not (line.startswith("error:") or
                           line.startswith("<unknown>:0: error:") and
                           not m.group(1).startswith("loc("))
            return m.group(1), located
    return None


def classify(rc, stderr, tool, pipeline):
    """(class, key)."""
    if rc is None:
        return "hang", f"{tool}:{pipeline}"
    asan = re.search(r"ERROR: (AddressSanitizer|LeakSanitizer): ([\w-]+)", stderr)
    # ASan's hard RSS limit prints no ERROR line ("AddressSanitizer: hard
    # rss limit exhausted") and exits 1.
    if (asan and "rss limit" in stderr) or \
            re.search(r"AddressSanitizer: hard rss limit exhausted", stderr):
        return "memory", f"{tool}:{pipeline}:rss"
    if asan:
        return "sanitizer", f"{asan.group(2)}:{' <- '.join(_frames(stderr))}"
    ub = re.search(r"^(\S+?):\d+:\d+: runtime error: (.*)$", stderr, re.M)
    if ub:
        return "sanitizer", f"ubsan:{os.path.basename(ub.group(1))}:{normalize(ub.group(2))}"
    # ("SmallVector unable to grow" is a size check, a crash, not memory.)
    # Whole words only: a temporary folder named roller-fuzz-...mmap... in a
    # diagnostic's path, with "failed" later on its line, is no mmap failure.
    if re.search(r"out of memory|bad_alloc|Allocation failed|"
                 r"Cannot allocate memory|\bmmap\b.*\bfailed", stderr, re.I):
        # LLVM's bad_alloc handler prints a stack dump: keyed by where the
        # allocation failed (the same place in every pipeline), so that a
        # known one (upstream's parser) does not hide the others.
        frames = _frames(stderr)
        if frames:
            return "memory", f"{tool}:{' <- '.join(frames)}"
        return "memory", f"{tool}:{pipeline}"
    if rc == -signal.SIGXFSZ:
        return "memory", f"{tool}:{pipeline}:output-size"
    fatal = re.search(r"LLVM ERROR: (.*)", stderr)
    if rc < 0 or "PLEASE submit a bug report" in stderr or "Stack dump" in stderr or fatal:
        frames = _frames(stderr)
        what = normalize(fatal.group(1)) if fatal else f"signal {-rc if rc < 0 else rc}"
        return "crash", f"{what}:{' <- '.join(frames)}"
    if rc == 0:
        return "ok", ""
    err = first_error(stderr)
    if err:
        where = "" if err[1] else "unlocated:"
        return "diagnostic", f"{where}{normalize(err[0])}"
    if tool == "roller-emu" and rc in (1, 2):
        return "diagnostic", f"emu-exit-{rc}"
    return "crash", f"exit {rc} without a diagnostic"


def execute(case, tools, limits, root, keep_dir=None):
    """Runs a case; returns a result dict (class, key, stderr, seconds, argv)."""
    with tempfile.TemporaryDirectory(prefix="roller-fuzz-") as tmp:
        work = keep_dir or tmp
        paths = write_files(case["files"], work)
        argv = [a.format(**tools, **paths) for a in case["argv"]]
        out = os.path.join(work, "output")
        rc, stderr, secs = run(argv, limits, root, work, out)
        cls, key = classify(rc, stderr, case["tool"], case["pipeline"])
        if cls == "ok" and case.get("reparse"):
            check = [tools["roller_opt"], out, "-o", os.devnull]
            rc2, err2, secs2 = run(check, limits, root, work, os.path.join(work, "reparse"))
            secs += secs2
            cls2, key2 = classify(rc2, err2, case["tool"], "reparse")
            if cls2 == "diagnostic":
                cls, key, stderr = "invalid", f"{case['pipeline']}:{key2}", err2
            elif cls2 != "ok":
                cls, key, stderr = cls2, key2, err2
    return {"class": cls, "key": key, "stderr": stderr, "seconds": secs,
            "argv": argv}


def write_files(files, directory):
    """Writes the case's files; special device paths are made here."""
    paths = {}
    for name, data in files.items():
        path = os.path.join(directory, name)
        if data == "FIFO":
            os.mkfifo(path)
        elif data == "DIR":
            os.mkdir(path)
        elif data == "MISSING":
            pass
        elif isinstance(data, str) and data.startswith("/dev/"):
            path = data
        else:
            with open(path, "wb") as f:
                f.write(data.encode() if isinstance(data, str) else data)
        paths[name.replace(".", "_")] = path
    return paths
