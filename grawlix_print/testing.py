"""The contract suites: what a plug-in of each seam must hold to, as checks any test runner can call.

A plug-in's own tests run it (``grawlix-print new`` writes such a test)::

    import pytest
    from grawlix_print.testing import CHECKS, run_check

    @pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
    def test_contract(check):
        run_check("my-game", check)

and this repository runs it over every installed game. Each check takes a
game (bound to its own templates) and raises ``AssertionError`` saying what is
wrong; none writes outside a temporary folder. ``check_kit`` builds the
paper products (a few seconds); the others are quick.

The other seams have theirs, each run the same way: ``PRODUCT_CHECKS``
(``run_product_check(name, check, game)``), ``IMPOSITION_CHECKS``
(``run_imposition_check``) and ``ELEMENT_CHECKS`` (``run_element_check``): the
guides (``docs/writing-a-product.md``...) say what each checks.
"""

from __future__ import annotations

import io
import random
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .errors import StudioError
from .games import game, game_class
from .games.base import Game
from .pieces.faces import PieceFace
from .pieces.kinds import PieceKind
from .playtest import DEFAULT_SEED
from .playtest.runner import batch_seed

Check = Callable[[Game], None]
PLAYTEST_GAMES = 12
"""Games each strategy plays in ``check_playtest``: enough to meet an ending of every sort in a small game."""
REPLAYED_GAMES = 3
"""Of those, the games played again from the same seed to show they come out the same: a player that
reads anything but its random source goes astray within a game or two, and a slow search would
otherwise pay for every game twice."""
CHECK_BUDGET = 100
"""The search budget ``check_playtest`` plays with (``Game.playtester(budget)``): what it checks holds at
any budget, and a game's default is chosen for strength (Permutations' search took 30 s to play its
games at its default of 1,000 roll-outs a card, 7 s at this)."""
FACE_DPI = 60


def check_identity(g: Game) -> None:
    """The class names itself and says what it is in a line; its templates name the same game; its title is words."""
    cls = type(g)
    assert isinstance(getattr(cls, "name", None), str) and cls.name, f"{cls.__name__} has no name (a str class attribute)"
    assert isinstance(getattr(cls, "summary", None), str) and cls.summary, f"{cls.__name__} has no summary (one line)"
    assert "\n" not in cls.summary, f"{cls.__name__}.summary is more than one line"
    assert isinstance(g.title, str) and g.title.strip(), f"{cls.name}: the title is {g.title!r}"
    from .games.templates import game_named_by

    named = game_named_by(g.templates)
    assert named == cls.name, f"{g.templates}/components.toml names the game {named!r}, not {cls.name!r}"


def check_reads(g: Game) -> None:
    """``check()`` reads and checks everything a build needs, with no fault."""
    g.check()


def check_kinds(g: Game) -> None:
    """Piece kinds are well formed: distinct names, faces and backs of the kind's size, distinct face names."""
    kinds = g.piece_kinds()
    assert isinstance(kinds, tuple), f"piece_kinds() gave a {type(kinds).__name__}, not a tuple"
    assert all(isinstance(k, PieceKind) for k in kinds), "piece_kinds() gave something that is not a PieceKind"
    names = [k.name for k in kinds]
    assert len(set(names)) == len(names), f"two kinds share a name: {names}"
    for kind in kinds:
        faces = (*kind.faces, *kind.backs.values())
        assert all(isinstance(f, PieceFace) for f in faces), f"{kind.name}: a face is not a PieceFace"
        for face in faces:
            assert abs(face.width - kind.width) < 1e-6 and abs(face.height - kind.height) < 1e-6, (
                f"{kind.name}: {face.name} is {face.width:g} x {face.height:g} mm, the kind {kind.width:g} x {kind.height:g} mm"
            )
        face_names = [f.name for f in kind.faces]
        assert len(set(face_names)) == len(face_names), f"{kind.name}: two faces share a name"


def _rendered(face: PieceFace, bleed: float, marking: str) -> bytes:
    from .pieces.raster import render

    buffer = io.BytesIO()
    render(face, marking, dpi=FACE_DPI).with_bleed(bleed).save(buffer, "PNG")
    return buffer.getvalue()


def check_faces(g: Game) -> None:
    """Every face and back draws with every marking its kind offers, the same twice, and one with a
    ground covers its bleed (its corners are not the paper's white)."""
    from .drawing.bitmaps import decoded

    for kind in g.piece_kinds():
        for face in (*kind.faces, *kind.backs.values()):
            for marking in kind.markings:
                first = _rendered(face, 2.0, marking)
                assert first == _rendered(face, 2.0, marking), f"{kind.name}: {face.name} draws differently twice"
            if face.ground is not None:
                image = decoded(first, "RGB")
                w, h = image.size
                for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
                    assert image.getpixel(corner) != (255, 255, 255), (
                        f"{kind.name}: {face.name} has a ground but leaves its bleed white at {corner}"
                    )


def check_presentation(g: Game) -> None:
    """The rulebook's imposition is one the rules in print know, and it loads."""
    from .products.leaflet.impositions import imposition

    try:
        imposition(g.presentation().imposition)
    except StudioError as error:
        raise AssertionError(str(error)) from None


def check_rulebook(g: Game) -> None:
    """The rulebook reads: every placeholder, condition, claim and figure answers (or one line says why not)."""
    try:
        text = g.rulebook()
    except StudioError as error:
        if "no rules to print" in str(error):  # a game that prints only pieces (the tests' toy)
            return
        raise AssertionError(f"the rulebook does not read: {error}") from None
    assert text.sections, "the rulebook has no sections"


def check_playtest(g: Game) -> None:
    """Each strategy plays whole games to the end; winners are seats; the same seed plays the same games
    (a search thinking within ``CHECK_BUDGET``, its games checked as the default budget's would be).
    A playtester that plays move by move (``EnginePlaytester``) plays every game with every check, twice:
    each move legal, no state changed by a player or by ``play``, ``moves`` empty exactly when
    ``outcome`` says the game is over, the same game from the same seed (``playtest.checked``)."""
    try:
        default = g.playtester()
    except StudioError:
        return  # no players: nothing to playtest
    tester = g.playtester(CHECK_BUDGET)  # as `playtest --budget` asks for it
    assert tester.strategies and "random" in tester.strategies, f"strategies {tester.strategies} lack 'random'"
    assert tester.strategies == default.strategies, f"with a budget the strategies are {tester.strategies}, not {default.strategies}"
    players = tester.player_counts[0]
    checked = getattr(tester, "checked_game", None)
    for strategy in tester.strategies:
        line = [strategy] * players
        try:
            if checked is not None:  # the first games `playtest --strategy STRATEGY` plays: its fault, its line
                rng = random.Random(batch_seed(DEFAULT_SEED, 0))
                first = []
                for _ in range(PLAYTEST_GAMES):
                    first.append(checked(line, rng, every_check=True))
                    tester.play(line, rng)  # on to the next game
            else:
                first = [tester.play(line, random.Random(seed)) for seed in range(PLAYTEST_GAMES)]
                again = [tester.play(line, random.Random(seed)) for seed in range(REPLAYED_GAMES)]
                assert first[:REPLAYED_GAMES] == again, f"{strategy}: the same seed played different games"
        except StudioError as fault:  # the line the playtest prints, as the check's failure
            raise AssertionError(str(fault)) from None
        seats = tester.seat_count(players)
        for result in first:
            assert all(0 <= seat < seats for seat in result.winners), f"{strategy}: winners {result.winners} are not seats"
            assert result.length >= 0, f"{strategy}: a game of {result.length} turns"


def check_kit(g: Game) -> None:
    """The paper products build (A4) into a fresh folder, each with at least one file."""
    from .kit import build_all
    from .kit.plan import working
    from .products import offered

    # what all builds unasked: not one with nothing to make by default (errata, without a previous version)
    products = [p.name for p in working(g, offered(g), None, asked=False) if p.name != "3d"]
    with tempfile.TemporaryDirectory(prefix="grawlix-contract-") as folder:
        written = build_all(Path(folder), game=g, only=products, papers=("a4",))
        assert written, "the kit holds no file"
        for name in products:
            assert any(name in Path(w.path).relative_to(folder).parts[:1] for w in written), f"{name} wrote no file"


CHECKS: tuple[Check, ...] = (
    check_identity, check_reads, check_kinds, check_faces, check_presentation, check_rulebook, check_playtest, check_kit,
)  # fmt: skip
"""Every check, in the order a new plug-in usually passes them."""


def run_check(name: str, check: Check) -> None:
    """Run one check over the installed game called ``name``, bound to its own templates."""
    game_class(name)  # a plug-in that does not load fails here, in one line
    check(game(name))


def check_game(name: str, checks: tuple[Check, ...] = CHECKS) -> None:
    """Every check over the installed game called ``name``."""
    for check in checks:
        run_check(name, check)


# --- layout elements: a type of element a game of tables' layouts may draw ------------------------

ElementCheck = Callable[[Any], None]
"""A check of one type of layout element (a ``LayoutElement`` of ``games.spreadsheet.elements``)."""
ELEMENT_BOX = (6.0, 10.0, 51.5, 30.0)
"""Where an element is drawn on the poker card of ``element_game``: x, y, width and height in mm."""


def element_game(kind: Any, folder: Path, table: Mapping[str, Any] | None = None, row: Mapping[str, str] | None = None) -> Game:
    """A game of tables in ``folder`` whose one card draws one element of ``kind`` (its ``example``,
    or ``table``'s keys) in a box of its own, for a row of ``row``'s cells (``example_row``): the
    built-in game of tables' pictures and icons beside it."""
    import csv
    import shutil

    given = dict(kind.example if table is None else table)
    cells = {"piece": "1", **(kind.example_row if row is None else row)}  # a first column, never empty
    own = game_class("spreadsheet").builtin_templates()
    folder.mkdir(parents=True, exist_ok=True)
    for shared in ("art", "icons"):
        if (own / shared).is_dir():
            shutil.copytree(own / shared, folder / shared, dirs_exist_ok=True)
    (folder / "components.toml").write_text(
        'game = "spreadsheet"\ntitle = "Layout element check"\n\n'
        '[kinds.checks]\nform = "card"\nsize = "poker"\ntable = "checks.csv"\nlayout = "check"\n'
    )
    with (folder / "checks.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(list(cells))
        writer.writerow(list(cells.values()))
    lines = [f"[boxes]\nhere = {list(ELEMENT_BOX)}\n", "[[elements]]", f"type = {_toml(kind.type)}"]
    if "box" not in given:
        lines.append('box = "here"')
    lines += [f"{key} = {_toml(value)}" for key, value in given.items()]
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "check.toml").write_text("\n".join(lines) + "\n")
    return game(templates=folder)


def _toml(value: object) -> str:
    """A value as a layout file writes it (strings, numbers, booleans, lists; a dict as an inline table)."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value)


def _face(kind: Any, folder: Path, **given: Any) -> PieceFace:
    return element_game(kind, folder, **given).piece_kinds()[0].faces[0]


def check_element_example(kind: Any) -> None:
    """Its ``example`` is read and draws something for ``example_row``: the card, blank without it,
    is not blank."""
    from .drawing.bitmaps import decoded

    with tempfile.TemporaryDirectory(prefix="grawlix-element-") as folder:
        try:
            face = _face(kind, Path(folder))
        except StudioError as error:
            raise AssertionError(f"{kind.type}: its example does not draw: {error}") from None
        darkest = decoded(_rendered(face, 0.0, "none"), "L").getextrema()[0]
    assert isinstance(darkest, (int, float)) and darkest < 250, f"{kind.type}: its example draws nothing on the card"


def check_element_deterministic(kind: Any) -> None:
    """The example drawn twice, from two readings of its layout, is the same picture."""
    with tempfile.TemporaryDirectory(prefix="grawlix-element-") as folder:
        first = _rendered(_face(kind, Path(folder) / "a"), 2.0, "none")
        second = _rendered(_face(kind, Path(folder) / "b"), 2.0, "none")
    assert first == second, f"{kind.type}: the same element draws differently twice"


def check_element_empty_row(kind: Any) -> None:
    """A row whose cells are all empty is drawn without a fault (an empty cell draws nothing, or its
    default), or refused in one line naming the layout and the column."""
    with tempfile.TemporaryDirectory(prefix="grawlix-element-") as folder:
        row = {column: "" for column in kind.example_row} or None
        try:
            _rendered(_face(kind, Path(folder), row=row), 0.0, "none")
        except StudioError as error:
            assert "\n" not in str(error) and "check.toml" in str(error), f"{kind.type}: an empty row: {error}"


def check_element_refuses(kind: Any) -> None:
    """Each of its keys given a value of the wrong sort (a table) is refused in one line naming that
    key of the layout, before anything is drawn: never another exception."""
    for key in kind.keys:
        with tempfile.TemporaryDirectory(prefix="grawlix-element-") as folder:
            try:
                element_game(kind, Path(folder), {**kind.example, key: {"wrong": True}}).piece_kinds()
            except StudioError as error:
                message = str(error)
                assert f"elements[1].{key}" in message and "\n" not in message, f"{kind.type}.{key}: {message}"
                continue
            except Exception as error:  # the check's whole point: a type's bug, worded for its author
                raise AssertionError(f"{kind.type}.{key} = {{ wrong = true }} raised {type(error).__name__}: {error},"
                                     " not a StudioError naming the key") from None  # fmt: skip
            raise AssertionError(f"{kind.type}.{key} = {{ wrong = true }} was taken")


ELEMENT_CHECKS: tuple[ElementCheck, ...] = (check_element_example, check_element_deterministic, check_element_empty_row,
                                            check_element_refuses)  # fmt: skip
"""Every check of a type of layout element; ``run_element_check`` runs one over an installed type."""


def run_element_check(name: str, check: ElementCheck) -> None:
    """Run one check over the type of layout element called ``name`` (a plug-in's that does not load,
    or that declares itself wrongly, fails here in one line)."""
    from .registry import seam

    elements = seam("layout element")
    assert name in elements, f"no layout element {name!r} is installed (types: {', '.join(elements.names())})"
    try:
        kind = elements.load(name)
    except StudioError as error:
        raise AssertionError(str(error)) from None
    check(kind)


# --- products and impositions: what a plug-in that writes files holds to ---------------------------


def _files(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (its path below it) and its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _json_values(params: object, what: str) -> None:
    import json

    try:
        json.dumps(params, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise AssertionError(f"{what}: its params are not JSON values (the manifest stores them): {error}") from None


ProductCheck = Callable[[Any, Game], None]
"""A check of one product (a ``products.Product``) made from a game it offers."""


def _jobs(made: Any, g: Game, papers: tuple[str, ...] = ("a4",)) -> list:
    from .kit.plan import options_for

    return made.jobs(g, list(papers) if made.papers else [], options_for(made, None))


def _elsewhere(who: str, out: Path, build: Callable[[Path], list]) -> list:
    """``build(out)`` run from a working folder of its own beside ``out`` (made, resolved), which it
    must leave empty: a plug-in that writes where it stands writes into the user's folder."""
    import contextlib

    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = out.parent / "working-folder"
    work.mkdir(exist_ok=True)
    with contextlib.chdir(work):
        written = build(out)
    assert not any(work.iterdir()), f"{who} wrote into the working folder: {sorted(p.name for p in work.iterdir())}"
    return written


def _recorded(who: str, written: list, folder: Path) -> set[str]:
    """The files ``written`` names, below ``folder``: each inside it, with a kind and JSON params, and
    exactly the files there are."""
    folder = folder.resolve()
    assert written, f"{who} wrote nothing"
    recorded = set()
    for item in written:
        path = Path(item.path).resolve()
        assert path.is_relative_to(folder), f"{who} says it wrote {item.path}, outside {folder}"
        recorded.add(path.relative_to(folder).as_posix())
        assert isinstance(item.kind, str) and item.kind, f"{who}: {item.path} has no kind"
        _json_values(item.params, f"{who}: {item.path}")
    on_disk = set(_files(folder))
    assert on_disk <= recorded, f"{who} wrote {sorted(on_disk - recorded)} without saying so"
    assert recorded <= on_disk, f"{who} says it wrote {sorted(recorded - on_disk)}, which are not there"
    return recorded


def _run_all(made: Any, g: Game, out: Path) -> list:
    """Every job of the product run straight into ``out`` (as a kit's step runs it, unstaged), from a
    working folder of its own: what each job returns."""
    return _elsewhere(made.name, out, lambda into: [item for job in _jobs(made, g) for item in made.run(g, into, job.params)])


def check_product_declares(made: Any, g: Game) -> None:
    """Its name, one-line summary and heading; options a frozen dataclass of settings, each with a
    default (its command and ``grawlix.toml`` table are made of them); the game is offered; its jobs
    have names of their own and JSON params."""
    import dataclasses

    from .cli.products import command_for
    from .kit.plan import options_for

    for attribute in ("name", "summary", "heading"):
        value = getattr(made, attribute, None)
        assert isinstance(value, str) and value.strip(), f"{type(made).__name__}.{attribute} is {value!r}, not words"
    assert "\n" not in made.summary, f"{made.name}: the summary is more than one line"
    options = made.options
    frozen = dataclasses.is_dataclass(options) and getattr(options, "__dataclass_params__").frozen
    assert frozen, f"{made.name}: options {options!r} is not a frozen dataclass"
    options_for(made, None)  # every field has its default
    assert command_for(made).name == made.command_name(), f"{made.name}: its command is not {made.command_name()}"
    assert made.offers(g) is True, f"{made.name} does not offer {g.name}: check it with a game it offers"
    jobs = _jobs(made, g)
    assert jobs, f"{made.name} has no job for {g.name}"
    names = [job.name for job in jobs]
    assert len(set(names)) == len(names), f"{made.name}: two jobs share a name: {names}"
    for job in jobs:
        _json_values(job.params, f"{made.name}: job {job.name}")


def check_product_writes_and_records(made: Any, g: Game) -> None:
    """Each job writes only into the product's folder (and previews into ``previews/``), from any
    working folder, and returns every file it wrote, each with its kind and JSON params."""
    from .products.base import PREVIEWS

    with tempfile.TemporaryDirectory(prefix="grawlix-product-") as folder:
        out = Path(folder) / "kit"
        recorded = _recorded(made.name, _run_all(made, g, out), out)
        outside = sorted(p for p in recorded if p.split("/")[0] not in (made.name, PREVIEWS))
        assert not outside, f"{made.name} wrote {outside}: outside {made.name}/ and {PREVIEWS}/"
        assert set(_files(Path(folder))) == {f"kit/{p}" for p in recorded}, f"{made.name} wrote beside the kit's folder"


def check_product_describes(made: Any, g: Game) -> None:
    """Every file it writes (previews aside: the index shows them) is described for the kit's index:
    a title, and how to print or use it."""
    from .products.base import Entry

    with tempfile.TemporaryDirectory(prefix="grawlix-product-") as folder:
        out = Path(folder) / "kit"
        written = _run_all(made, g, out)
    for item in written:
        if item.kind in ("preview", "web-preview"):
            continue
        record = {"path": Path(item.path).resolve().relative_to(out.resolve()).as_posix(), "kind": item.kind, "params": item.params}
        entry = made.describe(record)
        assert isinstance(entry, Entry) and entry.title.strip(), f"{made.name}: {record['path']} is not described ({entry!r})"


def check_product_deterministic(made: Any, g: Game) -> None:
    """Built twice into the same folder (a file may name where it is: Tabletop Simulator's do), every
    file is the same bytes."""
    import shutil

    with tempfile.TemporaryDirectory(prefix="grawlix-product-") as folder:
        out = Path(folder) / "kit"
        _run_all(made, g, out)
        one = _files(out)
        shutil.rmtree(out)
        _run_all(made, g, out)
        two = _files(out)
    assert set(one) == set(two), f"{made.name} wrote other files the second time"
    differ = sorted(name for name in one if one[name] != two[name])
    assert not differ, f"{made.name}: {differ} differ between two builds of the same game"


def check_product_all_or_nothing(made: Any, g: Game) -> None:
    """A build that fails (here: after its first job wrote its files) leaves the kit's folder as it
    was: the product writes only where the kit stages it, and the kit switches nothing in."""
    from .kit import build_product
    from .registry import seam

    with tempfile.TemporaryDirectory(prefix="grawlix-product-") as folder:
        out = Path(folder) / "kit"
        build_product(made.name, out, game=g, papers=("a4",))
        (out / "manifest.json").unlink()  # so every step is built again
        before = _files(Path(folder))
        real = made.run

        def failing(game: Game, into: Path, params: dict) -> list:
            real(game, into, params)
            raise StudioError("a fault injected by the contract suite, after the job wrote its files")

        made.run = failing
        try:
            build_product(made.name, out, game=g, papers=("a4",))
        except StudioError:
            pass
        else:
            raise AssertionError(f"{made.name}: the build with a fault injected did not fail")
        finally:
            del made.run
            seam("product").clear()
        after = _files(Path(folder))
    assert after == before, f"{made.name}: a failed build changed {sorted(set(before) ^ set(after)) or 'files'}"


PRODUCT_CHECKS: tuple[ProductCheck, ...] = (check_product_declares, check_product_writes_and_records, check_product_describes,
                                            check_product_deterministic, check_product_all_or_nothing)  # fmt: skip
"""Every check of a product; ``run_product_check`` runs one over an installed product and a game."""


def run_product_check(name: str, check: ProductCheck, game_name: str | Game | None = None) -> None:
    """Run one check over the installed product called ``name``, made from ``game_name`` (a game or its
    name; None: the first built-in game it offers)."""
    from .games import GAMES
    from .products import PRODUCTS, product

    assert name in PRODUCTS, f"no product {name!r} is installed (products: {', '.join(PRODUCTS.names())})"
    try:
        made = product(name)
    except StudioError as error:
        raise AssertionError(str(error)) from None
    if isinstance(game_name, Game):
        chosen = game_name
    elif game_name is not None:
        chosen = game(game_name)
    else:
        offered = [g for g in (game(n) for n in GAMES.built_in) if made.offers(g)]
        assert offered, f"{name} offers none of the built-in games: give run_product_check a game it offers"
        chosen = offered[0]
    check(made, chosen)


ImpositionCheck = Callable[[Any, Game], None]
"""A check of one imposition (a ``products.leaflet.impositions.Imposition``) of a game's rulebook."""


def imposition_game(name: str, folder: Path) -> Game:
    """The built-in game of tables' example in ``folder``, its rulebook imposed as ``name``: a rulebook
    of pages (``::: page``) to check an imposition with."""
    import re
    import shutil

    shutil.copytree(game_class("spreadsheet").builtin_templates(), folder, dirs_exist_ok=True)
    components = folder / "components.toml"
    text, count = re.subn(r'(?m)^imposition = "[^"]*"$', f"imposition = {_toml(name)}", components.read_text())
    assert count == 1, "the example game of tables names its imposition once"
    components.write_text(text)
    return game(templates=folder)


def _imposed(way: Any, g: Game, folder: Path, paper: str = "a4") -> list:
    """The imposition built into ``folder`` for ``paper``, from a working folder of its own."""
    return _elsewhere(way.name, folder, lambda into: way.build(g, into, paper, True))


def check_imposition_writes_and_records(way: Any, g: Game) -> None:
    """It writes only into the folder it is given, from any working folder, and returns every file it
    wrote, each with its kind and JSON params; the files it plans for the kit's links are among them."""
    for paper in ("a4", "letter"):
        with tempfile.TemporaryDirectory(prefix="grawlix-imposition-") as folder:
            leaflet = Path(folder) / "leaflet"
            recorded = _recorded(f"{way.name} on {paper}", _imposed(way, g, leaflet, paper), leaflet)
            assert set(_files(Path(folder))) == {f"leaflet/{p}" for p in recorded}, f"{way.name} wrote beside its folder"
            planned = way.planned(paper, paper.upper())
            assert planned and all(p.title.strip() and p.how.strip() for p in planned), f"{way.name}: planned {planned}"
            missing = sorted(p.path for p in planned if p.path not in recorded)
            assert not missing, f"{way.name} plans {missing} for {paper}, which it does not write"


def check_imposition_describes(way: Any, g: Game) -> None:
    """Every file it writes is described for the kit's index, by it and so by the rules in print."""
    from .products import product
    from .products.base import Entry

    with tempfile.TemporaryDirectory(prefix="grawlix-imposition-") as folder:
        written = _imposed(way, g, Path(folder) / "leaflet")
    for item in written:
        record = {"path": f"leaflet/{Path(item.path).name}", "kind": item.kind, "params": item.params}
        entry = way.describe(record)
        assert isinstance(entry, Entry) and entry.title.strip(), f"{way.name}: {record['path']} is not described ({entry!r})"
        assert product("leaflet").describe(record) is not None, f"the rules in print do not describe {record['path']}"


def check_imposition_deterministic(way: Any, g: Game) -> None:
    """Built twice into the same folder, every file is the same bytes."""
    import shutil

    with tempfile.TemporaryDirectory(prefix="grawlix-imposition-") as folder:
        leaflet = Path(folder) / "leaflet"
        _imposed(way, g, leaflet)
        one = _files(leaflet)
        shutil.rmtree(leaflet)
        _imposed(way, g, leaflet)
        two = _files(leaflet)
    assert one == two, f"{way.name}: two builds of the same rulebook differ ({sorted(set(one) ^ set(two)) or 'bytes'})"


def check_imposition_all_or_nothing(way: Any, g: Game) -> None:
    """The rules in print, built through the kit with the imposition failing after it wrote its files,
    leave the kit's folder as it was; ``unfit`` writes nothing."""
    import contextlib
    import dataclasses

    from .kit import build_product
    from .registry import seam

    assert g.presentation().imposition == way.name, f"{g.name}'s rulebook is imposed as {g.presentation().imposition}"
    with tempfile.TemporaryDirectory(prefix="grawlix-imposition-") as folder:
        out = Path(folder) / "kit"
        build_product("leaflet", out, game=g, papers=("a4",))
        (out / "manifest.json").unlink()  # so every step is built again
        before = _files(Path(folder))

        def failing(game: Game, into: Path, paper: str, reading: bool) -> list:
            way.build(game, into, paper, reading)
            raise StudioError("a fault injected by the contract suite, after the imposition wrote its files")

        with seam("imposition").substituted(way.name, dataclasses.replace(way, build=failing)):
            try:
                build_product("leaflet", out, game=g, papers=("a4",))
            except StudioError:
                pass
            else:
                raise AssertionError(f"{way.name}: the build with a fault injected did not fail")
        with contextlib.chdir(folder):
            unfit = way.unfit(g, ["a4", "letter"])
        assert isinstance(unfit, list) and all(isinstance(e, StudioError) for e in unfit), f"{way.name}: unfit gave {unfit!r}"
        after = _files(Path(folder))
    assert after == before, f"{way.name}: a failed build changed {sorted(set(before) ^ set(after)) or 'files'}"


IMPOSITION_CHECKS: tuple[ImpositionCheck, ...] = (check_imposition_writes_and_records, check_imposition_describes,
                                                  check_imposition_deterministic, check_imposition_all_or_nothing)  # fmt: skip
"""Every check of an imposition; ``run_imposition_check`` runs one over an installed imposition."""


def run_imposition_check(name: str, check: ImpositionCheck, game_name: str | Game | None = None) -> None:
    """Run one check over the installed imposition called ``name``, of ``game_name``'s rulebook (a game
    whose presentation names it, or its name; None: the example game of tables imposed so)."""
    from .registry import seam

    impositions = seam("imposition")
    assert name in impositions, f"no imposition {name!r} is installed (impositions: {', '.join(impositions.names())})"
    try:
        way = impositions.load(name)
    except StudioError as error:
        raise AssertionError(str(error)) from None
    if game_name is None:
        with tempfile.TemporaryDirectory(prefix="grawlix-imposition-game-") as folder:
            check(way, imposition_game(name, Path(folder) / "templates"))
    else:
        check(way, game_name if isinstance(game_name, Game) else game(game_name))
