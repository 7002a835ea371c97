"""Jargon with a way in (issue #31, item 4): a variant's own term in Why?, the Hint or a
prompt ("Five Over only over Five", "from the blind", taroace, merge, Unul de trei, Jeden,
Król ultymo) comes with a ``/taroky rules topic:`` pointer to its page, in the reader's
language, and every page pointed to exists (``find_page`` finds it by that name)."""

from __future__ import annotations

import random
import re

import pytest

from bot.ai.explore import Explorer, sweep
from bot.engine import VARIANTS, Action, Game
from bot.engine.rulebook import find_page
from bot.i18n import LANGUAGES, Text
from bot.tables import words
from bot.tables.table import Table, TableConfig
from tests.tables.helpers import manager, open_table

POINTED = re.compile(r"`/taroky rules topic:([^`]+)`")


def _table(variant: str, lang: str) -> Table:
    return open_table(manager(), TableConfig(variant=variant, lang=lang, players=VARIANTS[variant].seat_counts[0]))


def _pointer(variant: str, lang: str, text: str) -> list[str]:
    table = _table(variant, lang)
    return POINTED.findall(words.rules_pointer(table, [text], Text(lang)))


@pytest.mark.parametrize(("variant", "text", "topics"), [
    ("heun", "Nobody has bid yet, so there is nothing to hold. Five Over is allowed only when the high "
             "bid is Five.", ["five over", "five"]),
    ("heun", "The declarer takes three cards from the blind in stages.", ["blind"]),
    ("romanian", "Declare your taroace (or merge), announce bonuses — then Done.", ["taroace", "merge"]),
    ("romanian", "Unul de trei: the declarer plays with a partner.", ["unul de trei"]),
    ("kozy", "Jeden is the highest bid; Król ultymo wins the last trick with a king.", ["jeden", "król ultymo"]),
    ("heun", "Play five cards, or four: nothing to look up here.", []),
])
def test_a_term_is_pointed_to_its_rules_page(variant: str, text: str, topics: list[str]) -> None:
    """The terms the issue found without a way in, each pointed to its page; a plain
    number ("five", "four") is not taken for the contract named by it."""
    assert _pointer(variant, "en", text) == topics


class Pointing:
    """An explorer that checks, before each choice, that every page Why?'s text points to
    (the prompt, the rules that close choices) opens, in every language."""

    def __init__(self, variant: str) -> None:
        self.tables = {lang: _table(variant, lang) for lang in LANGUAGES}
        self.explorer = Explorer(random.Random(4))
        self.pointed = 0

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        for lang, table in self.tables.items():
            t = Text(lang)
            said = words.rules_pointer(table, [g.prompt(seat, t), g.explain(seat, t)], t)
            for name in POINTED.findall(said):
                assert find_page(g.variant, name, t) is not None, (g.variant.name, lang, name)
                self.pointed += 1
        return self.explorer(g, seat, legal)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_page_pointed_to_opens(variant: str) -> None:
    pointing = Pointing(variant)
    for _g in sweep(variant, 4, seed=44, players=pointing):
        pass
    assert pointing.pointed > 0, "no term of the variant was pointed to"
