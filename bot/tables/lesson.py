"""The guided lesson (``/taroky lesson [variant]``): two prepared deals against
computer seats, for one learner, about ten steps each with a goal, feedback and a review.

A lesson is a real :class:`~bot.tables.table.Table` (the engine's rules, the normal
panel and its buttons, Why? and Hint) dealt from a stacked deck, with three differences:

* it is nobody's money: it has no keeper (``bot.tables.table.Unkept``), so nothing is booked or saved;
* it is private: the learner's panel is ephemeral and the lesson posts no public message
  (:class:`LessonOutput` draws the panel with the lesson's goal, feedback and the table
  picture);
* it teaches: when the learner's decision matches a situation of :data:`STEPS` (the
  first time it comes up), the strong computer player's choice for it is computed; after
  the learner chose, :class:`Lesson` says whether that was it — and if not, what it would
  have chosen and why, with what the engine says of the two choices (who would take the
  trick, the card points) — and offers **Try again** (the deal goes back to before the
  choice).  At the end a review lists every step.

Which steps come up is decided by the deal, not by a script: the situations are
recognised from the legal choices and the trick (see :func:`situation`), and the prepared
deals (:data:`PLANS`) were chosen so that following the strong player's advice meets
them all (``tests/discord/test_lesson.py`` checks that it does).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.ai.heuristic import Choice
from bot.ai.normal import teammates
from bot.ai.players import choose_level, decision_seed
from bot.engine import (
    Action,
    Event,
    Game,
    HandResult,
    Kind,
    OptionValue,
    Variant,
    find_variant,
    parse_action,
    replay_record,
)
from bot.engine.cards import PAGAT, say_card
from bot.engine.session import Session
from bot.i18n import N_, SOURCE, Text
from bot.tables import words as table_words
from bot.tables.deals import Deals
from bot.tables.errors import TableError
from bot.tables.table import BETWEEN, PLAYING, Seat, Table, TableConfig, TableOutput, TableTimings

#: The level whose choice the lesson calls right (the teach-mode Hint asks it too).
ADVISOR = "strong"
#: The level of the computer seats: deterministic, so a prepared deal plays the same way.
OPPONENTS = "normal"
#: A lesson never hands the learner's seat to a computer (it waits a day).
LESSON_PATIENCE = 86_400.0


@dataclass(frozen=True)
class Step:
    """One thing the lesson teaches: a title and its goal in one or two sentences."""

    key: str
    title: str
    goal: str


STEPS: tuple[Step, ...] = (
    Step("read", N_("Read your hand"),
         N_("Count your taroky (the trumps, I to XXI and the škýz) and your kings, and find the "
         "pagát (tarok I): they decide whether you should bid.")),
    Step("bid", N_("Bid or pass"),
         N_("Bid when your hand is strong (many taroky, high ones, kings); pass when it is not. "
         "Whoever bids highest plays the game, with a partner or alone, against the others.")),
    Step("call", N_("Call a partner"),
         N_("Name a card you do not hold (usually a king): whoever holds it is your secret partner.")),
    Step("talon", N_("Take from the talon"),
         N_("The talon is the pile of cards left over after the deal: take the cards that help "
         "your hand most.")),
    Step("discard", N_("Lay cards away"),
         N_("Lay away the cards you need least, best the last cards of a short suit so that you "
         "have none of it and can trump it later. What you lay away counts for your side.")),
    Step("declare", N_("Announce or say nothing"),
         N_("Announce a bonus only when you are sure of it: a missed announcement costs what a "
         "made one would have won.")),
    Step("flek", N_("Flek: double or not"),
         N_("A flek doubles what the game is worth, won or lost: say it only when you expect "
         "your side to win.")),
    Step("follow", N_("Follow suit"),
         N_("You hold the suit that was led, so you must play it: play high to take the trick, "
         "low to keep your good cards.")),
    Step("trump", N_("Trump when you have none of the suit"),
         N_("You have none of the suit that was led, so you must play a tarok: a low one when "
         "the trick is worth little or is lost anyway, a high one to take points.")),
    Step("smear", N_("Give points to your partner's trick"),
         N_("Your partner is winning this trick: a card that counts (a king, queen, rider or jack) "
         "added to it goes to your side — unless a player after you can still take the trick, "
         "then keep it and play low.")),
    Step("pagat", N_("Keep the pagát"),
         N_("The pagát (tarok I) is the lowest tarok: play your other taroky first and keep it, "
         "so that it can win the last trick for a bonus.")),
)
STEP_BY_KEY: dict[str, Step] = {s.key: s for s in STEPS}


def say(action: Action, variant: Variant, t: Text | None = None) -> str:
    """A choice in words, for the lesson's feedback: cards named as everywhere else
    (``say_card`` with the variant's words: ``K♥ king``, ``A♦``, ``XIX``)."""
    t = t or Text()
    if action.kind is Kind.PLAY:
        return say_card(action.card, variant.card_words, long=True, t=t)
    if action.kind is Kind.DISCARD:
        return t._("lay away {card}", card=say_card(action.card, variant.card_words, long=True, t=t))
    if action.kind is Kind.CALL:
        return t._("call {card}", card=say_card(action.card, variant.card_words, long=True, t=t))
    return variant.label(action, t)


def situation(game: Game, seat: int) -> str | None:
    """The lesson step the decision in front of ``seat`` teaches (a key of
    :data:`STEP_BY_KEY`), or None: recognised from the legal choices and the trick."""
    if game.to_act != seat:
        return None
    pv = game.view_for(seat)
    legal = pv.legal
    if len(legal) < 2:
        return None
    kinds = {a.kind for a in legal}
    if kinds & {Kind.BID, Kind.HOLD}:
        return "bid"
    if kinds & {Kind.CALL, Kind.CALL_FOURTH_KING}:
        return "call"
    if Kind.DISCARD in kinds:
        return "discard"
    if kinds & {Kind.DRAW, Kind.TAKE, Kind.REJECT, Kind.DECLINE}:
        return "talon"
    if Kind.DOUBLE in kinds:
        return "flek"
    if kinds & {Kind.ANNOUNCE, Kind.DECLARE}:
        return "declare"
    if kinds != {Kind.PLAY}:
        return None
    cards = [a.card for a in legal]
    if pv.trick:
        led = pv.trick[0][1]
        team = teammates(pv)
        winner = game.variant.trick_winner(pv.trick)
        if team and winner in team and any(c.points > 1 and not c.is_tarok for c in cards):
            return "smear"
        if not led.is_tarok and all(not c.is_tarok and c.suit == led.suit for c in cards):
            return "follow"
        if not led.is_tarok and all(c.is_tarok for c in cards):
            return "trump"
    if PAGAT in cards and any(c.is_tarok and c != PAGAT for c in cards):
        return "pagat"
    return None


@dataclass
class StepResult:
    """How the learner met one step: what they chose and what the advisor would have."""

    step: Step
    chosen: tuple[Action, ...]
    advice: tuple[Action, ...]
    reason: str
    good: bool
    feedback: str


@dataclass
class Pending:
    """A decision in front of the learner, with the advisor's choice for it; ``step`` is
    the lesson step it teaches (None: one met before, or none)."""

    step: Step | None
    at: int  # len(game.history) when it came up
    advice: tuple[Action, ...]
    reason: str


@dataclass
class Lesson:
    """What the learner has met so far, and the feedback on their last step."""

    done: list[StepResult] = field(default_factory=list)
    pending: Pending | None = None
    last: StepResult | None = None  # the feedback shown now
    retries: int = 0
    review: str | None = None  # set when the last hand is over
    between: str | None = None  # set when a hand is over and another is prepared
    hands: list[tuple[str, int]] = field(default_factory=list)  # each hand: summary, learner's net

    def met(self, key: str) -> bool:
        return any(r.step.key == key for r in self.done)


@dataclass(frozen=True)
class LessonPlan:
    """Prepared deals: the variant, its house rules, who deals first and the stacked
    decks, one per hand.  No one hand offers one player every step (the bidder calls and
    takes the talon, only an opponent of the bidder says flek or kontra, and in Czech
    only the opponents choose to draw or not), so a lesson is two hands: in one the
    learner bids and plays the game, in the other plays against the bidder."""

    variant: str
    decks: tuple[tuple[int, ...], ...]
    dealer: int = 3
    options: tuple[tuple[str, OptionValue], ...] = ()

    @property
    def hands(self) -> int:
        return len(self.decks)


def shuffled(seed: int) -> tuple[int, ...]:
    """The pack shuffled by ``random.Random(seed)``: a prepared deal is named by its seed."""
    deck = list(range(54))
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def _plan(variant: str, seeds: Sequence[int], dealer: int = 3, **options: OptionValue) -> LessonPlan:
    return LessonPlan(variant, tuple(shuffled(s) for s in seeds), dealer, tuple(sorted(options.items())))


#: The prepared deals, by variant: shuffles chosen (``benchmarks/lesson_deals.py``) so
#: that a learner who follows the advice meets every step in the two hands.  Czech plays
#: a quiet povinnost out (the lesson is about play, not about throwing in).
PLANS: dict[str, LessonPlan] = {
    "czech": _plan("czech", (17, 3), throw_in_povinnost=False),
    "nebraska": _plan("nebraska", (34, 80)),  # (the learner defends first, then bids; re-chosen
    # when the computer players' Nebraska bidding changed: 80 alone no longer made them the bidder)
}


def lesson_variants() -> list[str]:
    return sorted(PLANS)


def find_plan(variant: str) -> LessonPlan:
    name = find_variant(variant).name  # (a sentence for an unknown name)
    plan = PLANS.get(name)
    if plan is None:
        raise TableError(N_("There is no lesson for {variant} yet; try {variants}."),
                         variant=find_variant(variant).title,
                         variants=" / ".join(find_variant(v).title for v in lesson_variants()))
    return plan


# ----------------------------------------------------------------------- advice
def advise(game: Game, seat: int, t: Text | None = None) -> tuple[tuple[Action, ...], str]:
    """The advisor's choice for ``seat`` now (on a copy of the game): one action, or for a
    discard every card it would lay away; and its reason (in ``t``'s language)."""
    g = game.clone()
    seed = decision_seed(len(game.history), seat)
    first: Choice = choose_level(ADVISOR, g, seat, seed)
    actions = [first.action]
    if first.action.kind is Kind.DISCARD:
        g.act(seat, first.action)
        while g.to_act == seat and any(a.kind is Kind.DISCARD for a in g.legal_actions(seat)):
            nxt = choose_level(ADVISOR, g, seat, decision_seed(len(g.history), seat))
            if nxt.action.kind is not Kind.DISCARD:
                break
            actions.append(nxt.action)
            g.act(seat, nxt.action)
    return tuple(actions), first.say(t or Text())


def _same(chosen: Sequence[Action], advice: Sequence[Action]) -> bool:
    if chosen and chosen[0].kind is Kind.DISCARD:
        return set(chosen) == set(advice)
    return list(chosen[:1]) == list(advice[:1])


def engine_note(game: Game, seat: int, step: str, chosen: Sequence[Action],
                advice: Sequence[Action], t: Text | None = None) -> str:
    """What the rules say of the two choices: who would take the trick so far, the card
    points laid away or given."""
    if step in ("follow", "trump", "smear", "pagat") and game.trick is not None and chosen:
        t = t or Text()
        pv = game.view_for(seat)
        if not pv.trick:
            return ""
        notes = []
        pair = [(t._("yours"), chosen[0])] + ([(t._("the advised card"), advice[0])] if advice[:1] != chosen[:1] else [])
        for who, action in pair:
            if action.kind is not Kind.PLAY:
                continue
            plays = [*pv.trick, (seat, action.card)]
            takes = game.variant.trick_winner(plays) == seat
            words = say_card(action.card, game.variant.card_words, long=True, t=t)
            card = f"{words[0].upper()}{words[1:]} ({who})"
            if takes:
                notes.append(t.ngettext("{card} would take the trick so far and is worth {n} card point",
                                        "{card} would take the trick so far and is worth {n} card points",
                                        action.card.points, card=card))
            else:
                notes.append(t.ngettext("{card} would not take the trick so far and is worth {n} card point",
                                        "{card} would not take the trick so far and is worth {n} card points",
                                        action.card.points, card=card))
        return "; ".join(notes) + "." if notes else ""
    if step == "discard" and chosen:
        yours = sum(a.card.points for a in chosen if a.kind is Kind.DISCARD)
        theirs = sum(a.card.points for a in advice if a.kind is Kind.DISCARD)
        return (t or Text())._("You laid away {yours} card points, the advice {theirs}; "
                               "both count for your side at the end.", yours=yours, theirs=theirs)
    return ""


def feedback_for(game: Game, seat: int, pending: Pending, chosen: Sequence[Action],
                 t: Text | None = None) -> StepResult:
    """The verdict on the learner's ``chosen`` action(s) for ``pending`` (before they
    are applied: the game is as the learner saw it)."""
    assert pending.step is not None
    t = t or Text()
    good = _same(chosen, pending.advice)
    advice_words = ", ".join(say(a, game.variant, t) for a in pending.advice)
    chosen_words = ", ".join(say(a, game.variant, t) for a in chosen)
    note = engine_note(game, seat, pending.step.key, chosen, pending.advice, t)
    # (the reason is the computer player's, said in the learner's language when advised)
    if good:
        text = "✅ " + t._("Well done: **{choice}** is what the strong computer player chooses too. {reason}",
                          choice=chosen_words, reason=pending.reason)
    else:
        text = "🔸 " + t._("You chose **{choice}**. The strong computer player would rather **{advice}**: {reason}",
                          choice=chosen_words, advice=advice_words, reason=pending.reason)
    if note:
        text += f"\n{note}"
    return StepResult(pending.step, tuple(chosen), pending.advice, pending.reason, good, text)


# ----------------------------------------------------------------------- the table
class LessonTable(Table):
    """A lesson's table: the learner in seat 1 (forehand), three computer seats, the
    prepared deck, teach mode, no money and no saving."""

    #: A lesson judges each choice after it is made and offers Try again, so it does not
    #: ask "Are you sure?" before announcements and doubles as a teach-mode table does.
    confirms_costly_choices = False
    public_language_is_the_servers = False  # (everything in the learner's language)

    def __init__(self, *, plan: LessonPlan, learner_id: int, learner_name: str, guild_id: int,
                 channel_id: int, timings: TableTimings, output: TableOutput | None = None,
                 lang: str = SOURCE) -> None:
        self.plan = plan
        config = TableConfig(variant=plan.variant, players=4, options=dict(plan.options),
                             teach=True, level=OPPONENTS, lang=lang)
        super().__init__(
            guild_id=guild_id, channel_id=channel_id, host_id=learner_id, config=config,
            deals=Deals.stacked(*plan.decks),
            timings=TableTimings(ai_delay=timings.ai_delay, reminder_after=LESSON_PATIENCE,
                                 takeover_after=LESSON_PATIENCE),
            output=output,
        )
        self.learner_id = learner_id
        self.seats = [Seat(name=learner_name, user_id=learner_id, lang=lang)]
        for _ in range(3):  # (one by one: each computer gets its own name)
            self.seats.append(Seat(name=self._computer_name(), level=OPPONENTS))
        self.lesson = Lesson()
        # The deal before the learner's last choice (Try again) and the session with it.
        self._before: tuple[dict[str, Any], dict[str, Any], int] | None = None

    def _new_session(self) -> Session:
        c = self.config
        return Session.begin(c.variant, c.players, c.options, dealer=self.plan.dealer)

    @property
    def learner_seat(self) -> int:
        return 0

    def prepared_hint(self, seat: int) -> str | None:
        """Hint in a lesson: the advice the feedback will judge by (the same choice)."""
        pending = self.lesson.pending
        game = self.game
        if pending is not None and game is not None and pending.at == len(game.history) and seat == self.learner_seat:
            t = table_words.seat_text(self, seat)
            return t._("The strong computer player would choose **{choice}**: {reason}",
                       choice=", ".join(say(a, game.variant, t) for a in pending.advice), reason=pending.reason)
        return None

    def takeover_in(self) -> float | None:
        """No countdown: a computer never plays for the learner."""
        return None

    async def prepare(self) -> None:
        """(Lock held.)  When the learner is to decide, compute the advisor's choice (Hint
        and the feedback use it) and whether the decision teaches a step not met yet."""
        game = self.game
        seat = self.learner_seat
        if self.status != PLAYING or game is None or game.to_act != seat:
            return
        at = len(game.history)
        if self.lesson.pending is not None and self.lesson.pending.at == at:
            return
        self.lesson.pending = None
        if len(game.legal_actions(seat)) < 2:
            return
        key = situation(game, seat)
        step = STEP_BY_KEY[key] if key is not None and not self.lesson.met(key) else None
        actions, reason = await asyncio.to_thread(advise, game, seat, table_words.seat_text(self, seat))
        # (the reason names seats by the engine's placeholder: the lesson names its players)
        self.lesson.pending = Pending(step, at, actions, self.named(reason))

    async def act(self, user_id: int, hand_no: int, step: int, codes: list[str], *,
                  panel_seat: int | None = None) -> list[Event]:
        """The learner's choice: judged against the advice (before it is applied), then
        played as at any table."""
        game = self.game
        pending = self.lesson.pending
        judged: StepResult | None = None
        if (game is not None and pending is not None and pending.step is not None
                and pending.at == len(game.history)
                and game.to_act == self.learner_seat and self.check_moment(hand_no, step)):
            chosen = [parse_action(c) for c in codes]
            if chosen and game.can(self.learner_seat, chosen[0]):
                judged = feedback_for(game, self.learner_seat, pending, chosen,
                                      table_words.seat_text(self, self.learner_seat))
                self._before = (game.to_record(), self.session.to_dict(), self.step)
        if judged is not None:
            self.lesson.done.append(judged)
            self.lesson.last = judged
            self.lesson.pending = None
        elif game is not None and game.to_act == self.learner_seat:
            self.lesson.last = None  # an ordinary move: the old feedback goes
        return await super().act(user_id, hand_no, step, codes, panel_seat=panel_seat)

    def check_moment(self, hand_no: int, step: int) -> bool:
        return self.status == PLAYING and hand_no == self.hand_no and step == self.step

    @property
    def can_take_back(self) -> bool:
        last = self.lesson.last
        return self._before is not None and last is not None and not last.good

    async def take_back(self) -> None:
        """Try again: the deal goes back to just before the learner's last judged choice."""
        async with self.lock:
            if not self.can_take_back or self._before is None:
                raise TableError(N_("There is nothing to try again right now."))
            record, session, _ = self._before
            self._cancel_tasks()
            self.game = replay_record(record)
            self.session = Session.from_dict(session)
            self.status = PLAYING
            self.last_result = None
            self.step += 1  # every button drawn before is stale now
            last = self.lesson.last
            if last is not None and last in self.lesson.done:
                self.lesson.done.remove(last)
            self.lesson.last = None
            self.lesson.review = None
            self.lesson.retries += 1
            self._before = None
            await self._changed()
        self.kick()

    def _verdict(self, net: int, t: Text | None = None) -> str:
        t = t or Text()
        money = t.money(find_variant(self.config.variant).currency, abs(net))
        if net > 0:
            return t._("You would have won {amount} in a real game.", amount=money)
        if net < 0:
            return t._("You would have lost {amount} in a real game.", amount=money)
        return t._("You would have neither won nor lost in a real game.")

    def finish(self, result: HandResult) -> str:
        """The end of a hand: before the last prepared hand a short note and Next hand;
        after it the review: every step, the learner's choice, and each hand's result."""
        t = table_words.seat_text(self, self.learner_seat)
        net = result.net.get(self.learner_seat, 0)
        summary = result.say_summary(t)  # (the engine's words, in the learner's language)
        self.lesson.hands.append((summary, net))
        if self.hand_no < self.plan.hands:
            self.lesson.between = (
                "**" + t._("Hand {hand} of {hands} is over.", hand=self.hand_no, hands=self.plan.hands)
                + f"** {summary} {self._verdict(net, t)}\n"
                + t._("In the next hand you play against the bidder: click **Next hand**."))
            return self.lesson.between
        lines = []
        variant = find_variant(self.config.variant)
        for step in STEPS:
            if step.key == "read":
                continue
            title = t._(step.title)
            r = next((x for x in self.lesson.done if x.step.key == step.key), None)
            if r is None:
                lines.append(f"▫️ **{title}** — " + t._("did not come up in these hands."))
            elif r.good:
                lines.append(f"✅ **{title}** — {', '.join(say(a, variant, t) for a in r.chosen)}.")
            else:
                lines.append(f"🔸 **{title}** — " + t._(
                    "you chose {choice}; the advice was {advice}.",
                    choice=", ".join(say(a, variant, t) for a in r.chosen),
                    advice=", ".join(say(a, variant, t) for a in r.advice)))
        good = sum(1 for r in self.lesson.done if r.good)
        lines.append("")
        lines.append(t.ngettext("{good} of {n} step as the strong computer player would play it.",
                                "{good} of {n} steps as the strong computer player would play them.",
                                len(self.lesson.done), good=good))
        if self.lesson.retries:
            lines[-1] += " " + t.ngettext("({n} tried again.)", "({n} tried again.)", self.lesson.retries)
        for n, (summary, won) in enumerate(self.lesson.hands, 1):
            lines.append(t._("Hand {hand}:", hand=n) + f" {summary} {self._verdict(won, t)}")
        lines.append(t._("This was a lesson, so nothing was booked."))
        self.lesson.review = "\n".join(lines)
        return self.lesson.review

    async def next_hand(self, user_id: int) -> None:
        """Deal the next prepared hand (Next hand on the panel)."""
        if self.hand_no >= self.plan.hands:
            raise TableError(N_("That was the last hand of the lesson."))
        self.lesson.between = None
        self.lesson.last = None
        self._before = None
        await super().next_hand(user_id)

    @property
    def has_next_hand(self) -> bool:
        return self.status == BETWEEN and self.hand_no < self.plan.hands

    @property
    def is_over(self) -> bool:
        return self.status == BETWEEN and self.hand_no >= self.plan.hands
