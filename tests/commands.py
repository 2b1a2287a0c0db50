"""The command line as a user meets it: `python -m grawlix_print` in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from pathlib import Path

ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
"""The environment of a command run here: this checkout's package first."""


def run(*args: str, cwd: Path | None = None, env: dict | None = None, timeout: float | None = 120) -> subprocess.CompletedProcess:
    """The command as a user runs it: a process of its own, stderr as a terminal would show it."""
    return subprocess.run([sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True,
                          cwd=cwd, env={**ENV, **(env or {})}, timeout=timeout)  # fmt: skip


def run_here(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """The same command in this process (click's CliRunner), answered as ``run`` answers: no
    interpreter start-up (about 0.4 s of CPU a command). For what the command says and writes; the
    tests of the installed command itself (start-up, imports, entry points) keep ``run``. An
    exception the command lets out is shown as the traceback a user would see, so ``refused`` and
    a one-line check still fail on it."""
    from click.testing import CliRunner

    from grawlix_print.cli import main

    before = os.getcwd()
    os.chdir(cwd or before)
    try:
        result = CliRunner().invoke(main, list(args), env=env, prog_name="grawlix-print")
    finally:
        os.chdir(before)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))  # "Traceback (most recent call last):" ...
    return subprocess.CompletedProcess(["grawlix-print", *args], result.exit_code, result.stdout, stderr)


def refused(result, *parts: str) -> str:
    """One line on stderr, status 1, no traceback; it contains each of ``parts``."""
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and all(part in line for part in parts), line
    return line
