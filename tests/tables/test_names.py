"""Players are named, not numbered: the engine writes a seat as "Seat N" (its placeholder,
``bot.engine.names``) and a table puts the player's name in its place in everything it
shows — events, prompts, Why?, refusals, the summary and its picture."""

from __future__ import annotations

import random
import re

import pytest

from bot.engine import Game, new_game
from bot.engine.names import name_seats
from bot.tables.scenes import summary_scene
from bot.tables.table import Seat, Table, TableConfig
from cogs.ui.messages import summary_message
from rendering import text_summary

NAMES = ("Alice", "Bob", "Cyril (computer)", "Dana")
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d")


def test_name_seats_replaces_every_placeholder() -> None:
    assert name_seats("Seat 2 bids Dwa; the talon card goes to seat 4.", NAMES) == (
        "Bob bids Dwa; the talon card goes to Dana.")
    assert name_seats("Seat 1's pagat was captured.", NAMES) == "Alice's pagat was captured."
    assert name_seats("Seat 9 has no name.", NAMES) == "Seat 9 has no name."
    assert name_seats("Seats in play order", NAMES) == "Seats in play order"


def _table(variant: str, g: Game) -> Table:
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant=variant))
    table.seats = [Seat(n, user_id=None if "computer" in n else 100 + i) for i, n in enumerate(NAMES)]
    table.game = g
    return table


def _shown_texts(variant: str, seed: int) -> tuple[list[str], list[str]]:
    """A whole hand of random legal choices: every text the engine wrote for players
    (events, prompts and Why? at each turn, the summary and payment lines), as written and
    as the table shows them."""
    rng = random.Random(seed)
    g = new_game(variant, players=4, dealer=seed % 4, rng=random.Random(seed))
    table = _table(variant, g)
    raw: list[str] = [e.text for e in g.log]
    while not g.is_over:
        s = g.to_act
        assert s is not None
        raw += [g.prompt(s), g.explain(s), g.view_for(s).prompt]
        legal = g.legal_actions(s)
        raw += [e.text for e in g.act(s, legal[int(rng.random() * len(legal))])]
    r = g.result
    assert r is not None
    raw += [r.summary, *(ln.label for ln in r.lines), *r.card_points]
    shown = [table.named(t) for t in raw]
    embed = summary_message(table, 1, r)
    shown += [embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)]
    shown.append(text_summary(summary_scene(table, 1, r)))
    return raw, shown


@pytest.mark.parametrize("variant", ["polish", "kozy"])
def test_no_seat_number_in_what_a_player_reads(variant: str) -> None:
    """Names, not seats: no event, prompt, Why?, summary or payment text of a whole Polish
    or Kozy hand, as the table shows it, says "Seat " and a digit (the engine's texts do:
    the names are the table's)."""
    numbered = 0
    for seed in range(12):
        raw, shown = _shown_texts(variant, seed)
        numbered += sum(bool(SEAT_NUMBER.search(t)) for t in raw)
        leaks = [t for t in shown if SEAT_NUMBER.search(t)]
        assert not leaks, (seed, leaks[:3])
    assert numbered > 0  # (the engine named seats, and the table replaced them)
