"""The optional parts of an install: what each brings, and the one line that says how to get it.

Printing on paper needs a few megabytes; the 3D tiles need CadQuery and
OpenCASCADE, about a gigabyte. So 3D is an extra (``pip install
"grawlix-print[3d]"``): without it every paper product still builds, and the
3D product says in one line that it was skipped and how to add it.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from .errors import StudioError


@dataclass(frozen=True)
class Extra:
    """An extra of the package (``pyproject.toml``'s optional dependencies) that a product needs."""

    name: str  # as pip takes it: grawlix-print[NAME]
    module: str  # looked for to tell whether it is installed (and imported, to say why it does not load)
    package: str  # as a person knows it
    what: str  # what it makes, for the line that says it was skipped
    also: tuple[str, ...] = ()  # the other modules the extra brings (numpy-stl's stl beside CadQuery)

    def installed(self) -> bool:
        """Whether its modules can be imported, found without importing them (CadQuery takes a second)."""
        try:
            return all(importlib.util.find_spec(module) is not None for module in (self.module, *self.also))
        except (ImportError, ValueError):  # a parent package missing, or a module without a spec
            return False

    @property
    def skipped(self) -> str:
        """``3D tiles skipped: CadQuery is not installed; pip install "grawlix-print[3d]"``."""
        return f'{self.what} skipped: {self.package} is not installed; pip install "grawlix-print[{self.name}]"'

    def loads(self) -> ImportError | None:
        """Why ``module`` fails to import although it was found (a library it loads is missing, a
        broken install), or None when it imports."""
        try:
            for module in (self.module, *self.also):
                importlib.import_module(module)
        except ImportError as error:
            return error
        return None

    def unusable(self, error: ImportError) -> StudioError:
        """The one line for an install that is found but does not load."""
        return StudioError(
            f"{self.what} not made: {self.package} is installed but does not load ({error});"
            f' reinstall it: pip install --force-reinstall "grawlix-print[{self.name}]"'
        )

    def require(self) -> None:
        """Refuse, in that one line, to go on without it."""
        if not self.installed():
            raise StudioError(self.skipped)


THREE_D = Extra("3d", "OCP", "CadQuery", "3D tiles", also=("stl",))
"""The 3D tiles are built with OCP, the OpenCASCADE binding that CadQuery installs (``products.solid.model``)."""
EXTRAS = {extra.name: extra for extra in (THREE_D,)}
