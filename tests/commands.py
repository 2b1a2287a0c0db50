"""The command line as a user meets it: `python -m grawlix_print` in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
"""The environment of a command run here: this checkout's package first."""


def run(*args: str, cwd: Path | None = None, env: dict | None = None, timeout: float | None = 120) -> subprocess.CompletedProcess:
    """The command as a user runs it: a process of its own, stderr as a terminal would show it."""
    return subprocess.run([sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True,
                          cwd=cwd, env={**ENV, **(env or {})}, timeout=timeout)  # fmt: skip


def refused(result, *parts: str) -> str:
    """One line on stderr, status 1, no traceback; it contains each of ``parts``."""
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and all(part in line for part in parts), line
    return line
