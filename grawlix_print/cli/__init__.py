"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose: one module per command, each only turning options into
a library call and its result into lines of output.
"""

from . import check, facts, init, kit, leaflet, sheets, stl, watch, web  # noqa: F401  (each registers its command)
from .app import main

__all__ = ["main"]
