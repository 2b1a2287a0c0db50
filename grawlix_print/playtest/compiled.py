"""Whether a run's games are played by the game's compiled engine, and the note that says when they are not.

Without a C compiler (or with ``GRAWLIX_PRINT_NATIVE=off``, a build or a check that
failed) a game's compiled engine is not used and its games are played in Python,
the same games, many times slower: a run of minutes takes hours, and nothing said
why. ``engine_path`` tells which path a run's strategies are played on (and the
playtest's JSON records it); ``note`` words it for ``games`` and ``playtest``,
with the game's own measured factor (``CompiledEngine.slowdown``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .protocol import Playtester


def engine_path(playtester: Playtester, strategies: Sequence[str]) -> dict:
    """``{"path": "compiled"}``, or ``{"path": "python"}`` for games played in Python by design (no
    compiled engine for these strategies), or ``{"path": "python", "cause": ..., "why": ...,
    "slowdown": ...}`` when the compiled engine is not to be had (``native.cause`` and ``why_not``).
    Builds the engine if it is not yet (the run would, for its first games)."""
    find = getattr(playtester, "compiled_engine", None)
    engine = find(tuple(strategies)) if find is not None else None
    if engine is None:
        return {"path": "python"}
    from .. import native

    if native.load(engine.source) is not None:
        return {"path": "compiled"}
    return {"path": "python", "cause": native.cause(engine.source), "why": native.why_not(engine.source),
            "slowdown": engine.slowdown}  # fmt: skip


def note(name: str, playtester: Playtester, runs: Sequence[Sequence[str]]) -> str | None:
    """One line when the games of some of ``runs`` (each a seating's strategies) are played in Python
    for want of the compiled engine: why, and how many times slower a game is; else None."""
    missing: dict[str, float] = {}
    why = ""
    for strategies in runs:
        path = engine_path(playtester, strategies)
        if "why" in path:
            why = path["why"]
            missing[" v ".join(dict.fromkeys(strategies))] = path["slowdown"]
    if not missing:
        return None
    costs = ", ".join(f"a {games} game about {factor:.0f} times slower" for games, factor in missing.items())
    return f"{name}: its compiled engine is not used ({why}), so its games play in Python: {costs}"
