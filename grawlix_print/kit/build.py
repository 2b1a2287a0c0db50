"""``grawlix-print all``: every product in one build, re-using what has not changed.

A build is a list of steps (one product with its options, plus its PNG
previews). Each step has a key: a hash of its options, of the package's own
code and fonts, and (for steps that read them) of everything in the templates
folder, so editing the leaflet's text rebuilds the leaflet and nothing else. A step whose key
and files match the previous ``manifest.json`` is re-used; the others are
built into a staging folder, and only when every step has succeeded are the
new files renamed into place and the manifest rewritten. A failure (or
Ctrl-C) leaves the previous good outputs as they were.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..errors import GrawlixError
from ..files import Written, write_text

MANIFEST = "manifest.json"
STAGING = ".staging"


@dataclass(frozen=True)
class Step:
    """One product build: ``build(out=root, templates=..., **params) -> list[Written]``.

    ``build`` writes under the output root (in its own sub-folder) and must be
    a module-level function so a worker process can run it; ``heavy`` steps
    (the 3D models) run in that worker while the rest run here.
    """

    name: str
    build: Callable[..., list[Written]]
    params: dict = field(default_factory=dict)
    heavy: bool = False
    reads_templates: bool = True


def _hash_files(paths: list[Path], root: Path, digest) -> None:
    for path in sorted(paths):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")


def code_digest() -> str:
    """A hash of the package version and its own code and fonts."""
    digest = hashlib.sha256(f"grawlix-print {__version__}\0".encode())
    package = Path(__file__).resolve().parents[1]
    code = [p for p in package.rglob("*") if p.is_file() and p.suffix in {".py", ".ttf", ".otf"}]
    _hash_files(code, package, digest)
    return digest.hexdigest()


def templates_digest(templates: Path) -> str:
    digest = hashlib.sha256()
    _hash_files([p for p in templates.rglob("*") if p.is_file()], templates, digest)
    return digest.hexdigest()


def step_key(step: Step, code: str, templates: str) -> str:
    """What a step's files depend on: its options, the code, and the templates if it reads them."""
    spec = {"step": step.name, "params": step.params, "code": code}
    if step.reads_templates:
        spec["templates"] = templates
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_manifest(out: Path) -> dict:
    """The previous build's manifest, or an empty one if there is none or it is unreadable."""
    try:
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return manifest if isinstance(manifest, dict) else {}
    except (OSError, ValueError):
        return {}


def _still_good(entries: list[dict], out: Path) -> bool:
    """Every file of a previous step is present with the bytes the manifest recorded."""
    for entry in entries:
        path = out / entry["path"]
        if not path.is_file() or sha256_of(path) != entry["sha256"]:
            return False
    return True


@dataclass(frozen=True)
class Outcome:
    step: str
    reused: bool
    files: list[dict]


def build_kit(
    steps: list[Step],
    out: Path,
    templates: Path,
    on_step: Callable[[Outcome], None] = lambda outcome: None,
) -> list[Outcome]:
    """Build or re-use every step; returns one outcome per step, in step order."""
    code, inputs = code_digest(), templates_digest(templates)
    previous = read_manifest(out)
    previous_steps = previous.get("steps", {}) if previous.get("version") == __version__ else {}
    keys = {step.name: step_key(step, code, inputs) for step in steps}

    outcomes: dict[str, Outcome] = {}
    todo = []
    for step in steps:
        old = previous_steps.get(step.name)
        if old and old.get("key") == keys[step.name] and _still_good(old["files"], out):
            outcomes[step.name] = Outcome(step.name, True, old["files"])
            on_step(outcomes[step.name])
        else:
            todo.append(step)

    if todo:
        staging = out / STAGING
        shutil.rmtree(staging, ignore_errors=True)
        try:
            built = _run_steps(todo, staging, templates, on_step)
            for step in todo:
                outcomes[step.name] = built[step.name]
            _move_into_place(staging, out, [f for o in built.values() for f in o.files])
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    ordered = [outcomes[step.name] for step in steps]
    kept = _kept_steps(previous_steps, ordered, out)
    _remove_stale(out, previous_steps, ordered, kept)
    entries = {
        **kept,
        **{o.step: {"key": keys[o.step], "files": o.files} for o in ordered},
    }
    manifest = {
        "version": __version__,
        "templates": str(templates),
        "steps": entries,
        "files": [f for entry in entries.values() for f in entry["files"]],
    }
    write_text(out / MANIFEST, json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return ordered


def _run_steps(
    steps: list[Step], staging: Path, templates: Path, on_step: Callable[[Outcome], None]
) -> dict[str, Outcome]:
    """Heavy steps go to one worker process; the rest run here at the same time."""
    heavy = [s for s in steps if s.heavy]
    light = [s for s in steps if not s.heavy]
    results: dict[str, Outcome] = {}
    pool = ProcessPoolExecutor(max_workers=1) if heavy else None
    try:
        futures: list[tuple[Step, Future]] = [
            (s, pool.submit(_run_one, s, staging, templates)) for s in heavy
        ]
        for step in light:
            results[step.name] = _run_one(step, staging, templates)
            on_step(results[step.name])
        for step, future in futures:
            results[step.name] = future.result()
            on_step(results[step.name])
    finally:
        if pool:
            pool.shutdown(wait=True, cancel_futures=True)
    return results


def _run_one(step: Step, staging: Path, templates: Path) -> Outcome:
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
    return Outcome(step.name, False, files)


def _move_into_place(staging: Path, out: Path, files: list[dict]) -> None:
    for entry in files:
        target = out / entry["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging / entry["path"], target)


def _kept_steps(previous_steps: dict, outcomes: list[Outcome], out: Path) -> dict:
    """Earlier steps this build did not include (``all --only``): kept with their files.

    A step is kept only while its files are intact and none of them is one
    this build wrote.
    """
    built = {o.step for o in outcomes}
    written = {f["path"] for o in outcomes for f in o.files}
    return {
        name: old
        for name, old in previous_steps.items()
        if name not in built
        and not written & {f["path"] for f in old.get("files", [])}
        and _still_good(old.get("files", []), out)
    }


def _remove_stale(out: Path, previous_steps: dict, outcomes: list[Outcome], kept: dict) -> None:
    """Delete files an earlier build made that this build no longer makes nor keeps."""
    keep = {f["path"] for o in outcomes for f in o.files}
    keep |= {f["path"] for old in kept.values() for f in old["files"]}
    for old in previous_steps.values():
        for entry in old.get("files", []):
            if entry["path"] not in keep:
                (out / entry["path"]).unlink(missing_ok=True)


def check_output_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise GrawlixError("output path exists and is not a folder", str(out))
