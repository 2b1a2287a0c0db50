"""grawlix-print: a print-and-play kit for Grawlix from one tile definition and one rules engine.

Folders, each depending only on those before it: ``tile`` (the tile
definition) -> ``game`` (rules engine, positions) -> ``facts`` -> ``drawing``
-> products (``leaflet``, ``sheets``, ``solid``) -> ``kit`` -> ``cli``. Importing the package
loads nothing heavy; the 3D stack is imported only by the 3D command.
"""

__version__ = "0.1.0"
