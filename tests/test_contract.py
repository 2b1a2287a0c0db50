"""The contract suite (``grawlix_print.testing``) over every installed game: the built-in ones and the
tests' toy (the example game's: tests/test_example_game.py); the kit check is left out here (the
built-in games' kits are built in tests/test_all.py and tests/test_kit.py), and the toy prints no rules.
Then the suite's own checks fail on a plug-in broken in each way they look for."""

from __future__ import annotations

import dataclasses

import pytest

from grawlix_print.games import game, game_names
from grawlix_print.pieces.faces import PieceFace
from grawlix_print.testing import CHECKS, check_faces, check_identity, check_kinds, check_kit, run_check

BUILT_IN = ("grawlix", "permutations", "spreadsheet")


@pytest.mark.parametrize("check", [c for c in CHECKS if c is not check_kit], ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_games_keep_the_contract(name, check):
    assert name in game_names()
    run_check(name, check)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_the_toy_keeps_the_contract(toy_game, check):
    if check is check_kit:
        pytest.skip("the toy prints no rules, so it has no kit of its own")
    run_check("toy", check)


class _Broken:
    """The toy game with one of its kinds changed, for the checks to catch."""

    def __init__(self, toy, change):
        self._toy, self._change = toy, change

    def __getattr__(self, name):
        return getattr(self._toy, name)

    def piece_kinds(self):
        return tuple(self._change(kind) for kind in self._toy.piece_kinds())


def test_a_face_of_another_size_than_its_kind_is_caught(toy_game):
    toy = game("toy")
    smaller = lambda kind: dataclasses.replace(kind, pieces=(dataclasses.replace(kind.pieces[0], face=dataclasses.replace(kind.pieces[0].face, width=kind.width - 1)), *kind.pieces[1:]))  # noqa: E731
    with pytest.raises(AssertionError, match="is 29 x 30 mm, the kind 30 x 30 mm"):
        check_kinds(_Broken(toy, smaller))


def test_a_face_that_leaves_its_bleed_white_is_caught(toy_game):
    toy = game("toy")

    def bare(kind):
        face = kind.pieces[0].face

        def draw(surface, x, y, w, h, style):  # its ground only inside the cut: the bleed stays paper
            from grawlix_print.drawing.surface import rectangle

            surface.shape(rectangle(x, y, w, h), fill=face.ground)

        return dataclasses.replace(kind, pieces=(dataclasses.replace(kind.pieces[0], face=PieceFace(face.name, face.description, face.width, face.height, draw, face.ground)),))

    with pytest.raises(AssertionError, match="leaves its bleed white"):
        check_faces(_Broken(toy, bare))


def test_a_game_with_no_summary_is_caught(toy_game):
    toy = game("toy")

    class Unsummed(type(toy)):
        summary = ""

    with pytest.raises(AssertionError, match="has no summary"):
        check_identity(Unsummed(toy.templates))


def test_a_player_that_does_not_follow_its_seed_is_caught():
    """Games played again from the same seed must come out the same: a player drawing on a random
    source of its own (here one shared by every game) is caught."""
    import random

    from grawlix_print.testing import check_playtest

    grawlix = game("grawlix")

    class Wandering:
        def __init__(self, tester):
            self._tester, self._own = tester, random.Random(0)

        def __getattr__(self, name):
            return getattr(self._tester, name)

        def play(self, line, rng):
            return self._tester.play(line, random.Random(self._own.random()))

    class Unseeded(type(grawlix)):
        def playtester(self, budget=None):
            return Wandering(super().playtester(budget))

    with pytest.raises(AssertionError, match="the same seed played different games"):
        check_playtest(Unseeded(grawlix.templates))
