"""A heuristic Taroky player: sensible, explainable, fast.

It reads only what its seat may see (``game.view_for(seat)``) and chooses among
``game.legal_actions(seat)``.  What beats what and who wins a trick are the variant's
(``Variant.trick_winner``, ``Variant.strength``): the player never ranks cards itself, so
Nebraska's red pips (4 high) and the 21–Škýz–1 trick (NE-6) are judged as the engine
judges them.  The rules of thumb:

* **Bidding** — bid the cheapest contract when the hand is strong (many taroky,
  honours, kings), otherwise pass.
* **Calling** — call a card it does not hold (so it gets a partner).
* **Talon** — take what is offered; discard the cheapest cards of its shortest
  plain suits (to make voids), never kings or taroky when it can avoid it.
* **Announcements / doubles** — only with a very strong hand; otherwise "Done".
* **Play** — keep the pagát for the last trick when it can; never take a trick from a
  partner it knows (``PlayerView.my_partner``) when a card that leaves the partner winning
  is allowed, and give that partner points when no one after it can take the trick;
  otherwise win as cheaply as possible, or throw its cheapest card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.ai import reasons as R
from bot.engine import Action, Game, Kind, PlayerView, Variant, find_variant
from bot.engine.actions import PASS, Term
from bot.engine.cards import MOND, PAGAT, SKYZ, Card
from bot.engine.say import ENGLISH, N_, Msg, Say, Sayable

__all__ = ["BID_THRESHOLDS", "Choice", "bid_strength_needed", "bid_threshold", "cheapest",
           "choose_action",
           "hand_strength", "known_partner", "rank", "suit_lengths"]

#: A legal card to play or discard, with its action.
Option = tuple[Action, Card]

#: A hand this strong bids; one this strong also announces and doubles.
BID_STRENGTH = 20
ANNOUNCE_STRENGTH = 30

#: How strong a hand (``hand_strength``) the easy and the normal players bid with, by
#: variant: the contracts differ in difficulty and in what passing costs (Romanian
#: michi-michi, a Kozy or Taper throw-in, Petrtyl's unraised Three thrown in).  Tuned so
#: that the deals nobody bids stay under a quarter in every variant (``taroky simulate
#: --bids``, 1,000 deals of seeds 1, 2, 3 and 7; docs/computer-players.md): at 20
#: Nebraska's last seat was forced to bid in 78 % of the deals and Petrtyl's Three thrown
#: in in 79 %; at 18 Romanian deals were michi-michi in 39 %, Heun's dealer forced to Four
#: in 39 %.  Czech and Polish have forehand's povinnost, and Taper stays under a quarter
#: (21-22 %) at 20.  Before (23 November 2026, normal against normal on duplicate deals):
#: Kozy 16 beat 20 by +0.31 +- 0.18 points; Romanian 18 beat 20 by +0.23 +- 0.19 and 16
#: was no worse than 18.
BID_THRESHOLDS: dict[str, int] = {"czech": BID_STRENGTH, "polish": BID_STRENGTH,
                                  "taper": BID_STRENGTH, "romanian": 16, "heun": 16,
                                  "kozy": 16, "nebraska": 15, "petrtyl": 15}


def bid_threshold(variant: str) -> int:
    """The hand strength from which the easy and normal players bid in ``variant``."""
    return BID_THRESHOLDS.get(variant, BID_STRENGTH)


#: Each bid said before in the auction (another seat's, or a hold or raise of its own)
#: asks this much more strength to bid over: without it two hands above the threshold
#: raise each other to the top of the ladder (at Romanian 16, 30 % of the deals were
#: solo; with it, a few per cent).
RAISE_STEP = 3


def bids_before(view: PlayerView) -> int:
    """How many bids were said in this auction so far, passes and forehand's forced
    opening (CZ-1's povinnost, the restriction ``forehand_must_bid``) not counted."""
    variant = find_variant(view.variant)
    forced = any(r.key == "forehand_must_bid" for r in variant.restrictions)
    n = 0
    for i, (s, label) in enumerate(view.bids):
        if label == PASS.label or (i == 0 and forced and s == view.forehand):
            continue
        n += 1
    return n


def bid_strength_needed(view: PlayerView) -> int:
    """The hand strength from which the easy and normal players bid now: the variant's
    threshold, and ``RAISE_STEP`` more for every bid already said."""
    return bid_threshold(view.variant) + RAISE_STEP * bids_before(view)


@dataclass(frozen=True)
class Choice:
    """An action and a one-line reason in plain words (the teach-mode Hint): ``reason`` in
    English, ``msg`` the same sentence as a message, said in a reader's language by
    ``say(t)`` (issue #14; a reason without one is said in English)."""

    action: Action
    reason: str
    msg: Msg | None = None

    @classmethod
    def said(cls, action: Action, msg: Msg) -> Choice:
        """A choice whose reason is ``msg`` (its English kept as ``reason``)."""
        return cls(action, msg.say(), msg)

    def say(self, t: Say = ENGLISH) -> str:
        return self.reason if self.msg is None else self.msg.say(t)


def rule_choice(game: Game, seat: int) -> Choice | None:
    """The choice the variant's rules fix for a computer player in ``seat`` now
    (``Variant.computer_choice``), with the rule as its reason; None where it chooses."""
    fixed = game.variant.computer_choice(game, seat)
    return None if fixed is None else Choice.said(fixed[0], Msg(fixed[1]))


def bids_to_play(variant: Variant, bids: list[Action]) -> list[Action]:
    """Of ``bids`` (in the rules' order), those a computer player would play if it won:
    not a contract it would throw in (``Variant.computer_throws_in``, KZ-4), unless every
    bid is one."""
    kept = [a for a in bids if a.kind is not Kind.BID or str(a.value) not in variant.computer_throws_in]
    return kept or bids


def hand_strength(hand: Iterable[int]) -> int:
    """A rough score: taroky count double, honours and high taroky extra, kings too."""
    score = 0
    for c in hand:
        card = Card(c)
        if card.is_tarok:
            score += 2
            if card.tarok_number >= 18:
                score += 1
            if card.is_honour and card != PAGAT:
                score += 2
        elif card.is_king:
            score += 2
    return score


def saying(a: Action) -> Sayable:
    """A choice as a verb phrase for a reason: "bid Four", "announce Valát", "declare
    Trul", "double the game" (a button's label reads oddly after "so I say")."""
    if a.kind is Kind.BID:
        return Msg(N_("bid {contract}"), {"contract": Term(a.label)})
    if a.kind is Kind.DECLARE:
        return Msg(N_("declare {what}"), {"what": Term(a.label)})
    return R.Label(a, lower=True)


def _count(n: int, one: str, many: str) -> str:
    return f"{'no' if n == 0 else n} {one if n == 1 else many}"


def known_partner(view: PlayerView) -> int | None:
    """The seat this seat knows to be its partner, from its view alone: the bidder and the
    holder of the called card know each other; the bidder learns its partner when the
    called card is shown; of three players, when no card is called, the two against the
    declarer are open partners (TP-6).  None when there is none, or none known."""
    partner = view.my_partner
    if partner is not None and partner != view.seat:
        return partner
    b = view.bidder
    if (b is not None and b != view.seat and view.contract_name is not None
            and view.called_card is None and _active_seats(view) == 3):
        return next(s for s in range(view.num_seats)
                    if s not in (view.seat, b) and s != view.sitting_out)
    return None


def _active_seats(view: PlayerView) -> int:
    """How many seats play to each trick (C-5: a fifth player sits out)."""
    return view.num_seats - (1 if view.sitting_out is not None else 0)


def rank(variant: Variant, c: Card) -> int:
    """How high ``c`` ranks in this variant: taroky above every suit card, suit cards in
    the variant's pip order."""
    return 100 + c.tarok_number if c.is_tarok else variant.strength[c]


def cheapest(variant: Variant, options: Sequence[Option]) -> Option:
    """The option to throw away: fewest card points, then lowest rank."""
    return min(options, key=lambda ac: (ac[1].points, rank(variant, ac[1])))


def suit_lengths(hand: Sequence[Card]) -> dict[int, int]:
    """How many cards of each plain suit ``hand`` holds (by ``int(suit)``)."""
    out: dict[int, int] = {}
    for c in hand:
        if not c.is_tarok:
            out[int(c.suit)] = out.get(int(c.suit), 0) + 1
    return out


def _unseen(view: PlayerView, variant: Variant, played: Sequence[tuple[int, Card]]) -> list[Card]:
    """Cards of the pack this seat cannot place: not in its hand, its discards, the
    trick or the last trick."""
    known = set(view.hand) | set(view.my_discards) | {c for _, c in played}
    known |= {c for _, c in view.last_trick}
    return [c for c in variant.pack if c not in known]


def _trick_is_safe(view: PlayerView, variant: Variant, after: Sequence[tuple[int, Card]]) -> bool:
    """Whether no seat still to play can take the trick ``after`` (my card included) from
    its winner, by any card this seat cannot place."""
    if len(after) >= _active_seats(view):
        return True
    winner = variant.trick_winner(after)
    later = -1  # any seat still to play
    return all(variant.trick_winner((*after, (later, u))) == winner for u in _unseen(view, variant, after))


def _choose_lead(variant: Variant, cards: list[Option]) -> Choice:
    # A low card of a plain suit probes; keep the big taroky.
    plain = [(a, c) for a, c in cards if not c.is_tarok and not c.is_king]
    a, c = cheapest(variant, plain or cards)
    return Choice.said(a, Msg(N_("Lead {card}, a cheap card, and keep your strong cards for later."), {"card": R.say_msg(variant, c)}))


def _choose_play(view: PlayerView, seat: int, plays: list[Action]) -> Choice:
    variant = find_variant(view.variant)
    cards: list[Option] = [(a, a.card) for a in plays]
    if len(cards) == 1:
        return Choice.said(cards[0][0], Msg(N_("It is the only card you may play.")))
    last_trick = len(view.hand) <= 1

    def spare_pagat(options: list[Option]) -> list[Option]:
        """Keep the pagát back for the last trick when anything else is allowed."""
        others = [(a, c) for a, c in options if c != PAGAT]
        return others if others and not last_trick else options

    trick = view.trick
    if not trick:
        return _choose_lead(variant, spare_pagat(cards))
    takers = [(a, c) for a, c in cards if variant.trick_winner((*trick, (seat, c))) == seat]
    others = [(a, c) for a, c in cards if (a, c) not in takers]
    partner = known_partner(view)
    if partner is not None and variant.trick_winner(trick) == partner:
        if others:
            return _play_under_partner(view, variant, seat, spare_pagat(others))
        a, c = cheapest(variant, spare_pagat(cards))
        return Choice.said(a, Msg(N_("Every card you may play beats your partner's, so play your cheapest, {card}."), {"card": R.say_msg(variant, c)}))
    # The pagát takes a trick early only over no tarok at all (and later cards may still
    # beat it) or by the 21–Škýz–1 exception (NE-6), which nothing after it can undo.
    by_exception = any(c == MOND for _, c in trick) and any(c == SKYZ for _, c in trick)
    winners = [(a, c) for a, c in takers if c != PAGAT or last_trick or by_exception]
    if winners:
        a, c = min(winners, key=lambda ac: (ac[1].tarok_number, ac[1].points, rank(variant, ac[1])))
        if c == PAGAT and not last_trick:
            return Choice.said(a, Msg(N_("The pagát wins a trick that holds the mond and the škýz: play it.")))
        return Choice.said(a, Msg(N_("Take this trick with {card}, your cheapest card that wins it."), {"card": R.say_msg(variant, c)}))
    a, c = cheapest(variant, spare_pagat(cards))
    return Choice.said(a, Msg(N_("You cannot win this trick, so throw your cheapest card, {card}."), {"card": R.say_msg(variant, c)}))


def _play_under_partner(view: PlayerView, variant: Variant, seat: int, under: list[Option]) -> Choice:
    """My known partner wins the trick and ``under`` leave it so: give them points when
    nobody after me can take the trick, else play low."""
    trick = view.trick
    safe = [(a, c) for a, c in under if _trick_is_safe(view, variant, (*trick, (seat, c)))]
    if safe:
        # The most points the partner is sure to keep; of equal points, the lower card.
        a, c = max(safe, key=lambda ac: (ac[1].points, -rank(variant, ac[1])))
        if c.points > 1:
            return Choice.said(a, Msg(N_("Your partner is winning this trick and nobody can take it, so give it {card}."), {"card": R.say_msg(variant, c)}))
        return Choice.said(a, Msg(N_("Your partner is winning this trick, so play {card} and leave it to them."), {"card": R.say_msg(variant, c)}))
    a, c = cheapest(variant, under)
    return Choice.said(a, Msg(N_("Your partner is winning this trick, so play {card} low and leave it to them."), {"card": R.say_msg(variant, c)}))


def _choose_discard(view: PlayerView, discards: list[Action]) -> Choice:
    suit_len = suit_lengths(view.hand)

    def key(a: Action) -> tuple[int, int, int]:
        c = a.card
        return (1 if (c.is_tarok or c.is_king) else 0, suit_len.get(int(c.suit), 9), c.points)

    best = min(discards, key=key)
    return Choice.said(best, Msg(N_("{choice}: cheap and from a short suit, to make a void."), {"choice": R.Verb(find_variant(view.variant), best)}))


def choose_action(game: Game, seat: int) -> Choice:
    """The heuristic player's choice for ``seat`` (which must be to act)."""
    legal = list(game.legal_actions(seat))
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if len(legal) == 1:
        return Choice.said(legal[0], Msg(N_("It is the only thing you may do now.")))
    fixed = rule_choice(game, seat)
    if fixed is not None:
        return fixed
    view = game.view_for(seat)
    by_kind: dict[Kind, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)

    if Kind.PLAY in by_kind:
        return _choose_play(view, seat, by_kind[Kind.PLAY])
    if Kind.DISCARD in by_kind:
        return _choose_discard(view, by_kind[Kind.DISCARD])

    hand = list(view.hand)
    strength = hand_strength(hand)
    if Kind.BID in by_kind or Kind.HOLD in by_kind:
        bids = bids_to_play(game.variant, by_kind.get(Kind.HOLD, []) + by_kind.get(Kind.BID, []))
        if strength >= bid_strength_needed(view) and bids:
            return Choice.said(bids[0], Msg(N_("Your hand is strong ({hand}), so {choice}."), {"hand": R.hand_words(hand), "choice": saying(bids[0])}))
        if Kind.PASS in by_kind:
            return Choice.said(by_kind[Kind.PASS][0], Msg(N_("Pass: your hand is not strong enough to bid ({hand})."), {"hand": R.hand_words(hand)}))
        return Choice.said(bids[0], Msg(N_("You must bid, so {choice}, the cheapest."), {"choice": saying(bids[0])}))
    if Kind.CALL in by_kind:
        held = set(hand)
        calls = [a for a in by_kind[Kind.CALL] if a.card not in held]
        pick = (calls or by_kind[Kind.CALL])[0]
        return Choice.said(pick, Msg(N_("Call a card you do not hold, so that its holder is your partner.")))
    for kind, reason in (
        (Kind.KEEP, N_("Your hand is playable, so keep it.")),
        (Kind.THROW_IN, N_("A game of one is not worth playing, so throw the cards in.")),
        (Kind.DRAW, N_("{choice}: more cards to choose from.")),
        (Kind.TAKE, N_("These talon cards are good enough: take them.")),
        (Kind.PLAY_ON, N_("Play on.")),
        (Kind.CUT, N_("Cut the pack.")),
    ):
        if kind in by_kind:
            return Choice.said(by_kind[kind][0], R.choice_msg(find_variant(view.variant), by_kind[kind][0], reason))
    if strength >= ANNOUNCE_STRENGTH:
        for kind in (Kind.ANNOUNCE, Kind.DOUBLE):
            if kind in by_kind:
                a = by_kind[kind][0]
                return Choice.said(a, Msg(N_("Your hand is very strong ({hand}), so {choice}."), {"hand": R.hand_words(hand), "choice": saying(a)}))
    for kind in (Kind.DONE, Kind.PASS, Kind.DECLINE):
        if kind in by_kind:
            return Choice.said(by_kind[kind][0], Msg(N_("Nothing worth saying with this hand.")))
    return Choice.said(legal[0], Msg(N_("It is a safe choice.")))
