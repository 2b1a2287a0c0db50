"""The entry points that installed packages declare for this package's seams, read without importlib.metadata.

A plug-in is found through its package's entry points (``registry``), which
importlib.metadata reads: importing it and reading every installed package's
metadata costs a command about a hundred million instructions (20-25 ms; the
whole of ``--version`` is 240 million), and each seam asked reads them all
again (30 million more). Most installations hold no plug-in: here the
few ``entry_points.txt`` files are read directly (8 million instructions with
200 packages installed), and importlib.metadata is asked only when some package
but this one declares an entry of the seam's group.
"""

from __future__ import annotations

import os
import sys
from functools import cache

PREFIX = "grawlix_print."
"""Every seam's entry-point group is this and the seam's plural: ``grawlix_print.games``."""


@cache
def declared() -> dict[str, list[tuple[str, str]]] | None:
    """Every entry point of a ``grawlix_print.`` group that a package on ``sys.path`` declares, by group,
    read from the packages' metadata folders as importlib.metadata finds them (``NAME.dist-info``,
    ``NAME.egg-info`` and an egg's ``EGG-INFO``), with no parser loaded: every copy of a package,
    where importlib.metadata takes the first, so never less than it finds. None when it cannot
    tell: a zip on ``sys.path``, a finder of distributions other than Python's own, a line that
    is no entry point."""
    if any(getattr(finder, "find_distributions", None) is not None and not _reads_sys_path(finder) for finder in sys.meta_path):
        return None
    found: dict[str, list[tuple[str, str]]] = {}
    for place in sys.path:
        try:
            children = os.listdir(place or ".")
        except NotADirectoryError:  # a zip of modules and metadata
            return None
        except OSError:  # a place that is not there
            continue
        egg = place.lower().endswith(".egg")
        folders = [child for child in children
                   if child.lower().endswith((".dist-info", ".egg-info")) or egg and child.lower() == "egg-info"]  # fmt: skip
        for folder in folders:
            try:
                with open(os.path.join(place or ".", folder, "entry_points.txt"), encoding="utf-8") as handle:
                    text = handle.read()
            except (NotADirectoryError, FileNotFoundError):  # metadata as one file, or no entry points
                continue
            except (OSError, UnicodeDecodeError):
                return None
            if PREFIX in text and not _grouped(text, found):
                return None
    return found


def _reads_sys_path(finder: object) -> bool:
    """Whether ``finder`` finds distributions only where Python's own does (the folders on ``sys.path``):
    Python's ``PathFinder``, and the importlib_metadata backport's finder, which a library may have
    loaded before a registry is read (dask and mkdocs do)."""
    from importlib.machinery import PathFinder

    return finder is PathFinder or (type(finder).__module__, type(finder).__name__) == ("importlib_metadata", "MetadataPathFinder")


def plug_ins_declared(group: str) -> bool:
    """Whether an installed package other than this one may declare an entry of ``group`` (this
    package's own entries in its installed metadata are an older install's record, never loaded).
    When none does, the seam holds its built-ins alone: ``--help`` lists the built-in commands
    without loading a registry."""
    known = declared()
    return known is None or any(not value.startswith(PREFIX) for _, value in known.get(group, ()))


def _grouped(text: str, found: dict[str, list[tuple[str, str]]]) -> bool:
    """Add the ``grawlix_print.`` groups' entries of an ``entry_points.txt`` to ``found``, read as
    importlib.metadata reads it (``[group]`` lines, ``name = value`` lines, ``#`` comments); False
    for a line it would not read."""
    group = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
        elif group is not None and group.startswith(PREFIX):
            name, equals, value = line.partition("=")
            if not equals:
                return False
            found.setdefault(group, []).append((name.strip(), value.strip()))
    return True


__all__ = ["PREFIX", "declared", "plug_ins_declared"]
