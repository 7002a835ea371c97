"""The guided lesson (``/taroky lesson [variant]``): three or four prepared deals of any
variant against computer seats, for one learner, about ten steps with a goal, feedback
and a review.

A lesson is a real :class:`~bot.tables.table.Table` (the engine's rules, the normal
panel and its buttons, Why? and Hint) dealt from a stacked deck, with three differences:

* it is nobody's money: it has no keeper (``bot.tables.table.Unkept``), so nothing is booked or saved;
* it is private: the learner's panel is ephemeral and the lesson posts no public message
  (:class:`LessonOutput` draws the panel with the lesson's goal, feedback and the table
  picture);
* it teaches: when the learner's decision matches a step of the variant
  (:func:`steps_of`, the first time it comes up), the strong computer player's choice for
  it is computed; after the learner chose, :class:`Lesson` says whether that was it — and
  if not, what it would have chosen and why, with what the engine says of the two choices
  (who would take the trick, the card points) — and offers **Try again** (the deal goes
  back to before the choice).  At the end a review lists every step.

Which steps come up is decided by the deal, not by a script: the situations are
recognised from the legal choices and the trick (see :func:`situations`), and the
prepared deals (:data:`PLANS`) were chosen (``benchmarks/lesson_deals.py``) so that a
learner meets them all whether they follow the advice, pass whenever they may, or choose
otherwise: :func:`rehearse` plays a lesson on the bare engine exactly as the table does
(``tests/tables/test_lesson_walks.py``; ``tests/discord/test_lesson.py`` under SimCord).
One hand is prepared for the learner to bid (``LessonPlan.bidder_hand``): there the
panel offers only the games in which the bidder calls and takes from the talon, and the
computer players pass (:func:`offered`, :func:`arranged`) — the goal and Why? say so — so
that a learner who would pass meets the bidder's steps even where the rules let everyone
pass."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ai import reasons as R
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
    Phase,
    Variant,
    find_variant,
    parse_action,
    replay_record,
)
from bot.engine.cards import PAGAT, parse_cards, say_card
from bot.engine.session import Session
from bot.i18n import N_, SOURCE, Text
from bot.tables import words as table_words
from bot.tables.deals import Deals
from bot.tables.errors import TableError
from bot.tables.table import BETWEEN, PLAYING, Seat, Table, TableConfig, TableOutput, TableTimings
from bot.tables.teach import teach_overrides

#: The level whose choice the lesson calls right (the teach-mode Hint asks it too).
ADVISOR = "strong"
#: The level of the computer seats: deterministic, so a prepared deal plays the same way.
OPPONENTS = "normal"
#: A lesson never hands the learner's seat to a computer (it waits a day).
LESSON_PATIENCE = 86_400.0
#: Each player's chips at the start of a lesson of a chip game (NE-9 says 20): enough that
#: nobody runs out within the prepared hands, whatever the learner chooses.
LESSON_CHIPS = 1_000


@dataclass(frozen=True)
class Step:
    """One thing the lesson teaches: a title and its goal in one or two sentences.  A goal
    may name the variant's cards (``{skyz}``); at a decision the choices the panel shows
    follow it (:func:`goal_text`), so a goal never promises a choice the screen lacks."""

    key: str
    title: str
    goal: str


STEPS: tuple[Step, ...] = (
    Step("read", N_("Read your hand"),
         N_("Count your taroky (the trumps, I to XXI and the {skyz}) and your kings, and find tarok I, "
            "the lowest: they decide whether you should bid.")),
    Step("bid", N_("Bid or pass"),
         N_("Bid when your hand is strong (many taroky, high ones, kings); pass when it is not. "
            "Whoever bids highest plays the game against the others.")),
    Step("call", N_("Call a partner"),
         N_("Name a card you do not hold: whoever holds it is your secret partner.")),
    Step("talon", N_("Take from the talon"),
         N_("The talon is the pile of cards left over after the deal: take the cards that help "
            "your hand most.")),
    Step("discard", N_("Discard cards"),
         N_("Discard the cards you need least, best the last cards of a short suit so that you "
            "have none of it and can trump it later. What you discard counts for your side.")),
    Step("declare", N_("Announce or say nothing"),
         N_("Announce a bonus only when you are sure of it: a missed announcement costs what a "
            "made one would have won.")),
    Step("flek", N_("Double or not"),
         N_("Doubling doubles what the game is worth, won or lost: double only when you expect "
            "your side to win.")),
    Step("follow", N_("Follow suit"),
         N_("You hold the suit that was led, so you must play it: play high to take the trick, "
            "low to keep your good cards.")),
    Step("trump", N_("Trump when you have none of the suit"),
         N_("You have none of the suit that was led, so you must play a tarok: a low one when "
            "the trick is worth little or is lost anyway, a high one to take points.")),
    Step("smear", N_("Give points to your partner's trick"),
         N_("Your partner is winning this trick: a card that counts (a king or another court "
            "card) added to it goes to your side — unless a player after you can still take "
            "the trick, then keep it and play low.")),
    Step("pagat", N_("Tarok I: keep it or play it"),
         N_("Tarok I is the lowest tarok: play your other taroky first and keep it for the end, "
            "where taking the last trick with it is worth a bonus — unless it can only be lost.")),
)
STEP_BY_KEY: dict[str, Step] = {s.key: s for s in STEPS}

#: The bidding goal when the panel offers no pass (forehand's first bid in Czech, Polish
#: and Petrtyl, the last bidder in Nebraska).
BID_FORCED = N_("Here you may not pass: choose the lowest game when your hand is weak, a higher "
                "one when it is strong. Whoever bids highest plays the game against the others.")
#: The decisions whose goal lists the panel's choices ("Your choices here: …").
CHOICE_STEPS = frozenset({"bid", "call", "talon", "declare", "flek"})
#: Tarok I's goal at an announcement that would keep it for the last trick (CZ-11, PT-3).
PAGAT_ANNOUNCED = N_("Tarok I is the lowest tarok. Announcing it for the last trick binds you to keep it to the "
                     "end and take that trick with it: a bonus if you do, a loss if you do not. Announce it only "
                     "with many high taroky; otherwise you may play it whenever it suits you.")
#: The steps only the player who wins the bidding meets (where the variant has them).
BIDDER_STEPS = ("call", "talon", "discard")
#: The bidding goal in the hand a lesson prepares for the learner to bid (``LessonPlan.
#: bidder_hand``), where the panel leaves out a pass or a game the rules allow.
BID_LESSON = N_("In this lesson hand you are the one to bid, and the computer players will leave the game to "
                "you. The games offered are those in which you meet these steps: {steps}.")
#: Why? and the refusal beside it: what the rules allow but the lesson's panel leaves out.
WITHHELD = N_("In this lesson hand you are the one to bid, so the panel leaves out {choices}, which the rules "
              "allow, and offers only the games in which you meet these steps: {steps}.")
#: The advice's reason when the advisor would have passed or chosen a game left out.
ADVICE_LESSON = N_("In this lesson hand you are the one to bid: the lowest game offered risks least.")
#: The advice's reason when the advisor would have thrown the won game in (KZ-4), which the
#: panel of the hand prepared for the learner to bid leaves out.
ADVICE_PLAY_ON = N_("In this lesson hand you play the game you won, to meet these steps: {steps}.")
#: The advice's reason when the advisor's own reason weighs its game against a choice the
#: panel leaves out ("Jeden rather than pass" where no Pass is offered).
ADVICE_OFFERED = N_("{choice}: of the games this lesson hand offers, played to the end over many ways the "
                    "hidden cards may lie, it comes out best.")


def bidder_steps(variant: Variant) -> tuple[Step, ...]:
    """The steps of ``variant`` that only the bidder meets: calling, the talon, the discard."""
    return tuple(s for s in steps_of(variant) if s.key in BIDDER_STEPS)


def teaches_bidder(variant: Variant, action: Action) -> bool:
    """Whether a bid of ``action`` leads to a game in which the bidder meets every step of
    :func:`bidder_steps`: a game that calls (where the variant calls) and takes from the
    talon (a Solo, a Five or a Three skips both)."""
    if action.kind is not Kind.BID:
        return False
    contract = variant.contracts.get(str(action.value))
    if contract is None:
        return False
    keys = {s.key for s in bidder_steps(variant)}
    return ((contract.call is not None or "call" not in keys)
            and (contract.talon != "none" or "talon" not in keys))


def offered(game: Game, seat: int, bidding: bool) -> list[Action]:
    """The choices a lesson's panel offers ``seat``: the legal ones, except in the hand
    prepared for the learner to bid (``bidding``) where, until they hold the highest bid,
    it offers only the bids of :func:`teaches_bidder` (no Pass, no Solo) — a subset of
    what the rules allow, said so by the goal and by Why? (:data:`WITHHELD`)."""
    legal = game.legal_actions(seat)
    if bidding and won_to_throw_in(game, seat):
        return [a for a in legal if a.kind is not Kind.THROW_IN] or legal
    if not bidding or game.phase is not Phase.AUCTION or game.auction.high_seat == seat:
        return legal
    teach = [a for a in legal if teaches_bidder(game.variant, a)]
    return teach or legal


def won_to_throw_in(game: Game, seat: int) -> bool:
    """Whether ``seat`` won the bidding and may throw the cards in instead of playing
    (KZ-4, a won Jeden): in the hand prepared for the learner to bid, the panel offers
    only to play on, the way to the steps the hand is prepared for."""
    return game.phase is Phase.THROW_IN and game.contract is not None and game.bidder == seat


def withheld(game: Game, seat: int, bidding: bool, t: Text | None = None) -> dict[str, str] | None:
    """The values of :data:`WITHHELD` for the choices the lesson's panel leaves out
    though the rules allow them (:func:`offered`), in ``t``'s words; None when it
    leaves out nothing."""
    t = t or Text()
    shown = offered(game, seat, bidding)
    left = [a for a in game.legal_actions(seat) if a not in shown]
    if not left:
        return None
    v = game.variant
    return {"steps": " · ".join(t._(s.title) for s in bidder_steps(v)),
            "choices": " · ".join(f"**{v.label(a, t)}**" for a in left)}


def withheld_note(game: Game, seat: int, bidding: bool, t: Text | None = None) -> str | None:
    """Why the lesson's panel leaves out choices the rules allow, in one sentence naming
    them (:data:`WITHHELD`); None when it leaves out nothing."""
    values = withheld(game, seat, bidding, t)
    return None if values is None else (t or Text())._(WITHHELD, **values)


def arranged(game: Game, seat: int, bidding: bool) -> Action | None:
    """A computer seat's choice the lesson arranges: in the hand prepared for the
    learner to bid, it passes whenever the rules let it (the goal says so); None
    elsewhere (the computer player chooses)."""
    if not bidding or seat == 0 or game.phase is not Phase.AUCTION:
        return None
    return next((a for a in game.legal_actions(seat) if a.kind is Kind.PASS), None)


def steps_of(variant: Variant) -> tuple[Step, ...]:
    """The steps a hand of ``variant`` offers, read from the variant: calling where its
    terms have a call (every variant but Taper), the talon and the announcements where its
    hands have those parts, doubling where anything may be doubled; bidding, the discard
    and the play always."""
    parts = variant.how_it_goes
    keep = {
        "call": "call" in variant.glossary,
        "talon": "talon" in parts,
        "declare": "announcements" in parts,
        "flek": variant.max_double > 0,
    }
    return tuple(s for s in STEPS if keep.get(s.key, True))


def say(action: Action, variant: Variant, t: Text | None = None) -> str:
    """A choice in words, for the lesson's feedback: as its button says it (cards named
    as everywhere else: ``K♥ king``, ``Discard 7♠``, ``Call XIX``)."""
    return variant.label(action, t or Text())


def say_all(actions: Sequence[Action], variant: Variant, t: Text | None = None) -> str:
    """Several choices in words (a discard of several cards is one choice)."""
    return ", ".join(say(a, variant, t) for a in actions)


def goal_text(step: Step, game: Game, seat: int, t: Text | None = None, bidding: bool = False) -> str:
    """``step``'s goal for the decision in front of ``seat``: in the variant's words, and
    for a choice among buttons followed by exactly the choices the panel shows
    (:func:`offered`)."""
    t = t or Text()
    variant = game.variant
    legal = offered(game, seat, bidding)
    goal = step.goal
    if step.key == "bid" and legal != game.legal_actions(seat):
        goal = BID_LESSON  # (the lesson left choices out: it says why)
    elif step.key == "bid" and not any(a.kind is Kind.PASS for a in legal):
        goal = BID_FORCED
    announcing = step.key == "pagat" and game.phase is not Phase.PLAY
    if announcing:
        goal = PAGAT_ANNOUNCED
    text = t._(goal, skyz=variant.card_words.skyz,
               steps=" · ".join(t._(s.title) for s in bidder_steps(variant)))
    if step.key in CHOICE_STEPS or announcing:
        text += " " + t._("Your choices here: {choices}.",
                          choices=" · ".join(say(a, variant, t) for a in legal))
    return text


def situations(game: Game, seat: int) -> tuple[str, ...]:
    """The lesson steps the decision in front of ``seat`` teaches (keys of
    :data:`STEP_BY_KEY`), recognised from the legal choices and the trick: usually one,
    more where one turn offers both doubling and announcing, where an announcement would
    keep tarok I for the last trick (to announce it or not is to keep it or not: CZ-11,
    PT-3), or where a trump may be tarok I or another (the first not met yet is taught)."""
    if game.to_act != seat:
        return ()
    pv = game.view_for(seat)
    legal = pv.legal
    if len(legal) < 2:
        return ()
    kinds = {a.kind for a in legal}
    if kinds & {Kind.BID, Kind.HOLD}:
        return ("bid",)
    if kinds & {Kind.CALL, Kind.CALL_FOURTH_KING}:
        return ("call",)
    if Kind.DISCARD in kinds:
        return ("discard",)
    if kinds & {Kind.DRAW, Kind.TAKE, Kind.REJECT, Kind.DECLINE}:
        return ("talon",)
    announcing = bool(kinds & {Kind.ANNOUNCE, Kind.DECLARE})
    pagat = ("pagat",) if announcing and keeps_pagat(game, seat, legal) else ()
    if Kind.DOUBLE in kinds:
        return (("flek", "declare") if announcing else ("flek",)) + pagat
    if announcing:
        return ("declare",) + pagat
    if kinds != {Kind.PLAY}:
        return ()
    cards = [a.card for a in legal]
    if pv.trick:
        led = pv.trick[0][1]
        team = teammates(pv)
        winner = game.variant.trick_winner(pv.trick)
        if team and winner in team and any(c.points > 1 and not c.is_tarok for c in cards):
            return ("smear",)
        if not led.is_tarok and all(not c.is_tarok and c.suit == led.suit for c in cards):
            return ("follow",)
        if not led.is_tarok and all(c.is_tarok for c in cards):
            # (holding tarok I among others, a trump is also the choice to keep it or play it)
            return ("trump", "pagat") if PAGAT in cards and len(cards) > 1 else ("trump",)
    if PAGAT in cards and any(c.is_tarok and c != PAGAT for c in cards):
        return ("pagat",)
    return ()


def keeps_pagat(game: Game, seat: int, legal: Sequence[Action]) -> bool:
    """Whether one of the announcements in ``legal`` would bind ``seat`` to keep tarok I
    for the last trick (``Variant.kept_cards``, asked of the game after it)."""
    if PAGAT not in game.view_for(seat).hand:
        return False
    for action in legal:
        if action.kind is Kind.ANNOUNCE:
            after = game.clone()
            after.act(seat, action)
            if game.variant.kept_cards(after, seat) >> PAGAT & 1:
                return True
    return False


def situation(game: Game, seat: int) -> str | None:
    """The first of :func:`situations`, or None."""
    keys = situations(game, seat)
    return keys[0] if keys else None


def step_of_choice(keys: Sequence[str], pending: str, chosen: Sequence[Action]) -> str:
    """The step a choice meets: at a turn that offers doubling and announcing both, a
    double meets "Double or not" and an announcement or declaration "Announce or say
    nothing", whichever goal was shown (the review names the step that was taken) — but
    where the goal was tarok I's, an announcement meets it (it keeps tarok I or not)."""
    kind = chosen[0].kind if chosen else None
    if kind is Kind.DOUBLE and "flek" in keys:
        return "flek"
    if kind is Kind.ANNOUNCE and pending == "pagat":
        return "pagat"  # (the goal was to keep tarok I or not: announcing it keeps it)
    if kind in (Kind.ANNOUNCE, Kind.DECLARE) and "declare" in keys:
        return "declare"
    return pending


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
    the lesson step it teaches (None: one met before, or none), ``keys`` every step the
    decision could meet and ``goal`` the step's goal as the learner reads it."""

    step: Step | None
    at: int  # len(game.history) when it came up
    advice: tuple[Action, ...]
    reason: str
    keys: tuple[str, ...] = ()
    goal: str = ""
    #: The choices the panel offers (:func:`offered`: the legal ones but in the hand
    #: prepared for the learner to bid).
    offered: tuple[Action, ...] = ()


@dataclass
class Lesson:
    """What the learner has met so far, and the feedback on their last step.  The same
    object runs a lesson at a Discord table (:class:`LessonTable`) and a rehearsal on the
    bare engine (:func:`rehearse`): it decides what a decision teaches and judges it."""

    done: list[StepResult] = field(default_factory=list)
    pending: Pending | None = None
    last: StepResult | None = None  # the feedback shown now
    retries: int = 0
    review: str | None = None  # set when the last hand is over
    between: str | None = None  # set when a hand is over and another is prepared
    hands: list[tuple[str, int]] = field(default_factory=list)  # each hand: summary, learner's net

    def met(self, key: str) -> bool:
        return any(r.step.key == key for r in self.done)

    def decision(self, game: Game, seat: int, t: Text | None = None, *, always_advise: bool = True,
                 bidding: bool = False) -> Pending | None:
        """The decision in front of ``seat`` (to act, with two choices or more): the
        first step it teaches not met yet, and the advisor's choice (in ``t``'s words;
        unless ``always_advise``, only for a step or a discard).  In the hand prepared
        for the learner to bid (``bidding``) the choices are those :func:`offered`, and
        where the advisor would pass the advice is the lowest game offered."""
        if game.to_act != seat or len(game.legal_actions(seat)) < 2:
            return None
        keys = situations(game, seat)
        key = next((k for k in keys if not self.met(k)), None)
        step = STEP_BY_KEY[key] if key is not None else None
        shown = tuple(offered(game, seat, bidding))
        actions: tuple[Action, ...] = ()
        reason = ""
        if always_advise or step is not None or keys == ("discard",):
            actions, reason = advise(game, seat, t, shown)
        goal = goal_text(step, game, seat, t, bidding) if step is not None else ""
        return Pending(step, len(game.history), actions, reason, keys, goal, shown)

    def judge(self, game: Game, seat: int, chosen: Sequence[Action], t: Text | None = None) -> StepResult | None:
        """The verdict on ``chosen`` for the pending decision (before it is applied), kept
        as met; None when the decision teaches nothing new."""
        pending = self.pending
        if pending is None or pending.step is None or pending.at != len(game.history) or not chosen:
            return None
        key = step_of_choice(pending.keys, pending.step.key, chosen)
        if self.met(key):
            return None  # (announced where the goal was doubling, and announcing was met)
        judged = feedback_for(game, seat, replace(pending, step=STEP_BY_KEY[key]), chosen, t)
        self.done.append(judged)
        self.last = judged
        self.pending = None
        return judged

    def review_text(self, variant: Variant, t: Text | None = None) -> str:
        """The review at the end: every step of the variant with the learner's choice,
        the count of advised choices, each hand's result (``hands``' verdicts added by
        the caller)."""
        t = t or Text()
        lines = []
        for step in steps_of(variant):
            if step.key == "read":
                continue
            title = t._(step.title)
            r = next((x for x in self.done if x.step.key == step.key), None)
            if r is None:
                lines.append(f"▫️ **{title}** — " + t._("did not come up in these hands."))
            elif r.good:
                lines.append(f"✅ **{title}** — {say_all(r.chosen, variant, t)}.")
            else:
                lines.append(f"🔸 **{title}** — " + t._(
                    "you chose {choice}; the advice was {advice}.",
                    choice=say_all(r.chosen, variant, t), advice=say_all(r.advice, variant, t)))
        good = sum(1 for r in self.done if r.good)
        lines.append("")
        lines.append(t.ngettext("{good} of {n} step as the strong computer player would play it.",
                                "{good} of {n} steps as the strong computer player would play them.",
                                len(self.done), good=good))
        if self.retries:
            lines[-1] += " " + t.ngettext("({n} tried again.)", "({n} tried again.)", self.retries)
        return "\n".join(lines)


@dataclass(frozen=True)
class LessonPlan:
    """Prepared deals: the variant, its house rules, the seats, who deals first and the
    stacked decks, one per hand.  No one hand offers one player every step (the bidder
    calls and takes the talon, only an opponent of the bidder doubles, and in Czech only
    the opponents choose to draw or not), so a lesson is three hands or four: the learner
    bids in the one prepared for it (``bidder_hand``, even a learner who always passes)
    and plays against the bidder in the others."""

    variant: str
    decks: tuple[tuple[int, ...], ...]
    dealer: int = 3
    options: tuple[tuple[str, OptionValue], ...] = ()
    players: int = 4
    #: The hand (1, 2, ...) prepared for the learner to bid, or 0: in it the panel offers
    #: the learner only the games that call and take from the talon, and the computer
    #: players pass (:func:`offered`, :func:`arranged`), so that a learner who would
    #: pass still meets the bidder's steps where the rules let everyone pass.
    bidder_hand: int = 0

    @property
    def hands(self) -> int:
        return len(self.decks)

    def bidding(self, hand_no: int) -> bool:
        """Whether hand ``hand_no`` is the one prepared for the learner to bid."""
        return hand_no == self.bidder_hand

    def session(self) -> Session:
        """The lesson's session: the plan's seats, house rules and first dealer; in a chip
        game (NE-9) every player starts with :data:`LESSON_CHIPS`, not the variant's
        stake — a lesson is nobody's money, and a computer player running out of chips
        would end it before its last prepared hand."""
        session = Session.begin(self.variant, self.players, dict(self.options), dealer=self.dealer)
        if session.start > 0:
            session.start = LESSON_CHIPS
        return session


def shuffled(seed: int, variant: str = "czech") -> tuple[int, ...]:
    """``variant``'s pack shuffled by ``random.Random(seed)``: a prepared deal is named by
    its seed."""
    deck = list(find_variant(variant).pack_ids)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def _plan(variant: str, seeds: Sequence[int | tuple[int, ...]], *, players: int = 4, dealer: int | None = None,
          bidder_hand: int = 0) -> LessonPlan:
    """A plan of ``seeds``' shuffles (or a deck given whole), with the house rules a
    teach-mode table of the variant plays by (``Variant.teach_options``: a quiet povinnost
    played out, ...)."""
    options = teach_overrides(find_variant(variant), {})
    return LessonPlan(variant, tuple(s if isinstance(s, tuple) else shuffled(s, variant) for s in seeds),
                      players - 1 if dealer is None else dealer, tuple(sorted(options.items())), players,
                      bidder_hand)


def _in_batches(talon: str, *hands: str, batch: int = 6) -> tuple[int, ...]:
    """A deck built rather than shuffled: ``talon``'s cards first, then ``hands`` (each
    seat's cards, from forehand round) in batches of ``batch`` cards, as Kozy deals a
    stacked deck (``parse_cards`` names: ``XIX Sk KH 10S``)."""
    cards = [parse_cards(h) for h in hands]
    deck = parse_cards(talon)
    for start in range(0, max(len(c) for c in cards), batch):
        for c in cards:
            deck += c[start:start + batch]
    return tuple(int(c) for c in deck)


#: Kozy's second hand, built: the learner deals and bids last, after the three computer
#: players bid Dwa, Trzy and Cztery (each hand strong enough to raise the one before; a
#: computer bids no Jeden, which it would throw in, KZ-4), so the learner may say kontra on
#: the game (KZ-7 (b): the bid was Trzy or more at their turn). A computer player of the
#: lesson's level bids only the cheapest game it can, so in a shuffled deal nobody else
#: says Trzy, and a learner who never bids Trzy never meets "Double or not".
KOZY_KONTRA = _in_batches(
    "4H 4D 7S 7C 3H 3D",
    "VII VI V IV III I KH KD 8S 8C 2H 2D",  # seat 1, forehand: Dwa
    "XV XIV XIII XII XI X IX VIII KS KC 9S 9C",  # seat 2: Trzy
    "Sk XXI XX XIX XVIII XVII XVI QH QD QS QC CH",  # seat 3: Cztery, calls a king it lacks
    "II JH 1H CD JD 1D CS JS 10S CC JC 10C",  # the learner, the dealer: no king, one tarok
)


#: The prepared deals, by variant: shuffles chosen (``benchmarks/lesson_deals.py``
#: ``--search``, ``--bidder-hand``; one built deal) so that a learner meets every step of
#: the variant whether they follow the advice, always pass, or choose otherwise
#: (``tests/tables/test_lesson_walks.py`` walks each all three ways).
PLANS: dict[str, LessonPlan] = {
    "czech": _plan("czech", (17, 3, 7, 21), bidder_hand=1),
    "nebraska": _plan("nebraska", (34, 80, 4, 16), bidder_hand=2),  # (the learner defends first, then bids)
    "heun": _plan("heun", (1, 5, 21, 7), bidder_hand=1),
    "kozy": _plan("kozy", (17, KOZY_KONTRA, 4), bidder_hand=1),
    "petrtyl": _plan("petrtyl", (14, 7, 30, 5), bidder_hand=2),
    "polish": _plan("polish", (7, 3, 26), bidder_hand=3),
    "romanian": _plan("romanian", (17, 3, 1), bidder_hand=1),
    "taper": _plan("taper", (8, 13, 2), players=3, bidder_hand=1),
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
def advise(game: Game, seat: int, t: Text | None = None,
           shown: Sequence[Action] | None = None) -> tuple[tuple[Action, ...], str]:
    """The advisor's choice for ``seat`` now (on a copy of the game): one action, or for a
    discard every card it would lay away; and its reason (in ``t``'s language).  With
    ``shown`` (the panel's choices where a lesson leaves some out): a choice left out is
    replaced by the first shown (:data:`ADVICE_LESSON`), and a reason that weighs the
    choice against one left out by :data:`ADVICE_OFFERED`, so the advice never names a
    button the learner does not have."""
    actions, first = _advice(game, seat)
    t = t or Text()
    if shown is None:
        return actions, first.say(t)
    if actions and actions[0] not in shown:
        if game.phase is Phase.AUCTION:
            return tuple(shown[:1]), t._(ADVICE_LESSON)
        return tuple(shown[:1]), t._(ADVICE_PLAY_ON, steps=" · ".join(
            t._(s.title) for s in bidder_steps(game.variant)))
    msg = first.msg
    if msg is not None and any(isinstance(x, R.Verb) and x.action not in shown for x in msg.values.values()):
        return actions, t._(ADVICE_OFFERED, choice=R.Verb(game.variant, actions[0]).say(t))
    return actions, first.say(t)


def _advice(game: Game, seat: int) -> tuple[tuple[Action, ...], Choice]:
    g = game.clone()
    seed = decision_seed(len(game.history), seat)
    first: Choice = choose_level(ADVISOR, g, seat, seed, person=True)
    actions = [first.action]
    if first.action.kind is Kind.DISCARD:
        g.act(seat, first.action)
        while g.to_act == seat and any(a.kind is Kind.DISCARD for a in g.legal_actions(seat)):
            nxt = choose_level(ADVISOR, g, seat, decision_seed(len(g.history), seat), person=True)
            if nxt.action.kind is not Kind.DISCARD:
                break
            actions.append(nxt.action)
            g.act(seat, nxt.action)
    return tuple(actions), first


def _same(chosen: Sequence[Action], advice: Sequence[Action]) -> bool:
    if chosen and chosen[0].kind is Kind.DISCARD:
        return set(chosen) == set(advice)
    return list(chosen[:1]) == list(advice[:1])


def engine_note(game: Game, seat: int, step: str, chosen: Sequence[Action],
                advice: Sequence[Action], t: Text | None = None) -> str:
    """What the rules say of the two choices: who would take the trick so far, the card
    points discarded or given."""
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
        return (t or Text())._("You discarded {yours} card points, the advice {theirs}; "
                               "both count for your side at the end.", yours=yours, theirs=theirs)
    return ""


def feedback_for(game: Game, seat: int, pending: Pending, chosen: Sequence[Action],
                 t: Text | None = None) -> StepResult:
    """The verdict on the learner's ``chosen`` action(s) for ``pending`` (before they
    are applied: the game is as the learner saw it)."""
    assert pending.step is not None
    t = t or Text()
    good = _same(chosen, pending.advice)
    advice_words = say_all(pending.advice, game.variant, t)
    chosen_words = say_all(chosen, game.variant, t)
    note = engine_note(game, seat, pending.step.key, chosen, pending.advice, t)
    # (the reason is the computer player's, said in the learner's language when advised)
    if good:
        text = "✅ " + t._("Well done: **{choice}** is what the strong computer player chooses too. {reason}",
                          choice=chosen_words, reason=pending.reason)
    else:
        text = "🔸 " + t._("You chose **{choice}**. The strong computer player would choose **{advice}**: {reason}",
                          choice=chosen_words, advice=advice_words, reason=pending.reason)
    if note:
        text += f"\n{note}"
    return StepResult(pending.step, tuple(chosen), pending.advice, pending.reason, good, text)


# ----------------------------------------------------------------------- rehearsal
#: A learner's way of choosing, for a rehearsal: the game, their seat and the decision
#: in front of them (with the advice) -> the action(s) they take (a discard: every card).
Learner = Callable[[Game, int, Pending], Sequence[Action]]


def follows_advice(game: Game, seat: int, pending: Pending) -> Sequence[Action]:
    """The learner who takes the advice every time."""
    return pending.advice


def _discards(game: Game, seat: int, advice: Sequence[Action], swap: bool) -> list[Action]:
    """As many legal discards as the advice has: the first ones, or (``swap``) the advice
    with its first card replaced by another legal one."""
    legal = [a for a in game.legal_actions(seat) if a.kind is Kind.DISCARD]
    if swap:
        other = next((a for a in legal if a not in advice), None)
        if other is not None:
            return [other, *advice[1:]]
        return list(advice)
    return legal[:len(advice)]


def passes(game: Game, seat: int, pending: Pending) -> Sequence[Action]:
    """The learner who passes, declines and says nothing whenever the panel lets them,
    and otherwise takes the first choice offered."""
    legal = list(pending.offered)
    for kind in (Kind.PASS, Kind.DECLINE, Kind.DONE, Kind.KEEP, Kind.PLAY_ON):
        quiet = next((a for a in legal if a.kind is kind), None)
        if quiet is not None:
            return [quiet]
    if legal[0].kind is Kind.DISCARD:
        return _discards(game, seat, pending.advice, swap=False)
    return [legal[0]]


def differs(game: Game, seat: int, pending: Pending) -> Sequence[Action]:
    """The learner who, at every step, takes a legal choice other than the advice (and
    elsewhere the first choice offered)."""
    legal = list(pending.offered)
    if pending.step is None:
        return _discards(game, seat, pending.advice, swap=False) if legal[0].kind is Kind.DISCARD else [legal[0]]
    if pending.advice[0].kind is Kind.DISCARD:
        return _discards(game, seat, pending.advice, swap=True)
    return [next((a for a in legal if a != pending.advice[0]), pending.advice[0])]


LEARNERS: dict[str, Learner] = {"advice": follows_advice, "passes": passes, "differs": differs}
#: The learners who need the advice where no step is taught (to follow it).
ADVICE_EVERYWHERE: frozenset[Learner] = frozenset({follows_advice})


@dataclass
class Rehearsal:
    """A lesson played through on the bare engine: the lesson's record and the
    learner's decisions (how many); ``ended``: why the session ended before the last
    hand (a Nebraska player out of chips), or None."""

    lesson: Lesson
    variant: Variant
    decisions: int = 0
    ended: str | None = None
    #: Every goal shown: the step, the goal, the choices the panel offered beside it and
    #: the choices the rules allowed (more, in the hand prepared for the learner to bid).
    goals: list[tuple[str, str, tuple[Action, ...], tuple[Action, ...]]] = field(default_factory=list)

    @property
    def met(self) -> list[str]:
        return [r.step.key for r in self.lesson.done]


def rehearse(plan: LessonPlan, learner: Learner = follows_advice, t: Text | None = None) -> Rehearsal:
    """Play ``plan`` as a lesson table does, without Discord: the learner in seat 0
    choosing by ``learner``, the computer seats at the lesson's level, the decks and
    their generators as :class:`LessonTable` deals them.  The lesson meets and judges
    the steps as at the table and writes its review (``lesson.review``)."""
    variant = find_variant(plan.variant)
    session = plan.session()
    out = Rehearsal(Lesson(), variant)
    for hand_no in range(1, plan.hands + 1):
        if not rehearse_hand(out, session, Deals.stacked(*plan.decks), hand_no, learner, t,
                             bidding=plan.bidding(hand_no)):
            break
    out.lesson.review = out.lesson.review_text(variant, t)
    return out


def rehearse_hand(out: Rehearsal, session: Session, deals: Deals, hand_no: int, learner: Learner,
                  t: Text | None = None, *, bidding: bool = False) -> bool:
    """Hand ``hand_no`` of a rehearsal (:func:`rehearse`), added to ``out``; False when
    the session ended before it (``out.ended`` says why).  ``bidding``: the hand is the
    one prepared for the learner to bid (``LessonPlan.bidder_hand``)."""
    if session.over:
        out.ended = session.end_reason
        return False
    lesson = out.lesson
    game = session.deal(rng=deals.rng(hand_no), deck=deals.deck(hand_no))
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat != 0:
            game.act(seat, arranged(game, seat, bidding) or choose_level(OPPONENTS, game, seat).action)
            continue
        legal = game.legal_actions(0)
        if len(legal) < 2:
            game.act(0, legal[0])
            continue
        lesson.pending = pending = lesson.decision(game, 0, t, always_advise=learner in ADVICE_EVERYWHERE,
                                                   bidding=bidding)
        assert pending is not None
        if pending.step is not None:
            out.goals.append((pending.step.key, pending.goal, pending.offered, tuple(legal)))
        chosen = list(learner(game, 0, pending))
        out.decisions += 1
        lesson.judge(game, 0, chosen, t)
        for a in chosen:
            game.act(0, a)
    result = game.result
    assert result is not None
    lesson.hands.append((result.say_summary(t or Text()), result.net.get(0, 0)))
    session.record(game)
    return True


# ----------------------------------------------------------------------- the table
class LessonTable(Table):
    """A lesson's table: the learner in the first seat (forehand of the first hand), the
    plan's computer seats (three, two in Taper), the prepared decks, teach mode, no money
    and no saving."""

    #: A lesson judges each choice after it is made and offers Try again, so it does not
    #: ask "Are you sure?" before announcements and doubles as a teach-mode table does.
    confirms_costly_choices = False
    public_language_is_the_servers = False  # (everything in the learner's language)

    def __init__(self, *, plan: LessonPlan, learner_id: int, learner_name: str, guild_id: int,
                 channel_id: int, timings: TableTimings, output: TableOutput | None = None,
                 lang: str = SOURCE) -> None:
        self.plan = plan
        config = TableConfig(variant=plan.variant, players=plan.players, options=dict(plan.options),
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
        for _ in range(plan.players - 1):  # (one by one: each computer gets its own name)
            self.seats.append(Seat(name=self._computer_name(), level=OPPONENTS))
        self.lesson = Lesson()
        # The deal before the learner's last choice (Try again) and the session with it.
        self._before: tuple[dict[str, Any], dict[str, Any], int] | None = None

    def _new_session(self) -> Session:
        return self.plan.session()

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
                       choice=say_all(pending.advice, game.variant, t), reason=pending.reason)
        return None

    @property
    def bidding(self) -> bool:
        """Whether the hand in play is the one prepared for the learner to bid."""
        return self.plan.bidding(self.hand_no)

    def offered(self, seat: int) -> list[Action]:
        """The panel's choices: in the hand prepared for the learner to bid, only the
        games that teach the bidder's steps (:func:`offered`)."""
        game = self.game
        if self.status != PLAYING or game is None or seat != self.learner_seat:
            return super().offered(seat)
        return offered(game, seat, self.bidding)

    def withheld_note(self, seat: int, t: Text) -> str | None:
        game = self.game
        if self.status != PLAYING or game is None or seat != self.learner_seat:
            return None
        return withheld_note(game, seat, self.bidding, t)

    async def computer_choice(self, game: Game, seat_no: int) -> Action:
        """In the hand prepared for the learner to bid, the computer players pass (the
        goal says so: :func:`arranged`); elsewhere they choose at their level."""
        return arranged(game, seat_no, self.bidding) or await super().computer_choice(game, seat_no)

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
        pending = await asyncio.to_thread(self.lesson.decision, game, seat, table_words.seat_text(self, seat),
                                          bidding=self.bidding)
        if pending is not None:
            # (the reason names seats by the engine's placeholder: the lesson names its players)
            self.lesson.pending = replace(pending, reason=self.named(pending.reason))

    async def act(self, user_id: int, hand_no: int, step: int, codes: list[str], *,
                  panel_seat: int | None = None) -> list[Event]:
        """The learner's choice: judged against the advice (before it is applied), then
        played as at any table."""
        game = self.game
        judged: StepResult | None = None
        if game is not None and game.to_act == self.learner_seat and self.check_moment(hand_no, step):
            chosen = [parse_action(c) for c in codes]
            left = withheld(game, self.learner_seat, self.bidding, table_words.seat_text(self, self.learner_seat))
            if left is not None and chosen and chosen[0] not in self.offered(self.learner_seat):
                raise TableError(WITHHELD, **left)  # (the rules allow it; this lesson hand leaves it out)
            if chosen and game.can(self.learner_seat, chosen[0]):
                before = (game.to_record(), self.session.to_dict(), self.step)
                judged = self.lesson.judge(game, self.learner_seat, chosen,
                                           table_words.seat_text(self, self.learner_seat))
                if judged is not None:
                    self._before = before
        if judged is None and game is not None and game.to_act == self.learner_seat:
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
            await self.changed_locked()
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
        if self._more_hands:
            self.lesson.between = (
                "**" + t._("Hand {hand} of {hands} is over.", hand=self.hand_no, hands=self.plan.hands)
                + f"** {summary} {self._verdict(net, t)}\n"
                + t._("Click **Next hand** for the next prepared hand."))
            return self.lesson.between
        lines = [self.lesson.review_text(find_variant(self.config.variant), t)]
        for n, (summary, won) in enumerate(self.lesson.hands, 1):
            lines.append(t._("Hand {hand}:", hand=n) + f" {summary} {self._verdict(won, t)}")
        lines.append(t._("This was a lesson, so nothing was booked."))
        self.lesson.review = "\n".join(lines)
        return self.lesson.review

    @property
    def _more_hands(self) -> bool:
        """Whether a prepared hand is left and the session can deal it (a chip game ends
        when a player has no chips left, NE-9: then the lesson ends with its review)."""
        return self.hand_no < self.plan.hands and not self.session.over

    async def next_hand(self, user_id: int) -> None:
        """Deal the next prepared hand (Next hand on the panel)."""
        if not self._more_hands:
            raise TableError(N_("That was the last hand of the lesson."))
        self.lesson.between = None
        self.lesson.last = None
        self._before = None
        await super().next_hand(user_id)

    @property
    def has_next_hand(self) -> bool:
        return self.status == BETWEEN and self._more_hands

    @property
    def is_over(self) -> bool:
        return self.status == BETWEEN and not self._more_hands
