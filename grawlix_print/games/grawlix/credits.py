"""Who made Grawlix and under what licence: what a product says when it reads no templates.

The leaflet and the web editions take these from the front matter of
``templates/leaflet.md``, where a designer edits them; the sheets, which read
no templates, state the built-in game's. The PDF back end only writes what
it is given.
"""

from __future__ import annotations

AUTHORS = ("Michael Purcell", "Dannielle Harden")
LICENCE = "Creative Commons Attribution 4.0 International (CC BY 4.0)"
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
KEYWORDS = ("Grawlix", "print and play", "tile game")
