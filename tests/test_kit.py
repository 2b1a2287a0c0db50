"""The kit machinery on small stand-in steps: staging, re-use, interruption, atomic files."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import grawlix_print.kit.build as kit_build
from grawlix_print.errors import StudioError
from grawlix_print.files import Written, atomic_path, write_text
from grawlix_print.kit.build import Step, build_kit, output_lock
from grawlix_print.notes import note as step_note

import kit_standin
from conftest import TEMPLATES, WITH_CTRL_C

CALLS: list[str] = []


def note_step(out: Path, templates: Path, text: str) -> list[Written]:
    CALLS.append(text)
    path = write_text(out / "notes" / f"{text}.txt", text)
    return [Written(path, "note", {"text": text})]


def failing_step(out: Path, templates: Path, error: str) -> list[Written]:
    write_text(out / "notes" / "half.txt", "written before the failure")
    if error == "interrupt":
        raise KeyboardInterrupt
    raise StudioError("this step fails", "somewhere.toml")


def test_atomic_path_keeps_the_old_file_when_interrupted(tmp_path):
    target = tmp_path / "file.pdf"
    target.write_bytes(b"good")
    with pytest.raises(KeyboardInterrupt):
        with atomic_path(target) as temporary:
            temporary.write_bytes(b"half")
            raise KeyboardInterrupt
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["file.pdf"]


def test_steps_are_reused_until_their_options_change(tmp_path):
    CALLS.clear()
    steps = [Step("a", note_step, {"text": "a"}), Step("b", note_step, {"text": "b"})]
    first = build_kit(steps, tmp_path, TEMPLATES)
    assert [o.reused for o in first] == [False, False] and CALLS == ["a", "b"]
    second = build_kit(steps, tmp_path, TEMPLATES)
    assert [o.reused for o in second] == [True, True] and CALLS == ["a", "b"]
    changed = [steps[0], Step("b", note_step, {"text": "c"})]
    third = build_kit(changed, tmp_path, TEMPLATES)
    assert [o.reused for o in third] == [True, False] and CALLS == ["a", "b", "c"]
    # b.txt belonged to the old step b only: it is gone, and the manifest says so.
    assert sorted(p.name for p in (tmp_path / "notes").iterdir()) == ["a.txt", "c.txt"]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [f["path"] for f in manifest["files"]] == ["notes/a.txt", "notes/c.txt"]


def test_a_file_changed_by_hand_is_rebuilt(tmp_path):
    CALLS.clear()
    steps = [Step("a", note_step, {"text": "a"})]
    build_kit(steps, tmp_path, TEMPLATES)
    (tmp_path / "notes" / "a.txt").write_text("edited")
    (outcome,) = build_kit(steps, tmp_path, TEMPLATES)
    assert not outcome.reused and (tmp_path / "notes" / "a.txt").read_text() == "a"


@pytest.mark.parametrize("error", ["grawlix", "interrupt"])
def test_failure_or_interrupt_leaves_everything_as_it_was(tmp_path, error):
    build_kit([Step("a", note_step, {"text": "a"})], tmp_path, TEMPLATES)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    steps = [Step("a", note_step, {"text": "new"}), Step("x", failing_step, {"error": error})]
    with pytest.raises(KeyboardInterrupt if error == "interrupt" else StudioError):
        build_kit(steps, tmp_path, TEMPLATES)
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before
    assert not (tmp_path / ".staging").exists()


def noting_step(out: Path, templates: Path, text: str) -> list[Written]:
    step_note(f"said by {text}")
    return note_step(out, templates, text)


@pytest.mark.parametrize("heavy", [False, True], ids=["here", "in the worker"])
def test_a_steps_notes_reach_on_note_not_the_terminal(tmp_path, capfd, heavy):
    """A step's note comes through the build's on_note, before its outcome, from either process."""
    heard = []
    build_kit([Step("a", noting_step, {"text": "a"}, heavy=heavy)], tmp_path, TEMPLATES,
              on_start=lambda total: heard.append(("start", total)),
              on_note=lambda note: heard.append(("note", note)),
              on_step=lambda outcome: heard.append(("step", outcome.step)))  # fmt: skip
    assert heard == [("start", 1), ("note", "said by a"), ("step", "a")]
    assert capfd.readouterr() == ("", "")


def test_the_kits_builder_reports_through_its_callbacks(tmp_path, capfd, monkeypatch):
    """`build_all` (the command's own builder): skipped screenshots are a note, not stderr."""
    from grawlix_print import build_all

    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    heard, steps = [], []
    written = build_all(tmp_path, only=["web"], on_note=heard.append, on_step=steps.append)
    assert [o.step for o in steps] == ["web", "index"] and {w.path for w in written} == {
        tmp_path / f["path"] for o in steps for f in o.files
    }
    assert len(heard) == 1 and heard[0].startswith("screenshots skipped")
    assert capfd.readouterr() == ("", "")


def test_a_browser_installed_after_a_build_takes_the_screenshots_at_the_next(tmp_path, monkeypatch):
    """The web step is keyed by the browser it found: a kit built without one is not "unchanged"
    once one is there; its screenshots are made, and the manifest and index list them."""
    from grawlix_print import build_all
    from grawlix_print.products.web.browser import find_browser

    found = find_browser()
    if found is None:
        pytest.skip("no Chromium here")
    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    build_all(tmp_path, only=["web"])
    assert not (tmp_path / "previews").exists()
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: found)  # installed now
    steps: list = []
    build_all(tmp_path, only=["web"], on_step=steps.append)
    assert [(o.step, o.reused) for o in steps] == [("web", False), ("index", False)]
    listed = {f["path"] for f in json.loads((tmp_path / "manifest.json").read_text())["files"]}
    assert {"previews/rules-360px.png", "previews/rules-1280px.png"} <= listed
    assert "previews/rules-1280px.png" in (tmp_path / "index.html").read_text()


def test_all_says_its_notes_after_the_progress_bar(tmp_path, monkeypatch):
    """On a terminal, a note from a step waits for the bar to end instead of cutting into it."""
    import click._termui_impl
    from click.testing import CliRunner

    from grawlix_print.cli import main

    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    monkeypatch.setattr(click._termui_impl, "isatty", lambda stream: True)  # the bar as a terminal shows it
    monkeypatch.setattr("grawlix_print.cli.kit.on_terminal", lambda stream: True)
    result = CliRunner().invoke(main, ["all", "--only", "leaflet,web", "--paper", "a4", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    bar, after = result.stderr.rsplit(click._termui_impl.AFTER_BAR, 1)
    assert "Building the kit" in bar and "note:" not in bar
    assert after.startswith("note: screenshots skipped") and after.count("\n") == 1


def test_a_file_in_place_of_the_kit_folder_is_refused_before_any_callback(tmp_path):
    from grawlix_print import build_all

    (tmp_path / "kit").write_text("a file")
    heard = []
    with pytest.raises(StudioError) as caught:
        build_all(tmp_path / "kit", only=["sheets"], on_start=heard.append, on_step=heard.append)
    assert str(caught.value) == f"{tmp_path / 'kit'}: cannot write: a file is in the way where a folder should be"
    assert heard == [] and (tmp_path / "kit").read_text() == "a file"


# --- the switch: all or nothing --------------------------------------------------------


# Ctrl-C as a terminal gives it: a test run started with SIGINT ignored (`nohup`, `cmd &` in a
# script) passes the ignoring on to its children, so each child puts the default back, then runs.
STANDIN = [*WITH_CTRL_C, sys.executable, str(Path(kit_standin.__file__))]


@pytest.fixture
def ctrl_c():
    """SIGINT raises KeyboardInterrupt in this process for the test, however pytest was started."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(kit_standin.__file__).parent.parent)])}


def snapshot(out: Path) -> dict[str, bytes]:
    """Every file below ``out``, hidden ones too and through linked folders, by relative path."""
    return {
        (Path(folder) / name).relative_to(out).as_posix(): (Path(folder) / name).read_bytes()
        for folder, _, names in os.walk(out, followlinks=True)
        for name in names
    }


def whole_kit(out: Path) -> set[str]:
    """Assert ``out`` is one kit, whole: exactly the manifest's files with its bytes, nothing else.

    Returns the texts its notes hold, which tell which build it is.
    """
    files = snapshot(out)
    manifest = json.loads(files.pop("manifest.json"))
    listed = {entry["path"]: entry["sha256"] for entry in manifest["files"]}
    assert set(files) == set(listed), sorted(set(files) ^ set(listed))
    for path, data in files.items():
        assert hashlib.sha256(data).hexdigest() == listed[path], path
    return {data.decode().rsplit(" ", 1)[0].lower() for data in files.values()}


def build(out: Path, text: str, count: int = 3):
    return build_kit(kit_standin.steps(text, count), out, TEMPLATES)


class Killed(BaseException):
    """The process dying on the spot: nothing after it runs."""


def fail_at(monkeypatch, names: str | tuple[str, ...], call: int, error: BaseException) -> None:
    """Make the ``call``-th call of kit.build's ``names`` (counted together) raise ``error``."""
    calls = []
    for name in (names,) if isinstance(names, str) else names:
        real = getattr(kit_build, name)

        def patched(*args, real=real, **kwargs):
            calls.append(1)
            if len(calls) == call:
                raise error
            return real(*args, **kwargs)

        monkeypatch.setattr(kit_build, name, patched)


# Old kit: 2 steps x 3 files; new kit: 2 x 2 files, so two old files are stale.
# The switch keeps the 4 old files that get new versions by a second name, renames
# the 2 stale ones aside and the 4 new ones over the old: 10 steps.
MOVES = ("_keep_old", "_rename")
RENAMES = 10


@pytest.mark.parametrize("call", range(1, RENAMES + 1))
def test_a_failure_at_any_rename_of_the_switch_leaves_the_old_kit(tmp_path, monkeypatch, call):
    build(tmp_path, "old")
    before = snapshot(tmp_path)
    fail_at(monkeypatch, MOVES, call, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        build(tmp_path, "new", count=2)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("call", [1, 4, 7, RENAMES, "after"])
def test_a_run_killed_in_the_switch_is_finished_or_undone_by_the_next(tmp_path, monkeypatch, call):
    build(tmp_path, "old")
    before = snapshot(tmp_path)
    monkeypatch.setattr(kit_build, "_remove_folder", lambda folder: None)  # a dead process cleans nothing
    monkeypatch.setattr(kit_build, "_undo", lambda out, journal: None)
    if call == "after":
        fail_at(monkeypatch, "_finish", 1, Killed())
    else:
        fail_at(monkeypatch, MOVES, call, Killed())
    with pytest.raises(Killed):
        build(tmp_path, "new", count=2)
    monkeypatch.undo()
    notes: list[str] = []
    with output_lock(tmp_path, lambda: None):
        kit_build._recover(tmp_path, notes.append)
    kit_build._remove_folder(tmp_path / kit_build.STAGING)
    if call == "after":
        assert whole_kit(tmp_path) == {"new"} and notes == [f"an interrupted build into {tmp_path} was finished"]
    else:
        assert snapshot(tmp_path) == before and "undone" in notes[0]


def test_ctrl_c_during_the_switch_waits_for_its_end(tmp_path, monkeypatch, ctrl_c):
    build(tmp_path, "old")
    calls = []
    for name in MOVES:

        def move_with_ctrl_c(*args, real=getattr(kit_build, name)):
            calls.append(1)
            if len(calls) == 3:
                os.kill(os.getpid(), signal.SIGINT)
            real(*args)

        monkeypatch.setattr(kit_build, name, move_with_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        build(tmp_path, "new", count=2)
    assert len(calls) == RENAMES and whole_kit(tmp_path) == {"new"}


def test_ctrl_c_at_random_moments_leaves_one_whole_kit(tmp_path):
    """A real child process, interrupted by SIGINT after a random delay, many times over.

    The delay runs from the child's first line, printed before any of our code
    loads (earlier, Ctrl-C meets Python's own start-up, not this program).
    """

    def start(text: str) -> subprocess.Popen:
        child = subprocess.Popen([*STANDIN, str(out), text, "20"], env=ENV, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        assert child.stdout.readline() == "started\n"
        return child

    out = tmp_path / "out"
    build(out, "old", count=20)
    begin = time.perf_counter()
    assert start("timing").wait(timeout=30) == 0
    span = time.perf_counter() - begin
    rng = random.Random(9)
    trials = 8
    seen = set()
    for trial in range(trials):
        child = start(f"v{trial}")
        time.sleep(span * (trial + rng.random()) / trials)  # one draw in each eighth of the run
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=30)
        assert "Traceback" not in stderr
        # 130: stopped with its one line; -SIGINT: the signal came as Python was exiting
        # (after that line, or before our code could print it); 0: it had finished.
        assert child.returncode in (0, 130, -signal.SIGINT), stderr
        if child.returncode == 130:
            assert stderr == "error: interrupted\n"
        else:
            assert stderr in ("", "error: interrupted\n")
        assert len(whole_kit(out)) == 1
        seen.add(child.returncode)
    assert seen & {130, -signal.SIGINT}


# --- one build at a time ------------------------------------------------------------------


def wait_until(condition, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def locked(out: Path) -> bool:
    """Whether a build holds ``out`` now."""
    import fcntl

    handle = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(handle)


def test_a_second_build_waits_for_the_first(tmp_path):
    out = tmp_path / "out"
    build(out, "old")
    log = tmp_path / "stderr.txt"
    with output_lock(out, lambda: None), log.open("w") as stderr:
        child = subprocess.Popen([*STANDIN, str(out), "new"], env=ENV, stderr=stderr)
        wait_until(lambda: "waiting for another build" in log.read_text(), "the waiting note")
        assert not (out / kit_build.STAGING).exists() and whole_kit(out) == {"old"}
    assert child.wait(timeout=30) == 0
    assert whole_kit(out) == {"new"}


def test_two_builds_at_once_both_finish_and_leave_one_whole_kit(tmp_path):
    out = tmp_path / "out"
    children = [
        subprocess.Popen([*STANDIN, str(out), text, "10"], env=ENV, stderr=subprocess.PIPE, text=True)
        for text in ("apple", "berry")
    ]
    for child in children:
        _, stderr = child.communicate(timeout=30)
        assert child.returncode == 0 and "Traceback" not in stderr, stderr
    assert whole_kit(out) in ({"apple"}, {"berry"})


def test_the_lock_goes_with_a_killed_build(tmp_path):
    out = tmp_path / "out"
    child = subprocess.Popen([*STANDIN, str(out), "held", "--wait-for", str(tmp_path / "never")], env=ENV)
    wait_until(lambda: out.is_dir() and locked(out), "the first build to take the folder")
    child.kill()
    child.wait(timeout=30)
    build(out, "after")  # would wait forever if the lock outlived its process
    assert whole_kit(out) == {"after"}


# --- devices, mounts and links -----------------------------------------------------------------


def test_a_sub_folder_on_another_device_is_written_without_crossing_it(tmp_path):
    other = Path("/dev/shm")
    if not other.is_dir() or other.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second file system to link to")
    elsewhere = Path(os.path.realpath(other)) / f"grawlix-test-{os.getpid()}"
    elsewhere.mkdir()
    try:
        (tmp_path / "notes").symlink_to(elsewhere)
        build(tmp_path, "old")
        build(tmp_path, "new", count=2)
        assert whole_kit(tmp_path) == {"new"}
        assert sorted(p.read_text() for p in elsewhere.iterdir()) == ["new 0\n", "new 1\n"]
    finally:
        shutil.rmtree(elsewhere)


# --- an untrusted manifest ----------------------------------------------------------------------


def test_paths_in_the_manifest_never_reach_outside_the_folder(tmp_path):
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    victim.write_text("keep me")
    build(out, "old")
    manifest = json.loads((out / "manifest.json").read_text())
    digest = hashlib.sha256(b"keep me").hexdigest()
    for path in ["../victim.txt", str(victim), "notes/../../victim.txt"]:
        manifest["steps"]["first"]["files"].append({"path": path, "kind": "x", "params": {}, "sha256": digest})
        (out / "manifest.json").write_text(json.dumps(manifest))
        notes: list[str] = []
        build_kit(kit_standin.steps("new", 3), out, TEMPLATES, on_note=notes.append)
        assert victim.read_text() == "keep me"
        assert len(notes) == 1 and "manifest.json ignored" in notes[0]
        assert whole_kit(out) == {"new"}
        manifest = json.loads((out / "manifest.json").read_text())


@pytest.mark.parametrize(
    "text",
    ["{not json", "[]", "null", '{"version": "0.1.0", "steps": {"first": {"key": 1}}}',
     '{"version": "0.1.0", "steps": {"first": {"key": "k", "files": [{"path": "a"}]}}}',
     "[" * 100_000, b"\xff\xfe".decode("latin-1")],
    ids=["not JSON", "a list", "null", "a key not a string", "an entry without sha256", "deep", "not UTF-8"],
)  # fmt: skip
def test_a_malformed_manifest_counts_as_none(tmp_path, text):
    build(tmp_path, "old")
    (tmp_path / "manifest.json").write_text(text)
    notes: list[str] = []
    outcomes = build_kit(kit_standin.steps("old", 3), tmp_path, TEMPLATES, on_note=notes.append)
    assert not any(o.reused for o in outcomes) and "ignored" in notes[0]
    assert whole_kit(tmp_path) == {"old"}


def test_a_foreign_journal_is_dropped_not_obeyed(tmp_path):
    build(tmp_path, "old")
    (tmp_path / "victim").write_text("keep me")
    journal = {"new": [{"path": "../victim", "existed": False}], "stale": [], "manifest": "0" * 64}
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / kit_build.JOURNAL).write_text(json.dumps(journal))
    notes: list[str] = []
    build_kit(kit_standin.steps("new"), tmp_path / "out", TEMPLATES, on_note=notes.append)
    assert (tmp_path / "victim").read_text() == "keep me" and "not a journal" in notes[0]
    assert whole_kit(tmp_path / "out") == {"new"}


# --- file-system faults ----------------------------------------------------------------------------


def test_a_full_disk_while_writing_the_manifest_leaves_the_old_kit(tmp_path, monkeypatch):
    import errno

    build(tmp_path, "old")
    before = snapshot(tmp_path)
    real = Path.write_bytes

    def full(self, data):
        if self.name.startswith(".manifest.json"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(StudioError) as caught:
        build(tmp_path, "new", count=2)
    assert str(caught.value) == f"{tmp_path / 'manifest.json'}: cannot write: no space left on the device"
    assert snapshot(tmp_path) == before


def test_a_file_where_a_folder_should_be(tmp_path):
    (tmp_path / "more").write_text("in the way")
    with pytest.raises(StudioError) as caught:
        build(tmp_path, "new")
    assert caught.value.where == str(tmp_path / "more") and "a file is in the way" in caught.value.what
    assert snapshot(tmp_path) == {"more": b"in the way"}


def test_an_unreadable_template_is_named(tmp_path, monkeypatch, templates_copy):
    real = Path.open

    def refuse(self, *args, **kwargs):
        if self.name == "leaflet.md":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(StudioError) as caught:
        build_kit(kit_standin.steps("x"), tmp_path / "out", templates_copy)
    assert str(caught.value) == f"{templates_copy / 'leaflet.md'}: cannot read: Permission denied"


# --- no moment without the file: each one replaced in one rename ---------------------------------------


def test_every_file_of_the_old_kit_stays_whole_at_every_step_of_the_switch(tmp_path, monkeypatch):
    """Between any two file-system steps of the switch, each file both kits have is there, whole, old or new."""
    build(tmp_path, "old", count=3)
    old = snapshot(tmp_path)
    both = [path for path in old if path.startswith(("notes/", "more/")) and int(path[-5]) < 2]
    wanted = {path: {old[path], f"{'new' if path.startswith('notes') else 'NEW'} {path[-5]}\n".encode()}
              for path in both}  # fmt: skip
    seen = []

    def look() -> None:
        for path in both:
            assert (tmp_path / path).read_bytes() in wanted[path], path  # FileNotFoundError if missing
        seen.append(1)

    for name in (*MOVES, "_finish"):

        def looking(*args, real=getattr(kit_build, name)):
            look()
            real(*args)
            look()

        monkeypatch.setattr(kit_build, name, looking)
    build(tmp_path, "new", count=2)
    assert whole_kit(tmp_path) == {"new"} and len(seen) == 2 * (RENAMES + 1)


POLLER = """
import os, sys
paths, stop, report = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
wrong, reads = [], 0
while not os.path.exists(stop):
    for path in paths:
        reads += 1
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            wrong.append(f"{path}: missing")
            continue
        if not data.endswith(b"\\n") or data.count(b" ") != 1:
            wrong.append(f"{path}: {data!r}")
with open(report, "w") as handle:
    handle.write(f"{reads}\\n" + "\\n".join(wrong[:10]))
"""


def test_a_reader_polling_during_builds_never_finds_a_file_missing(tmp_path):
    """A second process reads the kit's files over and over while it is rebuilt twenty times."""
    out = tmp_path / "out"
    build(out, "v0", count=20)
    paths = [str(out / "notes" / f"{i}.txt") for i in range(20)]
    stop, report = tmp_path / "stop", tmp_path / "report"
    poller = subprocess.Popen([sys.executable, "-c", POLLER, ",".join(paths), str(stop), str(report)])
    try:
        for version in range(1, 21):
            build(out, f"v{version}", count=20)
    finally:
        stop.touch()
        poller.wait(timeout=60)
    reads, *wrong = report.read_text().splitlines()
    assert wrong == [] and int(reads) > 0
    assert whole_kit(out) == {"v20"}


def test_where_no_hard_link_can_be_made_the_old_file_is_kept_by_a_copy(tmp_path, monkeypatch):
    """FAT, some network shares: link(2) fails, so the old file is copied; a failure after it still undoes."""
    import errno

    build(tmp_path, "old")
    before = snapshot(tmp_path)

    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(kit_build.os, "link", no_links)
    fail_at(monkeypatch, "write_text", 2, KeyboardInterrupt())  # the journal is the first, the manifest the second
    with pytest.raises(KeyboardInterrupt):
        build(tmp_path, "new", count=2)
    assert snapshot(tmp_path) == before
    monkeypatch.undo()
    monkeypatch.setattr(kit_build.os, "link", no_links)
    build(tmp_path, "new", count=2)
    assert whole_kit(tmp_path) == {"new"}


# --- the journal: damaged ones dropped, none left after a roll-back ---------------------------------------


@pytest.mark.parametrize(
    "journal",
    [
        {"new": [], "stale": []},  # no manifest: once a KeyError
        {"new": [], "stale": [], "manifest": 5},
        {"new": [], "stale": [], "manifest": "not a sha256"},
        {"new": ["notes/0.txt"], "stale": [], "manifest": "0" * 64},
        {"new": [{"path": "notes/0.txt"}], "stale": [], "manifest": "0" * 64},
        {"new": [{"path": "notes/0.txt", "existed": "yes"}], "stale": [], "manifest": "0" * 64},
        {"new": [], "stale": "notes/0.txt", "manifest": "0" * 64},
        {"new": [], "stale": [".hidden/x"], "manifest": "0" * 64},
        {"new": {}, "stale": [], "manifest": "0" * 64},
        [],
        "text",
    ],
    ids=["no manifest", "manifest a number", "manifest not a sha256", "entry a string", "entry without existed",
         "existed not a bool", "stale a string", "a hidden path", "new a table", "a list", "a string"],
)  # fmt: skip
def test_a_damaged_journal_is_dropped_like_any_other(tmp_path, journal):
    build(tmp_path, "old")
    (tmp_path / kit_build.JOURNAL).write_text(json.dumps(journal))
    notes: list[str] = []
    build_kit(kit_standin.steps("new"), tmp_path, TEMPLATES, on_note=notes.append)
    assert "not a journal" in notes[0] and whole_kit(tmp_path) == {"new"}


def test_a_roll_back_that_completes_leaves_no_journal(tmp_path, monkeypatch):
    """A read-only disk says so even to the removal of a name that is not there: the roll-back goes on."""
    import errno

    build(tmp_path, "old")
    before = snapshot(tmp_path)
    real_unlink = Path.unlink

    def read_only(self, missing_ok=False):
        if not os.path.lexists(self) and self.name != kit_build.JOURNAL:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))
        return real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", read_only)
    fail_at(monkeypatch, "_place_beside", 3, StudioError("cannot write: read-only file system", "more"))
    with pytest.raises(StudioError):
        build(tmp_path, "new")
    assert snapshot(tmp_path) == before  # no journal, no file set aside


def test_a_read_only_sub_folder_rolls_back_to_the_old_kit_without_a_journal(tmp_path):
    """A real read-only mount under the kit (`unshare -m`): one line, the old kit, no journal."""
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode:
        pytest.skip("no private mount namespace here (unshare -m)")
    out = tmp_path / "out"
    subprocess.run([*STANDIN, str(out), "old", "2"], env=ENV, check=True, capture_output=True)
    before = snapshot(out)
    script = (
        f'mount --bind "{out}/more" "{out}/more" && mount -o remount,ro,bind "{out}/more" || exit 99\n'
        f'"{sys.executable}" "{kit_standin.__file__}" "{out}" new 3; echo "status $?" >&2\n'
    )
    process = subprocess.run(["unshare", "-m", "sh", "-c", script], env=ENV, capture_output=True, text=True)
    if process.returncode == 99:
        pytest.skip("cannot mount here")
    assert process.stderr.splitlines()[1:] == ["status 1"], process.stderr
    assert process.stderr.startswith(f"error: {out / 'more'}") and "read-only file system" in process.stderr
    assert snapshot(out) == before


@pytest.mark.parametrize("kind", ["file", "link to a folder", "fifo"])
def test_something_else_named_like_the_staging_folder_is_removed_never_followed(tmp_path, kind):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep me")
    staging = out / kit_build.STAGING
    if kind == "file":
        staging.write_text("in the way")
    elif kind == "fifo":
        os.mkfifo(staging)
    else:
        staging.symlink_to(elsewhere)
    build(out, "new")
    assert whole_kit(out) == {"new"} and (elsewhere / "keep.txt").read_text() == "keep me"


def test_the_code_identity_covers_a_plug_ins_own_package(tmp_path, monkeypatch):
    """A step's key includes the code of the game's own package (code and data): editing a plug-in's
    engine or its data rebuilds its kit instead of leaving it stale; this package alone does not."""
    from grawlix_print import cache

    package = tmp_path / "toyplugin"
    package.mkdir()
    (package / "__init__.py").write_text("RULES = 1\n")
    (package / "engine.py").write_text("def play():\n    return 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def digest() -> str:
        cache._package_digest.cache_clear()
        return cache.code_digest("grawlix_print.kit", "toyplugin.engine")

    first = digest()
    assert first != cache.code_digest("grawlix_print.kit")  # the plug-in counts
    (package / "engine.py").write_text("def play():\n    return 2\n")
    second = digest()
    (package / "pieces.toml").write_text("count = 3\n")  # its data counts too
    third = digest()
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "engine.cpython-311.pyc").write_bytes(b"compiled")  # not its code
    assert len({first, second, third}) == 3 and digest() == third


def test_all_into_a_log_says_a_rulebook_error_in_one_line_and_no_progress(tmp_path):
    """Where stderr is no terminal (a log, CI, a pipe) there is no bar and no "Building the kit":
    a broken rulebook is the one line of its error."""
    from commands import refused, run_here
    from spreadsheet_decks import cards_54, write_deck

    templates = write_deck(tmp_path / "templates", cards_54())
    leaflet = templates / "leaflet.md"
    leaflet.write_text(leaflet.read_text().replace("{cards.count} cards.", "{tokens.count} tokens."))
    line = refused(run_here("all", "--only", "leaflet", "--paper", "a4", "--templates", str(templates), "-o", str(tmp_path / "kit")))
    assert "tokens" in line and "Building" not in line
    built = run_here("all", "--only", "sheets", "--paper", "a4", "--templates", str(templates), "-o", str(tmp_path / "kit"))
    assert built.returncode == 0 and built.stderr == "" and "files in" in built.stdout
