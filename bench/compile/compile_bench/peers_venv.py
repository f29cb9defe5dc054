"""The virtual environment IREE and Triton come from (PyPI), made the first
time a run needs it."""

import os
import sys

from .common import HERE, BenchError, sb
from .processes import run_process

IREE_PACKAGE = "iree-base-compiler==3.13.0"
TRITON_PACKAGE = "triton==3.9.0"
DEFAULT_VENV = os.path.join(HERE, ".venv")


def ensure_venv(args):
    venv = args.venv
    python = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "roller-peers.txt")
    wanted = "%s\n%s\n" % (IREE_PACKAGE, TRITON_PACKAGE)
    have = open(marker).read() if os.path.exists(marker) else None
    if have == wanted and os.path.exists(python):
        return python
    if args.no_install:
        raise BenchError("no IREE/Triton virtual environment at %s (%s, %s); run without "
                         "--no-install to create it, or pass --roller-only"
                         % (venv, IREE_PACKAGE, TRITON_PACKAGE))
    if not os.path.exists(python):
        sys.stderr.write("creating %s ...\n" % venv)
        r = run_process([sys.executable, "-m", "venv", venv], 600)
        if r.rc != 0:
            raise BenchError("python3 -m venv %s failed: %s" % (venv, sb.tail(r.stderr, 5)))
    sys.stderr.write("installing %s and %s into %s (about 1.5 GB) ...\n"
                     % (IREE_PACKAGE, TRITON_PACKAGE, venv))
    r = run_process([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                     IREE_PACKAGE, TRITON_PACKAGE], 3600)
    if r.rc != 0:
        raise BenchError("pip install %s %s failed: %s"
                         % (IREE_PACKAGE, TRITON_PACKAGE, sb.tail(r.stderr, 10)))
    with open(marker, "w") as f:
        f.write(wanted)
    return python
