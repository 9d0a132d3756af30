"""Run `cardlang` in a child process with a memory limit and a timeout, for the tests of issue 24's faults:
each case must end in a clear `error:` line and the right exit code, never a traceback or "internal error"."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 2 * 1024 ** 3


def limits(file_size: int | None = None):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if file_size is not None:  # a file that grows past this fails to write (EFBIG), like a full disk
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    return apply


def cardlang(*args, code: int | None = None, timeout: float = 60, cwd: Path = ROOT, env: dict | None = None,
             file_size: int | None = None, input: str | None = None) -> subprocess.CompletedProcess:
    """`cardlang ARGS` in a child; asserts no traceback or internal error, and the exit CODE if given."""
    full_env = dict(os.environ, PYTHONPATH=str(ROOT))
    full_env.update(env or {})
    r = subprocess.run([sys.executable, "-m", "cardlang", *map(str, args)], cwd=cwd, env=full_env, text=True,
                       capture_output=True, timeout=timeout, preexec_fn=limits(file_size), input=input)
    both = r.stdout + r.stderr
    assert "internal error" not in both and "Traceback" not in both, both[-3000:]
    if code is not None:
        assert r.returncode == code, (args, r.returncode, both[-3000:])
    return r
