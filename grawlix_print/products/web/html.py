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
from urllib.parse import quote

from ...drawing.outline import TextGlyph
from ...drawing.surface import Face, glyph_path
from ...drawing.svg import SvgDefs, number, path_data
from ...drawing.text import Break, Inline, plain
from ...games.presentation import Typography
from ...rulebook import Diagram, Heading, ListItem, Paragraph
from .diagrams import diagram_svg, diagram_width
from .edition import Edition, is_title
from .fonts import font_face_css, has_characters
from ...html_page import html_page

STYLE = """
:root { color-scheme: light dark; --ink: #141414; --page: #ffffff; --link: #0b4f9c; --quiet: #595959;
  --rule: #dcdcdc; --panel: #f4f4f4; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e8e8; --page: #15171a; --link: #8db8ff; --quiet: #a9adb3; --rule: #3b3f45;
    --panel: #22262b; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 500 1.0625rem/1.6 BODY_FONT; }
main { max-width: 42rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1, h2, h3 { font-weight: 700; line-height: 1.25; }
h1 { font: 400 3.6rem/1.1 TITLE_FONT; text-align: center; margin: 1rem 0 0; }
h2 { font-size: 1.55rem; margin: 2.4rem 0 .7rem; padding-bottom: .2rem; border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.15rem; margin: 1.5rem 0 .4rem; }
p, li { overflow-wrap: break-word; }
p { margin: 0 0 .8rem; }
a { color: var(--link); overflow-wrap: anywhere; }
.anchor { margin-left: .4rem; color: var(--quiet); text-decoration: none; font-weight: 500; opacity: 0; }
h2:hover .anchor, h3:hover .anchor, .anchor:focus { opacity: 1; }
.subtitle { font-size: 1.35rem; text-align: center; margin-bottom: .4rem; }
.small { font-size: .85rem; color: var(--quiet); }
.large { font-size: 1.3rem; }
.centred { text-align: center; }
.glyph { font-weight: 700; }
.star { font-size: 1.45em; line-height: 0; vertical-align: -.28em; }
svg.drawn-glyph { height: 1.2em; vertical-align: -.24em; fill: currentColor; }
h1 svg { max-width: 100%; height: auto; }
.said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  user-select: none; }
ol, ul { padding-left: 1.6rem; margin: 0 0 .8rem; }
ol ol { list-style-type: lower-alpha; margin: .2rem 0 0; }
li { margin: .25rem 0; }
figure { margin: 1.3rem 0; text-align: center; }
figure svg { width: 100%; max-width: calc(var(--width) * 1.25); height: auto; border-radius: .5rem; }
nav { margin: 1.5rem 0 0; padding: .6rem 1rem; background: var(--panel); border-radius: .4rem; }
nav ol { margin: 0; columns: 2 11rem; }
nav li { margin: 0 0 .3rem; break-inside: avoid; }
nav .heading { font-weight: 700; margin: 0 0 .2rem; }
@media (max-width: 30rem) { h1 { font-size: 2.8rem; } body { font-size: 1rem; } }
@page { margin: 16mm 18mm; }
@media print {
  :root { --ink: #000000; --page: #ffffff; --link: #000000; --quiet: #333333; }
  body { font-size: 10.5pt; }
  main { max-width: 36em; padding: 0; }
  nav, .anchor { display: none; }
  h2, h3 { break-after: avoid; }
  p:has(+ figure), p:has(+ ol), p:has(+ ul) { break-after: avoid; }
  figure, li { break-inside: avoid; }
  figure svg { border-radius: 0; }
  a { color: inherit; text-decoration: none; }
  a[href^="http"]:not(.url)::after { content: " (" attr(href) ")"; font-size: .85em; }
}
"""
"""The page's look: light or dark as the reader's system asks (the diagrams carry their own
white ground), a measure of about 65 characters, and a print stylesheet of about 80
characters a line on A4 or Letter, each diagram kept whole and with the words before it."""

FAVICON = "data:image/svg+xml," + quote(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
    "<rect width='16' height='16' rx='3' fill='#c7c7c7'/>"
    "<text x='8' y='12.5' font-size='12' font-weight='700' text-anchor='middle' fill='#1c4ce5'"
    " font-family='sans-serif'>@</text></svg>",
    safe="'/:=",
)
"""A grey tile with a blue @, inside the page: no request for /favicon.ico that could fail."""


def drawn_glyph(character: str, glyph: TextGlyph, spoken: str | None = None) -> str:
    """A glyph the page's face cannot set (a game's icon), as a small inline picture of its outline."""
    top, depth = 0.8, 0.2  # ems above and below the baseline: a picture 1.2 ems high, as print sets glyphs
    path = path_data(glyph_path(glyph, 0.0, 0.0, 1.0))
    return (
        f'<svg class="drawn-glyph" viewBox="0 {number(-top)} {number(glyph.advance)} {number(top + depth)}" '
        f'width="{number(1.2 * glyph.advance)}em" role="img" aria-label="{escape(spoken or character)}">'
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
            body = drawn_glyph(piece.text, drawn[piece.text], piece.spoken)
        elif piece.glyph:
            star = " star" if piece.text == "*" else ""
            if piece.spoken:  # seen as the glyph, heard as its name: "red ampersand", not "red and"
                body = f'<span aria-hidden="true">{body}</span><span class="said">{escape(piece.spoken)}</span>'
            body = f'<b class="glyph{star}">{body}</b>'
        elif piece.bold:
            body = f"<strong>{body}</strong>"
        if piece.italic:
            body = f"<em>{body}</em>"
        if piece.link:
            shown_url = piece.link.startswith("http") and piece.text.rstrip("/") in piece.link
            url = ' class="url"' if shown_url else ""  # its address is its text: print it once
            body = f'<a href="{escape(piece.link)}"{url}>{body}</a>'
        out.append(body)
    return "".join(out)


def _heading(
    block: Heading, anchor: str, drawn: Mapping[str, TextGlyph] | None = None, section: str = ""
) -> str:
    """A heading with its link; the link's name says which section, so a screen reader's list of
    links tells them apart ("Notes" twice becomes "Notes, in The Grid" and "Notes, in Set-Up")."""
    if block.level == 1:
        return f'<h1 id="{anchor}">{inline_html(block.text, drawn)}</h1>'
    name = escape(plain(block.text, " ") + (f", in {section}" if block.level > 2 and section else ""))
    link = f'<a class="anchor" href="#{anchor}" aria-label="Permalink: {name}">#</a>'
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
    shared = SvgDefs("tile")  # every diagram's tiles, drawn once for the page
    pictured: list[Face] = []  # the typefaces the diagrams' text is set in
    section = ""  # the heading of the section being set

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
            body.append(_heading(block, edition.anchors[k], drawn, section))
            if block.level == 2:
                section = plain(block.text, " ")
        elif isinstance(block, Paragraph):
            classes = f' class="{" ".join(sorted(block.tags))}"' if block.tags else ""
            body.append(f"<p{classes}>{inline_html(block.text, drawn)}</p>")
        elif isinstance(block, Diagram) and is_title(block):  # a drawn title is the page's heading
            body.append(f'<h1 id="diagram-{block.name}">{diagram_svg(block, standalone=False, defs=shared, faces=pictured)}</h1>')
        elif isinstance(block, Diagram):
            body.append(
                f'<figure id="diagram-{block.name}" style="--width: {diagram_width(block):g}px">'
                f"{diagram_svg(block, standalone=False, defs=shared, faces=pictured)}</figure>"
            )
    flush()
    if shared.symbols:
        body.insert(0, shared.element())
    pictures = "".join(b.figure.characters for b in edition.blocks if isinstance(b, Diagram))
    words = plain_text(edition) + pictures + "?!#"
    fonts = font_face_css([typography.body, typography.bold], words)
    if typography.title not in (typography.body, typography.bold):
        title = "".join(plain(b.text) for b in edition.blocks if isinstance(b, Heading) and b.level == 1)
        if typography.title in pictured:  # the pictures set text in it too (a card's name)
            title += pictures
        if title:
            fonts += "\n" + font_face_css([typography.title], title)
    # A face only the pictures set text in (a card game's own typeface), with their characters.
    others = [face for face in pictured if face not in (typography.body, typography.bold, typography.title)]
    if others:
        fonts += "\n" + font_face_css(others, pictures + "?!#")
    style = STYLE.strip().replace("BODY_FONT", typography.body.css).replace("TITLE_FONT", typography.title.css)
    head = [
        f'<meta name="description" content="{escape(meta.subject)}">',
        f'<meta name="author" content="{escape(" and ".join(meta.authors))}">',
        f'<meta name="keywords" content="{escape(", ".join(meta.keywords))}">',
        f'<link rel="license" href="{escape(meta.licence_url)}">',
    ]
    return html_page(f"{meta.title}: the rules", f"\n{fonts}\n{style}\n", body, head, FAVICON)


def plain_text(edition: Edition) -> str:
    """Every character the page sets in type, for the font subsets."""
    return "".join(
        plain(block.text) for block in edition.blocks if isinstance(block, (Heading, Paragraph, ListItem))
    ) + "Contents"
