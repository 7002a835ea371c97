"""Hand pictures drawn lately are kept whole in the render process
(``rendering.render.HAND_PICTURES``): while an auction goes round, a player's panel goes
back and forth between two pictures of the same cards (their turn, then waiting), and
the bot keeps only the picture a message shows, so the other comes back to be drawn.

What a kept picture is keyed on is everything drawn (cards, playable cards, title, how
red pips rank, the reader's words), never the object: the render process receives each
scene unpickled, a new object every time.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Iterator

import pytest

from bot.tables.scenes import picture_words
from rendering import render, render_hand, samples
from rendering.render import HAND_PICTURES
from rendering.scenes import HandScene


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[HandScene]]:
    """The scenes ``render_hand`` put together (not handed back kept), in order."""
    HAND_PICTURES.clear()
    out: list[HandScene] = []
    original = render.hand_rows

    def counting(scene: HandScene) -> object:
        out.append(scene)
        return original(scene)

    monkeypatch.setattr(render, "hand_rows", counting)
    yield out
    HAND_PICTURES.clear()


def test_the_picture_a_panel_goes_back_to_is_handed_back_not_drawn(drawn: list[HandScene]) -> None:
    """Their turn, waiting, their turn again, waiting again: two pictures drawn, and
    the third and fourth are the first two's bytes, though each scene arrives unpickled
    (a new object, its card words a new object too)."""
    turn = samples.hand_to_play()
    waiting = dataclasses.replace(turn, legal=None, title="Your hand — 12 cards")
    sent = [pickle.loads(pickle.dumps(scene)) for scene in (turn, waiting, turn, waiting)]
    assert sent[0].card_words is not sent[2].card_words
    pictures = [render_hand(scene) for scene in sent]
    assert drawn == [sent[0], sent[1]]
    assert pictures[2] == pictures[0] and pictures[3] == pictures[1]
    assert pictures[0] != pictures[1]


@pytest.mark.parametrize(("change", "looks_other"), [
    ({"legal": None}, True),
    ({"title": "Your turn — choose cards to discard"}, True),
    ({"words": picture_words("cs")}, True),
    ({"cards": samples.hand_to_play().cards[1:]}, True),
    # (how red pips rank sorts them: this hand's look the same, but another's would not)
    ({"red_ace_high": False}, False),
])
def test_anything_drawn_that_differs_is_drawn_anew(
    drawn: list[HandScene], change: dict[str, object], looks_other: bool,
) -> None:
    base = samples.hand_to_play()
    other = dataclasses.replace(base, **change)  # type: ignore[arg-type]
    assert (render_hand(base) != render_hand(other)) is looks_other
    assert drawn == [base, other]


def test_the_kept_pictures_stay_in_their_bounds(drawn: list[HandScene]) -> None:
    base = samples.hand_to_play()
    for n in range(40):
        render_hand(dataclasses.replace(base, title=f"Your hand — {n} cards"))
    entries, size = HAND_PICTURES.stats()
    assert entries == 40 and 0 < size <= HAND_PICTURES.max_bytes
    small = HAND_PICTURES.max_bytes
    try:
        HAND_PICTURES.max_bytes = size // 4
        render_hand(dataclasses.replace(base, title="one more"))
        entries, size = HAND_PICTURES.stats()
        assert size <= HAND_PICTURES.max_bytes and entries < 40
    finally:
        HAND_PICTURES.max_bytes = small
