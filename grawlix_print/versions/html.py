"""The comparison as one HTML page: every change old beside new, pictures inline, nothing to fetch.

Sentences show the words that went struck through and the words that came
underlined (``<del>``, ``<ins>``: a screen reader says so too); diagrams and
changed pieces are PNGs drawn from the same code as the printed ones
(``pictures``), old on the left; the playtest's table marks each significant
difference. Light or dark as the reader's system asks (``html_page``).
"""

from __future__ import annotations

import base64
from difflib import SequenceMatcher
from html import escape

from ..html_page import PALETTE, html_page
from .compare import Changes
from .pictures import face_png, figure_png
from .playtest import Played
from .report import record as record_of
from .report import rows
from .text import WORDS

DIAGRAM_CELL_MM = 7.0
"""A grid square (or a card) in the page's diagrams: two versions side by side on a laptop's screen."""

STYLE = PALETTE + """main { max-width: 62rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 1.9rem; line-height: 1.2; margin-bottom: .3rem; }
h2 { margin-top: 2rem; border-bottom: 2px solid var(--rule); padding-bottom: .2rem; }
h3 { margin: 1.2rem 0 .3rem; font-size: 1.05rem; }
table { border-collapse: collapse; margin: .4rem 0; }
th, td { text-align: left; padding: .25rem .8rem .25rem 0; border-bottom: 1px solid var(--rule); vertical-align: top; }
.quiet { color: var(--quiet); }
del { background: #ffd7d5; color: #5c0b07; text-decoration: line-through; }
ins { background: #cdeccd; color: #0b3d0b; text-decoration: underline; }
.change { padding: .5rem 0; border-bottom: 1px solid var(--rule); }
.change p { margin: .15rem 0; }
.side { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: flex-start; }
.side figure { margin: 0; }
.side img { background: #fff; border: 1px solid var(--rule); max-width: 100%; height: auto; }
figcaption { font-size: .9rem; color: var(--quiet); }
.significant { font-weight: bold; }
.panel { background: var(--panel); padding: .6rem 1rem; border-radius: .4rem; }
"""


def report_html(changes: Changes, played: Played | None) -> str:
    """The page for two versions (and their playtest, if played)."""
    found = record_of(changes, played)
    old, new = found["old"], found["new"]
    title = f"{found['title']}: version {old['version']} \u2192 {new['version']}"
    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="quiet">Old: {escape(old["templates"])}. New: {escape(new["templates"])}.</p>']  # fmt: skip
    if changes.empty:
        body.append('<p class="panel">The two versions are the same: no rules value, sentence, diagram, fact, '
                    "piece or file differs.</p>")  # fmt: skip
        return html_page(title, STYLE.strip(), body)
    body.append(f'<p class="panel">Changed: {escape(found["summary"])}.</p>')
    body += _values("Rules values", found["rules"], "rules value")
    body += _values("Facts the rulebook states", found["facts"], "fact")
    body += _sentences(found["sentences"])
    body += _diagrams(changes)
    body += _pieces(changes, found["pieces"])
    if played is not None:
        body += _playtest(found["playtest"], played)
    if found["files"]:
        body.append("<h2>Template files</h2><ul>")
        body += [f"<li>{escape(f['path'])}: {escape(f['status'])}</li>" for f in found["files"]]
        body.append("</ul>")
    return html_page(title, STYLE.strip(), body)


def _values(heading: str, changes: list[dict], what: str) -> list[str]:
    if not changes:
        return []
    lines = [f"<h2>{heading}</h2>", f"<table><tr><th>{what}</th><th>old</th><th>new</th></tr>"]
    for change in changes:
        old = escape(change["old"]) if change["old"] is not None else '<span class="quiet">not stated</span>'
        new = escape(change["new"]) if change["new"] is not None else '<span class="quiet">not stated</span>'
        lines.append(f"<tr><td>{escape(change['name'])}</td><td>{old}</td><td>{new}</td></tr>")
    lines.append("</table>")
    return lines


def marked(old: str, new: str) -> tuple[str, str]:
    """Both sentences as HTML, the words only the old one has in ``<del>``, only the new in ``<ins>``."""
    a, b = WORDS.findall(old), WORDS.findall(new)
    before, after = [], []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        gone, came = escape("".join(a[i1:i2])), escape("".join(b[j1:j2]))
        if tag == "equal":
            before.append(gone)
            after.append(came)
            continue
        if gone:
            before.append(f"<del>{gone}</del>")
        if came:
            after.append(f"<ins>{came}</ins>")
    return "".join(before), "".join(after)


def _sentences(changes: list[dict]) -> list[str]:
    if not changes:
        return []
    lines = ["<h2>The rulebook's text</h2>"]
    for s in changes:
        why = (f"follows from {escape(', '.join(s['because']))}" if s["because"] else
               "edited" if s["edited"] else "follows from the rules (a condition or a fact worded anew)")  # fmt: skip
        where = escape(s["new_where"] or s["old_where"] or "")
        lines.append(f'<div class="change"><h3>{escape(s["heading"])} <span class="quiet">({where}; {why})</span></h3>')
        if s["old"] and s["new"]:
            before, after = marked(s["old"], s["new"])
            lines += [f"<p>Old: {before}</p>", f"<p>New: {after}</p>"]
        elif s["new"]:
            lines.append(f"<p>Added: <ins>{escape(s['new'])}</ins></p>")
        else:
            lines.append(f"<p>Removed: <del>{escape(s['old'])}</del></p>")
        lines.append("</div>")
    return lines


def _image(png: bytes, alt: str) -> str:
    return f'<img src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}" alt="{escape(alt)}">'


def _diagrams(changes: Changes) -> list[str]:
    if not changes.diagrams:
        return []
    lines = ["<h2>Diagrams</h2>"]
    for change in changes.diagrams:
        lines.append(f'<div class="change"><h3>{escape(change.title)} <span class="quiet">({escape(change.key)})</span></h3>')
        lines += [f"<p>{escape(line)}</p>" for line in change.what]
        lines.append('<div class="side">')
        for label, diagram in (("old", change.old), ("new", change.new)):
            if diagram is None:
                lines.append(f"<figure><figcaption>{label}: none</figcaption></figure>")
            else:
                picture = _image(figure_png(diagram.figure, DIAGRAM_CELL_MM * diagram.figure.screen_scale), diagram.alt)
                lines.append(f"<figure>{picture}<figcaption>{label}</figcaption></figure>")
        lines.append("</div></div>")
    return lines


def _pieces(changes: Changes, kinds: list[dict]) -> list[str]:
    if not changes.kinds:
        return []
    lines = ["<h2>Pieces</h2>"]
    for kind, shown in zip(changes.kinds, kinds):
        (a, b), (da, db) = shown["count"], shown["designs"]
        lines.append(f"<h3>{escape(kind.name.capitalize())}: {a} \u2192 {b} pieces, {da} \u2192 {db} designs</h3>")
        lines += [f"<p>{escape(line)}</p>" for line in kind.what]
        for piece in kind.pieces:
            if piece.old is None:
                what = f"added (\u00d7{piece.new.count})" if piece.new else ""
            elif piece.new is None:
                what = f"removed (\u00d7{piece.old.count})"
            else:
                what = "changed: " + ", ".join(piece.what)
            lines.append(f'<div class="change"><p><strong>{escape(piece.name)}</strong>: {escape(what)}</p><div class="side">')
            for label, side in (("old", piece.old), ("new", piece.new)):
                if side is not None:
                    lines.append(f"<figure>{_image(face_png(side.face), side.face.description)}<figcaption>{label}</figcaption></figure>")
            lines.append("</div></div>")
    return lines


def _playtest(shown: dict, played: Played) -> list[str]:
    lines = ["<h2>Playtest</h2>"]
    if not shown["played"]:
        return lines + [f"<p>{escape(shown['why'])}.</p>"]
    players = ", ".join(dict.fromkeys(shown["strategies"]))
    lines.append(f"<p>{shown['games']:,} games of each version, seed {shown['seed']}, {shown['players']} players, each "
                 f"{players}: the same seeds, the same players. {escape(shown['test'])}</p>")  # fmt: skip
    lines.append("<table><tr><th>figure</th><th>old</th><th>new</th><th>difference (new \u2212 old)</th><th>p</th></tr>")
    for row in rows(played):
        mark = ' class="significant"' if row.significant else ""
        flag = " *" if row.significant else ""
        lines.append(f"<tr{mark}><td>{escape(row.label)}</td><td>{escape(row.builtin)}</td><td>{escape(row.value)}</td>"
                     f"<td>{escape(row.difference)} {escape(row.interval)}</td><td>{escape(row.p)}{flag}</td></tr>")  # fmt: skip
    lines.append("</table><p class=\"quiet\">* a significant difference (p &lt; 0.05).</p>")
    return lines
