"""The compiled engines against the Python ones: the same seeded games, move by move or game by game.

The pure-Python engines are the reference. Each game's C file (built by
grawlix_print.native with the machine's compiler) must play exactly the games
Python plays from the same random.Random, leave the generator where Python
leaves it, and give the same playtest figures; without a compiler (or with
GRAWLIX_PRINT_NATIVE=off) the Python path plays them. A toy game with a C file
of its own (tests/toy_nim.c) uses the same seam.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil

import pytest
from click.testing import CliRunner

from grawlix_print import native
from grawlix_print.cli import main
from grawlix_print.games.grawlix import fast as grawlix_fast
from grawlix_print.games.grawlix.engine import random_game
from grawlix_print.games.grawlix.players import GrawlixPlaytester
from grawlix_print.games.grawlix.rules import Rules
from grawlix_print.games.permutations import fast as permutations_fast
from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.players import PermutationsPlaytester, result
from grawlix_print.games.permutations.playout import random_playout
from grawlix_print.games.permutations.rules import Rules as PermutationsRules
from grawlix_print.games.permutations.rules import default_rules
from grawlix_print.games.permutations.scoring import colour_choice
from grawlix_print.games.permutations.table import seating
from grawlix_print.playtest.report import Run, json_text, report
from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, run

from playtest_toys import CompiledNim, Nim
from tileset import TILE_SET

needs_compiler = pytest.mark.skipif(
    native.load(grawlix_fast.SOURCE) is None, reason=f"no compiled engine: {native.why_not(grawlix_fast.SOURCE)}"
)
DECK = default_deck()


def same_generators(a: random.Random, b: random.Random) -> bool:
    return a.getstate() == b.getstate()


# --- Grawlix ------------------------------------------------------------------------------------


@needs_compiler
@pytest.mark.parametrize("limits", [(6, 6, 4), (5, 7, 3), (7, 7, 2), (3, 9, 6), (2, 2, 1)])
@pytest.mark.parametrize("strategies", [("random", "random"), ("greedy", "greedy"), ("random", "greedy"),
                                        ("greedy", "random")])  # fmt: skip
def test_grawlix_games_in_c_are_the_python_games_move_by_move(limits, strategies):
    rules = Rules(TILE_SET, *limits)
    games = 300 if strategies == ("random", "random") else 25
    compiled_rng, python_rng = random.Random(f"{limits} {strategies}"), random.Random(f"{limits} {strategies}")
    played = grawlix_fast.compiled_games(rules, strategies, compiled_rng, games, history=True)
    playtester = GrawlixPlaytester(rules)
    for n in range(games):
        if strategies == ("random", "random"):
            game = random_game(rules, python_rng)
        else:
            game = playtester._played(strategies, python_rng)
        moves = [(move.tile.index, *move.location) for move in game.history]
        assert played.moves[n, : played.length[n]].tolist() == [list(m) for m in moves], (n, moves[:3])
        assert (played.loser[n], played.length[n]) == (game.to_move, len(game.history))
        assert played.supply_out[n] == (game.supply == 0)
        assert played.full[n] == ((game.grid.rows, game.grid.columns) == (limits[0], limits[1]))
    assert same_generators(compiled_rng, python_rng)


@needs_compiler
def test_grawlix_refuses_in_c_what_c_cannot_hold_and_python_plays_it():
    """A grid too large for the compiled boards, or a search player: no C games, no numbers drawn."""
    rng = random.Random(3)
    before = rng.getstate()
    assert grawlix_fast.compiled_games(Rules(TILE_SET, 30, 30, 4), ("random", "random"), rng, 5) is None
    assert grawlix_fast.compiled_games(Rules(TILE_SET, 6, 6, 4), ("search", "greedy"), rng, 5) is None
    assert rng.getstate() == before
    games = GrawlixPlaytester(Rules(TILE_SET, 30, 30, 4)).play_many(("random", "random"), rng, 5)
    assert games.count == 5


# --- Permutations -------------------------------------------------------------------------------


@needs_compiler
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rules", [default_rules(), PermutationsRules(1, 7, 3, 2)])
def test_permutations_random_games_in_c_are_the_numpy_play_outs(players, rules):
    compiled_rng, numpy_rng = random.Random(f"abreast {players}"), random.Random(f"abreast {players}")
    compiled = permutations_fast.compiled_games(DECK, rules, seating(players), ("random",) * players, compiled_rng,
                                                5000)  # fmt: skip
    played = random_playout(players, DECK, rules).play(numpy_rng, 5000)
    assert (compiled.points == played.points).all()
    for source, column in played.sources.items():
        assert (compiled.sources[source] == column).all(), source
    assert (compiled.moon_ties == played.moon_ties).all() and (compiled.sun_tie == played.sun_tie).all()
    assert same_generators(compiled_rng, numpy_rng)


@needs_compiler
@pytest.mark.parametrize("strategies", [("greedy", "greedy"), ("random", "greedy", "greedy"),
                                        ("greedy", "random", "random", "greedy"), ("greedy",) * 5])  # fmt: skip
def test_permutations_players_in_c_are_the_python_players_game_by_game(strategies):
    rules = PermutationsRules(2, 5, 5, 3) if len(strategies) != 3 else PermutationsRules(3, 1, 9, 2)
    playtester = PermutationsPlaytester(DECK, rules)
    compiled_rng, python_rng = random.Random(f"{strategies}"), random.Random(f"{strategies}")
    compiled = permutations_fast.compiled_games(DECK, rules, seating(len(strategies)), strategies, compiled_rng, 12)
    for n in range(12):
        game = result(playtester._played(strategies, python_rng))
        assert compiled.points[n].tolist() == list(game.points)
        for source, column in compiled.sources.items():
            assert column[n].tolist() == list(game.seat_measures[source]), source
        assert (compiled.moon_ties[n], compiled.sun_tie[n]) == (game.measures["moon_ties"], game.measures["sun_tie"])
    assert same_generators(compiled_rng, python_rng)


@needs_compiler
def test_permutations_colour_sets_in_c_score_as_the_scorer_says():
    """Every collection a hand of up to 12 cards can hold, with and without the multicoloured card."""
    import ctypes

    library = native.load(permutations_fast.SOURCE)
    colours = len(DECK.colours)
    for counts in itertools.product(range(13), repeat=colours):
        if sum(counts) > 12:
            continue
        for multicoloured in (False, True):
            found = library.perm_colour_points((ctypes.c_int32 * colours)(*counts), colours, int(multicoloured))
            assert found == colour_choice(counts, multicoloured).points, (counts, multicoloured)


# --- either path, the same figures ---------------------------------------------------------------


def figures(playtester, strategies, games, rotate=False) -> str:
    """The report's figures, all but the path that played them (``engine``, which is what differs)."""
    job = Job(playtester, len(strategies), strategies, games, 8, rotate)
    record = report(Run(job, run(job, Pool(InlineExecutor(), 1))))
    record.pop("engine")
    return json_text(record)


@needs_compiler
@pytest.mark.parametrize("case", ["grawlix random", "grawlix greedy", "permutations random", "permutations greedy"])
def test_the_figures_are_the_same_with_and_without_the_compiled_engines(case, monkeypatch):
    game, strategy = case.split()
    if game == "grawlix":
        playtester = GrawlixPlaytester(Rules(TILE_SET, 6, 6, 4))
        strategies, games = ((strategy, "random"), 3000 if strategy == "random" else 120)
    else:
        playtester = PermutationsPlaytester(DECK, default_rules())
        strategies, games = ((strategy, "random", "random"), 3000 if strategy == "random" else 40)
    compiled = figures(playtester, strategies, games, rotate=True)
    monkeypatch.setenv(native.SWITCH, "off")
    assert native.load(grawlix_fast.SOURCE) is None and "GRAWLIX_PRINT_NATIVE=off" in native.status(grawlix_fast.SOURCE)
    assert figures(playtester, strategies, games, rotate=True) == compiled


@needs_compiler
def test_a_playtest_command_prints_the_same_json_either_way(tmp_path, monkeypatch):
    args = ["playtest", "--games", "300", "--strategy", "greedy", "--strategy", "random", "--json", "--workers", "1"]
    compiled = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "a")])
    monkeypatch.setenv(native.SWITCH, "off")
    python = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "b")])
    assert compiled.exit_code == python.exit_code == 0, compiled.stderr + python.stderr
    figures, without = json.loads(compiled.stdout), json.loads(python.stdout)
    assert figures.pop("engine") == {"path": "compiled"} and without.pop("engine")["cause"] == native.OFF
    assert figures == without  # the same figures: only the path the record names differs


def test_a_compiler_that_fails_leaves_the_python_path(tmp_path, monkeypatch):
    """A build that fails is no error: the library is None, says why, and the game plays in Python."""
    source = tmp_path / "fastplay.c"
    shutil.copy(grawlix_fast.SOURCE, source)
    monkeypatch.setenv("CC", "false")
    assert native.load(source) is None and "compiler" in (native.why_not(source) or "")
    monkeypatch.setattr(grawlix_fast, "SOURCE", source)
    games = GrawlixPlaytester(Rules(TILE_SET, 6, 6, 4)).play_many(("greedy", "random"), random.Random(1), 20)
    python = [GrawlixPlaytester(Rules(TILE_SET, 6, 6, 4)).play(("greedy", "random"), random.Random(1))]
    assert games.count == 20 and python[0].length == games.lengths[0]


# --- a game of one's own ----------------------------------------------------------------------------


@needs_compiler
@pytest.mark.parametrize("strategies", [("random", "random"), ("search", "random", "greedy")])
def test_a_toy_game_with_its_own_c_file_plays_its_python_games(strategies):
    toy, reference = CompiledNim(stones=23, dummies=1), Nim(stones=23, dummies=1)
    a, b = random.Random(4), random.Random(4)
    compiled, python = toy.play_many(strategies, a, 400), reference.play_many(strategies, b, 400)
    assert (compiled.winners == python.winners).all() and (compiled.lengths == python.lengths).all()
    assert all((compiled.measures[k] == python.measures[k]).all() for k in python.measures)
    assert same_generators(a, b)
    assert figures(toy, strategies, 1000) == figures(reference, strategies, 1000)


def test_the_generator_is_carried_to_c_and_back_unchanged_when_c_draws_nothing():
    rng = random.Random("carried")
    before = rng.getstate()
    with native.carried(rng):
        pass
    assert rng.getstate() == before
