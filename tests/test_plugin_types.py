"""The plug-in API takes what a newcomer writes: ``Items(("the sun", "the star"))`` and the like; every
type a hook answers is exported by ``grawlix_print.plugin`` and named in the guide; a hook's answer of
the wrong type is one line naming the hook and the line the plug-in defines it on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grawlix_print.plugin as plugin
from grawlix_print.errors import StudioError
from grawlix_print.games.hooks import HOOKS
from grawlix_print.plugin import Facts, Game, Items, Span, plain_presentation

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-a-game.md"


def test_items_take_words_lists_and_styled_text():
    assert Items(("the sun", "the star")).items == ((Span("the sun"),), (Span("the star"),))
    assert Items(["the sun", "the star"]) == Items(("the sun", "the star"))
    assert Items("the sun").items == ((Span("the sun"),),)
    bold = Span("moon", bold=True)
    assert Items((bold, (Span("a "), bold))).items == ((bold,), (Span("a "), bold))
    for bad, words in ((5, "not a int"), ((1, 2), "an item of Items is words (a str) or styled text (Span), not a int: 1"),
                       ((("a", "b"),), "not a tuple")):  # fmt: skip
        with pytest.raises(TypeError, match=re.escape(words)):
            Items(bad)  # type: ignore[arg-type]


def test_a_placeholder_of_listed_words_is_set_as_a_list_and_a_float_names_its_line():
    from grawlix_print.rulebook.words import words

    facts = Facts("g", values={"signs": ["the sun", "the star", "the moon"], "sign": Span("the sun"), "half": 0.5,
                               "later": lambda: 2.5})  # fmt: skip
    made = next(n for n, line in enumerate(Path(__file__).read_text().splitlines(), 1) if 'facts = Facts("g"' in line)
    assert plain_text(words(facts.value("signs", "leaflet.md:3"))) == "the sun, the star and the moon"
    assert facts.value("sign", "leaflet.md:3") == (Span("the sun"),)
    with pytest.raises(StudioError) as caught:
        facts.value("half", "leaflet.md:4")
    assert str(caught.value) == (f"leaflet.md:4 (game g): {{half}} gave a float (0.5): a placeholder is a whole number, "
                                 f"words (a str), a Link, Items or styled text (Span) (given at test_plugin_types.py:{made})")  # fmt: skip
    with pytest.raises(StudioError, match=r"\{later\} gave a float \(2.5\).*\(given at .*test_plugin_types.py:\d+\)"):
        facts.value("later", "leaflet.md:5")


def plain_text(inline) -> str:
    return "".join(piece.text for piece in inline)


class Answers(Game):
    """A game whose hooks answer whatever a test puts in ``given``."""

    name = "answers"
    summary = "a game for the hooks' checks"
    given: dict = {}

    @property
    def title(self):
        return self.given.get("title", "Answers")

    def rulebook(self):
        raise StudioError("no rules")

    def presentation(self):
        return self.given.get("presentation", plain_presentation())

    def piece_kinds(self):
        return self.given.get("piece_kinds", ())

    def piece_files(self):
        return self.given.get("piece_files", ("*.toml",))


def defined(name: str) -> int:
    source = Path(__file__).read_text().splitlines()
    return next(n for n, line in enumerate(source, 1) if f"    def {name}(self" in line)


def answers(**given) -> Answers:
    game = Answers(Path(__file__).parent / "duel_game" / "templates")
    game.given = given
    return game


def test_a_hook_answers_as_its_callers_take_it_or_says_in_one_line_what_it_gave(toy_game):
    from grawlix_print.games import game

    kinds = game("toy").piece_kinds()
    assert answers(piece_kinds=list(kinds)).piece_kinds() == kinds  # a list is the tuple meant
    assert answers(piece_files=["*.csv"]).piece_files() == ("*.csv",)
    cases = [
        ("piece_kinds", kinds[0], f"piece_kinds() gave PieceKind PieceKind(name='tiles'"),
        ("piece_kinds", [kinds[0], "tokens"], "piece_kinds() gave a str among them ('tokens'), not a tuple of PieceKind"),
        ("title", None, "title() gave NoneType None, not words (a str)"),
        ("presentation", "booklet", "presentation() gave str 'booklet', not a Presentation (plain_presentation())"),
    ]
    for hook, value, words in cases:
        with pytest.raises(StudioError) as caught:
            getattr(answers(**{hook: value}), hook)() if hook != "title" else answers(title=value).title
        line = str(caught.value)
        assert line.startswith(f"game answers: {words}"), line
        assert re.search(rf"\(defined at .*test_plugin_types.py:{defined(hook)}\)$", line), line


def test_every_type_a_hook_answers_is_exported_and_named_in_the_guide():
    guide = GUIDE.read_text()
    for hook, (takes, _, _) in HOOKS.items():
        name = takes.split(":")[-1]
        if name not in ("str", "Command"):
            assert getattr(plugin, name) is getattr(__import__(takes.split(":")[0], fromlist=[name]), name), name
        assert f"`{hook}" in guide and (name in ("str", "Command") or f"`{name}`" in guide), hook
    for name in ("Items", "Link", "Span", "Break", "Inline", "Picture", "Figure", "Value", "GameResult", "Games",
                 "Measure", "Credits", "Playtester", "RulesFile"):  # what the rulebook's and the playtest's hooks answer
        assert name in plugin.__all__ and hasattr(plugin, name) and f"`{name}" in guide, name
