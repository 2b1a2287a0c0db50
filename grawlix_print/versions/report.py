"""A comparison as a record (JSON for scripts) and as lines for the terminal.

Places are named inside each version's templates folder (``leaflet.md:150``),
and the versions by what the user gave (a folder, a revision), so the same two
versions give the same bytes wherever they were unpacked.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..playtest.report import Row, figure_rows
from .compare import Changes
from .playtest import TESTS, Played, PlaySettings


def relative(where: str, folder: Path) -> str:
    """``/tmp/x/templates/leaflet.md:150`` as ``leaflet.md:150``: the place inside the templates folder."""
    prefix = f"{folder}/"
    return where[len(prefix):] if where.startswith(prefix) else where


def record(changes: Changes, played: Played | None, settings: PlaySettings | None = None) -> dict:
    """Everything the report says, JSON-ready."""
    old, new = changes.old, changes.new
    found: dict = {
        "game": new.game.name,
        "title": new.game.title,
        "old": {"version": old.version, "templates": old.shown},
        "new": {"version": new.version, "templates": new.shown},
        "unchanged": changes.empty,
        "rules_changed": changes.rules_changed,
        "summary": changes.summary(),
        "rules": [{"name": c.name, "old": c.old, "new": c.new} for c in changes.rules],
        "facts": [{"name": c.name, "old": c.old, "new": c.new, "where": relative(c.where, new.folder)}
                  for c in changes.facts],  # fmt: skip
        "sentences": [
            {
                "heading": s.heading,
                "old": s.old.text if s.old else None,
                "new": s.new.text if s.new else None,
                "old_where": relative(s.old.where, old.folder) if s.old else None,
                "new_where": relative(s.new.where, new.folder) if s.new else None,
                "because": list(s.because),
                "edited": s.edited,
            }
            for s in changes.sentences
        ],
        "diagrams": [
            {"diagram": d.key, "title": d.title, "old": d.old.alt if d.old else None, "new": d.new.alt if d.new else None,
             "changes": list(d.what)}  # fmt: skip
            for d in changes.diagrams
        ],
        "pieces": [
            {
                "kind": k.name,
                "count": list(k.counts),
                "designs": list(k.designs),
                "changes": list(k.what),
                "pieces": [
                    {"old": p.old.face.description if p.old else None, "new": p.new.face.description if p.new else None,
                     "old_count": p.old.count if p.old else 0, "new_count": p.new.count if p.new else 0,
                     "changes": list(p.what)}  # fmt: skip
                    for p in k.pieces
                ],
            }
            for k in changes.kinds
        ],
        "files": [{"path": f.path, "status": f.status} for f in changes.files],
    }
    if played is not None:
        found["playtest"] = playtest_record(played, settings)
    return found


def playtest_record(played: Played, settings: PlaySettings | None) -> dict:
    """Both versions' figures with their differences, or why there are none."""
    if played.record is None:
        return {"played": False, "why": played.why_not}
    figures = played.record
    return {
        "played": True,
        "games": figures["games"],
        "seed": figures["seed"],
        "players": figures["players"],
        "strategies": figures["strategies"],
        "test": TESTS,
        "old_rules": figures["builtin_rules"],
        "new_rules": figures["rules"],
        "rows": [
            {"figure": r.label, "old": r.builtin, "new": r.value, "difference": r.difference,
             "difference_ci95": r.interval, "p": r.p, "significant": r.significant}  # fmt: skip
            for r in rows(played)
        ],
        "old": figures["builtin"],
        "new": {k: v for k, v in figures.items() if k not in ("builtin", "builtin_rules", "differences")},
        "differences": figures["differences"],
    }


def rows(played: Played) -> list[Row]:
    """The table of figures, old beside new: the playtest's own (``playtest.report.figure_rows``)."""
    return figure_rows(played.record) if played.record is not None else []


def json_text(found: dict) -> str:
    return json.dumps(found, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False) + "\n"


def text_summary(found: dict) -> str:
    """A few lines for the terminal: what changed, then the playtest's figures that differ."""
    old, new = found["old"], found["new"]
    head = f"{found['title']} {old['version']} ({old['templates']}) -> {new['version']} ({new['templates']})"
    if found["unchanged"]:
        return f"{head}: no changes"
    lines = [f"{head}: {found['summary']}"]
    for change in found["rules"]:
        lines.append(f"  rules value {change['name']}: {_shown(change['old'])} -> {_shown(change['new'])}")
    for change in found["facts"]:
        lines.append(f"  fact {{{change['name']}}}: {_shown(change['old'])} -> {_shown(change['new'])}")
    for s in found["sentences"]:
        why = f"follows from {', '.join(s['because'])}" if s["because"] else "edited" if s["edited"] else "follows from the rules"
        if s["old"] and s["new"]:
            lines.append(f"  {s['heading']}: \u201c{s['old']}\u201d -> \u201c{s['new']}\u201d ({why})")
        elif s["new"]:
            lines.append(f"  {s['heading']}: added \u201c{s['new']}\u201d ({why})")
        else:
            lines.append(f"  {s['heading']}: removed \u201c{s['old']}\u201d ({why})")
    for d in found["diagrams"]:
        what = "; ".join(d["changes"]) or ("added" if d["old"] is None else "removed")
        lines.append(f"  diagram {d['diagram']}: {what}")
    for kind in found["pieces"]:
        (a, b), (da, db) = kind["count"], kind["designs"]
        lines.append(f"  {kind['kind']}: {a} -> {b} pieces, {da} -> {db} designs" +
                     (f"; {'; '.join(kind['changes'])}" if kind["changes"] else ""))  # fmt: skip
        for piece in kind["pieces"]:
            if piece["old"] is None:
                lines.append(f"    added: {piece['new']} (x{piece['new_count']})")
            elif piece["new"] is None:
                lines.append(f"    removed: {piece['old']} (x{piece['old_count']})")
            else:
                lines.append(f"    changed: {piece['new']}: {', '.join(piece['changes'])}")
    playtest = found.get("playtest")
    if playtest is not None and not playtest["played"]:
        lines.append(f"  playtest: {playtest['why']}")
    elif playtest is not None:
        lines.append(f"  playtest: {playtest['games']:,} games each, seed {playtest['seed']}, "
                     f"{', '.join(dict.fromkeys(playtest['strategies']))} players (* significant, p < 0.05)")  # fmt: skip
        width = max(len(r["figure"]) for r in playtest["rows"])
        for r in playtest["rows"]:
            p = f" (p {r['p']})" if r["p"] else ""
            change = f"{r['difference']} {r['difference_ci95']}".strip()
            lines.append(f"    {r['figure']:<{width}}  {r['old']} -> {r['new']}  {change}{p}{' *' if r['significant'] else ''}".rstrip())
    return "\n".join(lines)


def _shown(value: str | None) -> str:
    return "(not stated)" if value is None else value
