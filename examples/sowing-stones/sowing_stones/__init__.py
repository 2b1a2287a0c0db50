"""Sowing Stones: Kalah, the traditional sowing game, as a grawlix-print plug-in (the third example game).

A board of pits (one tile) and stones (round tokens); games end in a win or, with equal
stores, a draw. The glue below is all grawlix-print needs: a title, pieces, the rulebook's
answers (numbers, a claim the engine confirms, positions drawn from moves the engine plays)
and a playtester with two strategies.
"""

from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path

from grawlix_print.plugin import (
    Credits, EnginePlaytester, Facts, Game, Picture, PieceKind, Presentation, Quotes, RulesFile, plain_presentation,
    read_toml, rulebook,
)  # fmt: skip

from . import pieces
from .engine import Rules, greedy_player, random_player

HERE = Path(__file__).resolve().parent


class SowingStones(Game):
    name = "sowing-stones"
    summary = "Kalah, a traditional sowing game for two: stones round a board of pits; equal stores draw"

    @cached_property
    def components(self) -> dict:
        return read_toml(self.templates / "components.toml")

    @property
    def title(self) -> str:
        return str(self.components["title"])

    @cached_property
    def engine(self) -> Rules:
        return Rules.of(self.components.get("rules", {}), str(self.templates / "components.toml"))

    def check(self) -> None:
        self.engine  # noqa: B018
        super().check()

    def rules_file(self) -> RulesFile:
        """Where the rules' numbers are kept: what `playtest --vary ... --suggest` writes a copy of."""
        return RulesFile(self.templates / "components.toml", table="rules")

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return pieces.kinds(self.engine)

    def presentation(self) -> Presentation:
        return plain_presentation("tri-fold")

    def rulebook(self):
        return rulebook(self, self.facts())

    def facts(self) -> Facts:
        rules = self.engine
        return Facts(
            self.name,
            values={"pits": rules.pits, "stones": rules.stones, "total": 2 * rules.pits * rules.stones,
                    "half": rules.pits * rules.stones},  # fmt: skip
            claims={"equal stores can end a game": self.a_draw_exists,
                    "sowing the third pit first gives a second turn": lambda: rules.after([3]).to_move == 0},  # fmt: skip
            figures={"position": self.position},
            quotes=Quotes(self.playtester, games=2000, strategy="greedy"),
            home=HERE,
        )

    def a_draw_exists(self) -> bool:
        rng = random.Random(7)
        for _ in range(2000):
            state = self.engine.start(2, rng)
            while self.engine.outcome(state) is None:
                state = self.engine.play(state, random_player(self.engine, state, rng))
            if self.engine.outcome(state) == ():
                return True
        return False

    def position(self, moves: str | None) -> Picture:
        """``[position: 3 1]``: the board after those moves (pits numbered from each mover's left)."""
        numbers = [int(word) for word in (moves or "").split()]
        state = self.engine.after(numbers)
        stores = self.engine.points(state)
        said = f"after the moves {moves}" if numbers else "at the start"
        alt = f"The board {said}: {stores[0]} stones in the first player's store, {stores[1]} in the second's."
        return Picture(f"The board {said}", alt, pieces.Position(self.engine, state.board), largest_mm=16.0)

    def playtester(self, budget: int | None = None) -> EnginePlaytester:
        return EnginePlaytester(
            self.name, Credits.of(self.front_matter), self.engine,
            {"random": random_player, "greedy": greedy_player},
            {"random": "sows from any pit with stones", "greedy": "fills its store most at once, a second turn first"},
        )  # fmt: skip
