"""A plug-in package registered for a test, as ``pip install`` would: its distribution's metadata
(a ``.dist-info`` folder with its entry point) on ``sys.path`` beside the package's folder, and every
seam's registry re-read; ``environment`` gives a ``grawlix-print`` process the same."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def write_metadata(package_root: Path, metadata: Path) -> str:
    """The ``.dist-info`` of the package at ``package_root`` (its pyproject's name and every entry-point
    group: a game's, a product's, an imposition's...) in ``metadata``; the name of its first entry."""
    import tomllib

    project = tomllib.loads((package_root / "pyproject.toml").read_text())["project"]
    name = project["name"]
    info = metadata / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    groups = project.get("entry-points", {})
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{entry} = {value}\n" for entry, value in points.items()) for group, points in groups.items()
    ))  # fmt: skip
    return next(entry for points in groups.values() for entry in points)


@contextmanager
def registered(package_root: Path, metadata: Path) -> Iterator[str]:
    """The plug-in at ``package_root`` installed while the block runs; yields its game's name."""
    name = write_metadata(package_root, metadata)
    with on_path(metadata, package_root):
        yield name


@contextmanager
def on_path(*folders: Path) -> Iterator[None]:
    """``folders`` first on ``sys.path`` while the block runs, every seam's registry re-read on
    entry and exit, as a fresh process with them on its PYTHONPATH would see the plug-ins."""
    from grawlix_print.registry import registries

    added = [str(path) for path in folders if str(path) not in sys.path]
    sys.path[:0] = added
    for registry in registries():
        registry.clear()
    try:
        yield
    finally:
        for path in added:
            sys.path.remove(path)
        for registry in registries():
            registry.clear()


CHECKOUT = Path(__file__).resolve().parent.parent
"""This checkout: its package is the one a plug-in's command imports (not an installed one elsewhere)."""


def environment(package_root: Path, metadata: Path) -> dict[str, str]:
    path = os.pathsep.join([str(metadata), str(package_root), str(CHECKOUT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep)}
