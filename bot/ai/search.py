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
   player's card.  Candidates clearly worse than the leader are dropped as the worlds
   come in (``_eliminate``), and the search stops when one is left.

Each world is weighted by how likely what the seat has seen is in it (``Evidence``): a
pass with a hand strong enough to bid, a free bid with a weak hand, card points thrown
to the opponents while a cheaper card would also have lost, each make a world less
likely.  Bids, the call, the talon and announcements are chosen the same way, each
choice played to the end of the hand; a double only when the normal player would say it
(the worlds flatter doubles), and outside ``BOLD_SEARCH`` no bid or announcement bolder
than the normal player's (they flatter the declarer too); discards are the normal
player's (searching them, from its first choices by its own measure, is written and
measured worse: ``SEARCH_DISCARDS``).  The quick playout is compiled with the engine
(``bot.engine.playout``).  A choice is deterministic given ``seed`` (the tables pass hand
and step); the number of worlds depends only on the position.  If a decision uses more
than ``HARD_LIMIT`` seconds of CPU time (a slow machine), the worlds played so far decide
(or, with too few, the normal player).  CPU time, not the wall clock, so that other
processes on a loaded machine do not change the choice; a late answer at a table is the
worker pool's to handle (``bot.ai.pool``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence

from bot.ai import reasons as R
from bot.ai.heuristic import Choice, choose_action, hand_strength, rank, rule_choice
from bot.ai.normal import bid_threshold, choose_normal, discard_order, hand_words, teammates
from bot.engine import Action, Game, Kind, Phase, PlayerView, Variant, find_variant
from bot.engine.actions import PASS, Term
from bot.engine.cards import CARD_POINTS, CARDS, Card
from bot.engine.masks import NUM_TAROKY, SUIT_MASKS
from bot.engine.playout import playout
from bot.engine.say import N_, Msg
from bot.engine.worlds import Constraints, constraints_of, determinize, sample_world

__all__ = ["HARD_LIMIT", "Model", "choose_strong", "exact_value", "models_for", "option_values",
           "play_message", "playout", "searches", "weighed_options"]

#: Playouts per decision (split between the candidate cards), and the bounds on worlds.
PLAYOUTS = 160
MIN_WORLDS = 6
MAX_WORLDS = 28
#: Seconds of CPU time after which a decision stops sampling (a slow machine).
HARD_LIMIT = 0.4


def searches(game: Game, seat: int) -> bool:
    """Whether the strong player would search now (else it answers as the normal one)."""
    legal = game.legal_actions(seat)
    if len(legal) < 2:
        return False
    if game.phase is Phase.PLAY:
        return True
    if game.phase is Phase.ANNOUNCE:
        # (a double is searched only when the normal player would say it or the contract
        # was forced, ``_forced_contract``)
        return any(a.kind is Kind.ANNOUNCE for a in legal) or (
            any(a.kind is Kind.DOUBLE for a in legal)
            and (_forced_contract(game.view_for(seat))
                 or choose_normal(game, seat).action.kind is Kind.DOUBLE))
    if game.phase is Phase.DISCARD and not SEARCH_DISCARDS:
        return False
    return any(a.kind in _SIMULATED for a in legal)


#: How the strong player expects another seat to decide, in the hands it plays out.
Model = Callable[[Game, int], Choice]


def models_for(levels: Mapping[int, str] | None) -> dict[int, Model]:
    """Each seat's model from its known level: a computer of the easy level decides as
    the easy player; every other seat (a human, a normal or strong computer, a seat of
    unknown level) as the normal player, whose choices the strong player's own start from."""
    return {s: (choose_action if lv == "easy" else choose_normal)
            for s, lv in (levels or {}).items()}


def choose_strong(game: Game, seat: int, seed: int = 0,
                  levels: Mapping[int, str] | None = None, person: bool = False) -> Choice:
    """The strong player's choice for ``seat`` (which must be to act).  ``levels`` are the
    levels of the seats the table knows to be computers (``models_for``).  ``person``: the
    choice is advice for a person (Hint), who is free where the rules fix a computer
    player's choice (``Variant.computer_choice``): the options are searched."""
    legal = game.legal_actions(seat)
    if len(legal) < 2:
        return choose_normal(game, seat)
    if not person:
        fixed = rule_choice(game, seat)
        if fixed is not None:
            return fixed
    if game.phase is Phase.PLAY:
        return _search_play(game, seat, seed)
    if game.phase is Phase.ANNOUNCE and any(a.kind in _BETS for a in legal):
        return _search_announce(game, seat, seed)
    if game.phase is Phase.DISCARD and not SEARCH_DISCARDS:
        return choose_normal(game, seat)
    if any(a.kind in _SIMULATED for a in legal):
        models = models_for(levels)
        models.pop(seat, None)  # (its own later choices: the normal player's)
        return _search_whole(game, seat, seed, legal, models)
    return choose_normal(game, seat)


#: Decisions before the play chosen by playing the whole hand out from each choice.
#: (``PLAY_ON``: playing a won Jeden or throwing it in, KZ-4, which only a person
#: chooses: a computer player throws in, ``Variant.computer_choice``.)
_SIMULATED = (Kind.BID, Kind.HOLD, Kind.CALL, Kind.VARSAVA, Kind.TAKE, Kind.REJECT,
              Kind.SURRENDER, Kind.DISCARD, Kind.PLAY_ON)
#: Whether discards are searched (else they are the normal player's), in how many worlds,
#: and by how many standard errors of the paired difference a discard must beat the
#: normal player's (which makes voids and keeps its side's card points) to be chosen
#: instead.  **Off**: whole hands played out with every card seen misjudge what a card
#: kept is worth (strategy fusion).  Against the strong player with the normal player's
#: discards, on the same deals: Czech -0.41 Kc a hand (242 deals, 95 % CI -0.68 ... -0.14)
#: unguarded over 12 worlds, -0.22 (99 deals, -0.54 ... +0.10) with this guard; Polish
#: -1.21 points (300 deals, -3.03 ... +0.60) unguarded (docs/computer-players.md).
SEARCH_DISCARDS = False
DISCARD_WORLDS = 24
DISCARD_Z = 1.0
WHOLE_WORLDS = 12
MAX_CHOICES = 4
#: The variants in which the search may choose a bid or an announcement *bolder* than
#: the normal player's: a bid where it passes, a higher bid, an announcement it would not
#: make.  Elsewhere the search may only be more cautious (pass where it bids, leave out
#: its announcement), and the talon and the call are searched as before.  Worlds played
#: out with every card seen, drawn as if the other seats' bids told little, flatter the
#: declarer (strategy fusion): the bolder choices were nearly all the search's departures
#: (Taper, 138 deals: 184 bids over a pass or a cheaper bid, not one pass over a bid) and
#: they lost money.  Strong vs normal after, 300 deals of seed 7 each: Taper +0.39
#: points a hand (+0.22 ... +0.57; the review's validity run had -0.51 before), Heun,
#: Kozy, Nebraska and Romanian above zero too (docs/computer-players.md, "Figures: the
#: strong player's bids and announcements").  ``benchmarks/strong_bids.py`` measures it.
#: Petrtyl too, once the normal player stopped overcalling into Grand Nullo and Grand Sweep:
#: strong vs normal, 500 deals of seed 7, bold -0.27 chips a hand (-1.68 ... +1.13),
#: cautious +0.66 (+0.29 ... +1.03).
BOLD_SEARCH: frozenset[str] = frozenset({"czech", "polish"})


def _cautious(game: Game) -> bool:
    """Whether the search may only be more cautious than the normal player (``BOLD_SEARCH``)."""
    return game.variant.name not in BOLD_SEARCH


def weighed_options(game: Game, seat: int, base: Action) -> list[Action]:
    """The options the strong player weighs against ``base``, the normal player's choice,
    at a decision before the play other than a discard (``seat`` to act), in the order
    the rules list them; ``base`` itself is not among them.  The one definition of what
    its search (``_search_whole``, ``_search_announce``) plays out and what the hand
    review (``bot.ai.review``) judges a choice against, so that the review never prefers
    what the strong player, and Hint, would not choose.

    * In the auction outside ``BOLD_SEARCH``: passing only — never a bid bolder than the
      normal player's (the worlds flatter the declarer).
    * In the announcements: saying nothing more (Done) and, in ``BOLD_SEARCH``, every
      announcement; a double only when the contract was forced on its bidder
      (``_forced_contract``).  Nothing against a declaration, which only gains.
    * Any other decision (the call, the talon, a bold auction): every legal choice."""
    legal = game.legal_actions(seat)
    if game.phase is Phase.ANNOUNCE:
        if base.kind is Kind.DECLARE:
            return []  # (declarations only gain: the normal player makes them first)
        # A double the normal player would not say is not searched: the worlds do not know
        # what the doubled side's bids told (its hands are drawn as if it had not bid) and
        # are played out with every card seen, so a double looks far better in them than
        # it is (the Romanian strong player doubled the game in 60 of 80 seat-hands and
        # lost).  The search may still leave out the normal player's double.  Unless the
        # contract was forced on its bidder (Czech povinnost): then its bid told nothing,
        # and the worlds are right to draw its hand as any hand.
        forced = _forced_contract(game.view_for(seat))
        bold = not _cautious(game)
        return [a for a in legal if a != base and (
            a.kind is Kind.DONE or (bold and a.kind is Kind.ANNOUNCE)
            or (forced and a.kind is Kind.DOUBLE))]
    others = [a for a in legal if a != base]
    if _cautious(game) and any(a.kind in (Kind.BID, Kind.HOLD) for a in legal):
        return [a for a in others if a.kind is Kind.PASS]
    return others


def _rollout_whole(g: Game, models: Mapping[int, Model] | None = None) -> None:
    """The rest of the hand: each seat's choices by its model (``models_for``; the normal
    player's by default), then the quick playout."""
    while g.to_act is not None:
        if g.phase is Phase.PLAY:
            playout(g)
            return
        s = g.to_act
        la = g.legal_actions(s)
        model = (models or {}).get(s, choose_normal)
        g.act(s, la[0] if len(la) == 1 else model(g, s).action)


def _play_out(game: Game, seat: int, seed: int, view: PlayerView, cands: list[Action],
              worlds: int, finish: Callable[[Game], None],
              keep: int) -> tuple[list[list[float]], int, list[int]]:
    """Each of ``cands`` made in the same sampled worlds (weighted by ``Evidence``) and
    the hand finished by ``finish``: the weighted money of each for ``seat`` in each world
    it was played in, how many worlds were played (fewer than ``worlds`` past
    ``HARD_LIMIT``), and the candidates not dropped as clearly worse (``_eliminate``;
    ``keep``, the normal player's choice, is kept on a tie); those were played in every
    world."""
    cons = constraints_of(view)
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in cands]
    start = time.thread_time()
    done = 0
    evidence = Evidence(view)
    alive = list(range(len(cands)))
    for n, (d, wt) in enumerate(_worlds(game, seat, view, rng, cons, evidence, worlds)):
        if not all(d.can(seat, a) for a in cands):
            # (the seat sees what it may do: a world where that differs is not one it can
            # be in — e.g. where a double it may say depends on who holds the called king)
            continue
        for i in alive:
            g = d.clone()
            g.act(seat, cands[i])
            finish(g)
            r = g.result
            values[i].append(wt * r.net.get(seat, 0) if r is not None else 0.0)
        done += 1
        if ELIMINATE and done >= ELIM_MIN and done % ELIM_EVERY == 0:
            alive = _eliminate(values, alive, keep)
            if len(alive) == 1:
                break
        if n % CLOCK_EVERY == CLOCK_EVERY - 1 and time.thread_time() - start > HARD_LIMIT:
            break
    return values, done, alive


#: A choice other than the normal player's, found by playing whole hands out in a few
#: worlds, must beat it by this many standard errors of the paired difference: the best
#: of several noisy estimates is biased upwards (a bold bid or a double looks better than
#: it is), and the worlds are played out with every card seen, which flatters doubling.
#: Off (0: any gain) since duels did not show the guard better: at 0.5, Romanian strong
#: vs normal went from -5.50 to -4.24 points (150 deals, intervals of +-11), while Czech
#: fell from +4.86 to +2.56 Kc and Heun (another 150 deals) to +0.18 chips.
CHOICE_Z = 0.0


def _clearly_better(values: list[list[float]], best: int, base: int,
                    z: float | None = None) -> bool:
    """Whether ``best`` beats ``base`` by more than ``z`` (default ``CHOICE_Z``) standard
    errors of their paired difference over the worlds."""
    z = CHOICE_Z if z is None else z
    diffs = [a - b for a, b in zip(values[best], values[base], strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * math.sqrt(var / n)


def _search_whole(game: Game, seat: int, seed: int, legal: list[Action],
                  models: Mapping[int, Model] | None = None) -> Choice:
    """Bids, the call, the talon, a discard: the normal player's choice and a few others,
    each played to the end of the hand in the same sampled worlds."""
    base = choose_normal(game, seat)
    view = game.view_for(seat)
    if game.phase is Phase.DISCARD:
        # The normal player's next choices by its own measure, one of each kind of card
        # (cards that cannot differ, ``_distinct``, are one candidate).
        live = constraints_of(view).unknown
        order = discard_order(view, legal)
        keep = set(_distinct(game, [int(a.card) for a in order], live))
        b = int(base.action.card)
        others = [a for a in order if int(a.card) in keep
                  and len(_distinct(game, [int(a.card), b], live)) == 2]
    else:
        others = weighed_options(game, seat, base.action)
    if not others:
        return base
    cands = [base.action] + others[: MAX_CHOICES - 1]
    worlds = DISCARD_WORLDS if game.phase is Phase.DISCARD else WHOLE_WORLDS
    values, done, alive = _play_out(game, seat, seed, view, cands, worlds,
                                    lambda g: _rollout_whole(g, models), 0)
    totals = [sum(v) for v in values]  # (comparable between the candidates alive)
    if done < 3:
        return base
    best_i = max(alive, key=lambda i: (totals[i], i == 0))
    z = DISCARD_Z if game.phase is Phase.DISCARD else None
    if best_i == 0 or (0 in alive and (totals[best_i] <= totals[0]
                                       or not _clearly_better(values, best_i, 0, z))):
        if game.variant.computer_choice(game, seat) is None:
            return base
        # (advice for a person where the rules fix a computer player's choice: the rule is
        # no reason for a person, the worlds are)
        return _better(game, view, cands[0], cands[1])
    return _better(game, view, cands[best_i], base.action)


def _better(game: Game, view: PlayerView, a: Action, other: Action) -> Choice:
    """``a``, found better than ``other`` by playing both out in the same sampled worlds,
    with that as its reason."""
    v = game.variant
    if a.kind in (Kind.BID, Kind.HOLD, Kind.PASS, Kind.VARSAVA):
        return Choice.said(a, Msg(N_("{choice} rather than {other}: you hold {hand}; played to the "
                                     "end over many ways the hidden cards may lie, the hand comes "
                                     "out better that way."),
                                  {"choice": R.Verb(v, a), "other": R.Verb(v, other, lower=True),
                                   "hand": hand_words(list(view.hand))}))
    return Choice.said(a, Msg(N_("{choice} rather than {other}: played to the end over many ways the "
                                 "hidden cards may lie, the hand comes out better that way."),
                              {"choice": R.Verb(v, a), "other": R.Verb(v, other, lower=True)}))


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
    others = weighed_options(game, seat, base.action)
    if not others:
        return base  # (a declaration, say: it only gains)
    view = game.view_for(seat)
    # (in the order the rules list them, the normal player's choice among them)
    cands = [a for a in game.legal_actions(seat) if a == base.action or a in others]
    base_i = cands.index(base.action)
    values, done, alive = _play_out(game, seat, seed, view, cands, ANNOUNCE_WORLDS,
                                    _finish_quietly, base_i)
    totals = [sum(v) for v in values]  # (comparable between the candidates alive)
    if done < 3:
        return base
    best_i = max(alive, key=lambda i: (totals[i], i == base_i))
    if best_i == base_i or (base_i in alive and (totals[best_i] <= totals[base_i] or not
                                                 _clearly_better(values, best_i, base_i))):
        return base
    a = cands[best_i]
    v = game.variant
    if a.kind is Kind.DONE:
        return Choice.said(a, Msg(N_("{choice}: played out over many ways the hidden cards "
                                     "may lie, {other} costs more often than it pays with this hand."),
                                  {"choice": R.Verb(v, a), "other": R.Verb(v, base.action, lower=True)}))
    return Choice.said(a, Msg(N_("{choice}: played out over many ways the hidden cards may lie, your "
                                 "hand makes it often enough to pay more than saying nothing."),
                              {"choice": R.Verb(v, a)}))


def _forced_contract(view: PlayerView) -> bool:
    """Whether the contract's bid told nothing of the bidder's hand: forehand's opening
    bid of the lowest contract, never raised, in a variant where forehand may not pass
    (CZ-1's povinnost; the restriction ``forehand_must_bid``)."""
    v = find_variant(view.variant)
    b = view.bidder
    if b is None or b != view.forehand or view.contract_name is None:
        return False
    c = v.contracts.get(view.contract_name)
    if c is None or c.rank != 0:
        return False
    if not any(r.key == "forehand_must_bid" for r in v.restrictions):
        return False
    return sum(1 for s, _ in view.bids if s == b) == 1


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


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


class Evidence:
    """What the auction and the tricks seen say about the other hands, read once per
    decision from the seat's view and then asked of every sampled world (``likelihood``):

    * a seat that passed holds, in a likely world, a hand the normal player would have
      passed with (``PASS_WITH_STRONG``);
    * a seat that bid, when its bid was free (not a forced opening, not a contract that
      wants a weak hand), holds a hand the normal player would have bid with
      (``BID_WITH_WEAK``);
    * a seat that did not take a trick it knew an opponent was winning threw its cheapest
      card that also lost, of those it could play (``PLAY_WASTE``): a world in which it
      threw card points away while holding a cheaper card that would do is less likely.
      (A defender knows the bidder for an opponent, the called card's holder knows its
      side, a lone bidder knows everyone's; a bidder with a hidden partner may be
      smearing points to whom it takes for its partner, so its plays are not read.)

    A rough likelihood, the normal player's view of a sensible hand, not a model of any
    one opponent; the worlds keep every hard constraint (``bot.engine.worlds``)."""

    __slots__ = ("bidders", "passers", "plays", "played", "threshold")

    def __init__(self, view: PlayerView) -> None:
        v = find_variant(view.variant)
        self.threshold = bid_threshold(view.variant)
        self.bidders = _bidders(view, v) if INFER_BIDS else []
        # (a seat that bid freely and passed later said "strong enough to bid", no more)
        self.passers = [s for s in _passers(view) if s not in self.bidders]
        #: Each other seat's cards played so far (a mask), and the plays worth asking.
        played: dict[int, int] = {}
        tricks = [t for t in (*view.past_tricks, view.trick) if t]
        for t in tricks:
            for s, c in t:
                played[s] = played.get(s, 0) | 1 << int(c)
        self.played = played
        #: (seat, who was winning, its cheaper cards that would also lose, the cards it
        #: played from that trick on)
        self.plays: list[tuple[int, int, int, int]] = []
        negative = False
        if view.contract_name is not None:
            con = v.contracts.get(view.contract_name)
            negative = con is not None and con.negative
        if INFER_PLAYS and not negative:
            later = dict.fromkeys(played, 0)  # cards each seat played from this trick on
            for t in reversed(tricks):
                for s, c in t:
                    later[s] |= 1 << int(c)
                for i in range(1, len(t)):
                    o, c = t[i]
                    if o == view.seat:
                        continue
                    before = t[:i]
                    w = v.trick_winner(before)
                    if v.trick_winner((*before, (o, c))) == o:
                        continue  # (it took the trick over: no cheap card was wanted)
                    cheaper = _cheaper_losers(v, before, o, int(c))
                    if cheaper:
                        self.plays.append((o, w, cheaper, later[o]))

    def likelihood(self, d: Game) -> float:
        """How likely the auction and the plays seen are in the world dealt in ``d``
        (``worlds.determinize``), against 1 for a world that explains them all."""
        wt = 1.0
        for o in self.passers:
            if hand_strength(_bits(d.hands[o] | self.played.get(o, 0))) >= self.threshold:
                wt *= PASS_WITH_STRONG
        for o in self.bidders:
            if hand_strength(_bits(d.hands[o] | self.played.get(o, 0))) < self.threshold:
                wt *= BID_WITH_WEAK
        b, p = d.bidder, d.partner
        for o, w, cheaper, later in self.plays:
            if w in d.side_of(o):
                continue  # (its own side was winning: giving it points is right)
            # Only when it knew that the winner was an opponent: the bidder is every
            # defender's opponent, and the bidder's partner knows its side; the bidder
            # does not know a defender from its hidden partner (unless it plays alone).
            if not (w == b or (p is not None and o == p) or (o == b and p is None)):
                continue
            if cheaper & (d.hands[o] | later):
                wt *= PLAY_WASTE
        return wt  # (cards a seat laid away or drew are not counted: a rough likelihood)


#: With evidence that tells worlds apart, ``RESAMPLE`` times as many worlds are drawn and
#: the ones played are chosen among them by their likelihood (weighted sampling without
#: replacement), each then counted alike: the playouts go to likely worlds instead of
#: being scaled down in unlikely ones.  1: off (every world drawn is played, weighted).
RESAMPLE = 1


def _worlds(game: Game, seat: int, view: PlayerView, rng: random.Random, cons: Constraints,
            evidence: Evidence, n: int) -> Iterator[tuple[Game, float]]:
    """``n`` worlds for ``seat`` to play out, each a deal (``determinize``) with its
    weight: drawn one by one and weighted by ``evidence``, or (``RESAMPLE``) chosen by it
    from more."""
    if RESAMPLE <= 1:
        for _ in range(n):
            d = determinize(game, seat, sample_world(view, rng, cons=cons), cons)
            yield d, evidence.likelihood(d)
        return
    pool = [determinize(game, seat, sample_world(view, rng, cons=cons), cons)
            for _ in range(RESAMPLE * n)]
    wts = [evidence.likelihood(d) for d in pool]
    if min(wts) == max(wts):
        yield from ((d, 1.0) for d in pool[:n])
        return
    # (Efraimidis and Spirakis: the n largest of u ** (1 / w), u uniform in (0, 1])
    keys = [(1.0 - rng.random()) ** (1.0 / w) for w in wts]
    order = sorted(range(len(pool)), key=lambda i: -keys[i])
    yield from ((pool[i], 1.0) for i in order[:n])


def _same_suit(c: int) -> int:
    """The cards that follow a lead of ``c`` (a suit, or the taroky)."""
    return SUIT_MASKS[4 if c < NUM_TAROKY else (c - NUM_TAROKY) >> 3]


def _cheaper_losers(v: Variant, before: Sequence[tuple[int, Card]], o: int, c: int) -> int:
    """The cards of the kind of ``c`` (its suit, or the taroky) with fewer card points than
    ``c`` that would also have lost the trick to ``before`` (a mask).  Whoever held one of
    them could have played it instead of ``c``: ``c`` did not take the trick, so it was
    not the one card a rule made it play (a rule that makes a seat follow, trump or
    overtake allows every card of the kind it played that loses, when it played one)."""
    out = 0
    for u in _bits(_same_suit(c) & ~(1 << c)):
        if CARD_POINTS[u] < CARD_POINTS[c] and v.trick_winner((*before, (o, CARDS[u]))) != o:
            out |= 1 << u
    return out


def _passers(view: PlayerView) -> list[int]:
    """The other seats that passed in the auction (a pass says: not a strong hand)."""
    return sorted({s for s, label in view.bids if label == PASS.label and s != view.seat})


def _bidders(view: PlayerView, v: Variant) -> list[int]:
    """The other seats whose bids said: a strong hand.  Not a pass, not a contract that
    wants a weak hand (``Contract.negative``), not forehand's forced opening bid of the
    lowest contract (``forehand_must_bid``, CZ-1's povinnost)."""
    titles = {v.title_of(name): c for name, c in v.contracts.items()}
    forced = any(r.key == "forehand_must_bid" for r in v.restrictions)
    out: set[int] = set()
    first: set[int] = set()
    for s, label in view.bids:
        opening = s not in first
        first.add(s)
        if s == view.seat or label == PASS.label:
            continue
        c = titles.get(label)
        if c is not None and c.negative:
            continue
        if forced and opening and s == view.forehand and c is not None and c.rank == 0:
            continue
        out.add(s)
    return sorted(out)


#: The likelihood of a pass with a hand strong enough to bid, against 1 for a weak hand.
PASS_WITH_STRONG = 0.35
#: The likelihood of a free bid with a hand too weak to bid, against 1 for a strong hand.
BID_WITH_WEAK = 0.35
#: The likelihood of card points thrown to the opponents' trick while a cheaper card of
#: the same suit would also have lost it.
PLAY_WASTE = 0.5
INFER_BIDS = True
INFER_PLAYS = True


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


#: Successive elimination: from ``ELIM_MIN`` worlds on, every ``ELIM_EVERY`` worlds, a
#: candidate that the leader beats by more than ``ELIM_Z`` standard errors of the paired
#: difference over the worlds played is dropped (it is not played in the later worlds),
#: and one that has come out the same as another in every world is dropped too (the
#: normal player's card, then the earlier card, is kept).  With one candidate left the
#: search stops.  The worlds depend only on the seed, so this is as deterministic as the
#: rest; it does not play more worlds than before, only fewer playouts.  **Off**
#: (``ELIMINATE``): strong with it against strong without, Czech, 120 deals, leaned
#: towards a loss (see docs/computer-players.md), and the compiled playout already made
#: the search cheap enough.
ELIMINATE = False
ELIM_MIN = 6
ELIM_EVERY = 2
ELIM_Z = 3.0
#: How often (in worlds) the CPU clock is read for ``HARD_LIMIT`` (reading it costs
#: tens of microseconds on a loaded machine).
CLOCK_EVERY = 4


def _eliminate(values: list[list[float]], alive: list[int], keep: int) -> list[int]:
    """The candidates of ``alive`` left after one round of successive elimination: each
    has been played in the same worlds (``values[i]``, weighted money)."""
    n = len(values[alive[0]])
    if n < 2 or len(alive) < 2:
        return alive
    sums = {i: sum(values[i]) for i in alive}
    lead = max(alive, key=lambda i: (sums[i], i == keep))
    out = []
    for i in alive:
        if i == lead:
            out.append(i)
            continue
        diffs = [a - b for a, b in zip(values[lead], values[i], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if var == 0.0 and mean == 0.0:
            # The same as the leader in every world: keep only one of them (the normal
            # player's card when it is one, else the leader).
            if i == keep:
                out = [j for j in out if j != lead] + [i]
                lead = i
            continue
        if mean > ELIM_Z * math.sqrt(var / n):
            continue
        out.append(i)
    if lead not in out:
        out.append(lead)
    return sorted(out)


def _search_play(game: Game, seat: int, seed: int) -> Choice:
    start = time.thread_time()
    legal_all = game.legal_actions(seat)
    view = game.view_for(seat)
    cons = constraints_of(view)
    cards = _distinct(game, [int(a.card) for a in legal_all], cons.unknown)
    legal = [next(a for a in legal_all if int(a.card) == c) for c in cards]
    if len(cards) == 1:  # every card allowed does the same
        return choose_normal(game, seat)
    base = choose_normal(game, seat)
    base_i = _index_of(game, cards, int(base.action.card), cons.unknown)
    rng = random.Random(seed)
    worlds = max(MIN_WORLDS, min(MAX_WORLDS, PLAYOUTS // len(cards)))
    totals = [0.0] * len(cards)
    weights = [0.0] * len(cards)
    values: list[list[float]] = [[] for _ in cards]  # each world's money, weighted
    ours = [0] * len(cards)  # worlds in which my side takes this trick after the card
    alive = list(range(len(cards)))
    k = len(game.tricks)
    done = 0
    evidence = Evidence(view)
    exact = len(view.hand) <= EXACT_CARDS
    for n, (d, wt) in enumerate(_worlds(game, seat, view, rng, cons, evidence, worlds)):
        mask = d.legal_play_mask(seat)
        if not all(mask >> c & 1 for c in cards):
            continue  # (a world where other cards are allowed is not one the seat is in)
        for i in alive:
            c = cards[i]
            g = d.clone()
            g.play_lean(seat, c)
            if exact:
                x = wt * exact_value(g, seat)
            else:
                playout(g)
                r = g.result
                assert r is not None
                x = wt * r.net.get(seat, 0)
                if len(g.tricks) > k and g.tricks[k].winner in g.side_of(seat):
                    ours[i] += 1
            totals[i] += x
            weights[i] += wt
            values[i].append(x)
        done += 1
        if ELIMINATE and done >= ELIM_MIN and done % ELIM_EVERY == 0:
            alive = _eliminate(values, alive, base_i)
            if len(alive) == 1:
                break
        if n % CLOCK_EVERY == CLOCK_EVERY - 1 and time.thread_time() - start > HARD_LIMIT:
            break
    if done < 3:
        return base
    means = [totals[i] / weights[i] if weights[i] > 0 else -math.inf for i in range(len(cards))]
    best_i = max(alive, key=lambda i: (means[i], i == base_i))
    best_i = _spare_partner(game, seat, view, cards, values, means, best_i, alive)
    if best_i == base_i or (base_i in alive and means[best_i] <= means[base_i] + 1e-9):
        return Choice(legal[base_i], base.reason, base.msg)
    c = CARDS[cards[best_i]]
    other = CARDS[cards[base_i]]
    share = ours[best_i] / max(1, len(values[best_i]))
    return Choice.said(legal[best_i], play_message(game, seat, view, c, other, share, exact))


#: A card that takes the trick from a partner the view shows winning must beat the best
#: card that leaves it there by this many standard errors of the paired difference over
#: the worlds: a near tie goes to not overtaking (issue #13).
OVERTAKE_Z = 2.0


def _spare_partner(game: Game, seat: int, view: PlayerView, cards: list[int],
                   values: list[list[float]], means: list[float], best_i: int,
                   alive: list[int] | None = None) -> int:
    """``best_i``, unless it takes the trick from a known partner who is winning it and the
    best card that leaves the partner winning is not clearly worse (``OVERTAKE_Z``; of
    ``alive``, the candidates not already dropped as clearly worse)."""
    trick = view.trick
    if not trick:
        return best_i
    v = game.variant
    mates = teammates(view) or frozenset()
    if v.trick_winner(trick) not in mates:
        return best_i

    def takes(i: int) -> bool:
        return v.trick_winner((*trick, (seat, CARDS[cards[i]]))) == seat

    if not takes(best_i):
        return best_i
    keep = [i for i in (range(len(cards)) if alive is None else alive) if not takes(i)]
    if not keep:
        return best_i
    j = max(keep, key=lambda i: means[i])
    return best_i if _clearly_better(values, best_i, j, OVERTAKE_Z) else j


def _play_reason(game: Game, seat: int, view: PlayerView, c: Card, b: Card, share: float,
                 exact: bool) -> str:
    """``play_message`` in English."""
    return play_message(game, seat, view, c, b, share, exact).say()


def play_message(game: Game, seat: int, view: PlayerView, c: Card, b: Card, share: float,
              exact: bool) -> Msg:
    """Why the searched card ``c`` beats the normal player's ``b``, in a newcomer's words,
    read from the position: who is winning the trick, whether ``c`` takes it (and, over the
    sampled worlds, how often the trick ends with this side), what it gives or saves.  (The
    closing clause, how it was found, and the lead's reason are clauses of their own.)"""
    v = game.variant
    mates = teammates(view) or frozenset()
    trick = view.trick
    found = (Msg(N_("every way the last cards can fall was searched")) if exact else
             Msg(N_("played out over many ways the hidden cards may lie, it comes out better")))
    keeps = share >= 0.75 and not exact
    loses = share <= 0.25 and not exact
    card, other = R.say_msg(v, c), R.say_msg(v, b)
    contract = game.contract
    if contract is not None and contract.negative and (not contract.alone
                                                        or seat == view.bidder):
        title = Term(v.title_of(contract.name))
        if not trick:
            return Msg(N_("In {contract} every trick you take costs you: lead {card} rather than "
                          "{other}; {found}."),
                       {"contract": title, "card": card, "other": other, "found": found})
        who = R.winning_msg(v, trick, frozenset())
        if v.trick_winner((*trick, (seat, c))) != seat:
            return Msg(N_("In {contract} every trick you take costs you: {who} is winning this "
                          "trick, so let it go with {card} rather than {other}; {found}."),
                       {"contract": title, "who": who, "card": card, "other": other, "found": found})
        return Msg(N_("In {contract} every trick you take costs you, but taking this trick from "
                      "{who} with {card} now leaves you better placed than {other}; {found}."),
                   {"contract": title, "who": who, "card": card, "other": other, "found": found})
    if not trick:
        what: Msg
        if exact:
            what = Msg(N_("it makes the most of the last tricks"))
        elif keeps:
            what = Msg(N_("it should win this trick for your side"))
        elif loses and c.points <= 1 and not c.is_tarok:
            what = Msg(N_("it gives up this trick cheaply"))
        elif loses:
            what = Msg(N_("it will probably lose this trick, but it sets up the rest of the hand"))
        elif c.is_tarok:
            what = Msg(N_("it tests the taroky and may win the trick"))
        else:
            what = Msg(N_("it tests the {suit} and may win the trick"), {"suit": R.SuitWord(c)})
        if rank(v, b) > rank(v, c) and (b.is_tarok or b.points > c.points):
            return Msg(N_("Lead {card} rather than {other}: {what}, and you keep {other} for "
                          "later; {found}."),
                       {"card": card, "other": other, "what": what, "found": found})
        if c.is_tarok and not b.is_tarok:
            return Msg(N_("Lead {card} rather than {other}: {what}, drawing the opponents' "
                          "taroky; {found}."),
                       {"card": card, "other": other, "what": what, "found": found})
        return Msg(N_("Lead {card} rather than {other}: {what}; {found}."),
                   {"card": card, "other": other, "what": what, "found": found})
    winner = R.Cap(R.winning_msg(v, trick, mates))
    w = v.trick_winner(trick)
    c_takes = v.trick_winner((*trick, (seat, c))) == seat
    b_takes = v.trick_winner((*trick, (seat, b))) == seat
    if w in mates and not c_takes:
        if c.points > b.points:
            return Msg(N_("{who} is already winning this trick, so give it points: play {card} "
                          "rather than {other}; {found}."),
                       {"who": winner, "card": card, "other": other, "found": found})
        if b_takes:
            return Msg(N_("{who} is already winning this trick, so do not take it over: play "
                          "{card} and save {other}; {found}."),
                       {"who": winner, "card": card, "other": other, "found": found})
        return Msg(N_("{who} is winning this trick; play {card} and keep {other}; {found}."),
                   {"who": winner, "card": card, "other": other, "found": found})
    if w in mates:
        return Msg(N_("{who} is winning this trick, but it is not safe there: take it over with "
                      "{card}; {found}."), {"who": winner, "card": card, "found": found})
    if c_takes and not b_takes:
        if keeps:
            return Msg(N_("{who} is winning this trick: take it and keep it with {card} rather "
                          "than give it away with {other}; {found}."),
                       {"who": winner, "card": card, "other": other, "found": found})
        return Msg(N_("{who} is winning this trick: take it with {card} rather than give it "
                      "away with {other}; {found}."),
                   {"who": winner, "card": card, "other": other, "found": found})
    if b_takes and not c_takes:
        return Msg(N_("{who} is winning this trick: let it go with {card} and save {other} for a "
                      "later trick; {found}."),
                   {"who": winner, "card": card, "other": other, "found": found})
    if c_takes and b_takes:
        if rank(v, c) > rank(v, b):
            return Msg(N_("{who} is winning this trick: {card} takes it more surely than {other}, "
                          "which a player after you may beat; {found}."),
                       {"who": winner, "card": card, "other": other, "found": found})
        return Msg(N_("{who} is winning this trick: {card} takes it as well as {other} does and "
                      "saves the higher card; {found}."),
                   {"who": winner, "card": card, "other": other, "found": found})
    if c.points < b.points:
        return Msg(N_("{who} is winning this trick and you cannot stop it: throw {card}, it gives "
                      "away fewer card points than {other}; {found}."),
                   {"who": winner, "card": card, "other": other, "found": found})
    left = sum(1 for h in view.hand if not h.is_tarok and not c.is_tarok and h.suit == c.suit) - 1
    if not c.is_tarok and left == 0:
        return Msg(N_("{who} is winning this trick and you cannot stop it: throw {card}, your "
                      "last {suit}, so that you can trump that suit later, and keep {other}; "
                      "{found}."),
                   {"who": winner, "card": card, "suit": R.SuitWord(c), "other": other,
                    "found": found})
    return Msg(N_("{who} is winning this trick and you cannot stop it: throw {card} and keep "
                  "{other} for later; {found}."),
               {"who": winner, "card": card, "other": other, "found": found})


def _index_of(game: Game, cards: list[int], card: int, live: int) -> int:
    """The candidate standing for ``card`` (itself, or a card equivalent to it)."""
    if card in cards:
        return cards.index(card)
    for i, c in enumerate(cards):
        if len(_distinct(game, [c, card], live)) == 1:
            return i
    return 0


# --- judging every option (the hand review, ``bot.ai.review``) ---------------------------


def option_values(game: Game, seat: int, seed: int, options: Sequence[Action],
                  worlds: int) -> tuple[list[list[float]], list[float]]:
    """The strong player's judgement of each of ``options`` (legal for ``seat``, which is
    to act): the money ``seat`` ends the hand with after each, in the same ``worlds``
    sampled worlds (``_worlds``, weighted by ``Evidence``), each finished as the strong
    player's own search finishes it — a card by the quick playout (every way the last
    cards can fall with ``EXACT_CARDS`` or fewer in hand), an announcement or a double
    with nothing more said, any other choice by normal players to the end of the hand.
    Returns the money of each option in each world counted (unweighted) and each world's
    weight; a world in which the seat would be offered other choices is not counted.
    Every option is played in every world (no elimination) and no clock is read, so the
    answer depends only on the position and ``seed``."""
    view = game.view_for(seat)
    cons = constraints_of(view)
    rng = random.Random(seed)
    evidence = Evidence(view)
    values: list[list[float]] = [[] for _ in options]
    weights: list[float] = []
    exact = game.phase is Phase.PLAY and len(view.hand) <= EXACT_CARDS
    finish = (_finish_quietly if game.phase is Phase.ANNOUNCE else _rollout_whole)
    for d, wt in _worlds(game, seat, view, rng, cons, evidence, worlds):
        if not all(d.can(seat, a) for a in options):
            continue
        for i, a in enumerate(options):
            g = d.clone()
            if a.kind is Kind.PLAY:
                g.play_lean(seat, int(a.card))
                if exact:
                    values[i].append(float(exact_value(g, seat)))
                    continue
                playout(g)
            else:
                g.act(seat, a)
                finish(g)
            r = g.result
            values[i].append(float(r.net.get(seat, 0)) if r is not None else 0.0)
        weights.append(wt)
    return values, weights


def distinct_plays(game: Game, seat: int) -> list[Action]:
    """The cards ``seat`` may play that can differ (``_distinct``: of touching cards of
    one suit with the same card points, the lowest), as actions."""
    legal = game.legal_actions(seat)
    live = constraints_of(game.view_for(seat)).unknown
    cards = _distinct(game, [int(a.card) for a in legal if a.kind is Kind.PLAY], live)
    return [next(a for a in legal if a.kind is Kind.PLAY and int(a.card) == c) for c in cards]


def same_play(game: Game, seat: int, a: Action, b: Action) -> bool:
    """Whether cards ``a`` and ``b`` cannot differ for ``seat`` now (``_distinct``)."""
    live = constraints_of(game.view_for(seat)).unknown
    return len(_distinct(game, [int(a.card), int(b.card)], live)) == 1
