"""The "strong" computer player: card play by search over sampled worlds.

Perfect-information Monte Carlo (PIMC).  To choose a card the player

1. reads what its seat knows (``PlayerView``: its hand, every trick, shown cards,
   announcements, declarations, discard counts) and samples worlds consistent with it
   (``bot.engine.worlds.sample_world``): hidden hands, face-down discards, hidden talon;
2. makes each world a deal in the present state (``determinize``, a ``Game.clone``);
3. plays every legal card in every world — the same worlds for every card, so that the
   luck of the samples cancels between them — and finishes the hand with a quick policy
   that sees the world's cards (``playout``: win a trick cheaply, give points to a
   winning partner, dump high cards in a negative contract);
4. picks the card with the best mean money for its seat; a tie goes to the normal
   player's card.

Everything else (bids, the call, the talon, discards, announcements, doubles) is the
normal player's (``bot.ai.normal``).  A choice is deterministic given ``seed`` (the
tables pass hand and step); the number of worlds depends only on the position.  If the
machine is so loaded that a decision runs past ``HARD_LIMIT`` seconds, the worlds played
so far decide (or, with too few, the normal player).
"""

from __future__ import annotations

import random
import time

from bot.ai.heuristic import BID_STRENGTH, Choice, hand_strength, saying
from bot.ai.normal import choose_normal
from bot.engine import Action, Game, Kind, Phase, PlayerView
from bot.engine.actions import PASS
from bot.engine.cards import CARD_POINTS, CARDS, Card
from bot.engine.masks import NUM_TAROKY
from bot.engine.worlds import World, constraints_of, determinize, sample_world

__all__ = ["HARD_LIMIT", "choose_strong", "exact_value", "playout", "searches"]

#: Playouts per decision (split between the candidate cards), and the bounds on worlds.
PLAYOUTS = 160
MIN_WORLDS = 6
MAX_WORLDS = 28
#: Seconds after which a decision stops sampling (a loaded machine).
HARD_LIMIT = 0.4


def searches(game: Game, seat: int) -> bool:
    """Whether the strong player would search now (else it answers as the normal one)."""
    legal = game.legal_actions(seat)
    if len(legal) < 2:
        return False
    if game.phase is Phase.PLAY:
        return True
    if game.phase is Phase.ANNOUNCE:
        return any(a.kind in _BETS for a in legal)
    return any(a.kind in _SIMULATED for a in legal)


def choose_strong(game: Game, seat: int, seed: int = 0) -> Choice:
    """The strong player's choice for ``seat`` (which must be to act)."""
    legal = game.legal_actions(seat)
    if len(legal) < 2:
        return choose_normal(game, seat)
    if game.phase is Phase.PLAY:
        return _search_play(game, seat, seed)
    if game.phase is Phase.ANNOUNCE and any(a.kind in _BETS for a in legal):
        return _search_announce(game, seat, seed)
    if any(a.kind in _SIMULATED for a in legal):
        return _search_whole(game, seat, seed, legal)
    return choose_normal(game, seat)


#: Decisions before the play chosen by playing the whole hand out from each choice.
_SIMULATED = (Kind.BID, Kind.HOLD, Kind.CALL, Kind.VARSAVA, Kind.TAKE, Kind.REJECT,
              Kind.SURRENDER)
WHOLE_WORLDS = 12
MAX_CHOICES = 4


def _rollout_whole(g: Game) -> None:
    """The rest of the hand: the normal player's choices, then the quick playout."""
    while g.to_act is not None:
        if g.phase is Phase.PLAY:
            playout(g)
            return
        s = g.to_act
        la = g.legal_actions(s)
        g.act(s, la[0] if len(la) == 1 else choose_normal(g, s).action)


def _search_whole(game: Game, seat: int, seed: int, legal: list[Action]) -> Choice:
    """Bids, the call, the talon: the normal player's choice and a few others, each played
    to the end of the hand in the same sampled worlds."""
    base = choose_normal(game, seat)
    cands = [base.action] + [a for a in legal if a != base.action][: MAX_CHOICES - 1]
    view = game.view_for(seat)
    cons = constraints_of(view)
    rng = random.Random(seed)
    totals = [0.0] * len(cands)
    start = time.perf_counter()
    done = 0
    passers = _passers(view)
    weight = 0.0
    for _ in range(WHOLE_WORLDS):
        w = sample_world(view, rng, cons=cons)
        wt = _weight(view, w, passers)
        d = determinize(game, seat, w, cons)
        for i, a in enumerate(cands):
            g = d.clone()
            g.act(seat, a)
            _rollout_whole(g)
            r = g.result
            if r is not None:
                totals[i] += wt * r.net.get(seat, 0)
        weight += wt
        done += 1
        if time.perf_counter() - start > HARD_LIMIT:
            break
    if done < 3:
        return base
    best_i = max(range(len(cands)), key=lambda i: (totals[i], i == 0))
    if best_i == 0 or totals[best_i] <= totals[0]:
        return base
    a = cands[best_i]
    unit, name = _unit(game)
    gain = (totals[best_i] - totals[0]) / weight / unit
    return Choice(a, f"I choose {_words(a)}: played to the end in {done} ways the unseen cards "
                     f"may lie, it does about {gain:.2f} {name} a hand better than "
                     f"{_words(base.action)}.")


def _words(a: Action) -> str:
    """An action's label with its card in words ("Call the king of diamonds")."""
    v = a.value
    if isinstance(v, Card):
        return a.label.replace(v.short, v.name)
    return a.label


_BETS = (Kind.ANNOUNCE, Kind.DOUBLE)
ANNOUNCE_WORLDS = 24


def _finish_quietly(g: Game) -> None:
    """The rest of the announcement round with nothing more said (declarations made),
    then the hand played out."""
    while g.phase is Phase.ANNOUNCE and g.to_act is not None:
        s = g.to_act
        la = g.legal_actions(s)
        pick = next((a for a in la if a.kind is Kind.DECLARE), None) or next(
            (a for a in la if a.kind is Kind.DONE), la[0])
        g.act(s, pick)
    if g.phase is Phase.PLAY:
        playout(g)


def _search_announce(game: Game, seat: int, seed: int) -> Choice:
    """Announce or double only what pays on average: each choice (and Done) is played
    out in the same sampled worlds, the others then saying nothing more."""
    base = choose_normal(game, seat)
    if base.action.kind is Kind.DECLARE:
        return base  # (declarations only gain: the normal player makes them first)
    legal = game.legal_actions(seat)
    cands = [a for a in legal if a.kind in _BETS or a.kind is Kind.DONE]
    if base.action not in cands:
        return base
    view = game.view_for(seat)
    cons = constraints_of(view)
    rng = random.Random(seed)
    totals = [0.0] * len(cands)
    start = time.perf_counter()
    done = 0
    passers = _passers(view)
    weight = 0.0
    for _ in range(ANNOUNCE_WORLDS):
        w = sample_world(view, rng, cons=cons)
        wt = _weight(view, w, passers)
        d = determinize(game, seat, w, cons)
        for i, a in enumerate(cands):
            g = d.clone()
            g.act(seat, a)
            _finish_quietly(g)
            r = g.result
            if r is not None:
                totals[i] += wt * r.net.get(seat, 0)
        weight += wt
        done += 1
        if time.perf_counter() - start > HARD_LIMIT:
            break
    if done < 3:
        return base
    base_i = cands.index(base.action)
    best_i = max(range(len(cands)), key=lambda i: (totals[i], i == base_i))
    if totals[best_i] <= totals[base_i]:
        return base
    a = cands[best_i]
    unit, name = _unit(game)
    gain = (totals[best_i] - totals[base_i]) / weight / unit
    if a.kind is Kind.DONE:
        return Choice(a, f"Saying more does not pay with this hand: played out in {done} ways the "
                         f"unseen cards may lie, I do about {gain:.2f} {name} a hand better quiet.")
    return Choice(a, f"I {saying(a)}: played out in {done} ways the unseen cards may lie, it "
                     f"pays about {gain:.2f} {name} a hand more than saying nothing.")


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def playout(g: Game) -> None:
    """Finish the hand with a quick policy that sees every card of the world."""
    v = g.variant
    tables = v.rank_tables
    strength = v.strength
    n_active = len(g.active)
    negative = g.contract is not None and g.contract.negative
    while g.to_act is not None:
        s = g.to_act
        m = g.legal_play_mask(s)
        if m & (m - 1) == 0:
            g.play_lean(s, m.bit_length() - 1)
            continue
        t = g.trick
        assert t is not None
        plays = t.plays
        cards = _bits(m)
        if not plays:
            # Lead the cheapest card, suit cards before taroky.
            best = min(cards, key=lambda c: (CARD_POINTS[c], 0 if c >= NUM_TAROKY else 1,
                                             strength[c] if c >= NUM_TAROKY else c))
            g.play_lean(s, best)
            continue
        led: int = t.led
        rank = tables[led if led < NUM_TAROKY else ((led - NUM_TAROKY) >> 3) + NUM_TAROKY]
        top = max(rank[int(c)] for _, c in plays)
        winners = [c for c in cards if rank[c] > top]
        losers = [c for c in cards if rank[c] <= top]
        if negative:
            if losers:
                pick = max(losers, key=lambda c: (rank[c], CARD_POINTS[c]))
            else:
                pick = min(cards, key=lambda c: rank[c])
            g.play_lean(s, pick)
            continue
        w = v.trick_winner(plays)
        mine = g.side_of(s)
        last = len(plays) == n_active - 1
        if w in mine:
            pool = losers or cards
            if last:
                pick = max(pool, key=lambda c: (CARD_POINTS[c], -rank[c]))
            else:
                pick = min(pool, key=lambda c: (CARD_POINTS[c], rank[c]))
        elif winners:
            pick = min(winners, key=lambda c: (rank[c], CARD_POINTS[c]))
        else:
            pick = min(cards, key=lambda c: (CARD_POINTS[c], rank[c]))
        g.play_lean(s, pick)


def _distinct(game: Game, cards: list[int], live: int) -> list[int]:
    """The candidates that can differ: of cards of one suit with the same card points and
    no card still in other hands ranked between them, only the lowest is kept."""
    strength = game.variant.strength

    def rank(c: int) -> int:
        return 100 + c if c < NUM_TAROKY else strength[c]

    def suit(c: int) -> int:
        return 4 if c < NUM_TAROKY else (c - NUM_TAROKY) >> 3

    out: list[int] = []
    for c in sorted(cards, key=lambda c: (suit(c), rank(c))):
        if out:
            p = out[-1]
            if suit(p) == suit(c) and CARD_POINTS[p] == CARD_POINTS[c] and not any(
                    live >> u & 1 and suit(u) == suit(c) and rank(p) < rank(u) < rank(c)
                    for u in range(54)):
                continue
        out.append(c)
    return out


def _passers(view: PlayerView) -> list[int]:
    """The other seats that passed in the auction (a pass says: not a strong hand)."""
    return sorted({s for s, label in view.bids if label == PASS.label and s != view.seat})


def _weight(view: PlayerView, world: World, passers: list[int]) -> float:
    """How likely the auction as seen is in ``world``: a seat that passed with a hand the
    normal player would have bid with is less likely (inference from the bids)."""
    w = 1.0
    for o in passers:
        held = world.places.get(("hand", o), 0)
        for t in (*view.past_tricks, view.trick):
            for s, c in t:
                if s == o:
                    held |= 1 << int(c)
        if hand_strength(_bits(held)) >= BID_STRENGTH:
            w *= PASS_WITH_STRONG
        # (cards the seat laid away or drew are not counted: a rough likelihood)
    return w


#: The likelihood of a pass with a hand strong enough to bid, against 1 for a weak hand.
PASS_WITH_STRONG = 0.35


#: With this many cards or fewer in hand, the rest of the hand is searched exactly.
EXACT_CARDS = 2


def exact_value(g: Game, seat: int) -> int:
    """The money ``seat`` ends with when every seat plays the rest of the hand as well as
    it can for its side, all cards seen (minimax; only for the last few cards)."""
    if g.to_act is None:
        r = g.result
        assert r is not None
        return r.net.get(seat, 0)
    s = g.to_act
    m = g.legal_play_mask(s)
    if m & (m - 1) == 0:
        g.play_lean(s, m.bit_length() - 1)
        return exact_value(g, seat)
    mine = s in g.side_of(seat)
    best: int | None = None
    for c in _bits(m):
        h = g.clone()
        h.play_lean(s, c)
        val = exact_value(h, seat)
        if best is None or (val > best if mine else val < best):
            best = val
    assert best is not None
    return best


def _search_play(game: Game, seat: int, seed: int) -> Choice:
    start = time.perf_counter()
    legal_all = game.legal_actions(seat)
    view = game.view_for(seat)
    cons = constraints_of(view)
    cards = _distinct(game, [int(a.card) for a in legal_all], cons.unknown)
    legal = [next(a for a in legal_all if int(a.card) == c) for c in cards]
    if len(cards) == 1:  # every card allowed does the same
        return choose_normal(game, seat)
    rng = random.Random(seed)
    worlds = max(MIN_WORLDS, min(MAX_WORLDS, PLAYOUTS // len(cards)))
    totals = [0.0] * len(cards)
    ours = [0] * len(cards)  # worlds in which my side takes this trick after the card
    k = len(game.tricks)
    done = 0
    passers = _passers(view)
    weight = 0.0
    exact = len(view.hand) <= EXACT_CARDS
    for _ in range(worlds):
        w = sample_world(view, rng, cons=cons)
        wt = _weight(view, w, passers)
        d = determinize(game, seat, w, cons)
        for i, c in enumerate(cards):
            g = d.clone()
            g.play_lean(seat, c)
            if exact:
                totals[i] += wt * exact_value(g, seat)
                continue
            playout(g)
            r = g.result
            assert r is not None
            totals[i] += wt * r.net.get(seat, 0)
            if len(g.tricks) > k and g.tricks[k].winner in g.side_of(seat):
                ours[i] += 1
        weight += wt
        done += 1
        if time.perf_counter() - start > HARD_LIMIT:
            break
    base = choose_normal(game, seat)
    if done < 3:
        return base
    means = [t / weight for t in totals]
    base_i = _index_of(game, cards, int(base.action.card), cons.unknown)
    best_i = max(range(len(cards)), key=lambda i: (means[i], i == base_i))
    if means[best_i] <= means[base_i] + 1e-9:
        return Choice(legal[base_i], base.reason)
    c = CARDS[cards[best_i]]
    other = CARDS[cards[base_i]]
    unit, name = _unit(game)
    gain = (means[best_i] - means[base_i]) / unit
    share = ours[best_i] / done
    if exact:
        what = f"{_cap(c.name)} ends the hand best for my side, every way of playing it out searched"
    elif share >= 0.75:
        what = f"{_cap(c.name)} should win this trick for my side"
    elif share <= 0.25:
        what = f"{_cap(c.name)} leaves this trick to the other side"
    else:
        what = f"With {c.name} my side wins this trick about {round(share * 100)} times in 100"
    return Choice(legal[best_i],
                  f"{what}; playing the hand out in {done} ways the unseen cards may lie, "
                  f"it ends about {gain:.2f} {name} a hand better for me than {other.name}.")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _index_of(game: Game, cards: list[int], card: int, live: int) -> int:
    """The candidate standing for ``card`` (itself, or a card equivalent to it)."""
    if card in cards:
        return cards.index(card)
    for i, c in enumerate(cards):
        if len(_distinct(game, [c, card], live)) == 1:
            return i
    return 0


def _unit(game: Game) -> tuple[int, str]:
    cur = game.variant.currency
    if cur == "czk_hal":
        return 100, "Kč"
    return 1, cur
