"""The HTML edition: one self-contained page that reads well on a phone, a desktop and paper.

Everything is inside the file: the diagrams as inline SVG (each with its
text alternative as title and description), the game's faces as subset web fonts,
the styles (with a print stylesheet). Headings carry GitHub's anchors, so a
link into the Markdown edition works here too. The ``<h2>`` sections are
listed before the first of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ..drawing.outline import TextGlyph
from ..drawing.surface import glyph_path
from ..drawing.svg import number, path_data
from ..drawing.text import Break, Inline, plain
from ..games.base import Typography
from ..rulebook import Diagram, Heading, ListItem, Paragraph
from .diagrams import CELL_PX, diagram_svg
from .edition import Edition, is_title
from .fonts import font_face_css, has_characters

INK = "#141414"  # body text on white: contrast 18:1
LINK = "#0b4f9c"  # 8:1 on white
QUIET = "#595959"  # secondary text and anchors: 7:1 on white

STYLE = f"""
:root {{ color-scheme: light; }}
* {{ box-sizing: border-box; }}
html {{ -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }}
body {{ margin: 0; background: #fff; color: {INK};
  font: 500 1.0625rem/1.6 BODY_FONT; }}
main {{ max-width: 42rem; margin: 0 auto; padding: 1rem 1rem 3rem; }}
h1, h2, h3 {{ font-weight: 700; line-height: 1.25; }}
h1 {{ font-size: 3.2rem; text-align: center; margin: 1rem 0 0; letter-spacing: .02em; }}
h2 {{ font-size: 1.55rem; margin: 2.4rem 0 .7rem; padding-bottom: .2rem; border-bottom: 2px solid #dcdcdc; }}
h3 {{ font-size: 1.15rem; margin: 1.5rem 0 .4rem; }}
p, li {{ overflow-wrap: break-word; }}
p {{ margin: 0 0 .8rem; }}
a {{ color: {LINK}; overflow-wrap: anywhere; }}
.anchor {{ margin-left: .4rem; color: {QUIET}; text-decoration: none; font-weight: 500; opacity: 0; }}
h2:hover .anchor, h3:hover .anchor, .anchor:focus {{ opacity: 1; }}
.subtitle {{ font-size: 1.35rem; text-align: center; margin-bottom: .4rem; }}
.small {{ font-size: .85rem; color: {QUIET}; }}
.large {{ font-size: 1.3rem; }}
.centred {{ text-align: center; }}
.glyph {{ font-weight: 700; }}
.star {{ font-size: 1.45em; line-height: 0; vertical-align: -.28em; }}
svg.drawn-glyph {{ height: 1.2em; vertical-align: -.24em; fill: currentColor; }}
h1 svg {{ max-width: 100%; height: auto; }}
ol, ul {{ padding-left: 1.6rem; margin: 0 0 .8rem; }}
ol ol {{ list-style-type: lower-alpha; margin: .2rem 0 0; }}
li {{ margin: .25rem 0; }}
figure {{ margin: 1.3rem 0; text-align: center; }}
figure svg {{ width: min(100%, calc(var(--width) * 1.25)); height: auto; }}
nav {{ margin: 1.5rem 0 0; padding: .6rem 1rem; background: #f4f4f4; border-radius: .4rem; }}
nav ol {{ margin: 0; columns: 2 11rem; }}
nav li {{ margin: 0 0 .3rem; break-inside: avoid; }}
nav .heading {{ font-weight: 700; margin: 0 0 .2rem; }}
@media (max-width: 30rem) {{ h1 {{ font-size: 2.6rem; }} body {{ font-size: 1rem; }} }}
@media print {{
  body {{ font-size: 10.5pt; }}
  main {{ max-width: none; padding: 0; }}
  nav, .anchor {{ display: none; }}
  h2, h3 {{ break-after: avoid; }}
  figure, li {{ break-inside: avoid; }}
  a {{ color: inherit; text-decoration: none; }}
  a[href^="http"]::after {{ content: " (" attr(href) ")"; font-size: .85em; }}
}}
"""


def drawn_glyph(character: str, glyph: TextGlyph) -> str:
    """A glyph the page's face cannot set (a game's icon), as a small inline picture of its outline."""
    top, depth = 0.8, 0.2  # ems above and below the baseline: a picture 1.2 ems high, as print sets glyphs
    path = path_data(glyph_path(glyph, 0.0, 0.0, 1.0))
    return (
        f'<svg class="drawn-glyph" viewBox="0 {number(-top)} {number(glyph.advance)} {number(top + depth)}" '
        f'width="{number(1.2 * glyph.advance)}em" role="img" aria-label="{escape(character)}">'
        f'<path transform="scale(1 -1)" fill-rule="evenodd" d="{path}"/></svg>'
    )


def inline_html(text: Inline, drawn: Mapping[str, TextGlyph] | None = None) -> str:
    """Styled text as HTML; a glyph in ``drawn`` is drawn as its outline, not set as a character."""
    out = []
    for piece in text:
        if isinstance(piece, Break):
            out.append("<br>")
            continue
        body = escape(piece.text, quote=False)
        if piece.glyph and drawn and piece.text in drawn:
            body = drawn_glyph(piece.text, drawn[piece.text])
        elif piece.glyph:
            star = " star" if piece.text == "*" else ""
            body = f'<b class="glyph{star}">{body}</b>'
        elif piece.bold:
            body = f"<strong>{body}</strong>"
        if piece.italic:
            body = f"<em>{body}</em>"
        if piece.link:
            body = f'<a href="{escape(piece.link)}">{body}</a>'
        out.append(body)
    return "".join(out)


def _heading(block: Heading, anchor: str, drawn: Mapping[str, TextGlyph] | None = None) -> str:
    if block.level == 1:
        return f'<h1 id="{anchor}">{inline_html(block.text, drawn)}</h1>'
    link = f'<a class="anchor" href="#{anchor}" aria-label="Link to this section">#</a>'
    return f'<h{block.level} id="{anchor}">{inline_html(block.text, drawn)}{link}</h{block.level}>'


def _list(items: list[ListItem], drawn: Mapping[str, TextGlyph] | None = None) -> str:
    """Consecutive list items as one list; deeper items nest inside the item before them."""
    numbered = items[0].label[:-1].isdigit()
    out = ["<ol>" if numbered else "<ul>"]
    open_item = False
    k = 0
    while k < len(items):
        item = items[k]
        if item.depth == 0:
            if open_item:
                out.append("</li>")
            value = f' value="{item.label[:-1]}"' if numbered else ""
            out.append(f"<li{value}>{inline_html(item.text, drawn)}")
            open_item = True
            k += 1
        else:
            nested = []
            while k < len(items) and items[k].depth > 0:
                nested.append(f"<li>{inline_html(items[k].text, drawn)}</li>")
                k += 1
            out.append(f"<ol>{''.join(nested)}</ol>")
    out.append("</li>" if open_item else "")
    out.append("</ol>" if numbered else "</ul>")
    return "".join(out)


def html_edition(
    edition: Edition, typography: Typography, glyphs: Mapping[str, TextGlyph] | None = None
) -> str:
    """The whole edition as one HTML document, set in the game's faces.

    A glyph of the game's (``glyphs``) that the body face has no character for,
    such as an icon, is drawn from its outline, as the print edition draws it.
    """
    meta = edition.meta
    body: list[str] = []
    pending: list[ListItem] = []
    drawn = {c: g for c, g in (glyphs or {}).items() if not has_characters(typography.body, c)}

    def flush() -> None:
        if pending:
            body.append(_list(pending, drawn))
            pending.clear()

    contents = "".join(
        f'<li><a href="#{edition.anchors[k]}">{escape(plain(block.text))}</a></li>'
        for k, block in enumerate(edition.blocks)
        if isinstance(block, Heading) and block.level == 2
    )
    for k, block in enumerate(edition.blocks):
        if isinstance(block, ListItem):
            pending.append(block)
            continue
        flush()
        if k == edition.first_section:
            body.append(f'<nav aria-label="Contents"><p class="heading">Contents</p><ol>{contents}</ol></nav>')
        if isinstance(block, Heading):
            body.append(_heading(block, edition.anchors[k], drawn))
        elif isinstance(block, Paragraph):
            classes = f' class="{" ".join(sorted(block.tags))}"' if block.tags else ""
            body.append(f"<p{classes}>{inline_html(block.text, drawn)}</p>")
        elif isinstance(block, Diagram) and is_title(block):  # a drawn title is the page's heading
            body.append(f'<h1 id="diagram-{block.name}">{diagram_svg(block, standalone=False)}</h1>')
        elif isinstance(block, Diagram):
            width = block.figure.size(CELL_PX)[0]
            body.append(
                f'<figure id="diagram-{block.name}" style="--width: {width:g}px">'
                f"{diagram_svg(block, standalone=False)}</figure>"
            )
    flush()
    pictures = "".join(b.figure.characters for b in edition.blocks if isinstance(b, Diagram))
    words = plain_text(edition) + pictures + "?!#"
    fonts = font_face_css([typography.body, typography.bold], words)
    style = STYLE.strip().replace("BODY_FONT", typography.body.css)
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(meta.title)}: the rules</title>",
        f'<meta name="description" content="{escape(meta.subject)}">',
        f'<meta name="author" content="{escape(" and ".join(meta.authors))}">',
        f'<meta name="keywords" content="{escape(", ".join(meta.keywords))}">',
        f'<link rel="license" href="{escape(meta.licence_url)}">',
        f"<style>\n{fonts}\n{style}\n</style>",
        "</head>",
        "<body>",
        "<main>",
    ]
    return "\n".join([*head, *body, "</main>", "</body>", "</html>"]) + "\n"


def plain_text(edition: Edition) -> str:
    """Every character the page sets in type, for the font subsets."""
    return "".join(
        plain(block.text) for block in edition.blocks if isinstance(block, (Heading, Paragraph, ListItem))
    ) + "Contents"
