"""Rule sweeps (playtest --vary): parsing, variants and refusals, each figure against a reference
computed game by game, the command's files (JSON, heat maps, PDF, the suggested rules.toml), bad
input, and the same figures on one worker, every core and a Dask cluster."""

from __future__ import annotations

import json
import math
import random
import statistics
import tomllib
from collections import Counter

import pypdf
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.playtest.protocol import GameResult
from grawlix_print.playtest.runner import InlineExecutor, Job, Outcome, Pool, open_pool, run_many
from grawlix_print.playtest.stats import wilson
from grawlix_print.playtest.sweep import (
    MAX_VARIANTS,
    Varied,
    parse_criterion,
    parse_vary,
    suggestion,
    sweep_figures,
    sweep_record,
    variants,
)
from grawlix_print.playtest.tally import Tally

from conftest import TEMPLATES
from playtest_toys import Nim

Z = 1.959963984540054


# --- parsing ----------------------------------------------------------------------------------------


def test_values_are_ranges_and_lists_in_the_order_given():
    assert parse_vary("hand_size=2..6") == Varied("hand_size", (2, 3, 4, 5, 6))
    assert parse_vary(" max_rows = 7,5, 6 ") == Varied("max_rows", (7, 5, 6))
    assert parse_vary("dummies=0,1..2,1") == Varied("dummies", (0, 1, 2))
    assert parse_vary("moon_bonus=-1..1") == Varied("moon_bonus", (-1, 0, 1))


@pytest.mark.parametrize("text, message", [
    ("hand_size", "write KEY=VALUES"),
    ("=3", "write KEY=VALUES"),
    ("hand_size=6..2", "--vary hand_size: the range 6..2 is empty"),
    ("hand_size=2,,3", "--vary hand_size: a value is missing"),
    ("hand_size=two", "--vary hand_size: 'two' is no whole number"),
    ("hand_size=2.5", "--vary hand_size: '2.5' is no whole number"),
    ("hand_size=1..5000", "--vary hand_size: the range 1..5000 holds 5,000 values"),
])  # fmt: skip
def test_a_bad_vary_is_one_error_naming_its_key(text, message):
    with pytest.raises(StudioError) as caught:
        parse_vary(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_criteria():
    assert parse_criterion("balance").target == 0 and parse_criterion("balance").figure.key == "first_seat_advantage"
    found = parse_criterion("dummy_wins=25")
    assert found.figure.key == "dummy_win_rate" and found.target == 0.25
    assert parse_criterion("length=20").target == 20.0
    for bad in ("fairness", "length", "length=soon", "length=nan"):
        with pytest.raises(StudioError, match="--suggest"):
            parse_criterion(bad)


# --- variants ---------------------------------------------------------------------------------------


def test_variants_are_every_combination_refused_ones_listed():
    found = variants(Nim(stones=10), [Varied("stones", (2, 3, 9)), Varied("dummies", (0, 1))], 2, 1)
    assert [dict(v.changes) for v in found] == [
        {"stones": s, "dummies": d} for s in (2, 3, 9) for d in (0, 1)
    ]
    refused = [dict(v.changes) for v in found if v.playtester is None]
    assert refused == [{"stones": 2, "dummies": 1}]  # two stones for three seats: the toy refuses it
    assert "2 stones for 3 seats" in next(v.refused for v in found if v.playtester is None)
    made = next(v.playtester for v in found if v.changes == {"stones": 9, "dummies": 1})
    assert made.rules() == {"stones": 9} and made.seat_count(2) == 3


@pytest.mark.parametrize("varied, message", [
    ([Varied("pile", (3,))], "--vary pile: unknown key (known: stones, dummies)"),
    ([Varied("stones", (3, 0))], "--vary stones: out of range: 0"),
    ([Varied("stones", (3,)), Varied("stones", (4,))], "--vary stones: given twice"),
    ([Varied("stones", tuple(range(1, 101))), Varied("dummies", tuple(range(11)))],
     f"1,100 variants, more than the {MAX_VARIANTS:,}"),
    ([Varied("stones", (1,))], "every variant is refused"),
])  # fmt: skip
def test_variants_a_game_never_takes_stop_the_sweep(varied, message):
    with pytest.raises(StudioError, match=message.replace("(", r"\(").replace(")", r"\)")):
        variants(Nim(), varied, 2, 1)


def test_the_built_in_games_vary_their_rules_and_refuse_what_their_rules_refuse():
    from grawlix_print.games import game

    grawlix = game("grawlix").playtester()
    assert grawlix.variant({"hand_size": 5, "max_rows": 4}, 2).rules()["max_rows"] == 4
    with pytest.raises(StudioError, match="positive integer"):
        grawlix.variant({"hand_size": 0}, 2)
    found = variants(grawlix, [Varied("hand_size", (4, 19))], 2, 1)
    assert "needs 38 tiles for two hands" in found[1].refused
    found = variants(grawlix, [Varied("max_rows", (1, 2)), Varied("max_columns", (1,))], 2, 1)
    assert "every game ends at once" in found[0].refused and found[1].playtester is not None
    permutations = game("permutations").playtester()
    two_seats = permutations.variant({"dummies": 0}, 2)
    assert two_seats.seat_count(2) == 2 and two_seats.dummy_seats(2) == () and two_seats.rules()["dummies"] == 0
    found = variants(permutations, [Varied("dummies", (1, 3, 4))], 2, 1)
    assert found[0].playtester is not None
    assert "don't deal evenly to 5 seats" in found[1].refused and "seat at most 5" in found[2].refused
    with pytest.raises(StudioError, match="at most 1,000"):
        permutations.variant({"sun_penalty": 5000}, 2)


# --- the figures, against a reference game by game ---------------------------------------------------


class Coin:
    """A toy whose winners are drawn, shared wins and a dummy included: seat 0 wins with weight 3,
    each other seat with weight 2, and one game in five is shared by two seats."""

    def __init__(self, players: int = 3, dummies: int = 1) -> None:
        self.players, self.dummies = players, dummies

    def game(self, rng: random.Random) -> tuple[int, ...]:
        seats = self.players + self.dummies
        first = rng.choices(range(seats), weights=[3] + [2] * (seats - 1))[0]
        if rng.random() < 0.2:
            return tuple(sorted({first, rng.randrange(seats)}))
        return (first,)


def test_sweep_figures_match_a_reference_computed_game_by_game():
    coin, rng = Coin(), random.Random(5)
    games = [coin.game(rng) for _ in range(4000)]
    leads = [rng.randrange(0, 7) for _ in games]
    tally = Tally(4)
    for winners, lead in zip(games, leads):
        tally.add(GameResult(winners, 10 + len(winners), points=(lead, 0, 0, 0)), ("random", "random", "random", None))
    job = Job(Nim(dummies=1), 3, ("random",) * 3, len(games), 1)
    found = sweep_figures(job, Outcome(tally, len(games), False))
    # The first player's advantage: per game, its win minus the mean of the other two players' wins.
    per_game = [(0 in w) - ((1 in w) + (2 in w)) / 2 for w in games]
    mean, spread = statistics.fmean(per_game), statistics.stdev(per_game) / math.sqrt(len(games))
    assert found["first_seat_advantage"] == pytest.approx(mean, abs=1e-6)
    assert found["first_seat_ci95"] == pytest.approx([mean - Z * spread, mean + Z * spread], abs=1e-6)
    assert found["balanced"] is (abs(mean / spread) < Z)
    shared = sum(1 < len(w) < 4 for w in games)  # won by some seats together, not by all four
    assert found["shared_win_rate"] == pytest.approx(shared / len(games), abs=1e-6)
    assert found["shared_win_ci95"] == pytest.approx(list(wilson(shared, len(games))), abs=1e-6)
    assert found["draw_rate"] == 0  # a game always has a winner here
    dummy = sum(3 in w for w in games)
    assert found["dummy_win_rate"] == pytest.approx(dummy / len(games), abs=1e-6)
    lengths = [10 + len(w) for w in games]
    assert found["mean_length"] == pytest.approx(statistics.fmean(lengths), abs=1e-6)
    # The lead over the next seat: the points are (lead, 0, 0, 0), so the best seat leads by ``lead``.
    assert found["mean_lead"] == pytest.approx(statistics.fmean(leads), abs=1e-6)


def test_a_length_every_game_shares_has_no_interval_and_an_even_game_is_balanced():
    tally = Tally(2)
    for n in range(1000):
        tally.add(GameResult((n % 2,), 33), ("random", "random"))
    found = sweep_figures(Job(Nim(), 2, ("random", "random"), 1000, 1), Outcome(tally, 1000, False))
    assert found["mean_length"] == 33 and found["length_ci95"] is None
    assert found["first_seat_advantage"] == 0 and found["balanced"] is True and found["draw_rate"] == 0


def test_the_suggestion_is_the_variant_nearest_the_target():
    record = {"variants": [
        {"rules": {"k": 1}, "first_seat_advantage": 0.03, "first_seat_ci95": [0.01, 0.05]},
        {"rules": {"k": 2}, "refused": "no"},
        {"rules": {"k": 3}, "first_seat_advantage": -0.01, "first_seat_ci95": [-0.04, 0.02]},
        {"rules": {"k": 4}, "first_seat_advantage": 0.01, "first_seat_ci95": [-0.01, 0.03]},
    ]}  # fmt: skip
    assert suggestion(record, parse_criterion("balance"))["rules"] == {"k": 4}  # as near as k 3, narrower
    assert suggestion(record, parse_criterion("first_seat=3"))["rules"] == {"k": 1}
    assert suggestion(record, parse_criterion("dummy_wins=20")) is None


def test_the_suggested_rules_keep_the_file_and_change_only_the_values():
    from grawlix_print.games.rules_file import RulesFile

    text = (TEMPLATES / "rules.toml").read_text()
    made, missing = RulesFile(TEMPLATES / "rules.toml").suggested(text, {"hand_size": 3, "max_rows": 7, "dummies": 1},
                                                                  "a note")  # fmt: skip
    assert missing == ["dummies"]
    assert tomllib.loads(made) == {**tomllib.loads(text), "hand_size": 3, "max_rows": 7}
    assert made.startswith("# a note\n") and made.count("\n") == text.count("\n") + 1
    kept = [line for line in text.splitlines() if line.startswith("#")]
    assert all(line in made.splitlines() for line in kept)


# --- the command ---------------------------------------------------------------------------------------


def sweep(*args: str):
    return CliRunner().invoke(main, ["playtest", *args])


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep")
    result = sweep("--vary", "hand_size=2..4,19", "--vary", "max_rows=5,6", "--games", "3000", "--json",
                   "--suggest", "-o", str(out))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return out / "playtest", json.loads(result.stdout)


def test_the_command_writes_the_sweep_and_its_suggestion(swept):
    folder, record = swept
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["sweep-first-seat.png", "sweep-grid-full.png", "sweep-length.png", "sweep-rules.toml",
                     "sweep-supply-out.png", "sweep.json", "sweep.pdf"]  # Grawlix's own figures: two flags
    assert json.loads((folder / "sweep.json").read_text()) == record
    assert record["varied"] == {"hand_size": [2, 3, 4, 19], "max_rows": [5, 6]} and len(record["variants"]) == 8
    refused = [v for v in record["variants"] if v.get("refused")]
    assert [v["rules"] for v in refused] == [{"hand_size": 19, "max_rows": 5}, {"hand_size": 19, "max_rows": 6}]
    played = [v for v in record["variants"] if not v.get("refused")]
    for row in played:  # each variant's figures are its own playtest's, the same games
        assert row["games"] == 3000 == row["figures"]["games"]
        rates = row["figures"]["seat_win_rate"]
        assert row["first_seat_advantage"] == pytest.approx(rates[0] - rates[1], abs=2e-6)
        for key in ("grid_full_rate", "supply_out_rate", "draw_rate"):  # the game's own figures, and draws (none)
            assert row[key] == row["figures"][key]
        assert row["balanced"] == (row["first_seat_ci95"][0] <= 0 <= row["first_seat_ci95"][1])
    chosen = record["suggestion"]["rules"]
    best = min(played, key=lambda v: abs(v["first_seat_advantage"]))
    assert chosen == best["rules"]
    written = tomllib.loads((folder / "sweep-rules.toml").read_text())
    assert written == {**tomllib.loads((TEMPLATES / "rules.toml").read_text()), **chosen}


def test_the_sweep_pdf_holds_every_variant_and_its_marks(swept):
    folder, record = swept
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(folder / "sweep.pdf").pages)
    assert "Grawlix rule sweep" in text and "Suggested" in text
    balanced = sum(bool(v.get("balanced")) for v in record["variants"])
    assert text.count(" balanced") >= balanced
    for row in record["variants"]:
        if row.get("refused"):
            assert "needs 38 tiles" in text
            continue
        value = f"{100 * row['first_seat_advantage']:+.1f}"
        value = "0.0" if float(value) == 0 else value  # a value that rounds to nothing is no -0.0
        shown = f"{value} [{100 * row['first_seat_ci95'][0]:.1f}, "
        assert shown in text, shown


def test_the_heat_map_is_a_picture_of_the_grid(swept):
    from PIL import Image

    folder, _ = swept
    image = Image.open(folder / "sweep-first-seat.png")
    assert image.format == "PNG" and image.width >= 1200
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert len(colours) > 20  # a cell per variant, each its own shade


@pytest.mark.parametrize("args, message", [
    (["--vary", "hand_sizes=2..4"], "--vary hand_sizes: unknown key (known: max_rows, max_columns, hand_size)"),
    (["--vary", "hand_size=4..2"], "--vary hand_size: the range 4..2 is empty"),
    (["--vary", "hand_size=0..3"], "--vary hand_size: must be a positive integer, not 0"),
    (["--vary", "hand_size=1..40", "--vary", "max_rows=1..30"], "1,200 variants, more than the 1,000"),
    (["--vary", "hand_size=19,20"], "every variant is refused"),
    (["--vary", "hand_size=2..4", "--games", "10000000", "--strategy", "search", "--budget", "100000"],
     "under each of 3 settings would take about"),
    (["--suggest"], "--suggest needs --vary"),
    (["--vary", "hand_size=2..3", "--suggest", "soon"], "--suggest: 'soon' is no criterion"),
])  # fmt: skip
def test_bad_sweeps_are_one_line_and_write_nothing(tmp_path, args, message):
    result = sweep(*args, "-o", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""
    assert not (tmp_path / "out").exists()


def test_permutations_sweeps_its_dummies_and_names_what_rules_toml_cannot_hold(tmp_path):
    result = sweep("--game", "permutations", "--vary", "dummies=1..3", "--vary", "moon_bonus=5,9", "--games", "2000",
                   "--suggest", "dummy_wins=90", "-o", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    record = json.loads((tmp_path / "playtest" / "sweep.json").read_text())
    assert [v["rules"]["dummies"] for v in record["variants"] if v.get("refused")] == [3, 3]
    lengths = {v["rules"]["dummies"]: v["mean_length"] for v in record["variants"] if not v.get("refused")}
    assert lengths == {1: 45, 2: 33}  # 48 cards: three seats hold 15 each, four seats 11, three rounds
    assert all(v["length_ci95"] is None for v in record["variants"] if not v.get("refused"))
    assert "dummies 1 is a table setting, not a key of rules.toml: sweep-rules.toml leaves it out" in result.stderr
    written = tomllib.loads((tmp_path / "playtest" / "sweep-rules.toml").read_text())
    assert "dummies" not in written and written["moon_bonus"] == record["suggestion"]["rules"]["moon_bonus"]


def test_a_sweep_is_the_same_on_one_worker_every_core_and_a_cluster():
    distributed = pytest.importorskip("distributed")
    varied = [Varied("stones", (9, 12, 17)), Varied("dummies", (0, 1))]
    found = variants(Nim(), varied, 2, 3)
    jobs = [Job(v.playtester, 2, ("random", "greedy"), 700, 3, rotate=True) for v in found if v.playtester]

    def record(pool) -> str:
        outcomes = run_many(jobs, pool)
        return json.dumps(sweep_record(Nim(), varied, found, jobs, outcomes, 700, 3, 2, ("random", "greedy"), True),
                          sort_keys=True)  # fmt: skip

    one = record(Pool(InlineExecutor(), 1))
    with open_pool(2) as pool:
        assert record(pool) == one
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=2, dashboard_address=None) as cluster:
        with open_pool(scheduler=cluster.scheduler_address) as pool:
            assert record(pool) == one
    assert Counter(row.get("refused", "") == "" for row in json.loads(one)["variants"]) == Counter({True: 6})
