"""The hand picture's scene on a player's turn and while they wait (``hand_scene``)."""

from __future__ import annotations

from bot.engine.actions import Kind
from bot.tables.scenes import hand_scene
from bot.tables.table import PLAYING
from tests.tables.helpers import HOST, computers_done, manager, open_table


async def test_a_turn_that_plays_no_card_leaves_the_hand_picture_as_it_was() -> None:
    """On a turn that plays no card (a bid, a pass, an announcement) nothing in the hand
    picture is playable, so it is the picture the player saw while waiting (the panel's
    first words say whose turn it is): Discord keeps it, and nothing is drawn or
    uploaded again each time the bids go round (issue #33)."""
    table = open_table(manager())
    await table.start(HOST)
    await computers_done(table)
    game = table.game
    assert game is not None
    turns = 0
    while table.status == PLAYING and game.to_act == 0:
        legal = game.legal_actions(0)
        if any(a.kind in (Kind.PLAY, Kind.DISCARD) for a in legal):
            break
        turn = hand_scene(table, 0)
        await table.act(HOST, table.hand_no, table.step, [legal[0].code])
        waiting = hand_scene(table, 0)  # (before the computers answer)
        assert turn is not None and waiting is not None
        assert waiting.cards == turn.cards and waiting == turn
        turns += 1
        await computers_done(table)
    assert turns  # (not vacuous: the host bid at least once)
