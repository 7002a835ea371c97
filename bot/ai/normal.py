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
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.heuristic import BID_STRENGTH, Choice, _describe, hand_strength, saying
from bot.engine import Action, Game, Kind, PlayerView, Variant, find_variant
from bot.engine.cards import MOND, PAGAT, SKYZ, Card

__all__ = ["choose_normal", "teammates"]

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


def _rank(variant: Variant, c: Card) -> int:
    return 100 + c.tarok_number if c.is_tarok else variant.strength[c]


def _cheapest(variant: Variant, options: Sequence[Option]) -> Option:
    return min(options, key=lambda ac: (ac[1].points, _rank(variant, ac[1])))


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


def _choose_play(view: PlayerView, seat: int, plays: list[Action]) -> Choice:
    variant = find_variant(view.variant)
    cards: list[Option] = [(a, a.card) for a in plays]
    if len(cards) == 1:
        return Choice(cards[0][0], "It is the only card I may play.")
    last = len(view.hand) <= 1

    def spare(options: list[Option]) -> list[Option]:
        keep = [(a, c) for a, c in options if c != PAGAT]
        return keep if keep and not last else options

    mates = teammates(view) or frozenset()
    trick = view.trick
    if not trick:
        return _lead(view, variant, seat, spare(cards), mates)
    w = variant.trick_winner(trick)
    takers = [(a, c) for a, c in cards if variant.trick_winner((*trick, (seat, c))) == seat]
    under = [(a, c) for a, c in cards if (a, c) not in takers]
    if w in mates:
        if under:
            safe = [(a, c) for a, c in spare(under) if _safe(view, variant, (*trick, (seat, c)))]
            if safe:
                a, c = max(safe, key=lambda ac: (ac[1].points, -_rank(variant, ac[1])))
                if c.points > 1:
                    return Choice(a, f"My partner is winning this trick and nobody can take it, "
                                     f"so I give them {c.name}.")
                return Choice(a, f"My partner is winning this trick, so I play {c.name} and leave it to them.")
            a, c = _cheapest(variant, spare(under))
            return Choice(a, f"My partner is winning this trick, so I play {c.name} low and leave it to them.")
        a, c = _cheapest(variant, spare(cards))
        return Choice(a, f"Every card I may play beats my partner's, so I play {c.name}, the cheapest.")
    by_exception = any(c == MOND for _, c in trick) and any(c == SKYZ for _, c in trick)
    winners = [(a, c) for a, c in takers if c != PAGAT or last or by_exception]
    # Prefer a winning card nobody after me can beat; else the cheapest winner.
    sure = [(a, c) for a, c in winners if _safe(view, variant, (*trick, (seat, c)))]
    pool = sure or winners
    points = sum(c.points for _, c in trick)
    if pool and (sure or points >= 3 or len(trick) == len(_active(view)) - 1):
        a, c = min(pool, key=lambda ac: (ac[1].tarok_number, ac[1].points, _rank(variant, ac[1])))
        if c == PAGAT and not last:
            return Choice(a, f"{_cap(c.name)} wins a trick that holds the mond and the škýz.")
        if sure:
            return Choice(a, f"{_cap(c.name)} is the cheapest card that wins this trick for sure.")
        return Choice(a, f"{_cap(c.name)} is the cheapest card that wins this trick.")
    if pool:
        a, c = min(pool, key=lambda ac: (ac[1].tarok_number, ac[1].points, _rank(variant, ac[1])))
        return Choice(a, f"{_cap(c.name)} is the cheapest card that wins this trick.")
    a, c = _cheapest(variant, spare(cards))
    return Choice(a, f"I cannot win this trick, so I throw {c.name}, my cheapest card.")


def _lead(view: PlayerView, variant: Variant, seat: int, cards: list[Option],
          mates: frozenset[int]) -> Choice:
    on_bidder_side = view.bidder == seat or (view.bidder is not None and view.bidder in mates)
    taroky = [(a, c) for a, c in cards if c.is_tarok]
    if on_bidder_side and len(taroky) >= 5:
        top = [(a, c) for a, c in taroky if _top_tarok(view, variant, c) and c != PAGAT]
        if top:
            a, c = max(top, key=lambda ac: ac[1])
            return Choice(a, f"I lead {c.name}, the highest tarok still out, to draw the "
                             "opponents' taroky.")
    # A king of a suit nobody has led yet usually wins: cash it.
    led_suits = {int(t[0][1].suit) for t in view.past_tricks if t}
    kings = [(a, c) for a, c in cards if c.is_king and int(c.suit) not in led_suits
             and view.called_card != c]
    if kings:
        a, c = kings[0]
        return Choice(a, f"I lead {c.name}: nobody has played that suit yet, so it should win.")
    plain = [(a, c) for a, c in cards if not c.is_tarok and not c.is_king]
    a, c = _cheapest(variant, plain or cards)
    return Choice(a, f"I lead {c.name}, a cheap card, to keep my strong cards for later.")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _choose_discard(view: PlayerView, discards: list[Action]) -> Choice:
    """Lay away from the shortest suits (to make voids), the most card points first: the
    discards count for my side."""
    suit_len: dict[int, int] = {}
    for c in view.hand:
        if not c.is_tarok:
            suit_len[int(c.suit)] = suit_len.get(int(c.suit), 0) + 1

    def key(a: Action) -> tuple[int, int, int]:
        c = a.card
        return (1 if c.is_tarok or c.is_king else 0, suit_len.get(int(c.suit), 9), -c.points)

    best = min(discards, key=key)
    c = best.card
    return Choice(best, f"I lay away {c.name}: it counts for my side, and it shortens my "
                        "shortest suit towards a void.")


def _group_value(cards: Sequence[Card]) -> int:
    return sum(3 + (2 if c.tarok_number >= 17 else 0) if c.is_tarok else c.points for c in cards)


def _choose_talon(game: Game, view: PlayerView, by_kind: dict[Kind, list[Action]]) -> Choice | None:
    """Staged talon: the group in view is taken unless it is poor; of two seen, the better."""
    takes = by_kind.get(Kind.TAKE, [])
    if not takes:
        return None
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
        return Choice(by_kind[Kind.REJECT][0], "These talon cards are poor, so I look at the next ones.")
    cards = groups.get(int(best.value or 0), [])
    return Choice(best, "I take the talon cards worth most to me: "
                  + ", ".join(c.name for c in cards) + ".")


def _suit_lengths(hand: Sequence[Card]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in hand:
        if not c.is_tarok:
            out[int(c.suit)] = out.get(int(c.suit), 0) + 1
    return out


def choose_normal(game: Game, seat: int) -> Choice:
    """The normal player's choice for ``seat`` (which must be to act)."""
    legal = list(game.legal_actions(seat))
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if len(legal) == 1:
        return Choice(legal[0], "It is the only thing I may do now.")
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
    taroky = sum(1 for c in hand if c.is_tarok)
    if Kind.BID in by_kind or Kind.HOLD in by_kind:
        bids = by_kind.get(Kind.HOLD, []) + by_kind.get(Kind.BID, [])
        if strength >= BID_STRENGTH and bids:
            return Choice(bids[0], f"My hand is strong ({_describe(hand)}), so I {saying(bids[0])}.")
        if Kind.PASS in by_kind:
            return Choice(by_kind[Kind.PASS][0], f"My hand is not strong enough to bid ({_describe(hand)}).")
        return Choice(bids[0], f"I must bid, so I {saying(bids[0])}, the cheapest.")
    if Kind.CALL in by_kind or Kind.VARSAVA in by_kind:
        calls = [a for a in by_kind.get(Kind.CALL, []) if a.card not in hand]
        honours = sum(1 for c in hand if c in (PAGAT, MOND, SKYZ))
        if Kind.VARSAVA in by_kind and taroky <= 3 and honours == 0:
            return Choice(by_kind[Kind.VARSAVA][0], "My hand is weak (few taroky, no honours), "
                                                    "so I choose Varšava and try to take no points.")
        if calls:
            lengths = _suit_lengths(hand)
            kings = [a for a in calls if a.card.is_king]
            if kings:
                pick = max(kings, key=lambda a: lengths.get(int(a.card.suit), 0))
                n = lengths.get(int(pick.card.suit), 0)
                return Choice(pick, f"I call {pick.card.name}: I hold {n} card{'s' if n != 1 else ''} "
                                    "of that suit, so I can lead it to my partner.")
            pick = max(calls, key=lambda a: a.card.tarok_number)
            return Choice(pick, f"I call {pick.card.name}, the highest I do not hold.")
    talon = _choose_talon(game, view, by_kind)
    if talon is not None:
        return talon
    if Kind.SURRENDER in by_kind and strength < 10 and Kind.PLAY_ON in by_kind:
        return Choice(by_kind[Kind.PLAY_ON][0], "I play on.")
    for kind, reason in (
        (Kind.KEEP, "My hand is playable, so I keep it."),
        (Kind.PLAY_ON, "I play on."),
        (Kind.DRAW, "I take the talon card: it counts for my side."),
        (Kind.TAKE, "These talon cards are good enough for me."),
        (Kind.CUT, "I cut the pack."),
    ):
        if kind in by_kind:
            return Choice(by_kind[kind][0], reason)
    if Kind.DECLARE in by_kind:
        a = by_kind[Kind.DECLARE][0]
        return Choice(a, f"I hold it, so I {saying(a)}: it is paid to me.")
    for a in by_kind.get(Kind.ANNOUNCE, []):
        if a.value in ("pagat", "tarok1_last") and taroky >= 10 and any(c == PAGAT for c in hand) \
                and sum(1 for c in hand if c.tarok_number >= 18) >= 2:
            return Choice(a, f"With {taroky} taroky, high ones among them, I can keep the pagát "
                             f"to the last trick, so I {saying(a)}.")
    for a in by_kind.get(Kind.DOUBLE, []):
        if a.value == "game" and taroky >= 11 and view.bidder != seat:
            return Choice(a, f"With {taroky} taroky I expect to beat the bidder, so I {saying(a)}.")
    for kind in (Kind.DONE, Kind.PASS, Kind.DECLINE):
        if kind in by_kind:
            return Choice(by_kind[kind][0], "Nothing worth saying with this hand.")
    return Choice(legal[0], "It is a safe choice.")
