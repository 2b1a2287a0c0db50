"""`grawlix-print watch`, run as a user runs it: save, read its line, look at the new files.

One watch process serves the whole walk-through (a real process, so Ctrl-C and
the file events are real). Timings are measured by benchmarks/bench.py, not here.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from conftest import PROJECT, TEMPLATES
from conftest import WITH_CTRL_C

WAIT = 20.0  # seconds before a missing line fails the test (a loaded CI machine is slow)


class Watcher:
    """A running `grawlix-print watch` whose stdout and stderr lines arrive on one queue."""

    def __init__(self, project: Path, *args: str, path: tuple[Path, ...] = ()) -> None:
        self.process = subprocess.Popen(
            # SIGINT at its default first (a test run started under nohup passes it on ignored): Ctrl-C stops a watch.
            [*WITH_CTRL_C, sys.executable, "-m", "grawlix_print", "watch",
             *(args or ("--templates", "templates")), "-o", "out"],
            cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (*path, PROJECT)))},
        )  # fmt: skip
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        for name in ("stdout", "stderr"):
            stream = getattr(self.process, name)
            threading.Thread(target=self._pump, args=(name, stream), daemon=True).start()

    def _pump(self, name: str, stream) -> None:
        for line in stream:
            self.lines.put((name, line.rstrip("\n")))

    def next_line(self, timeout: float = WAIT) -> tuple[str, str]:
        return self.lines.get(timeout=timeout)

    def quiet_for(self, seconds: float) -> bool:
        try:
            self.lines.get(timeout=seconds)
        except queue.Empty:
            return True
        return False


def save(path: Path, text: str) -> None:
    time.sleep(0.05)  # distinct saves, as a person makes them
    path.write_text(text)


def test_watch_rebuilds_on_save_reports_errors_and_keeps_going(tmp_path):
    templates, out = tmp_path / "templates", tmp_path / "out"
    shutil.copytree(TEMPLATES, templates)
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line() == ("stdout", "watching templates/ and its settings; Ctrl-C stops")
        stream, line = watcher.next_line()
        assert stream == "stdout" and "first build: leaflet-a4.pdf, leaflet-reading-a4.pdf, leaflet-press-a4.pdf and 10 previews in" in line
        assert (out / "leaflet" / "leaflet-a4.pdf").is_file()
        assert (out / "previews" / "leaflet-a4-1.png").is_file()

        leaflet = templates / "leaflet.md"
        text = leaflet.read_text()
        before = (out / "leaflet" / "leaflet-reading-a4.pdf").read_bytes()
        save(leaflet, text.replace("make the coffee", "brew the coffee", 1))
        stream, line = watcher.next_line()
        assert stream == "stdout" and " leaflet.md: leaflet-a4.pdf" in line and line.endswith(" s")
        assert (out / "leaflet" / "leaflet-reading-a4.pdf").read_bytes() != before

        rules = templates / "rules.toml"
        good = rules.read_text()
        save(rules, good.replace("max_rows = 6", "max_rows = 0"))
        stream, line = watcher.next_line()
        assert stream == "stderr"
        assert line.endswith(f" rules.toml: error: {Path('templates') / 'rules.toml'}: "
                             "max_rows must be a positive integer, not 0")  # fmt: skip
        save(rules, good)  # the watch went on: the fix is built
        stream, line = watcher.next_line()
        assert stream == "stdout" and " rules.toml: leaflet-a4.pdf" in line

        save(tmp_path / "grawlix.toml", 'paper = "letter"\n')  # settings are read on every build
        stream, line = watcher.next_line()
        assert stream == "stdout" and " grawlix.toml: leaflet-letter.pdf, leaflet-reading-letter.pdf" in line

        save(tmp_path / "notes.txt", "not an input")  # beside the templates, not a settings file
        assert watcher.quiet_for(0.3)

        watcher.process.send_signal(signal.SIGINT)
        assert watcher.process.wait(timeout=WAIT) == 0
        assert watcher.quiet_for(0.2)  # Ctrl-C ends the watch without a word
    finally:
        if watcher.process.poll() is None:
            watcher.process.kill()


def test_a_file_system_fault_in_a_rebuild_is_worded_as_every_command_words_it():
    """One line, as `files.os_error` words it for the other commands; the watch goes on."""
    import errno

    from grawlix_print.cli.watch import _run

    def rebuild() -> str:
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), "out/leaflet")

    lines = []
    _run(rebuild, lambda line, err=False: lines.append((line, err)), "leaflet.md")
    ((line, err),) = lines
    assert err and line.endswith(" leaflet.md: error: out/leaflet: a file is in the way where a folder should be")


def test_a_templates_folder_moved_away_and_back_is_waited_for(tmp_path):
    """A folder renamed or a branch switched under a watch: one error line, then the watch waits
    and builds again once the folder is back (it used to end with watchfiles' own message)."""
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    watcher = Watcher(tmp_path)
    try:
        watcher.next_line()  # watching ...
        assert "first build:" in watcher.next_line()[1]
        templates.rename(tmp_path / "templates.away")
        stream, line = watcher.next_line()
        assert stream == "stderr" and line.endswith("templates: error: templates: no such templates folder")
        assert watcher.quiet_for(0.5) and watcher.process.poll() is None  # still watching, silently
        (tmp_path / "templates.away").rename(templates)
        stream, line = watcher.next_line()
        assert stream == "stdout" and " templates is back: leaflet-a4.pdf" in line
        save(templates / "leaflet.md", (templates / "leaflet.md").read_text().replace("make the coffee", "brew the coffee", 1))
        stream, line = watcher.next_line()
        assert stream == "stdout" and " leaflet.md: leaflet-a4.pdf" in line  # and it watches the folder again
        watcher.process.send_signal(signal.SIGINT)
        assert watcher.process.wait(timeout=WAIT) == 0
    finally:
        if watcher.process.poll() is None:
            watcher.process.kill()


def test_watch_on_a_plug_in_starts_again_when_its_code_is_saved(tmp_path):
    """`watch --game NAME` for a plug-in whose package is here to edit (an editable install): a saved
    .py file of its package starts the watch again, and the rebuild runs the new code."""
    import pypdf
    from click.testing import CliRunner

    from grawlix_print.cli import main
    from plugins import write_metadata

    package = tmp_path / "code-row"
    assert CliRunner().invoke(main, ["new", "Code Row", str(package)]).exit_code == 0
    name = write_metadata(package, tmp_path / "meta")
    watcher = Watcher(tmp_path, "--game", name, "--paper", "a4", path=(tmp_path / "meta", package))
    reading = tmp_path / "out" / "leaflet" / "leaflet-reading-a4.pdf"

    def text() -> str:
        return " ".join(page.extract_text() for page in pypdf.PdfReader(reading).pages)

    try:
        assert watcher.next_line(60) == ("stdout", f"watching {package / 'code_row' / 'templates'}/ and its settings; Ctrl-C stops")
        stream, line = watcher.next_line(120)
        assert stream == "stdout" and "first build: leaflet-a4.pdf" in line, line
        assert "Code Row" in text() and "Deluxe" not in text()
        code = package / "code_row" / "__init__.py"
        save(code, code.read_text().replace('return str(self.components["title"])',
                                            'return str(self.components["title"]) + " Deluxe"'))  # fmt: skip
        stream, line = watcher.next_line(60)
        assert stream == "stdout" and line.endswith("__init__.py: the game's code changed; starting again with it"), line
        assert watcher.next_line(60)[1].startswith("watching ")
        stream, line = watcher.next_line(120)
        assert stream == "stdout" and "first build: leaflet-a4.pdf" in line, line
        assert "Code Row Deluxe" in text()
    finally:
        watcher.process.send_signal(signal.SIGINT)
        watcher.process.wait(timeout=30)
