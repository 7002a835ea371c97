"""The "normal" computer player: the heuristic of ``bot.ai.heuristic`` ("easy") with its
known faults fixed (issue #13).  It still reads only its seat's ``PlayerView`` and the
variant's own rules (``Variant.trick_winner``, ``Variant.strength``):

* **Its side from the view** — the bidder and the holder of the called card know each
  other (``PlayerView.my_partner``); a defender knows its fellow defenders when the bidder
  plays alone or the partner has shown himself; nobody has a partner in Varšava.
* **Declarations** — every true combination is declared (they only gain).
* **No blind valát** — it announces the pagát (or tarok 1 last) only with a long, high
  tarok suit, never a valát, and doubles only what it is sure of.
* **Per-variant order** — cards are ranked by the variant (Nebraska's red pips, the
  21–Škýz–1 trick).
* **Talon and discards that count** — it takes the talon group worth more to it; it lays
  away (its side keeps what it discards) high cards of its shortest suits, to make voids.
* **The called king by suit length** — the king of its longest suit among those it lacks.
* **Memory** — every trick of the hand (``PlayerView.past_tricks``) tells which cards are
  gone, so it knows when a trick is safe for its partner and when its tarok is the top one.
* **Drawing trumps** — a bidder with a long tarok suit leads its top taroky.
* **Contracts measured apart** (``CONTRACT_STRENGTH``) — Petrtyl's Grand Nullo and Grand
  Sweep are never bid on hand strength (no strength made them pay); Grand Sweep only with a
  hand that takes every trick (``takes_every_trick``).
* **Defending a nullo** — against a lone bidder who must take no trick, it leads low, stays
  low before the bidder, stays under the bidder's winning card and sheds high cards when the
  bidder is out of the trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai import reasons as R
from bot.ai.heuristic import (
    BID_THRESHOLDS,
    Choice,
    bid_strength_needed,
    bid_threshold,
    bids_to_play,
    cheapest,
    hand_strength,
    rank,
    rule_choice,
    suit_lengths,
)
from bot.ai.reasons import hand_words
from bot.engine import Action, Game, Kind, PlayerView, Variant, find_variant
from bot.engine.actions import Term
from bot.engine.cards import MOND, PAGAT, SKYZ, Card
from bot.engine.game import Contract
from bot.engine.say import N_, Msg, MsgValue

__all__ = ["BID_THRESHOLDS", "CONTRACT_STRENGTH", "bid_threshold", "choose_normal", "hand_words",
           "takes_every_trick", "teammates"]

Option = tuple[Action, Card]


def _active(view: PlayerView) -> list[int]:
    return [s for s in range(view.num_seats) if s != view.sitting_out]


def teammates(view: PlayerView) -> frozenset[int] | None:
    """The seats this seat knows to be on its side (empty: it plays alone, or none yet);
    None while a defender cannot yet tell the bidder's secret partner from its own."""
    me = view.seat
    assert me is not None
    b = view.bidder
    if b is None or view.contract_name is None or view.contract_name == "varsava":
        return frozenset()
    others = [s for s in _active(view) if s != me]
    called = view.called_card
    if me == b:
        return frozenset() if view.my_partner is None else frozenset((view.my_partner,))
    if view.my_partner is not None:  # I am the partner (I hold the called card)
        return frozenset((b,))
    if called is not None and called in view.hand:
        return frozenset((b,))
    shown = _holder_shown(view)
    if called is None or shown is not None or _alone(view):
        partner = shown if shown is not None and shown != b else None
        return frozenset(s for s in others if s not in (b, partner))
    return None


def _alone(view: PlayerView) -> bool:
    return view.called_card is None


def _holder_shown(view: PlayerView) -> int | None:
    """Who played or laid away the called card face up, if anyone did."""
    c = view.called_card
    if c is None:
        return None
    for t in (*view.past_tricks, view.trick):
        for s, pc in t:
            if pc == c:
                return s
    for s, pc in view.public_discards:
        if pc == c:
            return s
    return None


def _gone(view: PlayerView) -> set[Card]:
    """Cards this seat can place outside the other hands: its own, its discards, every
    trick, everything shown."""
    out = set(view.hand) | set(view.my_discards) | set(view.exposed)
    out |= {c for _, c in view.public_discards}
    for t in (*view.past_tricks, view.trick):
        out |= {c for _, c in t}
    return out


def _unseen(view: PlayerView, variant: Variant) -> list[Card]:
    gone = _gone(view) | set(view.talon_seen)
    return [c for c in variant.pack if c not in gone]


def _safe(view: PlayerView, variant: Variant, after: Sequence[tuple[int, Card]]) -> bool:
    """No seat still to play can take the trick ``after`` from its winner."""
    if len(after) >= len(_active(view)):
        return True
    w = variant.trick_winner(after)
    return all(variant.trick_winner((*after, (-1, u))) == w for u in _unseen(view, variant))


def _top_tarok(view: PlayerView, variant: Variant, c: Card) -> bool:
    """Whether tarok ``c`` beats every tarok still out."""
    return c.is_tarok and all(not u.is_tarok or u < c for u in _unseen(view, variant))


def _choose_play(view: PlayerView, seat: int, plays: list[Action],
                 contract: Contract | None = None) -> Choice:
    variant = find_variant(view.variant)
    cards: list[Option] = [(a, a.card) for a in plays]
    if len(cards) == 1:
        return Choice.said(cards[0][0], Msg(N_("It is the only card you may play.")))
    last = len(view.hand) <= 1

    def spare(options: list[Option]) -> list[Option]:
        keep = [(a, c) for a, c in options if c != PAGAT]
        return keep if keep and not last else options

    def say(c: Card) -> MsgValue:
        return R.say_msg(variant, c)

    mates = teammates(view) or frozenset()
    trick = view.trick
    # (the contract is public: everyone heard the auction)
    if contract is not None and contract.negative and (not contract.alone or seat == view.bidder):
        return _play_negative(view, variant, seat, cards, variant.title_of(contract.name))
    if contract is not None and contract.negative and view.bidder is not None:
        return _defend_negative(view, variant, seat, cards, view.bidder, variant.title_of(contract.name))
    if not trick:
        return _lead(view, variant, seat, spare(cards), mates)
    w = variant.trick_winner(trick)
    who = R.winning_msg(variant, trick, mates)
    takers = [(a, c) for a, c in cards if variant.trick_winner((*trick, (seat, c))) == seat]
    under = [(a, c) for a, c in cards if (a, c) not in takers]
    if w in mates:
        if under:
            safe = [(a, c) for a, c in spare(under) if _safe(view, variant, (*trick, (seat, c)))]
            if safe:
                a, c = max(safe, key=lambda ac: (ac[1].points, -rank(variant, ac[1])))
                if c.points > 1:
                    return Choice.said(a, Msg(N_("{who} is already winning this trick and no card still out can beat it, so give it points: play {card}."), {"who": R.Cap(who), "card": say(c)}))
                return Choice.said(a, Msg(N_("{who} is already winning this trick; none of your cards that leave it winning is worth points, so play {card}, your cheapest."), {"who": R.Cap(who), "card": say(c)}))
            a, c = cheapest(variant, spare(under))
            return Choice.said(a, Msg(N_("{who} is winning this trick, but a player after you may still beat it, so do not give it points: play {card} low."), {"who": R.Cap(who), "card": say(c)}))
        a, c = cheapest(variant, spare(cards))
        return Choice.said(a, Msg(N_("Every card you may play beats {who}, so the trick stays with your side anyway: play your cheapest, {card}."), {"who": who, "card": say(c)}))
    by_exception = any(c == MOND for _, c in trick) and any(c == SKYZ for _, c in trick)
    winners = [(a, c) for a, c in takers if c != PAGAT or last or by_exception]
    # Prefer a winning card nobody after me can beat; else the cheapest winner.
    sure = [(a, c) for a, c in winners if _safe(view, variant, (*trick, (seat, c)))]
    pool = sure or winners
    points = sum(c.points for _, c in trick)
    if pool:
        a, c = min(pool, key=lambda ac: (ac[1].tarok_number, ac[1].points, rank(variant, ac[1])))
        if c == PAGAT and not last:
            return Choice.said(a, Msg(N_("This trick holds {card} and {card2}, and then {card3} beats them both: take it with {card3}."), {"card": say(MOND), "card2": variant.say(SKYZ), "card3": say(c)}))
        if sure:
            return Choice.said(a, Msg(N_("{who} is winning this trick; take it with {card}, your cheapest card that beats it, and no card still out can beat yours."), {"who": R.Cap(who), "card": say(c)}))
        if len(trick) == len(_active(view)) - 1:
            return Choice.said(a, Msg(N_("{who} is winning this trick and you play last: take it with {card}, your cheapest card that beats it."), {"who": R.Cap(who), "card": say(c)}))
        if points >= 3:
            return Choice.said(a, Msg(N_("{who} is winning this trick (it holds points worth taking): "
                                         "take it with {card}, your cheapest card that beats it, though "
                                         "a player after you may still beat yours."),
                                      {"who": R.Cap(who), "card": say(c)}))
        return Choice.said(a, Msg(N_("{who} is winning this trick: take it with {card}, your cheapest "
                                     "card that beats it, though a player after you may still beat "
                                     "yours."), {"who": R.Cap(who), "card": say(c)}))
    a, c = cheapest(variant, spare(cards))
    return Choice.said(a, Msg(N_("{who} is winning this trick and no card you may play beats it, so throw your cheapest, {card}."), {"who": R.Cap(who), "card": say(c)}))


def _play_negative(view: PlayerView, variant: Variant, seat: int, cards: list[Option],
                   title: str) -> Choice:
    """A contract in which taking tricks hurts (Varšava, michi-michi, the declarer of a
    nullo): lose every trick you can, with your highest card that still loses; else take
    it with a high card that adds the fewest points, to be rid of it."""
    trick = view.trick
    if not trick:
        a, c = min(cards, key=lambda ac: (rank(variant, ac[1]), ac[1].points))
        return Choice.said(a, Msg(N_("In {contract} every trick you take costs you: lead {card}, your lowest card, so that someone else takes the trick."), {"contract": Term(title), "card": R.say_msg(variant, c)}))
    under = [(a, c) for a, c in cards if variant.trick_winner((*trick, (seat, c))) != seat]
    who = R.winning_msg(variant, trick, frozenset())
    if under:
        a, c = max(under, key=lambda ac: (rank(variant, ac[1]), ac[1].points))
        return Choice.said(a, Msg(N_("In {contract} every trick you take costs you: {who} is winning this trick, so get rid of {card}, your highest card that still loses to it."), {"contract": Term(title), "who": who, "card": R.say_msg(variant, c)}))
    a, c = min(cards, key=lambda ac: (ac[1].points, -rank(variant, ac[1])))
    return Choice.said(a, Msg(N_("In {contract} every trick you take costs you, but every card you may play beats {who}: take it with {card}, a high card you are rid of that adds few card points."), {"contract": Term(title), "who": who, "card": R.say_msg(variant, c)}))


def _defend_negative(view: PlayerView, variant: Variant, seat: int, cards: list[Option],
                     bidder: int, title: str) -> Choice:
    """Against a lone bidder who must take no trick (Grand Nullo): make the bidder take
    one.  Lead the lowest card; before the bidder plays, stay low; once the bidder's card
    is winning, stay under it with the highest card that does; when the bidder is out of
    this trick, shed the highest card and keep the low ones for later tricks."""
    trick = view.trick
    lowest = min(cards, key=lambda ac: rank(variant, ac[1]))
    highest = max(cards, key=lambda ac: rank(variant, ac[1]))
    contract = Term(title)
    if not trick:
        a, c = lowest
        return Choice.said(a, Msg(N_("Against {contract} lead {card}, your lowest card: the bidder must follow and may have to take the trick."), {"contract": contract, "card": R.say_msg(variant, c)}))
    who = R.winning_msg(variant, trick, frozenset())
    if all(s != bidder for s, _ in trick):
        a, c = lowest
        return Choice.said(a, Msg(N_("Against {contract} the bidder plays after you: play {card}, your lowest card, so that the bidder may have to take the trick."), {"contract": contract, "card": R.say_msg(variant, c)}))
    if variant.trick_winner(trick) == bidder:
        under = [(a, c) for a, c in cards if variant.trick_winner((*trick, (seat, c))) == bidder]
        if under:
            a, c = max(under, key=lambda ac: rank(variant, ac[1]))
            return Choice.said(a, Msg(N_("Against {contract} {who} is winning this trick: play {card}, your highest card that stays under, so that the bidder takes it."), {"contract": contract, "who": who, "card": R.say_msg(variant, c)}))
        a, c = highest
        return Choice.said(a, Msg(N_("Against {contract} every card you may play beats {who}: get rid of {card}, your highest, and keep your low cards for later tricks."), {"contract": contract, "who": who, "card": R.say_msg(variant, c)}))
    a, c = highest
    return Choice.said(a, Msg(N_("Against {contract} {who} is winning this trick, so the bidder is out of it: get rid of {card}, your highest, and keep your low cards for later tricks."), {"contract": contract, "who": who, "card": R.say_msg(variant, c)}))


def _lead(view: PlayerView, variant: Variant, seat: int, cards: list[Option],
          mates: frozenset[int]) -> Choice:
    on_bidder_side = view.bidder == seat or (view.bidder is not None and view.bidder in mates)
    taroky = [(a, c) for a, c in cards if c.is_tarok]
    if on_bidder_side and len(taroky) >= 5:
        top = [(a, c) for a, c in taroky if _top_tarok(view, variant, c) and c != PAGAT]
        if top:
            a, c = max(top, key=lambda ac: ac[1])
            return Choice.said(a, Msg(N_("Lead {card}, the highest tarok still out: with {n} taroky you can draw the opponents' taroky, so they cannot trump your suit cards later."), {"card": R.say_msg(variant, c), "n": len(taroky)}))
    # A king of a suit nobody has led yet usually wins: cash it.
    led_suits = {int(t[0][1].suit) for t in view.past_tricks if t}
    kings = [(a, c) for a, c in cards if c.is_king and int(c.suit) not in led_suits
             and view.called_card != c]
    if kings:
        a, c = kings[0]
        return Choice.said(a, Msg(N_("Lead {card}: nobody has led {suit} yet, so everyone should still have to follow and the king should win."), {"card": R.say_msg(variant, c), "suit": R.SuitWord(c)}))
    plain = [(a, c) for a, c in cards if not c.is_tarok and not c.is_king]
    a, c = cheapest(variant, plain or cards)
    return Choice.said(a, Msg(N_("Lead {card}, a cheap card: it costs little if it is beaten, and you keep your strong cards for later."), {"card": R.say_msg(variant, c)}))


def discard_order(view: PlayerView, discards: list[Action]) -> list[Action]:
    """The discards allowed, best first by the normal player's measure: suit cards before
    taroky and kings, from the shortest suits (to make voids), the most card points first
    (the discards count for the discarder's side)."""
    suit_len = suit_lengths(view.hand)

    def key(a: Action) -> tuple[int, int, int]:
        c = a.card
        return (1 if c.is_tarok or c.is_king else 0, suit_len.get(int(c.suit), 9), -c.points)

    return sorted(discards, key=key)


def _choose_discard(view: PlayerView, discards: list[Action]) -> Choice:
    """Lay away from the shortest suits (to make voids), the most card points first: the
    discards count for my side."""
    variant = find_variant(view.variant)
    suit_len = suit_lengths(view.hand)
    best = discard_order(view, discards)[0]
    c = best.card
    if c.is_tarok or c.is_king:
        return Choice.said(best, Msg(N_("{choice}: nothing cheaper may go, and the cards you discard count for your side."), {"choice": R.Verb(variant, best)}))
    left = suit_len.get(int(c.suit), 0) - 1
    if left == 0:
        return Choice.said(best, Msg(N_("{choice}: the cards you discard count for your side, "
                                        "and it leaves you no {suit}, so you can trump that suit."),
                                     {"choice": R.Verb(variant, best), "suit": R.SuitWord(c)}))
    return Choice.said(best, Msg(N_("{choice}: the cards you discard count for your side, and "
                                    "it shortens your {suit}, your shortest suit, towards a void."),
                                 {"choice": R.Verb(variant, best), "suit": R.SuitWord(c)}))


def _group_value(cards: Sequence[Card]) -> int:
    return sum(3 + (2 if c.tarok_number >= 17 else 0) if c.is_tarok else c.points for c in cards)


def _choose_talon(game: Game, view: PlayerView, by_kind: dict[Kind, list[Action]]) -> Choice | None:
    """Staged talon: the group in view is taken unless it is poor; of two seen, the better."""
    takes = by_kind.get(Kind.TAKE, [])
    if not takes:
        return None
    variant = find_variant(view.variant)
    seen = set(view.talon_seen)
    groups: dict[int, list[Card]] = {}
    for a in takes:
        assert isinstance(a.value, int)
        g = a.value - 1
        cards = game.talon_group(g)
        if all(c in seen for c in cards):  # (only groups this seat has looked at)
            groups[a.value] = cards
    if not groups:
        return None
    best = max(takes, key=lambda a: _group_value(groups.get(int(a.value or 0), [])))
    value = _group_value(groups.get(int(best.value or 0), []))
    if Kind.REJECT in by_kind and value < 6:
        return Choice.said(by_kind[Kind.REJECT][0], Msg(N_("These talon cards hold no high taroky and few card points, so look at the next ones.")))
    cards = groups.get(int(best.value or 0), [])
    return Choice.said(best, Msg(N_("{choice} ({cards}): of the talon cards you may take, these add the most taroky and card points to your hand."), {"choice": R.Verb(variant, best), "cards": R.says_msg(variant, cards)}))


#: Contracts whose making the hand strength (``hand_strength``) measures apart from the
#: rest of the ladder, by variant and contract name, each measured by forcing the contract
#: on seeded deals and playing it out with normal players, the engine scoring it
#: (``benchmarks/contract_strength.py``; docs/computer-players.md, "Petrtyl's Grand Nullo
#: and Grand Sweep").  A contract is bid only with a hand at least this strong (and strong
#: enough to bid at all); ``None``: never bid freely, since no strength made it pay; a
#: negative contract (``Contract.negative``) is never a strong hand's bid.  Petrtyl (PT-1,
#: PT-3), 10,000 forced hands of seed 101: Grand Nullo, against the normal player's
#: defence (``_defend_negative``), lost the bidder money at every strength (−57 chips a
#: hand at strength 6 or less, made in 2.5 % of the hands); Grand Sweep was never made
#: (the best hand took 10 tricks of 12), at −180 a hand.
CONTRACT_STRENGTH: dict[str, dict[str, int | None]] = {
    "petrtyl": {"grand_nullo": None, "grand_sweep": None},
}


def _contract_of(view: PlayerView, variant: Variant, a: Action) -> Contract | None:
    """The contract a bid names, or that a hold takes: the highest bid said so far."""
    if a.kind is Kind.BID:
        return variant.contracts.get(str(a.value))
    if a.kind is Kind.HOLD:
        titles = {variant.title_of(n): c for n, c in variant.contracts.items()}
        said = [titles[label] for _, label in view.bids if label in titles]
        return max(said, key=lambda c: c.rank, default=None)
    return None


def _rank(view: PlayerView, variant: Variant, a: Action) -> int:
    c = _contract_of(view, variant, a)
    return -1 if c is None else c.rank


def _limit(view: PlayerView, variant: Variant, a: Action) -> tuple[Contract | None, int | None, bool]:
    """The contract of ``a``, its measured strength limit and whether it has one."""
    contract = _contract_of(view, variant, a)
    limits = CONTRACT_STRENGTH.get(variant.name, {})
    if contract is None:
        return None, None, False
    return contract, limits.get(contract.name), contract.name in limits


def _bids_strong(view: PlayerView, variant: Variant, a: Action, strength: int,
                 every_trick: bool) -> bool:
    """Whether a hand strong enough to bid may bid (or hold) ``a``: a contract of the usual
    ladder, or a measured positive contract whose limit the hand reaches (any, with a hand
    that takes ``every_trick``); never a negative one."""
    contract, limit, measured = _limit(view, variant, a)
    if contract is not None and contract.negative:
        return False
    return not measured or every_trick or (limit is not None and strength >= limit)


def takes_every_trick(view: PlayerView, variant: Variant) -> bool:
    """Whether the hand wins every trick however the other cards lie: it holds only
    taroky, and every tarok it lacks is lower than all of its own (led, each is the highest
    still out; on a suit led, it must trump and wins)."""
    hand = list(view.hand)
    if not hand or not all(c.is_tarok for c in hand):
        return False
    lowest = min(hand)
    return all(u < lowest for u in variant.pack if u.is_tarok and u not in hand)


def choose_normal(game: Game, seat: int) -> Choice:
    """The normal player's choice for ``seat`` (which must be to act)."""
    legal = list(game.legal_actions(seat))
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if len(legal) == 1:
        return Choice.said(legal[0], Msg(N_("It is the only thing you may do now.")))
    fixed = rule_choice(game, seat)
    if fixed is not None:
        return fixed
    view = game.view_for(seat)
    variant = game.variant
    by_kind: dict[Kind, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if Kind.PLAY in by_kind:
        return _choose_play(view, seat, by_kind[Kind.PLAY], game.contract)
    if Kind.DISCARD in by_kind:
        return _choose_discard(view, by_kind[Kind.DISCARD])
    hand = list(view.hand)
    strength = hand_strength(hand)
    taroky = sum(1 for c in hand if c.is_tarok)
    if Kind.BID in by_kind or Kind.HOLD in by_kind:
        bids = bids_to_play(variant, by_kind.get(Kind.HOLD, []) + by_kind.get(Kind.BID, []))
        if strength >= bid_strength_needed(view) and bids:
            sure = takes_every_trick(view, variant)
            fit = [a for a in bids if _bids_strong(view, variant, a, strength, sure)]
            if fit and sure and variant.name in CONTRACT_STRENGTH:
                # (it makes any contract, and the highest pays the most)
                top = max(fit, key=lambda a: _rank(view, variant, a))
                return Choice.said(top, Msg(N_("{choice}: you hold only taroky and no tarok still out is higher than any of yours, so you take every trick however the other cards lie."), {"choice": R.Verb(variant, top)}))
            if fit:
                return Choice.said(fit[0], Msg(N_("{choice}: you hold {hand}, enough to make the game."), {"choice": R.Verb(variant, fit[0]), "hand": hand_words(hand)}))
            lowest = _contract_of(view, variant, bids[0])
            if Kind.PASS in by_kind and lowest is not None:
                return Choice.said(by_kind[Kind.PASS][0], Msg(N_("Pass: the lowest bid left is {contract}, and a hand like yours ({hand}) seldom makes it."), {"contract": Term(variant.title_of(lowest.name)), "hand": hand_words(hand)}))
        if Kind.PASS in by_kind:
            return Choice.said(by_kind[Kind.PASS][0], Msg(N_("Pass: you hold only {hand}, too little to make the game."), {"hand": hand_words(hand)}))
        return Choice.said(bids[0], Msg(N_("You must bid, so {choice}, the cheapest."),
                                        {"choice": R.Verb(variant, bids[0], lower=True)}))
    if Kind.CALL in by_kind or Kind.VARSAVA in by_kind:
        calls = [a for a in by_kind.get(Kind.CALL, []) if a.card not in hand]
        honours = sum(1 for c in hand if c in (PAGAT, MOND, SKYZ))
        if Kind.VARSAVA in by_kind and taroky <= 3 and honours == 0:
            return Choice.said(by_kind[Kind.VARSAVA][0], Msg(N_("{choice}: with {taroky} and no honours you cannot win a game, so play to take fewer card points than anyone else."), {"choice": R.Verb(variant, by_kind[Kind.VARSAVA][0]), "taroky": R.taroky_msg(taroky)}))
        if calls:
            lengths = suit_lengths(hand)
            kings = [a for a in calls if a.card.is_king]
            if kings:
                pick = max(kings, key=lambda a: lengths.get(int(a.card.suit), 0))
                n = lengths.get(int(pick.card.suit), 0)
                return Choice.said(pick, Msg(N_("{choice}: you hold {cards} of {suit}, more than of any other suit whose king you lack, so you can lead that suit to your partner."), {"choice": R.Verb(variant, pick), "cards": R.cards_msg(n), "suit": R.SuitWord(pick.card)}))
            pick = max(calls, key=lambda a: a.card.tarok_number)
            return Choice.said(pick, Msg(N_("{choice}: the highest card you do not hold; whoever holds it plays on your side."), {"choice": R.Verb(variant, pick)}))
    talon = _choose_talon(game, view, by_kind)
    if talon is not None:
        return talon
    if Kind.SURRENDER in by_kind and strength < 10 and Kind.PLAY_ON in by_kind:
        return Choice.said(by_kind[Kind.PLAY_ON][0], Msg(N_("Play on: giving up costs for certain, and the hand may still be won.")))
    for kind, reason in (
        (Kind.KEEP, N_("Keep the hand: it is playable.")),
        (Kind.PLAY_ON, N_("Play on: the hand may still be won.")),
        (Kind.DRAW, N_("{choice}: the talon card counts for your side.")),
        (Kind.TAKE, N_("{choice}: these talon cards are good enough.")),
        (Kind.CUT, N_("Cut the pack.")),
    ):
        if kind in by_kind:
            return Choice.said(by_kind[kind][0], R.choice_msg(variant, by_kind[kind][0], reason))
    if Kind.DECLARE in by_kind:
        a = by_kind[Kind.DECLARE][0]
        return Choice.said(a, Msg(N_("{choice}: you hold it, and a declaration is paid to your side whatever happens in the play."), {"choice": R.Verb(variant, a)}))
    for a in by_kind.get(Kind.ANNOUNCE, []):
        if a.value in ("pagat", "tarok1_last") and taroky >= 10 and any(c == PAGAT for c in hand) \
                and sum(1 for c in hand if c.tarok_number >= 18) >= 2:
            return Choice.said(a, Msg(N_("{choice}: with {n} taroky, high ones among them, you can keep {card} until the last trick and win it there."), {"choice": R.Verb(variant, a), "n": taroky, "card": R.say_msg(variant, PAGAT)}))
    for a in by_kind.get(Kind.DOUBLE, []):
        if a.value == "game" and taroky >= 11 and view.bidder != seat:
            return Choice.said(a, Msg(N_("{choice}: with {n} taroky you hold more than the bidder can beat."), {"choice": R.Verb(variant, a), "n": taroky}))
    for kind, reason in ((Kind.DONE, N_("{choice}: nothing in your hand is sure enough to "
                                        "announce or double.")),
                         (Kind.PASS, N_("Pass: your hand is not strong enough to say more.")),
                         (Kind.DECLINE, N_("Don't draw: your hand is better as it is."))):
        if kind in by_kind:
            return Choice.said(by_kind[kind][0], R.choice_msg(variant, by_kind[kind][0], reason))
    return Choice.said(legal[0], Msg(N_("It is the safe choice here.")))
