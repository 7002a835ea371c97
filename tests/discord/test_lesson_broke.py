"""A lesson that ends early because a computer player ran out of chips (NE-9), under SimCord.

A chip game ends when a player has no chips left (NE-9: every player starts with 20
chips), and a lesson is such a session: when a computer player is broke before the last
prepared hand, the lesson cannot deal it and ends with its review.  The deals here are
stacked for this test (not the prepared lesson's, which may change): seat 3 holds the four
kings and nothing else of worth, the learner a weak hand; a computer player has lost
all of its chips after the second of three hands.  What the learner reads is a plain
sentence that says the lesson ended early and why, by name, with no Next hand.  (A lesson
starts everyone with ``LESSON_CHIPS``, far more than the variant's 20, so that no prepared
lesson ends early; the test gives them the variant's 20 to reach the path at all.)
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import find_variant
from bot.i18n import Text
from bot.tables import lesson as lessons
from bot.tables.lesson import LessonPlan, LessonTable
from bot.tables.teach import teach_overrides
from tests.discord.test_lesson import _choose
from tests.engine.helpers import stack

pytestmark = pytest.mark.simcord(settle_timeout=60.0)

_DECK = tuple(stack({3: "KH KD KS KC 1H 2H 3H 1D 2D 3D 7S 8S",
                     0: "II III IV V 4H 4D 9S 9C QH QD JS JC"}, dealer=3, seed=2))
#: Three hands of the same stacked deck, dealt as a teach-mode Nebraska table deals.
BROKE = LessonPlan("nebraska", (_DECK, _DECK, _DECK), 3,
                   tuple(sorted(teach_overrides(find_variant("nebraska"), {}).items())), 4)


async def _follow_advice(world: Any, lang: str) -> tuple[LessonTable, Any]:
    t = Text(lang)
    if lang != "en":
        await world.alice.slash(world.channel, "taroky language", language=lang)
    result = await world.alice.slash(world.channel, "taroky lesson", variant="nebraska")
    (table,) = [x for x in world.bot.tables.lessons.values() if isinstance(x, LessonTable)]
    for _ in range(300):
        if table.status != "playing":
            if not table.has_next_hand:
                return table, result
            await world.alice.click(result.response, label=t._("Next hand"))
            continue
        game = table.game
        assert game is not None and game.to_act == table.learner_seat
        pending = table.lesson.pending
        legal = game.legal_actions(table.learner_seat)
        codes = [a.code for a in pending.advice] if pending is not None else [legal[0].code]
        await _choose(world, result.response, codes)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("lang", ["en", "cs", "pl", "ro"])
async def test_a_lesson_ended_by_a_broke_computer_says_so(world: Any, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """NE-9: "the session ends when a player has no chips left". The lesson ends after
    hand 2 of 3 with its review; the learner reads why, in a sentence naming the player
    (not a seat number), in their language, and is offered no Next hand."""
    monkeypatch.setitem(lessons.PLANS, "nebraska", BROKE)
    # (a lesson starts everyone with LESSON_CHIPS, so that no one runs out in a prepared
    # lesson; with the variant's 20 this stacked one runs a computer player dry)
    monkeypatch.setattr(lessons, "LESSON_CHIPS", 20)
    t = Text(lang)
    table, result = await _follow_advice(world, lang)
    assert table.session.over and table.hand_no == 2 < table.plan.hands
    panel = result.response
    text = "\n".join(e.description or "" for e in panel.embeds)
    labels = [c.get("label") for row in panel.components for c in row.get("components", [])]
    assert t._("Next hand") not in labels
    (broke,) = [s for s in range(4) if table.session.balance(s) <= 0]
    seat = table.seats[broke]
    assert broke != table.learner_seat and seat is not None and seat.is_computer
    reason = t._("{seat} cannot pay." if table.session.balance(broke) < 0 else "{seat} has no chips left.",
                 seat=table.seat_name(broke))
    said = "**" + t._("The lesson ends after hand {hand} of {hands}:", hand=2, hands=3) + "** " + reason
    assert said in text, text
    assert text.index(said) < text.index(t._("This was a lesson, so nothing was booked."))
