"""/taroky lesson: a learner goes through every step of a prepared deal, under SimCord.

The learner reads only the lesson panel: the step's goal, the normal buttons, the
feedback.  The test takes the advised choice (the strong computer player's, which the
lesson computes) or, to see the other feedback, a different legal choice first and then
Try again.  Nothing of the lesson is public and nothing is booked.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import VARIANTS, Kind, find_variant, parse_action
from bot.i18n import Text
from bot.tables.errors import TableError
from bot.tables.lesson import (
    BID_LESSON,
    PLANS,
    WITHHELD,
    LessonTable,
    Pending,
    bidder_steps,
    say_all,
    situations,
    step_of_choice,
    steps_of,
)
from bot.tables.table import Unkept
from cogs.ui.output import _ensure_warm
from tests.discord.harness import action_code, action_ids, select_ids, select_options

# The strong player's advice is computed in a worker thread; on a busy machine that can
# take longer than SimCord's default five seconds to settle.
pytestmark = pytest.mark.simcord(settle_timeout=60.0)


@pytest.fixture(autouse=True, scope="module")
def _warm() -> None:
    """Draw the card faces once before the first test (not inside a settle)."""
    _ensure_warm()


def _lesson(world: Any) -> LessonTable:
    lessons = [t for t in world.bot.tables.lessons.values() if isinstance(t, LessonTable)]
    assert len(lessons) == 1
    return lessons[0]


#: A clarification id (CZ-7, NE-2, ...) or a card code (KH, 1D, 10S, CC) in player text.
SPEC_CODE = re.compile(r"\b[A-Z]{1,2}-\d+\b")
CARD_CODE = re.compile(r"\b(?:10|[1-9]|[KQCJ])[HDSC]\b")


def _lesson_text(message: Any) -> str:
    """The lesson's own embed (the first), checked for codes a player cannot read."""
    text = message.embeds[0].description or ""
    assert not SPEC_CODE.search(text) and not CARD_CODE.search(text), text
    return text


def _text(message: Any) -> str:
    return "\n".join((e.description or "") for e in message.embeds)


async def _choose(world: Any, panel: Any, codes: list[str]) -> None:
    """Click the button, or fill the select, that makes these choices."""
    for cid in action_ids(panel):
        if action_code(cid) == codes[0] and len(codes) == 1:
            await world.alice.click(panel, custom_id=cid)
            return
    for cid in select_ids(panel):
        if set(codes) <= set(select_options(panel, cid)):
            await world.alice.select(panel, codes, custom_id=cid)
            return
    raise AssertionError(f"no component for {codes} on the panel")


def _other_choice(panel: Any, advice: list[str], pending: Pending) -> list[str] | None:
    """A legal choice on the panel other than the advice (as many cards, for a discard),
    one the step in front of the learner judges (at a turn offering doubling and
    announcing, a double or Done for "Double or not")."""
    assert pending.step is not None
    buttons = [action_code(c) for c in action_ids(panel)]
    others = [c for c in buttons if c not in advice
              and step_of_choice(pending.keys, pending.step.key, [parse_action(c)]) == pending.step.key]
    if others and not advice[0].startswith("discard"):
        return [others[0]]
    for cid in select_ids(panel):
        options = select_options(panel, cid)
        if set(advice) <= set(options):
            rest = [o for o in options if o not in advice]
            if rest:
                return [rest[0], *advice[1:]]
    return None


async def _run(world: Any, variant: str, poor_first: bool,
               lang: str = "en") -> tuple[LessonTable, Any, set[str], set[str]]:
    """The lesson walked by a learner who takes the advice (after a poor choice and Try
    again, with ``poor_first``): the table, the panel, the steps met and those offered
    only one choice (the bid in the hand prepared for the learner to bid, in Czech)."""
    t = Text(lang)
    if lang != "en":
        await world.alice.slash(world.channel, "taroky language", language=lang)
    result = await world.alice.slash(world.channel, "taroky lesson", variant=variant)
    assert result.ephemeral
    table = _lesson(world)
    assert table.config.lang == lang
    met: set[str] = set()
    single: set[str] = set()
    for _ in range(400):
        if table.status != "playing":
            if not table.has_next_hand:
                break
            between = _lesson_text(result.response)
            assert t._("Hand {hand} of {hands} is over.", hand=table.hand_no, hands=table.plan.hands) in between
            await world.alice.click(result.response, label=t._("Next hand"))
            assert table.status == "playing" and table.lesson.between is None
            continue
        panel = result.response
        text = _text(panel)
        _lesson_text(panel)
        assert table.game is not None and table.game.to_act == table.learner_seat
        pending = table.lesson.pending
        if pending is None:  # one choice only: nothing to advise
            legal = table.game.legal_actions(table.learner_seat)
            assert len(legal) == 1
            await _choose(world, panel, [legal[0].code])
            continue
        if pending.step is None:  # nothing new to learn here: play on as advised
            await _choose(world, panel, [a.code for a in pending.advice])
            continue
        assert pending.step.key in situations(table.game, table.learner_seat)
        assert pending.goal and pending.goal in text, text
        assert t._("Step {n} — {title}.", n=len(table.lesson.done) + 2, title=t._(pending.step.title)) in text
        advice = [a.code for a in pending.advice]
        if not met:  # Hint gives the same advice the feedback judges by
            hint = await world.alice.click(panel, label=t._("Hint"))
            assert hint.ephemeral and say_all(pending.advice, table.game.variant, t) in hint.response.content
        if poor_first and len(pending.offered) == 1:  # (one game offered: nothing poor to choose)
            assert table.bidding and pending.step.key == "bid"
            single.add(pending.step.key)
        elif poor_first:
            other = _other_choice(panel, advice, pending)
            assert other is not None, f"no other choice at {pending.step.key}"
            await _choose(world, panel, other)
            after = _lesson_text(result.response)
            assert "🔸" in after and pending.step.title in after, after
            assert say_all(pending.advice, table.game.variant) in after
            assert table.can_take_back
            assert "Try again" in [c.get("label") for row in result.response.components
                                   for c in row.get("components", [])]
            await world.alice.click(result.response, label="Try again")
            assert table.lesson.pending is not None and table.lesson.pending.step == pending.step
            assert [a.code for a in table.lesson.pending.advice] == advice  # the same moment again
            panel = result.response
        done = len(table.lesson.done)
        words = say_all(pending.advice, table.game.variant, t)
        await _choose(world, panel, advice)
        if len(table.lesson.done) == done:
            # (at a turn offering doubling and announcing, the advice announced and
            # announcing was met before: the doubling step waits for the next choice)
            assert pending.keys == ("flek", "declare") and table.lesson.met("declare")
            continue
        judged = table.lesson.done[-1]
        assert judged.good and judged.step.key in pending.keys
        after = _text(result.response)
        assert "✅ " + t._("Well done: **{choice}** is what the strong computer player chooses too. {reason}",
                          choice=words, reason="").strip() in after or table.status != "playing", after
        met.add(judged.step.key)
    return table, result, met, single


@pytest.mark.parametrize("variant", ["czech", "nebraska", "taper"])
async def test_lesson_meets_every_step_with_feedback_and_ends_with_a_review(world, variant):
    """Issue #10: "a prepared deal against computer seats, about ten steps, each with a
    goal ... feedback on the choice made, and a short review at the end". Through the two
    prepared hands (the learner bids in the first, plays against the bidder in the
    second) the learner meets every step, each with its goal. At each step a choice other
    than the advice comes first: it is answered with what the strong player would choose
    and why (🔸); Try again takes it back to the same moment, and the advised choice is
    then answered "Well done" (✅) — the feedback differs for a good and a poor choice.
    The review lists every step and both hands; nothing is public, booked or saved.
    (Every variant's lesson is walked by several learners on the bare engine in
    ``tests/tables/test_lesson_walks.py``; here three of them, Taper at three seats.)"""
    table, result, met, single = await _run(world, variant, poor_first=True)
    assert table.status == "between" and table.hand_no == table.plan.hands >= 2
    steps = steps_of(find_variant(variant))
    assert met == {s.key for s in steps[1:]}, met
    assert table.lesson.retries >= len(met - single)
    assert all(r.good for r in table.lesson.done)
    review = _lesson_text(result.response)
    assert "the review" in result.response.embeds[0].title
    for step in steps[1:]:
        assert step.title in review
    assert "did not come up" not in review
    assert all(f"Hand {n}:" in review for n in range(1, table.plan.hands + 1))
    assert "nothing was booked" in review
    # Private: the channel shows nothing of the lesson, to anyone; nothing was booked or saved.
    assert [m for m in world.channel.history() if m.author.bot] == []
    assert [m for m in world.channel.history(viewer=world.bob) if m.author.bot] == []
    assert isinstance(table.keeper, Unkept)  # (no saves, no money)
    assert world.bot.tables.get(world.channel.id) is None


@pytest.mark.parametrize(("variant", "lang"), [("nebraska", "pl"), ("taper", "ro"), ("polish", "cs")])
async def test_a_lesson_in_the_learners_language(world, variant, lang):
    """Issue #31: "every lesson works in all four languages". A learner who chose their
    language takes the lesson of another variant, following the advice: each step's
    title and goal (its choices named as the panel names them), Next hand and the review
    are in that language, and every step of the variant is met."""
    t = Text(lang)
    table, result, met, _ = await _run(world, variant, poor_first=False, lang=lang)
    steps = steps_of(find_variant(variant))
    assert met == {s.key for s in steps[1:]}, met
    assert result.response.embeds[0].title == t._("Lesson — {variant}: the review", variant=t.variant_title(variant))
    review = _lesson_text(result.response)
    for step in steps[1:]:
        assert f"**{t._(step.title)}**" in review and t._(step.title) != step.title
    assert t._("did not come up in these hands.") not in review
    assert t._("This was a lesson, so nothing was booked.") in review


#: The choices a learner who would rather not commit takes whenever the panel has one.
QUIET = (Kind.PASS, Kind.DECLINE, Kind.DONE, Kind.KEEP, Kind.PLAY_ON)


@pytest.mark.parametrize("variant", ["taper", "kozy"])
async def test_a_learner_who_always_passes_is_the_bidder_in_the_prepared_hand(world, variant):
    """Issue #31: "each meeting every step of its variant whatever the newcomer chooses
    (... a newcomer who passes still meets calling, the talon and the discard ...)". In
    Taper and Kozy everyone may pass and the hand is thrown in (KZ: "If everyone passes
    the cards are thrown in"), so a learner who always passes would never bid. In the hand
    prepared for them to bid the panel has no Pass button and only the games with a talon;
    the goal says they are the one to bid and the computer players will leave the game to
    them; Why? names Pass as left out in one sentence, and a Pass sent anyway is refused
    with that sentence. The computer players pass, the learner plays the game, takes from
    the talon and discards (and calls a king, in Kozy); over the lesson they meet every
    step — in Kozy "Double or not" too, in the hand built for kontra (KZ-7)."""
    result = await world.alice.slash(world.channel, "taroky lesson", variant=variant)
    table = _lesson(world)
    v = find_variant(variant)
    t = Text("en")
    lesson_goal = t._(BID_LESSON, steps=" · ".join(t._(s.title) for s in bidder_steps(v)))
    prepared_bid_seen = False
    for _ in range(400):
        if table.status != "playing":
            if not table.has_next_hand:
                break
            await world.alice.click(result.response, label="Next hand")
            continue
        panel = result.response
        _lesson_text(panel)
        game = table.game
        assert game is not None and game.to_act == table.learner_seat
        buttons = [action_code(c) for c in action_ids(panel)]
        pending = table.lesson.pending
        if pending is not None and pending.step is not None and pending.step.key == "bid" and table.bidding:
            prepared_bid_seen = True
            rules = game.legal_actions(table.learner_seat)
            assert any(a.kind is Kind.PASS for a in rules)  # (the rules would let them pass)
            assert "pass" not in buttons and buttons == [a.code for a in pending.offered]
            assert lesson_goal in _text(panel)
            why = await world.alice.click(panel, label="Why?")
            said = why.response.content or _text(why.response)
            assert "**Pass**" in said and "In this lesson hand you are the one to bid" in said, said
            with pytest.raises(TableError) as refused:  # (a stale or forged Pass: the same sentence)
                await table.act(world.alice.id, table.hand_no, table.step, ["pass"])
            assert refused.value.msgid == WITHHELD
            assert game.to_act == table.learner_seat and len(game.history) == pending.at  # nothing happened
        quiet = next((a.code for a in (pending.offered if pending else ()) if a.kind in QUIET), None)
        if quiet is not None and quiet in buttons:
            await _choose(world, panel, [quiet])
        elif pending is not None and pending.advice and pending.advice[0].kind is Kind.DISCARD:
            await _choose(world, panel, [a.code for a in pending.advice])
        elif buttons:
            await _choose(world, panel, [buttons[0]])
        else:  # (a card to play from the select)
            options = select_options(panel, select_ids(panel)[0])
            await _choose(world, panel, [options[0]])
        if table.bidding and game.phase.value == "auction":
            # (the computer players pass in the prepared hand: nobody bid but the learner)
            assert all(seat == table.learner_seat or a.kind is Kind.PASS for seat, a in game.bids)
    assert prepared_bid_seen
    met = {r.step.key for r in table.lesson.done}
    assert met == {s.key for s in steps_of(v)[1:]}, (met, table.lesson.review)
    review = _lesson_text(result.response)
    assert "did not come up" not in review


async def test_lesson_end_button_closes_it(world):
    result = await world.alice.slash(world.channel, "taroky lesson")
    table = _lesson(world)
    await world.alice.click(result.response, label="End lesson")
    assert table.id not in world.bot.tables.lessons
    assert "lesson is over" in (result.response.content or "")


def test_lessons_offered_are_the_prepared_ones():
    """The command offers exactly the variants with a prepared deal — every variant (issue
    #31) — and an unknown name is refused with a sentence naming the variants."""
    from bot.engine.errors import BadInput
    from bot.tables.lesson import find_plan
    from cogs.lesson import lesson

    offered = [c.value for c in lesson.parameters[0].choices]
    assert sorted(offered) == sorted(PLANS) == sorted(VARIANTS)  # issue #31: every variant
    assert find_plan("taper").players == 3
    with pytest.raises(BadInput, match="no variant 'bridge'"):
        find_plan("bridge")
