"""``grawlix-print all``: every product in one build, re-using what has not changed.

A build is a list of steps (one product with its options, plus its PNG
previews). Each step has a key: a hash of its options, of the package's own
code and fonts, and (for steps that read them) of everything in the templates
folder, so editing the leaflet's text rebuilds the leaflet and nothing else.
A step whose key and files match the previous ``manifest.json`` is re-used;
the others are built into a staging folder.

Safety, as a careful build tool does it:

- One build at a time per output folder: the folder itself is locked
  (``flock``), so a second run waits; the kernel drops the lock when a run
  ends, however it ends.
- The switch is all or nothing. New files are first copied or moved beside
  their targets (same folder, so every later rename stays on one device),
  under a journal that lists them. Then, with Ctrl-C held off, each old
  file is kept by a second name (a hard link, or a copy where links are not
  to be had), each new file is renamed over its old one in one rename(2), so
  no reader ever finds the name missing or a file half there, files no longer
  made are set aside, and the manifest is rewritten: the manifest is the
  commit point. Any failure before it renames the old files back; a run
  killed outright leaves the journal, and the next run finishes or undoes
  the switch before anything else.
- ``manifest.json`` is untrusted input: a malformed one counts as none, and
  a path in it is used only if it is a plain relative path inside the
  output folder; a stale file is deleted only if it still has the bytes
  the manifest recorded for it.
"""

from __future__ import annotations

import errno
import fcntl
import fnmatch
import hashlib
import json
import os
import re
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .. import __version__
from ..errors import StudioError, Problems, gathered
from ..cache import code_digest
from ..files import Written, make_folder, os_error, read_bytes, write_text
from ..notes import collected
from ..options import OptionError

MANIFEST = "manifest.json"
STAGING = ".staging"
JOURNAL = ".grawlix-switch.json"
NEW, OLD = "grawlix-new", "grawlix-old"  # suffixes of the names beside each target
OLD_COPY = "grawlix-old-copy"  # an old file being copied where no hard link can be made
MAX_MANIFEST_BYTES = 16 << 20
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Step:
    """One product build: ``build(out=root, templates=..., **params) -> list[Written]``.

    ``build`` writes under the output root (in its own sub-folder) and must be
    a module-level function so a worker process can run it; ``heavy`` steps
    (the 3D models) run in that worker while the rest run here. It tells the
    user something with ``notes.note``, never by writing to a stream itself.
    """

    name: str
    build: Callable[..., list[Written]]
    params: dict = field(default_factory=dict)
    heavy: bool = False
    reads: tuple[str, ...] = ("*",)
    """The template files its output depends on, as ``fnmatch`` patterns of their paths below
    the templates folder (the sheets read the components, not the rules' text); () for none."""
    product: str = ""
    """The product it builds (``sheets``): a failure says so, so ``all`` can name the options
    the error is about as that product's settings (``[sheets] tile-size``)."""
    tools: str = ""
    """The optional tools its output depends on, as found (``products.base.Job.tools``)."""


class StepFailed(StudioError):
    """A step's own error, with the product of the step (``Step.product``) that raised it."""

    def __init__(self, what: str, where: str | None = None, product: str = "") -> None:
        super().__init__(what, where)
        self.product = product


@dataclass(frozen=True)
class Outcome:
    step: str
    reused: bool
    files: list[dict]
    notes: tuple[str, ...] = ()
    """What the step told the user (``notes.note``), passed on to the build's ``on_note``."""


# --- digests -------------------------------------------------------------------


def _hash_files(paths: list[Path], root: Path, digest) -> None:
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        try:
            with path.open("rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
        except OSError as error:
            raise os_error(error, "read", path) from None
        digest.update(b"\0")


def _files_below(root: Path, keep: Callable[[Path], bool] = lambda path: True) -> list[Path]:
    """Regular files below ``root`` (symbolic links to folders not followed)."""

    def fail(error: OSError) -> None:
        raise os_error(error, "read", error.filename or root)

    found = []
    for folder, _, names in os.walk(root, onerror=fail):
        found += [p for p in (Path(folder) / n for n in names) if p.is_file() and keep(p)]
    return found


def templates_digest(templates: Path, patterns: tuple[str, ...] = ("*",)) -> str:
    """A hash of the template files that match ``patterns`` (their names and bytes)."""
    digest = hashlib.sha256()
    names = [(p, p.relative_to(templates).as_posix()) for p in _files_below(templates)]
    chosen = [p for p, name in names if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)]
    _hash_files(chosen, templates, digest)
    return digest.hexdigest()


def step_key(step: Step, code: str, templates: str) -> str:
    """What a step's files depend on: its options, the code, the template files it reads, and
    the optional tools it found (a browser installed since the last build takes its screenshots)."""
    spec = {"step": step.name, "params": step.params, "code": code, "tools": step.tools}
    if step.reads:
        spec["templates"] = templates
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()


def sha256_of(path: Path) -> str:
    """The file's sha256; a symbolic link is not followed (it is not a file we wrote)."""
    digest = hashlib.sha256()
    handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(handle, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _has_bytes(path: Path, sha256: str) -> bool:
    try:
        return path.is_file() and sha256_of(path) == sha256
    except OSError:
        return False


# --- the manifest, untrusted ------------------------------------------------------


def _safe_path(value: object) -> bool:
    """A plain relative path below the output folder that is none of the build's own files."""
    if not isinstance(value, str) or not value or "\\" in value or "\0" in value:
        return False
    parts = value.split("/")
    return (
        not PurePosixPath(value).is_absolute()
        and all(part and part not in (".", "..") and not part.startswith(".") for part in parts)
        and value != MANIFEST
    )


def _valid_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and _safe_path(entry.get("path"))
        and isinstance(entry.get("sha256"), str)
        and bool(_SHA256.fullmatch(entry["sha256"]))
    )


def read_manifest(out: Path) -> tuple[dict[str, dict], str | None]:
    """The previous build's steps (name -> key and files), and why none were usable, if so.

    No manifest at all is no news; one that cannot be read, is not JSON, is of
    another version or has any entry that is not a plain file record counts
    as none, and the reason says so.
    """
    path = out / MANIFEST
    if not path.exists():
        return {}, None
    try:
        manifest = json.loads(read_bytes(path, MAX_MANIFEST_BYTES))
    except StudioError as error:
        return {}, error.what
    except (ValueError, RecursionError):
        return {}, "not valid JSON"
    if not isinstance(manifest, dict):
        return {}, "not a manifest of this program"
    if manifest.get("version") != __version__:
        return {}, "made by another version of grawlix-print"
    steps = manifest.get("steps")
    if not isinstance(steps, dict) or not all(
        isinstance(step, dict)
        and isinstance(step.get("key"), str)
        and isinstance(step.get("files"), list)
        and all(_valid_entry(entry) for entry in step["files"])
        for step in steps.values()
    ):
        return {}, "not a manifest of this program"
    return steps, None


# --- the lock -----------------------------------------------------------------------


@contextmanager
def output_lock(out: Path, on_wait: Callable[[], None]) -> Iterator[None]:
    """Hold the output folder for one build; a second build waits until the first ends.

    The lock is ``flock`` on the folder itself: no lock file to leave behind,
    and the kernel releases it when the process ends, even on a crash.
    """
    existed = os.path.lexists(out)
    make_folder(out)
    try:
        handle = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        raise os_error(error, "open", out) from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            on_wait()
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError as error:
            raise os_error(error, "lock", out) from None
        yield
    except BaseException:
        if not existed:  # a build that failed leaves no empty folder of its own behind
            with suppress(OSError):
                out.rmdir()
        raise
    finally:
        os.close(handle)


# --- building -------------------------------------------------------------------------


def build_kit(
    steps: list[Step],
    out: Path,
    templates: Path,
    on_step: Callable[[Outcome], None] = lambda outcome: None,
    on_note: Callable[[str], None] = lambda note: None,
    on_start: Callable[[int], None] = lambda steps: None,
    last: Callable[[list[dict]], Step] | None = None,
    code: str | None = None,
) -> list[Outcome]:
    """Build or re-use every step; returns one outcome per step, in step order.

    ``code`` identifies the code the steps run (``cache.code_digest``): the package's, the
    game's and the products' own, so that an edited plug-in rebuilds its kit (None: this
    package's alone).

    ``last`` makes one more step from the files of all the others (the kit's
    index): it runs after them, re-used while those files are unchanged.

    ``on_start`` hears the number of steps once the output folder is made,
    locked and recovered (a file in its place is the one-line error before
    it), ``on_step`` each step's outcome as it is done. ``on_note`` hears
    what the user may want to know: waiting for another build, an unusable
    manifest, an interrupted switch finished or undone.
    """
    with output_lock(out, lambda: on_note(f"waiting for another build into {out} to finish")):
        _recover(out, on_note)
        code = code or code_digest(__name__)
        inputs = {reads: templates_digest(templates, reads) for reads in {step.reads for step in steps if step.reads}}
        previous, unusable = read_manifest(out)
        if unusable:
            on_note(f"{out / MANIFEST} ignored ({unusable}): every step is built anew")
        keys = {step.name: step_key(step, code, inputs.get(step.reads, "")) for step in steps}
        on_start(len(steps) + (last is not None))

        outcomes: dict[str, Outcome] = {}
        todo = []
        for step in steps:
            old = previous.get(step.name)
            if old and old["key"] == keys[step.name] and _still_good(old["files"], out):
                outcomes[step.name] = Outcome(step.name, True, old["files"])
                on_step(outcomes[step.name])
            else:
                todo.append(step)

        staging = out / STAGING
        _remove_folder(staging)
        try:
            staging.mkdir()
        except OSError as error:  # the output folder itself is not writable
            raise os_error(error, "write", out) from None
        try:
            outcomes.update(_run_steps(todo, staging, templates, on_step, on_note))
            ordered = [outcomes[step.name] for step in steps]
            kept = _kept_steps(out, previous, ordered)
            if last is not None:
                name = last([]).name  # its own earlier files are not among those it lists
                files = [f for o in ordered for f in o.files]
                files += [f for step, k in kept.items() if step != name for f in k["files"]]
                final = last(sorted(files, key=lambda f: f["path"]))
                keys[final.name] = step_key(final, code, "")
                old = previous.get(final.name)
                if old and old["key"] == keys[final.name] and _still_good(old["files"], out):
                    outcome = Outcome(final.name, True, old["files"])
                else:
                    outcome = _run_one(final, staging, templates)
                on_step(outcome)
                ordered.append(outcome)
                kept = _kept_steps(out, previous, ordered)
            entries = {**kept, **{o.step: {"key": keys[o.step], "files": o.files} for o in ordered}}
            manifest = {
                "version": __version__,
                "templates": str(templates),
                "steps": entries,
                "files": sorted((f for entry in entries.values() for f in entry["files"]), key=lambda f: f["path"]),
            }
            new = [f for o in ordered if not o.reused for f in o.files]
            stale = _stale(out, previous, ordered, kept)
            _switch(out, staging, new, stale, _manifest_text(manifest))
        finally:
            _remove_folder(staging)
    return ordered


def _manifest_text(manifest: dict) -> str:
    return json.dumps(manifest, indent=2, sort_keys=True) + "\n"


def _still_good(entries: list[dict], out: Path) -> bool:
    """Every file of a previous step is present with the bytes the manifest recorded."""
    return all(_has_bytes(out / entry["path"], entry["sha256"]) for entry in entries)


def _kept_steps(out: Path, previous: dict[str, dict], outcomes: list[Outcome]) -> dict[str, dict]:
    """Earlier steps this build did not include (``all --only``): kept, files and all.

    A step is kept only while its files are intact and none of them is one
    this build makes.
    """
    built = {o.step for o in outcomes}
    made = {f["path"] for o in outcomes for f in o.files}
    return {
        name: old
        for name, old in previous.items()
        if name not in built
        and not made & {f["path"] for f in old["files"]}
        and _still_good(old["files"], out)
    }


def _stale(
    out: Path, previous: dict[str, dict], outcomes: list[Outcome], kept: dict[str, dict]
) -> list[dict]:
    """Files an earlier build made that this one neither makes nor keeps, as that build left them."""
    keep = {f["path"] for o in outcomes for f in o.files}
    keep |= {f["path"] for old in kept.values() for f in old["files"]}
    found: dict[str, dict] = {}
    for old in previous.values():
        for entry in old["files"]:
            path = entry["path"]
            if path not in keep and path not in found and _has_bytes(out / path, entry["sha256"]):
                found[path] = entry
    return list(found.values())


def _remove_folder(folder: Path) -> None:
    """Remove the build's own folder; a file or a link under its name is removed, never followed."""
    try:
        if folder.is_symlink() or (os.path.lexists(folder) and not folder.is_dir()):
            folder.unlink()
        else:
            shutil.rmtree(folder)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise os_error(error, "remove", error.filename or folder) from None


def _run_steps(
    steps: list[Step],
    staging: Path,
    templates: Path,
    on_step: Callable[[Outcome], None],
    on_note: Callable[[str], None],
) -> dict[str, Outcome]:
    """Heavy steps go to one worker process; the rest run here at the same time.

    A step that fails does not stop the others here: every problem they find is
    raised together (``Problems``), so one run shows them all. The heavy steps
    are not waited for once one has failed.
    """
    heavy = [s for s in steps if s.heavy]
    results: dict[str, Outcome] = {}
    failed: list[StudioError] = []
    worker = _Worker(heavy, staging, templates) if heavy else None

    def done(outcome: Outcome) -> None:
        results[outcome.step] = outcome
        for note in outcome.notes:
            on_note(note)
        on_step(outcome)

    try:
        for step in steps:
            if not step.heavy:
                try:
                    with _failing_as(step, staging):
                        outcome = _run_one(step, staging, templates)
                except StudioError as error:
                    failed.append(error)
                    continue
                done(outcome)
        gathered(failed)
        for step in heavy:
            assert worker is not None
            with _failing_as(step, staging):
                outcome = worker.next_outcome()
            done(outcome)
    finally:
        if worker:
            worker.stop()
    return results


@contextmanager
def _failing_as(step: Step, staging: Path) -> Iterator[None]:
    """A step's StudioError leaves as a StepFailed that names the step's product (an OptionError
    keeps its fields, with the product beside them; each of several problems, in a ``Problems``)."""
    try:
        yield
    except StepFailed:
        raise
    except OptionError as error:  # it names the product's fields: the caller words them as it gave them
        error.product = step.product  # type: ignore[attr-defined]
        raise
    except Problems as several:
        raise Problems(
            p if isinstance(p, StepFailed) else StepFailed(p.what, _unstaged(p.where, staging), step.product)
            for p in several.problems
        ) from None
    except StudioError as error:
        raise StepFailed(error.what, _unstaged(error.where, staging), step.product) from None


def _unstaged(where: str | None, staging: Path) -> str | None:
    """A place named in an error, as the user knows it: a file being staged is named by where it goes."""
    prefix = f"{staging}{os.sep}"
    return f"{staging.parent}{os.sep}{where[len(prefix):]}" if where and where.startswith(prefix) else where


def _run_one(step: Step, staging: Path, templates: Path) -> Outcome:
    with collected() as notes:  # they reach the build's on_note once the step is done
        written = step.build(out=staging, templates=templates, **step.params)
    files = []
    for item in written:
        relative = item.path.resolve().relative_to(staging.resolve())
        files.append(
            {
                "path": relative.as_posix(),
                "kind": item.kind,
                "params": item.params,
                "sha256": sha256_of(item.path),
            }
        )
    return Outcome(step.name, False, files, tuple(notes))


def _work(steps: list[Step], staging: Path, templates: Path, connection) -> None:
    """The worker process: run the steps in order, send each outcome or the error that stopped it.

    Ctrl-C reaches the whole process group; the worker ignores it and the
    main process, which decides what to keep, stops it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for step in steps:
        try:
            connection.send((True, _run_one(step, staging, templates)))
        except Exception as error:  # noqa: BLE001  (sent back, raised in the main process)
            try:
                connection.send((False, error))
            except Exception:  # noqa: BLE001  (an error that cannot be pickled)
                connection.send((False, RuntimeError(f"{type(error).__name__}: {error}")))
            return


class _Worker:
    """One process running the heavy steps while the main process runs the others."""

    def __init__(self, steps: list[Step], staging: Path, templates: Path) -> None:
        import multiprocessing

        self._connection, child = multiprocessing.Pipe(duplex=False)
        self._process = multiprocessing.Process(
            target=_work, args=(steps, staging, templates, child), daemon=True
        )
        self._process.start()
        child.close()

    def next_outcome(self) -> Outcome:
        try:
            ok, value = self._connection.recv()
        except EOFError:
            self._process.join()
            raise StudioError(
                f"the worker process building the 3D models stopped (exit status {self._process.exitcode})"
            ) from None
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """End the worker (at once if it is still busy) before its staging folder goes."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._connection.close()


# --- the switch ---------------------------------------------------------------------------


def _beside(path: Path, suffix: str) -> Path:
    """A hidden name in the same folder as ``path``: a rename between them never crosses devices."""
    return path.with_name(f".{path.name}.{suffix}")


@contextmanager
def _held_signals() -> Iterator[None]:
    """Hold off Ctrl-C and SIGTERM while the block runs; act on them once it is done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = [n for n in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(n) is not signal.SIG_IGN]
    previous = {number: signal.signal(number, lambda n, frame: caught.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if signal.SIGTERM in caught:
            os.kill(os.getpid(), signal.SIGTERM)
        if signal.SIGINT in caught:
            raise KeyboardInterrupt


def _switch(out: Path, staging: Path, new: list[dict], stale: list[dict], manifest: str) -> None:
    """Replace the old kit by the new one, all or nothing (see the module's notes)."""
    path = out / MANIFEST
    if not new and not stale:
        if not path.is_file() or read_bytes(path, MAX_MANIFEST_BYTES) != manifest.encode():
            write_text(path, manifest)
        return
    journal = {
        "new": [
            {"path": f["path"], "existed": os.path.lexists(out / f["path"])} for f in new
        ],
        "stale": [f["path"] for f in stale],
        "manifest": hashlib.sha256(manifest.encode()).hexdigest(),
    }
    committed = False
    try:  # the journal too: a Ctrl-C just after writing it must still undo the switch
        with _held_signals():  # and one during it must not leave its temporary file behind
            write_text(out / JOURNAL, json.dumps(journal, indent=1) + "\n")
        for entry in new:
            _place_beside(staging / entry["path"], out / entry["path"])
        with _held_signals():
            for item in journal["new"]:
                if item["existed"]:
                    _keep_old(out / item["path"])
            for relative in journal["stale"]:
                _rename(out / relative, _beside(out / relative, OLD))
            for item in journal["new"]:  # one rename over the old file: the name never goes missing
                _rename(_beside(out / item["path"], NEW), out / item["path"])
            write_text(path, manifest)
            committed = True  # the new manifest is on disk: the new kit stands
            _finish(out, journal)
    except BaseException:
        if not committed:
            with _held_signals(), suppress(StudioError):
                _undo(out, journal)  # if this fails too, the journal is left for the next run
        raise


def _keep_old(target: Path) -> None:
    """A second name for the old file at ``.NAME.grawlix-old``, so it can be renamed back.

    A hard link costs nothing and leaves the file where it is; where the file
    system has none (FAT, some network shares), a copy made under a name of its
    own and renamed into place, so a copy cut short is never taken for the old file.
    """
    backup = _beside(target, OLD)
    try:
        os.link(target, backup, follow_symlinks=False)
        return
    except FileExistsError:
        raise StudioError(f"cannot replace: {backup.name} is in the way", str(target)) from None
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise os_error(error, "replace", target) from None
    copy = _beside(target, OLD_COPY)
    try:
        if target.is_symlink():
            os.symlink(os.readlink(target), copy)
        else:
            shutil.copy2(target, copy, follow_symlinks=False)
        os.replace(copy, backup)
    except OSError as error:
        with suppress(OSError):
            copy.unlink()
        raise os_error(error, "replace", target) from None


_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.EXDEV, errno.ENOSYS, errno.EACCES}
"""What ``link(2)`` says where a file system keeps no second names (or no more of them)."""


def _place_beside(source: Path, target: Path) -> None:
    """Put a staged file at its target's ``.NAME.grawlix-new``, copying if it lies on another device."""
    make_folder(target.parent)
    if target.is_dir() and not target.is_symlink():
        raise StudioError("cannot write: is a folder, not a file", str(target))
    placed = _beside(target, NEW)
    try:
        os.replace(source, placed)
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise os_error(error, "write", target) from None
        try:
            shutil.copyfile(source, placed)
        except OSError as error:
            raise os_error(error, "write", target) from None


def _rename(source: Path, target: Path) -> None:
    try:
        os.replace(source, target)
    except OSError as error:
        raise os_error(error, "replace", target) from None


def _undo(out: Path, journal: dict) -> None:
    """Put every old file back and drop every new one: the folder is the old kit again."""
    for item in journal["new"]:
        target = out / item["path"]
        backup, placed = _beside(target, OLD), _beside(target, NEW)
        if os.path.lexists(backup):
            _rename(backup, target)  # over the new file, in one step; a no-op if it is still the old
            _remove(backup)  # still there when it and the target were one file: rename(2) left both
        elif not item["existed"] and not os.path.lexists(placed):
            _remove(target)  # a new file already renamed into place
        _remove(placed)
        _remove(_beside(target, OLD_COPY))
    for relative in journal["stale"]:
        backup = _beside(out / relative, OLD)
        if os.path.lexists(backup):
            _rename(backup, out / relative)
    _remove(out / JOURNAL)


def _finish(out: Path, journal: dict) -> None:
    """After the commit point: drop the old files set aside, then the journal."""
    for relative in [item["path"] for item in journal["new"]] + journal["stale"]:
        for suffix in (OLD, NEW, OLD_COPY):
            _remove(_beside(out / relative, suffix))
    _remove(out / JOURNAL)


def _remove(path: Path) -> None:
    """Remove a file if it is there (a name that is not there is no error, even on a read-only disk)."""
    if not os.path.lexists(path):
        return  # unlink(2) of a missing name says "read-only file system" on a read-only mount
    try:
        path.unlink()
    except (FileNotFoundError, NotADirectoryError):
        pass  # gone meanwhile, or a file stands where its folder would be
    except OSError as error:
        raise os_error(error, "remove", path) from None


def _valid_journal(journal: object) -> bool:
    """A journal of this program: its lists of plain relative paths and the new manifest's sha256."""
    if not isinstance(journal, dict):
        return False
    new, stale, manifest = journal.get("new"), journal.get("stale"), journal.get("manifest")
    return (
        isinstance(new, list)
        and all(
            isinstance(item, dict) and _safe_path(item.get("path")) and isinstance(item.get("existed"), bool)
            for item in new
        )
        and isinstance(stale, list)
        and all(_safe_path(relative) for relative in stale)
        and isinstance(manifest, str)
        and bool(_SHA256.fullmatch(manifest))
    )


def _recover(out: Path, on_note: Callable[[str], None]) -> None:
    """Finish or undo a switch that a killed run left half done, as its journal says.

    A journal that is damaged or not ours (any part missing or of the wrong
    kind) is removed unread: every file is checked against the manifest before
    it is re-used, so nothing is lost by not obeying it.
    """
    path = out / JOURNAL
    if not os.path.lexists(path):
        return
    try:
        journal = json.loads(read_bytes(path, MAX_MANIFEST_BYTES))
    except (StudioError, ValueError, RecursionError):
        journal = None
    if not _valid_journal(journal):
        _remove(path)
        on_note(f"{path} was not a journal of this program: removed")
        return
    assert isinstance(journal, dict)
    done = _has_bytes(out / MANIFEST, journal["manifest"])
    with _held_signals():
        (_finish if done else _undo)(out, journal)
    on_note(f"an interrupted build into {out} was {'finished' if done else 'undone'}")
