"""``new`` and ``init`` under signals and any name: all or nothing, and a game that loads and builds.

A name may be anything a designer types: one the scaffold imports (``Rules``), a keyword
(``None``), a module Python finds elsewhere (``Random``, ``Numpy``, ``Grawlix Print``). The
package written must be the one its folder holds, its class must not hide an import, and the
game must load and build (its leaflet, in a process of its own, with the package registered as
pip would). A title a typeface the products print titles in cannot set is refused. SIGTERM,
SIGHUP or Ctrl-C while the files are written (slowed here by the test's own wrapper, which
signals once the hidden folder appears) leaves nothing, and the same command then succeeds.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grawlix_print.cli.new import SCAFFOLD_NAMES, class_name, importable, plugin_files

from commands import ENV, refused, run_here
from plugins import environment, registered

HOSTILE = ["Rules", "None", "Random", "Numpy", "Grawlix Print", "Engine Playtester"]


@pytest.mark.parametrize("title", HOSTILE)
def test_any_name_gives_a_game_that_loads_and_builds(title, tmp_path):
    folder = tmp_path / "game"
    result = run_here("new", title, str(folder))
    assert result.returncode == 0, result.stderr
    (pyproject,) = folder.glob("pyproject.toml")
    lines = pyproject.read_text().splitlines()
    entry = lines[lines.index('[project.entry-points."grawlix_print.games"]') + 1]
    name, target = entry.split(" = ")
    package, cls = target.strip('"').split(":")
    assert (folder / package / "__init__.py").is_file() and cls not in SCAFFOLD_NAMES
    metadata = tmp_path / "metadata"
    with registered(folder, metadata):
        pass
    probe = (f"import {package}, sys; assert {package}.__file__.startswith({str(folder)!r}), {package}.__file__; "
             f"print({package}.{cls}().title)")  # fmt: skip
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            env=environment(folder, metadata), timeout=120)  # fmt: skip
    assert loaded.returncode == 0 and loaded.stdout.strip() == title, loaded.stderr
    built = subprocess.run([sys.executable, "-m", "grawlix_print", "leaflet", "--game", name, "--paper", "a4", "-o",
                            str(tmp_path / "out")], capture_output=True,
                           text=True, env=environment(folder, metadata), timeout=300)  # fmt: skip
    assert built.returncode == 0 and (tmp_path / "out" / "leaflet" / "leaflet-a4.pdf").is_file(), built.stderr


def test_names_that_clash_get_a_suffix_and_others_stay_as_they_are():
    assert [class_name(p) for p in ("rules", "none", "true", "exception", "night_market")] == [
        "RulesGame", "NoneGame", "TrueGame", "ExceptionGame", "NightMarket"]  # fmt: skip
    assert [importable(p) for p in ("random", "json", "numpy", "grawlix_print", "test", "class", "night_market", "3_pigs")] == [
        "random_game", "json_game", "numpy_game", "grawlix_print_game", "test_game", "class_game", "night_market", "game_3_pigs"]  # fmt: skip
    other = "winreg" if sys.platform != "win32" else "termios"  # the standard library's, not importable here
    assert importable(other) == f"{other}_game"
    files = plugin_files("Grawlix Print", Path("x"))
    assert 'name = "grawlix-print-game"' in files[Path("x/pyproject.toml")].decode()  # never pip's grawlix-print


def test_a_title_the_typefaces_cannot_set_is_refused(tmp_path):
    refused(run_here("new", "Snow \u2603 Day", str(tmp_path / "g")), "NAME", "has no '\u2603' (U+2603)")
    refused(run_here("new", "Snow \u2603 Day", str(tmp_path / "d"), "--data"), "NAME", "has no '\u2603'")
    assert not (tmp_path / "g").exists() and not (tmp_path / "d").exists()


SLOW = """
import sys, time
import grawlix_print.files as files
write = files.write_bytes
def slow(path, data):
    time.sleep(0.05)
    return write(path, data)
files.write_bytes = slow
sys.argv = ["grawlix-print", *sys.argv[1:]]
from grawlix_print.cli import run
run()
"""


def interrupted(args: list[str], cwd: Path, watch: Path, how: int) -> int:
    """Run the command with its writes slowed, send ``how`` once a hidden folder appears in
    ``watch``, and return its exit status."""
    process = subprocess.Popen([sys.executable, "-c", SLOW, *args], cwd=cwd, env=ENV, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".") and ".new-" in p.name for p in watch.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.01)
    time.sleep(0.2)  # a few files in
    process.send_signal(how)
    process.communicate(timeout=60)
    return process.returncode


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_new_interrupted_by_a_signal_leaves_nothing_and_runs_again(how, tmp_path):
    status = interrupted(["new", "Stopped Game", "stopped"], tmp_path, tmp_path, how)
    assert status == (130 if how == signal.SIGINT else -how)
    assert list(tmp_path.iterdir()) == [], list(tmp_path.iterdir())
    again = run_here("new", "Stopped Game", str(tmp_path / "stopped"))
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGHUP])
def test_init_into_a_folder_of_ones_own_interrupted_leaves_it_as_it_was(how, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    status = interrupted(["init"], tmp_path, tmp_path, how)
    assert status == -how
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert run_here("init", cwd=tmp_path).returncode == 0
    assert (tmp_path / "templates" / "components.toml").is_file() and (tmp_path / "notes.txt").read_text() == "mine"
