"""``grawlix-print web``: the Markdown and HTML editions of the rules, from the leaflet's text.

Everything is read and checked first (the same placeholders, claims and
errors as the leaflet), then written, each file atomically: a false claim
leaves the previous editions in place.
"""

from __future__ import annotations

from pathlib import Path

from ..files import Written, write_text
from ..games.grawlix.templates import load_rules
from ..games.templates import find_templates
from ..rulebook import Diagram, load_leaflet_text, load_web_sections
from .diagrams import diagram_file, diagram_svg
from .edition import web_edition
from .html import html_edition
from .markdown import markdown_edition

MARKDOWN = "rules.md"
HTML = "rules.html"


def build_web(out: Path, templates: Path | None = None) -> list[Written]:
    """Write ``rules.md`` with ``diagrams/*.svg`` beside it, and the one-file ``rules.html``."""
    folder = find_templates(templates)
    rules = load_rules(folder)
    text = load_leaflet_text(folder, rules)
    edition = web_edition(text, load_web_sections(folder, rules, text.meta))
    diagrams = {diagram_file(b): b for b in edition.blocks if isinstance(b, Diagram)}
    files = {
        MARKDOWN: ("web-markdown", markdown_edition(edition)),
        **{name: ("web-diagram", diagram_svg(block, standalone=True) + "\n") for name, block in diagrams.items()},
        HTML: ("web-html", html_edition(edition)),
    }
    written = []
    for name, (kind, content) in files.items():
        path = out / name
        write_text(path, content)
        written.append(Written(path, kind, {"templates": str(folder)}))
    return written
