"""One registry for every plug-in seam: games, products, impositions, layout elements and shapes.

Each seam has one ``Registry``: its built-in entries named in this package's code
(``module:attribute``, as an entry point names its object), then the plug-ins
of installed packages, found through the seam's entry-point group
(``grawlix_print.games``, ``grawlix_print.products``...). A built-in is never
in the package's installed metadata, so a new one is there without a
reinstall, and asking for one reads no other package's metadata. Nothing is
imported until it is asked for.

One failure policy for every seam:

- a plug-in under a built-in's name is never loaded: the name stays the
  built-in's, and a note says so;
- a plug-in that fails to load (its import raises, ``sys.exit`` and Ctrl-C in
  its module's code too, or it is not what the seam takes) is one line when it
  is asked for by name, naming the seam, the plug-in and its own file and line
  (``--debug`` shows the traceback);
- every listing leaves it out and names it (``failed``; ``grawlix-print games``
  prints one line for each failing plug-in of every seam, ``failures``): it
  never stops the others.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .errors import StudioError
from .installed import PREFIX, declared, plug_ins_declared
from .notes import note
from .plugin_faults import PACKAGE, debugging, plugin_fault, plugin_line, shown_path

T = TypeVar("T")


class Point(Protocol):
    """What the registry loads an entry from: a built-in's ``BuiltIn`` or an installed package's entry point."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> Any: ...


@dataclass(frozen=True)
class BuiltIn:
    """An entry of this package, named as an entry point names its object (``module:attribute``)."""

    name: str
    value: str

    def load(self) -> Any:
        module, _, attribute = self.value.partition(":")
        return getattr(import_module(module), attribute)


@dataclass(frozen=True)
class Added:
    """An entry registered while the program runs (``Registry.add``)."""

    name: str
    entry: Any

    @property
    def value(self) -> str:
        return f"{type(self.entry).__module__}:{self.name}"

    def load(self) -> Any:
        return self.entry


class Registry(Generic[T]):
    """The entries of one seam, by name: the built-in ones (in their order), then the plug-ins' (by name).

    ``accept(name, loaded)`` turns what an entry point names into the seam's entry (a class, an
    instance made of it...), raising ``StudioError`` with the reason for anything the seam does not
    take; the registry adds where (the seam, the name and the entry point's value)."""

    def __init__(self, seam: str, plural: str, built_in: Mapping[str, str], accept: Callable[[str, Any], T]) -> None:
        self.seam = seam
        self.plural = plural
        self.group = PREFIX + plural.replace(" ", "_")
        self.built_in: dict[str, Point] = {name: BuiltIn(name, value) for name, value in built_in.items()}
        self._accept = accept
        self._points: dict[str, Point] | None = None
        self._loaded: dict[str, T | StudioError] = {}

    def __repr__(self) -> str:
        return f"Registry({self.seam!r}, {self.group!r})"

    # --- what is registered ---------------------------------------------------------------------

    def points(self) -> dict[str, Point]:
        """Every entry, by name, nothing loaded: the built-in ones, then each plug-in's entry point."""
        if self._points is None:
            found: dict[str, Point] = dict(self.built_in)
            for point in sorted(self._installed(), key=lambda p: p.name):
                if point.value.startswith(PREFIX):  # an older install's record: the built-ins are named in code
                    continue
                if point.name in self.built_in:
                    note(f"the plug-in {self.seam} {point.name} ({point.value}) is not loaded:"
                         f" a built-in {self.seam} has that name")  # fmt: skip
                    continue
                found.setdefault(point.name, point)
            self._points = found
        return self._points

    def _installed(self) -> Iterable[Point]:
        """The installed packages' entry points of this seam's group, read through importlib.metadata
        only when some package but this one declares one (``installed.plug_ins_declared``)."""
        if not plug_ins_declared(self.group):
            return ()
        from importlib.metadata import entry_points

        return entry_points(group=self.group)

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is registered (a built-in's name reads no package's metadata)."""
        return name in self.built_in or name in self.points()

    def names(self) -> tuple[str, ...]:
        """Every registered name, those that fail to load too."""
        return tuple(self.points())

    def plug_ins(self) -> tuple[str, ...]:
        """The names of the installed packages' entries."""
        return tuple(name for name in self.points() if name not in self.built_in)

    def clear(self) -> None:
        """Forget what was found and loaded (packages were installed or removed since)."""
        declared.cache_clear()
        self._points = None
        self._loaded.clear()

    def add(self, entry: Any, name: str | None = None) -> Any:
        """Register an entry made while the program runs (a test's toy shape, made when its module is
        imported), under ``name`` or its own ``name``: taken as a built-in is, checked as the seam
        checks what an entry point names; a name another entry has is refused (the same entry
        again is harmless). Returns the entry."""
        name = name or entry.name
        known = self.built_in.get(name)
        if isinstance(known, Added) and known.entry == entry:
            return entry
        if name in self:
            raise StudioError(f"a {self.seam} called {name!r} is registered already")
        self.built_in[name] = Added(name, entry)
        self.clear()
        self.load(name)  # refused at once if the seam does not take it
        return entry

    # --- loading ----------------------------------------------------------------------------------

    def load(self, name: str) -> T:
        """The entry registered as ``name``; one that fails to load is one line (the same line each
        time it is asked for: a plug-in's module is imported once)."""
        if name not in self._loaded:
            point = self.built_in.get(name) or self.points()[name]
            self._loaded[name] = self._loaded_from(point)
        found = self._loaded[name]
        if isinstance(found, StudioError):
            raise found
        return found

    def _loaded_from(self, point: Point) -> T | StudioError:
        if isinstance(point, (BuiltIn, Added)):  # this program's own: its fault is a bug, Ctrl-C is Ctrl-C
            return self._accepted(point, point.load())
        try:
            loaded = point.load()
        except BaseException as error:  # a plug-in may fail in any way, sys.exit and Ctrl-C too: one line
            if debugging():
                raise
            return load_fault(self.seam, point.name, error)
        return self._accepted(point, loaded)

    def _accepted(self, point: Point, loaded: Any) -> T | StudioError:
        try:
            return self._accept(point.name, loaded)
        except StudioError as error:
            return StudioError(error.what, f"{self.seam} {point.name} ({point.value})")
        except Exception as error:  # made from the plug-in's own code (a constructor): its file and line
            if debugging():
                raise
            fault = plugin_fault(point.name, error, "while it was made", seam=self.seam)
            return StudioError(f"it does not load: {fault.what}", fault.where)

    @contextmanager
    def substituted(self, name: str, entry: T) -> Iterator[T]:
        """``entry`` in the place of ``name``'s while the block runs (a contract check's fault, injected)."""
        self.load(name)
        before = self._loaded[name]
        self._loaded[name] = entry
        try:
            yield entry
        finally:
            self._loaded[name] = before

    def entries(self) -> dict[str, T]:
        """Every entry that loads, by name, in the registry's order."""
        found = {}
        for name in self.points():
            try:
                found[name] = self.load(name)
            except StudioError:
                continue  # named by ``failed``: never fatal to the others
        return found

    def failed(self) -> dict[str, str]:
        """The entries that do not load, each with its one-line reason."""
        failed = {}
        for name in self.points():
            try:
                self.load(name)
            except StudioError as error:
                failed[name] = str(error)
        return failed

    def named(self, name: str, where: str | None = None) -> T:
        """The entry called ``name``; a name nothing has is one line listing the names there are."""
        if name not in self:
            raise StudioError(f"no {self.seam} {name!r} ({self.plural}: {', '.join(self.names())})", where)
        return self.load(name)


def named_instance(kind: type, words: str) -> Callable[[str, Any], Any]:
    """The ``accept`` of a seam whose entries are instances of ``kind``, each called by its ``name``
    (``words`` is how a message names ``kind``: "a PieceShape")."""

    def accept(name: str, loaded: Any) -> Any:
        if not isinstance(loaded, kind):
            raise StudioError(f"is a {type(loaded).__name__}, not {words} (its entry point names one)")
        called = getattr(loaded, "name", None)
        if called != name:
            raise StudioError(f"the {kind.__name__} it names calls itself {called!r}, not {name!r}")
        return loaded

    return accept


def load_fault(seam: str, name: str, error: BaseException) -> StudioError:
    """A plug-in that fails while it is imported (a syntax error, an import error, ``sys.exit``,
    Ctrl-C in its module's code): one line naming the seam, the plug-in and its file and line."""
    where = f"{seam} {name}"
    if isinstance(error, SyntaxError) and error.filename:
        at = f" at {shown_path(Path(error.filename))}:{error.lineno}"
        return StudioError(f"it does not load: SyntaxError: {error.msg}{at}", where)
    if isinstance(error, SystemExit):
        line = plugin_line(error)
        return StudioError(f"it does not load: sys.exit({error.code!r}) called while it was imported"
                           + (f" at {line}" if line else ""), where)  # fmt: skip
    fault = plugin_fault(name, error, "while it was imported", seam=seam)
    return StudioError(f"it does not load: {fault.what}", fault.where)


SEAMS = {
    "game": "grawlix_print.games:GAMES",
    "product": "grawlix_print.products:PRODUCTS",
    "imposition": "grawlix_print.products.leaflet.impositions:IMPOSITIONS",
    "layout element": "grawlix_print.games.spreadsheet.elements:ELEMENTS",
    "shape": "grawlix_print.pieces.shapes:SHAPES",
}
"""Every seam's registry, where it is defined (each beside the interface its entries implement)."""


def seam(name: str) -> Registry[Any]:
    """The registry of the seam called ``name`` (a key of ``SEAMS``)."""
    return BuiltIn(name, SEAMS[name]).load()


def registries() -> Iterator[Registry[Any]]:
    """Every seam's registry, in ``SEAMS``' order."""
    for name in SEAMS:
        yield seam(name)


def failures() -> list[str]:
    """A line for each plug-in of any seam that does not load, seam by seam."""
    return [reason for found in registries() for reason in found.failed().values()]


def plugin_homes() -> dict[tuple[str, str], Path]:
    """The folder of every plug-in package of any seam that is loaded now, by (seam, name); not this
    package's own entries."""
    import sys

    homes = {}
    for found in registries():
        for name in found.plug_ins():
            top = found.points()[name].value.split(":")[0].split(".")[0]
            file = getattr(sys.modules.get(top), "__file__", None)
            if file and top != PACKAGE.name:
                homes[(found.seam, name)] = Path(file).resolve().parent
    return homes


def culprit(error: BaseException) -> StudioError | None:
    """``error`` as a plug-in's fault if its traceback passes through a loaded plug-in's own code
    (the deepest such frame names it); None if it does not (a fault of this program's own)."""
    frames = traceback.extract_tb(error.__traceback__)
    homes = plugin_homes() if frames else {}
    for frame in reversed(frames):
        path = Path(frame.filename).resolve()
        for (seam, name), home in homes.items():
            if path.is_relative_to(home):
                return plugin_fault(name, error, home=home, seam=seam)
    return None


__all__ = ["SEAMS", "BuiltIn", "Registry", "culprit", "failures", "load_fault", "named_instance", "registries", "seam"]
